/**
 * The fuzzing gate (issue 11): every route of the route manifest, pages and
 * API, with every method, meets empty bodies, wrong content types,
 * malformed and invalid-UTF-8 bodies, bodies cut off mid-stream, bodies
 * over any limit (arriving whole and arriving slowly) and clients that go
 * away at random points. Sent byte by byte over raw sockets, to a server of
 * its own. After every case the process must still be running and
 * `/healthz` must answer; no case may get a 5xx, and none may be left
 * waiting (a route that reads a body without a limit would wait for the
 * rest of a body declared as 1 GB).
 */
import net from 'node:net'
import { expect, test } from './fixtures.ts'
import { MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET } from './fixtures.ts'
import { listRoutes, urlsFor } from './route-manifest.ts'
import { makeTempDataDir } from '#tests/setup/pglite-template.ts'
import { startServer, type ServerProcess } from './server-process.ts'

type Part = Buffer | { waitMs: number }

type FuzzCase = {
	name: string
	method: string
	path: string
	headers?: Record<string, string>
	/** What is written after the headers, in order. */
	body?: Array<Part>
	/** Close the connection after writing (a client that goes away mid-request). */
	abortAfterWrite?: boolean
	/** Stream this many bytes as fast as the server takes them (chunked), stopping when it answers. */
	streamBytes?: number
}

type Outcome = { status: number | null; error?: string; ms: number }

const CASE_TIMEOUT_MS = 15_000
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']
const OTHER_METHODS = ['GET', 'HEAD', 'OPTIONS']

function bodyCases(method: string, path: string): Array<FuzzCase> {
	const c = (name: string, extra: Omit<FuzzCase, 'name' | 'method' | 'path'>): FuzzCase => ({ name, method, path, ...extra })
	const boundary = '----fuzzboundary'
	const invalidUtf8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0x22, 0x7d])
	return [
		c('empty body', { headers: { 'Content-Length': '0' } }),
		c('empty JSON', { headers: { 'Content-Type': 'application/json', 'Content-Length': '0' } }),
		c('empty form', { headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '0' } }),
		c('empty multipart', { headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': '0' } }),
		c('multipart without boundary', { headers: { 'Content-Type': 'multipart/form-data' }, body: [Buffer.from('a=1')] }),
		c('text/plain', { headers: { 'Content-Type': 'text/plain' }, body: [Buffer.from('hello')] }),
		c('JSON as a form', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: [Buffer.from('{"input":"x"}')] }),
		c('malformed JSON', { headers: { 'Content-Type': 'application/json' }, body: [Buffer.from('{"input": "x",')] }),
		c('invalid UTF-8 JSON', { headers: { 'Content-Type': 'application/json' }, body: [invalidUtf8] }),
		c('invalid UTF-8 form', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: [Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0x26, 0xc3, 0x3d, 0x28])] }),
		c('malformed multipart', {
			headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
			body: [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n--other--\r\n`)],
		}),
		c('deeply nested JSON', { headers: { 'Content-Type': 'application/json' }, body: [Buffer.from('['.repeat(100_000))] }),
		c('many empty fields', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: [Buffer.from('&'.repeat(200_000))] }),
		c('cut off (Content-Length)', { headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' }, body: [Buffer.from('{"input":"')], abortAfterWrite: true }),
		c('cut off (chunked)', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
			body: [Buffer.from('3e8\r\ninput=abc'), { waitMs: 20 }],
			abortAfterWrite: true,
		}),
		c('over any limit, declared, arriving slowly', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(1024 ** 3) },
			body: Array.from({ length: 20 }, (_, i) => (i % 2 ? { waitMs: 50 } : Buffer.alloc(1024, 0x61))),
		}),
		c('over the limit, arriving whole (chunked)', { headers: { 'Content-Type': 'application/json' }, streamBytes: 34 * 1024 * 1024 }),
		c('client aborts at a random point', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '100000' },
			body: [Buffer.alloc(Math.floor(Math.random() * 50_000), 0x61), { waitMs: Math.floor(Math.random() * 30) }],
			abortAfterWrite: true,
		}),
	]
}

function otherCases(method: string, path: string): Array<FuzzCase> {
	return [
		{ name: 'plain', method, path },
		{ name: 'with a body nobody asked for', method, path, headers: { 'Content-Type': 'application/json', 'Content-Length': '5' }, body: [Buffer.from('{"a":')] },
		{ name: 'client aborts right away', method, path, body: [{ waitMs: Math.floor(Math.random() * 5) }], abortAfterWrite: true },
	]
}

/** Sends one case over a raw socket; resolves with the status line's code (null when the client gave up first). */
function send(base: URL, fuzz: FuzzCase): Promise<Outcome> {
	const started = Date.now()
	return new Promise((resolve) => {
		const socket = net.connect(Number(base.port), base.hostname)
		let settled = false
		let received = ''
		const finish = (status: number | null, error?: string) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			socket.destroy()
			resolve({ status, error, ms: Date.now() - started })
		}
		const timer = setTimeout(() => finish(null, `no answer within ${CASE_TIMEOUT_MS} ms`), CASE_TIMEOUT_MS)
		socket.on('data', (chunk: Buffer) => {
			received += chunk.toString('latin1')
			const match = /^HTTP\/1\.1 (\d{3})/.exec(received)
			if (match) finish(Number(match[1]))
		})
		socket.on('error', (error) => {
			// A server that answered and closed while we still wrote is fine; so is our own abort.
			if (!settled) finish(null, fuzz.abortAfterWrite ? undefined : `socket error: ${error.message}`)
		})
		socket.on('close', () => finish(null, fuzz.abortAfterWrite ? undefined : 'closed without an answer'))
		socket.on('connect', async () => {
			const headers: Record<string, string> = { Host: `${base.host}`, Connection: 'close', ...fuzz.headers }
			if (fuzz.streamBytes) headers['Transfer-Encoding'] = 'chunked'
			const head = [`${fuzz.method} ${fuzz.path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n')
			socket.write(head)
			for (const part of fuzz.body ?? []) {
				if (settled) return
				if (Buffer.isBuffer(part)) socket.write(part)
				else await new Promise((r) => setTimeout(r, part.waitMs))
			}
			if (fuzz.streamBytes) {
				const chunk = Buffer.concat([Buffer.from(`40000\r\n`), Buffer.alloc(0x40000, 0x20), Buffer.from('\r\n')])
				for (let sent = 0; sent < fuzz.streamBytes && !settled; sent += 0x40000) {
					if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r).once('close', r))
				}
				if (!settled) socket.write('0\r\n\r\n')
			}
			if (fuzz.abortAfterWrite && !settled) finish(null)
		})
	})
}

