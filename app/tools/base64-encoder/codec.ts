/**
 * Base64 (RFC 4648) bytes ⇄ text, fast enough for 50 MB files in a Web
 * Worker: table lookups writing into a `Uint8Array`, turned into a string
 * once with `TextDecoder` (Base64 is ASCII, so UTF-8 decoding is exact and is
 * the path engines optimise most). Work is done in chunks so a caller can
 * report progress (`onProgress(fraction)`).
 *
 * Encoding uses `Uint8Array.prototype.toBase64` where the engine has it
 * (Chromium 140+, Firefox 133+, Safari 18.2+; not Node 20–24) for unwrapped
 * output; the pure loop is the fallback and gives identical text.
 *
 * Decoding is always the pure loop, because it must name the first bad
 * character and its position (Node's `Buffer.from(text, 'base64')` silently
 * skips bad characters; `atob` says only "invalid character"):
 *
 * - Whitespace and line breaks are ignored, and so is a leading
 *   `data:[<type>];base64,` prefix.
 * - Lenient (default): both alphabets (`+/` and `-_`, even mixed), padding
 *   optional, `=` may end a group in the middle (concatenated Base64).
 *   Characters that are not Base64 at all (`!`, `é`, `.`) are still errors.
 * - Strict: only the chosen alphabet; padding exactly as the `padding`
 *   option says (required when on, refused when off); nothing after the
 *   padding; the unused bits of the last character must be zero
 *   (RFC 4648 §3.5, so every byte string has exactly one encoding).
 * - Either way, a single character left over at the end (6 bits, not a
 *   byte) means the text was cut short: an error.
 *
 * Positions in errors: `offset` is the 0-based UTF-16 index in the text as
 * given (data: prefix included); `line`/`column` are 1-based.
 *
 * Line wrapping (`wrap`) follows MIME (RFC 2045 §6.8): lines of 76
 * characters. The line break is "\n" by default rather than MIME's "\r\n":
 * the output is shown in a text area, and browsers turn "\r\n" into "\n" in
 * a text area's value anyway, so "\n" keeps the page's character counts and
 * downloads consistent. `lineBreak: '\r\n'` gives MIME's exactly. There is
 * no line break after the last line.
 */
import { positionAt, ToolError, type ToolProblem } from '#app/tools/kit/core.ts'
import { describeCharacter, where } from '#app/tools/shared/text.ts'

export type Base64Alphabet = 'standard' | 'url'

export type EncodeOptions = {
	alphabet?: Base64Alphabet
	padding?: boolean
	/** MIME line wrapping: lines of 76 characters. */
	wrap?: boolean
	/** Line break used by `wrap`: "\n" (default) or "\r\n" (MIME). */
	lineBreak?: '\n' | '\r\n'
	/** Use `Uint8Array.prototype.toBase64` when the engine has it (default true). */
	native?: boolean
}

export type DecodeOptions = {
	/** Strict RFC 4648 checking (see the module comment). */
	strict?: boolean
	/** The alphabet strict mode requires; lenient mode accepts both. */
	alphabet?: Base64Alphabet
	/** Whether strict mode requires padding (true) or refuses it (false). */
	padding?: boolean
}

export type ProgressCallback = (fraction: number) => void

/** What decoding found out besides the bytes, for the page's notes. */
export type DecodeInfo = {
	/** The media type of a `data:` prefix, '' when none was given; null without a prefix. */
	dataUriMime: string | null
	/** Characters of each alphabet seen (`+/`: standard, `-_`: URL-safe). */
	usedStandard: boolean
	usedUrlSafe: boolean
	/** The last group had no padding. */
	missingPadding: boolean
	/** Whitespace or line breaks were skipped. */
	hadWhitespace: boolean
}

export const MIME_LINE_LENGTH = 76

const STANDARD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const URL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const PAD = 0x3d // '='

function charCodes(chars: string): Uint8Array {
	const codes = new Uint8Array(64)
	for (let index = 0; index < 64; index++) codes[index] = chars.charCodeAt(index)
	return codes
}

const ENCODE_TABLES: Record<Base64Alphabet, Uint8Array> = {
	standard: charCodes(STANDARD_CHARS),
	url: charCodes(URL_CHARS),
}

/** 12 bits → their two characters as one little-endian 16-bit value. */
function pairTable(codes: Uint8Array): Uint16Array {
	const pairs = new Uint16Array(4096)
	for (let index = 0; index < 4096; index++) pairs[index] = codes[index >>> 6]! | (codes[index & 63]! << 8)
	return pairs
}

