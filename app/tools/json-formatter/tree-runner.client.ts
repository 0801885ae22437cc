/**
 * Builds the tree view's model in the browser: small documents on the main
 * thread (instant), large ones in a Web Worker of our own (tree-worker.ts) so
 * typing never freezes. A newer build supersedes an older one; a large build
 * still running is stopped by terminating its worker.
 */
import { deserializeToolError, serializeToolError, type SerializedToolError } from '#app/tools/kit/core.ts'
import { parseJsonTree, type JsonNode } from './core.ts'
import { isTruncated } from './tree-view.ts'

/** Above this many characters the tree is built in the worker (about 100 KB). */
export const TREE_WORKER_THRESHOLD = 100_000

export type TreeTask = { id: number; input: string; lenient: boolean; maxNodes: number }
export type TreeReply = { id: number; ok: true; root: JsonNode; truncated: boolean } | { id: number; ok: false; error: SerializedToolError }
export type BuiltTree = { root: JsonNode; truncated: boolean }

let worker: Worker | null = null
let nextId = 1
let pending: { id: number; reject: (error: unknown) => void; cleanup: () => void } | null = null

function cancelPending() {
	if (!pending) return
	const { reject, cleanup } = pending
	cleanup()
	reject(new DOMException('Superseded by a newer build', 'AbortError'))
	worker?.terminate()
	worker = null
}

/** Stops a build still running in the worker (the page is leaving or the tree is no longer wanted). */
export function cancelTreeBuild() {
	cancelPending()
}

export async function buildJsonTree(input: string, { lenient, maxNodes }: { lenient: boolean; maxNodes: number }): Promise<BuiltTree> {
	cancelPending()
	if (input.length <= TREE_WORKER_THRESHOLD) {
		try {
			const root = parseJsonTree(input, { lenient, maxNodes })
			return { root, truncated: isTruncated(root) }
		} catch (error) {
			const known = serializeToolError(error)
			throw known ? deserializeToolError(known) : error
		}
	}
	const id = nextId++
	worker ??= new Worker(new URL('./tree-worker.ts', import.meta.url), { type: 'module', name: 'json-tree-worker' })
	const target = worker
	return new Promise<BuiltTree>((resolve, reject) => {
		const onMessage = ({ data }: MessageEvent<TreeReply>) => {
			if (data.id !== id) return
			cleanup()
			if (data.ok) resolve({ root: data.root, truncated: data.truncated })
			else reject(deserializeToolError(data.error))
		}
		const onError = (event: ErrorEvent) => {
			cleanup()
			worker?.terminate()
			worker = null
			reject(new Error(event.message || 'The tree view could not be built. Please try again.'))
		}
		const cleanup = () => {
			target.removeEventListener('message', onMessage)
			target.removeEventListener('error', onError)
			if (pending?.id === id) pending = null
		}
		pending = { id, reject, cleanup }
		target.addEventListener('message', onMessage)
		target.addEventListener('error', onError)
		const task: TreeTask = { id, input, lenient, maxNodes }
		target.postMessage(task)
	})
}
