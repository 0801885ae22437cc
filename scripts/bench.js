// `npm run bench`: load and page-weight figures for the production build.
//
// This prints measurements; it is not a test. It exits 0 whatever the figures
// are, and non-zero only when the benchmark itself cannot run (build fails,
// server never becomes healthy, crash).
//
// What it does:
//   1. Builds the app if build/http-server.js is missing (`npm run build`).
//   2. Starts the production server as a child process on a free port, with
//      request logging off and, unless DATABASE_URL is set, a fresh embedded
//      database in a temporary directory (deleted afterwards). Waits for
//      GET /healthz to answer 200.
//   3. Publishes 12 blog posts through the admin editor (as the admin the
//      server creates from ADMIN_EMAIL), then for each page ('/', '/tools',
//      '/blog', one post):
//        a. throughput and latency with autocannon (2 s warm-up, then
//           BENCH_DURATION seconds, default 10, with BENCH_CONNECTIONS
//           connections, default 50);
//        b. page weight: every script, modulepreload and stylesheet the HTML
//           references (plus modules imported by its inline module script and
//           their static imports), fetched with Accept-Encoding: gzip and
//           measured as gzipped bytes on the wire.
//      and for the post, revalidation: the same load with If-None-Match
//      (answered 304 without a body) against the full 200 answers.
//   3c. Pages rendered for every request (issue 17, target 2): '/',
//      '/tools/json-formatter', '/blog' for an anonymous reader whose cookie
//      the page cache does not know (as when the cache is cold), and the same
//      and '/profile' signed in as the bench admin.
//   4. Reference: serves build/client with a bare express.static server (in
//      its own process, like ours) and compares the throughput of one hashed
//      asset from it and from our server, to show what our middleware costs.
//   4b. Cached pages ('/', '/tools/json-formatter') against a bare node:http
//      server (its own process) sending the very bytes our server sent, for
//      Accept-Encoding identity, gzip and br: requests/s ratio and p99.
//   5. Sign-in under load: 20 connections logging in to 40 accounts through
//      POST /api/auth/login for BENCH_DURATION seconds, against the reference
//      of raw scrypt at the same settings, two at a time (what the server
//      allows), in this process; and /tools one request at a time meanwhile,
//      to show that hashing does not starve other routes.
//   6. Prints a summary table against the targets.
//
// The server child (and the reference server) are always stopped with
// SIGTERM, and awaited, even when something fails.
import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// ---------------------------------------------------------------------------
// Settings and targets
// ---------------------------------------------------------------------------

function positiveNumber(value, fallback) {
	const number = Number(value)
	return Number.isFinite(number) && number > 0 ? number : fallback
}

const DURATION = positiveNumber(process.env.BENCH_DURATION, 10) // seconds, measured run
const CONNECTIONS = positiveNumber(process.env.BENCH_CONNECTIONS, 50)
const WARMUP = 2 // seconds
const HEALTH_TIMEOUT_MS = 60_000
const PAGES = ['/', '/tools']

