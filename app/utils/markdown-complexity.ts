/**
 * The one complexity check for Markdown, run on the text before marked reads
 * it, by the blog's renderer (app/blog/markdown.server.ts) and by Markdown →
 * DOCX (its page's preview and its converter) alike. It decides by the input
 * alone, so the same text is refused on every machine, however loaded; the
 * time budgets around marked stay only as a last guard (SECURITY.md K2, H4).
 *
 * What it refuses are the shapes that make marked slow or make it recurse
 * without end: containers nested far deeper than any document needs (`>` or
 * list markers, or indentation); paragraphs with thousands of emphasis
 * delimiters, whose inline pass is quadratic (`*_a` × 10,000 takes 13 s on
 * these machines; 5,000 delimiters in one paragraph take under half a
 * second); and tables with hundreds of thousands of cells (200,000 cells take
 * about 1.5 s and 200 MB, most of it marked's tokens).
 *
 * Here in app/utils/ because both the blog (a domain) and the converter (a
 * tool) use it, and neither may import the other's internals: it imports
 * nothing, and each caller turns a problem into its own 422.
 */

/** Block quotes and lists nested in one another, at most. */
export const MAX_NESTING = 64
/** Columns of indentation a line may have (a list nested 64 deep needs about 200). */
export const MAX_INDENT = 320
/** `*` and `_` in one paragraph, outside code fences and table rows. */
export const MAX_DELIMITERS = 5000
/** Table cells in one document, header rows included. */
export const MAX_TABLE_CELLS = 250_000

export type MarkdownComplexity = {
	reason: 'nesting' | 'indent' | 'emphasis' | 'table-cells'
	/** The 1-based line it was found on (of the whole document: `firstLine` is the first line's number). */
	line: number
	limit: number
	message: string
}

/** A GFM table's delimiter row (`|---|:-:|`, `--|--`), without its container prefix. */
const DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

/** The cells of a delimiter row: its groups of dashes. */
function columnsOf(row: string): number {
	return row.split('|').filter((cell) => /-/.test(cell)).length
}

/**
 * The first problem found in `markdown`, or null when marked may read it.
 * `firstLine`: the number of its first line in the whole document (after
 * front matter that was taken off).
 */
export function findMarkdownComplexity(markdown: string, firstLine = 1): MarkdownComplexity | null {
	let fence: string | null = null
	let delimiters = 0
	let paragraphStart = 0
	let tableColumns = 0
	let cells = 0
	let previous = ''
	const lines = markdown.split('\n')
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index]!
		const lineNumber = index + firstLine
		const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
		if (fence) {
			if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null
			continue
		}
		if (fenceMatch) {
			fence = fenceMatch[1]!
			tableColumns = 0
			continue
		}
		// Container prefixes: spaces, '>' and list markers, counted until the text starts.
		let column = 0
		let depth = 0
		let at = 0
		let quoted = 0
		while (at < line.length) {
			const char = line[at]!
			if (char === ' ') column++
			else if (char === '\t') column += 4 - (column % 4)
			else if (char === '>') {
				depth++
				quoted = at + 1
			} else if ((char === '-' || char === '*' || char === '+') && (line[at + 1] === ' ' || line[at + 1] === '\t')) depth++
			else if (char >= '0' && char <= '9') {
				const marker = /^\d{1,9}[.)](?=[ \t])/.exec(line.slice(at, at + 11))
				if (!marker) break
				depth++
				at += marker[0].length - 1
			} else break
			at++
			if (depth > MAX_NESTING) {
				return { reason: 'nesting', line: lineNumber, limit: MAX_NESTING, message: `The Markdown nests block quotes or lists more than ${MAX_NESTING} levels deep (line ${lineNumber}).` }
			}
			if (column > MAX_INDENT) {
				return { reason: 'indent', line: lineNumber, limit: MAX_INDENT, message: `A line of the Markdown is indented more than ${MAX_INDENT} columns (line ${lineNumber}).` }
			}
		}
		// The line without its block quote markers, for the table rules.
		const content = line.slice(quoted).trim()
		if (content === '') {
			delimiters = 0
			paragraphStart = index
			tableColumns = 0
			previous = ''
			continue
		}
		if (tableColumns > 0) {
			// A row of the table: marked gives it as many cells as the header has.
			cells += tableColumns
		} else if (previous.includes('|') && content.includes('-') && DELIMITER_ROW.test(content) && (content.includes('|') || previous.includes('|'))) {
			// The delimiter row under a header row starts a table: the header's cells, then one row per line.
			tableColumns = columnsOf(content)
			cells += tableColumns
		}
		if (cells > MAX_TABLE_CELLS) {
			return {
				reason: 'table-cells',
				line: lineNumber,
				limit: MAX_TABLE_CELLS,
				message: `The tables have more than ${MAX_TABLE_CELLS.toLocaleString('en-US')} cells in all (${cells.toLocaleString('en-US')} cells by line ${lineNumber}).`,
			}
		}
		previous = content
		if (tableColumns > 0 || content.startsWith('|')) continue
		for (let i = 0; i < line.length; i++) {
			const code = line.charCodeAt(i)
			if (code === 0x2a || code === 0x5f) delimiters++
		}
		if (delimiters > MAX_DELIMITERS) {
			const line = paragraphStart + firstLine + (paragraphStart === 0 ? 0 : 1)
			return {
				reason: 'emphasis',
				line,
				limit: MAX_DELIMITERS,
				message: `A paragraph has more than ${MAX_DELIMITERS.toLocaleString('en-US')} emphasis marks (* or _) (from line ${line}).`,
			}
		}
	}
	return null
}
