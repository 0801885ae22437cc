/**
 * Conversions as durable jobs (issue 30, "Measured in npm run bench"): the
 * queue's figures on this machine, each beside what it is compared with in
 * the same run. Prints figures; never fails on them.
 *
 * 1. Throughput: the same mixed load (rotate a 40-page PDF, merge 3 × 20
 *    pages, the text of a 40-page report, Markdown → DOCX of about 60 KB),
 *    JOBS_PER_RUN jobs posted at once by OWNERS visitors (X-Forwarded-For, with
 *    TRUST_PROXY=1: each visitor may have 2 jobs running and 10 waiting), on
 *    the production server with WORKERS=1, then on a fresh one with WORKERS=2.
 *    Completed jobs per second, from the first post to the last answer, and
 *    the ratio. Each server is warmed first (one job of each kind per slot),
 *    so the engines' loading in a cold job process is not in the figure.
 * 2. Page latency: p95 of `/` and `/tools/json-formatter` past the page cache
 *    (a cookie the cache does not know, as scripts/bench.js does), one request
 *    at a time from a process of its own, idle, then while conversions keep
 *    both workers busy (WORKERS=2; 4 visitors with 2 conversions open each);
 *    the ratio (target ≤ 2×).
 * 3. Memory (VmRSS from /proc): the web process idle before any job; the whole
 *    site idle with its job processes up (target ≤ 300 MB); a 94 MB merge (two
 *    ~47 MB PDFs of incompressible pictures; the upload limit raised to 50 MB
 *    through the admin settings for it) under the default JOB_MEMORY_MB: its
 *    answer and the job process's peak; the 2 KB flate bomb
 *    (tests/fixtures/bombs/flate-bomb.pdf, pdf-to-text): its answer (422
 *    expected) and the web process before and after; and the site once its job
 *    processes have exited (IDLE_EXIT_MS, 3 minutes, after the last job).
 * 4. Queue overhead: Job.createdAt (the upload read and its inputs stored, the row made) →
 *    startedAt (a runner took it), as the job's status answers them (the two
 *    columns of the row), for SEQUENTIAL_JOBS small jobs posted one after the
 *    other on an idle queue; median and p99, on the embedded PGlite, then on
 *    PostgreSQL 15 (a private server started here on BENCH_PG_PORT, default
 *    55471, as .ci/run does; or BENCH_DATABASE_URL, an empty database, if
 *    given), with the jobs run by the web server, then by `npm run worker` (a
 *    process of its own; the web server with WORKERS=0). Skipped, saying so,
 *    when PostgreSQL 15 is not installed.
 *
 * Settings: BENCH_JOBS (jobs per throughput run, default 48), BENCH_SEQUENTIAL_JOBS
 * (default 100), BENCH_JOBS_PORT (the servers' ports: it and the next two; free
 * ports when unset), BENCH_PG_PORT, BENCH_DATABASE_URL.
 *
 * Run alone: npx tsx scripts/bench/jobs.ts (or npm run bench:tools jobs)
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { IDLE_EXIT_MS } from '#app/jobs/processes.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { picturePdf } from './pdf.ts'
import { runWhenAlone, type BenchRow } from './rows.ts'
import { loadAverage, median, megabytes, root, rssKB, seconds, startServer, type BenchServer } from './server.ts'

const SECTION = 'Jobs'
const JOBS_PER_RUN = Number(process.env.BENCH_JOBS) || 48
const OWNERS = 8
const LATENCY_SAMPLES = 60
const SEQUENTIAL_JOBS = Number(process.env.BENCH_SEQUENTIAL_JOBS) || 100
const ADMIN = { email: 'bench-jobs-admin@example.com', password: 'bench jobs admin password, long enough' }
const SESSION_SECRET = 'bench-jobs-session-secret-0123456789abcdef'

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

type Kind = 'rotate' | 'merge' | 'pdf-to-text' | 'md-to-docx'
const KINDS: ReadonlyArray<Kind> = ['rotate', 'merge', 'pdf-to-text', 'md-to-docx']

type Inputs = Record<Kind, () => { path: string; form: FormData }> & { small: () => { path: string; form: FormData } }

function markdownDocument(bytes: number): string {
	const corpus = path.join(root, 'app/tools/markdown-to-docx/corpus')
	const names = ['20-readme-cli.md', '21-readme-library.md', '22-changelog.md', '23-api-doc.md', '09-tables.md', '04-code.md', '06-lists.md']
	const parts: Array<string> = []
	let size = 0
	for (let round = 1; ; round++) {
		for (const name of names) {
			const text = readFileSync(path.join(corpus, name), 'utf8').replace(/^(#{1,6} .*)$/gm, `$1 (${round})`)
			if (size + text.length > bytes) return parts.join('\n\n')
			parts.push(text)
			size += text.length + 2
		}
	}
}

async function makeInputs(): Promise<Inputs> {
	const pdf = (data: Uint8Array, name: string) => ({ data, name })
	const book = pdf(await textPdf({ pages: 40, text: (page, total) => `Chapter ${Math.ceil(page / 10)}, page ${page} of ${total}.` }), 'book.pdf')
	const parts = await Promise.all([1, 2, 3].map(async (index) => pdf(await textPdf({ pages: 20, text: (page) => `Part ${index}, page ${page}: the quick brown fox.` }), `part-${index}.pdf`)))
	const line = 'Quarterly figures rose in every region while costs held steady, the board noted in its review.'
	const report = pdf(await textPdf({ pages: 40, text: (page) => Array.from({ length: 30 }, (_, index) => `${page}.${index + 1} ${line}`).join('\n') }), 'report.pdf')
	const small = pdf(await textPdf({ pages: 2 }), 'small.pdf')
	const markdown = markdownDocument(60 * 1024)
	const upload = (operation: string, files: ReadonlyArray<{ data: Uint8Array; name: string }>, fields: Record<string, string> = {}) => () => {
		const form = new FormData()
		form.set('operation', operation)
		for (const [name, value] of Object.entries(fields)) form.set(name, value)
		for (const file of files) form.append('files', new Blob([file.data as BlobPart], { type: 'application/pdf' }), file.name)
		return { path: '/api/convert/upload', form }
	}
	return {
		rotate: upload('rotate', [book], { angle: '90' }),
		merge: upload('merge', parts),
		'pdf-to-text': upload('pdf-to-text', [report]),
		'md-to-docx': () => {
			const form = new FormData()
			form.set('file', new Blob([markdown], { type: 'text/markdown' }), 'document.md')
			return { path: '/api/convert/md-to-docx', form }
		},
		small: upload('rotate', [small], { angle: '90' }),
	}
}

// ---------------------------------------------------------------------------
// Talking to the server
// ---------------------------------------------------------------------------

type Answer = { status: number; ms: number; jobId?: string; deleteToken?: string; body?: unknown }

/** A visitor's address, for TRUST_PROXY=1 (the server then reads X-Forwarded-For). */
const visitor = (index: number) => ({ 'X-Forwarded-For': `10.30.${Math.floor(index / 250)}.${(index % 250) + 1}` })

