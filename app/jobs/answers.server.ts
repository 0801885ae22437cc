/**
 * How the API answers about a job (issue 30, README "Jobs"):
 *
 * - `Prefer: wait=N` (RFC 7240) waits up to N seconds (at most MAX_WAIT_SECONDS;
 *   default DEFAULT_WAIT_SECONDS) for the job to end, and answers as the
 *   endpoint always has; `Prefer: respond-async` answers at once. A job still
 *   going then is `202 Accepted`, `Location: /api/jobs/{id}`, with its state.
 * - `GET /api/jobs/{id}`: state, progress, place in the queue, and, once
 *   ended, `result` (the fields of the endpoint's 201) or `error` (the
 *   catalogue body it would have answered, with `status`).
 * - With `Accept: application/x-ndjson`: the progress as it happens, one JSON
 *   object a line, then one `result` or `error` line. A client that
 *   reconnects gets the job's state from where it is.
 */
import { json } from '#app/utils/api.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { cancelJob, isFinal, type JobError, type JobRow, queuePosition, waitForJob } from './jobs.server.ts'

export const DEFAULT_WAIT_SECONDS = 25
export const MAX_WAIT_SECONDS = 120
export const PROGRESS_MEDIA_TYPE = 'application/x-ndjson'

export type Preference = { waitMs: number; async: boolean; applied: string | null }

/** `Prefer: respond-async` and `wait=N` (RFC 7240 §4.1, §4.3), in any order, with other preferences ignored. */
export function preference(request: Request): Preference {
	const header = request.headers.get('Prefer') ?? ''
	let wait: number | null = null
	let async = false
	for (const part of header.split(/[,;]/)) {
		const [name, value] = part.split('=').map((each) => each?.trim().replace(/^"|"$/g, '').toLowerCase())
		if (name === 'respond-async') async = true
		if (name === 'wait' && value && /^\d{1,6}$/.test(value)) wait = Number(value)
	}
	if (async && wait === null) return { waitMs: 0, async: true, applied: 'respond-async' }
	const seconds = Math.min(MAX_WAIT_SECONDS, wait ?? DEFAULT_WAIT_SECONDS)
	return { waitMs: seconds * 1000, async, applied: wait !== null ? `wait=${seconds}` : null }
}

/** A form posted without JavaScript waits this long for its job before it continues on the job's page (JOB_FORM_WAIT_MS). */
export function formWaitMs(): number {
	return getEnv().JOB_FORM_WAIT_MS
}

/** The job's page (routes/jobs.$id.tsx), with the anonymous owner's token that reads it. */
export function jobPageUrl(id: string, token?: string): string {
	return token ? `/jobs/${id}?token=${encodeURIComponent(token)}` : `/jobs/${id}`
}

export function jobUrl(id: string): string {
	return `/api/jobs/${id}`
}

export type JobStatusBody = {
	id: string
	kind: string
	state: string
	/** Jobs ahead of it (0 once it runs). */
	position: number
	progress: { done: number; total: number; stage: string }
	createdAt: string
	startedAt: string | null
	finishedAt: string | null
	statusUrl: string
	result?: unknown
	error?: JobError['body']
	/** Given once, to an anonymous owner, with the 202: it reads and cancels the job (and deletes its result). */
	deleteToken?: string
}

export async function jobStatusBody(job: JobRow, extra: { deleteToken?: string } = {}): Promise<JobStatusBody> {
	return {
		id: job.id,
		kind: job.kind,
		state: job.state,
		position: await queuePosition(job),
		progress: { done: job.progressDone, total: job.progressTotal, stage: job.stage },
		createdAt: job.createdAt.toISOString(),
		startedAt: job.startedAt?.toISOString() ?? null,
		finishedAt: job.finishedAt?.toISOString() ?? null,
		statusUrl: jobUrl(job.id),
		...(job.state === 'completed' ? { result: job.result } : {}),
		...(job.error && isFinal(job.state) && job.state !== 'completed' ? { error: job.error.body } : {}),
		...extra,
	}
}

