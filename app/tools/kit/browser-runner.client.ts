/**
 * Runs tool cores in the browser. Small inputs run on the main thread (no
 * message copying, instant); inputs above WORKER_THRESHOLD characters run in
 * the shared tool worker (browser-worker.ts) so typing never freezes. A tool
 * whose engines differ by side (`runs: 'own-worker'`) always runs in its
 * own worker. A newer run supersedes an older one (worker-client.client.ts):
 * an abandoned large job is stopped by terminating its worker; a small one
 * is left to finish (restarting the worker would cost more, e.g. reloading a
 * WebAssembly minifier) and its result ignored.
 *
 * A tool whose worker downloads heavy engines (the minifier's WebAssembly is
 * 2–3 MB compressed) names the engine a run needs (`engine`): until its
 * worker has run that engine once, a small input goes to the server's API
 * (`POST /api/tools/<slug>`) as well as to the worker, and the first answer
 * is shown. The first run of a 1 KB input then takes a round trip, not
 * seconds of download and compilation, while the worker loads the engine for
 * the runs after it (which stay in the browser).
 */
import { getTool } from '#app/tools/registry.ts'
import { AppError } from '#app/utils/errors.ts'
import {
	deserializeToolError,
	inputTooLarge,
	MAX_INPUT_BYTES,
	runCore,
	serializeToolError,
	utf8Length,
	type SerializedToolError,
	type ToolResult,
} from './core.ts'
import { type ToolDefinition } from './define-tool.ts'
import { type BrowserTask } from './worker-host.ts'
import { createWorkerClient, isAbort, type WorkerClient } from './worker-client.client.ts'

export { isAbort } from './worker-client.client.ts'

/** About 1 MB of text. */
export const WORKER_THRESHOLD = 1_000_000

/** Inputs up to this many characters may be answered by the server while their engine downloads. */
export const SERVER_WHILE_LOADING_LIMIT = 64 * 1024

export type BrowserRunOptions = {
	onProgress?: (fraction: number) => void
	/**
	 * The engine this run needs in the tool's own worker (the page knows it,
	 * e.g. `minify:css`). Until the worker has run it, an input up to
	 * SERVER_WHILE_LOADING_LIMIT is also sent to the server's API.
	 */
	engine?: string | null
	/** Makes the server's answer what the browser's core would give (e.g. without what a browser cannot measure). */
	fromServer?: (result: ToolResult) => ToolResult
}

type Client = WorkerClient<Omit<BrowserTask, 'id'>, ToolResult>

let shared: Client | null = null
const own = new Map<string, Client>()
/** `<slug>:<engine>` of the engines a tool's own worker has run (so it has downloaded them). */
const readyEngines = new Set<string>()

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
	{ onProgress, engine, fromServer }: BrowserRunOptions = {},
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
	const key = `${slug}:${engine}`
	if (tool.runs === 'own-worker' && engine && !readyEngines.has(key) && input.length <= SERVER_WHILE_LOADING_LIMIT) {
		return runWhileEngineLoads(client, { slug, input, options }, key, fromServer)
	}
	return client.run({ slug, input, options }, { onProgress, stopWhenSuperseded: large })
}

type Outcome = { result: ToolResult } | { error: unknown }

/**
 * The worker and the server race; the first answer (a result, or what is
 * wrong with the input) wins. The worker's run goes on to the end (it
 * downloads the engine), and the engine counts as ready once a run of it
 * has answered. A server that cannot answer (offline, busy, rate-limited)
 * leaves the run to the worker.
 */
async function runWhileEngineLoads(client: Client, task: Omit<BrowserTask, 'id'>, key: string, fromServer?: (result: ToolResult) => ToolResult): Promise<ToolResult> {
	const local: Promise<Outcome> = client.run(task, { stopWhenSuperseded: false }).then(
		(result) => {
			readyEngines.add(key)
			return { result }
		},
		(error: unknown) => {
			if (isAbort(error)) throw error
			// An error about the input means the engine ran; a failed download does not.
			if (error instanceof AppError && error.status < 500) readyEngines.add(key)
			return { error }
		},
	)
	const remote = askServer(task, fromServer)
	let outcome: Outcome
	try {
		outcome = await Promise.any([remote, local])
	} catch (error) {
		// Neither answered: the worker's reason (a newer run, a crash) is the one that matters.
		throw error instanceof AggregateError ? error.errors[1] : error
	}
	if ('error' in outcome) throw outcome.error
	return outcome.result
}

async function askServer({ slug, input, options }: Omit<BrowserTask, 'id'>, fromServer?: (result: ToolResult) => ToolResult): Promise<Outcome> {
	const response = await fetch(`/api/tools/${slug}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ input, options }),
	})
	const body = (await response.json().catch(() => null)) as unknown
	if (response.ok && body && typeof body === 'object' && typeof (body as { output?: unknown }).output === 'string') {
		const result = body as ToolResult
		return { result: fromServer ? fromServer(result) : result }
	}
	// Bad input or options (400, or 422 for input too complex): the same error the core throws in the browser.
	if ((response.status === 400 || response.status === 422) && isSerializedToolError(body)) return { error: deserializeToolError(body) }
	throw new Error(`The server did not run the tool (${response.status}).`)
}

function isSerializedToolError(body: unknown): body is SerializedToolError {
	if (!body || typeof body !== 'object') return false
	const { code, message, status } = body as Record<string, unknown>
	return typeof code === 'string' && typeof message === 'string' && typeof status === 'number'
}
