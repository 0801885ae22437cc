/**
 * The browser's tool worker (a module Web Worker, bundled by Vite): runs a
 * tool's core off the page's main thread, for large inputs and for tools
 * whose libraries are heavy, so typing never freezes. Posts progress while
 * the core reports it.
 */
import { runCore, serializeToolError, type ToolCore } from './core.ts'
import { portableCoreLoaders, type CoreLoader } from './cores.ts'

export type BrowserTask = { id: number; slug: string; input: string; options: unknown }
export type BrowserReply =
	| { id: number; progress: number }
	| { id: number; ok: true; result: unknown }
	| { id: number; ok: false; error: { code: string; message: string; status: number; details?: unknown } }

const loaders: Record<string, CoreLoader> = {
	...portableCoreLoaders,
	'minify-beautify': () => import('./minify-beautify/core.browser.ts').then((module) => module.core as ToolCore),
}

const scope = self as unknown as {
	postMessage(message: BrowserReply): void
	addEventListener(type: 'message', listener: (event: MessageEvent<BrowserTask>) => void): void
}

scope.addEventListener('message', async ({ data: { id, slug, input, options } }) => {
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
