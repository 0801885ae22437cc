/**
 * The one browser client for a tool's Web Worker: the text tools' runs, the
 * Base64 page's file jobs, the JSON tree view, and the file converters to
 * come. One client drives one worker, started on first use and kept for the
 * next job (starting one costs tens of milliseconds, a WebAssembly engine
 * far more).
 *
 * - **Newest run wins**: a run arriving while another is under way cancels
 *   it (its promise rejects with an AbortError). By default the old job's
 *   worker is terminated, so an abandoned 50 MB job cannot delay the next
 *   one; a run started with `stopWhenSuperseded: false` is cheap enough to
 *   be left to finish, unseen, where restarting the worker would cost more.
 * - **Cancel**: `cancel()` stops the job under way, if any, and its worker.
 * - **Progress**: the worker posts `{ id, progress }` (0–1) while it works.
 * - **Prepare**: `prepare(message)` asks the worker to load what later runs
 *   will need (e.g. a WebAssembly engine) and settles once it has. It is not
 *   a run: it neither supersedes the run under way nor is superseded by a
 *   newer one, so a run that arrives meanwhile simply waits in the worker for
 *   the same load (the worker's loaders memoise their promise).
 *
 * Messages: the client posts `{ id, ...task }`; the worker answers
 * `{ id, progress }`, `{ id, ok: true, result }` or `{ id, ok: false, error }`
 * (kit/worker-host.ts serves that protocol). A `.client.ts` module: the
 * server build replaces it with an empty one, so only call it from effects
 * and event handlers.
 */
import { deserializeToolError, type SerializedToolError } from './core.ts'

export type WorkerReply<Result = unknown> =
	| { id: number; progress: number }
	| { id: number; ok: true; result: Result }
	| { id: number; ok: false; error: SerializedToolError }

export type WorkerRunOptions = {
	onProgress?: (fraction: number) => void
	/** Buffers handed to the worker rather than copied. */
	transfer?: Array<Transferable>
	/** Terminate the worker if a newer run supersedes this one (default true). */
	stopWhenSuperseded?: boolean
}

export type WorkerClient<Task extends object, Result, Prepare extends object = Task> = {
	run(task: Task, options?: WorkerRunOptions): Promise<Result>
	/** Stops the job under way, if any. */
	cancel(): void
	/** Drops the job under way, as a newer run does (for a newer run done elsewhere, e.g. on the main thread). */
	supersede(): void
	/** Starts the worker now and posts it `task` (answered with nothing), so the first job does not wait for it. */
	warmUp(task: Task): void
	/**
	 * Starts the worker if needed and posts it `message` (with an id of its
	 * own), resolving when the worker answers that id with `ok: true`;
	 * rejects on its error, or with an AbortError if the worker is stopped
	 * first (cancel, a superseded large job, a crash).
	 */
	prepare(message: Prepare): Promise<void>
	/**
	 * How many workers this client has started (0 before the first). It
	 * changes whenever a worker is stopped and a new one started, so a page
	 * that records what a worker has loaded (an engine) knows when that is
	 * gone with it.
	 */
	generation(): number
}

export function isAbort(error: unknown): boolean {
	return error instanceof DOMException && error.name === 'AbortError'
}

export function createWorkerClient<Task extends object, Result, Prepare extends object = Task>(
	/** A literal `new Worker(new URL(…, import.meta.url), …)`: Vite bundles each one it sees as a worker entry. */
	start: () => Worker,
	{ crashMessage = 'The tool stopped unexpectedly. Please try again.' }: { crashMessage?: string } = {},
): WorkerClient<Task, Result, Prepare> {
	let worker: Worker | null = null
	let started = 0
	const launch = () => {
		started++
		return start()
	}
	let nextId = 1
	let pending: { id: number; stopWorker: boolean; reject: (error: unknown) => void; cleanup: () => void } | null = null
	/** The unanswered `prepare` messages, by the worker they went to: stopping it rejects them. */
	const preparing = new Map<Worker, Set<(error: unknown) => void>>()

	function stop(which: Worker | null = worker) {
		which?.terminate()
		if (worker === which) worker = null
		if (!which) return
		for (const reject of [...(preparing.get(which) ?? [])]) reject(new DOMException('The worker stopped', 'AbortError'))
		preparing.delete(which)
	}

	function cancelPending(reason: string, superseded: boolean) {
		if (!pending) return
		const { stopWorker, reject, cleanup } = pending
		cleanup()
		reject(new DOMException(reason, 'AbortError'))
		if (stopWorker || !superseded) stop()
	}

	return {
		cancel: () => cancelPending('Cancelled', false),
		supersede: () => cancelPending('Superseded by a newer run', true),
		generation: () => started,
		warmUp(task) {
			if (worker) return
			worker = launch()
			worker.postMessage({ id: 0, ...task })
		},
		prepare(message) {
			const id = nextId++
			worker ??= launch()
			const target = worker
			return new Promise<void>((resolve, reject) => {
				const waiting = preparing.get(target) ?? new Set()
				preparing.set(target, waiting)
				const settle = (error?: unknown) => {
					target.removeEventListener('message', onMessage)
					target.removeEventListener('error', onError)
					waiting.delete(fail)
					if (error === undefined) resolve()
					else reject(error)
				}
				const fail = (error: unknown) => settle(error)
				const onMessage = ({ data }: MessageEvent<WorkerReply>) => {
					if (data.id !== id || 'progress' in data) return
					settle(data.ok ? undefined : deserializeToolError(data.error))
				}
				const onError = (event: ErrorEvent) => {
					settle(new Error(event.message || crashMessage))
					stop(target)
				}
				waiting.add(fail)
				target.addEventListener('message', onMessage)
				target.addEventListener('error', onError)
				target.postMessage({ id, ...message })
			})
		},
		run(task, { onProgress, transfer = [], stopWhenSuperseded = true } = {}) {
			cancelPending('Superseded by a newer run', true)
			const id = nextId++
			worker ??= launch()
			const target = worker
			return new Promise<Result>((resolve, reject) => {
				const onMessage = ({ data }: MessageEvent<WorkerReply<Result>>) => {
					if (data.id !== id) return
					if ('progress' in data) {
						onProgress?.(data.progress)
						return
					}
					cleanup()
					if (data.ok) resolve(data.result)
					else reject(deserializeToolError(data.error))
				}
				const onError = (event: ErrorEvent) => {
					cleanup()
					stop(target)
					reject(new Error(event.message || crashMessage))
				}
				const cleanup = () => {
					target.removeEventListener('message', onMessage)
					target.removeEventListener('error', onError)
					if (pending?.id === id) pending = null
				}
				pending = { id, stopWorker: stopWhenSuperseded, reject, cleanup }
				target.addEventListener('message', onMessage)
				target.addEventListener('error', onError)
				target.postMessage({ id, ...task }, transfer)
			})
		},
	}
}
