/**
 * The tool framework on the server: `POST /api/tools/<slug>` and the form
 * action every tool page posts to without JavaScript, against the real
 * worker pool and database. Tool-specific API cases live in
 * `api-tools-<tool>.test.ts`; this file covers what every tool shares:
 * envelope errors, the 10 MB limit, the bounded queue, usage counting.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as adminDashboardRoute from '#app/routes/admin.dashboard.tsx'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import * as textCaseRoute from '#app/tools/text-case-converter/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { context, createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

async function callApi(slug: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: Json; headers: Headers }> {
	const request = makeRequest(`/api/tools/${slug}`, { method: 'POST', ...init })
	const handler = request.method === 'GET' ? apiRoute.loader : apiRoute.action
	const response = await handler({ request, params: { slug }, context: context() } as never)
	const text = await response.text()
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return { status: response.status, body: JSON.parse(text) as Json, headers: response.headers }
}

function postTool(slug: string, json: unknown) {
	return callApi(slug, { json })
}

describe('POST /api/tools/<slug>', () => {
	test('runs the core in the worker pool and answers its result', async () => {
		const { status, body, headers } = await postTool('text-case-converter', { input: 'parseHTTPResponse and user_id', options: { mode: 'kebab' } })
		expect(status).toBe(200)
		expect(body.output).toBe('parse-http-response-and-user-id')
		expect(body.stats).toEqual({ input: { characters: 29, words: 3, lines: 1 }, output: { characters: 31, words: 1, lines: 1 } })
		expect(headers.get('Cache-Control')).toBe('no-store')
		// How long the server read, ran and encoded (the Express layer adds the total).
		expect(headers.get('Server-Timing')).toMatch(/^read;dur=\d+\.\d, run;dur=\d+\.\d, encode;dur=\d+\.\d$/)
	})

	test('options default when left out', async () => {
		const { status, body } = await postTool('text-case-converter', { input: 'the lord of the rings' })
		expect(status).toBe(200)
		expect(body.output).toBe('The Lord of the Rings')
	})

	test('an unknown tool is 404, a tool without an API too, and GET is 405', async () => {
		for (const slug of ['no-such-tool', 'pdf-converter', '..%2F..%2Fetc', '__proto__', 'constructor']) {
			const { status, body } = await postTool(slug, { input: 'x' })
			expect(status, slug).toBe(404)
			expect(body.code).toBe('NOT_FOUND')
		}
		const get = await callApi('text-case-converter', { method: 'GET' })
		expect(get.status).toBe(405)
		expect(get.headers.get('Allow')).toBe('POST')
		expect((await callApi('nope', { method: 'GET' })).status).toBe(404)
	})

	test('the envelope: JSON only, an object, a string input, an options object', async () => {
		const form = await callApi('text-case-converter', { body: 'input=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
		expect(form.status).toBe(415)
		expect(form.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' })

		const malformed = await callApi('text-case-converter', { body: '{"input": "x"', headers: { 'Content-Type': 'application/json' } })
		expect(malformed.status).toBe(400)
		expect(malformed.body.message).toBe('Malformed JSON')

		for (const [json, message] of [
			[[], 'Validation failed: the body must be a JSON object'],
			[{}, 'Validation failed: "input" must be a string.'],
			[{ input: 42 }, 'Validation failed: "input" must be a string.'],
			[{ input: null }, 'Validation failed: "input" must be a string.'],
			[{ input: 'x', options: [] }, 'Validation failed: "options" must be an object.'],
			[{ input: 'x', options: 'upper' }, 'Validation failed: "options" must be an object.'],
		] as const) {
			const { status, body } = await postTool('text-case-converter', json)
			expect(status, JSON.stringify(json)).toBe(400)
			expect(body).toMatchObject({ code: 'VALIDATION_ERROR', status: 400, message })
		}
	})

	test('options are checked by the tool’s schema: unknown keys and bad values name the field', async () => {
		const bad = await postTool('text-case-converter', { input: 'x', options: { mode: 'shouting' } })
		expect(bad.status).toBe(400)
		expect(bad.body.message).toMatch(/^Validation failed: options\.mode: /)
		expect(Object.keys(bad.body.details.fields)).toEqual(['options.mode'])

		const unknown = await postTool('text-case-converter', { input: 'x', options: { mode: 'upper', extra: true } })
		expect(unknown.status).toBe(400)
		expect(unknown.body.message).toMatch(/Unrecognized key/)
		// The field names the unknown option, as `options.mode` names a bad value (not `options.`).
		expect(unknown.body.details.fields).toEqual({ 'options.extra': ["Unrecognized key(s) in object: 'extra'"] })
		expect(unknown.body.message).toMatch(/^Validation failed: options\.extra: /)

		const polluted = await callApi('text-case-converter', {
			body: '{"input":"x","options":{"__proto__":{"polluted":true},"mode":"upper"}}',
			headers: { 'Content-Type': 'application/json' },
		})
		expect(polluted.status).toBe(400)
		expect(({} as Json).polluted).toBeUndefined()
	})

	test('10 MB of input is accepted; one byte more is 413 with the limit in the message', async () => {
		const exactly = 'a'.repeat(MAX_INPUT_BYTES)
		const ok = await postTool('text-case-converter', { input: exactly, options: { mode: 'upper' } })
		expect(ok.status).toBe(200)
		expect(ok.body.output).toHaveLength(MAX_INPUT_BYTES)

		const over = await postTool('text-case-converter', { input: exactly + 'a', options: { mode: 'upper' } })
		expect(over.status).toBe(413)
		expect(over.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Input is too large: 10 MB (limit 10 MB).' })
		expect(over.body.details).toEqual({ limit: MAX_INPUT_BYTES, size: MAX_INPUT_BYTES + 1 })

		// Multi-byte characters count as their UTF-8 bytes: 3.5 M × 'é' is 7 MB… ×2 bytes each.
		const wide = await postTool('text-case-converter', { input: 'é'.repeat(MAX_INPUT_BYTES / 2 + 1), options: { mode: 'upper' } })
		expect(wide.status).toBe(413)
	})

	test('a body beyond the envelope limit is refused as it streams in', async () => {
		const huge = JSON.stringify({ input: '\u0000'.repeat(6 * 1024 * 1024) })
		const { status, body } = await callApi('text-case-converter', { body: huge, headers: { 'Content-Type': 'application/json' } })
		expect(status).toBe(413)
		expect(body.code).toBe('PAYLOAD_TOO_LARGE')
		expect(body.message).toMatch(/^Request body too large \(limit 30\.06 MB\)$/)
	})

	test('empty input, lone surrogates and binary junk get answers, not 500s', async () => {
		for (const input of ['', '\ud800', '\udfff abc', '\u0000\u0001\u0002\uffff', '\u202eevil']) {
			const { status, body } = await postTool('text-case-converter', { input, options: { mode: 'upper' } })
			expect(status, JSON.stringify(input)).toBe(200)
			expect(typeof body.output).toBe('string')
		}
	})

	test('a large answer, encoded by the worker in chunks, is exactly JSON.stringify of the result (non-ASCII, lone surrogates)', async () => {
		// Over 1 MB of output, so it crosses several chunks: emoji (surrogate pairs), right-to-left text, an escaped lone surrogate, exact big numbers.
		const record = String.raw`{"k":"😀 \u05e9\u05dc\u05d5\u05dd \ud800 \"q\"","rtl":"שלום","n":[1,2.5e300,12345678901234567890]}`
		const document = `[${Array.from({ length: 20_000 }, () => record).join(',')}]`
		const request = makeRequest('/api/tools/json-formatter', { method: 'POST', json: { input: document, options: { indent: '2' } } })
		const response = await apiRoute.action({ request, params: { slug: 'json-formatter' }, context: context() } as never)
		expect(response.status).toBe(200)
		const bytes = Buffer.from(await response.arrayBuffer())
		expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length)
		const { core } = await import('#app/tools/json-formatter/core.ts')
		const { runCore } = await import('#app/tools/kit/core.ts')
		const expected = await runCore(core, document, { indent: '2' })
		expect(expected.output.length).toBeGreaterThan(1024 * 1024)
		expect(bytes.equals(Buffer.from(JSON.stringify(expected)))).toBe(true)
	})

	test('many requests at once each get their own result', async () => {
		const inputs = Array.from({ length: 40 }, (_, i) => `request number ${i}`)
		const answers = await Promise.all(inputs.map((input) => postTool('text-case-converter', { input, options: { mode: 'constant' } })))
		expect(answers.map((answer) => answer.body.output)).toEqual(inputs.map((input) => input.toUpperCase().replaceAll(' ', '_')))
	})

	test('a full queue answers 503 with Retry-After, and the next request is served', async () => {
		await closeJobPool()
		process.env.TOOL_WORKERS = '1'
		process.env.TOOL_QUEUE_LIMIT = '0'
		// The queue is under test, not the time limit: a CPU hog beside the suite slows the big run past 10 s.
		process.env.TOOL_TIMEOUT_MS = '120000'
		resetEnvCache()
		try {
			const big = 'word '.repeat(1_500_000)
			const answers = await Promise.all([1, 2, 3].map(() => postTool('text-case-converter', { input: big, options: { mode: 'title' } })))
			const statuses = answers.map((answer) => answer.status).sort()
			expect(statuses[0]).toBe(200)
			const refused = answers.filter((answer) => answer.status === 503)
			expect(refused.length).toBeGreaterThan(0)
			for (const answer of refused) {
				expect(answer.body.code).toBe('SERVICE_UNAVAILABLE')
				expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
			}
			expect((await postTool('text-case-converter', { input: 'after', options: { mode: 'upper' } })).status).toBe(200)
		} finally {
			delete process.env.TOOL_WORKERS
			delete process.env.TOOL_QUEUE_LIMIT
			delete process.env.TOOL_TIMEOUT_MS
			resetEnvCache()
			await closeJobPool()
		}
	})

	test('each run is counted with its tool, sizes, duration and outcome, never its content', async () => {
		await postTool('text-case-converter', { input: 'secret words', options: { mode: 'upper' } })
		await postTool('text-case-converter', { input: 'x', options: { mode: 'nope' } })
		await postTool('text-case-converter', { input: 'a'.repeat(MAX_INPUT_BYTES + 1) })
		await settleRunRecords()
		// Counts are written without blocking the answers, so they land in any order: sort by size.
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes, outputBytes }) => ({ tool, via, outcome, inputBytes, outputBytes }))).toEqual([
			{ tool: 'text-case-converter', via: 'api', outcome: 'invalid', inputBytes: 1, outputBytes: 0 },
			{ tool: 'text-case-converter', via: 'api', outcome: 'ok', inputBytes: 12, outputBytes: 12 },
			{ tool: 'text-case-converter', via: 'api', outcome: 'too_large', inputBytes: MAX_INPUT_BYTES + 1, outputBytes: 0 },
		])
		for (const run of runs) expect(run.durationMs).toBeGreaterThanOrEqual(0)
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret|SECRET/)

		// The admin dashboard counts them.
		const admin = await createUser({ role: 'admin' })
		const { cookie } = await loginAs(admin.id)
		const dashboard = (await adminDashboardRoute.loader({ request: makeRequest('/admin/dashboard', { cookie }), params: {}, context: context() } as never)) as {
			stats: { toolRunsToday: number }
		}
		expect(dashboard.stats.toolRunsToday).toBe(3)
	})
})

describe('tool form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>) {
		const request = makeRequest('/tools/text-case-converter', { method: 'POST', form: fields })
		const response = (await textCaseRoute.action({ request, params: {}, context: context() } as never)) as unknown as {
			data: Json
			init: ResponseInit | null
		}
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('runs the core in the pool and sends back input, options and result', async () => {
		const { status, data } = await postForm({ input: 'hello world', mode: 'pascal' })
		expect(status).toBe(200)
		expect(data).toMatchObject({ input: 'hello world', options: { mode: 'pascal' }, result: { output: 'HelloWorld' }, error: null })
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { via: true, outcome: true } })).toEqual([{ via: 'form', outcome: 'ok' }])
	})

	test('a bad option is a 400 with the catalogue error; the input is kept', async () => {
		const { status, data } = await postForm({ input: 'hello', mode: 'nope' })
		expect(status).toBe(400)
		expect(data.input).toBe('hello')
		expect(data.error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 })
	})

	test('a missing input is a 400; an oversized one a 413 that does not echo it', async () => {
		expect((await postForm({ mode: 'upper' })).status).toBe(400)
		const { status, data } = await postForm({ input: 'a'.repeat(MAX_INPUT_BYTES + 1), mode: 'upper' })
		expect(status).toBe(413)
		expect(data.input).toBe('')
		expect(data.error.message).toBe('Input is too large: 10 MB (limit 10 MB).')
	})
})
