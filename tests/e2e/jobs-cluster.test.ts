/**
 * Conversions as durable jobs (issue 30) on a cluster: two web servers that
 * only enqueue (WORKERS=0) and two workers (`npm run worker`, WORKERS=1),
 * sharing one PostgreSQL database (a fresh one, made here: the suite's main
 * server runs jobs too, and must not take these). A job posted to one web
 * server runs on a worker and is read and downloaded from the other; a
 * worker killed with kill -9 mid-job loses nothing (the job runs once more
 * on the other worker, its result stored once, the killed worker's job
 * process gone with it); a web server killed with kill -9 loses none of the
 * jobs it accepted, nor a result it served.
 *
 * No clocks: every wait is for a state (a job's, a process's); recovering a
 * lost job takes 20–35 s by design (a runner is dead after 20 s without a
 * heartbeat; the sweep looks every 10 s), hence the generous hang guards.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { PDFDocument } from '@cantoo/pdf-lib'
import pg from 'pg'
import { qpdfCheck, qpdfEncrypt, qpdfPageCount, qpdfRotations, unzipList } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { expect, test } from './fixtures.ts'
import { startServer, startWorker, waitFor, type ServerProcess, type WorkerProcess } from './server-process.ts'

test.describe.configure({ mode: 'serial' })

/** The slow job: SLOW_PAGES pages rendered at SLOW_DPI (pdf-to-images renders at most 100 a run), seconds of a worker's time. */
const SLOW_PAGES = 100
const SLOW_DPI = '72'
const PADDING_MB = 8
/** A hang guard for one job's wait, not a timing: recovery after a lost worker alone is 20–35 s. */
const JOB_WAIT_MS = 150_000

type StatusBody = {
	id: string
	state: string
	progress: { done: number; total: number; stage: string }
	result?: { id: string; downloadUrl: string; pageCount: number; fileName: string; contentType: string; size: number }
	error?: { message: string; status: number; code: string }
	deleteToken?: string
}
type Submitted = { id: string; token: string }

