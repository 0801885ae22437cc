/**
 * A page's text in reading order, from where pdf.js says each run of text
 * is (getTextContent) and from the page's form fields and free-text
 * annotations (getAnnotations), the way pdftotext reads a page:
 *
 * - Runs are placed in the page as seen (the page's /Rotate applied), and
 *   text turned by 90°, 180° or 270° is read in its own direction.
 * - Runs whose boxes share a line become one line, ordered left to right,
 *   with a space where a gap is wider than a tenth of the font size.
 * - Columns: a gap of at least a font size that runs down three or more
 *   lines with text on both sides, narrow beside the text on each side
 *   (which a table's wide gaps between short cells are not), splits those
 *   lines into a left and a right part, read one after the other; a title
 *   or footer across the gap ends the columns. Recursively, so three
 *   columns are read too.
 * - Right-to-left text: pdf.js gives each run in logical order; the runs of
 *   a line are put in logical order by the reordering of the Unicode
 *   bidirectional algorithm (UAX #9, rule L2), with the page's main
 *   direction as the paragraph direction (as pdftotext takes it). Arabic
 *   presentation forms (shaped glyphs mapped to U+FB50–FDFF, U+FE70–FEFF)
 *   become the letters they show (NFKC), as in pdftotext's output.
 * - Form fields and free-text annotations: the text a viewer shows (the
 *   appearance stream's text, else the field's value or the note's
 *   /Contents) is placed where the widget or note is, and read with the
 *   page's text.
 */
type PdfJsPage = {
	getViewport(options: { scale: number }): { transform: Array<number> }
	getTextContent(): Promise<{ items: Array<object> }>
	getAnnotations(options?: { intent?: 'display' | 'print' | 'any' }): Promise<Array<AnnotationData>>
}

type AnnotationData = {
	annotationType?: number
	subtype?: string
	rect?: Array<number>
	fieldType?: string
	fieldValue?: unknown
	password?: boolean
	multiLine?: boolean
	options?: Array<{ exportValue?: unknown; displayValue?: unknown }>
	textContent?: Array<string>
	textPosition?: Array<number>
	defaultAppearanceData?: { fontSize?: number }
}

/** A run of text in its line's frame: x grows along the text, y (the baseline) grows down the page. */
export type Fragment = { str: string; x0: number; x1: number; baseline: number; size: number }

type Row = { frags: Array<Fragment> }

type Matrix = [number, number, number, number, number, number]

function multiply(m: ArrayLike<number>, n: ArrayLike<number>): Matrix {
	return [
		m[0]! * n[0]! + m[2]! * n[1]!,
		m[1]! * n[0]! + m[3]! * n[1]!,
		m[0]! * n[2]! + m[2]! * n[3]!,
		m[1]! * n[2]! + m[3]! * n[3]!,
		m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
		m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
	]
}

/** Arabic presentation forms (A and B) → the letters they show. pdf.js leaves most of them, lam-alef among them, as they are. */
export function decomposePresentationForms(text: string): string {
	return text.replace(/[\uFB50-\uFDFF\uFE70-\uFEFE]+/g, (forms) => forms.normalize('NFKC'))
}

/** The text a viewer shows for a form field or free-text annotation, line by line; null for every other annotation. */
function annotationLines(data: AnnotationData): Array<string> | null {
	if (data.subtype === 'FreeText') return data.textContent ?? null
	if (data.subtype !== 'Widget' || data.password) return null
	if (data.fieldType === 'Tx') {
		if (data.textContent?.length) return data.textContent
		return typeof data.fieldValue === 'string' && data.fieldValue ? data.fieldValue.split(/\r\n?|\n/) : null
	}
	if (data.fieldType === 'Ch') {
		const values = Array.isArray(data.fieldValue) ? data.fieldValue : typeof data.fieldValue === 'string' ? [data.fieldValue] : []
		const shown = values.map((value) => {
			const option = data.options?.find((candidate) => candidate.exportValue === value)
			return typeof option?.displayValue === 'string' ? option.displayValue : String(value)
		})
		return shown.filter(Boolean).length ? shown : null
	}
	return null
}

