/**
 * The job table's contract (app/jobs/job-worker.server.ts): a job is a plain
 * object with a `kind`, and each kind's handler registers in the table under
 * that name. A handler returns the job's result (sent back as is) or throws:
 * an AppError is the input's fault and comes back as that error; anything
 * else is a fault of ours, logged in the worker and answered with a 500.
 */
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '#app/utils/errors.ts'

export type JobTask = { kind: string }

/**
 * `started` says the code the job needs is loaded and the work on its input
 * begins: the pool's time limit counts from then (loading has a limit of its
 * own). Every handler calls it, first thing if it loads nothing.
 */
export type JobContext = {
	started(): void
	/**
	 * How far the job has got (pages done of pages to do, and what it is doing), for a
	 * caller showing progress. Sent at most every PROGRESS_INTERVAL_MS, and whenever the
	 * stage changes; free to call for every page.
	 */
	progress(update: JobProgress): void
}

/** `total` 0: not known yet. */
export type JobProgress = { done: number; total: number; stage: string }

export const PROGRESS_INTERVAL_MS = 100

export type JobHandler<Task extends JobTask = JobTask> = (task: Task, context: JobContext) => Promise<unknown>

/** A module's handlers, by kind. */
export type JobTable = Record<string, JobHandler<never>>

/** An error that crosses the worker boundary as plain data. */
export type SerializedJobError = { code: string; message: string; status: number; details?: unknown }

/** A job's reported error as an AppError (a code outside the catalogue is a fault of ours). */
export function deserializeJobError(error: SerializedJobError): AppError {
	const code = (error.code in ERROR_CATALOGUE ? error.code : 'INTERNAL_ERROR') as ErrorCode
	return new AppError(code, error.message, error.details ?? {}, error.status)
}

/**
 * A job's `progress` for a handler, sending at most every PROGRESS_INTERVAL_MS
 * (and at each change of stage, and at the end) through `send`: used inside
 * job threads and job processes alike.
 */
export function throttledProgress(send: (progress: JobProgress) => void): (update: JobProgress) => void {
	let lastSent = 0
	let lastStage = ''
	return (update) => {
		const now = performance.now()
		if (update.stage === lastStage && now - lastSent < PROGRESS_INTERVAL_MS && update.done < update.total) return
		lastSent = now
		lastStage = update.stage
		send({ done: update.done, total: update.total, stage: update.stage })
	}
}