test.describe('jobs on PostgreSQL: two web servers, two workers', () => {
	test.skip(!process.env.DATABASE_URL, 'a cluster shares a PostgreSQL server (DATABASE_URL); the embedded database is one process')

	let databaseUrl = ''
	let databaseName = ''
	let db: pg.Client
	let a: ServerProcess
	let b: ServerProcess
	let workers: Array<WorkerProcess> = []
	const started: Array<{ stop: (signal?: NodeJS.Signals) => Promise<number | null> }> = []
	let env: Record<string, string> = {}
	/** Case 1's result, downloaded before web server A is killed in case 3. */
	let earlier: { downloadUrl: string; bytes: Uint8Array } | null = null

	test.beforeAll(async () => {
		test.setTimeout(240_000)
		const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await admin.connect()
		databaseName = `toolsite_cluster_${randomBytes(6).toString('hex')}`
		try {
			await admin.query(`CREATE DATABASE "${databaseName}"`)
		} finally {
			await admin.end()
		}
		const url = new URL(process.env.DATABASE_URL!)
		url.pathname = `/${databaseName}`
		databaseUrl = url.toString()
		env = {
			DATABASE_URL: databaseUrl,
			SESSION_SECRET: randomBytes(24).toString('hex'),
			// Each case posts as an address of its own (X-Forwarded-For), so it owns its jobs and results alone.
			TRUST_PROXY: '1',
		}
		// A first (it applies the migrations), then one worker (it makes the queue: two workers doing that at once on a
		// fresh database can deadlock in pg-boss's create_queue, and the loser exits; tests/integration/job-queue-start.test.ts),
		// then the rest at once.
		a = await startServer({ ...env, WORKERS: '0' })
		started.push(a)
		const first = await startWorker({ ...env, WORKERS: '1' })
		started.push(first)
		const rest = await Promise.all([startServer({ ...env, WORKERS: '0' }), startWorker({ ...env, WORKERS: '1' })])
		b = rest[0]
		workers = [first, rest[1]]
		started.push(...rest)
		db = new pg.Client({ connectionString: databaseUrl })
		await db.connect()
	})

	test.afterAll(async () => {
		await db?.end().catch(() => {})
		await Promise.all(started.map((each) => each.stop('SIGKILL')))
		if (!databaseName) return
		const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await admin.connect()
		await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).finally(() => admin.end())
	})

	test('a job posted to A runs on a worker; B reports it (status and NDJSON) and serves its result', async () => {
		test.setTimeout(180_000)
		const pdf = await textPdf({ pages: 3 })
		const job = await submit(a, { operation: 'rotate', angle: '90' }, pdf, '203.0.113.1')

		const stream = readProgress(b, job)
		const done = await until(b, job, 'completed')
		expect(done.result).toMatchObject({ pageCount: 3, contentType: 'application/pdf', downloadUrl: `/api/pdf/${done.result?.id}` })

		const bytes = await download(b, done.result!.downloadUrl)
		expect(qpdfCheck(bytes).ok, qpdfCheck(bytes).output).toBe(true)
		expect(qpdfPageCount(bytes)).toBe(3)
		expect(qpdfRotations(bytes)).toEqual([90, 90, 90])
		earlier = { downloadUrl: done.result!.downloadUrl, bytes }

		// The stream from B: progress lines, then the endpoint's 201 answer.
		const lines = await stream
		expect(lines.at(-1)).toEqual({ type: 'result', status: 201, body: done.result })
		expect(lines.slice(0, -1).map((line) => line.type)).toEqual(lines.slice(0, -1).map(() => 'progress'))

		// Run by one of the workers (the web servers run none), once.
		const row = await jobRow(job.id)
		expect(workers.map((worker) => worker.child.pid)).toContain(pidOf(row.workerId))
		expect(row.attempts).toBe(1)

		// A password-protected PDF: the password, sealed by A with the shared SESSION_SECRET, opens on the worker.
		const locked = qpdfEncrypt(await textPdf({ pages: 2 }), { user: 'cluster secret', owner: 'cluster owner' })
		const lockedJob = await submit(a, { operation: 'rotate', angle: '270', password: 'cluster secret' }, locked, '203.0.113.1')
		const unlocked = await download(b, (await until(b, lockedJob, 'completed')).result!.downloadUrl)
		expect(qpdfPageCount(unlocked)).toBe(2)
		expect(qpdfRotations(unlocked)).toEqual([270, 270])
	})

	test('kill -9 of the worker running a job: it runs again on the other worker, its result stored once', async () => {
		test.setTimeout(240_000)
		const job = await submit(a, { operation: 'pdf-to-images', dpi: SLOW_DPI }, await slowPdf(), '203.0.113.2')
		// A client following the job on B all along: it hears of no failure, and gets the result.
		const stream = readProgress(b, job)

		const running = await underWay(job)
		const victimPid = pidOf(running.workerId)
		const victim = workers.find((worker) => worker.child.pid === victimPid)
		const survivor = workers.find((worker) => worker !== victim)
		expect(victim, `the job's worker ${running.workerId} is one of ours`).toBeDefined()
		const jobProcesses = jobProcessesOf(victimPid)
		expect(jobProcesses.length, 'the worker runs the job in a child process').toBeGreaterThan(0)
		// The status as the API says it, from B.
		expect((await status(b, job)).state).toBe('running')

		expect(await victim!.stop('SIGKILL')).toBeNull()
		const killedAt = Date.now()
		// Its job process goes with it (it exits when its parent's channel closes).
		await waitFor(async () => jobProcesses.every((pid) => !alive(pid)), 60_000, `the killed worker's job process(es) ${jobProcesses.join(', ')} to exit`)

		const done = await until(b, job, 'completed')
		const row = await jobRow(job.id)
		expect(row.attempts).toBe(2)
		expect(pidOf(row.workerId)).toBe(survivor!.child.pid)
		// Figures for the record (not checked): how long recovery and the second run took here.
		test.info().annotations.push({ type: 'figures', description: `kill -9 → completed: ${Date.now() - killedAt} ms; the second run: ${row.finishedAt!.getTime() - row.startedAt!.getTime()} ms` })

		const lines = await stream
		expect(lines.at(-1)).toEqual({ type: 'result', status: 201, body: done.result })
		expect(lines.filter((line) => line.type !== 'progress')).toHaveLength(1)

		// Stored once: one result for this owner, the one the job answers; its inputs are gone.
		const results = await db.query<{ id: string; onDisk: boolean }>(`SELECT "id", "onDisk" FROM "StoredFile" WHERE "tool" = 'pdf-converter' AND "ownerKey" = $1`, [row.ownerKey])
		// In the database (not on the worker's disk), so that any web server, on any machine, serves it.
		expect(results.rows).toEqual([{ id: done.result!.id, onDisk: false }])
		const inputs = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "StoredFile" WHERE "id" = ANY($1::text[])`, [row.inputFileIds])
		expect(Number(inputs.rows[0]!.n)).toBe(0)

		const zip = await download(b, done.result!.downloadUrl)
		const entries = unzipList(zip)
		expect(entries).toHaveLength(SLOW_PAGES)
		expect(entries.every((name) => name.endsWith('.png'))).toBe(true)
		workers = [survivor!]
	})

	test('a worker stopped (SIGTERM: a restart) mid-job: the job runs again on the other worker, its result stored once', async () => {
		test.setTimeout(240_000)
		const fresh = await startWorker({ ...env, WORKERS: '1' })
		started.push(fresh)
		workers.push(fresh)
		const job = await submit(a, { operation: 'pdf-to-images', dpi: SLOW_DPI }, await slowPdf(), '203.0.113.4')
		const running = await underWay(job)
		const stopping = workers.find((worker) => worker.child.pid === pidOf(running.workerId))
		const other = workers.find((worker) => worker !== stopping)
		expect(stopping, `the job's worker ${running.workerId} is one of ours`).toBeDefined()

		expect(await stopping!.stop('SIGTERM')).toBe(0)
		const stoppedAt = Date.now()
		expect(stopping!.output()).toContain('SIGTERM: stopping the worker')

		const done = await until(b, job, 'completed')
		const row = await jobRow(job.id)
		expect(row.attempts).toBe(2)
		expect(pidOf(row.workerId)).toBe(other!.child.pid)
		test.info().annotations.push({ type: 'figures', description: `SIGTERM → completed: ${Date.now() - stoppedAt} ms` })
		const results = await db.query<{ id: string }>(`SELECT "id" FROM "StoredFile" WHERE "tool" = 'pdf-converter' AND "ownerKey" = $1`, [row.ownerKey])
		expect(results.rows.map((file) => file.id)).toEqual([done.result!.id])
		expect(unzipList(await download(b, done.result!.downloadUrl))).toHaveLength(SLOW_PAGES)
		workers = [other!]
	})

	test('kill -9 of web server A with jobs waiting: they are still there after its restart, run once a worker is back, and download from B', async () => {
		test.setTimeout(240_000)
		expect(earlier, 'case 1 ran').not.toBeNull()
		// No worker: whatever is sent now waits.
		for (const worker of workers) expect(await worker.stop('SIGTERM')).toBe(0)
		workers = []
		// A result A served before it is killed.
		expect(await download(a, earlier!.downloadUrl)).toEqual(earlier!.bytes)

		// Three from one owner: two go to the queue, the third is held until one of those ends.
		const pages = [2, 3, 4]
		const waiting = ['queued', 'queued', 'held']
		const jobs: Array<Submitted> = []
		for (const count of pages) jobs.push(await submit(a, { operation: 'rotate', angle: '180' }, await textPdf({ pages: count }), '203.0.113.3'))
		expect(await Promise.all(jobs.map(async (job) => (await status(b, job)).state))).toEqual(waiting)

		// A client following the first job on A…
		const followed = await fetch(`${a.url}/api/jobs/${jobs[0]!.id}`, { headers: { Accept: 'application/x-ndjson', 'X-Delete-Token': jobs[0]!.token } })
		expect(followed.status).toBe(200)
		const cut = followed.text().then(
			() => 'ended',
			() => 'cut',
		)
		expect(await a.stop('SIGKILL')).toBeNull()
		await expect(fetch(`${a.url}/healthz`)).rejects.toThrow()
		// …is cut off, and follows it on B instead, from where the job is.
		expect(await cut).toBe('cut')
		const resumed = readProgress(b, jobs[0]!)
		// Still there, still waiting, as B and A restarted say.
		expect(await Promise.all(jobs.map(async (job) => (await status(b, job)).state))).toEqual(waiting)
		a = await startServer({ ...env, WORKERS: '0' })
		started.push(a)
		expect(await Promise.all(jobs.map(async (job) => (await status(a, job)).state))).toEqual(waiting)

		const worker = await startWorker({ ...env, WORKERS: '1' })
		started.push(worker)
		workers = [worker]
		for (const [index, job] of jobs.entries()) {
			const done = await until(b, job, 'completed')
			const bytes = await download(b, done.result!.downloadUrl)
			expect(qpdfCheck(bytes).ok, qpdfCheck(bytes).output).toBe(true)
			expect(qpdfPageCount(bytes)).toBe(pages[index])
			expect(qpdfRotations(bytes)).toEqual(Array(pages[index]).fill(180))
			const row = await jobRow(job.id)
			expect(row.attempts).toBe(1)
			expect(pidOf(row.workerId)).toBe(worker.child.pid)
		}
		expect((await resumed).at(-1)).toMatchObject({ type: 'result', status: 201, body: { pageCount: pages[0] } })
		// And the result A served before its kill, from B and from A restarted.
		expect(await download(b, earlier!.downloadUrl)).toEqual(earlier!.bytes)
		expect(await download(a, earlier!.downloadUrl)).toEqual(earlier!.bytes)
	})

	type JobRecord = {
		state: string
		attempts: number
		workerId: string | null
		ownerKey: string
		inputFileIds: Array<string>
		progressDone: number
		progressTotal: number
		startedAt: Date | null
		finishedAt: Date | null
		/** A failed job's answer, as JSON text. */
		error: string | null
	}

	/** Waits until the job is mid-run: pages rendered, not all of them. */
	async function underWay(job: Submitted): Promise<JobRecord> {
		let running: JobRecord | null = null
		await waitFor(
			async () => {
				running = await jobRow(job.id)
				if (['completed', 'failed', 'cancelled'].includes(running.state)) throw new Error(`The job ended before it could be interrupted: ${JSON.stringify(running)}`)
				return running.state === 'running' && running.progressDone > 0 && running.progressDone < running.progressTotal
			},
			JOB_WAIT_MS,
			`job ${job.id} to be under way`,
		)
		return running!
	}

	async function jobRow(id: string): Promise<JobRecord> {
		const { rows } = await db.query<JobRecord>(
			`SELECT "state", "attempts", "workerId", "ownerKey", "inputFileIds", "progressDone", "progressTotal", "startedAt", "finishedAt", "error" FROM "Job" WHERE "id" = $1`,
			[id],
		)
		expect(rows, `job ${id} in the database`).toHaveLength(1)
		return rows[0]!
	}
})