const TARGETS = {
	rps: 500, // requests/s (mean) for '/', at least
	p99: 100, // ms, p99 latency for '/', at most
	jsKB: 100, // gzipped JS for '/', at most
	cssKB: 20, // gzipped CSS for '/', at most
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main() {
	process.chdir(root)
	const { default: autocannon } = await import('autocannon')

	// Children to stop on exit, whatever happens.
	const children = []
	let dataDir
	let snapshotDir
	let drainUrl
	let interrupted = false
	const onSignal = (signal) => {
		if (interrupted) return
		interrupted = true
		console.error(`\n${signal}: stopping…`)
		cleanup().finally(() => process.exit(130))
	}
	process.on('SIGINT', onSignal)
	process.on('SIGTERM', onSignal)

	async function cleanup() {
		// Let the server finish requests still queued from the last load run
		// (autocannon drops its connections at the end, the server goes on
		// working): one more request through the same queue, bounded in time.
		if (drainUrl) await fetch(drainUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => {})
		drainUrl = undefined
		await Promise.all(children.map(stopChild))
		children.length = 0
		for (const dir of [dataDir, snapshotDir]) {
			if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {})
		}
		dataDir = snapshotDir = undefined
	}

	try {
		// 1. Build when needed.
		if (!existsSync('build/http-server.js') || !existsSync('build/server/index.js')) {
			console.log('No production build: running `npm run build`…')
			await run('npm', ['run', 'build'])
		} else {
			console.log(
				`Using the existing build (build/http-server.js of ${statSync(
					'build/http-server.js'
				).mtime.toISOString()}; run \`npm run build\` first to refresh it).`
			)
		}

		// 2. Start the production server, from a private snapshot of the build
		// (build/, prisma/, package.json, node_modules symlinked), so that a
		// rebuild in the working tree during the run (other people, watchers)
		// cannot pull files from under it. Same command: node build/http-server.js,
		// run from the snapshot directory (the server resolves build/ and
		// prisma/ against its working directory).
		snapshotDir = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'))
		for (const entry of ['build', 'prisma', 'package.json']) {
			await cp(entry, path.join(snapshotDir, entry), { recursive: true })
		}
		await symlink(path.resolve('node_modules'), path.join(snapshotDir, 'node_modules'), 'dir')
		const port = Number(process.env.BENCH_PORT) || (await freePort(3210))
		// Every load comes from this one address: lift the per-address limits (sign-in, conversions, tool runs).
		const env = {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			LOG_REQUESTS: '0',
			AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
			RATE_LIMIT_CONVERT_PER_MINUTE: '1000000',
			RATE_LIMIT_TOOLS_PER_MINUTE: '1000000',
			ADMIN_EMAIL: BENCH_ADMIN.email,
			ADMIN_PASSWORD: BENCH_ADMIN.password,
		}
		env.SITE_URL = `http://127.0.0.1:${port}`
		if (!process.env.DATABASE_URL) {
			dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'))
			env.DATA_DIR = dataDir
		}
		const base = `http://127.0.0.1:${port}`
		console.log(
			`Starting the production server on ${base} (${
				process.env.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR=${dataDir}`
			})…`
		)
		const server = startChild('server', process.execPath, ['build/http-server.js'], env, snapshotDir)
		children.push(server)
		const startedAt = Date.now()
		await waitForHealthy(`${base}/healthz`, server)
		drainUrl = `${base}/healthz`
		console.log(`Healthy after ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`)
		console.log(
			`Machine: ${os.cpus().length} CPU(s) (${
				os.cpus()[0]?.model?.trim() ?? 'unknown'
			}), load average ${loadAverage()}, node ${process.version}; ` +
				`autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s.`
		)

		// 3. Pages: load, then weight.
		const { slug: postSlug, cookie: adminCookie } = await publishPosts(base, 12)
		const results = {}
		for (const page of [...PAGES, '/blog', `/blog/${postSlug}`]) {
			console.log(`\n=== ${page} ===`)
			const single = await sequentialLatency(base + page)
			console.log(
				`one at a time: median ${single.median.toFixed(1)} ms, max ${single.max.toFixed(1)} ms (20 sequential requests)`
			)
			const load = await loadTest(autocannon, base + page)
			load.single = single
			printLoad(load)
			const weight = await pageWeight(base, page)
			printWeight(weight)
			results[page] = { load, weight }
		}

		// Revalidation: what a returning anonymous reader costs (ETag → 304, no body).
		console.log(`\n=== revalidation of /blog/${postSlug}: If-None-Match (304) vs full page (200) ===`)
		const etag = (await fetch(`${base}/blog/${postSlug}`)).headers.get('etag')
		if (!etag) {
			console.log('No ETag on the post page — skipped.')
		} else {
			const revalidated = await loadTest(autocannon, `${base}/blog/${postSlug}`, { 'if-none-match': etag })
			printLoad(revalidated, '304')
			const full = results[`/blog/${postSlug}`].load
			console.log(`Ratio 304/200 requests/s: ${(revalidated.requests.average / full.requests.average).toFixed(2)}×`)
		}

		// 3c. Pages rendered for each request (issue 17, target 2: >= 300 req/s): a signed-in
		// reader (the bench admin's session; never cached), and an anonymous one whose request
		// carries a cookie the page cache does not know, so the page is rendered as when the
		// cache is cold. Accept-Encoding as a browser sends it.
		console.log('\n=== pages rendered per request: signed in, and anonymous past the cache ===')
		const rendered = []
		{
			const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' }
			const cases = [
				['/', 'anonymous', { cookie: 'bench=uncached' }],
				['/tools/json-formatter', 'anonymous', { cookie: 'bench=uncached' }],
				['/blog', 'anonymous', { cookie: 'bench=uncached' }],
				['/', 'signed in', { cookie: adminCookie }],
				['/tools/json-formatter', 'signed in', { cookie: adminCookie }],
				['/blog', 'signed in', { cookie: adminCookie }],
				['/profile', 'signed in', { cookie: adminCookie }],
			]
			for (const [page, who, headers] of cases) {
				const probe = await fetch(base + page, { headers, redirect: 'manual' })
				await probe.arrayBuffer()
				if (probe.status !== 200) throw new Error(`${page} (${who}) answered ${probe.status}`)
				const load = await loadTest(autocannon, base + page, { ...browserEncoding, ...headers })
				printLoad(load, `${page} ${who}`)
				rendered.push({ page, who, load })
			}
		}

		// 4. Static reference: one hashed asset, ours vs bare express.static.
		console.log('\n=== static asset: our server vs bare express.static ===')
		const asset = pickAsset(results['/'].weight)
		let reference
		if (!asset) {
			console.log('No hashed /assets/ file found on / — skipped.')
		} else {
			const refPort = await freePort(port + 1)
			const refServer = startChild('reference', process.execPath, [
				fileURLToPath(import.meta.url),
				'--serve-static',
				path.join(snapshotDir, 'build/client'),
				String(refPort),
			])
			children.push(refServer)
			await waitForHealthy(`http://127.0.0.1:${refPort}${asset.url}`, refServer)
			console.log(`Asset: ${asset.url} (${kb(asset.rawBytes)} KB raw; requests without Accept-Encoding)`)
			const ours = await loadTest(autocannon, base + asset.url)
			printLoad(ours, 'ours     ')
			const bare = await loadTest(autocannon, `http://127.0.0.1:${refPort}${asset.url}`)
			printLoad(bare, 'reference')
			reference = { asset, ours, bare, ratio: ours.requests.average / bare.requests.average }
			console.log(`Ratio ours/reference: ${(reference.ratio * 100).toFixed(0)} %`)
			// What browsers actually get: our compression middleware gzips on
			// every request (informational; the reference does not compress).
			reference.oursGzip = await loadTest(autocannon, base + asset.url, { 'accept-encoding': 'gzip' })
			printLoad(reference.oursGzip, 'ours, Accept-Encoding: gzip')
		}

		// 4b. Cached pages against a bare Node server sending the same bytes (issue 17, target
		// ≥ 0.5×, p99 ≤ 50 ms): for each encoding a browser may ask for, interleaved.
		console.log('\n=== cached pages: ours vs a bare node:http server sending the same bytes ===')
		const sameBytes = []
		{
			const bytesDir = await mkdtemp(path.join(os.tmpdir(), 'toolsite-bench-bytes-'))
			const bytesPort = await freePort(port + 2)
			const pages = ['/', '/tools/json-formatter']
			const encodings = ['identity', 'gzip', 'br']
			for (const [index, page] of pages.entries()) {
				for (const encoding of encodings) {
					const { body, headers } = await rawGet(base + page, encoding)
					await writeFile(path.join(bytesDir, `${index}.${encoding}`), body)
					await writeFile(path.join(bytesDir, `${index}.${encoding}.type`), String(headers['content-type'] ?? 'text/html'))
				}
			}
			const bytesServer = startChild('same-bytes', process.execPath, [fileURLToPath(import.meta.url), '--serve-bytes', bytesDir, String(bytesPort)])
			children.push(bytesServer)
			await waitForHealthy(`http://127.0.0.1:${bytesPort}/0`, bytesServer)
			for (const [index, page] of pages.entries()) {
				for (const encoding of encodings) {
					const headers = { 'accept-encoding': encoding }
					const ours = await loadTest(autocannon, base + page, headers)
					const bare = await loadTest(autocannon, `http://127.0.0.1:${bytesPort}/${index}`, headers)
					const ratio = ours.requests.average / bare.requests.average
					console.log(
						`${page} ${encoding}: ours ${ours.requests.average.toFixed(0)} req/s (p99 ${ours.latency.p99} ms), ` +
							`same bytes ${bare.requests.average.toFixed(0)} req/s (p99 ${bare.latency.p99} ms): ${ratio.toFixed(2)}×`
					)
					sameBytes.push({ page, encoding, ours, bare, ratio })
				}
			}
			await rm(bytesDir, { recursive: true, force: true })
		}

		// 5. Sign-in under load.
		console.log('\n=== sign-in: POST /api/auth/login vs raw scrypt ===')
		const signIn = await signInLoad(autocannon, base)

		// 6. Summary.
		printSummary(results, reference, signIn, sameBytes, rendered)
		console.log(
			`Load average now ${loadAverage()} on ${os.cpus().length} CPU(s) (the load generator, the server and ` +
				'anything else running share them: figures are only comparable between quiet runs on the same machine).'
		)
	} finally {
		await cleanup()
	}
}