/**
 * A field's or note's lines as text runs in user space, like getTextContent's
 * items: from the appearance's first text position when pdf.js found one,
 * else from the top left of the rectangle (a single line centred in it).
 */
function annotationItems(data: AnnotationData): Array<{ str: string; transform: Matrix; width: number }> {
	const lines = annotationLines(data)
	const rect = data.rect
	if (!lines || !rect || rect.length !== 4 || !rect.every(Number.isFinite)) return []
	const [left, bottom, right, top] = [Math.min(rect[0]!, rect[2]!), Math.min(rect[1]!, rect[3]!), Math.max(rect[0]!, rect[2]!), Math.max(rect[1]!, rect[3]!)]
	const height = top - bottom
	const single = lines.length === 1 && !data.multiLine
	const size = data.defaultAppearanceData?.fontSize || Math.max(1, Math.min(12, single ? height * 0.7 : 12))
	let x = left + 2
	let baseline = single ? bottom + (height - size) / 2 + size * 0.25 : top - 2 - size * 0.9
	// pdf.js gives the first text position relative to the rectangle's lower left corner.
	if (data.textPosition?.length === 2 && data.textPosition.every(Number.isFinite)) [x, baseline] = [left + data.textPosition[0]!, bottom + data.textPosition[1]!]
	return lines.map((str, index) => ({ str, transform: [size, 0, 0, size, x, baseline - index * size * 1.15], width: Math.min(str.length * size * 0.5, Math.max(right - x, size)) }))
}

type TextItem = { str: string; transform: Array<number>; width: number; height?: number; hasEOL?: boolean; dir?: string }

function isTextItem(item: object): item is TextItem {
	return 'str' in item && 'transform' in item
}

/** The page's text: its lines in reading order, joined by newlines. */
export async function pageText(page: PdfJsPage): Promise<string> {
	const viewport = page.getViewport({ scale: 1 })
	const content = await page.getTextContent()
	// A page whose annotations pdf.js cannot read still has its own text.
	const annotations = await page.getAnnotations({ intent: 'display' }).catch(() => [])
	const items: Array<TextItem> = [...content.items.filter(isTextItem), ...annotations.flatMap(annotationItems)]
	// Fragments by the direction their text runs in on the page as seen: 0 (left to right), 1 (down), 2 (upside down), 3 (up).
	const byTurn: Array<Array<Fragment>> = [[], [], [], []]
	const slanted: Array<string> = []
	for (const item of items) {
		if (!item.str.trim()) {
			if (item.hasEOL && slanted.length) slanted.push('\n')
			continue
		}
		const m = multiply(viewport.transform, item.transform)
		const length = Math.hypot(m[0], m[1])
		const size = Math.hypot(m[2], m[3]) || item.height || 0
		if (!(length > 0) || !(size > 0)) continue
		const [ux, uy] = [m[0] / length, m[1] / length]
		const turn = ux > 0.98 ? 0 : uy > 0.98 ? 1 : ux < -0.98 ? 2 : uy < -0.98 ? 3 : -1
		const str = decomposePresentationForms(item.str)
		// Vertical writing (pdf.js's 'ttb') and slanted text are read as drawn.
		if (turn < 0 || item.dir === 'ttb') {
			slanted.push(str, item.hasEOL ? '\n' : '')
			continue
		}
		// Turn the point so that the text runs along +x: (x, y) → (y, −x), (−x, −y) or (−y, x).
		const [e, f] = [m[4], m[5]]
		const [x, y] = turn === 0 ? [e, f] : turn === 1 ? [f, -e] : turn === 2 ? [-e, -f] : [-f, e]
		// pdf.js measures a run's width in the page's units, as the viewport at scale 1 does.
		const width = Number.isFinite(item.width) ? Math.abs(item.width) : 0
		byTurn[turn]!.push({ str, x0: x, x1: x + width, baseline: y, size })
	}
	const rtl = rightToLeftPage(byTurn.flat())
	const blocks = byTurn
		.map((fragments) => ({ fragments, chars: fragments.reduce((sum, fragment) => sum + fragment.str.length, 0) }))
		.filter((block) => block.fragments.length)
		.sort((a, b) => b.chars - a.chars)
		.map((block) => layoutLines(block.fragments, rtl).join('\n'))
	const slantedText = slanted.join('').trim()
	if (slantedText) blocks.push(slantedText)
	return blocks
		.join('\n')
		.replace(/[ \t]+\n/g, '\n')
		.trimEnd()
}