/**
 * Posts a conversion and waits for its end: `Prefer: wait=120` (the answer is the endpoint's own when the job
 * ends in time), or `respond-async` then the job's NDJSON progress to its last line. Answers the final status.
 */
async function convert(url: string, request: { path: string; form: FormData }, headers: Record<string, string>, mode: 'wait' | 'async' = 'wait'): Promise<Answer> {
	const started = performance.now()
	const response = await fetch(url + request.path, { method: 'POST', body: request.form, headers: { ...headers, Prefer: mode === 'wait' ? 'wait=120' : 'respond-async' } })
	if (response.status !== 202) {
		const text = Buffer.from(await response.arrayBuffer())
		const body = response.headers.get('content-type')?.includes('json') ? (JSON.parse(text.toString('utf8')) as unknown) : undefined
		return { status: response.status, ms: performance.now() - started, body }
	}
	const accepted = (await response.json()) as { id: string; deleteToken?: string }
	const jobHeaders = { ...headers, ...(accepted.deleteToken ? { 'X-Delete-Token': accepted.deleteToken } : {}) }
	for (let attempt = 0; attempt < 100; attempt++) {
		const stream = await fetch(`${url}/api/jobs/${accepted.id}`, { headers: { ...jobHeaders, Accept: 'application/x-ndjson' } })
		const lines = (await stream.text()).trim().split('\n').filter(Boolean)
		const last = lines.length > 0 ? (JSON.parse(lines.at(-1)!) as { type: string; status?: number; body?: unknown }) : null
		if (last && (last.type === 'result' || last.type === 'error')) {
			return { status: last.status ?? 0, ms: performance.now() - started, jobId: accepted.id, deleteToken: accepted.deleteToken, body: last.body }
		}
	}
	throw new Error(`job ${accepted.id}: its progress stream never ended`)
}

