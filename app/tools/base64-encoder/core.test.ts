import { afterEach, describe, expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import {
	base64OptionsSchema,
	bytesToText,
	core,
	decodeBase64,
	decodeToBytes,
	detectFileType,
	EMPTY_DECODE_MESSAGE,
	EMPTY_ENCODE_MESSAGE,
	encodeBytes,
	encodedLength,
	hasNativeBase64,
	hexDump,
	HEX_DUMP_LIMIT,
	isValidText,
	textToBytes,
	toDataUri,
	type Base64DecodeResult,
	type Base64EncodeResult,
	type Base64Options,
	type EncodeOptions,
} from './core.ts'

// Buffer is the reference in tests only: the core itself never uses it.
const ascii = (text: string) => new TextEncoder().encode(text)
const bytesOf = (...values: Array<number>) => new Uint8Array(values)

function options(overrides: Partial<Base64Options> = {}): Base64Options {
	return base64OptionsSchema.parse(overrides)
}

function encode(input: string, overrides: Partial<Base64Options> = {}): Base64EncodeResult {
	return core.run(input, options({ action: 'encode', ...overrides })) as Base64EncodeResult
}

function decode(input: string, overrides: Partial<Base64Options> = {}): Base64DecodeResult {
	return core.run(input, options({ action: 'decode', ...overrides })) as Base64DecodeResult
}

/** The ToolError `work` throws (fails the test when it throws nothing or something else). */
function toolError(work: () => unknown): ToolError & { details: Record<string, unknown> } {
	try {
		work()
	} catch (error) {
		expect(error).toBeInstanceOf(ToolError)
		return error as ToolError & { details: Record<string, unknown> }
	}
	throw new Error('expected a ToolError')
}

/** Byte equality without Vitest's element-by-element diffing (slow on megabytes). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	return Buffer.compare(a, b) === 0
}

function randomBytes(length: number, seed = 1): Uint8Array {
	// A small deterministic generator, so failures reproduce.
	const bytes = new Uint8Array(length)
	let state = seed
	for (let index = 0; index < length; index++) {
		state = (Math.imul(state, 1103515245) + 12345) >>> 0
		bytes[index] = state >>> 24
	}
	return bytes
}

/** What Base64 should look like for these options, from Buffer. */
function reference(bytes: Uint8Array, { alphabet = 'standard', padding = true, wrap = false, lineBreak = '\n' }: EncodeOptions = {}): string {
	let text = Buffer.from(bytes).toString('base64')
	if (alphabet === 'url') text = text.replaceAll('+', '-').replaceAll('/', '_')
	if (!padding) text = text.replace(/=+$/, '')
	if (wrap) text = (text.match(/.{1,76}/g) ?? []).join(lineBreak)
	return text
}

const RFC_4648_VECTORS: Array<[string, string]> = [
	['', ''],
	['f', 'Zg=='],
	['fo', 'Zm8='],
	['foo', 'Zm9v'],
	['foob', 'Zm9vYg=='],
	['fooba', 'Zm9vYmE='],
	['foobar', 'Zm9vYmFy'],
]

describe('options', () => {
	test('{} parses to the defaults', () => {
		expect(base64OptionsSchema.parse({})).toEqual({
			action: 'encode',
			charset: 'utf-8',
			alphabet: 'standard',
			padding: true,
			wrap: false,
			strict: false,
		})
	})

	test('unknown keys and values are refused', () => {
		expect(base64OptionsSchema.safeParse({ colour: 'red' }).success).toBe(false)
		expect(base64OptionsSchema.safeParse({ charset: 'ebcdic' }).success).toBe(false)
		expect(base64OptionsSchema.safeParse({ action: 'parse' }).success).toBe(false)
	})

	test('the core is registered under its slug', () => {
		expect(core.slug).toBe('base64-encoder')
	})
})

describe('RFC 4648 test vectors', () => {
	test.each(RFC_4648_VECTORS)('%j ⇄ %j', (text, base64) => {
		expect(encodeBytes(ascii(text))).toBe(base64)
		expect(new TextDecoder().decode(decodeToBytes(base64))).toBe(text)
		expect(new TextDecoder().decode(decodeToBytes(base64, { strict: true }))).toBe(text)
	})

	test.each(RFC_4648_VECTORS.filter(([text]) => text !== ''))('the core encodes and decodes %j', (text, base64) => {
		expect(encode(text).output).toBe(base64)
		expect(decode(base64).output).toBe(text)
	})

	test('without padding', () => {
		expect(RFC_4648_VECTORS.map(([text]) => encodeBytes(ascii(text), { padding: false }))).toEqual(['', 'Zg', 'Zm8', 'Zm9v', 'Zm9vYg', 'Zm9vYmE', 'Zm9vYmFy'])
	})
})

describe('encodeBytes', () => {
	test('matches Buffer for every length 0–300 and every alphabet, padding and wrap', () => {
		for (let length = 0; length <= 300; length++) {
			const bytes = randomBytes(length, length + 1)
			for (const alphabet of ['standard', 'url'] as const) {
				for (const padding of [true, false]) {
					for (const wrap of [false, true]) {
						const settings = { alphabet, padding, wrap }
						const text = encodeBytes(bytes, settings)
						expect(text).toBe(reference(bytes, settings))
						expect(text.length).toBe(encodedLength(length, settings))
					}
				}
			}
		}
	})

	test('the URL-safe alphabet uses - and _ where the standard one uses + and /', () => {
		const bytes = bytesOf(0xfb, 0xff, 0xbf)
		expect(encodeBytes(bytes)).toBe('+/+/')
		expect(encodeBytes(bytes, { alphabet: 'url' })).toBe('-_-_')
	})

	test('wraps at 76 characters with "\\n" (or "\\r\\n"), with no break after the last line', () => {
		const bytes = randomBytes(57 * 3)
		const lines = encodeBytes(bytes, { wrap: true }).split('\n')
		expect(lines).toHaveLength(3)
		expect(lines.every((line) => line.length === 76)).toBe(true)
		const crlf = encodeBytes(randomBytes(100), { wrap: true, lineBreak: '\r\n' })
		expect(crlf).toBe(reference(randomBytes(100), { wrap: true, lineBreak: '\r\n' }))
		expect(crlf.split('\r\n').map((line) => line.length)).toEqual([76, 60])
		// A last partial group after exactly one full line goes on a new line.
		expect(
			encodeBytes(randomBytes(58), { wrap: true })
				.split('\n')
				.map((line) => line.length),
		).toEqual([76, 4])
		expect(
			encodeBytes(randomBytes(58), { wrap: true, padding: false })
				.split('\n')
				.map((line) => line.length),
		).toEqual([76, 2])
	})

	test('large input: matches Buffer and reports progress up to 1', () => {
		const bytes = randomBytes(8 * 1024 * 1024 + 2, 7)
		for (const wrap of [false, true]) {
			const fractions: Array<number> = []
			const text = encodeBytes(bytes, { wrap }, (fraction) => fractions.push(fraction))
			expect(text).toBe(reference(bytes, { wrap }))
			expect(fractions.length).toBeGreaterThan(2)
			expect(fractions.at(-1)).toBe(1)
			expect(fractions.every((fraction, index) => fraction > 0 && fraction <= 1 && (index === 0 || fraction >= fractions[index - 1]!))).toBe(true)
		}
	})

	test('works on a view into a larger buffer', () => {
		const whole = randomBytes(100)
		const view = whole.subarray(13, 77)
		expect(encodeBytes(view)).toBe(reference(view))
	})
})

describe('native Uint8Array.prototype.toBase64', () => {
	type Native = (this: Uint8Array, options?: { alphabet?: string; omitPadding?: boolean }) => string
	const prototype = Uint8Array.prototype as unknown as { toBase64?: Native }
	const original = prototype.toBase64
	let calls = 0

	afterEach(() => {
		if (original) prototype.toBase64 = original
		else delete prototype.toBase64
	})

	/** A stand-in with the TC39 proposal's behaviour (built on Buffer), where the engine has none. */
	function install(): void {
		calls = 0
		if (original) {
			prototype.toBase64 = function (this: Uint8Array, settings) {
				calls++
				return original.call(this, settings)
			}
			return
		}
		prototype.toBase64 = function (this: Uint8Array, settings = {}) {
			calls++
			let text = Buffer.from(this.buffer, this.byteOffset, this.length).toString(settings.alphabet === 'base64url' ? 'base64url' : 'base64')
			if (settings.alphabet === 'base64url' && !settings.omitPadding) text += '='.repeat((4 - (text.length % 4)) % 4)
			if (settings.alphabet !== 'base64url' && settings.omitPadding) text = text.replace(/=+$/, '')
			return text
		}
	}

	test('gives exactly the pure loop’s output for every alphabet and padding', () => {
		install()
		expect(hasNativeBase64()).toBe(true)
		for (let length = 0; length <= 40; length++) {
			const bytes = randomBytes(length, 99 + length)
			for (const alphabet of ['standard', 'url'] as const) {
				for (const padding of [true, false]) {
					const native = encodeBytes(bytes, { alphabet, padding })
					const pure = encodeBytes(bytes, { alphabet, padding, native: false })
					expect(native).toBe(pure)
					expect(native).toBe(reference(bytes, { alphabet, padding }))
				}
			}
		}
		expect(calls).toBeGreaterThan(0)
	})

	test('is used chunk by chunk on large input (progress), and not for wrapped output', () => {
		install()
		const bytes = randomBytes(8 * 1024 * 1024 + 1, 3)
		const fractions: Array<number> = []
		expect(encodeBytes(bytes, {}, (fraction) => fractions.push(fraction))).toBe(encodeBytes(bytes, { native: false }))
		expect(calls).toBeGreaterThan(1)
		expect(fractions.at(-1)).toBe(1)
		calls = 0
		encodeBytes(bytes.subarray(0, 100), { wrap: true })
		expect(calls).toBe(0)
	})
})

describe('decodeToBytes', () => {
	test('round-trips every length 0–300 for every alphabet, padding and wrap, strict included', () => {
		for (let length = 0; length <= 300; length++) {
			const bytes = randomBytes(length, length + 5)
			for (const alphabet of ['standard', 'url'] as const) {
				for (const padding of [true, false]) {
					for (const wrap of [false, true]) {
						const text = encodeBytes(bytes, { alphabet, padding, wrap })
						expect(sameBytes(decodeToBytes(text), bytes)).toBe(true)
						expect(sameBytes(decodeToBytes(text, { strict: true, alphabet, padding }), bytes)).toBe(true)
					}
				}
			}
		}
	})

	test('matches Buffer on large input and reports progress', () => {
		const bytes = randomBytes(6 * 1024 * 1024 + 1, 11)
		const text = reference(bytes)
		const fractions: Array<number> = []
		expect(
			sameBytes(
				decodeToBytes(text, {}, (fraction) => fractions.push(fraction)),
				bytes,
			),
		).toBe(true)
		expect(fractions.length).toBeGreaterThan(2)
		expect(fractions.at(-1)).toBe(1)
	})

	test('ignores whitespace and line breaks of every kind', () => {
		expect(decodeToBytes(' aGVs\r\nbG8g\td29y\nbGQ= \n')).toEqual(ascii('hello world'))
		expect(decodeToBytes('a G V s b G 8 =')).toEqual(ascii('hello'))
		expect(decodeBase64('aGVs\nbG8=').info.hadWhitespace).toBe(true)
	})

	test('accepts a data: URI prefix and reports its media type', () => {
		const { bytes, info } = decodeBase64('data:text/plain;charset=utf-8;base64,aGVsbG8=')
		expect(bytes).toEqual(ascii('hello'))
		expect(info.dataUriMime).toBe('text/plain;charset=utf-8')
		expect(decodeBase64('  DATA:;BASE64,aGk=').info.dataUriMime).toBe('')
		expect(decodeBase64('aGk=').info.dataUriMime).toBeNull()
	})

	test('a data: URI that is not Base64, or has no comma, is an error', () => {
		expect(toolError(() => decodeToBytes('data:text/plain,hello%20world')).message).toMatch(/not Base64.*';base64'/)
		expect(toolError(() => decodeToBytes('data:text/plain;base64')).message).toMatch(/no comma/)
	})

	test('lenient mode accepts both alphabets, mixed, and missing padding', () => {
		expect(decodeToBytes('-_-_')).toEqual(bytesOf(0xfb, 0xff, 0xbf))
		expect(decodeToBytes('+/-_')).toEqual(bytesOf(0xfb, 0xff, 0xbf))
		expect(decodeToBytes('+/-_-_+/')).toEqual(bytesOf(0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf))
		const mixed = decodeBase64('+/-_')
		expect(mixed.info.usedStandard && mixed.info.usedUrlSafe).toBe(true)
		expect(decodeBase64('Zg').info.missingPadding).toBe(true)
		expect(decodeToBytes('Zg')).toEqual(ascii('f'))
		expect(decodeToBytes('Zm8')).toEqual(ascii('fo'))
		expect(decodeToBytes('Zg=')).toEqual(ascii('f'))
	})

	test('lenient mode reads concatenated padded Base64 and stray padding', () => {
		expect(decodeToBytes('Zg==Zm8=')).toEqual(ascii('ffo'))
		expect(decodeToBytes('Zm9v=')).toEqual(ascii('foo'))
		expect(decodeToBytes('=')).toEqual(new Uint8Array(0))
	})

	test('a character that is not Base64 is an error naming it and its position, in either mode', () => {
		for (const strict of [false, true]) {
			const error = toolError(() => decodeToBytes('Zm9v!YmFy', { strict }))
			expect(error.message).toMatch(/^Invalid character '!' \(U\+0021\) at line 1, column 5: Base64 uses only/)
			expect(error.details).toMatchObject({ line: 1, column: 5, offset: 4 })
			expect(error.details.errors).toEqual([expect.objectContaining({ line: 1, column: 5, offset: 4 })])
		}
		// Buffer would silently skip it.
		expect(Buffer.from('Zm9v!YmFy', 'base64').toString()).toBe('foobar')
	})

	test('positions count lines, and columns count characters (not UTF-16 units)', () => {
		expect(toolError(() => decodeToBytes('aGVs\nbG.8=')).details).toMatchObject({ line: 2, column: 3, offset: 7 })
		const emoji = toolError(() => decodeToBytes('aGVs😀bG8='))
		expect(emoji.message).toMatch(/'😀' \(U\+1F600\) at line 1, column 5/)
		expect(toolError(() => decodeToBytes('😀😀x!')).details).toMatchObject({ column: 1 })
		expect(toolError(() => decodeToBytes('aGVsbG8\u200b=')).message).toMatch(/^Invalid character U\+200B at line 1, column 8/)
		// The offset is into the text as given, data: prefix and all.
		expect(toolError(() => decodeToBytes('data:text/plain;base64,aGV!')).details).toMatchObject({ column: 27, offset: 26 })
	})

	test('a non-ASCII character at the edge of a 1 MiB read chunk is found where it is', () => {
		const before = 'A'.repeat(1024 * 1024 - 1)
		expect(toolError(() => decodeToBytes(`${before}é`)).details).toMatchObject({ offset: before.length, column: before.length + 1 })
		const emoji = toolError(() => decodeToBytes(`${before}😀AAA`))
		expect(emoji.details).toMatchObject({ offset: before.length })
		expect(emoji.message).toContain("'😀' (U+1F600)")
	})

	test('a single character left over is an error in either mode', () => {
		for (const strict of [false, true]) {
			const error = toolError(() => decodeToBytes('Zm9vY', { strict, padding: false }))
			expect(error.message).toMatch(/^Base64 cut short at line 1, column 5/)
			expect(error.details).toMatchObject({ offset: 4 })
		}
		expect(toolError(() => decodeToBytes('Zm9vY=')).message).toMatch(/cut short at line 1, column 5/)
	})

	describe('strict mode', () => {
		test('refuses the other alphabet, naming the first such character', () => {
			const error = toolError(() => decodeToBytes('Zm9v-_8=', { strict: true }))
			expect(error.message).toMatch(/^'-' at line 1, column 5 belongs to the URL-safe alphabet/)
			expect(toolError(() => decodeToBytes('+/+/', { strict: true, alphabet: 'url' })).message).toMatch(
				/^'\+' at line 1, column 1 belongs to the standard alphabet/,
			)
			expect(decodeToBytes('-_-_', { strict: true, alphabet: 'url' })).toEqual(bytesOf(0xfb, 0xff, 0xbf))
		})

		test('reports whichever problem comes first', () => {
			expect(toolError(() => decodeToBytes('Zm!v-_8=', { strict: true })).details).toMatchObject({ column: 3 })
			expect(toolError(() => decodeToBytes('Zm-v!_8=', { strict: true })).details).toMatchObject({ column: 3 })
			expect(toolError(() => decodeToBytes('Zm-vZg', { strict: true })).message).toMatch(/URL-safe alphabet/)
		})

		test('requires padding when padding is on', () => {
			const error = toolError(() => decodeToBytes('Zm9vYg', { strict: true }))
			expect(error.message).toBe("Missing padding at line 1, column 7: the last group has 2 characters and needs '==' after it.")
			expect(error.details).toMatchObject({ offset: 6 })
			expect(toolError(() => decodeToBytes('Zm9vYmE', { strict: true })).message).toMatch(/needs '=' after it/)
			expect(toolError(() => decodeToBytes('Zg=', { strict: true })).message).toMatch(/^Incomplete padding at line 1, column 4/)
			expect(toolError(() => decodeToBytes('Zg=\n', { strict: true })).details).toMatchObject({ line: 1, column: 4, offset: 3 })
			expect(toolError(() => decodeToBytes('Zg= x', { strict: true })).message).toMatch(/^Incomplete padding at line 1, column 5/)
		})

		test('refuses padding when padding is off', () => {
			expect(toolError(() => decodeToBytes('Zg==', { strict: true, padding: false })).message).toMatch(
				/^Unexpected padding '=' at line 1, column 3: padding is turned off/,
			)
			expect(decodeToBytes('Zg', { strict: true, padding: false })).toEqual(ascii('f'))
		})

		test('refuses too much padding, padding in the wrong place, and anything after it', () => {
			expect(toolError(() => decodeToBytes('Zg===', { strict: true })).message).toMatch(/^Too much padding at line 1, column 5/)
			expect(toolError(() => decodeToBytes('Zm9v=', { strict: true })).message).toMatch(/^Unexpected padding '=' at line 1, column 5/)
			expect(toolError(() => decodeToBytes('Z===', { strict: true })).message).toMatch(/^Unexpected padding '=' at line 1, column 2: a group needs at least 2/)
			expect(toolError(() => decodeToBytes('Zg==Zm8=', { strict: true })).message).toMatch(
				/^Unexpected 'Z' \(U\+005A\) at line 1, column 5: nothing may follow the padding/,
			)
			expect(decodeToBytes('Zg==\n', { strict: true })).toEqual(ascii('f'))
		})

		test('refuses a last character with unused bits set (RFC 4648 §3.5)', () => {
			expect(decodeToBytes('Zh==')).toEqual(ascii('f'))
			expect(toolError(() => decodeToBytes('Zh==', { strict: true })).message).toMatch(/^Non-canonical Base64 at line 1, column 2: the last character 'h'/)
			expect(toolError(() => decodeToBytes('Zm9=', { strict: true })).details).toMatchObject({ column: 3 })
			expect(toolError(() => decodeToBytes('Zh', { strict: true, padding: false })).details).toMatchObject({ column: 2 })
		})
	})
})

describe('the core: encode', () => {
	test('empty input is an error', () => {
		expect(toolError(() => encode('')).message).toBe(EMPTY_ENCODE_MESSAGE)
		expect(EMPTY_ENCODE_MESSAGE).toBe('Enter some text to encode.')
	})

	test('UTF-8: emoji, CJK, right-to-left', () => {
		for (const text of ['😀 👩‍👩‍👧‍👦 🇫🇷', '你好，世界', 'مرحبا بالعالم', 'שלום', 'café ß ñ', 'a\u0000b\tc\r\nd']) {
			expect(encode(text).output).toBe(Buffer.from(text, 'utf8').toString('base64'))
		}
		expect(encode('café').output).toBe('Y2Fmw6k=')
		expect(encode('😀').output).toBe('8J+YgA==')
	})

	test('UTF-16LE, byte for byte', () => {
		expect(encode('hi', { charset: 'utf-16le' }).output).toBe('aABpAA==')
		expect(encode('€', { charset: 'utf-16le' }).output).toBe('rCA=')
		expect(encode('😀', { charset: 'utf-16le' }).output).toBe('PdgA3g==')
		for (const text of ['hé😀', '你好', 'مرحبا']) {
			expect(encode(text, { charset: 'utf-16le' }).output).toBe(Buffer.from(text, 'utf16le').toString('base64'))
		}
	})

	test('Latin-1 (ISO-8859-1, not windows-1252), byte for byte', () => {
		expect(encode('café', { charset: 'latin1' }).output).toBe('Y2Fm6Q==')
		expect(encode('\u0080\u009f\u00ff', { charset: 'latin1' }).output).toBe('gJ//')
		let all = ''
		for (let code = 0; code < 256; code++) all += String.fromCharCode(code)
		expect(encode(all, { charset: 'latin1' }).output).toBe(Buffer.from(all, 'latin1').toString('base64'))
	})

	test('a character outside Latin-1 is an error naming it and where it is', () => {
		const error = toolError(() => encode('price:\n10 € or 9 £ 😀', { charset: 'latin1' }))
		expect(error.message).toBe(
			"'€' (U+20AC) at line 2, column 4 is not in Latin-1 (ISO-8859-1), which has only U+0000–U+00FF. Choose UTF-8 to encode it. (1 more character outside Latin-1 follows.)",
		)
		expect(error.details).toMatchObject({ line: 2, column: 4, offset: 10 })
		expect(error.details.errors).toHaveLength(2)
		expect((error.details.errors as Array<{ message: string }>)[1]!.message).toMatch(/^'😀' \(U\+1F600\) at line 2, column 13/)
	})

	test('a lone surrogate is an error naming its position, in UTF-8 and UTF-16LE', () => {
		for (const charset of ['utf-8', 'utf-16le'] as const) {
			const error = toolError(() => encode('ab\n😀c\ud83d!', { charset }))
			expect(error.message).toMatch(/^Lone surrogate U\+D83D at line 2, column 3: it is half of a character/)
			expect(error.details).toMatchObject({ line: 2, column: 3, offset: 6 })
		}
		expect(toolError(() => encode('\udc00')).details).toMatchObject({ column: 1 })
		// TextEncoder alone would have hidden it as U+FFFD.
		expect(new TextEncoder().encode('\ud83d')).toEqual(bytesOf(0xef, 0xbf, 0xbd))
	})

	test('alphabet, padding and wrap options', () => {
		expect(encode('\u00fb\u00ff', { charset: 'latin1', alphabet: 'url' }).output).toBe('-_8=')
		expect(encode('\u00fb\u00ff', { charset: 'latin1', alphabet: 'url', padding: false }).output).toBe('-_8')
		const long = 'x'.repeat(100)
		expect(encode(long, { wrap: true }).output).toBe(reference(ascii(long), { wrap: true }))
		expect(encode(long, { wrap: true }).output.split('\n')[0]).toHaveLength(76)
	})

	test('stats: bytes and characters before and after', () => {
		expect(encode('😀é').stats).toEqual({ inputBytes: 6, outputBytes: 8, inputChars: 2, outputChars: 8 })
		expect(encode('😀é', { charset: 'utf-16le' }).stats).toEqual({ inputBytes: 6, outputBytes: 8, inputChars: 2, outputChars: 8 })
		expect(encode('😀é').bytes).toBe(6)
	})

	test('reports progress through the run context', () => {
		const fractions: Array<number> = []
		core.run('x'.repeat(5_000_000), options(), { progress: (fraction) => fractions.push(fraction) })
		expect(fractions.at(-1)).toBe(1)
	})

	test('results are JSON-serialisable', () => {
		const result = encode('hello')
		expect(JSON.parse(JSON.stringify(result))).toEqual(result)
	})
})

describe('the core: decode', () => {
	test('empty or blank input is an error', () => {
		expect(toolError(() => decode('')).message).toBe(EMPTY_DECODE_MESSAGE)
		expect(toolError(() => decode(' \n\t')).message).toBe(EMPTY_DECODE_MESSAGE)
	})

	test('text comes back in each character set', () => {
		for (const text of ['😀 👩‍👩‍👧‍👦', '你好，世界', 'مرحبا بالعالم', 'line 1\r\nline 2\ttab']) {
			expect(decode(Buffer.from(text).toString('base64'))).toMatchObject({ output: text, binary: false })
			expect(decode(Buffer.from(text, 'utf16le').toString('base64'), { charset: 'utf-16le' })).toMatchObject({ output: text, binary: false })
		}
		expect(decode('Y2Fm6Q==', { charset: 'latin1' }).output).toBe('café')
		expect(decode('Y2Fmw6k=', { charset: 'latin1' }).output).toBe('cafÃ©')
		expect(decode('Y2Fmw6k=').output).toBe('café')
	})

	test('a byte order mark is kept, so the bytes round-trip', () => {
		const withBom = Buffer.from('\ufeffhi').toString('base64')
		const result = decode(withBom)
		expect(result.output).toBe('\ufeffhi')
		expect(encode(result.output).output).toBe(withBom)
	})

	test('bytes that are not text become a hex dump, never U+FFFD', () => {
		const png = bytesOf(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff)
		const result = decode(encodeBytes(png))
		expect(result).toMatchObject({ binary: true, bytes: 17, truncated: false, detectedType: { mime: 'image/png', extension: 'png' } })
		expect(result.output).toBe('00000000: 8950 4e47 0d0a 1a0a 0000 000d 4948 4452  .PNG........IHDR\n00000010: ff                                       .')
		expect(result.notes).toContain('The decoded bytes are not UTF-8 text, so they are shown as a hex dump. They look like a PNG image.')
		expect(result.stats).toEqual({ inputBytes: 24, outputBytes: 17, inputChars: 24, outputChars: result.output.length })
	})

	test('invalid UTF-8, an odd UTF-16 byte count and control bytes are binary', () => {
		expect(decode(encodeBytes(bytesOf(0xc3, 0x28)))).toMatchObject({ binary: true, output: '00000000: c328                                     .(' })
		expect(decode(encodeBytes(ascii('abc')), { charset: 'utf-16le' }).binary).toBe(true)
		expect(decode(encodeBytes(ascii('a\u0000b'))).binary).toBe(true)
		expect(decode(encodeBytes(bytesOf(0x61, 0x85)), { charset: 'latin1' }).binary).toBe(true)
		for (const charset of ['utf-8', 'utf-16le', 'latin1'] as const) {
			expect(decode(encodeBytes(randomBytes(1000)), { charset }).output).not.toContain('\ufffd')
		}
	})

	test('a large binary shows the first 64 KiB and says so', () => {
		const bytes = randomBytes(HEX_DUMP_LIMIT + 100)
		bytes[0] = 0
		const result = decode(encodeBytes(bytes))
		expect(result).toMatchObject({ binary: true, truncated: true, bytes: HEX_DUMP_LIMIT + 100 })
		expect(result.output.split('\n')).toHaveLength(HEX_DUMP_LIMIT / 16 + 1)
		expect(result.output.split('\n').at(-1)).toBe('… 100 more bytes not shown (65,636 in all).')
		expect(result.notes.at(-1)).toMatch(/first 65,536 of 65,636 bytes/)
	})

	test('notes say what was accepted', () => {
		expect(decode('data:image/png;base64,aGk').notes).toEqual([
			'Removed the data: URI prefix (image/png).',
			'The padding (=) at the end was missing; decoded anyway.',
		])
		expect(decode('aGk_').notes).toEqual(['Decoded the URL-safe alphabet (- and _).'])
		expect(decode('+/-_').notes[0]).toMatch(/mixes both alphabets/)
		expect(decode('data:text/plain;base64,')).toMatchObject({ output: '', bytes: 0, dataUriMime: 'text/plain' })
	})

	test('strict mode through the core', () => {
		expect(toolError(() => decode('Zg', { strict: true })).message).toMatch(/^Missing padding/)
		expect(decode('Zg', { strict: true, padding: false }).output).toBe('f')
		expect(toolError(() => decode('-_8=', { strict: true })).message).toMatch(/URL-safe alphabet/)
		expect(decode('-_8=', { strict: true, alphabet: 'url', charset: 'latin1' }).output).toBe('\u00fb\u00ff')
	})

	test('detected type is reported for text too', () => {
		expect(decode(encodeBytes(ascii('{"a":1}'))).detectedType).toMatchObject({ mime: 'application/json' })
		expect(decode(encodeBytes(ascii('hello'))).detectedType).toMatchObject({ mime: 'text/plain' })
	})

	test('round trip through the core for every option', () => {
		const text = 'Hello, 世界! 😀 مرحبا\nline two'
		for (const charset of ['utf-8', 'utf-16le'] as const) {
			for (const alphabet of ['standard', 'url'] as const) {
				for (const padding of [true, false]) {
					for (const wrap of [true, false]) {
						const settings = { charset, alphabet, padding, wrap }
						const encoded = encode(text, settings).output
						expect(decode(encoded, settings).output).toBe(text)
						expect(decode(encoded, { ...settings, strict: true }).output).toBe(text)
					}
				}
			}
		}
	})

	test('results are JSON-serialisable', () => {
		const result = decode(encodeBytes(randomBytes(50)))
		expect(JSON.parse(JSON.stringify(result))).toEqual(result)
	})
})

describe('hexDump', () => {
	test('is laid out as xxd lays it out', () => {
		const bytes = new Uint8Array(38).map((_, index) => 0x18 + index)
		expect(hexDump(bytes)).toBe(
			[
				`00000000: 1819 1a1b 1c1d 1e1f 2021 2223 2425 2627  ........ !"#$%&'`,
				'00000010: 2829 2a2b 2c2d 2e2f 3031 3233 3435 3637  ()*+,-./01234567',
				'00000020: 3839 3a3b 3c3d                           89:;<=',
			].join('\n'),
		)
		expect(hexDump(ascii('hello\n'))).toBe('00000000: 6865 6c6c 6f0a                           hello.')
	})

	test('empty bytes give an empty dump; maxBytes cuts it short', () => {
		expect(hexDump(new Uint8Array(0))).toBe('')
		expect(hexDump(ascii('abcdefghijklmnopq'), 16)).toBe(
			'00000000: 6162 6364 6566 6768 696a 6b6c 6d6e 6f70  abcdefghijklmnop\n… 1 more byte not shown (17 in all).',
		)
		expect(hexDump(ascii('ab'), 0)).toBe('… 2 more bytes not shown (2 in all).')
	})

	test('non-ASCII and DEL bytes show as dots', () => {
		expect(hexDump(bytesOf(0x7e, 0x7f, 0x80, 0xff, 0x20))).toBe(`00000000: ${'7e7f 80ff 20'.padEnd(39)}  ~... `)
	})
})

describe('detectFileType', () => {
	const pad = (head: Array<number> | string, length = 64) => {
		const bytes = new Uint8Array(length)
		bytes.set(typeof head === 'string' ? ascii(head) : head)
		return bytes
	}
	const zip = (...names: Array<string>) => {
		const parts: Array<number> = []
		for (const name of names) {
			const header = [0x50, 0x4b, 3, 4, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, name.length, 0, 0, 0]
			parts.push(...header, ...ascii(name))
		}
		return new Uint8Array(parts)
	}
	const cases: Array<[string, Uint8Array, string | null]> = [
		['PNG', pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
		['JPEG', pad([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
		['GIF87a', pad('GIF87a'), 'image/gif'],
		['GIF89a', pad('GIF89a'), 'image/gif'],
		['WebP', pad('RIFF\x00\x00\x00\x00WEBPVP8 '), 'image/webp'],
		['WAV', pad('RIFF\x00\x00\x00\x00WAVEfmt '), 'audio/wav'],
		['BMP', pad([0x42, 0x4d, 0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]), 'image/bmp'],
		['ICO', pad([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), 'image/x-icon'],
		['PDF', pad('%PDF-1.7\n'), 'application/pdf'],
		['ZIP', zip('readme.txt'), 'application/zip'],
		['DOCX', zip('[Content_Types].xml', '_rels/.rels', 'word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
		['XLSX', zip('[Content_Types].xml', 'xl/workbook.xml'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
		['PPTX', zip('[Content_Types].xml', 'ppt/presentation.xml'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
		['EPUB', zip('mimetypeapplication/epub+zip'), 'application/epub+zip'],
		['GZIP', pad([0x1f, 0x8b, 0x08, 0x00]), 'application/gzip'],
		['MP3 (ID3)', pad('ID3\x03\x00'), 'audio/mpeg'],
		['MP3 (frame)', pad([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg'],
		['MP4', pad([0, 0, 0, 0x18, ...ascii('ftypisom')]), 'video/mp4'],
		['M4A', pad([0, 0, 0, 0x18, ...ascii('ftypM4A ')]), 'audio/mp4'],
		['QuickTime', pad([0, 0, 0, 0x14, ...ascii('ftypqt  ')]), 'video/quicktime'],
		['AVIF', pad([0, 0, 0, 0x1c, ...ascii('ftypavif')]), 'image/avif'],
		['OGG', pad('OggS\x00\x02'), 'audio/ogg'],
		['FLAC', pad('fLaC'), 'audio/flac'],
		['WOFF', pad('wOFF\x00\x01\x00\x00'), 'font/woff'],
		['WOFF2', pad('wOF2\x00\x01\x00\x00'), 'font/woff2'],
		['WebAssembly', pad([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), 'application/wasm'],
		['7z', pad([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), 'application/x-7z-compressed'],
		['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'), 'image/svg+xml'],
		[
			'SVG with prologue',
			ascii('\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg/>'),
			'image/svg+xml',
		],
		['HTML', ascii('<!DOCTYPE html><html><body>hi</body></html>'), 'text/html'],
		['XML', ascii('<?xml version="1.0"?><note/>'), 'application/xml'],
		['JSON', ascii(' {"a": [1, 2, {"b": null}]}\n'), 'application/json'],
		['JSON array', ascii('[1,2,3]'), 'application/json'],
		['not quite JSON', ascii('{"a": 1'), 'text/plain'],
		['plain text', ascii('Just some words.\n'), 'text/plain'],
		['UTF-8 text', ascii('你好 😀'), 'text/plain'],
		['random bytes', bytesOf(0x00, 0x13, 0x99, 0xfe, 0x42), null],
		['empty', new Uint8Array(0), null],
		['AAC (ADTS), not MP3', pad([0xff, 0xf1, 0x50, 0x80]), null],
	]

	test.each(cases)('%s', (_, bytes, mime) => {
		const detected = detectFileType(bytes)
		expect(detected?.mime ?? null).toBe(mime)
		if (detected) {
			expect(detected.extension).toMatch(/^[a-z0-9]+$/)
			expect(detected.label.length).toBeGreaterThan(0)
		}
	})

	test('labels and extensions', () => {
		expect(detectFileType(cases[0]![1])).toEqual({ mime: 'image/png', extension: 'png', label: 'PNG image' })
		expect(detectFileType(cases[1]![1])).toEqual({ mime: 'image/jpeg', extension: 'jpg', label: 'JPEG image' })
	})
})

describe('isValidText and bytesToText', () => {
	test('text is valid in its character set and has only text controls', () => {
		expect(isValidText(ascii('a\tb\nc\r\nd\fe\u001b[0m'), 'utf-8')).toBe(true)
		expect(isValidText(ascii('a\u0000b'), 'utf-8')).toBe(false)
		expect(isValidText(ascii('a\u007fb'), 'utf-8')).toBe(false)
		expect(isValidText(ascii('a\u0085b'), 'utf-8')).toBe(false)
		expect(isValidText(bytesOf(0xc3, 0x28), 'utf-8')).toBe(false)
		expect(isValidText(bytesOf(0xed, 0xa0, 0x80), 'utf-8')).toBe(false)
		expect(isValidText(new Uint8Array(0), 'utf-8')).toBe(true)
	})

	test('UTF-16LE: even length, no lone surrogates, no controls', () => {
		expect(isValidText(textToBytes('hé😀', 'utf-16le'), 'utf-16le')).toBe(true)
		expect(isValidText(bytesOf(0x68, 0x00, 0x69), 'utf-16le')).toBe(false)
		expect(isValidText(bytesOf(0x3d, 0xd8, 0x41, 0x00), 'utf-16le')).toBe(false)
		expect(isValidText(bytesOf(0x00, 0x00), 'utf-16le')).toBe(false)
		expect(isValidText(bytesOf(0x00, 0x01), 'utf-16le')).toBe(true)
	})

	test('Latin-1: any byte but the controls', () => {
		expect(bytesToText(bytesOf(0x63, 0xe9, 0xff, 0xa0), 'latin1')).toBe('cé\u00ff\u00a0')
		expect(isValidText(bytesOf(0x80), 'latin1')).toBe(false)
		expect(bytesToText(bytesOf(0x00), 'latin1')).toBeNull()
	})

	test('textToBytes round-trips with bytesToText', () => {
		for (const charset of ['utf-8', 'utf-16le'] as const) {
			const text = '\ufeffHello 世界 😀 مرحبا'
			expect(bytesToText(textToBytes(text, charset), charset)).toBe(text)
		}
		expect(bytesToText(textToBytes('café ÿ', 'latin1'), 'latin1')).toBe('café ÿ')
	})
})

describe('toDataUri', () => {
	test('prefixes standard padded Base64 with the media type', () => {
		expect(toDataUri(ascii('hello'), 'text/plain')).toBe('data:text/plain;base64,aGVsbG8=')
		expect(toDataUri(ascii('hi'), 'Text/Plain; charset=utf-8')).toBe('data:text/plain;charset=utf-8;base64,aGk=')
	})

	test('a media type that does not look like one becomes application/octet-stream', () => {
		for (const mime of ['', 'image', 'text/html<script>', 'a/b;c', 'text/plain,evil', 'a b/c']) {
			expect(toDataUri(ascii('x'), mime)).toBe('data:application/octet-stream;base64,eA==')
		}
	})

	test('decodes back through decodeBase64', () => {
		const bytes = randomBytes(33)
		const { bytes: back, info } = decodeBase64(toDataUri(bytes, 'image/png'))
		expect(back).toEqual(bytes)
		expect(info.dataUriMime).toBe('image/png')
	})
})