/** Lines of text in reading order from fragments in one frame. */
export function layoutLines(fragments: Array<Fragment>, rtl = false): Array<string> {
	return readingOrder(rows(fragments), { splits: 0 }).map((row) => lineText(row.frags, rtl))
}

/** The vertical extent of a fragment's glyphs: from 0.8 of its size above the baseline to 0.2 below. */
function extent(fragment: Fragment): [number, number] {
	return [fragment.baseline - fragment.size * 0.8, fragment.baseline + fragment.size * 0.2]
}

/** Fragments grouped into rows: one where their boxes overlap by half the smaller box's height (a superscript stays on its line). */
function rows(fragments: Array<Fragment>): Array<Row> {
	const sorted = [...fragments].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)
	const result: Array<Row & { reference: Fragment }> = []
	for (const fragment of sorted) {
		const row = result.at(-1)
		if (row) {
			const [top, bottom] = extent(fragment)
			const [rowTop, rowBottom] = extent(row.reference)
			const overlap = Math.min(bottom, rowBottom) - Math.max(top, rowTop)
			if (overlap >= 0.5 * Math.min(fragment.size, row.reference.size)) {
				row.frags.push(fragment)
				if (fragment.size > row.reference.size) row.reference = fragment
				continue
			}
		}
		result.push({ frags: [fragment], reference: fragment })
	}
	for (const row of result) row.frags.sort((a, b) => a.x0 - b.x0)
	return result.map(({ frags }) => ({ frags }))
}

/** At most this many column splits a page, and no search on pages with more rows than this (such a page is read line by line). */
const MAX_SPLITS = 64
const MAX_ROWS = 4000

/** The rows in reading order: where a column gap runs down several rows, the rows' left parts, then their right parts. */
function readingOrder(list: Array<Row>, budget: { splits: number }): Array<Row> {
	if (list.length < 3 || list.length > MAX_ROWS || budget.splits >= MAX_SPLITS) return list
	const gutter = findGutter(list)
	if (!gutter) return list
	budget.splits++
	const left: Array<Row> = []
	const right: Array<Row> = []
	for (const row of list.slice(gutter.start, gutter.end + 1)) {
		const leftPart = row.frags.filter((fragment) => fragment.x1 <= gutter.x0 + 0.01)
		const rightPart = row.frags.filter((fragment) => fragment.x1 > gutter.x0 + 0.01)
		if (leftPart.length) left.push({ frags: leftPart })
		if (rightPart.length) right.push({ frags: rightPart })
	}
	return [
		...readingOrder(list.slice(0, gutter.start), budget),
		...readingOrder(left, budget),
		...readingOrder(right, budget),
		...readingOrder(list.slice(gutter.end + 1), budget),
	]
}

function median(values: Array<number>): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** From the first of `fragments` (ordered away from a gap), how wide the text runs on without a break of `gap` or more, and where it ends on the right. */
function stretch(fragments: Array<Fragment>, gap: number): [number, number] {
	const first = fragments[0]!
	let low = first.x0
	let high = first.x1
	for (const fragment of fragments.slice(1)) {
		if (fragment.x1 < low - gap || fragment.x0 > high + gap) break
		low = Math.min(low, fragment.x0)
		high = Math.max(high, fragment.x1)
	}
	return [high - low, high]
}

/** The widest part of [x0, x1] that no fragment of the row covers. */
function freeWithin(row: Row, x0: number, x1: number): [number, number] {
	let best: [number, number] = [x0, x0]
	let cursor = x0
	for (const fragment of row.frags) {
		if (fragment.x1 <= cursor || fragment.x0 >= x1) continue
		if (fragment.x0 > cursor && fragment.x0 - cursor > best[1] - best[0]) best = [cursor, fragment.x0]
		cursor = Math.max(cursor, fragment.x1)
		if (cursor >= x1) break
	}
	if (x1 > cursor && x1 - cursor > best[1] - best[0]) best = [cursor, x1]
	return best
}

