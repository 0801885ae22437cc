/**
 * The live preview in the browser: the blog's own renderer
 * (app/utils/markdown-render.ts: marked GFM, highlight.js, DOMPurify with the
 * blog's strict policy) on the page's window, loaded only when the page
 * first previews. After sanitising, pictures are pointed at the files the
 * visitor opened (blob: URLs this page made, which the CSP's img-src
 * allows); any other picture shows its alt text, as in the document, so the
 * preview never requests a remote or missing image.
 */
import { createMarkdownRenderer, type MarkdownRenderer } from '#app/utils/markdown-render.ts'
import { ToolError } from '#app/tools/kit/core.ts'
import { checkComplexity } from './complexity.ts'
import { splitFrontMatter, type FrontMatter } from './front-matter.ts'
import { imageKey } from './parts/files.ts'

let renderer: MarkdownRenderer | null = null
let scratch: Document | null = null

export type Preview = { html: string; frontMatter: FrontMatter | null; ms: number; error: string | null }

export const PREVIEW_ID_PREFIX = 'preview-'

/** `images`: the opened pictures by lower-case file name → their object URL. */
export function renderPreview(markdown: string, images: ReadonlyMap<string, string>): Preview {
	const started = performance.now()
	renderer ??= createMarkdownRenderer(window, { idPrefix: PREVIEW_ID_PREFIX })
	scratch ??= document.implementation.createHTMLDocument('')
	const { frontMatter, body, lines } = splitFrontMatter(markdown.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n'))
	try {
		// The shapes that would keep marked busy for seconds are refused, as the converter refuses them.
		checkComplexity(body, lines + 1)
		const { html } = renderer(body)
		return { html: withImages(html, images), frontMatter, ms: performance.now() - started, error: null }
	} catch (error) {
		const reason = error instanceof ToolError ? ` ${error.message}` : error instanceof RangeError ? '' : null
		if (reason === null) throw error
		return { html: '', frontMatter, ms: performance.now() - started, error: `This Markdown is too complex to preview.${reason}` }
	}
}

function withImages(html: string, images: ReadonlyMap<string, string>): string {
	if (!html.includes('<img')) return html
	// An inert document: nothing in it loads.
	const container = scratch!.createElement('div')
	container.innerHTML = html
	for (const image of container.querySelectorAll('img')) {
		const key = imageKey(image.getAttribute('src') ?? '')
		const url = key ? images.get(key) : undefined
		if (url) {
			image.setAttribute('src', url)
			continue
		}
		const alt = image.getAttribute('alt')?.trim() ?? ''
		const stand = scratch!.createElement('em')
		stand.className = 'md-missing-image'
		stand.textContent = alt ? `[${alt}]` : '[picture]'
		stand.setAttribute('title', key ? `Not in the document: open ${key} with the Markdown to include it.` : 'Not in the document: remote pictures are not fetched; the alt text stands in.')
		image.replaceWith(stand)
	}
	return container.innerHTML
}