// ---------------------------------------------------------------------------
// Blog posts to measure
// ---------------------------------------------------------------------------

const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password, long enough' }

/**
 * Logs in through the login form and publishes `count` posts through the
 * admin editor (so they are rendered and sanitised as in real use); the
 * newest post's slug.
 */
async function publishPosts(base, count) {
	const post = (path, form, cookie) =>
		fetch(base + path, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...(cookie ? { cookie } : {}) },
			body: new URLSearchParams(form),
		})
	const login = await post('/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password })
	const cookie = login.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.join('; ')
	if (login.status !== 302 || !cookie) throw new Error(`Logging in as the bench admin failed (${login.status})`)
	const paragraph = 'Measured, not asserted: this paragraph is here so the post has a realistic length. '.repeat(8)
	let slug = ''
	for (let index = 1; index <= count; index++) {
		slug = `bench-post-${index}`
		const body = `# Post ${index}\n\n${paragraph}\n\n## Code\n\n\`\`\`js\nconst answer = ${index} * 2\nconsole.log(answer)\n\`\`\`\n\n${paragraph}\n`
		const saved = await post(
			'/admin/posts/new',
			{ intent: 'save', title: `Benchmark post ${index}`, slug, excerpt: `Post ${index} of the benchmark.`, body, tags: 'bench, speed', status: 'published', publishedAt: '', seoTitle: '', seoDescription: '', coverImageId: '' },
			cookie
		)
		if (saved.status !== 302 && saved.status !== 303) throw new Error(`Publishing a bench post failed (${saved.status}): ${(await saved.text()).slice(0, 200)}`)
	}
	console.log(`Published ${count} posts through the admin editor.`)
	return { slug, cookie }
}

