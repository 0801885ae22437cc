/**
 * A quick look at the Markdown before marked reads it, for the shapes that
 * make its lexer slow or make it recurse without end (SECURITY.md K2):
 * containers nested far deeper than any document needs (`>` or list markers,
 * or indentation), and paragraphs with thousands of emphasis delimiters,
 * whose inline pass is quadratic (`*_a` × 10,000 takes 13 s on these
 * machines; 5,000 delimiters in one paragraph take under half a second).
 * Whatever passes still runs with the job's time limit.
 */
import { tooComplex } from '#app/tools/kit/core.ts'

/** Block quotes and lists nested in one another, at most. */
export const MAX_NESTING = 64
/** Columns of indentation a line may have (a list nested 64 deep needs about 200). */
export const MAX_INDENT = 320
/** `*` and `_` in one paragraph, outside code fences and table rows. */
export const MAX_DELIMITERS = 5000

export function checkComplexity(markdown: string, firstLine = 1): void {
	let fence: string | null = null
	let delimiters = 0
	let paragraphStart = 0
	const lines = markdown.split('\n')
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index]!
		const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
		if (fence) {
			if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null
			continue
		}
		if (fenceMatch) {
			fence = fenceMatch[1]!
			continue
		}
		// Container prefixes: spaces, '>' and list markers, counted until the text starts.
		let column = 0
		let depth = 0
		let at = 0
		while (at < line.length) {
			const char = line[at]!
			if (char === ' ') column++
			else if (char === '\t') column += 4 - (column % 4)
			else if (char === '>') depth++
			else if ((char === '-' || char === '*' || char === '+') && (line[at + 1] === ' ' || line[at + 1] === '\t')) depth++
			else if (char >= '0' && char <= '9') {
				const marker = /^\d{1,9}[.)](?=[ \t])/.exec(line.slice(at, at + 11))
				if (!marker) break
				depth++
				at += marker[0].length - 1
			} else break
			at++
			if (depth > MAX_NESTING) throw tooComplex(`The Markdown nests block quotes or lists more than ${MAX_NESTING} levels deep (line ${index + firstLine}).`, { line: index + firstLine, reason: 'nesting', limit: MAX_NESTING })
			if (column > MAX_INDENT) throw tooComplex(`A line of the Markdown is indented more than ${MAX_INDENT} columns (line ${index + firstLine}).`, { line: index + firstLine, reason: 'indent', limit: MAX_INDENT })
		}
		if (/^\s*$/.test(line)) {
			delimiters = 0
			paragraphStart = index
			continue
		}
		if (/^\s*\|/.test(line)) continue
		for (let i = 0; i < line.length; i++) {
			const code = line.charCodeAt(i)
			if (code === 0x2a || code === 0x5f) delimiters++
		}
		if (delimiters > MAX_DELIMITERS) {
			const line = paragraphStart + firstLine + (paragraphStart === 0 ? 0 : 1)
			throw tooComplex(`A paragraph has more than ${MAX_DELIMITERS.toLocaleString('en-US')} emphasis marks (* or _) (from line ${line}).`, { line, reason: 'emphasis', limit: MAX_DELIMITERS })
		}
	}
}
