/**
 * Running a tool on the server: the one path for forms posted without
 * JavaScript and for `POST /api/tools/<slug>`. The core runs in the worker
 * pool (DESIGN.md decision 7), never on the request thread, and every run is
 * counted for the admin dashboard: tool, time, duration, sizes and outcome,
 * never the content.
 */
import { getJobPool } from '#app/jobs/pool.server.ts'
import { JobFailure } from '#app/jobs/worker-pool.server.ts'
import { getServerTool } from '#app/tools/registry.ts'
import { describeDatabaseError, prisma } from '#app/utils/db.server.ts'
import { AppError, type ErrorCode } from '#app/utils/errors.ts'
import { inputTooLarge, MAX_INPUT_BYTES, ToolError, type ToolResult } from './core.ts'
import { type EncodedToolAnswer, type ToolTask } from './tool-job.server.ts'

/** Tools the server runs: those whose definition names a core (`runs` other than 'page'). */
export function hasServerCore(slug: string): boolean {
	return getServerTool(slug) !== undefined
}

export type RunVia = 'form' | 'api'

export type RunOutcome = 'ok' | 'invalid' | 'too_large' | 'busy' | 'timeout' | 'memory' | 'aborted' | 'error'

export async function runTool({
	slug,
	input,
	options,
	via,
	signal,
}: {
	slug: string
	input: string
	options: unknown
	via: RunVia
	signal?: AbortSignal
}): Promise<ToolResult> {
	const inputBytes = Buffer.byteLength(input, 'utf8')
	return countRun(
		{ slug, via, inputBytes },
		async () => {
			if (inputBytes > MAX_INPUT_BYTES) throw inputTooLarge(inputBytes)
			const task: ToolTask = { kind: 'tool', slug, input, options }
			return getJobPool().run<ToolResult>(task, { signal }).catch(asToolError)
		},
		(result) => Buffer.byteLength(result.output, 'utf8'),
	)
}

/**
 * `runTool` for the JSON API: the same run and count, but the answer comes
 * back as `JSON.stringify(result)` in UTF-8 chunks, encoded by the worker and
 * transferred without a copy (a 20 MB output is neither cloned across
 * threads nor stringified on the request thread). Errors are thrown as by
 * `runTool`, before any byte of the answer exists.
 *
 * The input still crosses as a string (structured clone): measured on 10 MB,
 * cloning took 20 ms for ASCII and 28 ms for non-ASCII text, where encoding
 * to UTF-8, transferring and decoding in the worker took 22 ms and 79 ms.
 */
export async function runToolForApi({ slug, input, options, signal }: { slug: string; input: string; options: unknown; signal?: AbortSignal }): Promise<EncodedToolAnswer> {
	const inputBytes = Buffer.byteLength(input, 'utf8')
	return countRun(
		{ slug, via: 'api', inputBytes },
		async () => {
			if (inputBytes > MAX_INPUT_BYTES) throw inputTooLarge(inputBytes)
			const task: ToolTask = { kind: 'tool', slug, input, options, answer: 'json' }
			return getJobPool().run<EncodedToolAnswer>(task, { signal }).catch(asToolError)
		},
		(answer) => answer.outputBytes,
	)
}

/** A tool's error from the pool, as the ToolError the tool's code expects (the pool knows AppErrors only). */
function asToolError(error: unknown): never {
	if (error instanceof AppError && !(error instanceof ToolError) && error.name !== 'JobFailure') throw new ToolError(error.message, (error.details ?? {}) as Record<string, unknown>, error.code as ErrorCode, error.status)
	throw error
}

/**
 * Runs a tool's server work and counts it as a ToolRun (tool, via, time,
 * duration, sizes, outcome; never the content), whatever the outcome: the
 * text tools' runs above, and converters that answer with a file.
 */
export async function countRun<T>(
	{ slug, via, inputBytes, operation }: { slug: string; via: RunVia; inputBytes: number; /** For tools with several operations (the PDF converter). */ operation?: string },
	work: () => Promise<T>,
	outputBytesOf: (result: T) => number,
): Promise<T> {
	const started = performance.now()
	let outcome: RunOutcome = 'error'
	let outputBytes = 0
	try {
		const result = await work()
		outcome = 'ok'
		outputBytes = outputBytesOf(result)
		return result
	} catch (error) {
		outcome = outcomeOf(error)
		throw error
	} finally {
		recordRun({ tool: slug, via, outcome, durationMs: Math.round(performance.now() - started), inputBytes, outputBytes, operation: operation ?? null })
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
function recordRun(data: { tool: string; via: RunVia; outcome: RunOutcome; durationMs: number; inputBytes: number; outputBytes: number; operation: string | null }) {
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