const PAIR_TABLES: Record<Base64Alphabet, Uint16Array> = {
	standard: pairTable(ENCODE_TABLES.standard),
	url: pairTable(ENCODE_TABLES.url),
}

/** Every engine this runs on is little-endian, but the 32-bit path checks rather than assumes. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** Input bytes per chunk between progress reports: a multiple of 3 and of 57 (one MIME line). */
const ENCODE_CHUNK = 57 * 65536

/** The length of the Base64 text for `byteLength` bytes. */
export function encodedLength(byteLength: number, options: EncodeOptions = {}): number {
	const { padding = true, wrap = false, lineBreak = '\n' } = options
	const remainder = byteLength % 3
	const chars = Math.floor(byteLength / 3) * 4 + (remainder === 0 ? 0 : padding ? 4 : remainder + 1)
	if (!wrap || chars === 0) return chars
	return chars + (Math.ceil(chars / MIME_LINE_LENGTH) - 1) * lineBreak.length
}

type NativeToBase64 = (this: Uint8Array, options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean }) => string

function nativeToBase64(): NativeToBase64 | null {
	const method = (Uint8Array.prototype as { toBase64?: NativeToBase64 }).toBase64
	return typeof method === 'function' ? method : null
}

/** Whether this engine has `Uint8Array.prototype.toBase64`. */
export function hasNativeBase64(): boolean {
	return nativeToBase64() !== null
}

/** `bytes` as Base64 text. */
export function encodeBytes(bytes: Uint8Array, options: EncodeOptions = {}, onProgress?: ProgressCallback): string {
	const { alphabet = 'standard', padding = true, wrap = false, lineBreak = '\n', native = true } = options
	const toBase64 = native && !wrap ? nativeToBase64() : null
	if (toBase64) {
		const settings = { alphabet: alphabet === 'url' ? ('base64url' as const) : ('base64' as const), omitPadding: !padding }
		if (bytes.length <= ENCODE_CHUNK) {
			const text = toBase64.call(bytes, settings)
			onProgress?.(1)
			return text
		}
		// Chunks are whole groups of 3 bytes, so only the last can carry padding.
		const parts: Array<string> = []
		for (let start = 0; start < bytes.length; start += ENCODE_CHUNK) {
			parts.push(toBase64.call(bytes.subarray(start, start + ENCODE_CHUNK), settings))
			onProgress?.(Math.min(1, (start + ENCODE_CHUNK) / bytes.length))
		}
		return parts.join('')
	}

	const table = ENCODE_TABLES[alphabet]
	const out = new Uint8Array(encodedLength(bytes.length, { padding, wrap, lineBreak }))
	const length = bytes.length
	const whole = length - (length % 3)
	let o = 0
	if (!wrap && LITTLE_ENDIAN) {
		// Unwrapped: each group of 3 bytes is one 32-bit write of 4 characters.
		const pairs = PAIR_TABLES[alphabet]
		const words = new Uint32Array(out.buffer, 0, out.length >>> 2)
		let w = 0
		for (let chunkStart = 0; chunkStart < whole; chunkStart += ENCODE_CHUNK) {
			const chunkEnd = Math.min(chunkStart + ENCODE_CHUNK, whole)
			for (let i = chunkStart; i < chunkEnd; i += 3) {
				const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
				words[w++] = pairs[triple >>> 12]! | (pairs[triple & 4095]! << 16)
			}
			if (chunkEnd < whole) onProgress?.(chunkEnd / length)
		}
		o = w * 4
	} else {
		const lineBytes = wrap ? (MIME_LINE_LENGTH / 4) * 3 : ENCODE_CHUNK
		const breakFirst = lineBreak.charCodeAt(0)
		const breakSecond = lineBreak.length > 1 ? lineBreak.charCodeAt(1) : -1
		let nextReport = ENCODE_CHUNK
		for (let lineStart = 0; lineStart < whole; lineStart += lineBytes) {
			if (wrap && lineStart > 0) {
				out[o++] = breakFirst
				if (breakSecond !== -1) out[o++] = breakSecond
			}
			const lineEnd = Math.min(lineStart + lineBytes, whole)
			for (let i = lineStart; i < lineEnd; i += 3) {
				const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
				out[o] = table[triple >>> 18]!
				out[o + 1] = table[(triple >>> 12) & 63]!
				out[o + 2] = table[(triple >>> 6) & 63]!
				out[o + 3] = table[triple & 63]!
				o += 4
			}
			if (onProgress && lineEnd >= nextReport && lineEnd < whole) {
				onProgress(lineEnd / length)
				nextReport += ENCODE_CHUNK
			}
		}
		// A last partial group starts a new line when the whole groups filled the last one exactly.
		if (wrap && whole > 0 && length > whole && whole % lineBytes === 0) {
			out[o++] = breakFirst
			if (breakSecond !== -1) out[o++] = breakSecond
		}
	}
	const remainder = length - whole
	if (remainder > 0) {
		const first = bytes[whole]!
		const second = remainder === 2 ? bytes[whole + 1]! : 0
		out[o++] = table[first >>> 2]!
		out[o++] = table[((first & 3) << 4) | (second >>> 4)]!
		if (remainder === 2) out[o++] = table[(second & 15) << 2]!
		else if (padding) out[o++] = PAD
		if (padding) out[o++] = PAD
	}
	onProgress?.(1)
	return ascii(out)
}

