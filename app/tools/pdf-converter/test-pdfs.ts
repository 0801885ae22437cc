/**
 * PDFs for the tests, made here rather than stored: documents written with
 * pdf-lib (text, several pages, an outline, a form, images, rotated pages)
 * and hostile ones written byte by byte (a looping page tree, 200,000
 * declared pages, nesting 100,000 deep, a truncated file). The few real
 * documents from elsewhere are in ./corpus (see its README).
 */
import { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, degrees, rgb, type PDFRef } from '@cantoo/pdf-lib'

/**
 * A PDF from numbered object bodies (object 1 is the catalog), with a
 * correct cross-reference table, so a parser reads it as written rather than
 * through its repair code.
 */
export function rawPdf(objects: Array<string>): Uint8Array {
	const encoder = new TextEncoder()
	const parts: Array<Uint8Array> = [encoder.encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]
	let length = parts[0]!.length
	const offsets: Array<number> = []
	objects.forEach((body, index) => {
		offsets.push(length)
		const bytes = encoder.encode(`${index + 1} 0 obj\n${body}\nendobj\n`)
		parts.push(bytes)
		length += bytes.length
	})
	const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('')
	parts.push(encoder.encode(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`))
	return concat(parts)
}

function concat(parts: Array<Uint8Array>): Uint8Array {
	return new Uint8Array(Buffer.concat(parts))
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'

/** A page tree whose inner node lists itself among its kids (SECURITY.md J3). */
export function loopingPageTree(): Uint8Array {
	return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>', '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>', PAGE])
}

/** 1.2 MB declaring `count` pages: the same page listed `count` times (SECURITY.md J5). */
export function manyPages(count = 200_000): Uint8Array {
	const kids = Array.from({ length: count }, () => '3 0 R').join(' ')
	return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, PAGE])
}

/** An array nested `depth` deep in the catalog (SECURITY.md J4). */
export function deepNesting(depth = 100_000): Uint8Array {
	return rawPdf([`<< /Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', PAGE])
}

/** The first `fraction` of a document's bytes. */
export function truncated(pdf: Uint8Array, fraction = 0.5): Uint8Array {
	return pdf.slice(0, Math.floor(pdf.length * fraction))
}

export type TextPdfOptions = {
	pages?: number
	/** Each page's text; page n says "Page n of N" and `marker` by default. */
	text?: (page: number, total: number) => string
	size?: [number, number]
	title?: string
}

/** A document of `pages` pages, each with a line of text that names the page. */
export async function textPdf({ pages = 3, text = (page, total) => `Page ${page} of ${total} alpha`, size = [595.28, 841.89], title }: TextPdfOptions = {}): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (let page = 1; page <= pages; page++) {
		const leaf = doc.addPage(size)
		leaf.drawText(text(page, pages), { x: 50, y: size[1] - 80, size: 18, font })
	}
	if (title) doc.setTitle(title)
	return doc.save()
}

/** Text pages with an outline: one bookmark per page. */
export async function outlinedPdf(pages = 4): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages }))
	const context = doc.context
	const outlinesRef = context.nextRef()
	const itemRefs = doc.getPages().map(() => context.nextRef())
	doc.getPages().forEach((page, index) => {
		const item = context.obj({
			Title: PDFString.of(`Chapter ${index + 1}`),
			Parent: outlinesRef,
			Dest: context.obj([page.ref, PDFName.of('Fit')]),
		})
		if (index > 0) item.set(PDFName.of('Prev'), itemRefs[index - 1]!)
		if (index < itemRefs.length - 1) item.set(PDFName.of('Next'), itemRefs[index + 1]!)
		context.assign(itemRefs[index]!, item)
	})
	context.assign(
		outlinesRef,
		context.obj({ Type: 'Outlines', First: itemRefs[0] as PDFRef, Last: itemRefs[itemRefs.length - 1] as PDFRef, Count: PDFNumber.of(itemRefs.length) }),
	)
	doc.catalog.set(PDFName.of('Outlines'), outlinesRef)
	return doc.save()
}

/** Two pages and a form (a text field and a check box) on the first. */
export async function formPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: 2 }))
	const form = doc.getForm()
	const name = form.createTextField('name')
	name.setText('Ada Lovelace')
	name.addToPage(doc.getPage(0), { x: 50, y: 600, width: 200, height: 24 })
	const agree = form.createCheckBox('agree')
	agree.check()
	agree.addToPage(doc.getPage(0), { x: 50, y: 560, width: 16, height: 16 })
	return doc.save()
}

/** Pages whose /Rotate is 0, 90, 180 and 270, each saying its angle. */
export async function rotatedPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (const angle of [0, 90, 180, 270]) {
		const page = doc.addPage([400, 600])
		page.drawText(`Rotated ${angle}`, { x: 40, y: 500, size: 16, font })
		page.setRotation(degrees(angle))
	}
	return doc.save()
}

/** One page with a drawn picture (a rectangle) and an embedded PNG. */
export async function imagePdf(png: Uint8Array): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const page = doc.addPage([300, 300])
	page.drawRectangle({ x: 20, y: 20, width: 100, height: 60, color: rgb(0.9, 0.2, 0.2) })
	const image = await doc.embedPng(png)
	page.drawImage(image, { x: 150, y: 150, width: 100, height: 100 })
	return doc.save()
}
