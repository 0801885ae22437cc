/**
 * Percent-encoding and -decoding (RFC 3986 §2.1, WHATWG URL "percent-decode"
 * and application/x-www-form-urlencoded).
 *
 * Decoding is our own, not `decodeURIComponent`: that only says "URI
 * malformed", while this names every bad escape and its position, and tells
 * an escape that is not hex (`%zz`), one cut short (`%`, `%A`) and escapes
 * that are hex but not UTF-8 (`%C3%28`, `%80`, `%E0%80%80`) apart.
 * Positions: `offset` is the 0-based UTF-16 index of the escape's `%`;
 * `line`/`column` are 1-based.
 *
 * Scans are plain loops: no regular expression with nested quantifiers, so
 * no input can make them backtrack.
 */
import { positionAt, ToolError, type ToolProblem } from '#app/tools/kit/core.ts'
import { codePointLabel, findLoneSurrogate, isWellFormedText, where } from '#app/tools/shared/text.ts'

export const encodeModeIds = ['component', 'uri', 'rfc3986', 'form'] as const
export type EncodeMode = (typeof encodeModeIds)[number]

/** At most this many problems are listed in an error's `details.errors`. */
const MAX_PROBLEMS = 100

// ---------------------------------------------------------------------------
// Encoding

/**
 * `text` percent-encoded:
 * - `component`: `encodeURIComponent` (everything but A–Z a–z 0–9 `-_.!~*'()`);
 * - `uri`: `encodeURI` (also keeps `;,/?:@&=+$#`, for a whole URL);
 * - `rfc3986`: `component` plus `!'()*`, so only RFC 3986's unreserved
 *   characters (A–Z a–z 0–9 `-._~`) stay;
 * - `form`: application/x-www-form-urlencoded as `URLSearchParams` writes it
 *   (A–Z a–z 0–9 `*-._` stay, space becomes `+`).
 *
 * A lone surrogate (half an emoji) cannot be encoded in UTF-8:
 * `encodeURIComponent` throws "URI malformed"; this throws a `ToolError`
 * naming its position.
 */