/** `202 Accepted` for a job still going, pointing at its status. */
export async function acceptedResponse(job: JobRow, { deleteToken, applied }: { deleteToken?: string; applied?: string | null } = {}): Promise<Response> {
	const headers: Record<string, string> = { Location: jobUrl(job.id), 'Retry-After': '1', 'Cache-Control': 'no-store' }
	if (applied) headers['Preference-Applied'] = applied
	return json(await jobStatusBody(job, deleteToken ? { deleteToken } : {}), { status: 202, headers })
}

export function wantsProgress(request: Request): boolean {
	return (request.headers.get('Accept') ?? '').toLowerCase().includes(PROGRESS_MEDIA_TYPE)
}

export type ProgressLine =
	| { type: 'progress'; done: number; total: number; stage: string }
	| { type: 'result'; status: number; body: unknown }
	| { type: 'error'; status: number; body: unknown }

/**
 * The job's progress as NDJSON until it ends: `progress` lines, then one
 * `result` line (`status` and the body the endpoint answers: `finalBody`) or
 * `error` line. `cancelOnClose`: the client going away cancels the job (a
 * request that waited for its own answer); otherwise the job goes on.
 */
export function progressStream(job: JobRow, { finalBody, onClientGone }: { finalBody: (job: JobRow) => Promise<{ status: number; body: unknown }>; onClientGone?: () => void }): Response {
	const encoder = new TextEncoder()
	const gone = new AbortController()
	let open = true
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (line: ProgressLine) => {
				if (open) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`))
			}
			try {
				const position = await queuePosition(job)
				const waiting = `Waiting for a free worker${position > 1 ? ` (${position - 1} ahead)` : ''}`
				send({ type: 'progress', done: job.progressDone, total: job.progressTotal, stage: job.state === 'running' ? job.stage : waiting })
				let ended: JobRow | null = job
				while (ended && !isFinal(ended.state) && open) {
					ended = await waitForJob(job.id, {
						waitMs: 15_000,
						signal: gone.signal,
						onProgress: (progress) => send({ type: 'progress', done: progress.done, total: progress.total, stage: progress.stage }),
					})
				}
				if (ended && isFinal(ended.state)) {
					if (ended.state === 'completed') {
						const answer = await finalBody(ended)
						send({ type: 'result', ...answer })
					} else {
						const error = ended.error ?? { status: 500, body: { message: 'Something went wrong on our side.', status: 500, code: 'INTERNAL_ERROR' } }
						send({ type: 'error', status: error.status, body: error.body })
					}
				}
			} catch {
				send({ type: 'error', status: 500, body: { message: 'Something went wrong on our side.', status: 500, code: 'INTERNAL_ERROR' } })
			}
			if (open) controller.close()
			open = false
		},
		cancel() {
			open = false
			gone.abort()
			onClientGone?.()
		},
	})
	return new Response(body, {
		status: 200,
		headers: { 'Content-Type': `${PROGRESS_MEDIA_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no', 'X-Content-Type-Options': 'nosniff' },
	})
}

/**
 * The answer to a request that made a job: `ended(job)` (the endpoint's
 * usual answer) when the job ends within the wait `Prefer` asks for, else a
 * 202 pointing at the job. A client gone before its answer cancels the job;
 * one told where the job is (202) does not.
 */
export async function answerSubmitted(request: Request, { job, deleteToken }: { job: JobRow; deleteToken?: string }, ended: (job: JobRow) => Promise<Response>): Promise<Response> {
	const prefer = preference(request)
	const row = prefer.waitMs > 0 ? await waitForJob(job.id, { waitMs: prefer.waitMs, signal: request.signal }) : job
	if (request.signal.aborted) {
		await cancelJob(job).catch(() => {})
		throw new AppError('VALIDATION_ERROR', 'The request was cancelled.', { reason: 'cancelled' }, 499)
	}
	if (row && isFinal(row.state)) {
		const response = await ended(row)
		if (prefer.applied) response.headers.set('Preference-Applied', prefer.applied)
		return response
	}
	return acceptedResponse(row ?? job, { deleteToken, applied: prefer.applied })
}