// ---------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------

/** Runs a command to completion, inheriting stdio; rejects on failure. */
function run(command, args) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
		child.on('error', reject)
		child.on('exit', (code, signal) =>
			code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`))
		)
	})
}

/** Starts a long-running child; its output goes to our stderr, prefixed. */
function startChild(name, command, args, env = process.env, cwd = process.cwd()) {
	const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
	child.name = name
	child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
	child.on('error', (error) => console.error(`[${name}] ${error.message}`))
	for (const stream of [child.stdout, child.stderr]) {
		let pending = ''
		stream.setEncoding('utf8')
		stream.on('data', (chunk) => {
			pending += chunk
			const lines = pending.split('\n')
			pending = lines.pop()
			for (const line of lines) process.stderr.write(`  [${name}] ${line}\n`)
		})
		stream.on('end', () => pending && process.stderr.write(`  [${name}] ${pending}\n`))
	}
	return child
}

/** SIGTERM, wait for exit (SIGKILL after 15 s). */
async function stopChild(child) {
	if (child.exitCode !== null || child.signalCode !== null) return
	child.kill('SIGTERM')
	const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
	const { code, signal } = await child.exited
	clearTimeout(timer)
	console.error(`  [${child.name}] exited (${signal ?? `code ${code}`})`)
}

/** A free TCP port on 127.0.0.1, preferring `preferred`. */
function freePort(preferred) {
	const tryPort = (port) =>
		new Promise((resolve, reject) => {
			const probe = net.createServer()
			probe.once('error', reject)
			probe.listen(port, '127.0.0.1', () => {
				const { port: bound } = probe.address()
				probe.close(() => resolve(bound))
			})
		})
	return tryPort(preferred).catch(() => tryPort(0))
}

/** Polls `url` until it answers 200; fails after 60 s or if the child exits. */
async function waitForHealthy(url, child) {
	const deadline = Date.now() + HEALTH_TIMEOUT_MS
	let last = 'no answer'
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`${child.name} exited before ${url} answered (${child.signalCode ?? `code ${child.exitCode}`})`)
		}
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
			await response.arrayBuffer()
			if (response.status === 200) return
			last = `HTTP ${response.status}`
		} catch (error) {
			last = error.cause?.code ?? error.message
		}
		await sleep(250)
	}
	throw new Error(`${url} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`)
}

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

const loadAverage = () =>
	os
		.loadavg()
		.map((value) => value.toFixed(2))
		.join(' / ')

/** Unloaded latency: sequential requests, one at a time (median and max, ms). */
async function sequentialLatency(url, count = 20) {
	const times = []
	for (let i = 0; i < count; i++) {
		const start = performance.now()
		const response = await fetch(url)
		await response.arrayBuffer()
		times.push(performance.now() - start)
	}
	times.sort((a, b) => a - b)
	return { median: times[Math.floor(count / 2)], max: times[count - 1] }
}

/**
 * Logins per second through the API (20 connections, 40 accounts, so the
 * per-account limit never trips), the reference (raw scrypt with the
 * server's parameters, two at a time, as the server allows), and /tools
 * latency measured one request at a time while the logins run.
 */
async function signInLoad(autocannon, base) {
	const { scrypt, randomBytes } = await import('node:crypto')
	const password = 'benchmark password, long enough'
	const accounts = []
	for (let i = 0; i < 40; i += 4) {
		const batch = await Promise.all(
			Array.from({ length: 4 }, async (_, j) => {
				const email = `bench-${Date.now().toString(36)}-${i + j}@example.com`
				const response = await fetch(`${base}/api/auth/register`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ name: 'Bench', email, password }),
				})
				if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`)
				return JSON.stringify({ email, password })
			})
		)
		accounts.push(...batch)
	}
	// Reference, measured first while the server is idle (after the storm it goes on
	// hashing the logins still queued): the same hashing with nothing else around it (N = 2^15, r = 8, p = 3; see password.server.ts).
	const hashOnce = () =>
		new Promise((resolve, reject) =>
			scrypt(password, randomBytes(16), 32, { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 }, (error) => (error ? reject(error) : resolve()))
		)
	const started = performance.now()
	const total = 20
	for (let i = 0; i < total; i += 2) await Promise.all([hashOnce(), hashOnce()])
	const scryptPerSecond = total / ((performance.now() - started) / 1000)
	console.log(`reference: raw scrypt, 2 at a time: ${scryptPerSecond.toFixed(1)} hashes/s`)
	const storm = autocannon({
		url: `${base}/api/auth/login`,
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		connections: 20,
		duration: DURATION,
		requests: [{ setupRequest: (request) => ({ ...request, body: accounts[Math.floor(Math.random() * accounts.length)] }) }],
	})
	await sleep(1000)
	const during = await sequentialLatency(`${base}/tools`, 30)
	const logins = await storm
	printLoad(logins, 'logins   ')
	console.log(`/tools while logging in: median ${during.median.toFixed(1)} ms, max ${during.max.toFixed(1)} ms (30 sequential requests)`)
	return { logins, during, scryptPerSecond }
}

