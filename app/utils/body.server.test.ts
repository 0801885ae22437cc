import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { AppError } from './errors.ts'
import { DEFAULT_MAX_FIELD_BYTES, parseUrlEncoded, readBodyBytes, readFormData, readJson, scanJsonShape } from './body.server.ts'

function post(body: BodyInit | null, contentType?: string, extra: Record<string, string> = {}) {
	const headers: Record<string, string> = { ...extra }
	if (contentType) headers['Content-Type'] = contentType
	return new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
	const error = await promise.then(
		() => null,
		(error: unknown) => error,
	)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

/** A body that streams `total` bytes in 64 KB chunks, counting what was pulled. */
function countingStream(total: number) {
	let pulled = 0
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (pulled >= total) return controller.close()
			const chunk = new Uint8Array(Math.min(65536, total - pulled)).fill(0x61)
			pulled += chunk.length
			controller.enqueue(chunk)
		},
	})
	return { stream, pulled: () => pulled }
}

describe('readBodyBytes', () => {
	test('an honest Content-Length over the limit is refused before anything is read', async () => {
		const { stream, pulled } = countingStream(10_000_000)
		const error = await refusal(readBodyBytes(post(stream, 'text/plain', { 'Content-Length': '10000000' }), 1000))
		expect(error.status).toBe(413)
		expect(pulled()).toBeLessThanOrEqual(65536)
	})

	test('a chunked body is cut off as soon as it passes the limit', async () => {
		const { stream, pulled } = countingStream(50_000_000)
		const error = await refusal(readBodyBytes(post(stream, 'text/plain'), 1_000_000))
		expect(error.status).toBe(413)
		expect(pulled()).toBeLessThan(2_000_000)
	})
})

