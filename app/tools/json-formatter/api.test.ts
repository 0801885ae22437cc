/**
 * The JSON Formatter through `POST /api/tools/json-formatter` (and its page's
 * form action, without JavaScript), against the real worker pool and
 * database: every mode and option, lossless numbers, duplicate-key warnings,
 * errors with their position, nesting bombs, prototype pollution attempts,
 * odd characters, invalid options, and the usage record of each run.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import * as pageRoute from '#app/tools/json-formatter/page.tsx'
import { formatJson, MAX_DEPTH } from '#app/tools/json-formatter/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

async function post(json: unknown): Promise<{ status: number; body: Json }> {
	const request = makeRequest('/api/tools/json-formatter', { method: 'POST', json })
	const response = await apiRoute.action({ request, params: { slug: 'json-formatter' }, context: context() } as never)
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}

/** The raw body as sent, for inputs JSON.stringify would not write (a lone surrogate as a character). */
async function postRaw(body: string): Promise<{ status: number; body: Json }> {
	const request = makeRequest('/api/tools/json-formatter', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })
	const response = await apiRoute.action({ request, params: { slug: 'json-formatter' }, context: context() } as never)
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}

const SAMPLE = '{"name":"Ada","tags":["math","poetry"],"born":{"year":1815,"place":"London"},"empty":{},"none":[]}'

