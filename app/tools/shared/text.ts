/**
 * Text helpers several tools share: counting characters, finding lone
 * surrogates, naming a character and a position for a message. Pure: no
 * DOM, no Node APIs. A tool imports these from here, never from another
 * tool's folder.
 */
import { positionAt, type ToolProblem } from '#app/tools/kit/core.ts'

/** Characters as people count them: code points (an emoji is one, not two UTF-16 units). */
export function countCodePoints(input: string): number {
	let count = input.length
	for (let i = 0; i < input.length; i++) {
		const unit = input.charCodeAt(i)
		// A high surrogate followed by a low one is a single code point.
		if (unit >= 0xd800 && unit <= 0xdbff) {
			const next = input.charCodeAt(i + 1)
			if (next >= 0xdc00 && next <= 0xdfff) {
				count--
				i++
			}
		}
	}
	return count
}

/** UTF-16 offset of the first lone surrogate in `text`, or -1. */
export function findLoneSurrogate(text: string, from = 0): number {
	for (let index = from; index < text.length; index++) {
		const unit = text.charCodeAt(index)
		if (unit < 0xd800 || unit > 0xdfff) continue
		if (unit <= 0xdbff) {
			const next = text.charCodeAt(index + 1)
			if (next >= 0xdc00 && next <= 0xdfff) {
				index++
				continue
			}
		}
		return index
	}
	return -1
}

/** Whether `text` has no lone surrogates (fast native check when there is one). */
export function isWellFormedText(text: string): boolean {
	const native = (text as { isWellFormed?: () => boolean }).isWellFormed
	return typeof native === 'function' ? native.call(text) : findLoneSurrogate(text) === -1
}

/** "U+00E9", "U+1F600". */
export function codePointLabel(codePoint: number): string {
	return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * A character named for a message: `'é' (U+00E9)`, or just `U+200B` for
 * characters that would not show (controls, spaces, invisible formatting,
 * lone surrogates).
 */
export function describeCharacter(codePoint: number): string {
	const label = codePointLabel(codePoint)
	if (isInvisible(codePoint)) return label
	return `'${String.fromCodePoint(codePoint)}' (${label})`
}

function isInvisible(codePoint: number): boolean {
	return (
		codePoint <= 0x20 ||
		(codePoint >= 0x7f && codePoint <= 0xa0) ||
		codePoint === 0xad ||
		(codePoint >= 0xd800 && codePoint <= 0xdfff) ||
		(codePoint >= 0x2000 && codePoint <= 0x200f) ||
		(codePoint >= 0x2028 && codePoint <= 0x202f) ||
		(codePoint >= 0x2060 && codePoint <= 0x206f) ||
		codePoint === 0x3000 ||
		codePoint === 0xfeff ||
		(codePoint >= 0xfff0 && codePoint <= 0xfffb)
	)
}

/** The problem at `offset` with its 1-based line and column. */
export function problemAt(text: string, offset: number, message: string): ToolProblem {
	return { message, offset, ...positionAt(text, offset) }
}

/** "line 2, column 5". */
export function where(problem: { line?: number; column?: number }): string {
	return `line ${problem.line}, column ${problem.column}`
}
