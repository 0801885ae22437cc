/**
 * Runs the Base64 page's file work in `file-worker.ts`. Each kind of job
 * (encode a file, decode a file, decode the text box's Base64 to bytes) has
 * its own worker client (kit/worker-client.client.ts), so one does not wait
 * for another; a newer job of a kind cancels the one under way (a 50 MB job
 * must not hold up the file the user picked next).
 *
 * A `.client.ts` module: the server build replaces it with an empty one, so
 * only call it from effects and event handlers.
 */
import { createWorkerClient, type WorkerClient } from '#app/tools/kit/worker-client.client.ts'
import type { DecodedBytes, EncodedFile, FileTask } from './file-worker.ts'

export { isAbort } from '#app/tools/kit/worker-client.client.ts'

type Lane = Exclude<FileTask['kind'], 'warm-up'>
type TaskBody<K extends Lane> = Omit<Extract<FileTask, { kind: K }>, 'id' | 'kind'>

const clients = new Map<Lane, WorkerClient<Omit<FileTask, 'id'>, EncodedFile | DecodedBytes>>()

function clientFor(lane: Lane) {
	let client = clients.get(lane)
	if (!client) {
		client = createWorkerClient(() => new Worker(new URL('./file-worker.ts', import.meta.url), { type: 'module', name: `base64-${lane}` }), {
			crashMessage: 'The file worker stopped unexpectedly. Please try again.',
		})
		clients.set(lane, client)
	}
	return client
}

/** Starts the worker for `lane` now, so the first file does not wait for it. */
export function warmUpFileWorker(lane: Lane): void {
	clientFor(lane).warmUp({ kind: 'warm-up' })
}

/** Stops the job of this kind, if any (its promise rejects with an AbortError). */
export function cancelFileTask(lane: Lane): void {
	clients.get(lane)?.cancel()
}

function run<K extends Lane>(kind: K, body: TaskBody<K>, onProgress?: (fraction: number) => void) {
	return clientFor(kind).run({ kind, ...body } as Omit<FileTask, 'id'>, { onProgress })
}

export function encodeFileInWorker(body: TaskBody<'encode'>, onProgress?: (fraction: number) => void): Promise<EncodedFile> {
	return run('encode', body, onProgress) as Promise<EncodedFile>
}

export function decodeFileInWorker(body: TaskBody<'decode-file'>, onProgress?: (fraction: number) => void): Promise<DecodedBytes> {
	return run('decode-file', body, onProgress) as Promise<DecodedBytes>
}

export function decodeTextInWorker(body: TaskBody<'decode-text'>, onProgress?: (fraction: number) => void): Promise<DecodedBytes> {
	return run('decode-text', body, onProgress) as Promise<DecodedBytes>
}
