/**
 * The worker thread that runs tool cores for the server (form posts without
 * JavaScript and the JSON API), inside the pool of `run.server.ts`. Bundled
 * to build/tool-worker.js for production; run from source through tsx in
 * tests and development.
 */
import { parentPort } from 'node:worker_threads'
import { runCore, serializeToolError, type ToolCore } from '#app/tools/kit/core.ts'
import { portableCoreLoaders, type CoreLoader } from '#app/tools/cores.ts'

const loaders: Record<string, CoreLoader> = {
	...portableCoreLoaders,
	'minify-beautify': () => import('#app/tools/minify-beautify/core.node.ts').then((module) => module.core as ToolCore),
}

export type ToolTask = { slug: string; input: string; options: unknown }

/**
 * Blog Markdown (app/utils/markdown.server.ts): rendered and sanitised here,
 * off the request thread, with the pool's time limit. Not a tool run: no
 * ToolRun is recorded for it.
 */
export type MarkdownTask = { kind: 'markdown'; markdown: string } | { kind: 'markdown-warm-up' }

// Loaded in the background as the worker starts, so a render's time budget is
// spent rendering; tool jobs never wait for it.
let markdownModule: Promise<typeof import('#app/utils/markdown-render.server.ts')> | null = null
function loadMarkdown() {
	markdownModule ??= import('#app/utils/markdown-render.server.ts')
	return markdownModule
}
loadMarkdown().catch(() => {})

function isMarkdownTask(task: ToolTask | MarkdownTask): task is MarkdownTask {
	const kind = (task as { kind?: unknown }).kind
	return kind === 'markdown' || kind === 'markdown-warm-up'
}

async function renderMarkdownTask(id: number, task: MarkdownTask) {
	try {
		const { renderMarkdownSync } = await loadMarkdown()
		// A warm-up loads the libraries and runs each once, outside any render's time budget.
		const markdown = task.kind === 'markdown' ? task.markdown : '# Warm\n\n**up** [link](https://example.com)\n\n```js\nconst a = 1\n```\n'
		const result = renderMarkdownSync(markdown)
		parentPort?.postMessage({ id, ok: true, result: task.kind === 'markdown' ? result : null })
	} catch (error) {
		if (error instanceof RangeError) {
			// Nested too deeply for marked or the sanitiser: the input's fault (SECURITY.md H4).
			parentPort?.postMessage({ id, ok: false, error: { code: 'VALIDATION_ERROR', status: 422, message: 'markdown-too-complex', details: { reason: 'nesting' } } })
			return
		}
		console.error('tool worker: Markdown rendering failed:', error instanceof Error ? error.stack : error)
		parentPort?.postMessage({ id, ok: false, error: null })
	}
}

parentPort?.on('message', async ({ id, task }: { id: number; task: ToolTask | MarkdownTask }) => {
	if (isMarkdownTask(task)) return renderMarkdownTask(id, task)
	try {
		const load = loaders[task.slug]
		if (!load) throw new Error(`No core for tool ${task.slug}`)
		const result = await runCore(await load(), task.input, task.options)
		parentPort?.postMessage({ id, ok: true, result })
	} catch (error) {
		const known = serializeToolError(error)
		// Faults of ours are logged here (the message only, never the input) and answer 500.
		if (!known) console.error(`tool worker: ${task.slug} failed:`, error instanceof Error ? error.stack : error)
		parentPort?.postMessage({ id, ok: false, error: known })
	}
})
