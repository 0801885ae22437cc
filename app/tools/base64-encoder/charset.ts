/**
 * Text ⇄ bytes in the three character sets the Base64 tool offers, and the
 * small helpers its messages need (naming a character, finding a lone
 * surrogate). Pure: no DOM, no Node APIs; `TextEncoder`/`TextDecoder` exist
 * in browsers, Web Workers and Node alike.
 *
 * Latin-1 here is ISO-8859-1 proper (byte n is U+00nn), not windows-1252,
 * which is what `TextDecoder('latin1')` gives (it maps 0x80–0x9F to € ‚ ƒ …),
 * so it is done by hand in both directions.
 */
import { positionAt, ToolError, type ToolProblem } from '#app/tools/kit/core.ts'
import { codePointLabel, describeCharacter, findLoneSurrogate, isWellFormedText, problemAt, where } from '#app/tools/shared/text.ts'


export const charsetIds = ['utf-8', 'utf-16le', 'latin1'] as const
export type Charset = (typeof charsetIds)[number]

export const charsetLabels: Record<Charset, string> = {
	'utf-8': 'UTF-8',
	'utf-16le': 'UTF-16LE',
	latin1: 'Latin-1 (ISO-8859-1)',
}

/** At most this many problems are listed in an error's `details.errors`. */
const MAX_PROBLEMS = 100

function loneSurrogateError(text: string, offset: number, charset: Charset): ToolError {
	const problem = problemAt(
		text,
		offset,
		`Lone surrogate ${codePointLabel(text.charCodeAt(offset))} at ${where(positionAt(text, offset))}: it is half of a character (an emoji cut in two?) and cannot be encoded as ${charsetLabels[charset]}.`,
	)
	return new ToolError(problem.message, { ...problem, errors: [problem] })
}

/**
 * The bytes of `text` in `charset`. A lone surrogate (UTF-8, UTF-16LE) or a
 * character outside Latin-1 is a `ToolError` naming it and its position:
 * `TextEncoder` would silently write U+FFFD instead.
 */
export function textToBytes(text: string, charset: Charset): Uint8Array {
	if (charset === 'latin1') return latin1Bytes(text)
	if (!isWellFormedText(text)) throw loneSurrogateError(text, findLoneSurrogate(text), charset)
	if (charset === 'utf-8') return new TextEncoder().encode(text)
	const bytes = new Uint8Array(text.length * 2)
	for (let index = 0, out = 0; index < text.length; index++, out += 2) {
		const unit = text.charCodeAt(index)
		bytes[out] = unit & 0xff
		bytes[out + 1] = unit >>> 8
	}
	return bytes
}

function latin1Bytes(text: string): Uint8Array {
	const bytes = new Uint8Array(text.length)
	const problems: Array<ToolProblem> = []
	let outside = 0
	let out = 0
	for (let index = 0; index < text.length; index++) {
		const unit = text.charCodeAt(index)
		if (unit <= 0xff) {
			bytes[out++] = unit
			continue
		}
		const codePoint = text.codePointAt(index) ?? unit
		outside++
		if (problems.length < MAX_PROBLEMS) {
			const position = positionAt(text, index)
			problems.push({
				message: `${describeCharacter(codePoint)} at ${where(position)} is not in Latin-1 (ISO-8859-1), which has only U+0000–U+00FF.`,
				offset: index,
				...position,
			})
		}
		if (codePoint > 0xffff) index++
	}
	if (problems.length > 0) {
		const first = problems[0]!
		const more = outside > 1 ? ` (${outside - 1} more character${outside === 2 ? '' : 's'} outside Latin-1 ${outside === 2 ? 'follows' : 'follow'}.)` : ''
		throw new ToolError(`${first.message} Choose UTF-8 to encode it.${more}`, {
			line: first.line,
			column: first.column,
			offset: first.offset,
			errors: problems,
		})
	}
	return bytes.subarray(0, out)
}

/**
 * `bytes` as text in `charset`, or `null` when they are not text: invalid in
 * the character set (a bad UTF-8 sequence, an odd UTF-16 byte count, a lone
 * surrogate), or holding control characters other than tab, line breaks,
 * form feed and escape (text files do not have NUL or C1 controls; binary
 * files nearly always do). A byte order mark is kept, so encoding the text
 * again gives the same bytes.
 */
export function bytesToText(bytes: Uint8Array, charset: Charset): string | null {
	if (!hasOnlyTextControls(bytes, charset)) return null
	if (charset === 'latin1') return latin1Text(bytes)
	try {
		return new TextDecoder(charset, { fatal: true, ignoreBOM: true }).decode(bytes)
	} catch {
		return null
	}
}

/** Whether `bytes` are text in `charset` (see `bytesToText`). */
export function isValidText(bytes: Uint8Array, charset: Charset): boolean {
	if (!hasOnlyTextControls(bytes, charset)) return false
	if (charset === 'latin1') return true
	try {
		// A streaming decode of a large file would be no faster: TextDecoder is native.
		new TextDecoder(charset, { fatal: true, ignoreBOM: true }).decode(bytes)
		return true
	} catch {
		return false
	}
}

/** C0 controls allowed in text: tab, LF, VT, FF, CR, ESC (ANSI colours). */
const TEXT_CONTROL = new Uint8Array(0x20)
for (const code of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]) TEXT_CONTROL[code] = 1

function isControl(unit: number): boolean {
	return (unit < 0x20 && TEXT_CONTROL[unit] === 0) || (unit >= 0x7f && unit <= 0x9f)
}

function hasOnlyTextControls(bytes: Uint8Array, charset: Charset): boolean {
	const length = bytes.length
	if (charset === 'utf-16le') {
		if (length % 2 !== 0) return false
		for (let index = 0; index < length; index += 2) {
			if (bytes[index + 1] === 0 && isControl(bytes[index]!)) return false
		}
		return true
	}
	if (charset === 'latin1') {
		for (let index = 0; index < length; index++) {
			if (isControl(bytes[index]!)) return false
		}
		return true
	}
	for (let index = 0; index < length; index++) {
		const byte = bytes[index]!
		if (byte < 0x20) {
			if (TEXT_CONTROL[byte] === 0) return false
		} else if (byte === 0x7f) {
			return false
		} else if (byte === 0xc2) {
			// U+0080–U+009F (C1 controls) are C2 80–C2 9F in UTF-8.
			const next = bytes[index + 1] ?? 0
			if (next >= 0x80 && next <= 0x9f) return false
		}
	}
	return true
}

function latin1Text(bytes: Uint8Array): string {
	const parts: Array<string> = []
	const CHUNK = 0x2000
	for (let index = 0; index < bytes.length; index += CHUNK) {
		parts.push(String.fromCharCode.apply(null, bytes.subarray(index, index + CHUNK) as unknown as Array<number>))
	}
	return parts.join('')
}
