/**
 * Blog Markdown → sanitised HTML (`markdown-render.server.ts` has the
 * renderer and its sanitising policy). Rendering runs in the tool worker pool
 * with a time budget (DESIGN.md decision 7, SECURITY.md H4). Input too
 * complex to render safely (app/utils/markdown-complexity.ts, the check
 * Markdown → DOCX runs too) is refused with a 422 before any work; the time
 * budget is a last guard, never the rule, so whether a post saves does not
 * depend on the server's load.
 * Posts store the result at save time; public pages never run marked.
 */
import { getJobPool as getToolPool } from '#app/jobs/pool.server.ts'
import { type MarkdownTask } from './markdown-job.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { findMarkdownComplexity } from '#app/utils/markdown-complexity.ts'
import { JobFailure } from '#app/jobs/worker-pool.server.ts'
import { type RenderedMarkdown } from './markdown-render.server.ts'
import { BODY_MAX } from './post-validation.ts'

export type { RenderedMarkdown }
export { MARKDOWN_RENDER_VERSION } from '#app/utils/markdown-render-version.ts'

/** Time one render may take. Ordinary posts take milliseconds; marked's worst cases take many seconds. */
export const MARKDOWN_BUDGET_MS = 3_000

const WARM_UP: MarkdownTask = { kind: 'markdown-warm-up' }
const WARM_UP_TIMEOUT_MS = 20_000

export const MARKDOWN_TOO_COMPLEX_MESSAGE =
	'This Markdown is too complex to render (deeply nested quotes or lists, very long runs of emphasis markers, or huge tables). Simplify it and try again.'

function tooComplex(reason: string, details: { line?: number; limit?: number } = {}): AppError {
	return new AppError('VALIDATION_ERROR', MARKDOWN_TOO_COMPLEX_MESSAGE, { field: 'body', reason, ...details }, 422)
}

export async function renderMarkdown(markdown: string, { signal }: { signal?: AbortSignal } = {}): Promise<RenderedMarkdown> {
	if (markdown.length > BODY_MAX) {
		throw new AppError('PAYLOAD_TOO_LARGE', `The Markdown is too long (limit ${BODY_MAX.toLocaleString('en-US')} characters).`, { field: 'body', limit: BODY_MAX })
	}
	// Refused by what the text is, with the converter's own check, the same way on every machine
	// (how long marked takes, or whether its recursion overflows, depends on the machine's load and
	// on how far V8 has optimised the worker): the time budget below is only a last guard.
	const problem = findMarkdownComplexity(markdown)
	if (problem) throw tooComplex(problem.reason, { line: problem.line, limit: problem.limit })
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