/**
 * The longest run of consecutive rows (at least 3) down which a gap of at
 * least the text's font size stays free, with text on both sides of it in
 * at least two of the rows; by the median over those rows, the gap at
 * most half as wide as the stretch of text beside it on either side (a
 * table's gaps between short cells are no columns, however many columns
 * the table has), and the left side's lines ending within four font sizes
 * of the gap (a form's short labels before their fields are no column).
 */
function findGutter(list: Array<Row>): { start: number; end: number; x0: number; x1: number } | null {
	const minGap = median(list.flatMap((row) => row.frags.map((fragment) => fragment.size)))
	if (!(minGap > 0)) return null
	let best: { start: number; end: number; x0: number; x1: number; internal: number } | null = null
	// Gaps already inside a found run (row index → gaps) are not tried again.
	const covered: Array<Array<[number, number]>> = list.map(() => [])
	for (const [index, row] of list.entries()) {
		let reach = -Infinity
		for (const fragment of row.frags) {
			const gap: [number, number] = [reach, fragment.x0]
			reach = Math.max(reach, fragment.x1)
			if (!Number.isFinite(gap[0]) || gap[1] - gap[0] < minGap) continue
			if (covered[index]!.some(([a, b]) => a < gap[1] && b > gap[0])) continue
			let [x0, x1] = gap
			let start = index
			let end = index
			for (let next = index + 1; next < list.length; next++) {
				const [a, b] = freeWithin(list[next]!, x0, x1)
				if (b - a < minGap) break
				;[x0, x1, end] = [a, b, next]
			}
			for (let previous = index - 1; previous >= 0; previous--) {
				const [a, b] = freeWithin(list[previous]!, x0, x1)
				if (b - a < minGap) break
				;[x0, x1, start] = [a, b, previous]
			}
			for (let covering = start; covering <= end; covering++) covered[covering]!.push([x0, x1])
			if (end - start + 1 < 3) continue
			// In each row with text on both sides: the stretch of text next to the gap on each side (fragments less
			// than a font size apart), and how far short of the gap the left one ends.
			const leftWidths: Array<number> = []
			const rightWidths: Array<number> = []
			const shortfalls: Array<number> = []
			for (const run of list.slice(start, end + 1)) {
				const split = run.frags.findIndex((fragment) => fragment.x1 > x0 + 0.01)
				if (split <= 0) continue
				const [leftStretch, leftEnd] = stretch(run.frags.slice(0, split).reverse(), minGap)
				const [rightStretch] = stretch(run.frags.slice(split), minGap)
				leftWidths.push(leftStretch)
				rightWidths.push(rightStretch)
				shortfalls.push(x0 - leftEnd)
			}
			// A column's lines are wide beside a narrow gap and run up to it; a table's short cells and a form's labels do not.
			if (leftWidths.length < 2 || x1 - x0 > 0.5 * Math.min(median(leftWidths), median(rightWidths)) || median(shortfalls) > 4 * minGap) continue
			const internal = leftWidths.length
			if (!best || end - start > best.end - best.start || (end - start === best.end - best.start && internal > best.internal)) best = { start, end, x0, x1, internal }
		}
	}
	return best
}

type Strength = 'L' | 'R' | 'EN' | 'N'

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDE00-\uDEFF]/
const LTR_LETTER = /[\p{L}\p{Mn}\p{Mc}]/u

function strength(text: string): Strength {
	if (RTL_LETTER.test(text)) return 'R'
	if ([...text].some((char) => LTR_LETTER.test(char) && !RTL_LETTER.test(char))) return 'L'
	if (/\p{Nd}/u.test(text)) return 'EN'
	return 'N'
}

