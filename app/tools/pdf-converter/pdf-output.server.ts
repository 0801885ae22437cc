/**
 * How the engine writes PDFs: new documents and saved ones say "ToolNest"
 * as their producer (never a library's URL, a path or a user name:
 * SECURITY.md J11), and saved ones get the time of the change.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFPageLeaf, PDFRef, type PDFObject, type PDFPage } from '@cantoo/pdf-lib'

export const PRODUCER = 'ToolNest'

/** An empty document for an operation's output. */
export async function newDocument(): Promise<PDFDocument> {
	const doc = await PDFDocument.create({ updateMetadata: false })
	const now = new Date()
	doc.setCreator(PRODUCER)
	doc.setCreationDate(now)
	return doc
}

/**
 * Whether a run's PDF results are encrypted: `keepProtection` with the
 * password the user gave (issue 29): AES-256, that password as both the
 * user and the owner password, every permission granted (whoever has the
 * password may do anything with the file, as with the original).
 */
export type SaveProtection = { password?: string; keepProtection?: boolean }

/** The document's bytes, with our producer and the modification time set; encrypted when `protection` asks for it. */
export async function savePdf(doc: PDFDocument, protection: SaveProtection = {}): Promise<Uint8Array> {
	doc.setProducer(PRODUCER)
	doc.setModificationDate(new Date())
	if (protection.keepProtection && protection.password) {
		doc.encrypt({
			userPassword: protection.password,
			ownerPassword: protection.password,
			algorithm: 'AES-256',
			permissions: { printing: 'highResolution', modifying: true, copying: true, annotating: true, fillingForms: true, contentAccessibility: true, documentAssembly: true },
		})
	}
	// objectsPerTick: pdf-lib yields to the event loop (a timer) every 50 objects by default; the job
	// worker has nothing else to run, and those timers were 60 % of saving a 4,000-page merge.
	return doc.save({ objectsPerTick: Infinity })
}

/**
 * `target.copyPages(source, indexes)`, without dragging pages that were not chosen along.
 *
 * pdf-lib copies everything an object refers to. An annotation's page references (a link's
 * `/Dest` or GoTo action `/D` naming a page, a widget's `/P`) are followed like any other, and
 * the page it reaches is copied as a plain object, with its `/Parent`: the source's whole page
 * tree (a deleted page's text included) ends up in the file, unreachable from the new page tree
 * but written, and the link points at a page that is not in the document (qpdf --json fails on it).
 * So those references are taken out of the source's annotations while copying (and put back after),
 * then set again on the copies: a link to a page that was copied goes to its copy (the first one,
 * when a page is copied twice), a link to a page left out loses its destination, and `/P` names
 * the page the annotation is on.
 */
export async function copyPagesLinked(target: PDFDocument, source: PDFDocument, indexes: ReadonlyArray<number>): Promise<Array<PDFPage>> {
	const sourcePages = source.getPages()
	const pageIndexByRef = new Map<string, number>(sourcePages.map((page, index) => [page.ref.toString(), index]))
	const restore: Array<() => void> = []
	/** Replaces an explicit destination's page reference by a marker naming the page's index (-1: not a page of this document). */
	const markDestination = (destination: PDFObject | undefined) => {
		const array = destination instanceof PDFRef ? source.context.lookup(destination) : destination
		if (!(array instanceof PDFArray) || array.size() === 0) return
		const first = array.get(0)
		if (!(first instanceof PDFRef)) return
		array.set(0, PDFName.of(`${DESTINATION_MARK}${pageIndexByRef.get(first.toString()) ?? -1}`))
		restore.push(() => array.set(0, first))
	}
	for (const page of sourcePages) {
		for (const annotation of annotationsOf(source, page.node)) {
			const owner = annotation.get(PDFName.of('P'))
			if (owner !== undefined) {
				annotation.delete(PDFName.of('P'))
				restore.push(() => annotation.set(PDFName.of('P'), owner))
			}
			markDestination(annotation.get(PDFName.of('Dest')))
			const action = source.context.lookup(annotation.get(PDFName.of('A')))
			if (action instanceof PDFDict && action.get(PDFName.of('S'))?.toString() === '/GoTo') markDestination(action.get(PDFName.of('D')))
		}
	}
	let copies: Array<PDFPage>
	try {
		copies = await target.copyPages(source, [...indexes])
	} finally {
		for (const undo of restore.reverse()) undo()
	}
	keepForm(target, source, copies)
	if (restore.length === 0) return copies
	const copyOfIndex = new Map<number, PDFRef>()
	indexes.forEach((index, position) => {
		if (!copyOfIndex.has(index)) copyOfIndex.set(index, copies[position]!.ref)
	})
	const relink = (holder: PDFDict, key: string) => {
		const destination = target.context.lookup(holder.get(PDFName.of(key)))
		if (!(destination instanceof PDFArray) || destination.size() === 0) return
		const first = destination.get(0)
		const marked = first instanceof PDFName ? /^\/ToolNestDest(-?\d+)$/.exec(first.toString()) : null
		if (!marked) return
		const page = copyOfIndex.get(Number(marked[1]))
		if (page) destination.set(0, page)
		else holder.delete(PDFName.of(key))
	}
	for (const copy of copies) {
		for (const annotation of annotationsOf(target, copy.node)) {
			if (annotation.has(PDFName.of('Subtype'))) annotation.set(PDFName.of('P'), copy.ref)
			relink(annotation, 'Dest')
			const action = target.context.lookup(annotation.get(PDFName.of('A')))
			if (action instanceof PDFDict) {
				relink(action, 'D')
				if (action.get(PDFName.of('S'))?.toString() === '/GoTo' && !action.has(PDFName.of('D'))) annotation.delete(PDFName.of('A'))
			}
		}
	}
	return copies
}

