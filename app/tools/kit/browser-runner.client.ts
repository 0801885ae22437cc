/**
 * Runs tool cores in the browser. Small inputs run on the main thread (no
 * message copying, instant); inputs above WORKER_THRESHOLD characters, and
 * tools whose libraries are heavy, run in the tool Web Worker so typing
 * never freezes. A newer run cancels an older one still in the worker by
 * terminating it: an abandoned 10 MB job must not delay the next keystroke.
 */
import { deserializeToolError, inputTooLarge, MAX_INPUT_BYTES, runCore, serializeToolError, utf8Length, type ToolResult } from './core.ts'
import { portableCoreLoaders } from '#app/tools/cores.ts'
import type { BrowserReply, BrowserTask } from './worker-host.ts'

/** About 1 MB of text. */
export const WORKER_THRESHOLD = 1_000_000

/** Tools that always run in the worker (their libraries are large and slow to start). */
const WORKER_ONLY = new Set(['minify-beautify'])

/**
 * Which worker runs a tool: the minify tool's own (the only one allowed to
 * compile WebAssembly), or the shared one for the portable cores.
 */
type WorkerKind = 'minify' | 'tools'

const workers: Partial<Record<WorkerKind, Worker>> = {}
let nextId = 1
let pending: { id: number; kind: WorkerKind; large: boolean; reject: (error: unknown) => void; cleanup: () => void } | null = null

function workerKind(slug: string): WorkerKind {
	return slug === 'minify-beautify' ? 'minify' : 'tools'
}

function getWorker(kind: WorkerKind): Worker {
	// Two literal `new Worker(new URL(…))` calls: Vite bundles each as a worker entry.
	workers[kind] ??=
		kind === 'minify'
			? new Worker(new URL('../minify-beautify/minify-worker.ts', import.meta.url), { type: 'module', name: 'minify-worker' })
			: new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module', name: 'tool-worker' })
	return workers[kind]
}

function stopWorker(kind: WorkerKind) {
	workers[kind]?.terminate()
	delete workers[kind]
}

/**
 * A newer run supersedes the pending one. A large job is stopped by
 * terminating the worker; a small one is left to finish (restarting the
 * worker would cost more, e.g. reloading a WebAssembly minifier) and its
 * result ignored.
 */
function cancelPending() {
	if (!pending) return
	const { kind, large, reject, cleanup } = pending
	cleanup()
	reject(new DOMException('Superseded by a newer run', 'AbortError'))
	if (large) stopWorker(kind)
}

export function isAbort(error: unknown): boolean {
	return error instanceof DOMException && error.name === 'AbortError'
}

export async function runInBrowser(
	slug: string,
	input: string,
	options: unknown,
	{ onProgress }: { onProgress?: (fraction: number) => void } = {},
): Promise<ToolResult> {
	cancelPending()
	const bytes = input.length > MAX_INPUT_BYTES / 3 ? utf8Length(input) : input.length
	if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes)
	const load = (portableCoreLoaders as Record<string, () => Promise<Parameters<typeof runCore>[0]>>)[slug]
	if (load && !WORKER_ONLY.has(slug) && input.length <= WORKER_THRESHOLD) {
		try {
			return await runCore(await load(), input, options)
		} catch (error) {
			const known = serializeToolError(error)
			if (known) throw deserializeToolError(known)
			throw error
		}
	}
	return runInWorker(slug, input, options, onProgress)
}

function runInWorker(slug: string, input: string, options: unknown, onProgress?: (fraction: number) => void): Promise<ToolResult> {
	const id = nextId++
	const kind = workerKind(slug)
	const target = getWorker(kind)
	return new Promise<ToolResult>((resolve, reject) => {
		const onMessage = ({ data }: MessageEvent<BrowserReply>) => {
			if (data.id !== id) return
			if ('progress' in data) {
				onProgress?.(data.progress)
				return
			}
			cleanup()
			if (data.ok) resolve(data.result as ToolResult)
			else reject(deserializeToolError(data.error))
		}
		const onError = (event: ErrorEvent) => {
			cleanup()
			stopWorker(kind)
			reject(new Error(event.message || 'The tool stopped unexpectedly. Please try again.'))
		}
		const cleanup = () => {
			target.removeEventListener('message', onMessage)
			target.removeEventListener('error', onError)
			if (pending?.id === id) pending = null
		}
		pending = { id, kind, large: input.length > WORKER_THRESHOLD, reject, cleanup }
		target.addEventListener('message', onMessage)
		target.addEventListener('error', onError)
		const task: BrowserTask = { id, slug, input, options }
		target.postMessage(task)
	})
}
