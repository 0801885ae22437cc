/**
 * A module Web Worker that builds the tree view's model (`parseJsonTree`)
 * off the page's main thread, for large documents: a 5 MB document takes a
 * few hundred milliseconds to read, which would freeze typing.
 */
import { serializeToolError } from '#app/tools/kit/core.ts'
import { parseJsonTree } from './core.ts'
import type { WorkerReply } from '#app/tools/kit/worker-client.client.ts'
import type { BuiltTree, TreeTask } from './tree-runner.client.ts'
import { isTruncated } from './tree-view.ts'

const scope = self as unknown as {
	postMessage(message: WorkerReply<BuiltTree>): void
	addEventListener(type: 'message', listener: (event: MessageEvent<TreeTask>) => void): void
}

scope.addEventListener('message', ({ data: { id, input, lenient, maxNodes } }) => {
	try {
		const root = parseJsonTree(input, { lenient, maxNodes })
		scope.postMessage({ id, ok: true, result: { root, truncated: isTruncated(root) } })
	} catch (error) {
		const known = serializeToolError(error)
		scope.postMessage({ id, ok: false, error: known ?? { code: 'INTERNAL_ERROR', message: 'The tree view could not be built.', status: 500 } })
	}
})