/** Whether right-to-left letters outnumber left-to-right ones on the page (pdftotext's primary direction). */
function rightToLeftPage(fragments: Array<Fragment>): boolean {
	let balance = 0
	for (const fragment of fragments) {
		for (const char of fragment.str) {
			if (RTL_LETTER.test(char)) balance--
			else if (LTR_LETTER.test(char)) balance++
		}
	}
	return balance < 0
}

/** One line's text: its fragments left to right, a space at each gap, then in logical order (UAX #9 L2) when it holds right-to-left text. */
function lineText(frags: Array<Fragment>, rtl: boolean): string {
	const units: Array<string> = []
	let previous: Fragment | null = null
	let reach = -Infinity
	for (const fragment of frags) {
		// Text drawn twice on itself (fake bold) is read once.
		if (previous && previous.str === fragment.str && Math.abs(previous.x0 - fragment.x0) < previous.size * 0.1) continue
		if (previous && fragment.x0 - reach > Math.min(previous.size, fragment.size) * 0.1 && !/\s$/.test(units.at(-1) ?? '') && !/^\s/.test(fragment.str)) units.push(' ')
		units.push(fragment.str)
		reach = Math.max(reach, fragment.x1)
		previous = fragment
	}
	if (!units.some((unit) => RTL_LETTER.test(unit))) return units.join('')
	return bidiReorder(units, rtl).join('')
}

/**
 * Units of a line in visual order (left to right), each already in logical
 * order inside (pdf.js's order of a run), put in logical order: each unit
 * gets the embedding level UAX #9 gives its characters (strong letters
 * their direction; numbers, in a right-to-left paragraph or between
 * right-to-left letters, the level above; neutrals the direction of the
 * strong units on both sides when they agree, else the paragraph's), then
 * rule L2: from the highest level down to the lowest odd one, every
 * maximal run at that level or higher is reversed. Reversal by levels
 * undoes itself, so it turns visual order back into logical order.
 */
export function bidiReorder(units: Array<string>, rtl: boolean): Array<string> {
	const base = rtl ? 1 : 0
	const kinds = units.map(strength)
	// Numbers next to right-to-left text (through neutrals) count as right to left for the neutrals around them (rule N1).
	const strongAt = (index: number, step: number): 'L' | 'R' | null => {
		for (let at = index + step; at >= 0 && at < kinds.length; at += step) {
			const kind = kinds[at]
			if (kind === 'L' || kind === 'R') return kind
		}
		return null
	}
	const numberDirection = (index: number): 'L' | 'R' => {
		const before = strongAt(index, -1)
		const after = strongAt(index, 1)
		return rtl || before === 'R' || after === 'R' ? 'R' : 'L'
	}
	const direction = kinds.map((kind, index): 'L' | 'R' | null => (kind === 'EN' ? numberDirection(index) : kind === 'N' ? null : kind))
	const levels = kinds.map((kind, index) => {
		if (kind === 'EN') return direction[index] === 'R' ? base + (base % 2 === 1 ? 1 : 2) : base
		if (kind === 'L') return base % 2 === 1 ? base + 1 : base
		if (kind === 'R') return base % 2 === 1 ? base : base + 1
		// A neutral takes the direction of its neighbours when they agree (numbers as right to left), else the paragraph's.
		let before: 'L' | 'R' | null = null
		for (let at = index - 1; at >= 0 && !before; at--) before = direction[at] ?? null
		let after: 'L' | 'R' | null = null
		for (let at = index + 1; at < kinds.length && !after; at++) after = direction[at] ?? null
		const resolved = before && before === after ? before : rtl ? 'R' : 'L'
		return resolved === 'R' ? (base % 2 === 1 ? base : base + 1) : base % 2 === 1 ? base + 1 : base
	})
	const order = units.map((_, index) => index)
	const highest = Math.max(...levels)
	const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1)
	for (let level = highest; level >= lowestOdd; level--) {
		let at = 0
		while (at < order.length) {
			if (levels[order[at]!]! < level) {
				at++
				continue
			}
			let end = at
			while (end + 1 < order.length && levels[order[end + 1]!]! >= level) end++
			order.splice(at, end - at + 1, ...order.slice(at, end + 1).reverse())
			at = end + 1
		}
	}
	return order.map((index) => units[index]!)
}