/** Warm-up run (discarded), then the measured run. */
async function loadTest(autocannon, url, headers = {}) {
	await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP })
	return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION })
}

function printLoad(result, label = 'load') {
	const { requests, latency } = result
	console.log(
		`${label}: ${requests.average.toFixed(0)} req/s (mean), latency p50 ${latency.p50} ms, ` +
			`p97.5 ${latency.p97_5} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ` +
			`${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
	)
}

// ---------------------------------------------------------------------------
// Page weight
// ---------------------------------------------------------------------------

/** GET with Accept-Encoding: gzip; returns the bytes as they came over the wire. */
function getRaw(url) {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
			const chunks = []
			response.on('data', (chunk) => chunks.push(chunk))
			response.on('end', () =>
				resolve({
					status: response.statusCode,
					encoding: response.headers['content-encoding'] ?? 'identity',
					contentType: response.headers['content-type'] ?? '',
					wire: Buffer.concat(chunks),
				})
			)
			response.on('error', reject)
		})
		request.on('error', reject)
		request.setTimeout(10_000, () => request.destroy(new Error(`timeout: ${url}`)))
	})
}

/** Fetches a resource and returns raw and gzipped sizes. */
async function measure(url) {
	const response = await getRaw(url)
	if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`)
	let raw
	let gzipBytes
	let computed = false
	if (response.encoding === 'gzip') {
		raw = zlib.gunzipSync(response.wire)
		gzipBytes = response.wire.length
	} else {
		// Not compressed by the server (e.g. below the compression threshold):
		// what gzip at the default level would have sent.
		raw = response.wire
		gzipBytes = zlib.gzipSync(raw).length
		computed = true
	}
	return { raw, rawBytes: raw.length, gzipBytes, computed, encoding: response.encoding }
}

