// Runs in every test worker before the test file: the database that
// global-setup.ts started becomes this worker's DATABASE_URL, which
// app/utils/db.server.ts reads when the Prisma client is first used.
// Google is configured with the mock's client and answered by MSW, so no
// test reaches Google (or anything else off this machine).
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { jobErrors, jobKinds } from '../../app/job-kinds.server.ts'
import { configureJobRunner, jobProcessEntry, stopJobRunner } from '../../app/jobs/local.server.ts'
import { stopBoss } from '../../app/jobs/queue.server.ts'
import { MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET } from '../mocks/google.ts'
import { mockServer, startMocks } from '../mocks/index.ts'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.GOOGLE_CLIENT_ID ??= MOCK_GOOGLE_CLIENT_ID
process.env.GOOGLE_CLIENT_SECRET ??= MOCK_GOOGLE_CLIENT_SECRET

// Conversions are durable jobs (issue 30): this test process runs them, in job processes of its own,
// as the web server does; the runner starts with the first job sent.
configureJobRunner({ kinds: jobKinds, slots: 2, entry: jobProcessEntry(), toError: (error) => (error ? jobErrors.deserialize(error) : null) })

beforeAll(() => startMocks())
afterAll(async () => {
	await stopJobRunner()
	await stopBoss(1000)
})
afterEach(() => mockServer.resetHandlers())
afterAll(() => mockServer.close())