describe('readFormData', () => {
	test('urlencoded and multipart forms give the same fields as the platform', async () => {
		const fields = new URLSearchParams({ name: 'Ada Lovelace', note: 'a+b=c&d é ✓', empty: '' })
		const url = await readFormData(post(fields.toString(), 'application/x-www-form-urlencoded'), 10_000)
		expect([...url.entries()]).toEqual([...fields.entries()])

		const multipart = new FormData()
		for (const [name, value] of fields) multipart.append(name, value)
		multipart.append('file', new File([new Uint8Array([0, 1, 2, 255])], 'bytes.bin', { type: 'application/octet-stream' }))
		const encoded = new Response(multipart)
		const form = await readFormData(post(await encoded.arrayBuffer(), encoded.headers.get('Content-Type') ?? ''), 10_000)
		expect(form.get('note')).toBe('a+b=c&d é ✓')
		const file = form.get('file') as File
		expect(file.name).toBe('bytes.bin')
		expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0, 1, 2, 255])
	})

	test('too many fields are refused (413) before any is decoded, urlencoded or multipart', async () => {
		const manyEmpty = await refusal(readFormData(post('&'.repeat(1_000_000), 'application/x-www-form-urlencoded'), 2_000_000))
		expect(manyEmpty.status).toBe(413)
		expect(manyEmpty.message).toMatch(/Too many form fields/)
		const pairs = await refusal(readFormData(post('a=1&'.repeat(300), 'application/x-www-form-urlencoded'), 2_000_000))
		expect(pairs.status).toBe(413)

		const multipart = new FormData()
		for (let i = 0; i < 300; i++) multipart.append(`f${i}`, 'x')
		const encoded = new Response(multipart)
		const parts = await refusal(readFormData(post(await encoded.arrayBuffer(), encoded.headers.get('Content-Type') ?? ''), 2_000_000))
		expect(parts.status).toBe(413)
	})

	test('a multipart body over the limit is refused as it streams', async () => {
		const boundary = 'xyz'
		let pulled = 0
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (pulled === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n`))
				pulled += 65536
				if (pulled > 100_000_000) return controller.close()
				controller.enqueue(new Uint8Array(65536))
			},
		})
		const error = await refusal(readFormData(post(stream, `multipart/form-data; boundary=${boundary}`), 1_000_000))
		expect(error.status).toBe(413)
		expect(pulled).toBeLessThan(3_000_000)
	})

	test('other content types are 415; broken multipart is 400', async () => {
		expect((await refusal(readFormData(post('hello', 'text/plain'), 1000))).status).toBe(415)
		expect((await refusal(readFormData(post('{"a":1}', 'application/json'), 1000))).status).toBe(415)
		expect((await refusal(readFormData(post('a=1'), 1000))).status).toBe(415)
		expect((await refusal(readFormData(post('garbage', 'multipart/form-data; boundary=b'), 1000))).status).toBe(400)
		expect((await refusal(readFormData(post('garbage', 'multipart/form-data'), 1000))).status).toBe(400)
	})

	test('a 24 MB field is decoded in slices: timers keep firing while it is parsed', async () => {
		// 9 MB once decoded, under the 10 MB a field may hold.
		const value = 'é a+%'.repeat(1_500_000)
		const body = new TextEncoder().encode(`input=${encodeURIComponent(value)}&mode=format`)
		let ticks = 0
		const timer = setInterval(() => ticks++, 1)
		const form = await parseUrlEncoded(body)
		clearInterval(timer)
		expect(form.get('input')).toBe(value)
		expect(form.get('mode')).toBe('format')
		// One slice at a time: the event loop ran between them (no timing asserted).
		expect(ticks).toBeGreaterThan(5)
	})
})

describe('a text field holds 10 MB at most, and a larger one never becomes a string', () => {
	test.each([
		['urlencoded, plain', () => post(`input=${'b'.repeat(DEFAULT_MAX_FIELD_BYTES + 1)}`, 'application/x-www-form-urlencoded')],
		['urlencoded, percent-encoded', () => post(`input=${'%41'.repeat(DEFAULT_MAX_FIELD_BYTES + 1)}`, 'application/x-www-form-urlencoded')],
		['urlencoded, a name without a value', () => post('c'.repeat(DEFAULT_MAX_FIELD_BYTES + 1), 'application/x-www-form-urlencoded')],
		[
			'multipart text part',
			() => post(`--b\r\nContent-Disposition: form-data; name="input"\r\n\r\n${'d'.repeat(DEFAULT_MAX_FIELD_BYTES + 1)}\r\n--b--\r\n`, 'multipart/form-data; boundary=b'),
		],
	])('%s: 413 with reason "field"', async (_name, make) => {
		const error = await refusal(readFormData(make(), 40 * 1024 * 1024))
		expect(error.status).toBe(413)
		expect(error.message).toBe('A form field is too large (limit 10 MB)')
		expect(error.details).toMatchObject({ reason: 'field', limit: DEFAULT_MAX_FIELD_BYTES })
	})

	test('exactly 10 MB is read; a route may set its own limit', async () => {
		const form = await readFormData(post(`input=${'e'.repeat(DEFAULT_MAX_FIELD_BYTES)}`, 'application/x-www-form-urlencoded'), 40 * 1024 * 1024)
		expect((form.get('input') as string).length).toBe(DEFAULT_MAX_FIELD_BYTES)
		const small = await refusal(readFormData(post('a=123456', 'application/x-www-form-urlencoded'), 1000, { maxFieldBytes: 5 }))
		expect(small.status).toBe(413)
	})

	test('a body past the field limit is refused before the rest of it is read', async () => {
		let pulled = 0
		const chunk = new TextEncoder().encode('f'.repeat(1024 * 1024))
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				pulled++
				if (pulled === 1) controller.enqueue(new TextEncoder().encode('input='))
				else if (pulled < 200) controller.enqueue(chunk)
				else controller.close()
			},
		})
		const error = await refusal(readFormData(post(stream, 'application/x-www-form-urlencoded'), 300 * 1024 * 1024))
		expect(error.status).toBe(413)
		// Three times the field limit (each escape decodes 3 bytes to 1), then no more.
		expect(pulled).toBeLessThan(40)
	})
})

describe('parseUrlEncoded follows the WHATWG urlencoded parser', () => {
	// Characters that matter to the parser, percent-escapes of invalid UTF-8 among them.
	const alphabet = ['%', '+', '=', '&', 'a', 'A', '0', '9', 'f', 'F', 'g', ' ', 'é', '€', '\uFEFF', '%C3%A9', '%28', '%E2%82%AC', '%2B', '%3D', '%26', '%EF%BB%BF', '%00']
	test.each([
		'a=1&b=2',
		'a=%zz&b=%4&c=%',
		'=&=x&a=&&b',
		'%EF%BB%BFbom=1',
		'plus+sign=a+b%2Bc',
		'%C3%28=%E2%82&x=%F0%9F%98%80',
		'',
		'&&&',
	])('%j', async (text) => {
		const bytes = new TextEncoder().encode(text)
		expect([...(await parseUrlEncoded(bytes)).entries()]).toEqual([...new URLSearchParams(text).entries()])
	})

	// Node's URLSearchParams mangles raw characters next to invalid escapes, so the reference here is
	// decodeURIComponent, which is exact where it accepts the input (valid escapes of valid UTF-8).
	function reference(text: string): Array<[string, string]> | null {
		try {
			return text
				.split('&')
				.filter(Boolean)
				.map((field) => {
					const at = field.indexOf('=')
					const [name, value] = at === -1 ? [field, ''] : [field.slice(0, at), field.slice(at + 1)]
					return [decodeURIComponent(name.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' '))]
				})
		} catch {
			return null
		}
	}

	test('2,000 random strings parse as the reference parses them', async () => {
		let seed = 11
		const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
		let compared = 0
		for (let run = 0; run < 2000; run++) {
			const text = Array.from({ length: Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
			const expected = reference(text)
			if (!expected) continue
			compared++
			expect([...(await parseUrlEncoded(new TextEncoder().encode(text), 1000)).entries()], JSON.stringify(text)).toEqual(expected)
		}
		expect(compared).toBeGreaterThan(200)
	})
})

describe('readJson', () => {
	const json = (text: string | Uint8Array) => post(text as BodyInit, 'application/json')

	test('nesting deeper than the limit is refused (422) by a scan that stops early', async () => {
		const deep = await refusal(readJson(json('['.repeat(10_000_000)), { maxBytes: 30_000_000 }))
		expect(deep.status).toBe(422)
		expect(deep.message).toMatch(/nested too deeply/)
		await expect(readJson(json(`${'['.repeat(32)}${']'.repeat(32)}`), { maxBytes: 1000 })).resolves.toBeTruthy()
		expect((await refusal(readJson(json(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`), { maxBytes: 1000 }))).status).toBe(422)
	})

	test('brackets and quotes inside strings are not structure', async () => {
		const text = JSON.stringify({ input: '[[[[{{{{"\\"'.repeat(1000), options: { a: ']]]' } })
		expect(scanJsonShape(new TextEncoder().encode(text), 3, 100)).toBe('ok')
		expect(await readJson(json(text), { maxBytes: 1_000_000, maxDepth: 3, maxValues: 100 })).toEqual(JSON.parse(text))
		// A string ending in an escaped backslash ends there: the brackets after it are structure.
		const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
		expect(scanJsonShape(encode({ a: 'x\\', b: [[[[1]]]] }), 3, 100)).toBe('depth')
		expect(scanJsonShape(encode({ a: 'x\\"[[[[\\', b: [1] }), 3, 100)).toBe('ok')
		expect(scanJsonShape(new TextEncoder().encode('{"a":"unterminated [[[['), 3, 100)).toBe('ok')
	})

	test('too many values are refused (422); a long string is one value', async () => {
		const many = await refusal(readJson(json(`[${'1,'.repeat(100_000)}1]`), { maxBytes: 1_000_000 }))
		expect(many.status).toBe(422)
		const long = JSON.stringify({ input: 'x,'.repeat(500_000) })
		await expect(readJson(json(long), { maxBytes: 2_000_000 })).resolves.toEqual(JSON.parse(long))
	})

	test('415 for other types, 413 over the limit, 400 for malformed JSON and invalid UTF-8', async () => {
		expect((await refusal(readJson(post('{}', 'text/plain'), { maxBytes: 100 }))).status).toBe(415)
		expect((await refusal(readJson(json('"' + 'a'.repeat(200) + '"'), { maxBytes: 100 }))).status).toBe(413)
		expect((await refusal(readJson(json('{"a":'), { maxBytes: 100 }))).status).toBe(400)
		expect((await refusal(readJson(json(new Uint8Array([0x22, 0xff, 0x22])), { maxBytes: 100 }))).status).toBe(400)
	})

	// The suite is the team's shared conformance data, beside the repository (as CI lays it out), not in it.
	const suiteDir = path.resolve(import.meta.dirname, '../../../shared/suites/JSONTestSuite/test_parsing')
	test.skipIf(!fs.existsSync(suiteDir))('JSONTestSuite: every y_ file parses as JSON.parse parses it, every n_ file is refused with a 4xx', async () => {
		const dir = suiteDir
		const files = fs.readdirSync(dir)
		expect(files.length).toBeGreaterThan(300)
		for (const file of files) {
			const bytes = fs.readFileSync(path.join(dir, file))
			const outcome = await readJson(json(new Uint8Array(bytes)), { maxBytes: 1_000_000 }).then(
				(value) => ({ ok: true as const, value }),
				(error: unknown) => ({ ok: false as const, error }),
			)
			if (file.startsWith('y_')) {
				expect(outcome.ok, file).toBe(true)
				if (outcome.ok) expect(outcome.value, file).toEqual(JSON.parse(new TextDecoder().decode(bytes)))
			} else if (file.startsWith('n_')) {
				expect(outcome.ok, file).toBe(false)
				if (!outcome.ok) expect((outcome.error as AppError).status, file).toBeGreaterThanOrEqual(400)
			}
		}
	})
})

