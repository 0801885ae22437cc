/**
 * Reading untrusted PDFs, in the worker only (DESIGN.md decision 7): each
 * input is identified by its bytes, opened with pdf-lib, and its page tree
 * walked and counted by us (iteratively, with a visited set and a cap)
 * before pdf-lib's own recursive walk or any page copy runs. Every way a
 * file can fail to load becomes a catalogue error:
 *
 * - not a PDF (no `%PDF-` in the first 1024 bytes): 415;
 * - empty, truncated (no `%%EOF` in the last 1024 bytes), unparsable, a page
 *   tree that loops or nests absurdly: 422 "This PDF is damaged…";
 * - encrypted: 422 "This PDF is password-protected…";
 * - more pages than PDF_LIMITS.maxPagesPerDocument: 422, found by counting up
 *   to the cap, so a file declaring 200,000 pages costs a few milliseconds.
 *
 * Library choice: @cantoo/pdf-lib rather than pdf-lib 1.17.1. Same API, but
 * pdf-lib has had no release since 2021 and its maintainers point to this
 * fork (DESIGN.md facts; SECURITY.md §0.4); the fork is maintained, and it
 * reads encrypted files (with the password) where 1.17.1 only refuses or
 * mangles them, which is what lets us tell "password-protected" from
 * "damaged" cleanly today and offer unlocking later.
 */
import { EncryptedPDFError, ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFPageTree } from '@cantoo/pdf-lib'
import { ToolError } from '#app/tools/kit/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import { PDF_LIMITS, type PdfInputFile } from './options.ts'

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
const EOF_MARK = [0x25, 0x25, 0x45, 0x4f, 0x46] // %%EOF

function indexOf(bytes: Uint8Array, pattern: ReadonlyArray<number>, from: number, to: number): number {
	const end = Math.min(to, bytes.length) - pattern.length
	outer: for (let index = Math.max(0, from); index <= end; index++) {
		for (let offset = 0; offset < pattern.length; offset++) if (bytes[index + offset] !== pattern[offset]) continue outer
		return index
	}
	return -1
}

/** Whether `bytes` are a PDF by their content: `%PDF-` within the first 1024 bytes (as readers accept it), whatever the name says. */
export function looksLikePdf(bytes: Uint8Array): boolean {
	return indexOf(bytes, PDF_SIGNATURE, 0, 1024) !== -1
}

/** 415 (SECURITY.md I5): the file's bytes are not a PDF, whatever its name or declared type says. */
export function notPdf(file: PdfInputFile, index: number): ToolError {
	const message = `"${displayName(file.name)}" is not a PDF (its content does not start with %PDF-).`
	return new ToolError(message, { fields: { files: message }, file: index }, 'UNSUPPORTED_MEDIA_TYPE')
}

export function damaged(file: PdfInputFile, reason: string): ToolError {
	return new ToolError(`This PDF is damaged and cannot be read: "${displayName(file.name)}" ${reason}.`, { file: displayName(file.name), reason: 'damaged' }, 'VALIDATION_ERROR', 422)
}

export function passwordProtected(file: PdfInputFile): ToolError {
	return new ToolError(
		`This PDF is password-protected: "${displayName(file.name)}" is encrypted. Remove the password or the restrictions (open it, then save or print it as a new PDF) and try again.`,
		{ file: displayName(file.name), reason: 'encrypted' },
		'VALIDATION_ERROR',
		422,
	)
}

export function tooManyPages(file: PdfInputFile, pages: number | string, limit: number = PDF_LIMITS.maxPagesPerDocument): ToolError {
	return new ToolError(`This PDF has too many pages: "${displayName(file.name)}" has ${pages} (limit ${limit}).`, { file: displayName(file.name), reason: 'too-many-pages', limit }, 'VALIDATION_ERROR', 422)
}

/** A file name fit for a message: no folders, no control characters, at most 80 characters. */
export function displayName(name: string): string {
	// eslint-disable-next-line no-control-regex
	const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"]/g, '').trim()
	return Array.from(base || 'file').slice(0, 80).join('')
}

/**
 * Checks what can be checked before parsing: the count of files, their
 * sizes (413), and for PDFs the signature (400), emptiness and truncation (422).
 */
