/**
 * Builds the tree view's model in the browser: small documents on the main
 * thread (instant), large ones in a Web Worker of our own (tree-worker.ts) so
 * typing never freezes. A newer build supersedes an older one; a large build
 * still running is stopped by terminating its worker.
 */
import { deserializeToolError, serializeToolError } from '#app/tools/kit/core.ts'
import { createWorkerClient, type WorkerClient } from '#app/tools/kit/worker-client.client.ts'
import { parseJsonTree, type JsonNode } from './core.ts'
import { isTruncated } from './tree-view.ts'

/** Above this many characters the tree is built in the worker (about 100 KB). */
export const TREE_WORKER_THRESHOLD = 100_000

export type TreeTask = { id: number; input: string; lenient: boolean; maxNodes: number }
export type BuiltTree = { root: JsonNode; truncated: boolean }

let client: WorkerClient<Omit<TreeTask, 'id'>, BuiltTree> | null = null

function getClient() {
	client ??= createWorkerClient(() => new Worker(new URL('./tree-worker.ts', import.meta.url), { type: 'module', name: 'json-tree-worker' }), {
		crashMessage: 'The tree view could not be built. Please try again.',
	})
	return client
}

/** Stops a build still running in the worker (the page is leaving or the tree is no longer wanted). */
export function cancelTreeBuild() {
	client?.cancel()
}

export async function buildJsonTree(input: string, { lenient, maxNodes }: { lenient: boolean; maxNodes: number }): Promise<BuiltTree> {
	if (input.length <= TREE_WORKER_THRESHOLD) {
		// A small document is built here; a build still running in the worker is dropped.
		cancelTreeBuild()
		try {
			const root = parseJsonTree(input, { lenient, maxNodes })
			return { root, truncated: isTruncated(root) }
		} catch (error) {
			const known = serializeToolError(error)
			throw known ? deserializeToolError(known) : error
		}
	}
	return getClient().run({ input, lenient, maxNodes })
}