const attr = (tag, name) =>
	tag
		.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
		?.slice(1)
		.find((v) => v !== undefined)

/** Script, modulepreload and stylesheet URLs referenced by the HTML. */
function referencedAssets(html) {
	const found = [] // { url, kind, via }
	const add = (url, kind, via) => {
		if (url && !found.some((f) => f.url === url)) found.push({ url: decodeEntities(url), kind, via })
	}
	for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
		const src = attr(tag, 'src')
		if (src) add(src, 'js', '<script src>')
	}
	for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
		const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
		const href = attr(tag, 'href')
		if (rel.includes('modulepreload')) add(href, 'js', 'modulepreload')
		else if (rel.includes('stylesheet')) add(href, 'css', 'stylesheet')
	}
	// Inline module scripts (Remix's hydration script imports the manifest,
	// the route modules and the client entry).
	for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
		for (const url of staticImports(body, { dynamic: true })) add(url, 'js', 'inline import')
	}
	return found
}

/** Module specifiers of static imports (and dynamic ones if asked) in JS source. */
function staticImports(source, { dynamic = false } = {}) {
	const specifiers = new Set()
	const patterns = [
		/\bimport\s*["']([^"']+)["']/g, // import "x"
		/\bfrom\s*["']([^"']+)["']/g, // import … from "x", export … from "x"
	]
	if (dynamic) patterns.push(/\bimport\(\s*["']([^"']+)["']\s*\)/g)
	for (const pattern of patterns) for (const [, spec] of source.matchAll(pattern)) specifiers.add(spec)
	return [...specifiers].filter((s) => s.startsWith('/') || s.startsWith('./') || s.startsWith('../'))
}

function decodeEntities(text) {
	return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'")
}

/**
 * Fetches the page, then everything it references, then (for JS) the static
 * imports of those modules, so a chunk missing from the modulepreload links
 * still counts. Dynamic imports inside modules are lazy and not counted.
 */
async function pageWeight(base, page) {
	const html = await measure(base + page)
	const htmlText = html.raw.toString('utf8')
	const queue = referencedAssets(htmlText)
	const seen = new Map() // absolute URL → entry
	for (let i = 0; i < queue.length; i++) {
		const item = queue[i]
		const absolute = new URL(item.url, base + page)
		if (absolute.origin !== base) continue // third-party: not ours to weigh
		const key = absolute.pathname + absolute.search
		if (seen.has(key)) continue
		const sizes = await measure(absolute.href)
		const entry = { url: key, kind: item.kind, via: item.via, ...sizes }
		seen.set(key, entry)
		if (item.kind === 'js') {
			for (const spec of staticImports(sizes.raw.toString('utf8'))) {
				const url = new URL(spec, absolute).pathname
				if (!seen.has(url) && !queue.some((q) => q.url === url)) queue.push({ url, kind: 'js', via: 'static import' })
			}
		}
		delete entry.raw
	}
	const files = [...seen.values()]
	const sum = (kind, field) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f[field], 0)
	return {
		page,
		html: { rawBytes: html.rawBytes, gzipBytes: html.gzipBytes, computed: html.computed },
		files,
		js: {
			count: files.filter((f) => f.kind === 'js').length,
			raw: sum('js', 'rawBytes'),
			gzip: sum('js', 'gzipBytes'),
		},
		css: {
			count: files.filter((f) => f.kind === 'css').length,
			raw: sum('css', 'rawBytes'),
			gzip: sum('css', 'gzipBytes'),
		},
	}
}