describe('multipart files have a limit of their own, and per field', () => {
	const filePart = (name: string, size: number) => `--b\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\n\r\n${'z'.repeat(size)}\r\n`

	test('a file over maxFileBytes is refused as it streams, naming the limit', async () => {
		const error = await refusal(readFormData(post(`${filePart('doc', 2048)}--b--\r\n`, 'multipart/form-data; boundary=b'), 1024 * 1024, { maxFileBytes: 1024 }))
		expect(error.status).toBe(413)
		expect(error.message).toBe('A file is too large (limit 1 KB)')
		expect(error.details).toMatchObject({ reason: 'file', limit: 1024 })
	})

	test('a field may have a smaller limit than other files', async () => {
		const limits = { maxFileBytes: 4096, maxFileBytesByField: { small: 1024 } }
		const form = await readFormData(post(`${filePart('big', 3000)}--b--\r\n`, 'multipart/form-data; boundary=b'), 1024 * 1024, limits)
		expect((form.get('big') as File).size).toBe(3000)
		const error = await refusal(readFormData(post(`${filePart('small', 2000)}--b--\r\n`, 'multipart/form-data; boundary=b'), 1024 * 1024, limits))
		expect(error.status).toBe(413)
		expect(error.message).toBe('A file in "small" is too large (limit 1 KB)')
		expect(error.details).toMatchObject({ reason: 'file', limit: 1024, field: 'small' })
	})
})
