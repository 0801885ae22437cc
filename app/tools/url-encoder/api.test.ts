/**
 * The URL Encoder/Decoder on the server: `POST /api/tools/url-encoder` with
 * every action and mode, malformed escapes with their positions, double
 * encoding, URL parsing (international names, 100,000 query parameters),
 * the 10 MB limit, lone surrogates, usage counting, and the page's form
 * action (no JavaScript) — all through the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import * as urlRoute from '#app/tools/url-encoder/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

const SLUG = 'url-encoder'
/** Spaces, URL delimiters, the five characters RFC 3986 escapes and encodeURIComponent does not, an emoji, CJK. */
const MIXED = "a b&=?#/!'()*😀中文"

async function postTool(json: unknown): Promise<{ status: number; body: Json }> {
	const request = makeRequest(`/api/tools/${SLUG}`, { method: 'POST', json })
	const response = await apiRoute.action({ request, params: { slug: SLUG }, context: context() } as never)
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}

function run(input: string, options: Record<string, unknown>) {
	return postTool({ input, options })
}

describe('POST /api/tools/url-encoder: encode', () => {
	test('each mode, on spaces, delimiters, !\'()*, emoji and CJK', async () => {
		const expected = {
			component: encodeURIComponent(MIXED),
			uri: encodeURI(MIXED),
			rfc3986: encodeURIComponent(MIXED).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
			form: new URLSearchParams({ q: MIXED }).toString().slice(2),
		}
		expect(expected.component).toBe("a%20b%26%3D%3F%23%2F!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87")
		expect(expected.uri).toBe("a%20b&=?#/!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87")
		expect(expected.rfc3986).toBe('a%20b%26%3D%3F%23%2F%21%27%28%29%2A%F0%9F%98%80%E4%B8%AD%E6%96%87')
		expect(expected.form).toBe('a+b%26%3D%3F%23%2F%21%27%28%29*%F0%9F%98%80%E4%B8%AD%E6%96%87')
		for (const [mode, output] of Object.entries(expected)) {
			const { status, body } = await run(MIXED, { action: 'encode', mode })
			expect(status, mode).toBe(200)
			expect(body.output, mode).toBe(output)
			expect(body.stats).toMatchObject({ inputChars: 16, inputBytes: Buffer.byteLength(MIXED) })
		}
	})

	test('encode is the default action and component the default mode', async () => {
		const { status, body } = await postTool({ input: 'café & crêpes' })
		expect(status).toBe(200)
		expect(body.output).toBe('caf%C3%A9%20%26%20cr%C3%AApes')
		expect(body.notes).toEqual([])
	})

	test('text that already holds escapes gets a note', async () => {
		const { body } = await run('100%25 sure', { action: 'encode' })
		expect(body.output).toBe('100%2525%20sure')
		expect(body.notes[0]).toMatch(/already holds percent-escapes/)
	})

	test('a lone surrogate is refused with its position, not a 500', async () => {
		const { status, body } = await run('ab\ud83dcd', { action: 'encode', mode: 'component' })
		expect(status).toBe(400)
		expect(body.code).toBe('VALIDATION_ERROR')
		expect(body.message).toMatch(/^Lone surrogate U\+D83D at line 1, column 3/)
		expect(body.details).toMatchObject({ line: 1, column: 3, offset: 2 })
	})
})

