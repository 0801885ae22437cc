/**
 * Blog Markdown's jobs (app/blog/markdown.server.ts sends them): rendered
 * and sanitised in the job worker, off the request thread, with the pool's
 * time limit. Not a tool run: no ToolRun is recorded for it.
 */
import { AppError } from '#app/utils/errors.ts'
import { type JobContext, type JobTable } from '#app/jobs/tasks.ts'

export type MarkdownTask = { kind: 'markdown'; markdown: string } | { kind: 'markdown-warm-up' }

// Loaded in the background as the worker starts, so a render's time budget is
// spent rendering; tool jobs never wait for it.
let markdownModule: Promise<typeof import('#app/blog/markdown-render.server.ts')> | null = null
function loadMarkdown() {
	markdownModule ??= import('#app/blog/markdown-render.server.ts')
	return markdownModule
}

/** Starts loading the renderer; called as the worker starts. */
export function preloadMarkdown() {
	loadMarkdown().catch(() => {})
}

async function render(task: MarkdownTask, { started }: JobContext) {
	// The time limit counts from the post, loading included, as it always has:
	// markdown.server.ts warms a worker up and retries once around that.
	started()
	const { renderMarkdownSync } = await loadMarkdown()
	// A warm-up loads the libraries and runs each once, outside any render's time budget.
	const markdown = task.kind === 'markdown' ? task.markdown : '# Warm\n\n**up** [link](https://example.com)\n\n```js\nconst a = 1\n```\n'
	try {
		const result = renderMarkdownSync(markdown)
		return task.kind === 'markdown' ? result : null
	} catch (error) {
		// Nested too deeply for marked or the sanitiser: the input's fault (SECURITY.md H4).
		if (error instanceof RangeError) throw new AppError('VALIDATION_ERROR', 'markdown-too-complex', { reason: 'nesting' }, 422)
		throw error
	}
}

export const markdownJobs = {
	markdown: render,
	'markdown-warm-up': render,
} satisfies JobTable