/**
 * /healthz after a case: the process must be running and answer 200. On a
 * machine busy with other tests the database check can pass its 2 s budget
 * once (a 503): only three failures in a row count.
 */
async function healthz(server: ServerProcess): Promise<{ ok: boolean; ms: number; detail: string }> {
	const started = Date.now()
	let detail = ''
	for (let attempt = 0; attempt < 3; attempt++) {
		if (server.child.exitCode !== null || server.child.signalCode !== null) return { ok: false, ms: 0, detail: 'the process exited' }
		try {
			const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) })
			if (response.ok) return { ok: true, ms: Date.now() - started, detail }
			detail = `status ${response.status}`
		} catch (error) {
			detail = error instanceof Error ? error.message : String(error)
		}
	}
	return { ok: false, ms: Date.now() - started, detail }
}

const routes = listRoutes()

/**
 * Methods split across tests, so Playwright's workers share the work. POST
 * gets every case on document and single-fetch (`.data`) URLs; PUT, PATCH
 * and DELETE (which reach the same actions) the cases that differ by
 * method; GET, HEAD and OPTIONS theirs.
 */
const GROUPS: Array<{ name: string; methods: Array<string>; data: boolean; cases?: Array<string> }> = [
	{ name: 'GET, HEAD and OPTIONS', methods: OTHER_METHODS, data: false },
	{ name: 'POST', methods: ['POST'], data: true },
	{
		name: 'PUT, PATCH and DELETE',
		methods: ['PUT', 'PATCH', 'DELETE'],
		data: false,
		cases: ['empty body', 'text/plain', 'malformed JSON', 'cut off (chunked)', 'over any limit, declared, arriving slowly', 'client aborts at a random point'],
	},
]

test.describe('fuzzing every route', () => {
	test('the route manifest lists the routes the site has', () => {
		const patterns = routes.map((route) => route.pattern)
		for (const pattern of ['/', '/api/tools/:slug', '/api/auth/login', '/resources/theme', '/admin/posts/:id/edit', '/*']) {
			expect(patterns).toContain(pattern)
		}
	})

	for (const group of GROUPS) {
		test(`${group.name}: no request crashes or stalls the server, none gets a 5xx`, async () => {
			test.setTimeout(600_000)
			// A copy of an initialised database starts in seconds even on a busy machine.
			const server = await startServer({
				...(process.env.DATABASE_URL ? {} : { DATA_DIR: await makeTempDataDir('toolsite-fuzz-') }),
				// Google sign-in on (answered by MSW in the server), so its routes are fuzzed past "not configured".
				MOCKS: 'true',
				GOOGLE_CLIENT_ID: MOCK_GOOGLE_CLIENT_ID,
				GOOGLE_CLIENT_SECRET: MOCK_GOOGLE_CLIENT_SECRET,
			})
			try {
				const base = new URL(server.url)
				const cases: Array<FuzzCase> = []
				for (const route of routes) {
					for (const path of urlsFor(route).filter((url) => group.data || !/\.data(\?|$)/.test(url))) {
						for (const method of group.methods) {
							const all = BODY_METHODS.includes(method) ? bodyCases(method, path) : otherCases(method, path)
							cases.push(...all.filter((fuzz) => !group.cases || group.cases.includes(fuzz.name)))
						}
					}
				}
				const failures: Array<string> = []
				const statuses = new Map<number | string, number>()
				let slowestHealthz = 0
				let next = 0
				// A few clients at once, as on a real server.
				await Promise.all(
					Array.from({ length: 6 }, async () => {
						while (next < cases.length) {
							const fuzz = cases[next++]!
							const outcome = await send(base, fuzz)
							const label = `${fuzz.method} ${fuzz.path} (${fuzz.name})`
							statuses.set(outcome.status ?? 'none', (statuses.get(outcome.status ?? 'none') ?? 0) + 1)
							if (outcome.error) failures.push(`${label}: ${outcome.error}`)
							if (outcome.status !== null && outcome.status >= 500) failures.push(`${label}: ${outcome.status}`)
							const health = await healthz(server)
							slowestHealthz = Math.max(slowestHealthz, health.ms)
							if (!health.ok) {
								failures.push(`${label}: /healthz failed afterwards (${health.detail})`)
								break
							}
						}
					}),
				)
				console.log(
					`fuzz ${group.name}: ${cases.length} cases over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
						`failures ${failures.length}; slowest /healthz after a case ${slowestHealthz} ms`,
				)
				expect(failures.slice(0, 30)).toEqual([])
				expect(server.child.exitCode).toBeNull()
				expect(server.output()).not.toMatch(/ERR_INVALID_STATE|Fatal uncaught|error outside the request's handler/)
			} finally {
				await server.stop()
			}
		})
	}
})
