// Runs in every test worker before the test file: the database that
// global-setup.ts started becomes this worker's DATABASE_URL, which
// app/utils/db.server.ts reads when the Prisma client is first used.
import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
