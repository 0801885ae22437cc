/**
 * The worker thread that runs tool cores for the server (form posts without
 * JavaScript and the JSON API), inside the pool of `run.server.ts`. Bundled
 * to build/tool-worker.js for production; run from source through tsx in
 * tests and development.
 */
import { parentPort } from 'node:worker_threads'
import { runCore, serializeToolError, type ToolCore } from './core.ts'
import { portableCoreLoaders, type CoreLoader } from './cores.ts'

const loaders: Record<string, CoreLoader> = {
	...portableCoreLoaders,
	'minify-beautify': () => import('./minify-beautify/core.node.ts').then((module) => module.core as ToolCore),
}

export type ToolTask = { slug: string; input: string; options: unknown }

parentPort?.on('message', async ({ id, task }: { id: number; task: ToolTask }) => {
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
