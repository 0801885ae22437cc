/**
 * The operations on pages, with pdf-lib (@cantoo/pdf-lib; why: pdf-input.server.ts).
 *
 * Two ways of writing the output, chosen per operation:
 * - **A new document with copies of the chosen pages** (merge, split,
 *   extract, delete): only what those pages use is copied, so a deleted
 *   page's content is really gone from the file (pdf-lib saves every object
 *   it read, reachable or not). Outlines are not carried over; the copied
 *   pages' form fields are (an /AcroForm listing them), and links between
 *   pages follow the pages (pdf-output.server.ts, copyPagesLinked).
 * - **The document itself, changed** (reorder, rotate, page numbers,
 *   watermark, metadata): outline, form, attachments and everything else
 *   stay as they were.
 */
import { PDFDict, type PDFDocument, PDFName, PDFNumber, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { ToolError, tooComplex } from '#app/tools/kit/core.ts'
import { noProgress, type PdfInputFile, type PdfOptions, type PdfOutput, type PdfProgress, PDF_LIMITS, PDF_MEDIA_TYPE, ZIP_MEDIA_TYPE } from './options.ts'
import { pageIndexes, parsePageRanges, rangeError, rangeLabel, selectedPages, type PageRange } from './page-ranges.ts'
import { loadPdf, type LoadedPdf, type OpenOptions } from './pdf-input.server.ts'
import { appendPages, baseName, copyPagesLinked, newDocument, savePdf, type SaveProtection } from './pdf-output.server.ts'

/** How a run opens its inputs (the password) and saves its results (kept encrypted or not). */
export type RunProtection = OpenOptions & SaveProtection
import { zipFiles } from './zip.ts'

const POINTS_PER_MM = 72 / 25.4

function pdfOutput(fileName: string, data: Uint8Array, pageCount: number): PdfOutput {
	return { fileName, contentType: PDF_MEDIA_TYPE, data, pageCount }
}

/** A new document holding copies of `indexes` (0-based, in order, repeats allowed) of `source`. */
async function copyOf(source: LoadedPdf, indexes: ReadonlyArray<number>): Promise<PDFDocument> {
	const doc = await newDocument()
	appendPages(doc, await copyPagesLinked(doc, source.doc, indexes))
	return doc
}

export async function mergePdfs(files: ReadonlyArray<PdfInputFile>, progress: PdfProgress = noProgress, open: RunProtection = {}): Promise<PdfOutput> {
	// Every file is read and counted before the first page is copied.
	const sources: Array<LoadedPdf> = []
	let total = 0
	for (const [index, file] of files.entries()) {
		progress({ done: index, total: files.length, stage: 'Reading the files' })
		const source = await loadPdf(file, index, open)
		total += source.pageCount
		if (total > PDF_LIMITS.maxPagesTotal) {
			throw tooComplex(`These PDFs have too many pages together: more than ${PDF_LIMITS.maxPagesTotal} by the ${ordinal(index + 1)} file.`, { reason: 'too-many-pages', limit: PDF_LIMITS.maxPagesTotal })
		}
		sources.push(source)
	}
	const doc = await newDocument()
	for (const [index, source] of sources.entries()) {
		progress({ done: index, total: sources.length, stage: 'Merging' })
		appendPages(doc, await copyPagesLinked(doc, source.doc, source.doc.getPageIndices()))
	}
	progress({ done: 0, total: 0, stage: 'Saving' })
	return pdfOutput(`${baseName(files[0]?.name)}-merged.pdf`, await savePdf(doc, open), total)
}

function ordinal(n: number): string {
	const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
	return `${n}${suffix}`
}

export async function splitPdf(file: PdfInputFile, options: PdfOptions<'split'>, progress: PdfProgress = noProgress, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const count = source.pageCount
	let ranges: Array<PageRange>
	if (options.mode === 'ranges') {
		if (!options.ranges.trim()) throw rangeError('ranges', 'Enter the ranges to split at, for example 1-3,4-6,7-.')
		ranges = parsePageRanges(options.ranges, count, 'ranges')
	} else {
		const size = options.mode === 'every-page' ? 1 : options.n
		ranges = []
		for (let from = 1; from <= count; from += size) ranges.push({ from, to: Math.min(count, from + size - 1) })
	}
	const pagesOut = ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0)
	if (pagesOut > PDF_LIMITS.maxPagesTotal) throw tooComplex(`These ranges make more than ${PDF_LIMITS.maxPagesTotal} pages in all.`, { reason: 'too-many-pages', limit: PDF_LIMITS.maxPagesTotal })
	const base = baseName(file.name)
	const entries: Array<{ name: string; data: Uint8Array }> = []
	const used = new Set<string>()
	const width = String(count).length
	for (const [index, range] of ranges.entries()) {
		progress({ done: index, total: ranges.length, stage: 'Writing the parts' })
		const part = await copyOf(source, pageIndexes([range]))
		const label = range.from === range.to ? `page-${pad(range.from, width)}` : `pages-${pad(range.from, width)}-${pad(range.to, width)}`
		let name = `${base}-${label}.pdf`
		for (let copy = 2; used.has(name); copy++) name = `${base}-${label}-${copy}.pdf`
		used.add(name)
		entries.push({ name, data: await savePdf(part, open) })
	}
	return { fileName: `${base}-split.zip`, contentType: ZIP_MEDIA_TYPE, data: zipFiles(entries), pageCount: pagesOut }
}

