/**
 * What the Base64 page shows besides the core's output: sizes before and
 * after, file names for downloads, the short preview of a very long result,
 * and the limits of the browser-only file features. Pure: no React, no DOM.
 */
import { type Base64Options, type Charset, type FileType } from './core.ts'

/** Files the page encodes in the browser (the text box takes 10 MB). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
/** Base64 text files the page decodes to bytes: 50 MB of data is about 67 MB of Base64, with line breaks about 68 MB. */
export const MAX_BASE64_FILE_BYTES = 70 * 1024 * 1024
/** Results longer than this are not put into a text area whole (it would freeze the page). */
export const FULL_PREVIEW_LIMIT = 1024 * 1024
/** How much of a long result is shown. */
export const SHORT_PREVIEW_CHARS = 4 * 1024
/** Text inputs longer than this are decoded to bytes (for previews and downloads) in the file worker. */
export const MAIN_THREAD_DECODE_LIMIT = 1_000_000

export type Base64Stats = { inputBytes: number; outputBytes: number; inputChars: number; outputChars: number }

export const defaultOptions: Base64Options = {
	action: 'encode',
	charset: 'utf-8',
	alphabet: 'standard',
	padding: true,
	wrap: false,
	strict: false,
}

/** Code points in `text` (what a person calls characters: an emoji is one). */
export function countCharacters(text: string): number {
	let count = text.length
	for (let index = 0; index < text.length; index++) {
		const unit = text.charCodeAt(index)
		if (unit >= 0xd800 && unit <= 0xdbff) {
			const next = text.charCodeAt(index + 1)
			if (next >= 0xdc00 && next <= 0xdfff) {
				count--
				index++
			}
		}
	}
	return count
}

/** Bytes of `text` in `charset` (Latin-1 counts one byte a UTF-16 unit; characters outside it are an error anyway). */
export function byteLength(text: string, charset: Charset): number {
	if (charset === 'utf-16le') return text.length * 2
	if (charset === 'latin1') return text.length
	let bytes = 0
	for (let index = 0; index < text.length; index++) {
		const unit = text.charCodeAt(index)
		if (unit < 0x80) bytes += 1
		else if (unit < 0x800) bytes += 2
		else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
			bytes += 4
			index++
		} else bytes += 3
	}
	return bytes
}

/** The input's side of the sizes line when there is no result yet (or an error). */
export function inputSizes(input: string, options: Pick<Base64Options, 'action' | 'charset'>): { chars: number; bytes: number } {
	return { chars: countCharacters(input), bytes: byteLength(input, options.action === 'encode' ? options.charset : 'utf-8') }
}

export function plural(count: number, word: string): string {
	return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}

/** "12 characters · 15 bytes" */
export function sizePair(chars: number, bytes: number): string {
	return `${plural(chars, 'character')} · ${plural(bytes, 'byte')}`
}

/** 52428800 → "50 MB", 1536 → "1.5 KB", 900 → "900 bytes" (as `formatBytes`, with "byte" for 1). */
export function formatSize(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`
	if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
	return plural(bytes, 'byte')
}

/** A long result's beginning, and how much is left out ("… (63.2 MB more)"), or the whole text when it is short. */
export function previewText(text: string, limit = FULL_PREVIEW_LIMIT, shown = SHORT_PREVIEW_CHARS): { text: string; more: string | null } {
	if (text.length <= limit) return { text, more: null }
	// Base64 and data URIs are ASCII: one character is one byte.
	return { text: text.slice(0, shown), more: `… (${formatSize(text.length - shown)} more)` }
}

/** Types the page previews in an `<img>` (an image element never runs scripts, SVG included). */
export function isPreviewableImage(type: FileType | null): type is FileType {
	return type !== null && type.mime.startsWith('image/')
}

export function isPdf(type: FileType | null): type is FileType {
	return type?.mime === 'application/pdf'
}

/** `decoded.png`, `decoded.pdf`, or `decoded.bin` when the type is unknown. */
export function decodedFileName(type: FileType | null): string {
	return `decoded.${type?.extension ?? 'bin'}`
}

/**
 * The type a decoded blob is given. Only images and PDFs keep theirs (they
 * are previewed: images in an `<img>`, PDFs in the browser's viewer);
 * anything else is `application/octet-stream`, so that no decoded HTML could
 * ever be opened as a page of this site.
 */
export function blobType(type: FileType | null): string {
	return isPreviewableImage(type) || isPdf(type) ? type.mime : 'application/octet-stream'
}

/** `photo.png` → `photo.png.base64.txt` / `photo.png.data-uri.txt`. */
export function encodedFileName(fileName: string, format: FileFormat): string {
	const base = fileName.trim() || 'file'
	return `${base}.${format === 'data-uri' ? 'data-uri' : 'base64'}.txt`
}

export type FileFormat = 'base64' | 'data-uri'

/** The name of the text tab's download: the Base64, the decoded text, or the hex dump. */
export function outputFileName(action: Base64Options['action'], binary: boolean): string {
	if (action === 'encode') return 'base64.txt'
	return binary ? 'hex-dump.txt' : 'decoded.txt'
}
