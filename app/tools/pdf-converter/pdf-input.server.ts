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
 * - encrypted (issue 29): opened with the run's password (one password for
 *   every file of a merge that needs one; the user or the owner password);
 *   none given: 422 "This PDF is password-protected… Enter its password"
 *   (`reason: 'encrypted'`); a wrong one: 422 `reason: 'wrong-password'`.
 *   A file restricted by an owner password only opens without one, and the
 *   run records what it forbade, for the result's notes. The encryption
 *   dictionary is checked before any key is derived (a /Length of 2^30 bits
 *   made pdf.js hash 128 MB fifty times): a bad one is "damaged", a handler
 *   other than the standard one (certificates) is "encrypted" with its reason;
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
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFPageLeaf, PDFPageTree, PDFString } from '@cantoo/pdf-lib'
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
		`This PDF is password-protected: "${displayName(file.name)}" is encrypted. Enter its password (the Password field, \`password\` in the API) and try again.`,
		{ file: displayName(file.name), reason: 'encrypted' },
		'VALIDATION_ERROR',
		422,
	)
}

/** 422 `wrong-password`: the password given opens neither as the user's nor as the owner's. It is never repeated in the answer. */
export function wrongPassword(file: PdfInputFile): ToolError {
	return new ToolError(
		`The password given is not the password of "${displayName(file.name)}". Check it (passwords are case-sensitive) and try again.`,
		{ file: displayName(file.name), reason: 'wrong-password', fields: { password: 'This is not the password of the file.' } },
		'VALIDATION_ERROR',
		422,
	)
}

