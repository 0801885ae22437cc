/**
 * Markdown → safe HTML, the one renderer for blog posts, the admin preview
 * and the Markdown to DOCX page's live preview. It takes the window DOMPurify
 * sanitises with: on the server a JSDOM window (`app/blog/markdown-render.server.ts`,
 * run inside the job worker pool, DESIGN.md decision 7, never on a request
 * thread: marked can take seconds or overflow the stack on hostile input,
 * SECURITY.md H4, so `app/blog/markdown.server.ts` gives each render a time budget),
 * in the browser the page's own window (`app/tools/markdown-to-docx/preview.client.ts`),
 * so a preview shows exactly what the blog would render.
 *
 * Order matters: marked (GFM) + highlight.js + heading anchors + GitHub
 * alerts (app/utils/markdown-alerts.ts, shared with Markdown → DOCX) first,
 * then DOMPurify over everything marked produced (raw HTML included), always.
 *
 * Sanitising policy (SECURITY.md G5, H3, H5):
 * - HTML profile only: no SVG, no MathML (mXSS), no <style>, <form> and its
 *   controls, <iframe>/<frame>, <object>/<embed>, <link>/<meta>/<base>;
 *   no `style`, `srcdoc`, `formaction` or `on*` attributes.
 * - URLs: DOMPurify's safe-scheme list (http, https, mailto, tel, relative…),
 *   checked after removing whitespace and control characters, so
 *   `JaVaScRiPt:` and `java\tscript:` go; `data:` URLs are removed everywhere,
 *   images included (upload images instead; a data: image would also bloat
 *   every page), and so is `vbscript:`.
 * - Links to other sites get `rel="noopener noreferrer nofollow"`.
 * - Images keep their src; the server never fetches them (the page's CSP
 *   `img-src` decides whether a remote one loads).
 */
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify'
import hljs from 'highlight.js/lib/common'
import { Lexer, Marked, type Tokens } from 'marked'
import { markedHighlight } from 'marked-highlight'
import { readAlertMarker } from '#app/utils/markdown-alerts.ts'

export type RenderedMarkdown = { html: string; readingMinutes: number; text: string }

export const WORDS_PER_MINUTE = 200

/**
 * Changing what this file outputs for some Markdown (marked's options or
 * extensions, highlight.js, anchors, alerts, the sanitising policy, a library
 * upgrade that changes output)? Bump MARKDOWN_RENDER_VERSION in
 * ./markdown-render-version.ts in the same change: stored posts are then
 * re-rendered at the next start.
 */
export { MARKDOWN_RENDER_VERSION } from './markdown-render-version.ts'

const FORBID_TAGS = [
	'style',
	'script',
	'form',
	'input',
	'button',
	'textarea',
	'select',
	'option',
	'iframe',
	'frame',
	'frameset',
	'object',
	'embed',
	'link',
	'meta',
	'base',
	'svg',
	'math',
	'template',
	'noscript',
]
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action', 'target', 'ping', 'xlink:href']
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'poster', 'cite', 'background', 'action', 'data'])

type Sanitizer = { purify: DOMPurify; document: Document; form: HTMLFormElement }

/**
 * DOMPurify on `window` with the policy above, and an inert document (one
 * that loads nothing, not even images) to read the result in.
 */
function createSanitizer(window: Window): Sanitizer {
	const purify = createDOMPurify(window as unknown as WindowLike)
	purify.addHook('uponSanitizeAttribute', (_node, data) => {
		if (!URL_ATTRIBUTES.has(data.attrName)) return
		// What a browser would read: whitespace and control characters are ignored in a scheme.
		// eslint-disable-next-line no-control-regex
		const compact = data.attrValue.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '').toLowerCase()
		// …and percent-encoded ones (`java%09script:`), which some tools decode before use.
		const decoded = compact.replace(/%(?:[01][0-9a-f]|20|7f)/g, '')
		if (/^(?:data|vbscript|javascript):/.test(compact) || /^(?:data|vbscript|javascript):/.test(decoded)) {
			data.keepAttr = false
			data.forceKeepAttr = false
		}
	})
	purify.addHook('afterSanitizeAttributes', (node) => {
		// An image the author gave no text is taken as decorative (screen readers skip it, rather than read its address).
		if (node.nodeName === 'IMG' && !(node as Element).hasAttribute('alt')) (node as Element).setAttribute('alt', '')
		if (node.nodeName !== 'A') return
		const element = node as Element
		const href = element.getAttribute('href')
		if (href && isExternal(href)) element.setAttribute('rel', 'noopener noreferrer nofollow')
		else element.removeAttribute('rel')
	})
	const document = window.document.implementation.createHTMLDocument('')
	return { purify, document, form: document.createElement('form') }
}