describe('POST /api/tools/url-encoder: decode', () => {
	test('each mode decodes; + is a space only when asked (or in form mode)', async () => {
		const input = 'a%20b+c%2Fd%3F%F0%9F%98%80%E4%B8%AD'
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ mode: 'component' }, 'a b+c/d?😀中'],
			[{ mode: 'rfc3986' }, 'a b+c/d?😀中'],
			[{ mode: 'component', plusAsSpace: true }, 'a b c/d?😀中'],
			[{ mode: 'form' }, 'a b c/d?😀中'],
			// Whole URI keeps escaped delimiters, as decodeURI does.
			[{ mode: 'uri' }, 'a b+c%2Fd%3F😀中'],
		]
		for (const [options, output] of cases) {
			const { status, body } = await run(input, { action: 'decode', ...options })
			expect(status, JSON.stringify(options)).toBe(200)
			expect(body.output, JSON.stringify(options)).toBe(output)
			expect(body).toMatchObject({ rounds: 1, doubleEncoded: false, notes: [] })
		}
	})

	test('a malformed escape is a 400 naming the sequence and its position, with every problem listed', async () => {
		const { status, body } = await run('%E0%A4%A', { action: 'decode' })
		expect(status).toBe(400)
		expect(body.code).toBe('VALIDATION_ERROR')
		expect(body.message).toBe(
			"Incomplete UTF-8 sequence '%E0%A4' at line 1, column 1: %E0 starts a 3-byte character, but only 1 continuation byte follows. (1 more malformed escape follows.)",
		)
		expect(body.details).toMatchObject({ line: 1, column: 1, offset: 0, sequence: '%E0%A4' })
		expect(body.details.errors.map((problem: Json) => [problem.sequence, problem.line, problem.column])).toEqual([
			['%E0%A4', 1, 1],
			['%A', 1, 7],
		])

		for (const [input, column, pattern] of [
			['100%', 4, /^Incomplete percent-escape '%' at line 1, column 4/],
			['ok then %zz', 9, /^Invalid percent-escape '%zz' at line 1, column 9/],
			['é%C3%28', 2, /^Invalid UTF-8 sequence '%C3%28' at line 1, column 2/],
		] as const) {
			const bad = await run(input, { action: 'decode' })
			expect(bad.status, input).toBe(400)
			expect(bad.body.message, input).toMatch(pattern)
			expect(bad.body.details.column, input).toBe(column)
		}

		const secondLine = await run('fine%20\nbroken %E2%82', { action: 'decode' })
		expect(secondLine.body.details).toMatchObject({ line: 2, column: 8 })
	})

	test('double encoding is detected; decodeUntilStable decodes until no escape is left and reports the rounds', async () => {
		const once = await run('my%2520file.pdf', { action: 'decode' })
		expect(once.status).toBe(200)
		expect(once.body).toMatchObject({ output: 'my%20file.pdf', rounds: 1, doubleEncoded: true })
		expect(once.body.notes[0]).toMatch(/double-encoded: %2520 decodes to %20.*Decode until stable/)

		const stable = await run('https%253A%252F%252Fexample.com%252Fmy%2520file.pdf', { action: 'decode', decodeUntilStable: true })
		expect(stable.status).toBe(200)
		expect(stable.body).toMatchObject({ output: 'https://example.com/my file.pdf', rounds: 2, doubleEncoded: true })
		expect(stable.body.notes[0]).toMatch(/decoded 2 times/)

		const triple = await run('a%252520b', { action: 'decode', decodeUntilStable: true })
		expect(triple.body).toMatchObject({ output: 'a b', rounds: 3 })
	})

	test('a lone surrogate passes through decoding as text (JSON escapes it)', async () => {
		const { status, body } = await run('\ud800%20x', { action: 'decode' })
		expect(status).toBe(200)
		expect(body.output).toBe('\ud800 x')
	})
})

describe('POST /api/tools/url-encoder: parse', () => {
	test('an international URL: every part, the host in Unicode and punycode, the query decoded in order', async () => {
		const { status, body } = await run('https://user:pw@bücher.example:8080/a%20b/c?q=1&q=2&x=%E2%9C%93#frag', { action: 'parse' })
		expect(status).toBe(200)
		expect(body.parsed).toEqual({
			href: 'https://user:pw@xn--bcher-kva.example:8080/a%20b/c?q=1&q=2&x=%E2%9C%93#frag',
			scheme: 'https',
			username: 'user',
			password: 'pw',
			host: 'bücher.example',
			hostPunycode: 'xn--bcher-kva.example',
			port: '8080',
			path: '/a%20b/c',
			query: [
				{ key: 'q', value: '1' },
				{ key: 'q', value: '2' },
				{ key: 'x', value: '✓' },
			],
			fragment: 'frag',
			origin: 'https://xn--bcher-kva.example:8080',
		})
		expect(body.impliedScheme).toBe(false)
		expect(body.output).toContain('Host (punycode): xn--bcher-kva.example')
		expect(body.notes).toEqual(['The host is an international domain name: it travels as punycode.'])
	})

	test('a default port is left out; a URL without a scheme is read as https', async () => {
		const { body } = await run('example.com:443/path?debug', { action: 'parse' })
		expect(body.parsed).toMatchObject({ scheme: 'https', port: '', path: '/path', query: [{ key: 'debug', value: '', noEquals: true }] })
		expect(body.impliedScheme).toBe(true)
		expect(body.output).toContain('Port: (default, 443)')
	})

	test('text that is not a URL is a 400 that says so', async () => {
		const { status, body } = await run('http://exa mple.com', { action: 'parse' })
		expect(status).toBe(400)
		expect(body.message).toMatch(/^Not a valid URL: "http:\/\/exa mple\.com"/)
		expect((await run('   ', { action: 'parse' })).body.message).toBe('Enter a URL to parse.')
	})

	test('100,000 query parameters parse, in order, and the summary stays short', async () => {
		const count = 100_000
		const query = Array.from({ length: count }, (_, index) => `k${index}=v%20${index}`).join('&')
		// No clock: a hang is caught by the suite's test timeout, and speed is measured in `npm run bench`.
		const { status, body } = await run(`https://example.com/search?${query}`, { action: 'parse' })
		expect(status).toBe(200)
		expect(body.parsed.query).toHaveLength(count)
		expect(body.parsed.query[0]).toEqual({ key: 'k0', value: 'v 0' })
		expect(body.parsed.query[count - 1]).toEqual({ key: `k${count - 1}`, value: `v ${count - 1}` })
		expect(body.output).toContain('Query: 100,000 parameters')
		expect(body.output).toContain('… and 99,000 more')
	})

	test('a lone surrogate in a URL becomes U+FFFD, as browsers do', async () => {
		const { status, body } = await run('https://example.com/?q=\ud800', { action: 'parse' })
		expect(status).toBe(200)
		expect(body.parsed.query).toEqual([{ key: 'q', value: '\ufffd' }])
	})
})