function unsupportedEncryption(file: PdfInputFile, how: string): ToolError {
	return new ToolError(`This PDF is encrypted in a way this site cannot open: "${displayName(file.name)}" ${how}.`, { file: displayName(file.name), reason: 'encrypted' }, 'VALIDATION_ERROR', 422)
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

/**
 * How a run opens its PDFs: the password the user gave (for every file that
 * needs one), and what it found: the files that were encrypted, for the
 * result's notes (engine.server.ts). The password is never stored or logged.
 */
export type OpenOptions = { password?: string; opened?: Array<OpenedProtection> }

/**
 * An encrypted input as it was opened: `restricted`, by an owner password
 * only (it opened without one), with what its permissions forbade; or
 * `password`, with the password given.
 */
export type OpenedProtection = { index: number; name: string; kind: 'restricted' | 'password'; denied: Array<string> }

function record(open: OpenOptions, entry: OpenedProtection): void {
	open.opened ??= []
	if (!open.opened.some((each) => each.index === entry.index)) open.opened.push(entry)
}

/** A PDF read with pdf-lib and its page count, checked against the limits. */
export type LoadedPdf = { doc: PDFDocument; pageCount: number; file: PdfInputFile }

export async function loadPdf(file: PdfInputFile, index = 0, open: OpenOptions = {}): Promise<LoadedPdf> {
	checkPdfBytes(file, index)
	// updateMetadata: false keeps the document's own dates and producer until we write ours.
	// ParseSpeeds.Fastest: no timer every 100 objects (the worker has nothing else to do meanwhile).
	const settings = { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest } as const
	let doc: PDFDocument
	try {
		// Read as it is first: an encrypted file's dictionary is checked before any key is derived from it.
		doc = await PDFDocument.load(file.data, { ...settings, ignoreEncryption: true })
	} catch (error) {
		throw damaged(file, describeParseError(error))
	}
	if (doc.isEncrypted) {
		const { denied } = checkEncryption(doc, file)
		// An owner-restricted file opens with the empty user password, whatever password was given for the others.
		const opened = await decrypt(file, '', settings)
		if (opened) {
			doc = opened
			record(open, { index, name: displayName(file.name), kind: 'restricted', denied })
		} else if (open.password === undefined || open.password === '') {
			throw passwordProtected(file)
		} else {
			const withPassword = await decrypt(file, open.password, settings)
			if (!withPassword) throw wrongPassword(file)
			doc = withPassword
			record(open, { index, name: displayName(file.name), kind: 'password', denied })
		}
	}
	const pageCount = countPages(doc, file)
	if (pageCount === 0) throw damaged(file, 'has no pages')
	return { doc, pageCount, file }
}

/** The document decrypted with `password`; null when it is not the password (or, for '', when the file needs one). */
async function decrypt(file: PdfInputFile, password: string, settings: { updateMetadata: false; parseSpeed: ParseSpeeds }): Promise<PDFDocument | null> {
	try {
		const doc = await PDFDocument.load(file.data, { ...settings, password })
		if (doc.isEncrypted) throw damaged(file, 'could not be decrypted')
		return doc
	} catch (error) {
		if (error instanceof ToolError) throw error
		if (error instanceof Error && /^(NEEDS PASSWORD|Password incorrect)$/.test(error.message)) return null
		throw damaged(file, 'has an encryption dictionary that is not valid')
	}
}

/** Permissions of the standard security handler (ISO 32000-1, table 22: bit 3 is 4), as the result's note names what was forbidden. */
const PERMISSIONS: Array<{ bit: number; denied: string }> = [
	{ bit: 3, denied: 'no printing' },
	{ bit: 4, denied: 'no changes' },
	{ bit: 5, denied: 'no copying' },
	{ bit: 6, denied: 'no comments' },
	{ bit: 9, denied: 'no form filling' },
	{ bit: 11, denied: 'no page assembly' },
]

/** What a /P value forbids, in words ("no printing"…); printing in low quality only counts as a restriction too. */
export function deniedPermissions(p: number): Array<string> {
	const flags = p >>> 0
	const allowed = (bit: number) => (flags & (1 << (bit - 1))) !== 0
	const denied = PERMISSIONS.filter(({ bit }) => !allowed(bit)).map(({ denied }) => denied)
	if (allowed(3) && !allowed(12)) denied.unshift('low-quality printing only')
	return denied
}

/**
 * The encryption dictionary, checked before a key is derived from it (SECURITY.md J-series:
 * hostile encrypted files): the standard handler, a known version and revision, a key length
 * of 40 to 256 bits, and /O, /U (and for AES-256 /OE, /UE, /Perms) of their sizes. Anything
 * else is a 422: "damaged", or "encrypted" with a handler this site does not implement.
 * Returns what its permissions forbid.
 */
export function checkEncryption(doc: PDFDocument, file: PdfInputFile): { denied: Array<string> } {
	const invalid = () => damaged(file, 'has an encryption dictionary that is not valid')
	let dict: unknown
	try {
		dict = doc.context.lookup(doc.context.trailerInfo.Encrypt)
	} catch {
		throw invalid()
	}
	if (!(dict instanceof PDFDict)) throw invalid()
	const filter = dict.lookup(PDFName.of('Filter'))
	if (!(filter instanceof PDFName)) throw invalid()
	if (filter !== PDFName.of('Standard')) throw unsupportedEncryption(file, 'is encrypted for certificates or with another security handler than passwords')
	const number = (key: string): number | undefined => {
		const value = dict.lookup(PDFName.of(key))
		return value instanceof PDFNumber ? value.asNumber() : undefined
	}
	const bytes = (key: string): number => {
		const value = dict.lookup(PDFName.of(key))
		return value instanceof PDFString || value instanceof PDFHexString ? value.asBytes().length : -1
	}
	const version = number('V')
	const revision = number('R')
	const p = number('P')
	if (version === undefined || revision === undefined || p === undefined || !Number.isInteger(p)) throw invalid()
	if (![1, 2, 4, 5].includes(version) || ![2, 3, 4, 5, 6].includes(revision)) throw unsupportedEncryption(file, `uses an unknown encryption version (V ${version}, R ${revision})`)
	const length = number('Length')
	if (length !== undefined && (!Number.isInteger(length) || length < 40 || length > 256 || length % 8 !== 0)) throw invalid()
	const filters = dict.lookup(PDFName.of('CF'))
	if (filters instanceof PDFDict) {
		for (const [, value] of filters.entries()) {
			const handler = value instanceof PDFDict ? value : doc.context.lookup(value)
			const handlerLength = handler instanceof PDFDict ? handler.lookup(PDFName.of('Length')) : undefined
			// In bits or, as some writers have it, in bytes.
			if (handlerLength instanceof PDFNumber && !(handlerLength.asNumber() >= 5 && handlerLength.asNumber() <= 256)) throw invalid()
		}
	}
	const keySize = revision >= 5 ? 48 : 32
	if (bytes('O') < keySize || bytes('U') < keySize) throw invalid()
	if (version === 5 && (bytes('OE') < 32 || bytes('UE') < 32 || bytes('Perms') < 16)) throw invalid()
	if (version < 5) {
		const ids = doc.context.lookup(doc.context.trailerInfo.ID)
		const first = ids instanceof PDFArray && ids.size() > 0 ? doc.context.lookup(ids.get(0)) : undefined
		if (!(first instanceof PDFString || first instanceof PDFHexString)) throw invalid()
	}
	return { denied: deniedPermissions(p) }
}

/**
 * For readers that derive the key themselves (pdf.js): whether the file is
 * encrypted, its encryption dictionary checked as loadPdf checks it, and what
 * its permissions forbid; null when it is not encrypted. A file whose bytes
 * never say `/Encrypt` (the trailer and cross-reference stream dictionaries
 * are never compressed) is not parsed here.
 */
export async function inspectEncryption(file: PdfInputFile): Promise<{ denied: Array<string> } | null> {
	if (!Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength).includes('/Encrypt')) return null
	let doc: PDFDocument
	try {
		doc = await PDFDocument.load(file.data, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, ignoreEncryption: true })
	} catch (error) {
		throw damaged(file, describeParseError(error))
	}
	return doc.isEncrypted ? checkEncryption(doc, file) : null
}

/** Records an encrypted input that a reader opened (once per input). */
export function recordOpened(open: OpenOptions, entry: OpenedProtection): void {
	record(open, entry)
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