/** POST /api/convert/upload with `Prefer: respond-async`, from `ip`: 202, Location and the delete token. */
async function submit(server: ServerProcess, fields: Record<string, string>, pdf: Uint8Array, ip: string): Promise<Submitted> {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'input.pdf')
	const response = await fetch(`${server.url}/api/convert/upload`, { method: 'POST', body: form, headers: { Prefer: 'respond-async', 'X-Forwarded-For': ip } })
	const body = (await response.json()) as StatusBody
	expect(response.status, JSON.stringify(body)).toBe(202)
	expect(response.headers.get('location')).toBe(`/api/jobs/${body.id}`)
	expect(body.deleteToken).toEqual(expect.any(String))
	return { id: body.id, token: body.deleteToken! }
}

async function status(server: ServerProcess, job: Submitted): Promise<StatusBody> {
	const response = await fetch(`${server.url}/api/jobs/${job.id}`, { headers: { 'X-Delete-Token': job.token } })
	const body = (await response.json()) as StatusBody
	expect(response.status, JSON.stringify(body)).toBe(200)
	return body
}

/** Reads the job's status from `server` until it is `state`; a job that ends otherwise fails the test at once, with its error. */
async function until(server: ServerProcess, job: Submitted, state: string): Promise<StatusBody> {
	let last: StatusBody | null = null
	await waitFor(
		async () => {
			last = await status(server, job)
			if (last.state !== state && ['completed', 'failed', 'cancelled'].includes(last.state)) throw new Error(`Job ${job.id} ended ${last.state}, not ${state}: ${JSON.stringify(last)}`)
			return last.state === state
		},
		JOB_WAIT_MS,
		`job ${job.id} to be ${state}`,
	)
	return last!
}