const kb = (bytes) => (bytes / 1024).toFixed(1)

function printWeight(weight) {
	console.log(
		`HTML: ${kb(weight.html.gzipBytes)} KB gzipped${
			weight.html.computed ? ' (computed; served uncompressed)' : ''
		}, ${kb(weight.html.rawBytes)} KB raw`
	)
	for (const file of weight.files) {
		console.log(
			`  ${file.kind.padEnd(3)} ${kb(file.gzipBytes).padStart(7)} KB gz ${kb(file.rawBytes).padStart(7)} KB raw  ${
				file.url
			}` + `  [${file.via}${file.computed ? '; gzip computed' : ''}]`
		)
	}
	console.log(`JS:  ${weight.js.count} files, ${kb(weight.js.gzip)} KB gzipped (${kb(weight.js.raw)} KB raw)`)
	console.log(`CSS: ${weight.css.count} files, ${kb(weight.css.gzip)} KB gzipped (${kb(weight.css.raw)} KB raw)`)
}

/** The hashed asset to compare static throughput on: the largest JS of '/'. */
function pickAsset(weight) {
	const candidates = weight.files.filter((f) => f.url.startsWith('/assets/') && f.kind === 'js')
	return candidates.sort((a, b) => b.rawBytes - a.rawBytes)[0]
}

// ---------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------

function printSummary(results, reference, signIn, sameBytes = [], rendered = []) {
	const home = results['/']
	const rows = [['Metric', 'Measured', 'Target', 'Meets']]
	const check = (metric, value, unit, target, ok) => rows.push([metric, `${value} ${unit}`, target, ok ? 'yes' : 'NO'])
	check(
		'/ requests/s (mean)',
		home.load.requests.average.toFixed(0),
		'req/s',
		`>= ${TARGETS.rps}`,
		home.load.requests.average >= TARGETS.rps
	)
	check('/ latency p99', home.load.latency.p99, 'ms', `<= ${TARGETS.p99} ms`, home.load.latency.p99 <= TARGETS.p99)
	check(
		'/ JS gzipped',
		kb(home.weight.js.gzip),
		'KB',
		`<= ${TARGETS.jsKB} KB`,
		home.weight.js.gzip <= TARGETS.jsKB * 1024
	)
	check(
		'/ CSS gzipped',
		kb(home.weight.css.gzip),
		'KB',
		`<= ${TARGETS.cssKB} KB`,
		home.weight.css.gzip <= TARGETS.cssKB * 1024
	)
	const errors = home.load.non2xx + home.load.errors + home.load.timeouts
	check('/ non-2xx + errors', errors, '', '0', errors === 0)
	rows.push(['/ latency one at a time', `${home.load.single.median.toFixed(1)} ms (median)`, '-', ''])
	// Informational rows (no target).
	for (const [page, { load, weight }] of Object.entries(results)) {
		if (page === '/') continue
		rows.push([`${page} requests/s (mean)`, `${load.requests.average.toFixed(0)} req/s`, '-', ''])
		rows.push([`${page} latency p50 / p99`, `${load.latency.p50} / ${load.latency.p99} ms`, '-', ''])
		rows.push([`${page} JS / CSS gzipped`, `${kb(weight.js.gzip)} / ${kb(weight.css.gzip)} KB`, '-', ''])
		rows.push([`${page} non-2xx + errors`, `${load.non2xx + load.errors + load.timeouts}`, '-', ''])
	}
	if (reference) {
		rows.push([
			'static asset ours / bare',
			`${reference.ours.requests.average.toFixed(0)} / ${reference.bare.requests.average.toFixed(0)} req/s (${(
				reference.ratio * 100
			).toFixed(0)} %)`,
			'-',
			'',
		])
		rows.push(['static asset ours, gzip', `${reference.oursGzip.requests.average.toFixed(0)} req/s`, '-', ''])
	}
	for (const { page, who, load } of rendered) {
		const errors = load.non2xx + load.errors + load.timeouts
		check(
			`${page} rendered per request (${who})`,
			`${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms, ${errors} errors`,
			'',
			'>= 300 req/s',
			load.requests.average >= 300 && errors === 0
		)
	}
	for (const { page, encoding, ours, bare, ratio } of sameBytes) {
		check(
			`${page} cached, ${encoding}: ours / same bytes`,
			`${ours.requests.average.toFixed(0)} / ${bare.requests.average.toFixed(0)} req/s = ${ratio.toFixed(2)}×, p99 ${ours.latency.p99}`,
			'ms',
			'>= 0.5×, p99 <= 50 ms',
			ratio >= 0.5 && ours.latency.p99 <= 50
		)
	}
	if (signIn) {
		const { logins, during, scryptPerSecond } = signIn
		rows.push([
			'logins/s ours / raw scrypt',
			`${logins.requests.average.toFixed(1)} / ${scryptPerSecond.toFixed(1)} (${((logins.requests.average / scryptPerSecond) * 100).toFixed(0)} %)`,
			'-',
			'',
		])
		rows.push(['login latency p50 / p99', `${logins.latency.p50} / ${logins.latency.p99} ms`, '-', ''])
		rows.push(['logins non-2xx + errors', `${logins.non2xx + logins.errors + logins.timeouts}`, '-', ''])
		rows.push(['/tools one at a time, during', `${during.median.toFixed(1)} ms median, ${during.max.toFixed(1)} ms max`, '-', ''])
	}
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)))
	const line = (row) => `| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`
	console.log('\n=== Summary (production build) ===')
	console.log(line(rows[0]))
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
	for (const row of rows.slice(1)) console.log(line(row))
}