describe('POST /api/tools/json-formatter', () => {
	test('formats with 2 spaces by default, 4 spaces or tabs when asked', async () => {
		const two = await post({ input: SAMPLE })
		expect(two.status).toBe(200)
		expect(two.body.output).toBe(JSON.stringify(JSON.parse(SAMPLE), null, 2))
		expect(two.body).toMatchObject({ warnings: [], changes: [], stringified: false })
		expect(two.body.stats).toEqual({ keys: 7, values: 10, depth: 2, bytesIn: SAMPLE.length, bytesOut: two.body.output.length })
		expect(two.body.valid).toBeUndefined()

		const four = await post({ input: SAMPLE, options: { indent: '4' } })
		expect(four.body.output).toBe(JSON.stringify(JSON.parse(SAMPLE), null, 4))

		const tabs = await post({ input: SAMPLE, options: { mode: 'format', indent: 'tab' } })
		expect(tabs.body.output).toBe(JSON.stringify(JSON.parse(SAMPLE), null, '\t'))
		expect(tabs.body.output).toContain('\n\t"tags": [\n\t\t"math",')
	})

	test('minifies, and validates without output', async () => {
		const pretty = JSON.stringify(JSON.parse(SAMPLE), null, 4)
		const minified = await post({ input: pretty, options: { mode: 'minify' } })
		expect(minified.status).toBe(200)
		expect(minified.body.output).toBe(SAMPLE)
		expect(minified.body.stats.bytesOut).toBe(SAMPLE.length)

		const valid = await post({ input: pretty, options: { mode: 'validate' } })
		expect(valid.status).toBe(200)
		expect(valid.body).toMatchObject({ output: '', valid: true, stats: { keys: 7, values: 10, depth: 2, bytesIn: pretty.length, bytesOut: 0 } })

		const invalid = await post({ input: '{"a": }', options: { mode: 'validate' } })
		expect(invalid.status).toBe(400)
		expect(invalid.body.details).toMatchObject({ line: 1, column: 7 })
	})

	test('sorts keys at every level, keeping array order and duplicate keys', async () => {
		const input = '{"zeta":1,"alpha":{"mu":[{"b":1,"a":2},3,1],"beta":true},"Zed":null,"alpha":0}'
		const { status, body } = await post({ input, options: { mode: 'minify', sortKeys: true } })
		expect(status).toBe(200)
		// UTF-16 code unit order ("Z" before "a"), as Object.keys(…).sort() would; both "alpha" members stay, in their order.
		expect(body.output).toBe('{"Zed":null,"alpha":{"beta":true,"mu":[{"a":2,"b":1},3,1]},"alpha":0,"zeta":1}')
		expect(body.warnings).toHaveLength(1)

		const pretty = await post({ input: '{"b":{"d":1,"c":2},"a":[]}', options: { sortKeys: true, indent: '2' } })
		expect(pretty.body.output).toBe('{\n  "a": [],\n  "b": {\n    "c": 2,\n    "d": 1\n  }\n}')
	})

	test('numbers are copied exactly as written, never rounded', async () => {
		const numbers = ['12345678901234567890', '1e400', '-0', '0.10000000000000000001', '1.0', '2.50', '1E+2', '-1.5e-10', '9007199254740993']
		const input = `{"n":[${numbers.join(', ')}]}`
		for (const options of [{ mode: 'format' }, { mode: 'minify' }, { mode: 'format', sortKeys: true }, { mode: 'minify', sortKeys: true }]) {
			const { status, body } = await post({ input, options })
			expect(status).toBe(200)
			const written = options.mode === 'minify' ? numbers.join(',') : numbers.join(',\n    ')
			expect(body.output, JSON.stringify(options)).toContain(written)
		}
	})

	test('lenient mode reads JSON5/JSONC and lists what it changed; strict mode refuses it', async () => {
		const input = "// settings\n{\n  name: 'app', /* inline */\n  port: 0x1F90,\n  ratio: .5,\n  list: [1, 2,],\n  bad: NaN,\n}"
		const lenient = await post({ input, options: { lenient: true, mode: 'minify' } })
		expect(lenient.status).toBe(200)
		expect(lenient.body.output).toBe('{"name":"app","port":8080,"ratio":0.5,"list":[1,2],"bad":null}')
		expect(lenient.body.changes).toEqual(
			expect.arrayContaining(['Removed 2 comments', 'Removed 2 trailing commas', 'Converted 1 single-quoted string', 'Quoted 5 keys']),
		)
		expect(lenient.body.changes.join('\n')).toMatch(/NaN or Infinity/)

		const strict = await post({ input, options: { mode: 'minify' } })
		expect(strict.status).toBe(400)
		expect(strict.body.details.errors.length).toBeGreaterThan(1)
	})

	test('duplicate keys are kept and reported with their line', async () => {
		const input = '{\n  "id": 1,\n  "name": "a",\n  "id": 2\n}'
		const { status, body } = await post({ input })
		expect(status).toBe(200)
		expect(body.output).toBe('{\n  "id": 1,\n  "name": "a",\n  "id": 2\n}')
		expect(body.warnings).toEqual([expect.objectContaining({ line: 4, column: 3, message: expect.stringMatching(/Duplicate key "id".*line 2/) })])
	})

	test('invalid JSON is a 400 with the line, column, excerpt and every problem', async () => {
		const input = '{\n  "a": 1,\n  "b": [1, 2,],\n  \'c\': 3\n}'
		const { status, body } = await post({ input })
		expect(status).toBe(400)
		expect(body.code).toBe('VALIDATION_ERROR')
		expect(body.message).toMatch(/^2 problems found; the first: Trailing comma before '\]' \(line 3, column 13\)$/)
		expect(body.details).toMatchObject({ line: 3, column: 13, excerpt: '  "b": [1, 2,],', caret: '            ^' })
		expect(body.details.errors).toEqual([
			expect.objectContaining({ message: "Trailing comma before ']'", line: 3, column: 13 }),
			expect.objectContaining({ message: 'Strings must use double quotes', line: 4, column: 3 }),
		])
	})

	test('a 1,000,000-deep array is refused with 422 at the first bracket past the limit', async () => {
		const { status, body } = await post({ input: '['.repeat(1_000_000) })
		expect(status).toBe(422)
		expect(body.message).toMatch(/^Nesting is too deep: more than 1,000 levels/)
		// The refusal is the depth rule, at the bracket past the limit (no clock: speed is in `npm run bench`).
		expect(body.details).toMatchObject({ line: 1, column: MAX_DEPTH + 1, maxDepth: MAX_DEPTH })
	})

	test('10,000-deep arrays and objects are 422 in every mode, closed or not', async () => {
		const inputs = ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), '['.repeat(10_000)]
		for (const input of inputs) {
			for (const options of [{ mode: 'format' }, { mode: 'minify' }, { mode: 'validate' }, { sortKeys: true }, { lenient: true }]) {
				const { status, body } = await post({ input, options })
				expect(status, `${input.slice(0, 10)} ${JSON.stringify(options)}`).toBe(422)
				expect(body.code).toBe('VALIDATION_ERROR')
			}
		}
		// Exactly the limit is fine.
		const deepest = await post({ input: '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH), options: { mode: 'minify' } })
		expect(deepest.status).toBe(200)
		expect(deepest.body.stats.depth).toBe(MAX_DEPTH)
	})

	test('__proto__ and constructor keys with sortKeys leave Object.prototype untouched', async () => {
		const input = '{"__proto__":{"polluted":true},"b":1,"a":{"constructor":{"prototype":{"polluted":true}}},"__proto__":{"x":1}}'
		for (const options of [{ sortKeys: true, mode: 'minify' }, { sortKeys: true }, { sortKeys: true, lenient: true }]) {
			const { status, body } = await post({ input, options })
			expect(status).toBe(200)
			expect(body.output).toContain('"__proto__"')
			expect(body.warnings).toHaveLength(1)
		}
		const minified = await post({ input, options: { sortKeys: true, mode: 'minify' } })
		expect(minified.body.output).toBe('{"__proto__":{"polluted":true},"__proto__":{"x":1},"a":{"constructor":{"prototype":{"polluted":true}}},"b":1}')
		// In this process too (the core is pure; the pool runs the same code).
		expect(formatJson(input, { sortKeys: true, mode: 'minify' }).output).toBe(minified.body.output)
		expect(({} as Json).polluted).toBeUndefined()
		expect(({} as Json).x).toBeUndefined()
		expect(Object.prototype).not.toHaveProperty('polluted')
	})

	test('lone surrogates: escapes are kept and warned about; a raw one is written as an escape', async () => {
		const escaped = await post({ input: '["\\ud800", "\\udfff", "\\ud83d\\ude00"]', options: { mode: 'minify' } })
		expect(escaped.status).toBe(200)
		expect(escaped.body.output).toBe('["\\ud800","\\udfff","\\ud83d\\ude00"]')
		expect(escaped.body.warnings.map((warning: Json) => warning.message)).toEqual([
			expect.stringMatching(/^Lone surrogate \\ud800/),
			expect.stringMatching(/^Lone surrogate \\udfff/),
		])

		// The request body carries a lone surrogate that JSON.parse turns into a real (unpaired) character.
		const raw = await postRaw('{"input":"[\\"\\ud800\\"]","options":{"mode":"format"}}')
		expect(raw.status).toBe(200)
		expect(raw.body.output).toBe('[\n  "\\ud800"\n]')
		expect(raw.body.warnings).toHaveLength(1)
	})

	test('a byte order mark is left out of the output, with a warning', async () => {
		const { status, body } = await post({ input: '\uFEFF{"a":1}', options: { mode: 'minify' } })
		expect(status).toBe(200)
		expect(body.output).toBe('{"a":1}')
		expect(body.warnings[0].message).toMatch(/byte order mark/)
	})

	test('empty or blank input is a 400 asking for JSON', async () => {
		for (const input of ['', '   \n\t', '\uFEFF']) {
			const { status, body } = await post({ input })
			expect(status, JSON.stringify(input)).toBe(400)
			expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Enter some JSON to format.' })
		}
	})

	test('binary junk is a 400 with its position, not a 500', async () => {
		for (const input of ['\u0000\u0001\u0002\uffff', 'PK\u0003\u0004\u0014\u0000\u0008', '\u0089PNG\r\n\u001a\n', '{"a":1}\u0000']) {
			const { status, body } = await post({ input })
			expect(status, JSON.stringify(input)).toBe(400)
			expect(body.details.line).toBeGreaterThanOrEqual(1)
			expect(body.details.column).toBeGreaterThanOrEqual(1)
		}
		const nul = await post({ input: '{"a":1}\u0000' })
		expect(nul.body.details).toMatchObject({ line: 1, column: 8 })
	})

	test('invalid options are a 400 naming the option', async () => {
		for (const [options, field] of [
			[{ indent: '3' }, 'options.indent'],
			[{ indent: 2 }, 'options.indent'],
			[{ mode: 'pretty' }, 'options.mode'],
			[{ sortKeys: 'yes' }, 'options.sortKeys'],
		] as const) {
			const { status, body } = await post({ input: '{}', options })
			expect(status, JSON.stringify(options)).toBe(400)
			expect(body.message).toMatch(new RegExp(`^Validation failed: ${field.replace('.', '\\.')}: `))
			expect(Object.keys(body.details.fields)).toEqual([field])
		}
		const unknown = await post({ input: '{}', options: { spaces: 2 } })
		expect(unknown.status).toBe(400)
		expect(unknown.body.message).toMatch(/Unrecognized key/)
	})

	test('stringified JSON is detected', async () => {
		const { status, body } = await post({ input: '"{\\"id\\":1,\\"tags\\":[\\"a\\"]}"' })
		expect(status).toBe(200)
		expect(body.stringified).toBe(true)
		expect((await post({ input: '"just text"' })).body.stringified).toBe(false)
	})

	test('each run is recorded with its outcome, never its content', async () => {
		await post({ input: '{"secret":"value"}' })
		await post({ input: '{"secret":' })
		await post({ input: '['.repeat(5000) })
		await post({ input: '{}', options: { indent: '3' } })
		await settleRunRecords()
		// Counts are written without blocking the answers, so they land in any order: sort by size.
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes }) => ({ tool, via, outcome, inputBytes }))).toEqual([
			{ tool: 'json-formatter', via: 'api', outcome: 'invalid', inputBytes: 2 },
			{ tool: 'json-formatter', via: 'api', outcome: 'invalid', inputBytes: 10 },
			{ tool: 'json-formatter', via: 'api', outcome: 'ok', inputBytes: 18 },
			{ tool: 'json-formatter', via: 'api', outcome: 'invalid', inputBytes: 5000 },
		])
		expect(runs[2]!.outputBytes).toBe('{\n  "secret": "value"\n}'.length)
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>, search = '') {
		const request = makeRequest(`/tools/json-formatter${search}`, { method: 'POST', form: fields })
		const response = (await pageRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('formats with the posted options (checkboxes "on")', async () => {
		const { status, data } = await postForm({ input: '{"b":1,"a":[1,2]}', mode: 'format', indent: '4', sortKeys: 'on' })
		expect(status).toBe(200)
		expect(data.options).toEqual({ mode: 'format', indent: '4', sortKeys: true, lenient: false })
		expect(data.result.output).toBe('{\n    "a": [\n        1,\n        2\n    ],\n    "b": 1\n}')
		expect(data.error).toBeNull()
	})

	test('an error comes back with its position and the input kept', async () => {
		const { status, data } = await postForm({ input: '{\n"a": tru\n}', mode: 'format' })
		expect(status).toBe(400)
		expect(data.input).toBe('{\n"a": tru\n}')
		expect(data.result).toBeNull()
		expect(data.error.details).toMatchObject({ line: 2, column: 6 })
	})

	test('"Unescape" replaces the input with the JSON inside the string, then formats it', async () => {
		const { status, data } = await postForm({ input: '"{\\"b\\":1,\\"a\\":[true]}"', mode: 'minify', sortKeys: 'on', intent: 'unescape' }, '?intent=unescape')
		expect(status).toBe(200)
		expect(data.input).toBe('{"b":1,"a":[true]}')
		expect(data.result.output).toBe('{"a":[true],"b":1}')
		expect(data.result.stringified).toBe(false)
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { via: true, outcome: true } })).toEqual([{ via: 'form', outcome: 'ok' }])

		const notString = await postForm({ input: '{"a":1}', mode: 'format' }, '?intent=unescape')
		expect(notString.status).toBe(400)
		expect(notString.data.input).toBe('{"a":1}')
		expect(notString.data.error.message).toMatch(/Only a JSON string/)
	})
})