function pad(n: number, width: number): string {
	return String(n).padStart(width, '0')
}

export async function extractPages(file: PdfInputFile, options: PdfOptions<'extract-pages'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const ranges = parsePageRanges(options.pages, source.pageCount)
	const indexes = pageIndexes(ranges)
	if (indexes.length > PDF_LIMITS.maxPagesTotal) throw tooComplex(`These ranges make more than ${PDF_LIMITS.maxPagesTotal} pages.`, { reason: 'too-many-pages', limit: PDF_LIMITS.maxPagesTotal })
	const doc = await copyOf(source, indexes)
	const label = ranges.length === 1 ? rangeLabel(ranges[0]!) : 'extract'
	return pdfOutput(`${baseName(file.name)}-${ranges.length === 1 ? `pages-${label}` : label}.pdf`, await savePdf(doc, open), indexes.length)
}

export async function deletePages(file: PdfInputFile, options: PdfOptions<'delete-pages'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const doomed = new Set(pageIndexes(parsePageRanges(options.pages, source.pageCount)))
	const kept = source.doc.getPageIndices().filter((index) => !doomed.has(index))
	if (kept.length === 0) throw rangeError('pages', `That is every page of the document (${source.pageCount}): at least one must stay.`)
	const doc = await copyOf(source, kept)
	return pdfOutput(`${baseName(file.name)}-edited.pdf`, await savePdf(doc, open), kept.length)
}

/**
 * The pages in the order `order` names (every page exactly once), by
 * rewriting the page tree as one level: attributes the pages inherited from
 * the levels removed (resources, boxes, rotation) are written on each page first.
 */
export async function reorderPages(file: PdfInputFile, options: PdfOptions<'reorder-pages'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const count = source.pageCount
	const order = pageIndexes(parsePageRanges(options.order, count, 'order'))
	const seen = new Set<number>()
	const repeated = new Set<number>()
	for (const index of order) (seen.has(index) ? repeated : seen).add(index)
	const missing = source.doc.getPageIndices().filter((index) => !seen.has(index))
	if (repeated.size > 0) throw rangeError('order', `Name each page once: ${listPages([...repeated])} ${repeated.size === 1 ? 'comes' : 'come'} more than once.`)
	if (missing.length > 0) throw rangeError('order', `Name every page once: ${listPages(missing)} ${missing.length === 1 ? 'is' : 'are'} missing (the document has ${count} pages).`)
	const doc = source.doc
	const pages = doc.getPages()
	const root = doc.catalog.Pages()
	const rootRef = doc.catalog.get(PDFName.of('Pages'))
	for (const page of pages) {
		for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate']) {
			const name = PDFName.of(key)
			if (!page.node.has(name)) {
				const inherited = page.node.getInheritableAttribute(name)
				if (inherited) page.node.set(name, inherited)
			}
		}
		if (rootRef) page.node.set(PDFName.of('Parent'), rootRef)
	}
	root.set(PDFName.of('Kids'), doc.context.obj(order.map((index) => pages[index]!.ref)))
	root.set(PDFName.of('Count'), PDFNumber.of(order.length))
	return pdfOutput(`${baseName(file.name)}-reordered.pdf`, await savePdf(doc, open), count)
}