const asciiDecoder = new TextDecoder('utf-8')

/** ASCII bytes to a string: UTF-8 decoding of ASCII is the identity, and engines make it fast. */
function ascii(bytes: Uint8Array): string {
	return asciiDecoder.decode(bytes)
}

/**
 * A `data:` URI holding `bytes`. `mime` must look like `type/subtype`
 * (parameters allowed, e.g. `text/plain;charset=utf-8`); anything else is
 * replaced by `application/octet-stream` so the URI stays well formed.
 */
export function toDataUri(bytes: Uint8Array, mime: string, onProgress?: ProgressCallback): string {
	return `data:${safeMime(mime)};base64,${encodeBytes(bytes, {}, onProgress)}`
}

const TOKEN = /^[A-Za-z0-9!#$&^_.+-]+$/
const PARAMETER_VALUE = /^(?:[A-Za-z0-9!#$&^_.+-]+|"[^"\\\r\n]*")$/

function safeMime(mime: string): string {
	const [type = '', ...parameters] = mime.trim().split(';')
	const slash = type.indexOf('/')
	const valid =
		slash > 0 &&
		TOKEN.test(type.slice(0, slash)) &&
		TOKEN.test(type.slice(slash + 1)) &&
		parameters.every((parameter) => {
			const equals = parameter.indexOf('=')
			return equals > 0 && TOKEN.test(parameter.slice(0, equals).trim()) && PARAMETER_VALUE.test(parameter.slice(equals + 1).trim())
		})
	if (!valid) return 'application/octet-stream'
	return [type.toLowerCase(), ...parameters.map((parameter) => parameter.trim())].join(';')
}

// ---------------------------------------------------------------------------
// Decoding

/** Lookup values for bytes (UTF-8, so any non-ASCII character is BAD): 0–63 digits, then these. */
const SPACE = 0x40
const EQUALS = 0x41
const BAD = 0x80
const DECODE = new Uint8Array(256).fill(BAD)
for (let index = 0; index < 64; index++) {
	DECODE[STANDARD_CHARS.charCodeAt(index)] = index
	DECODE[URL_CHARS.charCodeAt(index)] = index
}
for (const code of [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]) DECODE[code] = SPACE
DECODE[PAD] = EQUALS

/** Characters read at a time while decoding (and between progress reports). */
const DECODE_CHUNK = 1024 * 1024

/** Bytes from Base64 text; a `ToolError` naming the first problem and where it is. */
export function decodeToBytes(text: string, options: DecodeOptions = {}, onProgress?: ProgressCallback): Uint8Array {
	return decodeBase64(text, options, onProgress).bytes
}

/** `decodeToBytes` plus what the decoder noticed (alphabet, padding, data: prefix). */
export function decodeBase64(text: string, options: DecodeOptions = {}, onProgress?: ProgressCallback): { bytes: Uint8Array; info: DecodeInfo } {
	const { strict = false, alphabet = 'standard', padding = true } = options
	const { start, mime } = dataUriStart(text)
	const end = text.length
	const out = new Uint8Array(Math.floor(((end - start) * 3) / 4) + 3)
	const info: DecodeInfo = {
		dataUriMime: mime,
		usedStandard: false,
		usedUrlSafe: false,
		missingPadding: false,
		hadWhitespace: false,
	}
	// In strict mode the first character of the other alphabet is an error,
	// unless an earlier problem is found first.
	const wrongAlphabetAt = strict ? firstOf(text, start, alphabet === 'url' ? '+/' : '-_') : -1
	const fail = (offset: number, message: (at: string) => string): never => {
		if (wrongAlphabetAt !== -1 && wrongAlphabetAt < offset) throw wrongAlphabetError(text, wrongAlphabetAt, alphabet)
		throw decodeError(text, offset, message)
	}
	const invalidCharacter = (offset: number): never => {
		const codePoint = text.codePointAt(offset) ?? 0
		return fail(
			offset,
			(at) =>
				`Invalid character ${describeCharacter(codePoint)} at ${at}: Base64 uses only A–Z, a–z, 0–9, + and / (or - and _ in the URL-safe alphabet), with = as padding.`,
		)
	}

	let o = 0
	let pending = 0 // characters of the current group (0–3)
	let bits = 0
	let lastDigit = -1 // offset of the last Base64 digit
	let finished = false
	// The text is read a chunk at a time into bytes (native and fast), and the
	// bytes are decoded: much faster than charCodeAt. Base64 is ASCII, so byte
	// j of a chunk is character j until the first non-ASCII character, which
	// is an error anyway.
	const encoder = new TextEncoder()
	const buffer = new Uint8Array(Math.min(DECODE_CHUNK, end - start))
	for (let chunkStart = start; chunkStart < end && !finished; chunkStart += DECODE_CHUNK) {
		const chunkLength = Math.min(DECODE_CHUNK, end - chunkStart)
		const { read, written } = encoder.encodeInto(text.slice(chunkStart, chunkStart + chunkLength), buffer)
		let j = 0
		while (j < written) {
			if (pending === 0) {
				// Fast path: whole groups of four plain digits.
				const stop = written - 3
				while (j < stop) {
					const v0 = DECODE[buffer[j]!]!
					const v1 = DECODE[buffer[j + 1]!]!
					const v2 = DECODE[buffer[j + 2]!]!
					const v3 = DECODE[buffer[j + 3]!]!
					if ((v0 | v1 | v2 | v3) & 0xc0) break
					out[o] = (v0 << 2) | (v1 >>> 4)
					out[o + 1] = ((v1 & 15) << 4) | (v2 >>> 2)
					out[o + 2] = ((v2 & 3) << 6) | v3
					o += 3
					j += 4
				}
				if (j >= written) break
			}

			// Slow path: one character.
			const code = buffer[j]!
			const value = DECODE[code]!
			const i = chunkStart + j
			if (value < 64) {
				bits = (bits << 6) | value
				lastDigit = i
				if (++pending === 4) {
					out[o] = bits >>> 16
					out[o + 1] = (bits >>> 8) & 255
					out[o + 2] = bits & 255
					o += 3
					pending = 0
					bits = 0
				}
			} else if (value === SPACE) {
				info.hadWhitespace = true
			} else if (value === EQUALS) {
				if (strict) {
					if (!padding) {
						fail(i, (at) => `Unexpected padding '=' at ${at}: padding is turned off, so strict mode allows none.`)
					}
					if (pending < 2) {
						fail(i, (at) =>
							pending === 0
								? `Unexpected padding '=' at ${at}: padding only completes a group of 2 or 3 characters, and the group before it is complete.`
								: `Unexpected padding '=' at ${at}: a group needs at least 2 characters before its padding (one character holds only 6 of a byte's 8 bits).`,
						)
					}
					strictPadding(text, i, end, pending, fail)
					checkUnusedBits(text, lastDigit, pending, bits, fail)
					o = flush(out, o, pending, bits)
					pending = 0
					finished = true
					break
				}
				if (pending === 1) {
					fail(lastDigit, (at) => `Base64 cut short at ${at}: a group of one character before '=' holds only 6 of a byte's 8 bits.`)
				}
				o = flush(out, o, pending, bits)
				pending = 0
				bits = 0
			} else {
				invalidCharacter(i)
			}
			j++
		}
		// A non-ASCII character that did not fit in the buffer: the first one in this chunk.
		if (!finished && read < chunkLength) invalidCharacter(chunkStart + read)
		if (!finished && chunkStart + chunkLength < end) onProgress?.((chunkStart + chunkLength - start) / (end - start))
	}

	if (pending === 1) {
		fail(lastDigit, (at) => `Base64 cut short at ${at}: the last group has a single character, which holds only 6 of a byte's 8 bits.`)
	}
	if (pending > 1) {
		if (strict && padding) {
			const needed = '='.repeat(4 - pending)
			fail(lastDigit + 1, (at) => `Missing padding at ${at}: the last group has ${pending} characters and needs '${needed}' after it.`)
		}
		if (strict) checkUnusedBits(text, lastDigit, pending, bits, fail)
		o = flush(out, o, pending, bits)
		info.missingPadding = true
	}
	if (wrongAlphabetAt !== -1) throw wrongAlphabetError(text, wrongAlphabetAt, alphabet)
	// Native scans, cheaper than tracking the alphabet in the loop.
	info.usedStandard = firstOf(text, start, '+/') !== -1
	info.usedUrlSafe = firstOf(text, start, '-_') !== -1
	onProgress?.(1)
	// Keep a much larger buffer out of memory when whitespace made the estimate generous.
	const bytes = out.length - o > 65536 ? out.slice(0, o) : out.subarray(0, o)
	return { bytes, info }
}

/** Writes the 1 or 2 bytes of a final group of 2 or 3 characters. */
function flush(out: Uint8Array, o: number, pending: number, bits: number): number {
	if (pending === 2) {
		out[o++] = (bits >>> 4) & 255
	} else if (pending === 3) {
		out[o++] = (bits >>> 10) & 255
		out[o++] = (bits >>> 2) & 255
	}
	return o
}

type Fail = (offset: number, message: (at: string) => string) => never

/** Strict padding from the first '=' at `i`: exactly 4 − pending of them, then only whitespace. */
function strictPadding(text: string, i: number, end: number, pending: number, fail: Fail): void {
	const needed = 4 - pending
	let count = 0
	let lastPad = i
	for (; i < end; i++) {
		const code = text.charCodeAt(i)
		if (code === PAD) {
			lastPad = i
			if (++count > needed) {
				fail(i, (at) => `Too much padding at ${at}: a group of ${pending} characters takes ${needed === 1 ? "one '='" : "two '='"}.`)
			}
		} else if (code > 0x7f || DECODE[code] !== SPACE) {
			if (count < needed) {
				fail(i, (at) => `Incomplete padding at ${at}: a group of ${pending} characters takes ${needed === 1 ? "one '='" : "two '='"}.`)
			}
			fail(i, (at) => `Unexpected ${describeCharacter(text.codePointAt(i) ?? code)} at ${at}: nothing may follow the padding.`)
		}
	}
	if (count < needed) {
		fail(lastPad + 1, (at) => `Incomplete padding at ${at}: a group of ${pending} characters takes ${needed === 1 ? "one '='" : "two '='"}.`)
	}
}

/** RFC 4648 §3.5: the bits of the last character that make no byte must be zero. */
function checkUnusedBits(text: string, lastDigit: number, pending: number, bits: number, fail: Fail): void {
	const unused = pending === 2 ? bits & 15 : bits & 3
	if (unused !== 0) {
		const char = text[lastDigit] ?? ''
		fail(lastDigit, (at) => `Non-canonical Base64 at ${at}: the last character '${char}' sets bits that belong to no byte (RFC 4648 §3.5).`)
	}
}

function decodeError(text: string, offset: number, message: (at: string) => string): ToolError {
	const position = positionAt(text, offset)
	const problem: ToolProblem = { message: message(where(position)), offset, ...position }
	return new ToolError(problem.message, { ...problem, errors: [problem] })
}

function wrongAlphabetError(text: string, offset: number, alphabet: Base64Alphabet): ToolError {
	const char = text[offset] ?? ''
	return decodeError(text, offset, (at) =>
		alphabet === 'url'
			? `'${char}' at ${at} belongs to the standard alphabet, but the URL-safe alphabet (- and _) is selected.`
			: `'${char}' at ${at} belongs to the URL-safe alphabet, but the standard alphabet (+ and /) is selected.`,
	)
}

function firstOf(text: string, from: number, chars: string): number {
	let first = -1
	for (const char of chars) {
		const index = text.indexOf(char, from)
		if (index !== -1 && (first === -1 || index < first)) first = index
	}
	return first
}

/**
 * Where the Base64 starts: after leading whitespace, and after a
 * `data:[<type>];base64,` prefix when there is one. A `data:` URI without
 * `;base64` holds percent-encoded text, not Base64: an error.
 */
function dataUriStart(text: string): { start: number; mime: string | null } {
	let start = 0
	while (start < text.length) {
		const code = text.charCodeAt(start)
		if (code > 0x7f || DECODE[code] !== SPACE) break
		start++
	}
	if (text.slice(start, start + 5).toLowerCase() !== 'data:') return { start, mime: null }
	const comma = text.indexOf(',', start + 5)
	if (comma === -1) {
		throw decodeError(text, start, (at) => `Incomplete data: URI at ${at}: there is no comma before the data.`)
	}
	const header = text.slice(start + 5, comma)
	if (!/;\s*base64\s*$/i.test(header)) {
		throw decodeError(
			text,
			start,
			(at) => `The data: URI at ${at} is not Base64 (there is no ';base64' before the comma): its data is percent-encoded text. Use the URL decoder.`,
		)
	}
	const mime = header.slice(0, header.lastIndexOf(';')).trim()
	return { start: comma + 1, mime }
}
