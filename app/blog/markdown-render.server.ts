/**
 * The blog's Markdown renderer on the server (`app/utils/markdown-render.ts` holds it
 * and its sanitising policy): DOMPurify on a JSDOM window. It runs inside
 * the job worker pool (`markdown-job.server.ts`), never on a request thread.
 */
import { JSDOM } from 'jsdom'
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '#app/utils/markdown-render.ts'

export { headingId, WORDS_PER_MINUTE, type RenderedMarkdown } from '#app/utils/markdown-render.ts'

let renderer: MarkdownRenderer | null = null

/** Renders and sanitises `markdown`. Synchronous and CPU-bound: call it in a worker. */
export function renderMarkdownSync(markdown: string): RenderedMarkdown {
	if (!renderer) {
		const { window } = new JSDOM('<!doctype html><html><body></body></html>')
		renderer = createMarkdownRenderer(window as unknown as Window)
	}
	return renderer(markdown)
}
