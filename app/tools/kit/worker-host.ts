/**
 * The message loop of a browser tool worker: runs the core a task names off
 * the page's main thread and posts progress while the core reports it. Each
 * worker entry (`browser-worker.ts`, `minify-beautify/minify-worker.ts`)
 * calls it with the cores it may load, and optionally with warmers: a
 * `{ id, slug, warm }` message (worker-client's `prepare`) loads what later
 * runs of that tool will need (`warm` is the tool's to define) and is
 * answered `{ id, ok: true, result: null }` once loaded. A warmer must load
 * through the same memoised loaders the core uses, so that a run arriving
 * meanwhile waits for that one load, never a second.
 */
import { runCore, serializeToolError, type ToolCore } from './core.ts'

export type CoreLoader = () => Promise<ToolCore>
export type Warmer = (what: unknown) => Promise<void>

export type BrowserTask = { id: number; slug: string; input: string; options: unknown }
export type BrowserWarmUp = { id: number; slug: string; warm: unknown }
export type BrowserReply =
	| { id: number; progress: number }
	| { id: number; ok: true; result: unknown }
	| { id: number; ok: false; error: { code: string; message: string; status: number; details?: unknown } }

export function serveToolCores(loaders: Record<string, CoreLoader>, warmers: Record<string, Warmer> = {}) {
	const scope = self as unknown as {
		postMessage(message: BrowserReply): void
		addEventListener(type: 'message', listener: (event: MessageEvent<BrowserTask | BrowserWarmUp>) => void): void
	}

	scope.addEventListener('message', async ({ data }) => {
		if ('warm' in data) {
			const { id, slug, warm } = data
			try {
				await warmers[slug]?.(warm)
				scope.postMessage({ id, ok: true, result: null })
			} catch {
				// Not logged: nobody asked for this yet. The next run loads the engine again and reports what fails.
				scope.postMessage({ id, ok: false, error: { code: 'INTERNAL_ERROR', message: 'The engine could not be loaded.', status: 500 } })
			}
			return
		}
		const { id, slug, input, options } = data
		try {
			const load = loaders[slug]
			if (!load) throw new Error(`No core for tool ${slug}`)
			let lastPost = 0
			const progress = (fraction: number) => {
				const now = performance.now()
				if (now - lastPost < 50) return
				lastPost = now
				scope.postMessage({ id, progress: fraction })
			}
			const result = await runCore(await load(), input, options, { progress })
			scope.postMessage({ id, ok: true, result })
		} catch (error) {
			const known = serializeToolError(error)
			// Bad input is the user's to fix (shown in the page); only our own faults are logged.
			if (!known) console.error(error)
			scope.postMessage({ id, ok: false, error: known ?? { code: 'INTERNAL_ERROR', message: 'Something went wrong while running the tool. Please try again.', status: 500 } })
		}
	})
}