export function checkInputSizes(files: ReadonlyArray<PdfInputFile>): void {
	let total = 0
	files.forEach((file) => {
		total += file.data.byteLength
		if (file.data.byteLength > PDF_LIMITS.maxFileBytes) {
			throw new ToolError(`"${displayName(file.name)}" is too large (limit ${formatBytes(PDF_LIMITS.maxFileBytes)} a file).`, { limit: PDF_LIMITS.maxFileBytes, file: displayName(file.name) }, 'PAYLOAD_TOO_LARGE')
		}
	})
	if (total > PDF_LIMITS.maxTotalBytes) {
		throw new ToolError(`The files are too large together (limit ${formatBytes(PDF_LIMITS.maxTotalBytes)}).`, { limit: PDF_LIMITS.maxTotalBytes }, 'PAYLOAD_TOO_LARGE')
	}
}

/** The signature, emptiness and truncation checks of one PDF input. */
export function checkPdfBytes(file: PdfInputFile, index: number): void {
	if (file.data.byteLength === 0) throw damaged(file, 'is empty (0 bytes)')
	if (!looksLikePdf(file.data)) throw notPdf(file, index)
	// Every complete PDF ends with %%EOF (readers look for it in the last 1024 bytes); without it the upload was cut short.
	if (indexOf(file.data, EOF_MARK, file.data.length - 1024, file.data.length) === -1) throw damaged(file, 'is truncated (it does not end with %%EOF)')
}

/** A PDF read with pdf-lib and its page count, checked against the limits. */
export type LoadedPdf = { doc: PDFDocument; pageCount: number; file: PdfInputFile }

export async function loadPdf(file: PdfInputFile, index = 0): Promise<LoadedPdf> {
	checkPdfBytes(file, index)
	let doc: PDFDocument
	try {
		// updateMetadata: false keeps the document's own dates and producer until we write ours.
		// ParseSpeeds.Fastest: no timer every 100 objects (the worker has nothing else to do meanwhile).
		doc = await PDFDocument.load(file.data, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest })
	} catch (error) {
		if (error instanceof EncryptedPDFError) throw passwordProtected(file)
		throw damaged(file, describeParseError(error))
	}
	if (doc.isEncrypted) throw passwordProtected(file)
	const pageCount = countPages(doc, file)
	if (pageCount === 0) throw damaged(file, 'has no pages')
	return { doc, pageCount, file }
}

function describeParseError(error: unknown): string {
	if (error instanceof RangeError) return 'is nested too deeply to read'
	if (error instanceof Error && /header/i.test(error.message)) return 'has no PDF header'
	return 'could not be parsed'
}

/** Inner nodes of a page tree we walk before calling it damaged (a real 2,000-page tree has a few hundred). */
const MAX_TREE_NODES = 20_000

/**
 * The document's pages, counted without recursion: a page tree that lists
 * one of its own ancestors (a loop) or the same page twice is damaged, and
 * the count stops at the limit plus one, so a file declaring 200,000 pages is refused at once.
 */
export function countPages(doc: PDFDocument, file: PdfInputFile, limit: number = PDF_LIMITS.maxPagesPerDocument): number {
	let root: unknown
	try {
		root = doc.catalog.lookup(PDFName.of('Pages'))
	} catch {
		root = undefined
	}
	if (!(root instanceof PDFPageTree)) throw damaged(file, 'has no page tree')
	const declared = root.lookupMaybe(PDFName.of('Count'), PDFNumber)?.asNumber() ?? 0
	const tooMany = () => tooManyPages(file, declared > limit ? String(declared) : `more than ${limit}`, limit)
	let pages = 0
	let nodes = 0
	const seen = new Set<PDFDict>()
	const stack: Array<PDFPageTree> = [root]
	while (stack.length > 0) {
		const node = stack.pop()!
		if (seen.has(node)) throw damaged(file, 'has a page tree that loops back on itself')
		seen.add(node)
		if (++nodes > MAX_TREE_NODES) throw damaged(file, 'has a page tree too large to walk')
		const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)
		if (!kids) throw damaged(file, 'has a page tree node without pages')
		for (let index = 0; index < kids.size(); index++) {
			const kid = doc.context.lookup(kids.get(index))
			if (kid instanceof PDFPageTree) stack.push(kid)
			else if (kid instanceof PDFPageLeaf) {
				if (++pages > limit) throw tooMany()
				// A page has one place in the tree; one listed again is a tree that lies about its size.
				if (seen.has(kid)) throw declared > limit ? tooMany() : damaged(file, 'lists the same page more than once in its page tree')
				seen.add(kid)
			} else throw damaged(file, 'has a page tree with something other than pages in it')
		}
	}
	return pages
}
