/**
 * The server's one pool of worker threads (DESIGN.md decision 7): tool runs
 * (forms without JavaScript, the JSON API) and blog Markdown rendering, each
 * job run by the handler its `kind` names in the worker's table
 * (server/workers/tool-thread.ts). File conversions are durable jobs in
 * processes instead (runner.server.ts).
 */
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { getEnv } from '#app/utils/env.server.ts'
import { WorkerPool } from './worker-pool.server.ts'
import { deserializeJobError, type SerializedJobError } from './tasks.ts'

const POOL_KEY = Symbol.for('toolsite.toolPool')
type PoolHolder = { [POOL_KEY]?: WorkerPool }

/**
 * The worker script: production's server sets TOOL_WORKER_ENTRY to the
 * bundled build/tool-worker.js; from source (tests, `npm run dev`) the
 * TypeScript entry runs through tsx.
 */
function workerEntry(): { file: URL; workerData?: unknown } {
	const built = process.env.TOOL_WORKER_ENTRY
	if (built) return { file: pathToFileURL(built) }
	const here = import.meta.url
	const bootstrap = '../../server/workers/tsx-worker.mjs'
	const entry = '../../server/workers/tool-thread.ts'
	return { file: new URL(bootstrap, here), workerData: { entry: new URL(entry, here).href } }
}

export function getJobPool(): WorkerPool {
	const holder = globalThis as PoolHolder
	if (!holder[POOL_KEY]) {
		const env = getEnv()
		holder[POOL_KEY] = new WorkerPool({
			...workerEntry(),
			size: env.TOOL_WORKERS || Math.max(2, Math.min(8, os.availableParallelism())),
			maxQueue: env.TOOL_QUEUE_LIMIT,
			timeoutMs: env.TOOL_TIMEOUT_MS,
			// Loading a job's engines is not the input's time (the worker says when its work starts).
			startupMs: Math.max(60_000, env.TOOL_TIMEOUT_MS),
			maxMemoryMb: env.TOOL_MEMORY_MB,
			// The errors a handler reports are AppErrors (the tools' ToolError among them).
			toError: (error) => (error ? deserializeJobError(error as SerializedJobError) : null),
		})
	}
	return holder[POOL_KEY]
}

/** Stops the pool's workers (shutdown, and tests that change its settings). */
export async function closeJobPool(): Promise<void> {
	const holder = globalThis as PoolHolder
	const pool = holder[POOL_KEY]
	delete holder[POOL_KEY]
	await pool?.close()
}
