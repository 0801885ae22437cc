/**
 * The name of each operation's result, saying what was done (issue 29, item
 * 23): `report-properties.pdf`, `report-without-pages-1-6.pdf`,
 * `report-and-2-more-merged.pdf`, `report-text.txt`. The one place a stored
 * result is named (runPdfOperation applies it, for the API and the page
 * alike); the files inside a ZIP keep the engine's names (`report-page-01.png`).
 * Pure, and safe on every system (app/utils/file-names.ts).
 */
import { fileStem, safeFileName } from '#app/utils/file-names.ts'

/** A page list short enough to be part of a name. */
const MAX_LABEL = 30

/**
 * `1-3, 5, 8-` → `1-3,5,8-end`; `4-4` → `4`; `-4` → `1-4`. Null when the
 * text is not a page list (the engine then refuses it anyway) or too long.
 */
function pagesLabel(text: string | undefined): { label: string; single: boolean; count: number | null } | null {
	const items = (text ?? '').replace(/\s+/g, '').split(',').filter(Boolean)
	if (items.length === 0) return null
	const parts: Array<string> = []
	let count: number | null = 0
	for (const item of items) {
		const match = /^(\d*)-(\d*)$|^(\d+)$/.exec(item)
		if (!match) return null
		const from = Number(match[3] ?? (match[1] || '1'))
		const to = match[3] ? from : match[2] ? Number(match[2]) : null
		parts.push(to === null ? `${from}-end` : to === from ? String(from) : `${from}-${to}`)
		count = count === null || to === null ? null : count + Math.max(0, to - from + 1)
	}
	const label = parts.join(',')
	const single = parts.length === 1 && /^\d+$/.test(parts[0]!)
	return { label: label.length <= MAX_LABEL ? label : '', single, count }
}

/** `pages-1-3`, `page-5`, or for a long list `12-pages` (`selected-pages` when it runs to the end). */
function pagesPart(text: string | undefined): string | null {
	const pages = pagesLabel(text)
	if (!pages) return null
	if (pages.label) return `${pages.single ? 'page' : 'pages'}-${pages.label}`
	return pages.count === null ? 'selected-pages' : `${pages.count}-pages`
}

const EXTENSIONS: Array<[RegExp, string]> = [
	[/^application\/pdf/, '.pdf'],
	[/^application\/zip/, '.zip'],
	[/^image\/png/, '.png'],
	[/^text\/plain/, '.txt'],
]

function extensionOf(contentType: string): string {
	return EXTENSIONS.find(([type]) => type.test(contentType))?.[1] ?? ''
}

export function resultFileName(operation: string, files: ReadonlyArray<{ name: string }>, options: Readonly<Record<string, unknown>>, contentType: string): string {
	const fallback = operation === 'images-to-pdf' ? 'images' : 'document'
	const stem = fileStem(files[0]?.name) || fallback
	const text = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined)
	const extension = extensionOf(contentType)
	const name = (suffix: string) => safeFileName(stem, suffix, extension, fallback)
	const more = files.length - 1
	switch (operation) {
		case 'images-to-pdf':
			return name(more > 0 ? `-and-${more}-more` : '')
		case 'merge': {
			if (more === 1) {
				// Both names, the second shortened first, so that "-merged" always shows.
				const second = fileStem(files[1]?.name) || fallback
				const both = safeFileName(`${stem}-and-${Array.from(second).slice(0, 40).join('')}`, '-merged', extension, fallback)
				return both
			}
			return name(`-and-${more}-more-merged`)
		}
		case 'split': {
			const mode = text('mode') ?? (text('ranges') ? 'ranges' : 'every-page')
			if (mode === 'every-n') return name(`-split-every-${Number(options.n) || 1}-pages`)
			if (mode === 'ranges') {
				const pages = pagesLabel(text('ranges'))
				return name(pages?.label ? `-split-${pages.label}` : '-split')
			}
			return name('-split-into-pages')
		}
		case 'extract-pages':
			return name(`-${pagesPart(text('pages')) ?? 'pages'}`)
		case 'delete-pages':
			return name(`-without-${pagesPart(text('pages')) ?? 'pages'}`)
		case 'reorder-pages':
			return name('-reordered')
		case 'rotate': {
			const angle = /^(90|180|270)$/.test(String(options.angle)) ? `-${options.angle}` : ''
			const pages = text('pages')?.trim() ? pagesPart(text('pages')) : null
			return name(`${pages ? `-${pages}` : ''}-rotated${angle}`)
		}
		case 'page-numbers':
			return name('-numbered')
		case 'watermark':
			return name('-watermarked')
		case 'metadata':
			return name('-properties')
		case 'pdf-to-text': {
			const pages = text('pages')?.trim() ? pagesPart(text('pages')) : null
			return name(`-text${pages ? `-${pages}` : ''}`)
		}
		case 'pdf-to-images': {
			const pages = text('pages')?.trim() ? pagesPart(text('pages')) : null
			// One PNG is one page: the one asked for, or a one-page document's.
			if (extension === '.png') return name(`-${pages ?? 'page-1'}`)
			return name(pages ? `-${pages}-images` : '-page-images')
		}
		default:
			return name('-result')
	}
}
