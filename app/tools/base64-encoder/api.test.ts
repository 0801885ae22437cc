/**
 * The Base64 Encoder/Decoder on the server: `POST /api/tools/base64-encoder`
 * with every option, binary detection, strict errors with their position,
 * the 10 MB limit and the run count; and the page's form action (no
 * JavaScript), through the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as base64Route from '#app/tools/base64-encoder/page.tsx'
import { EXAMPLE_PNG_DATA_URI } from '#app/tools/base64-encoder/content.ts'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { postToolApi, type Json } from '#tests/setup/tool-api.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'base64-encoder'

const post = (input: unknown, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

const encode = (input: string, options: Record<string, unknown> = {}) => post(input, { action: 'encode', ...options })
const decode = (input: string, options: Record<string, unknown> = {}) => post(input, { action: 'decode', ...options })

const PNG_BASE64 = EXAMPLE_PNG_DATA_URI.slice(EXAMPLE_PNG_DATA_URI.indexOf(',') + 1)

describe('encode', () => {
	test('UTF-8 by default, with sizes before and after', async () => {
		const input = 'Grüße 👋 こんにちは שלום'
		const { status, body } = await post(input)
		expect(status).toBe(200)
		expect(body.output).toBe(Buffer.from(input, 'utf8').toString('base64'))
		const bytes = Buffer.byteLength(input, 'utf8')
		expect(body.bytes).toBe(bytes)
		expect(body.stats).toEqual({ inputBytes: bytes, outputBytes: body.output.length, inputChars: [...input].length, outputChars: body.output.length })
	})

	test('UTF-16LE and Latin-1', async () => {
		const utf16 = await encode('Hi €', { charset: 'utf-16le' })
		expect(utf16.body.output).toBe(Buffer.from('Hi €', 'utf16le').toString('base64'))
		expect(utf16.body.stats.inputBytes).toBe(8)

		const latin1 = await encode('café ÿ', { charset: 'latin1' })
		expect(latin1.body.output).toBe(Buffer.from('café ÿ', 'latin1').toString('base64'))
		expect(latin1.body.stats.inputBytes).toBe(6)
	})

	test('Latin-1 refuses a character outside it, naming it and where', async () => {
		const { status, body } = await encode('ok\n€ no', { charset: 'latin1' })
		expect(status).toBe(400)
		expect(body.code).toBe('VALIDATION_ERROR')
		expect(body.message).toMatch(/'€' \(U\+20AC\) at line 2, column 1 is not in Latin-1/)
		expect(body.details).toMatchObject({ line: 2, column: 1 })
	})

	test('URL-safe alphabet, padding off, MIME wrapping at 76', async () => {
		const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0xfe])
		const text = bytes.toString('latin1')
		expect((await encode(text, { charset: 'latin1' })).body.output).toBe('+/+//g==')
		expect((await encode(text, { charset: 'latin1', alphabet: 'url' })).body.output).toBe('-_-__g==')
		expect((await encode(text, { charset: 'latin1', alphabet: 'url', padding: false })).body.output).toBe('-_-__g')

		const long = 'x'.repeat(200)
		const wrapped = (await encode(long, { wrap: true })).body.output as string
		const lines = wrapped.split('\n')
		expect(lines.slice(0, -1).every((line) => line.length === 76)).toBe(true)
		expect(lines.join('')).toBe(Buffer.from(long).toString('base64'))
	})

	test('empty input is a clear error', async () => {
		const { status, body } = await encode('')
		expect(status).toBe(400)
		expect(body.message).toBe('Enter some text to encode.')
	})
})

describe('decode', () => {
	test('text in each character set', async () => {
		const input = 'Grüße 👋 こんにちは'
		expect((await decode(Buffer.from(input).toString('base64'))).body).toMatchObject({ output: input, binary: false })
		expect((await decode(Buffer.from(input, 'utf16le').toString('base64'), { charset: 'utf-16le' })).body).toMatchObject({ output: input, binary: false })
		expect((await decode(Buffer.from('café', 'latin1').toString('base64'), { charset: 'latin1' })).body).toMatchObject({ output: 'café', binary: false })
	})

	test('ignores whitespace, line breaks and a data: prefix, and says so', async () => {
		const wrapped = 'SGVs\n bG8s\r\n\tIHdv cmxk'
		expect((await decode(wrapped)).body.output).toBe('Hello, world')

		const { body } = await decode('data:text/plain;charset=utf-8;base64,SGVsbG8=')
		expect(body.output).toBe('Hello')
		expect(body.dataUriMime).toBe('text/plain;charset=utf-8')
		expect(body.notes).toContain('Removed the data: URI prefix (text/plain;charset=utf-8).')
	})

	test('lenient by default: URL-safe characters and missing padding', async () => {
		const { body } = await decode('-_-__g')
		expect(body.bytes).toBe(4)
		expect(body.notes).toEqual(expect.arrayContaining(['Decoded the URL-safe alphabet (- and _).', 'The padding (=) at the end was missing; decoded anyway.']))
	})

	test('binary data: hex dump, detected type, sizes, no replacement characters', async () => {
		const { status, body } = await decode(EXAMPLE_PNG_DATA_URI)
		expect(status).toBe(200)
		expect(body.binary).toBe(true)
		expect(body.bytes).toBe(85)
		expect(body.detectedType).toEqual({ mime: 'image/png', extension: 'png', label: 'PNG image' })
		expect(body.dataUriMime).toBe('image/png')
		expect(body.truncated).toBe(false)
		expect(body.output.split('\n')[0]).toBe('00000000: 8950 4e47 0d0a 1a0a 0000 000d 4948 4452  .PNG........IHDR')
		expect(body.output).not.toContain('\ufffd')
		expect(body.stats).toMatchObject({ inputChars: EXAMPLE_PNG_DATA_URI.length, outputBytes: 85 })

		const pdf = await decode(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1').toString('base64'))
		expect(pdf.body).toMatchObject({ binary: true, detectedType: { mime: 'application/pdf', extension: 'pdf' } })

		const unknown = await decode(Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0x80]).toString('base64'))
		expect(unknown.body).toMatchObject({ binary: true, detectedType: null })
		expect(unknown.body.output).not.toContain('\ufffd')
	})

	test('invalid UTF-8 is binary, but the same bytes are Latin-1 text', async () => {
		const input = Buffer.from([0x63, 0x61, 0x66, 0xe9]).toString('base64') // "café" in Latin-1
		expect((await decode(input)).body.binary).toBe(true)
		expect((await decode(input, { charset: 'latin1' })).body).toMatchObject({ binary: false, output: 'café' })
	})

	test('a large binary result is a truncated hex dump', async () => {
		const bytes = Buffer.alloc(100_000, 0)
		const { body } = await decode(bytes.toString('base64'))
		expect(body).toMatchObject({ binary: true, truncated: true, bytes: 100_000 })
		expect(body.output).toMatch(/… 34,464 more bytes not shown \(100,000 in all\)\.$/)
	})

	test('characters that are not Base64 are errors even in lenient mode, with their position', async () => {
		const { status, body } = await decode('SGVs\nbG!8=')
		expect(status).toBe(400)
		expect(body.code).toBe('VALIDATION_ERROR')
		expect(body.message).toMatch(/^Invalid character '!' \(U\+0021\) at line 2, column 3/)
		expect(body.details).toMatchObject({ line: 2, column: 3, offset: 7 })
		expect(body.details.errors).toHaveLength(1)

		const cut = await decode('SGVsbG8')
		expect(cut.status).toBe(200)
		const single = await decode('SGVsb')
		expect(single.status).toBe(400)
		expect(single.body.message).toMatch(/cut short at line 1, column 5/)
	})

	test('strict mode: wrong alphabet, padding, trailing data and stray bits, each with its position', async () => {
		const wrongAlphabet = await decode('ab-_', { strict: true })
		expect(wrongAlphabet.status).toBe(400)
		expect(wrongAlphabet.body.message).toMatch(/'-' at line 1, column 3 belongs to the URL-safe alphabet/)
		expect(wrongAlphabet.body.details).toMatchObject({ line: 1, column: 3, offset: 2 })

		const missingPadding = await decode('SGVsbG8', { strict: true })
		expect(missingPadding.status).toBe(400)
		expect(missingPadding.body.message).toMatch(/^Missing padding at line 1, column 8/)
		expect(missingPadding.body.details).toMatchObject({ line: 1, column: 8 })

		expect((await decode('SGVsbG8', { strict: true, padding: false })).body.output).toBe('Hello')
		const refused = await decode('SGVsbG8=', { strict: true, padding: false })
		expect(refused.body.message).toMatch(/^Unexpected padding '=' at line 1, column 8/)

		const trailing = await decode('SGVsbG8=QQ==', { strict: true })
		expect(trailing.body.message).toMatch(/nothing may follow the padding/)
		expect(trailing.body.details).toMatchObject({ line: 1, column: 9 })
		expect((await decode('SGVsbG8=QQ==')).body.output).toBe('HelloA')

		const stray = await decode('SGVsbG9=', { strict: true })
		expect(stray.body.message).toMatch(/^Non-canonical Base64 at line 1, column 7/)

		const url = await decode('-_-__g', { strict: true, alphabet: 'url', padding: false })
		expect(url.status).toBe(200)
		expect(url.body.bytes).toBe(4)
	})

	test('empty or blank input is a clear error', async () => {
		const { status, body } = await decode(' \n ')
		expect(status).toBe(400)
		expect(body.message).toBe('Enter some Base64 to decode.')
	})
})

describe('limits and bookkeeping', () => {
	test('bad options name the field', async () => {
		for (const options of [{ action: 'rot13' }, { charset: 'ebcdic' }, { alphabet: 'base32' }, { wrap: 'yes' }, { extra: 1 }]) {
			const { status, body } = await post('x', options)
			expect(status, JSON.stringify(options)).toBe(400)
			expect(body.code).toBe('VALIDATION_ERROR')
			expect(body.message).toMatch(/^Validation failed: options/)
		}
	})

	test('10 MB of input is accepted; one byte more is 413', async () => {
		const exactly = 'QUJD'.repeat(MAX_INPUT_BYTES / 4)
		const ok = await decode(exactly)
		expect(ok.status).toBe(200)
		expect(ok.body.bytes).toBe((MAX_INPUT_BYTES / 4) * 3)

		const over = await decode(exactly + 'Q')
		expect(over.status).toBe(413)
		expect(over.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Input is too large: 10 MB (limit 10 MB).' })
		expect(over.body.details).toEqual({ limit: MAX_INPUT_BYTES, size: MAX_INPUT_BYTES + 1 })
	})

	test('each run is recorded with its sizes and outcome, never its content', async () => {
		await encode('secret text')
		await decode('c2VjcmV0!', { strict: true })
		await decode(PNG_BASE64)
		await settleRunRecords()
		// Counts are written without blocking the answers, so they land in any order: sort by size.
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes }) => ({ tool, via, outcome, inputBytes }))).toEqual([
			{ tool: SLUG, via: 'api', outcome: 'invalid', inputBytes: 9 },
			{ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: 11 },
			{ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: PNG_BASE64.length },
		])
		expect(runs[1]!.outputBytes).toBe(16)
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret|c2VjcmV0/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>) {
		const request = makeRequest(`/tools/${SLUG}`, { method: 'POST', form: fields })
		const response = (await base64Route.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('checkboxes and radios become the options; encode and decode', async () => {
		const encoded = await postForm({ input: 'Hello?>', action: 'encode', charset: 'utf-8', alphabet: 'url' })
		expect(encoded.status).toBe(200)
		// Padding is a checkbox: not posted means off.
		expect(encoded.data.options).toEqual({ action: 'encode', charset: 'utf-8', alphabet: 'url', padding: false, wrap: false, strict: false })
		expect(encoded.data.result.output).toBe('SGVsbG8_Pg')

		const decoded = await postForm({ input: 'SGVsbG8_Pg==', action: 'decode', charset: 'utf-8', alphabet: 'standard', padding: 'on' })
		expect(decoded.data.result).toMatchObject({ output: 'Hello?>', binary: false })
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { via: true, outcome: true } })).toEqual([
			{ via: 'form', outcome: 'ok' },
			{ via: 'form', outcome: 'ok' },
		])
	})

	test('a strict error comes back with its position and the input kept', async () => {
		const { status, data } = await postForm({ input: 'SGVsbG8', action: 'decode', padding: 'on', strict: 'on' })
		expect(status).toBe(400)
		expect(data.input).toBe('SGVsbG8')
		expect(data.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { line: 1, column: 8 } })
	})
})