// ---------------------------------------------------------------------------
// Entry point (last, so every declaration above is initialised).
// Reference static server mode: `node scripts/bench.js --serve-static <dir> <port>`.
// The bench starts itself in this mode as a child process, so the reference
// server does not share an event loop (or a CPU) with the load generator.
// ---------------------------------------------------------------------------
if (process.argv[2] === '--serve-static') {
	await serveStatic(...process.argv.slice(3))
} else if (process.argv[2] === '--serve-bytes') {
	await serveBytes(...process.argv.slice(3))
} else {
	await main()
}

/** The reference server: bare express.static for build/client/assets. */
async function serveStatic(dir, port) {
	const { default: express } = await import('express')
	const app = express()
	app.disable('x-powered-by')
	app.use('/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
	const server = app.listen(Number(port), '127.0.0.1', () => console.log(`reference static server on ${port}`))
	process.on('SIGTERM', () => {
		server.close(() => process.exit(0))
		server.closeAllConnections()
	})
}

/**
 * The reference for cached pages: a bare node:http server answering
 * `/<index>` with the bytes our server sent for that page in the encoding
 * the request accepts (read into memory once), and nothing else.
 */
async function serveBytes(dir, port) {
	const { readdir, readFile } = await import('node:fs/promises')
	const pages = new Map()
	for (const name of await readdir(dir)) {
		if (name.endsWith('.type')) continue
		const [index, encoding] = name.split('.')
		const type = await readFile(path.join(dir, `${name}.type`), 'utf8')
		pages.set(`/${index}:${encoding}`, { body: await readFile(path.join(dir, name)), type })
	}
	const server = http.createServer((req, res) => {
		const accepted = String(req.headers['accept-encoding'] ?? '')
		const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity'
		const page = pages.get(`${req.url}:${encoding}`)
		if (!page) {
			res.writeHead(404).end()
			return
		}
		const headers = { 'content-type': page.type, 'content-length': page.body.length, vary: 'Accept-Encoding' }
		if (encoding !== 'identity') headers['content-encoding'] = encoding
		res.writeHead(200, headers).end(page.body)
	})
	server.listen(Number(port), '127.0.0.1', () => console.log(`same-bytes server on ${port}`))
	process.on('SIGTERM', () => {
		server.close(() => process.exit(0))
		server.closeAllConnections()
	})
}

/** A GET whose body is kept as sent (fetch would decode it). */
function rawGet(url, acceptEncoding) {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
				const chunks = []
				response.on('data', (chunk) => chunks.push(chunk))
				response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}
