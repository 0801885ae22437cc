/**
 * Runs the Base64 page's file work in `file-worker.ts`. Each kind of job
 * (encode a file, decode a file, decode the text box's Base64 to bytes) has
 * its own worker, so one does not wait for another. A worker is kept for the
 * next job of its kind (starting one costs tens of milliseconds); a newer job
 * arriving while one runs cancels it by terminating that worker (a 50 MB job
 * must not hold up the file the user picked next).
 *
 * A `.client.ts` module: the server build replaces it with an empty one, so
 * only call it from effects and event handlers.
 */
import { deserializeToolError } from '#app/tools/kit/core.ts'
import type { DecodedBytes, EncodedFile, FileReply, FileTask } from './file-worker.ts'

type Lane = Exclude<FileTask['kind'], 'warm-up'>
type TaskBody<K extends Lane> = Omit<Extract<FileTask, { kind: K }>, 'id' | 'kind'>

type Running = { id: number; reject: (error: unknown) => void; cleanup: () => void }

const workers = new Map<Lane, Worker>()
const running = new Map<Lane, Running>()
let nextId = 1

export function isAbort(error: unknown): boolean {
	return error instanceof DOMException && error.name === 'AbortError'
}

function workerFor(lane: Lane): Worker {
	let worker = workers.get(lane)
	if (!worker) {
		worker = new Worker(new URL('./file-worker.ts', import.meta.url), { type: 'module', name: `base64-${lane}` })
		workers.set(lane, worker)
	}
	return worker
}

/** Starts the worker for `lane` now, so the first file does not wait for it. */
export function warmUpFileWorker(lane: Lane): void {
	if (workers.has(lane)) return
	workerFor(lane).postMessage({ id: 0, kind: 'warm-up' } satisfies FileTask)
}

/** Stops the job of this kind, if any (its promise rejects with an AbortError). */
export function cancelFileTask(lane: Lane): void {
	const current = running.get(lane)
	if (!current) return
	current.cleanup()
	workers.get(lane)?.terminate()
	workers.delete(lane)
	current.reject(new DOMException('Cancelled', 'AbortError'))
}

function run<K extends Lane, R>(kind: K, body: TaskBody<K>, onProgress?: (fraction: number) => void): Promise<R> {
	cancelFileTask(kind)
	const id = nextId++
	const worker = workerFor(kind)
	return new Promise<R>((resolve, reject) => {
		const onMessage = ({ data }: MessageEvent<FileReply>) => {
			if (data.id !== id) return
			if ('progress' in data) {
				onProgress?.(data.progress)
				return
			}
			cleanup()
			if (data.ok) resolve(data.result as R)
			else reject(deserializeToolError(data.error))
		}
		const onError = (event: ErrorEvent) => {
			cleanup()
			worker.terminate()
			if (workers.get(kind) === worker) workers.delete(kind)
			reject(new Error(event.message || 'The file worker stopped unexpectedly. Please try again.'))
		}
		const cleanup = () => {
			worker.removeEventListener('message', onMessage)
			worker.removeEventListener('error', onError)
			if (running.get(kind)?.id === id) running.delete(kind)
		}
		running.set(kind, { id, reject, cleanup })
		worker.addEventListener('message', onMessage)
		worker.addEventListener('error', onError)
		worker.postMessage({ id, kind, ...body } as unknown as FileTask)
	})
}

export function encodeFileInWorker(body: TaskBody<'encode'>, onProgress?: (fraction: number) => void): Promise<EncodedFile> {
	return run<'encode', EncodedFile>('encode', body, onProgress)
}

export function decodeFileInWorker(body: TaskBody<'decode-file'>, onProgress?: (fraction: number) => void): Promise<DecodedBytes> {
	return run<'decode-file', DecodedBytes>('decode-file', body, onProgress)
}

export function decodeTextInWorker(body: TaskBody<'decode-text'>, onProgress?: (fraction: number) => void): Promise<DecodedBytes> {
	return run<'decode-text', DecodedBytes>('decode-text', body, onProgress)
}
