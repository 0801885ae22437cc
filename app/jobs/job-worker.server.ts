/**
 * Inside a job worker thread of `pool.server.ts`: runs each job with the
 * handler its `kind` names in the table the entry hands over
 * (server/workers/tool-thread.ts, from app/job-kinds.server.ts: the tools'
 * runs and the blog's Markdown). Bundled to build/tool-worker.js for
 * production; run from source through tsx in tests and development.
 */
import { parentPort } from 'node:worker_threads'
import { type JobHandler, type JobTable, type JobTask, type SerializedJobError, throttledProgress } from './tasks.ts'

export function serveThreadJobs(table: JobTable, serializeError: (error: unknown) => SerializedJobError | null): void {
parentPort?.on('message', async ({ id, task }: { id: number; task: JobTask }) => {
	try {
		const handler = table[task.kind] as JobHandler | undefined
		if (!handler) throw new Error(`No job handler for ${task.kind}`)
		let reported = false
		const started = () => {
			if (!reported) parentPort?.postMessage({ id, started: true })
			reported = true
		}
		const progress = throttledProgress((update) => parentPort?.postMessage({ id, progress: update }))
		const result = await handler(task, { started, progress })
		parentPort?.postMessage({ id, ok: true, result }, transferables(result))
	} catch (error) {
		const known = serializeError(error)
		// Faults of ours are logged here (the message only, never the input) and answer 500.
		if (!known) console.error(`job worker: ${describe(task)} failed:`, error instanceof Error ? error.stack : error)
		parentPort?.postMessage({ id, ok: false, error: known })
	}
})
}

/**
 * The buffers a result owns outright (a Uint8Array field, or an array of them, spanning its whole
 * ArrayBuffer): moved to the main thread rather than copied. A 100 MB PDF was otherwise held twice
 * while it crossed, and the tool API's encoded answer (chunks) was copied.
 */
function transferables(result: unknown): Array<ArrayBuffer> {
	if (!result || typeof result !== 'object') return []
	const buffers = new Set<ArrayBuffer>()
	const add = (value: unknown) => {
		if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) {
			buffers.add(value.buffer)
		}
	}
	for (const value of Object.values(result)) {
		if (Array.isArray(value)) value.forEach(add)
		else add(value)
	}
	return [...buffers]
}

function describe(task: JobTask): string {
	const slug = (task as { slug?: unknown }).slug
	return typeof slug === 'string' ? `${task.kind} ${slug}` : task.kind
}
