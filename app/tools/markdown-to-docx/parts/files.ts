/**
 * The page's checks on the files a visitor opens or drops, before anything
 * is uploaded: which file is the Markdown and which are its pictures, and
 * the plain mistakes (a Markdown file over the limit, a "picture" that is
 * not one). Help only: the server checks everything again (SECURITY.md
 * §4 V2 2.2.2).
 */
import { formatBytes } from '#app/utils/format.ts'

import { MAX_MARKDOWN_BYTES } from '../options.ts'

export { MAX_MARKDOWN_BYTES }

/** The converter's API, which the page posts to with JavaScript (and the curl example names). */
export const API_PATH = '/api/convert/md-to-docx'

export const MARKDOWN_ACCEPT = '.md,.markdown,.txt,text/markdown,text/plain'
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif'

/** The pictures Word documents get here, by their first bytes. */
export type ImageKind = 'PNG' | 'JPEG' | 'GIF'

export function sniffImage(head: Uint8Array): ImageKind | null {
	if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'PNG'
	if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'JPEG'
	if (head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x38) return 'GIF'
	return null
}

export function isMarkdownName(name: string): boolean {
	return /\.(md|markdown|mdown|mkd|txt)$/i.test(name)
}

/** UTF-8 bytes of `text`, counted without encoding it (the box's size line runs on every key): the text tools' counter. */
export { utf8Length as utf8Bytes } from '#app/tools/kit/core.ts'

export function lineCount(text: string): number {
	if (text === '') return 0
	let lines = 1
	for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++
	return lines
}

export function markdownTooLargeMessage(what: string, bytes: number): string {
	return `${what} is too large: ${formatBytes(bytes)} (the limit is ${formatBytes(MAX_MARKDOWN_BYTES)}).`
}

/** The name an image reference looks for: what docx-writer.ts matches uploads on (the last path part, decoded, any case). */
export function imageKey(reference: string): string | null {
	const href = reference.trim()
	if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) return null
	if (href.startsWith('//')) return null
	let path = href.split(/[?#]/)[0]!
	try {
		path = decodeURIComponent(path)
	} catch {
		// kept as written
	}
	return path.split(/[\\/]/).pop()!.toLowerCase() || null
}

export type PickedFiles = {
	markdown: { name: string; text: string } | null
	images: Array<File>
	/** What was refused, one sentence each. */
	problems: Array<string>
}

/** Sorts opened or dropped files into the Markdown (one at most) and pictures, refusing what cannot be used. */
export async function sortPickedFiles(files: ReadonlyArray<File>): Promise<PickedFiles> {
	const picked: PickedFiles = { markdown: null, images: [], problems: [] }
	for (const file of files) {
		const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
		if (sniffImage(head)) {
			picked.images.push(file)
			continue
		}
		if (file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|avif|svg|bmp|tiff?)$/i.test(file.name)) {
			picked.problems.push(`${file.name} is not a PNG, JPEG or GIF picture, so it cannot go into the document.`)
			continue
		}
		if (!isMarkdownName(file.name) && !file.type.startsWith('text/')) {
			picked.problems.push(`${file.name} is neither Markdown (.md, .markdown, .txt) nor a PNG, JPEG or GIF picture.`)
			continue
		}
		if (picked.markdown) {
			picked.problems.push(`${file.name} was left out: open one Markdown file at a time (${picked.markdown.name} is open).`)
			continue
		}
		if (file.size > MAX_MARKDOWN_BYTES) {
			picked.problems.push(markdownTooLargeMessage(file.name, file.size))
			continue
		}
		const bytes = new Uint8Array(await file.arrayBuffer())
		if (bytes.includes(0)) {
			picked.problems.push(`${file.name} is not Markdown text: it holds NUL bytes, as binary files do.`)
			continue
		}
		let text: string
		try {
			text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
		} catch {
			picked.problems.push(`${file.name} is not UTF-8 text. Save it as UTF-8 and open it again.`)
			continue
		}
		picked.markdown = { name: file.name, text }
	}
	return picked
}