/** The job's NDJSON progress stream from `server`, read to its end (the job's). */
async function readProgress(server: ServerProcess, job: Submitted): Promise<Array<{ type: string; status?: number; body?: unknown }>> {
	const response = await fetch(`${server.url}/api/jobs/${job.id}`, { headers: { Accept: 'application/x-ndjson', 'X-Delete-Token': job.token } })
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toContain('application/x-ndjson')
	const text = await response.text()
	return text
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line) as { type: string; status?: number; body?: unknown })
}

async function download(server: ServerProcess, url: string): Promise<Uint8Array> {
	const response = await fetch(`${server.url}${url}`)
	expect(response.status).toBe(200)
	return new Uint8Array(await response.arrayBuffer())
}

/** A runner's id is "host:pid:random". */
function pidOf(workerId: string | null): number {
	expect(workerId).toMatch(/^[^:]+:\d+:[0-9a-f]+$/)
	return Number(workerId!.split(':')[1])
}

/** The job processes (build/job-process.js) a worker forked, from /proc. */
function jobProcessesOf(parent: number): Array<number> {
	return readdirSync('/proc')
		.filter((entry) => /^\d+$/.test(entry))
		.map(Number)
		.filter((pid) => {
			const stat = procStat(pid)
			if (!stat || stat.ppid !== parent) return false
			try {
				return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('job-process')
			} catch {
				return false
			}
		})
}

/** Running (a zombie left for a parent that does not reap it has exited). */
function alive(pid: number): boolean {
	const stat = procStat(pid)
	return stat !== null && stat.state !== 'Z' && stat.state !== 'X'
}

function procStat(pid: number): { state: string; ppid: number } | null {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'latin1')
		// "pid (comm) state ppid …": comm may hold spaces and parentheses.
		const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ')
		return { state: state!, ppid: Number(ppid) }
	} catch {
		return null
	}
}

/**
 * The slow job's PDF: SLOW_PAGES pages of text, and an attachment of
 * PADDING_MB random bytes that rendering never reads: a job's time limit
 * grows with its input's size (2 s a megabyte beyond 10 s), so the render,
 * run twice on a busy machine, stays well within it.
 */
async function slowPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: SLOW_PAGES }))
	await doc.attach(randomBytes(PADDING_MB * 1024 * 1024), 'padding.bin', { mimeType: 'application/octet-stream' })
	return doc.save()
}