describe('POST /api/tools/url-encoder: limits, options and counting', () => {
	test('10 MB is accepted; one byte more is a 413 with the limit', async () => {
		const ok = await run('a'.repeat(MAX_INPUT_BYTES), { action: 'decode' })
		expect(ok.status).toBe(200)
		expect(ok.body.output).toHaveLength(MAX_INPUT_BYTES)
		const over = await run('%'.repeat(MAX_INPUT_BYTES + 1), { action: 'decode' })
		expect(over.status).toBe(413)
		expect(over.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Input is too large: 10 MB (limit 10 MB).' })
	})

	test('5 MB of malformed escapes is answered with a bounded list of problems', async () => {
		const { status, body } = await run('%zz'.repeat((5 * 1024 * 1024) / 3), { action: 'decode' })
		expect(status).toBe(400)
		expect(body.details.errors).toHaveLength(100)
		expect(body.message).toMatch(/more malformed escapes follow/)
	})

	test('unknown options and bad values name the field', async () => {
		const bad = await run('x', { action: 'shout' })
		expect(bad.status).toBe(400)
		expect(bad.body.message).toMatch(/^Validation failed: options\.action: /)
		const unknown = await run('x', { action: 'encode', strict: true })
		expect(unknown.status).toBe(400)
		expect(unknown.body.message).toMatch(/Unrecognized key/)
		expect((await run('', { action: 'encode' })).body.message).toBe('Enter some text to encode.')
	})

	test('each run is recorded with its outcome and sizes, never its content', async () => {
		await run('secret value', { action: 'encode' })
		await run('%E0%A4%A', { action: 'decode' })
		await run('https://secret.example/?a=1', { action: 'parse' })
		await settleRunRecords()
		// Counts are written without blocking the answers, so they land in any order: sort by size.
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes, outputBytes }) => ({ tool, via, outcome, inputBytes, outputBytes }))).toEqual([
			{ tool: SLUG, via: 'api', outcome: 'invalid', inputBytes: 8, outputBytes: 0 },
			{ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: 12, outputBytes: 14 },
			{ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: 27, outputBytes: expect.any(Number) as number },
		])
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>) {
		const request = makeRequest(`/tools/${SLUG}`, { method: 'POST', form: fields })
		const response = (await urlRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('encodes, decodes with the checkboxes, and parses', async () => {
		const encoded = await postForm({ input: 'a b&c', action: 'encode', mode: 'form' })
		expect(encoded.status).toBe(200)
		expect(encoded.data).toMatchObject({ options: { action: 'encode', mode: 'form', plusAsSpace: false }, result: { output: 'a+b%26c' }, error: null })

		const decoded = await postForm({ input: 'a%2520b+c', action: 'decode', mode: 'component', plusAsSpace: 'on', decodeUntilStable: 'on' })
		expect(decoded.data.result).toMatchObject({ output: 'a b c', rounds: 2, doubleEncoded: true })

		const parsed = await postForm({ input: 'https://bücher.example/?q=1', action: 'parse', mode: 'component' })
		expect(parsed.data.result.parsed).toMatchObject({ host: 'bücher.example', hostPunycode: 'xn--bcher-kva.example', query: [{ key: 'q', value: '1' }] })
		await settleRunRecords()
		expect(await prisma.toolRun.count({ where: { tool: SLUG, via: 'form', outcome: 'ok' } })).toBe(3)
	})

	test('a malformed escape comes back as the error with its position; the input is kept', async () => {
		const { status, data } = await postForm({ input: 'x%E0%A4%A', action: 'decode', mode: 'component' })
		expect(status).toBe(400)
		expect(data.input).toBe('x%E0%A4%A')
		expect(data.result).toBeNull()
		expect(data.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { line: 1, column: 2 } })
	})
})
