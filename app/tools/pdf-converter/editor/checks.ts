/**
 * What the viewer checks before it reads a local file into memory, and the
 * words it uses when pdf.js cannot open one. Pure, so the messages are
 * unit-tested without a browser.
 */
import { formatBytes } from '#app/utils/format.ts'

/** Why a picked file is not opened at all (no bytes are read). */
export function refuseBeforeOpening(file: { name: string; size: number }, limitBytes: number): string | null {
	if (file.size === 0) return `“${file.name}” is empty (0 bytes): there is no PDF in it to open.`
	if (file.size > limitBytes) {
		return `“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(limitBytes)} a file. Split it first (Convert → Split), or compress it with another tool.`
	}
	return null
}

/** A PDF starts with `%PDF-` within its first 1 KB (readers accept a little junk before it). */
export function looksLikePdf(head: Uint8Array): boolean {
	const text = new TextDecoder('latin1').decode(head.subarray(0, 1024))
	return text.includes('%PDF-')
}

export function notAPdfMessage(name: string): string {
	return `“${name}” is not a PDF: its bytes do not start like one, whatever its name says. Convert pictures with Convert → Images to PDF.`
}

/** pdf.js's exception names (`err.name`), in words a reader understands. */
export function openFailureMessage(name: string, error: unknown): string {
	const kind = error instanceof Error ? error.name : ''
	if (kind === 'InvalidPDFException') return `“${name}” is damaged or is not a complete PDF (it may have been cut short while downloading), so it cannot be shown.`
	if (kind === 'MissingPDFException' || kind === 'ResponseException') return `“${name}” could not be read. Please choose it again.`
	if (kind === 'PasswordException') return `“${name}” is protected by a password that was not given.`
	if (kind === 'AbortException') return `Opening “${name}” was cancelled.`
	return `“${name}” could not be opened: it is damaged or uses features this viewer cannot show.`
}

/** The largest page pdf.js draws at full resolution is far below PDF's maximum (14,400 pt); larger pages are drawn at a lower resolution. */
export const LARGE_PAGE_POINTS = 5000

export function largePageNote(width: number, height: number): string | null {
	if (Math.max(width, height) < LARGE_PAGE_POINTS) return null
	const inches = (points: number) => Math.round(points / 72)
	return `This document has a very large page (${inches(width)} × ${inches(height)} in). It is drawn at a lower resolution; zoom in to see details.`
}
