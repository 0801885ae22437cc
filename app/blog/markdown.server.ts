/**
 * Blog Markdown → sanitised HTML (`markdown-render.server.ts` has the
 * renderer and its sanitising policy). Rendering runs in the tool worker pool
 * with a time budget (DESIGN.md decision 7, SECURITY.md H4): input that is
 * too slow to render, or nested deeper than the renderer can follow, is
 * refused with a 422 instead of blocking the server or failing with a 500.
 * Posts store the result at save time; public pages never run marked.
 */
import { getJobPool as getToolPool } from '#app/jobs/pool.server.ts'
import { type MarkdownTask } from '#app/jobs/markdown-job.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { JobFailure } from '#app/jobs/worker-pool.server.ts'
import { type RenderedMarkdown } from './markdown-render.server.ts'
import { BODY_MAX } from './post-validation.ts'

export type { RenderedMarkdown }

/** Time one render may take. Ordinary posts take milliseconds; marked's worst cases take many seconds. */
export const MARKDOWN_BUDGET_MS = 3_000

const WARM_UP: MarkdownTask = { kind: 'markdown-warm-up' }
const WARM_UP_TIMEOUT_MS = 20_000

export const MARKDOWN_TOO_COMPLEX_MESSAGE =
	'This Markdown is too complex to render (deeply nested quotes or lists, or very long runs of emphasis markers). Simplify it and try again.'

/** Blockquotes nested deeper than this are refused before rendering (no real post comes close). */
export const MAX_QUOTE_DEPTH = 100

/** The deepest run of '>' markers (spaces between them allowed) that starts a line. */
function quoteDepth(markdown: string): number {
	let deepest = 0
	let depth = 0
	let atStart = true
	for (let i = 0; i < markdown.length; i++) {
		const char = markdown.charCodeAt(i)
		if (char === 10) {
			depth = 0
			atStart = true
		} else if (atStart) {
			if (char === 62) deepest = Math.max(deepest, ++depth)
			else if (char !== 32 && char !== 9) atStart = false
		}
	}
	return deepest
}

function tooComplex(reason: string): AppError {
	return new AppError('VALIDATION_ERROR', MARKDOWN_TOO_COMPLEX_MESSAGE, { field: 'body', reason }, 422)
}

export async function renderMarkdown(markdown: string, { signal }: { signal?: AbortSignal } = {}): Promise<RenderedMarkdown> {
	if (markdown.length > BODY_MAX) {
		throw new AppError('PAYLOAD_TOO_LARGE', `The Markdown is too long (limit ${BODY_MAX.toLocaleString('en-US')} characters).`, { field: 'body', limit: BODY_MAX })
	}
	// Whether marked's recursion overflows on deep quotes depends on how far V8 has optimised it in
	// that worker, so the refusal would too: deep quoting is refused here, the same way every time.
	if (quoteDepth(markdown) > MAX_QUOTE_DEPTH) throw tooComplex('nesting')
	const task: MarkdownTask = { kind: 'markdown', markdown }
	const pool = getToolPool()
	// A worker started for this job would spend the budget starting up (loading
	// jsdom, marked, highlight.js): when none is idle, a warm-up job without
	// the budget goes first.
	const stats = pool.stats
	const cold = stats.workers - stats.busy <= 0
	if (cold) await pool.run(WARM_UP, { signal, timeoutMs: WARM_UP_TIMEOUT_MS }).catch(() => {})
	// Another request can take the warmed worker first; a render that then ran
	// out of time on a fresh one gets one more try.
	for (let attempt = 0; ; attempt++) {
		try {
			return await pool.run<RenderedMarkdown>(task, { signal, timeoutMs: MARKDOWN_BUDGET_MS })
		} catch (error) {
			if (error instanceof JobFailure && error.kind === 'timeout') {
				if (cold && attempt === 0) continue
				throw tooComplex('time')
			}
			if (error instanceof JobFailure && error.kind === 'memory') throw tooComplex('memory')
			if (error instanceof AppError && error.message === 'markdown-too-complex') throw tooComplex('nesting')
			throw error
		}
	}
}