export function percentEncode(text: string, mode: EncodeMode): string {
	if (!isWellFormedText(text)) {
		const offset = findLoneSurrogate(text)
		const position = positionAt(text, offset)
		const problem: ToolProblem = {
			message: `Lone surrogate ${codePointLabel(text.charCodeAt(offset))} at ${where(position)}: it is half of a character (an emoji cut in two?) and cannot be percent-encoded.`,
			offset,
			...position,
		}
		throw new ToolError(problem.message, { ...problem, errors: [problem] })
	}
	switch (mode) {
		case 'component':
			return encodeURIComponent(text)
		case 'uri':
			return encodeURI(text)
		case 'rfc3986':
			return encodeURIComponent(text).replace(/[!'()*]/g, hexEscape)
		case 'form':
			return encodeURIComponent(text).replace(/[!'()~]|%20/g, (match) => (match === '%20' ? '+' : hexEscape(match)))
	}
}

function hexEscape(char: string): string {
	return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
}

// ---------------------------------------------------------------------------
// Decoding

export type DecodeOptions = {
	/** `+` means a space (form data, query strings). */
	plusAsSpace?: boolean
	/**
	 * Leave escapes of URI delimiters (`;/?:@&=+$,#`) as they are, as
	 * `decodeURI` does, so a decoded URL keeps its structure.
	 */
	keepReserved?: boolean
}

/** Bytes that `decodeURI` leaves escaped: the URI delimiters `;/?:@&=+$,#`. */
const RESERVED = new Uint8Array(128)
for (const char of ';/?:@&=+$,#') RESERVED[char.charCodeAt(0)] = 1

const HEX_VALUE = new Int8Array(128).fill(-1)
for (let digit = 0; digit < 16; digit++) {
	HEX_VALUE['0123456789abcdef'.charCodeAt(digit)] = digit
	HEX_VALUE['0123456789ABCDEF'.charCodeAt(digit)] = digit
}

function hexValue(code: number): number {
	return code < 128 ? HEX_VALUE[code]! : -1
}

/**
 * `text` with its percent-escapes decoded as UTF-8. Every malformed escape
 * is found (up to 100) and the first is the `ToolError`'s message, with
 * `details.sequence` the offending text.
 */
export function percentDecode(text: string, options: DecodeOptions = {}): string {
	const { plusAsSpace = false, keepReserved = false } = options
	const parts: Array<string> = []
	const problems: Array<ToolProblem & { sequence: string }> = []
	let problemCount = 0
	const report = (offset: number, length: number, message: (sequence: string, at: string) => string) => {
		problemCount++
		if (problems.length >= MAX_PROBLEMS) return
		const sequence = text.slice(offset, offset + length)
		const position = positionAt(text, offset)
		problems.push({ message: message(sequence, where(position)), offset, ...position, sequence })
	}

	let literalStart = 0
	let index = 0
	const length = text.length
	while (index < length) {
		const code = text.charCodeAt(index)
		if (code === 0x2b && plusAsSpace) {
			parts.push(text.slice(literalStart, index), ' ')
			literalStart = ++index
			continue
		}
		if (code !== 0x25) {
			index++
			continue
		}
		parts.push(text.slice(literalStart, index))

		// A run of escapes %XX%XX…, read as bytes, then decoded as UTF-8.
		const bytes: Array<number> = []
		const offsets: Array<number> = []
		while (index < length && text.charCodeAt(index) === 0x25) {
			const high = hexValue(text.charCodeAt(index + 1))
			const low = hexValue(text.charCodeAt(index + 2))
			if (high !== -1 && low !== -1) {
				bytes.push((high << 4) | low)
				offsets.push(index)
				index += 3
				continue
			}
			// Not an escape: '%' cut short, or followed by something other than hex.
			const cutShort = index + 1 >= length || (high !== -1 && index + 2 >= length)
			report(index, escapeLength(text, index), (sequence, at) =>
				cutShort
					? `Incomplete percent-escape '${sequence}' at ${at}: '%' must be followed by two hex digits (write %25 for a literal %).`
					: `Invalid percent-escape '${sequence}' at ${at}: '%' must be followed by two hex digits 0–9 A–F (write %25 for a literal %).`,
			)
			break
		}
		parts.push(decodeUtf8Run(text, bytes, offsets, keepReserved, report))
		if (index < length && text.charCodeAt(index) === 0x25) {
			// The bad escape: keep its '%' and go on looking for more problems.
			parts.push('%')
			index++
		}
		literalStart = index
	}
	parts.push(text.slice(literalStart))

	if (problems.length > 0) {
		// A run's bad escape is found before the incomplete UTF-8 sequence ahead of it.
		problems.sort((a, b) => a.offset! - b.offset!)
		const first = problems[0]!
		const more = problemCount > 1 ? ` (${problemCount - 1} more malformed escape${problemCount === 2 ? ' follows' : 's follow'}.)` : ''
		throw new ToolError(`${first.message}${more}`, {
			line: first.line,
			column: first.column,
			offset: first.offset,
			sequence: first.sequence,
			errors: problems,
		})
	}
	return parts.join('')
}

/** The '%' and up to two more characters (whole code points, no spaces or controls), to show a bad escape. */
function escapeLength(text: string, offset: number): number {
	let units = 1
	for (let seen = 0; seen < 2 && offset + units < text.length; seen++) {
		const code = text.charCodeAt(offset + units)
		if (code <= 0x20 || code === 0x7f) break
		units += code >= 0xd800 && code <= 0xdbff ? 2 : 1
	}
	return units
}

type Report = (offset: number, length: number, message: (sequence: string, at: string) => string) => void

function isContinuation(byte: number): boolean {
	return byte >= 0x80 && byte <= 0xbf
}

function hexByte(byte: number): string {
	return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
}

/** Decodes UTF-8 `bytes` (escapes at `offsets` in `text`), reporting each invalid sequence. */
function decodeUtf8Run(text: string, bytes: Array<number>, offsets: Array<number>, keepReserved: boolean, report: Report): string {
	let result = ''
	let k = 0
	while (k < bytes.length) {
		const lead = bytes[k]!
		if (lead < 0x80) {
			result += keepReserved && RESERVED[lead] === 1 ? text.slice(offsets[k]!, offsets[k]! + 3) : String.fromCharCode(lead)
			k++
			continue
		}
		const offset = offsets[k]!
		let need: number
		let min = 0x80
		let max = 0xbf
		if (lead >= 0xc2 && lead <= 0xdf) need = 1
		else if (lead >= 0xe0 && lead <= 0xef) {
			need = 2
			if (lead === 0xe0) min = 0xa0 // shorter forms are overlong
			if (lead === 0xed) max = 0x9f // ED A0–BF would be surrogates
		} else if (lead >= 0xf0 && lead <= 0xf4) {
			need = 3
			if (lead === 0xf0) min = 0x90 // overlong
			if (lead === 0xf4) max = 0x8f // beyond U+10FFFF
		} else {
			// Not a lead byte. Continuation bytes right after it belong to the same bad character.
			let stop = k + 1
			while (stop < bytes.length && stop < k + 4 && isContinuation(bytes[stop]!)) stop++
			const reason =
				lead <= 0xbf
					? `${hexByte(lead)} is a continuation byte with no lead byte before it`
					: lead <= 0xc1
						? `${hexByte(lead)} can only start an overlong (non-shortest) encoding, which UTF-8 forbids`
						: `${hexByte(lead)} never appears in UTF-8`
			report(offset, offsets[stop - 1]! + 3 - offset, (sequence, at) => `Invalid UTF-8 sequence '${sequence}' at ${at}: ${reason}.`)
			k = stop
			continue
		}
		let codePoint = lead & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07)
		let taken = 0
		let bad = false
		for (; taken < need; taken++) {
			const next = bytes[k + 1 + taken]
			if (next === undefined) break
			const low = taken === 0 ? min : 0x80
			const high = taken === 0 ? max : 0xbf
			if (next < low || next > high) {
				bad = true
				break
			}
			codePoint = (codePoint << 6) | (next & 0x3f)
		}
		if (taken === need) {
			result += String.fromCodePoint(codePoint)
			k += need + 1
			continue
		}
		const size = need + 1
		let end = k + 1 + taken // the byte at fault, or the end of the run
		if (bad && isContinuation(bytes[end]!)) {
			// In range for UTF-8 but not after this lead (overlong, surrogate, beyond U+10FFFF):
			// the whole character is the bad sequence.
			const why =
				lead === 0xe0 || lead === 0xf0
					? 'it is an overlong (non-shortest) encoding, which UTF-8 forbids'
					: lead === 0xed
						? 'it would encode a surrogate (U+D800–U+DFFF), which UTF-8 forbids'
						: 'it would encode a code point beyond U+10FFFF'
			while (end < bytes.length && end < k + size && isContinuation(bytes[end]!)) end++
			report(offset, offsets[end - 1]! + 3 - offset, (sequence, at) => `Invalid UTF-8 sequence '${sequence}' at ${at}: ${why}.`)
		} else if (bad) {
			const next = bytes[end]!
			report(
				offset,
				offsets[end]! + 3 - offset,
				(sequence, at) =>
					`Invalid UTF-8 sequence '${sequence}' at ${at}: ${hexByte(lead)} starts a ${size}-byte character, but ${hexByte(next)} is not a continuation byte (%80–%BF).`,
			)
		} else {
			const follow = taken === 0 ? 'no continuation byte follows' : `only ${taken} continuation byte${taken === 1 ? ' follows' : 's follow'}`
			report(
				offset,
				offsets[end - 1]! + 3 - offset,
				(sequence, at) => `Incomplete UTF-8 sequence '${sequence}' at ${at}: ${hexByte(lead)} starts a ${size}-byte character, but ${follow}.`,
			)
		}
		k = end
	}
	return result
}

/** Whether `text` holds at least one valid escape `%XX`. */
export function hasPercentEscape(text: string): boolean {
	for (let index = text.indexOf('%'); index !== -1; index = text.indexOf('%', index + 1)) {
		if (hexValue(text.charCodeAt(index + 1)) !== -1 && hexValue(text.charCodeAt(index + 2)) !== -1) return true
	}
	return false
}

/** The first escape of an encoded percent sign followed by hex (`%2520`, `%253D`), or null. */
export function findDoubleEncoding(text: string): string | null {
	for (let index = text.indexOf('%25'); index !== -1; index = text.indexOf('%25', index + 1)) {
		if (hexValue(text.charCodeAt(index + 3)) !== -1 && hexValue(text.charCodeAt(index + 4)) !== -1) return text.slice(index, index + 5)
	}
	return null
}