/** "page 3", "pages 2, 5 and 7" (1-based), the first ten. */
function listPages(indexes: Array<number>): string {
	const numbers = indexes.sort((a, b) => a - b).map((index) => String(index + 1))
	const shown = numbers.slice(0, 10)
	const more = numbers.length > 10 ? ` and ${numbers.length - 10} more` : ''
	if (shown.length === 1) return `page ${shown[0]}`
	return `pages ${more ? shown.join(', ') + more : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`}`
}

/** A page's /Rotate as 0, 90, 180 or 270 (values that are not a multiple of 90 are rounded, as viewers do). */
function rotationOf(page: PDFPage): number {
	const angle = page.getRotation().angle
	return ((Math.round(angle / 90) * 90) % 360 + 360) % 360
}

export async function rotatePages(file: PdfInputFile, options: PdfOptions<'rotate'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const chosen = selectedPages(options.pages, source.pageCount)
	source.doc.getPages().forEach((page, index) => {
		if (chosen.has(index)) page.setRotation(degrees((rotationOf(page) + options.angle) % 360))
	})
	return pdfOutput(`${baseName(file.name)}-rotated.pdf`, await savePdf(source.doc, open), source.pageCount)
}

/**
 * The page's visible box and a mapping from "as seen" coordinates (origin at
 * the bottom left of the page as a viewer shows it, after /Rotate) to the
 * page's own coordinates, with the angle that makes text upright as seen.
 */
function visualFrame(page: PDFPage) {
	const box = page.getCropBox()
	const rotation = rotationOf(page)
	const swapped = rotation === 90 || rotation === 270
	const width = swapped ? box.height : box.width
	const height = swapped ? box.width : box.height
	const toPage = (vx: number, vy: number): { x: number; y: number } => {
		switch (rotation) {
			case 90:
				return { x: box.x + box.width - vy, y: box.y + vx }
			case 180:
				return { x: box.x + box.width - vx, y: box.y + box.height - vy }
			case 270:
				return { x: box.x + vy, y: box.y + box.height - vx }
			default:
				return { x: box.x + vx, y: box.y + vy }
		}
	}
	return { width, height, rotation, toPage }
}

/** Draws `text` with its baseline starting at (vx, vy) as seen, turned `angle` degrees counter-clockwise as seen. */
function drawSeen(page: PDFPage, text: string, vx: number, vy: number, options: { font: PDFFont; size: number; angle?: number; opacity?: number; color?: [number, number, number] }) {
	const frame = visualFrame(page)
	const at = frame.toPage(vx, vy)
	const [r, g, b] = options.color ?? [0, 0, 0]
	page.drawText(text, { x: at.x, y: at.y, font: options.font, size: options.size, rotate: degrees(frame.rotation + (options.angle ?? 0)), opacity: options.opacity, color: rgb(r, g, b) })
}

/** Helvetica can draw the text (WinAnsi), else a 400 naming the field. */
function checkDrawable(font: PDFFont, text: string, field: string) {
	try {
		font.encodeText(text)
	} catch {
		throw new ToolError(`Validation failed: ${field}: The PDF standard font cannot draw some of these characters.`, { fields: { [field]: 'Use Latin letters, digits and common punctuation.' } })
	}
}

export async function addPageNumbers(file: PdfInputFile, options: PdfOptions<'page-numbers'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const doc = source.doc
	const font = await doc.embedFont(StandardFonts.Helvetica)
	const chosen = selectedPages(options.pages, source.pageCount)
	const total = source.pageCount + options.startAt - 1
	const margin = options.marginMm * POINTS_PER_MM
	checkDrawable(font, options.format.replaceAll('{n}', '0').replaceAll('{total}', '0'), 'format')
	doc.getPages().forEach((page, index) => {
		if (!chosen.has(index)) return
		const text = options.format.replaceAll('{n}', String(index + options.startAt)).replaceAll('{total}', String(total))
		if (!text.trim()) return
		const { width, height } = visualFrame(page)
		const textWidth = font.widthOfTextAtSize(text, options.fontSize)
		const [vertical, horizontal] = options.position.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right']
		const vx = horizontal === 'left' ? margin : horizontal === 'right' ? width - margin - textWidth : (width - textWidth) / 2
		const vy = vertical === 'bottom' ? margin : height - margin - font.heightAtSize(options.fontSize, { descender: false })
		drawSeen(page, text, vx, vy, { font, size: options.fontSize })
	})
	return pdfOutput(`${baseName(file.name)}-numbered.pdf`, await savePdf(doc, open), source.pageCount)
}

export async function addWatermark(file: PdfInputFile, options: PdfOptions<'watermark'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const doc = source.doc
	const font = await doc.embedFont(StandardFonts.HelveticaBold)
	checkDrawable(font, options.text, 'text')
	const chosen = selectedPages(options.pages, source.pageCount)
	const color: [number, number, number] = [0, 2, 4].map((at) => parseInt(options.color.slice(at, at + 2), 16) / 255) as [number, number, number]
	const radians = (options.angle * Math.PI) / 180
	doc.getPages().forEach((page, index) => {
		if (!chosen.has(index)) return
		const { width, height } = visualFrame(page)
		const unitWidth = font.widthOfTextAtSize(options.text, 1)
		const size = options.fontSize || Math.max(6, Math.min((0.6 * Math.hypot(width, height)) / unitWidth, Math.min(width, height) * 0.4, 400))
		const textWidth = unitWidth * size
		const capHeight = font.heightAtSize(size, { descender: false })
		// The text's middle on the page's middle: step back half its width and height along the turned axes.
		const vx = width / 2 - (Math.cos(radians) * textWidth) / 2 + (Math.sin(radians) * capHeight) / 2
		const vy = height / 2 - (Math.sin(radians) * textWidth) / 2 - (Math.cos(radians) * capHeight) / 2
		drawSeen(page, options.text, vx, vy, { font, size, angle: options.angle, opacity: options.opacity, color })
	})
	return pdfOutput(`${baseName(file.name)}-watermarked.pdf`, await savePdf(doc, open), source.pageCount)
}

export async function setMetadata(file: PdfInputFile, options: PdfOptions<'metadata'>, open: RunProtection = {}): Promise<PdfOutput> {
	const source = await loadPdf(file, 0, open)
	const doc = source.doc
	const fields = { Title: options.title, Author: options.author, Subject: options.subject, Keywords: options.keywords } as const
	let changed = false
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined) continue
		changed = true
		// The setters create the information dictionary when the file has none, and write text as UTF-16 when it needs it.
		const text = value.trim()
		if (key === 'Title') doc.setTitle(text)
		else if (key === 'Author') doc.setAuthor(text)
		else if (key === 'Subject') doc.setSubject(text)
		else doc.setKeywords([text])
		if (!text) doc.context.lookup(doc.context.trailerInfo.Info, PDFDict).delete(PDFName.of(key))
	}
	// An XMP packet would still say the old values, and readers that prefer it would show them.
	if (changed) doc.catalog.delete(PDFName.of('Metadata'))
	return pdfOutput(`${baseName(file.name)}.pdf`, await savePdf(doc, open), source.pageCount)
}