/** The job's row as its owner reads it (GET /api/jobs/{id}: createdAt, startedAt, finishedAt are the row's columns). */
async function jobTimes(url: string, id: string, headers: Record<string, string>): Promise<{ createdAt: number; startedAt: number; finishedAt: number }> {
	const response = await fetch(`${url}/api/jobs/${id}`, { headers })
	const body = (await response.json()) as { createdAt: string; startedAt: string | null; finishedAt: string | null }
	return { createdAt: Date.parse(body.createdAt), startedAt: Date.parse(body.startedAt ?? ''), finishedAt: Date.parse(body.finishedAt ?? '') }
}

async function signIn(url: string): Promise<string> {
	const response = await fetch(`${url}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
		body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
	})
	const cookie = response.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.join('; ')
	if (response.status !== 302 || !cookie) throw new Error(`signing in as the bench admin failed (${response.status})`)
	return cookie
}

/** The admin setting "Upload limit" (MB per file; default 25), through the settings form as an admin would. */
async function setUploadLimit(url: string, megabytesPerFile: number): Promise<void> {
	const cookie = await signIn(url)
	const response = await fetch(`${url}/admin/settings`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, cookie },
		body: new URLSearchParams({
			siteName: 'ToolNest',
			tagline: 'Free online converters and developer tools — fast and private',
			registrationOpen: 'on',
			googleSignIn: 'on',
			uploadLimitMb: String(megabytesPerFile),
			fileRetentionHours: '1',
			postsPerPage: '10',
			announcement: '',
			defaultTheme: 'system',
		}),
	})
	if (response.status !== 302 && response.status !== 303) throw new Error(`saving the upload limit failed (${response.status})`)
	// The settings are read through a one-second cache.
	await sleep(1500)
}

// ---------------------------------------------------------------------------
// Processes and memory
// ---------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Direct children of a process (/proc/<pid>/task/<tid>/children). */
function childrenOf(pid: number): Array<number> {
	const found: Array<number> = []
	try {
		for (const task of readdirSync(`/proc/${pid}/task`)) {
			const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
			if (text) found.push(...text.split(/\s+/).map(Number))
		}
	} catch {
		// gone
	}
	return found
}

/** A job process and everything it started (qpdf, …): the sum of their resident sets, in KB. */
function treeKB(pid: number): number {
	return rssKB(pid) + childrenOf(pid).reduce((sum, child) => sum + treeKB(child), 0)
}

type Footprint = { webKB: number; jobs: Array<{ pid: number; kB: number }>; totalKB: number }

function footprint(webPid: number): Footprint {
	const webKB = rssKB(webPid)
	const jobs = childrenOf(webPid).map((pid) => ({ pid, kB: treeKB(pid) }))
	return { webKB, jobs, totalKB: webKB + jobs.reduce((sum, job) => sum + job.kB, 0) }
}

/** Samples the web process and each job process every 10 ms; stop() answers the peaks. */
function samplePeaks(webPid: number) {
	let web = 0
	let job = 0
	let total = 0
	const read = () => {
		const now = footprint(webPid)
		web = Math.max(web, now.webKB)
		job = Math.max(job, ...now.jobs.map((each) => each.kB), 0)
		total = Math.max(total, now.totalKB)
	}
	read()
	const timer = setInterval(read, 10)
	return {
		stop() {
			clearInterval(timer)
			read()
			return { webKB: web, jobKB: job, totalKB: total }
		},
	}
}

const describeFootprint = (f: Footprint) => `web ${megabytes(f.webKB)} + ${f.jobs.length} job process(es) [${f.jobs.map((each) => megabytes(each.kB)).join(', ')}] = ${megabytes(f.totalKB)}`

// ---------------------------------------------------------------------------
// Measures
// ---------------------------------------------------------------------------

/** nearest-rank percentile */
function percentile(values: ReadonlyArray<number>, p: number): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const ms = (value: number) => `${value.toFixed(0)} ms`

/** One job of each kind per slot, at once from as many visitors, so every job process is up and has loaded its engines. */
async function warm(server: BenchServer, inputs: Inputs, slots: number): Promise<void> {
	const answers = await Promise.all(
		Array.from({ length: slots }, (_, slot) => (async () => {
			const out: Array<number> = []
			for (const kind of KINDS) out.push((await convert(server.url, inputs[kind](), visitor(200 + slot))).status)
			return out
		})()),
	)
	const bad = answers.flat().filter((status) => status >= 300)
	if (bad.length > 0) throw new Error(`warming up: answers ${bad.join(', ')}`)
}

type Throughput = { perSecond: number; wallMs: number; ok: number; failed: Array<number> }

/** JOBS_PER_RUN jobs of the mixed load posted at once by OWNERS visitors; completions per second. */
async function throughput(server: BenchServer, inputs: Inputs): Promise<Throughput> {
	const started = performance.now()
	const answers = await Promise.all(Array.from({ length: JOBS_PER_RUN }, (_, index) => convert(server.url, inputs[KINDS[index % KINDS.length]!](), visitor(index % OWNERS))))
	const wallMs = performance.now() - started
	const ok = answers.filter((answer) => answer.status < 300).length
	return { perSecond: (ok * 1000) / wallMs, wallMs, ok, failed: answers.filter((answer) => answer.status >= 300).map((answer) => answer.status) }
}

/**
 * One request at a time; the time of each, in ms. From a process of its own, so the load generator's event loop
 * (this process, posting conversions) does not delay the timed requests.
 */
const PROBE = `
const [url, count] = process.argv.slice(1)
const times = []
for (let index = 0; index < Number(count); index++) {
	const started = performance.now()
	const response = await fetch(url, { headers: { cookie: 'bench=uncached', 'accept-encoding': 'gzip, deflate, br, zstd' } })
	await response.arrayBuffer()
	if (response.status !== 200) throw new Error(url + ' answered ' + response.status)
	times.push(performance.now() - started)
}
console.log(JSON.stringify(times))
`

async function pageTimes(url: string, count: number): Promise<Array<number>> {
	const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url, String(count)], { stdio: ['ignore', 'pipe', 'inherit'] })
	let out = ''
	child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
	const code = await new Promise<number | null>((resolve, reject) => {
		child.on('error', reject)
		child.on('close', resolve)
	})
	if (code !== 0) throw new Error(`timing ${url} failed (exit ${code})`)
	return JSON.parse(out) as Array<number>
}

/** Keeps the workers busy: `owners` visitors, each with two conversions of the mixed load open at all times, until stop(). */
function saturate(server: BenchServer, inputs: Inputs, owners: number) {
	let running = true
	let done = 0
	let firstDone: () => void
	const first = new Promise<void>((resolve) => (firstDone = resolve))
	const loops = Array.from({ length: owners * 2 }, async (_, index) => {
		for (let round = 0; running; round++) {
			const answer = await convert(server.url, inputs[KINDS[(index + round) % KINDS.length]!](), visitor(100 + (index % owners)))
			if (answer.status < 300) done++
			firstDone()
		}
	})
	return {
		first,
		async stop() {
			running = false
			await Promise.all(loops)
			return done
		},
	}
}

type Overhead = { medianMs: number; p99Ms: number; count: number }

/** SEQUENTIAL_JOBS small rotations, one after the other (the queue idle each time): createdAt → startedAt. */
async function queueOverhead(server: BenchServer, inputs: Inputs): Promise<Overhead> {
	const waits: Array<number> = []
	for (let index = 0; index < SEQUENTIAL_JOBS; index++) {
		const headers = visitor(300)
		const answer = await convert(server.url, inputs.small(), headers, 'async')
		if (!answer.jobId || answer.status >= 300) throw new Error(`a small job answered ${answer.status}`)
		const times = await jobTimes(server.url, answer.jobId, { ...headers, ...(answer.deleteToken ? { 'X-Delete-Token': answer.deleteToken } : {}) })
		waits.push(times.startedAt - times.createdAt)
	}
	return { medianMs: median(waits), p99Ms: percentile(waits, 99), count: waits.length }
}

// ---------------------------------------------------------------------------
// PostgreSQL 15, private (as .ci/run starts it)
// ---------------------------------------------------------------------------

async function startPostgres(): Promise<{ url: string; stop(): Promise<void> } | string> {
	if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} }
	const bin = '/usr/lib/postgresql/15/bin'
	if (!existsSync(`${bin}/initdb`)) return 'PostgreSQL 15 is not installed (apt-get install postgresql-15), or set BENCH_DATABASE_URL'
	const port = Number(process.env.BENCH_PG_PORT) || 55471
	const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-jobs-pg-'))
	const asRoot = process.getuid?.() === 0
	const as = (command: string, args: Array<string>) => {
		const result = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' })
		if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${(result.stderr || result.stdout).slice(-300)}`)
	}
	if (asRoot) {
		const { uid, gid } = (() => {
			const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((each) => each.startsWith('postgres:'))
			if (!line) throw new Error('no postgres user to run PostgreSQL as')
			const fields = line.split(':')
			return { uid: Number(fields[2]), gid: Number(fields[3]) }
		})()
		await chown(dir, uid, gid)
	}
	await chmod(dir, 0o700)
	const stop = async () => {
		spawnSync(asRoot ? 'runuser' : `${bin}/pg_ctl`, asRoot ? ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop'] : ['-D', `${dir}/data`, '-m', 'fast', 'stop'], { stdio: 'ignore' })
		await rm(dir, { recursive: true, force: true })
	}
	try {
		as(`${bin}/initdb`, ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres'])
		as(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/server.log`, '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start'])
		as(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'toolsite_bench'])
	} catch (error) {
		await stop()
		throw error
	}
	return { url: `postgresql://postgres@127.0.0.1:${port}/toolsite_bench`, stop }
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

/** BENCH_JOBS_PORT, +1, +2 for the three servers (free ports when unset). */
const port = (offset: number) => (Number(process.env.BENCH_JOBS_PORT) ? Number(process.env.BENCH_JOBS_PORT) + offset : undefined)

function serverEnv(workers: number, extra: Record<string, string> = {}): Record<string, string> {
	// The per-client rate limits are lifted: the bench measures the queue, not them (scripts/bench.js does the same).
	return { WORKERS: String(workers), TRUST_PROXY: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SESSION_SECRET, RATE_LIMIT_CONVERT_PER_MINUTE: '1000000', RATE_LIMIT_TOOLS_PER_MINUTE: '1000000', ...extra }
}

export async function run(): Promise<Array<BenchRow>> {
	const work = await mkdtemp(path.join(os.tmpdir(), 'bench-jobs-'))
	const rows: Array<BenchRow> = []
	const row = (measure: string, ours: string, reference: string, ratio: number | null, target = '-', met: boolean | null = null) => rows.push({ section: SECTION, measure, ours, reference, ratio, target, met })
	let server: BenchServer | undefined
	try {
		console.log(`Machine: ${os.cpus().length} CPU(s), load average ${loadAverage()}; ${JOBS_PER_RUN} jobs from ${OWNERS} visitors per throughput run`)
		const inputs = await makeInputs()

		// 1. Throughput with one worker.
		server = await startServer(path.join(work, 'data-1'), serverEnv(1), port(0))
		await warm(server, inputs, 1)
		const one = await throughput(server, inputs)
		console.log(`WORKERS=1: ${one.ok}/${JOBS_PER_RUN} completed in ${seconds(one.wallMs)}: ${one.perSecond.toFixed(2)} jobs/s${one.failed.length ? `; failed: ${one.failed.join(', ')}` : ''} [load ${loadAverage()}]`)
		await server.stop()
		server = undefined

		// Two workers, on a fresh server: memory before any job first.
		server = await startServer(path.join(work, 'data-2'), serverEnv(2), port(1))
		const webPid = server.child.pid!
		await sleep(5000)
		const bare = footprint(webPid)
		console.log(`idle, before any job: ${describeFootprint(bare)}`)
		await warm(server, inputs, 2)
		await sleep(3000)
		const idle = footprint(webPid)
		console.log(`idle, job processes up: ${describeFootprint(idle)}`)
		const two = await throughput(server, inputs)
		console.log(`WORKERS=2: ${two.ok}/${JOBS_PER_RUN} completed in ${seconds(two.wallMs)}: ${two.perSecond.toFixed(2)} jobs/s${two.failed.length ? `; failed: ${two.failed.join(', ')}` : ''} [load ${loadAverage()}]`)
		const speedup = two.perSecond / one.perSecond
		console.log(`2 workers / 1 worker: ${speedup.toFixed(2)}×`)
		row('mixed load, WORKERS=1', `${one.perSecond.toFixed(2)} jobs/s`, `${one.ok}/${JOBS_PER_RUN} in ${seconds(one.wallMs)}`, null)
		row('mixed load, WORKERS=2', `${two.perSecond.toFixed(2)} jobs/s`, `${one.perSecond.toFixed(2)} jobs/s (WORKERS=1)`, speedup, 'report')

		// 2. Page latency, idle and with the workers saturated.
		for (const page of ['/', '/tools/json-formatter']) await pageTimes(server.url + page, 5) // warm
		// Uncached: a cookie the page cache does not know (scripts/bench.js, "pages rendered per request"); one request
		// at a time from a process of its own, so the figure is the server's answer, not a queue of ours.
		const idleTimes = { '/': await pageTimes(`${server.url}/`, LATENCY_SAMPLES), '/tools/json-formatter': await pageTimes(`${server.url}/tools/json-formatter`, LATENCY_SAMPLES) }
		const load = saturate(server, inputs, 4)
		await load.first
		const busyTimes = { '/': await pageTimes(`${server.url}/`, LATENCY_SAMPLES), '/tools/json-formatter': await pageTimes(`${server.url}/tools/json-formatter`, LATENCY_SAMPLES) }
		const completedMeanwhile = await load.stop()
		console.log(`(${completedMeanwhile} conversions completed while the pages were timed) [load ${loadAverage()}]`)
		for (const page of ['/', '/tools/json-formatter'] as const) {
			const quiet = percentile(idleTimes[page], 95)
			const busy = percentile(busyTimes[page], 95)
			console.log(`${page} uncached, p95 of ${LATENCY_SAMPLES} one at a time: ${ms(busy)} with the workers busy, ${ms(quiet)} idle (medians ${ms(median(busyTimes[page]))} / ${ms(median(idleTimes[page]))}): ${(busy / quiet).toFixed(2)}×`)
			row(`${page} uncached p95, workers busy`, ms(busy), `${ms(quiet)} idle`, busy / quiet, '≤ 2× idle', busy <= 2 * quiet)
		}

		// 3. Memory.
		row('idle RSS, web before any job', megabytes(bare.webKB), '-', null)
		row('idle RSS, site (web + job processes)', megabytes(idle.totalKB), `web ${megabytes(idle.webKB)} + ${idle.jobs.length} job process(es) ${megabytes(idle.totalKB - idle.webKB)}`, null, '≤ 300 MB', idle.totalKB <= 300 * 1024)

		// The flate bomb: 422, and the web process unchanged.
		await sleep(2000)
		const beforeBomb = rssKB(webPid)
		const bombForm = new FormData()
		bombForm.set('operation', 'pdf-to-text')
		bombForm.append('files', new Blob([readFileSync(path.join(root, 'tests/fixtures/bombs/flate-bomb.pdf'))], { type: 'application/pdf' }), 'flate-bomb.pdf')
		const bombPeaks = samplePeaks(webPid)
		const bomb = await convert(server.url, { path: '/api/convert/upload', form: bombForm }, visitor(400))
		const bombPeak = bombPeaks.stop()
		await sleep(2000)
		const afterBomb = rssKB(webPid)
		const reason = (bomb.body as { details?: { reason?: string } } | undefined)?.details?.reason
		console.log(`flate bomb (2 KB, pdf-to-text): ${bomb.status}${reason ? ` (${reason})` : ''} after ${seconds(bomb.ms)}; web ${megabytes(beforeBomb)} before, ${megabytes(afterBomb)} after (peak ${megabytes(bombPeak.webKB)}); job process peak ${megabytes(bombPeak.jobKB)}`)
		row('flate bomb → pdf-to-text', `${bomb.status}${reason ? ` ${reason}` : ''}`, '422 memory', null, '422', bomb.status === 422)
		row('web RSS after the flate bomb', megabytes(afterBomb), `${megabytes(beforeBomb)} before`, afterBomb / beforeBomb, 'unchanged')

		// The 94 MB merge under the default JOB_MEMORY_MB.
		const big = [await picturePdf(40, 11), await picturePdf(40, 12)]
		const bigMb = big.reduce((sum, data) => sum + data.byteLength, 0) / 1024 / 1024
		await setUploadLimit(server.url, 50)
		const mergeForm = new FormData()
		mergeForm.set('operation', 'merge')
		big.forEach((data, index) => mergeForm.append('files', new Blob([data as BlobPart], { type: 'application/pdf' }), `pictures-${index + 1}.pdf`))
		const beforeMerge = footprint(webPid)
		const mergePeaks = samplePeaks(webPid)
		const merged = await convert(server.url, { path: '/api/convert/upload', form: mergeForm }, visitor(401))
		const mergePeak = mergePeaks.stop()
		const mergeReason = (merged.body as { details?: { reason?: string } } | undefined)?.details?.reason
		const mergeSize = (merged.body as { size?: number } | undefined)?.size
		console.log(
			`merge of ${bigMb.toFixed(1)} MB (2 files), JOB_MEMORY_MB=768: ${merged.status}${mergeReason ? ` (${mergeReason})` : ''}${mergeSize ? `, ${megabytes(mergeSize / 1024)} result` : ''} after ${seconds(merged.ms)}; ` +
				`job process peak ${megabytes(mergePeak.jobKB)}, web ${megabytes(beforeMerge.webKB)} before, ${megabytes(mergePeak.webKB)} peak; site peak ${megabytes(mergePeak.totalKB)} [load ${loadAverage()}]`,
		)
		row(`${bigMb.toFixed(0)} MB merge (JOB_MEMORY_MB=768)`, `${merged.status}${mergeReason ? ` ${mergeReason}` : ''} in ${seconds(merged.ms)}`, '-', null, 'succeeds', merged.status < 300)
		row(`${bigMb.toFixed(0)} MB merge: job process peak RSS`, megabytes(mergePeak.jobKB), '768 MB (JOB_MEMORY_MB)', mergePeak.jobKB / 1024 / 768, '< 768 MB', mergePeak.jobKB < 768 * 1024)
		row(`${bigMb.toFixed(0)} MB merge: web process peak RSS`, megabytes(mergePeak.webKB), `${megabytes(beforeMerge.webKB)} before`, mergePeak.webKB / beforeMerge.webKB)

		// 4. Queue overhead on PGlite (the same server, idle again).
		const pglite = await queueOverhead(server, inputs)
		console.log(`queue overhead (createdAt → startedAt), PGlite: median ${ms(pglite.medianMs)}, p99 ${ms(pglite.p99Ms)} of ${pglite.count} jobs posted one at a time`)

		// The site idle for good: job processes exit after IDLE_EXIT_MS without work; the web process then.
		const idleSince = Date.now()
		while (childrenOf(webPid).length > 0 && Date.now() - idleSince < IDLE_EXIT_MS + 30_000) await sleep(1000)
		await sleep(2000)
		const settled = footprint(webPid)
		console.log(`idle ${seconds(Date.now() - idleSince)} after the last job: ${describeFootprint(settled)}`)
		row('idle RSS, site once job processes exited', megabytes(settled.totalKB), `${megabytes(bare.webKB)} before any job`, settled.totalKB / bare.webKB, '≤ 300 MB', settled.totalKB <= 300 * 1024)
		await server.stop()
		server = undefined

		const postgres = await startPostgres().catch((error: unknown) => `PostgreSQL could not start: ${error instanceof Error ? error.message : String(error)}`)
		if (typeof postgres === 'string') {
			console.log(`queue overhead on PostgreSQL: skipped (${postgres})`)
			row('queue overhead, PGlite', `median ${ms(pglite.medianMs)}, p99 ${ms(pglite.p99Ms)}`, 'PostgreSQL: skipped', null)
		} else {
			try {
				server = await startServer(path.join(work, 'data-pg'), serverEnv(2, { DATABASE_URL: postgres.url }), port(2))
				await warm(server, inputs, 2)
				const pg = await queueOverhead(server, inputs)
				console.log(`queue overhead (createdAt → startedAt), PostgreSQL 15: median ${ms(pg.medianMs)}, p99 ${ms(pg.p99Ms)} of ${pg.count} jobs posted one at a time [load ${loadAverage()}]`)
				row('queue overhead, median', `${ms(pglite.medianMs)} PGlite`, `${ms(pg.medianMs)} PostgreSQL`, pglite.medianMs / pg.medianMs)
				row('queue overhead, p99', `${ms(pglite.p99Ms)} PGlite`, `${ms(pg.p99Ms)} PostgreSQL`, pglite.p99Ms / pg.p99Ms)
				await server.stop()
				server = undefined

				// The same with the jobs in `npm run worker` (its own process; the web server WORKERS=0 only enqueues):
				// the worker hears of a job by polling the queue, not from the process that made it.
				server = await startServer(path.join(work, 'data-pg-web'), serverEnv(0, { DATABASE_URL: postgres.url }), port(2))
				const worker = spawn(process.execPath, [path.join(root, 'scripts/worker.js')], {
					cwd: root,
					env: { ...process.env, MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', DATABASE_URL: postgres.url, SESSION_SECRET, WORKERS: '2' },
					stdio: ['ignore', 'ignore', 'inherit'],
				})
				try {
					await warm(server, inputs, 2)
					const apart = await queueOverhead(server, inputs)
					console.log(`queue overhead (createdAt → startedAt), PostgreSQL 15, jobs in \`npm run worker\`: median ${ms(apart.medianMs)}, p99 ${ms(apart.p99Ms)} of ${apart.count} [load ${loadAverage()}]`)
					row('queue overhead, separate worker (PostgreSQL)', `median ${ms(apart.medianMs)}, p99 ${ms(apart.p99Ms)}`, `median ${ms(pg.medianMs)} in the web process`, apart.medianMs / pg.medianMs)
				} finally {
					worker.kill('SIGTERM')
					await new Promise((resolve) => (worker.exitCode !== null ? resolve(null) : worker.once('exit', resolve)))
				}
				await server.stop()
				server = undefined
			} finally {
				await postgres.stop()
			}
		}
	} finally {
		await server?.stop()
		await rm(work, { recursive: true, force: true })
	}
	return rows
}

await runWhenAlone(import.meta.url, run)
