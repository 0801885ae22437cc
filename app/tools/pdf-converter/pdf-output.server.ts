/**
 * How the engine writes PDFs: new documents and saved ones say "ToolNest"
 * as their producer (never a library's URL, a path or a user name:
 * SECURITY.md J11), and saved ones get the time of the change.
 */
import { PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFRef, type PDFPage } from '@cantoo/pdf-lib'

export const PRODUCER = 'ToolNest'

/** An empty document for an operation's output. */
export async function newDocument(): Promise<PDFDocument> {
	const doc = await PDFDocument.create({ updateMetadata: false })
	const now = new Date()
	doc.setCreator(PRODUCER)
	doc.setCreationDate(now)
	return doc
}

/** The document's bytes, with our producer and the modification time set. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
	doc.setProducer(PRODUCER)
	doc.setModificationDate(new Date())
	// objectsPerTick: pdf-lib yields to the event loop (a timer) every 50 objects by default; the job
	// worker has nothing else to run, and those timers were 60 % of saving a 4,000-page merge.
	return doc.save({ objectsPerTick: Infinity })
}

/** pdf-lib's private page bookkeeping, which `appendPages` keeps in step with the page tree. */
type PageBookkeeping = { pageMap: Map<unknown, PDFPage>; pageCache: { invalidate(): void }; pageCount?: number }

/**
 * Adds pages (copied into `doc` by `copyPages`) at the end of a document made
 * by `newDocument`, whose page tree is one level. `doc.addPage` walks every
 * existing page to find the end, so adding n pages one by one costs n²/2
 * lookups: 40 % of a 4,000-page merge. This pushes them onto the root's kids
 * and fixes the count once, doing what `insertPage` does for each page.
 */
export function appendPages(doc: PDFDocument, pages: ReadonlyArray<PDFPage>): void {
	const rootRef = doc.catalog.get(PDFName.of('Pages'))
	const root = doc.catalog.Pages()
	const kids = root.Kids()
	if (!(rootRef instanceof PDFRef) || !kids.asArray().every((kid) => doc.context.lookup(kid) instanceof PDFPageLeaf)) {
		// Not a flat tree (never the case for newDocument's): the library's own way.
		for (const page of pages) doc.addPage(page)
		return
	}
	const bookkeeping = doc as unknown as PageBookkeeping
	for (const page of pages) {
		if (page.doc !== doc) throw new Error('appendPages: the page belongs to another document (copy it first)')
		kids.push(page.ref)
		page.node.setParent(rootRef)
		bookkeeping.pageMap.set(page.node, page)
	}
	root.set(PDFName.of('Count'), PDFNumber.of(root.Count().asNumber() + pages.length))
	bookkeeping.pageCache.invalidate()
	bookkeeping.pageCount = undefined
}

/** The name a download gets from its source file: folders, control characters and the `.pdf` ending removed. */
export function baseName(name: string | undefined, fallback = 'document'): string {
	// eslint-disable-next-line no-control-regex
	const cleaned = (name?.split(/[/\\]/).pop() ?? '')
		.replace(/\.(pdf|png|jpe?g)$/i, '')
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
		.replace(/[<>:"|?*;%\\]/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^[.\s]+|[.\s]+$/g, '')
	return Array.from(cleaned).slice(0, 80).join('').trim() || fallback
}