const DESTINATION_MARK = 'ToolNestDest'

/**
 * The form of the copied pages' fields: a widget whose field is not under the catalog's /AcroForm is not a
 * field to a reader (qpdf --json stops on it: exit 2), so the target gets an /AcroForm listing the top-level
 * fields of the widgets copied (added to those of earlier sources, for a merge), with the source's default
 * appearance, resources and /NeedAppearances when it has none yet.
 */
function keepForm(target: PDFDocument, source: PDFDocument, copies: ReadonlyArray<PDFPage>): void {
	const fields: Array<PDFRef> = []
	const seen = new Set<string>()
	for (const copy of copies) {
		const annots = target.context.lookup(copy.node.get(PDFName.of('Annots')))
		for (const entry of annots instanceof PDFArray ? annots.asArray() : []) {
			const widget = target.context.lookup(entry)
			if (!(entry instanceof PDFRef) || !(widget instanceof PDFDict) || widget.get(PDFName.of('Subtype'))?.toString() !== '/Widget') continue
			// Up to the top-level field (a widget may be its own field, or a kid of one).
			let ref: PDFRef = entry
			let node: PDFDict = widget
			for (let depth = 0; depth < 32; depth++) {
				const parent: PDFObject | undefined = node.get(PDFName.of('Parent'))
				const parentNode = target.context.lookup(parent)
				if (!(parent instanceof PDFRef) || !(parentNode instanceof PDFDict)) break
				ref = parent
				node = parentNode
			}
			if (!seen.has(ref.toString())) {
				seen.add(ref.toString())
				fields.push(ref)
			}
		}
	}
	if (fields.length === 0) return
	let form = target.catalog.lookup(PDFName.of('AcroForm'))
	if (!(form instanceof PDFDict)) {
		form = target.context.obj({ Fields: [] })
		target.catalog.set(PDFName.of('AcroForm'), target.context.register(form as PDFDict))
	}
	const acroForm = form as PDFDict
	let list = target.context.lookup(acroForm.get(PDFName.of('Fields')))
	if (!(list instanceof PDFArray)) {
		list = target.context.obj([])
		acroForm.set(PDFName.of('Fields'), list as PDFArray)
	}
	const existing = new Set((list as PDFArray).asArray().map((item) => item.toString()))
	for (const field of fields) if (!existing.has(field.toString())) (list as PDFArray).push(field)
	const sourceForm = source.catalog.lookup(PDFName.of('AcroForm'))
	if (!(sourceForm instanceof PDFDict)) return
	const copier = PDFObjectCopier.for(source.context, target.context)
	for (const key of ['DA', 'DR', 'NeedAppearances']) {
		const value = sourceForm.get(PDFName.of(key))
		if (value !== undefined && !acroForm.has(PDFName.of(key))) acroForm.set(PDFName.of(key), copier.copy(value))
	}
}

/** The annotation dictionaries of a page. */
function annotationsOf(doc: PDFDocument, page: PDFDict): Array<PDFDict> {
	const annots = doc.context.lookup(page.get(PDFName.of('Annots')))
	if (!(annots instanceof PDFArray)) return []
	return annots.asArray().flatMap((entry) => {
		const annotation = doc.context.lookup(entry)
		return annotation instanceof PDFDict ? [annotation] : []
	})
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
