/**
 * Page ranges as people type them: `1-3,5,8-` (pages 1 to 3, 5, and 8 to
 * the end), `-4` (1 to 4), spaces anywhere. Pages are numbered from 1. A bad
 * range is a 400 whose `details.fields` names the option (`pages`, `order`,
 * `ranges`) with a message meant for the person who typed it.
 */
import { ToolError } from '#app/tools/kit/core.ts'

/** One range, 1-based and inclusive. */
export type PageRange = { from: number; to: number }

/** The longest range text accepted (a 2,000-page order written out page by page fits). */
export const MAX_RANGES_LENGTH = 12_000

export function rangeError(field: string, message: string): ToolError {
	return new ToolError(`Validation failed: ${field}: ${message}`, { fields: { [field]: message } })
}

const ITEM = /^(\d*)\s*-\s*(\d*)$|^(\d+)$/

/**
 * The ranges `text` names in a document of `pageCount` pages, in the order
 * written. Throws a ToolError for the field `field` when the text is empty,
 * names page 0, goes backwards (`5-2`), beyond the last page, or is not a
 * range at all.
 */
export function parsePageRanges(text: string, pageCount: number, field = 'pages'): Array<PageRange> {
	const fail = (message: string) => rangeError(field, message)
	const trimmed = text.trim()
	if (!trimmed) throw fail('Enter one or more pages, for example 1-3,5,8-.')
	if (trimmed.length > MAX_RANGES_LENGTH) throw fail(`The page list is too long (limit ${MAX_RANGES_LENGTH} characters).`)
	const ranges: Array<PageRange> = []
	const pages = pageCount === 1 ? '1 page' : `${pageCount} pages`
	for (const raw of trimmed.split(',')) {
		const item = raw.trim()
		if (!item) throw fail(`"${trimmed}" has an empty item between commas.`)
		const match = ITEM.exec(item)
		if (!match) throw fail(`"${shorten(item)}" is not a page number or a range (write pages like 3, 1-4 or 8-).`)
		const single = match[3]
		const from = single ?? (match[1] || '1')
		const to = single ?? (match[2] || String(pageCount))
		if (!single && !match[1] && !match[2]) throw fail('"-" alone is not a range (write 1-4, 8- or -3).')
		const start = Number(from)
		const end = Number(to)
		if (start === 0 || end === 0) throw fail(`Pages are numbered from 1: "${item}" names page 0.`)
		if (start > end) throw fail(`"${item}" goes backwards: write ${end}-${start}.`)
		if (end > pageCount) {
			const what = start === end ? `Page ${end} does not exist` : `"${item}" goes beyond the last page`
			throw fail(`${what}: the document has ${pages}.`)
		}
		ranges.push({ from: start, to: end })
	}
	return ranges
}

/** The 0-based page indexes of `ranges`, in order (a page named twice comes twice). */
export function pageIndexes(ranges: ReadonlyArray<PageRange>): Array<number> {
	const indexes: Array<number> = []
	for (const { from, to } of ranges) for (let page = from; page <= to; page++) indexes.push(page - 1)
	return indexes
}

/** The set of 0-based pages `text` names; every page when `text` is empty or missing. */
export function selectedPages(text: string | undefined, pageCount: number, field = 'pages'): Set<number> {
	if (text === undefined || !text.trim()) return new Set(Array.from({ length: pageCount }, (_, index) => index))
	return new Set(pageIndexes(parsePageRanges(text, pageCount, field)))
}

/** A range as a short label for file names: `3` or `1-3`. */
export function rangeLabel({ from, to }: PageRange): string {
	return from === to ? String(from) : `${from}-${to}`
}

function shorten(text: string): string {
	return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
