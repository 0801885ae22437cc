/**
 * Runs tool cores in the browser. Small inputs run on the main thread (no
 * message copying, instant); inputs above WORKER_THRESHOLD characters run in
 * the shared tool worker (browser-worker.ts) so typing never freezes. A tool
 * whose engines differ by side (`runs: 'own-worker'`) always runs in its
 * own worker. A newer run supersedes an older one (worker-client.client.ts):
 * an abandoned large job is stopped by terminating its worker; a small one
 * is left to finish (restarting the worker would cost more, e.g. reloading a
 * WebAssembly minifier) and its result ignored. `warmUpInBrowser` lets a
 * tool's own worker load an engine ahead of the first run (never a run
 * itself: it supersedes nothing and nothing supersedes it).
 */
import { getTool } from '#app/tools/registry.ts'
import { deserializeToolError, inputTooLarge, MAX_INPUT_BYTES, runCore, serializeToolError, utf8Length, type ToolResult } from './core.ts'
import { type ToolDefinition } from './define-tool.ts'
import { type BrowserTask, type BrowserWarmUp } from './worker-host.ts'
import { createWorkerClient, type WorkerClient } from './worker-client.client.ts'

export { isAbort } from './worker-client.client.ts'

/** About 1 MB of text. */
export const WORKER_THRESHOLD = 1_000_000

type Client = WorkerClient<Omit<BrowserTask, 'id'>, ToolResult, Omit<BrowserWarmUp, 'id'>>

let shared: Client | null = null
const own = new Map<string, Client>()

function clientFor(tool: ToolDefinition): Client {
	if (tool.runs === 'own-worker' && tool.startWorker) {
		const start = tool.startWorker
		let client = own.get(tool.slug)
		if (!client) own.set(tool.slug, (client = createWorkerClient(start)))
		return client
	}
	shared ??= createWorkerClient(() => new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module', name: 'tool-worker' }))
	return shared
}

export async function runInBrowser(
	slug: string,
	input: string,
	options: unknown,
	{ onProgress }: { onProgress?: (fraction: number) => void } = {},
): Promise<ToolResult> {
	const tool = getTool(slug)
	if (!tool || tool.runs === 'page') throw new Error(`No core for tool ${slug}`)
	const client = clientFor(tool)
	const large = input.length > WORKER_THRESHOLD
	// The newest run wins, on the main thread too.
	client.supersede()
	const bytes = input.length > MAX_INPUT_BYTES / 3 ? utf8Length(input) : input.length
	if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes)
	if (tool.runs === 'anywhere' && tool.core && !large) {
		try {
			return await runCore(await tool.core(), input, options)
		} catch (error) {
			const known = serializeToolError(error)
			if (known) throw deserializeToolError(known)
			throw error
		}
	}
	return client.run({ slug, input, options }, { onProgress, stopWhenSuperseded: large })
}

/**
 * Has the own worker of tool `slug` load what its runs of `what` will need
 * (the tool's worker defines `what`: kit/worker-host.ts's warmers), starting
 * the worker if needed. Resolves once loaded; a run started meanwhile waits
 * in the worker for the same load. Tools without an own worker load nothing.
 */
export function warmUpInBrowser(slug: string, what: unknown): Promise<void> {
	const tool = getTool(slug)
	if (!tool || tool.runs !== 'own-worker') return Promise.resolve()
	return clientFor(tool).prepare({ slug, warm: what })
}

/**
 * Which worker of tool `slug` runs now: changes each time its worker is
 * stopped (a superseded large job, a cancel, a crash) and another started.
 * What a page recorded as loaded in an older worker has to be loaded again.
 */
export function browserWorkerGeneration(slug: string): number {
	const tool = getTool(slug)
	if (!tool || tool.runs !== 'own-worker') return 0
	return clientFor(tool).generation()
}
