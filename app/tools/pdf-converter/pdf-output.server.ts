/**
 * How the engine writes PDFs: new documents and saved ones say "ToolNest"
 * as their producer (never a library's URL, a path or a user name:
 * SECURITY.md J11), and saved ones get the time of the change.
 */
import { PDFDocument } from '@cantoo/pdf-lib'

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
	return doc.save()
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