function isExternal(href: string): boolean {
	const value = href.trim()
	return /^[a-z][a-z0-9+.-]*:/i.test(value) ? /^https?:/i.test(value) : value.startsWith('//')
}

function decodeEntities(text: string): string {
	return text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
}

/** A heading's id: lower-case ASCII letters, digits and hyphens (accents stripped). */
export function headingId(text: string): string {
	const id = text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/g, '')
	return id || 'section'
}

function createMarked(usedIds: Map<string, number>, isReserved: (id: string) => boolean, idPrefix: string) {
	const marked = new Marked(
		markedHighlight({
			emptyLangClass: 'hljs',
			langPrefix: 'hljs language-',
			highlight(code, lang) {
				const name = (lang || '').trim().split(/\s+/)[0] ?? ''
				// No auto-detection: it is slow and guesses.
				const language = name && hljs.getLanguage(name) ? name : 'plaintext'
				return hljs.highlight(code, { language, ignoreIllegals: true }).value
			},
		}),
	)
	marked.use({
		gfm: true,
		renderer: {
			// A GitHub alert (`> [!WARNING]`), as Markdown → DOCX shows it: titled, in its kind's colours.
			blockquote(this: { parser: { parse(tokens: Array<Tokens.Generic>): string; parseInline(tokens: Array<Tokens.Generic>): string } }, { tokens }: Tokens.Blockquote) {
				const first = tokens[0]
				const alert = first?.type === 'paragraph' ? readAlertMarker(first.raw) : null
				if (!alert) return false
				const { kind, style, rest } = alert
				const name = kind.toLowerCase()
				let html = `<div class="markdown-alert markdown-alert-${name}" role="note" aria-label="${style.title}">\n`
				html += `<p class="markdown-alert-title">${style.title}</p>\n`
				// The first paragraph without its marker, read again as inline Markdown.
				if (rest.trim()) html += `<p>${this.parser.parseInline(Lexer.lexInline(rest.trim(), marked.defaults) as Array<Tokens.Generic>)}</p>\n`
				html += this.parser.parse(tokens.slice(1) as Array<Tokens.Generic>)
				return `${html}</div>\n`
			},
			heading(this: { parser: { parseInline(tokens: Array<Tokens.Generic>): string } }, { tokens, depth }: Tokens.Heading) {
				const inner = this.parser.parseInline(tokens)
				const plain = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim()
				let id = headingId(plain)
				// Unique in the document, and never a name DOMPurify would drop as DOM clobbering.
				let candidate = id
				let count = usedIds.get(id) ?? 0
				while (usedIds.has(candidate) || isReserved(candidate)) {
					count++
					candidate = `${id}-${count}`
				}
				usedIds.set(id, count)
				usedIds.set(candidate, 0)
				id = idPrefix + candidate
				const label = plain.replace(/[<>"&]/g, '')
				// The post's title is the page's one <h1>: `#` in the body is a section (<h2>), and so on down.
				const level = Math.min(depth + 1, 6)
				return `<h${level} id="${id}">${inner} <a class="heading-anchor" href="#${id}" aria-label="Link to the section ${label}">#</a></h${level}>\n`
			},
		},
	})
	return marked
}

export type MarkdownRenderer = (markdown: string) => RenderedMarkdown

export type MarkdownRendererOptions = {
	/**
	 * Put before every heading id (and its anchor's link): a preview inside
	 * another page keeps its ids apart from the page's own. None on the blog.
	 */
	idPrefix?: string
}

/**
 * The renderer for one window: `render(markdown)` renders and sanitises.
 * Synchronous and CPU-bound: on the server, call it in a worker.
 */
export function createMarkdownRenderer(window: Window, { idPrefix = '' }: MarkdownRendererOptions = {}): MarkdownRenderer {
	const sanitizer = createSanitizer(window)
	return (markdown) => render(sanitizer, markdown, idPrefix)
}

function render({ purify, document, form }: Sanitizer, markdown: string, idPrefix: string): RenderedMarkdown {
	const isReserved = (id: string) => idPrefix + id in document || idPrefix + id in form
	const marked = createMarked(new Map(), isReserved, idPrefix)
	const raw = marked.parse(markdown, { async: false }) as string
	const html = purify.sanitize(raw, {
		USE_PROFILES: { html: true },
		FORBID_TAGS,
		FORBID_ATTR,
		ALLOW_DATA_ATTR: false,
		ALLOW_UNKNOWN_PROTOCOLS: false,
	}) as string
	const container = document.createElement('div')
	container.innerHTML = html
	for (const anchor of container.querySelectorAll('.heading-anchor')) anchor.remove()
	const text = (container.textContent ?? '').replace(/\s+/g, ' ').trim()
	const words = text ? text.split(' ').length : 0
	return { html, readingMinutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)), text }
}
