/**
 * Running a tool on the server: the one path for forms posted without
 * JavaScript and for `POST /api/tools/<slug>`. The core runs in the worker
 * pool (DESIGN.md decision 7), never on the request thread, and every run is
 * counted for the admin dashboard: tool, time, duration, sizes and outcome,
 * never the content.
 */
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { describeDatabaseError, prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { JobFailure, WorkerPool } from '#app/jobs/worker-pool.server.ts'
import { deserializeToolError, inputTooLarge, MAX_INPUT_BYTES, type SerializedToolError, type ToolResult } from './core.ts'
import { type ToolSlugWithCore } from '#app/tools/cores.ts'
import { type ToolTask } from '#app/jobs/job-worker.server.ts'

export const toolSlugsWithCore: ReadonlyArray<ToolSlugWithCore> = [
	'json-formatter',
	'base64-encoder',
	'url-encoder',
	'minify-beautify',
	'text-case-converter',
]

export function hasServerCore(slug: string): slug is ToolSlugWithCore {
	return (toolSlugsWithCore as ReadonlyArray<string>).includes(slug)
}

export type RunVia = 'form' | 'api'

export type RunOutcome = 'ok' | 'invalid' | 'too_large' | 'busy' | 'timeout' | 'memory' | 'aborted' | 'error'

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
	const bootstrap = '../../../server/workers/tsx-worker.mjs'
	const entry = '../../jobs/job-worker.server.ts'
	return { file: new URL(bootstrap, here), workerData: { entry: new URL(entry, here).href } }
}

export function getToolPool(): WorkerPool {
	const holder = globalThis as PoolHolder
	if (!holder[POOL_KEY]) {
		const env = getEnv()
		holder[POOL_KEY] = new WorkerPool({
			...workerEntry(),
			size: env.TOOL_WORKERS || Math.max(2, Math.min(8, os.availableParallelism())),
			maxQueue: env.TOOL_QUEUE_LIMIT,
			timeoutMs: env.TOOL_TIMEOUT_MS,
			maxMemoryMb: env.TOOL_MEMORY_MB,
			toError: (error) => (error ? deserializeToolError(error as SerializedToolError) : null),
		})
	}
	return holder[POOL_KEY]
}

/** Stops the pool's workers (shutdown, and tests that change its settings). */
export async function closeToolPool(): Promise<void> {
	const holder = globalThis as PoolHolder
	const pool = holder[POOL_KEY]
	delete holder[POOL_KEY]
	await pool?.close()
}

export async function runTool({
	slug,
	input,
	options,
	via,
	signal,
}: {
	slug: ToolSlugWithCore
	input: string
	options: unknown
	via: RunVia
	signal?: AbortSignal
}): Promise<ToolResult> {
	const started = performance.now()
	const inputBytes = Buffer.byteLength(input, 'utf8')
	let outcome: RunOutcome = 'error'
	let outputBytes = 0
	try {
		if (inputBytes > MAX_INPUT_BYTES) throw inputTooLarge(inputBytes)
		const task: ToolTask = { slug, input, options }
		const result = await getToolPool().run<ToolResult>(task, { signal })
		outcome = 'ok'
		outputBytes = Buffer.byteLength(result.output, 'utf8')
		return result
	} catch (error) {
		outcome = outcomeOf(error)
		throw error
	} finally {
		recordRun({ tool: slug, via, outcome, durationMs: Math.round(performance.now() - started), inputBytes, outputBytes })
	}
}

function outcomeOf(error: unknown): RunOutcome {
	if (error instanceof JobFailure) {
		return ({ timeout: 'timeout', memory: 'memory', busy: 'busy', aborted: 'aborted', crashed: 'error' } as const)[error.kind]
	}
	if (error instanceof AppError) {
		if (error.status === 413) return 'too_large'
		if (error.status >= 400 && error.status < 500) return 'invalid'
	}
	return 'error'
}

/** Pending writes, so tests (and shutdown) can wait for them. */
const pendingRecords = new Set<Promise<unknown>>()

/**
 * Counting must never cost the user their result: the write is not awaited,
 * and a database outage only loses the count (logged once per minute).
 */
function recordRun(data: { tool: string; via: RunVia; outcome: RunOutcome; durationMs: number; inputBytes: number; outputBytes: number }) {
	const write = prisma.toolRun
		.create({ data })
		.catch((error: unknown) => {
			const now = Date.now()
			if (now - lastRecordWarning > 60_000) {
				lastRecordWarning = now
				console.warn(`Could not record a tool run: ${describeDatabaseError(error)}`)
			}
		})
		.finally(() => pendingRecords.delete(write))
	pendingRecords.add(write)
}
let lastRecordWarning = 0

export async function settleRunRecords(): Promise<void> {
	await Promise.all([...pendingRecords])
}
