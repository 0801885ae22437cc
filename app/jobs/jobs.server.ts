/**
 * Conversions as durable jobs (issue 30): what a route does with one.
 *
 * ```ts
 * const { job, deleteToken } = await submitJob({ kind: 'pdf', owner: { userId, clientIp }, input, files, via: 'api' })
 * const ended = await waitForJob(job.id, { waitMs: 10_000, signal })   // null: still going
 * ```
 *
 * - **Fair share.** A job counts against its owner (the account, or the
 *   client's address, IPv6 by its /64: `resultOwnerKey`). An owner has at most
 *   MAX_RUNNING_PER_OWNER jobs in the queue; the rest are "held" here and
 *   sent to the queue as the owner's earlier ones end (`admit`), so one
 *   owner's backlog never stands between another owner and the workers.
 *   Beyond MAX_WAITING_PER_OWNER more, a new job is a 429 with Retry-After.
 * - **Durable.** The job, its inputs (StoredFile rows, tool "job-input") and
 *   its place in pg-boss survive a restart of any process; the runner
 *   (runner.server.ts) stores the result once and ends the row.
 * - **Private.** Only the owner reads or cancels a job: the same account, or
 *   whoever holds the delete token handed out once (its SHA-256 is kept).
 *   The inputs' password is kept encrypted until the job ends, then erased.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { resolveSessionSecrets } from '#app/utils/session-secret.server.ts'
import { removeJobInputs, storeJobInputs } from './inputs.server.ts'
// A cycle (local → runner → jobs) that is only called through, never read at load.
import { ensureJobRunner } from './local.server.ts'
import { EXPIRE_SECONDS, getBoss, QUEUE, RETRY_LIMIT } from './queue.server.ts'
import { type JobProgress } from './tasks.ts'

export const MAX_RUNNING_PER_OWNER = 2
/** Jobs an owner may have waiting beyond the ones running. */
export const MAX_WAITING_PER_OWNER = 10
export const FINAL_STATES = ['completed', 'failed', 'cancelled'] as const
export const OPEN_STATES = ['held', 'queued', 'running'] as const
export type JobState = (typeof OPEN_STATES)[number] | (typeof FINAL_STATES)[number]

type StoredJob = Prisma.JobGetPayload<object>
/** A job as the site reads it: its input, result and error parsed from their JSON text. */
export type JobRow = Omit<StoredJob, 'input' | 'result' | 'error'> & { input: unknown; result: unknown; error: JobError | null }

export function parseJob(stored: StoredJob): JobRow {
	const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown))
	return { ...stored, input: parse(stored.input), result: parse(stored.result), error: parse(stored.error) as JobError | null }
}

/** The job, parsed; null when unknown. */
export async function findJob(id: string): Promise<JobRow | null> {
	const stored = await prisma.job.findUnique({ where: { id } })
	return stored ? parseJob(stored) : null
}

/** A failed job's answer, as the API would have sent it: the status and the catalogue body. */
export type JobError = { status: number; body: { message: string; status: number; code: string; details?: unknown } }

export type JobOwner = { userId: string | null; ownerKey: string }

/** In-process news of jobs, so a request waiting on a job this process runs hears at once (others poll). */
// One per process, on globalThis: the server's own bundle and the Remix build each have a copy of this module.
const EVENTS_KEY = Symbol.for('toolnest.jobEvents')
export const jobEvents: EventEmitter = ((globalThis as { [EVENTS_KEY]?: EventEmitter })[EVENTS_KEY] ??= new EventEmitter().setMaxListeners(0))

export function isFinal(state: string): boolean {
	return (FINAL_STATES as ReadonlyArray<string>).includes(state)
}

function hashToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Constant-time comparison of a presented token with a stored SHA-256. */
export function tokenMatches(presented: string | null | undefined, storedHash: string | null): boolean {
	if (!presented || !storedHash || presented.length > 200) return false
	const a = Buffer.from(hashToken(presented), 'hex')
	const b = Buffer.from(storedHash, 'hex')
	return a.length === b.length && timingSafeEqual(a, b)
}

/** A job id: 128 random bits, base64url (as file ids). */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

function secretKey(): Buffer {
	const [secret] = resolveSessionSecrets(getEnv())
	return createHash('sha256').update(`toolnest-job-secret:${secret}`).digest()
}

/** The password, encrypted for the job's row (AES-256-GCM); only a process with the same SESSION_SECRET reads it. */
export function sealSecret(text: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', secretKey(), iv)
	const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
	return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSecret(sealed: string): string {
	const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
	const decipher = createDecipheriv('aes-256-gcm', secretKey(), iv!)
	decipher.setAuthTag(tag!)
	return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
}

export type SubmitJobInput = {
	kind: string
	owner: JobOwner
	/** The task without its files, as JSON (options, file names). */
	input: object
	files: ReadonlyArray<{ name: string; data: Uint8Array }>
	password?: string
	via: 'api' | 'form'
}

/** Stores the inputs, makes the job and queues it when its owner has room. The delete token is for an anonymous owner only. */
export async function submitJob({ kind, owner, input, files, password, via }: SubmitJobInput): Promise<{ job: JobRow; deleteToken?: string }> {
	const open = await prisma.job.count({ where: { ownerKey: owner.ownerKey, state: { in: [...OPEN_STATES] } } })
	if (open >= MAX_RUNNING_PER_OWNER + MAX_WAITING_PER_OWNER) {
		throw new AppError(
			'RATE_LIMITED',
			`You have ${open} conversions running or waiting, the most one visitor may have at once. Wait for some of them to finish, then try again.`,
			{ retryAfter: 10, reason: 'jobs', limit: MAX_RUNNING_PER_OWNER + MAX_WAITING_PER_OWNER },
		)
	}
	const inputFileIds = await storeJobInputs(files)
	const deleteToken = owner.userId ? undefined : randomBytes(32).toString('base64url')
	const job = await prisma.job.create({
		data: {
			id: randomBytes(16).toString('base64url'),
			bossId: randomUUID(),
			kind,
			state: 'held',
			ownerKey: owner.ownerKey,
			userId: owner.userId,
			deleteTokenHash: deleteToken ? hashToken(deleteToken) : null,
			input: JSON.stringify(input),
			inputFileIds,
			inputBytes: files.reduce((sum, file) => sum + file.data.byteLength, 0),
			secret: password ? sealSecret(password) : null,
			via,
			stage: 'Waiting for a free worker',
		},
	})
	// This process runs jobs too (the web server unless WORKERS=0; a test process): its runner is up before the job is sent.
	await ensureJobRunner()
	await admit(owner.ownerKey)
	return { job: (await findJob(job.id)) ?? parseJob(job), ...(deleteToken ? { deleteToken } : {}) }
}

type Admitted = { id: string; bossId: string; running: bigint | number }

/**
 * Sends the owner's oldest held jobs to the queue while the owner has fewer
 * than MAX_RUNNING_PER_OWNER there. In one transaction under an advisory lock
 * per owner, so two requests at once never admit three. A job admitted
 * whose send was lost (a crash in between) is sent again by the sweep:
 * pg-boss ignores a second send of the same id.
 */
export async function admit(ownerKey: string): Promise<number> {
	const admitted = await prisma.$transaction(async (tx) => {
		await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`job-admit:${ownerKey}`}))`
		return tx.$queryRaw<Array<Admitted>>`
			WITH running AS (
				SELECT count(*) AS n FROM "Job" WHERE "ownerKey" = ${ownerKey} AND "state" IN ('queued', 'running')
			), next AS (
				SELECT "id" FROM "Job" WHERE "ownerKey" = ${ownerKey} AND "state" = 'held'
				ORDER BY "createdAt", "id"
				LIMIT GREATEST(0, ${MAX_RUNNING_PER_OWNER} - (SELECT n FROM running))
			)
			UPDATE "Job" SET "state" = 'queued', "queuedAt" = now()
			WHERE "id" IN (SELECT "id" FROM next)
			RETURNING "id", "bossId", (SELECT n FROM running) AS running`
	})
	if (admitted.length === 0) return 0
	const boss = await getBoss()
	let index = 0
	for (const row of admitted) {
		// An owner's first job in the queue goes before anyone's second: round-robin across owners.
		const priority = -(Number(row.running) + index++)
		await sendToQueue(boss, row, priority)
	}
	jobEvents.emit('queued')
	return admitted.length
}

async function sendToQueue(boss: Awaited<ReturnType<typeof getBoss>>, row: { id: string; bossId: string }, priority: number) {
	await boss.send(QUEUE, { jobId: row.id }, { id: row.bossId, priority, retryLimit: RETRY_LIMIT, retryDelay: 0, expireInSeconds: EXPIRE_SECONDS })
}

/** Sends again the queued jobs pg-boss does not have (their send was lost to a crash). */
export async function resendLostJobs(olderThanMs = 30_000): Promise<number> {
	const lost = await prisma.$queryRaw<Array<{ id: string; bossId: string }>>`
		SELECT j."id", j."bossId" FROM "Job" j
		WHERE j."state" = 'queued' AND j."queuedAt" < now() - make_interval(secs => ${olderThanMs / 1000})
			AND NOT EXISTS (SELECT 1 FROM pgboss.job b WHERE b.id = j."bossId"::uuid)
		LIMIT 100`
	if (lost.length === 0) return 0
	const boss = await getBoss()
	for (const row of lost) await sendToQueue(boss, row, 0)
	return lost.length
}

/** The job if `who` owns it: the same account, or the delete token of an anonymous job. Null otherwise (or unknown). */
export async function findOwnedJob(id: string, who: { userId: string | null; token?: string | null }): Promise<JobRow | null> {
	if (!JOB_ID_PATTERN.test(id)) return null
	const job = await findJob(id)
	if (!job) return null
	if (job.userId && who.userId === job.userId) return job
	if (job.deleteTokenHash && tokenMatches(who.token, job.deleteTokenHash)) return job
	return null
}


/** How many jobs are ahead of this one in the queue (0 when it runs or has ended). */
export async function queuePosition(job: JobRow): Promise<number> {
	if (job.state === 'held') {
		const ahead = await prisma.job.count({ where: { state: 'queued' } })
		const ownAhead = await prisma.job.count({ where: { ownerKey: job.ownerKey, state: 'held', createdAt: { lt: job.createdAt } } })
		return ahead + ownAhead + 1
	}
	if (job.state !== 'queued' || !job.queuedAt) return 0
	return (await prisma.job.count({ where: { state: 'queued', queuedAt: { lt: job.queuedAt } } })) + 1
}

/**
 * Waits until the job ends or `waitMs` passes; answers its row then (open
 * when the wait ran out). Hears this process's runner at once, and reads the
 * row every POLL_MS for a runner elsewhere. `onProgress` gets each change.
 */
export async function waitForJob(
	id: string,
	{ waitMs, signal, onProgress, pollMs = 250 }: { waitMs: number; signal?: AbortSignal; onProgress?: (progress: JobProgress & { state: string }) => void; pollMs?: number },
): Promise<JobRow | null> {
	const deadline = Date.now() + waitMs
	let last = ''
	const report = (row: JobRow) => {
		const key = `${row.state}:${row.progressDone}:${row.progressTotal}:${row.stage}`
		if (key === last) return
		last = key
		onProgress?.({ state: row.state, done: row.progressDone, total: row.progressTotal, stage: row.stage })
	}
	// Requests waiting in the process that runs the job hear its every report; others read the row.
	const heard = (progress: JobProgress) => {
		const key = `running:${progress.done}:${progress.total}:${progress.stage}`
		if (key === last) return
		last = key
		onProgress?.({ state: 'running', ...progress })
	}
	if (onProgress) jobEvents.on(`progress:${id}`, heard)
	try {
		for (;;) {
			const row = await findJob(id)
			if (!row) return null
			report(row)
			if (isFinal(row.state)) return row
			const remaining = deadline - Date.now()
			if (remaining <= 0 || signal?.aborted) return row
			await new Promise<void>((resolve) => {
				const done = () => {
					clearTimeout(timer)
					jobEvents.off(`changed:${id}`, done)
					signal?.removeEventListener('abort', done)
					resolve()
				}
				const timer = setTimeout(done, Math.min(pollMs, remaining))
				jobEvents.on(`changed:${id}`, done)
				signal?.addEventListener('abort', done, { once: true })
			})
		}
	} finally {
		jobEvents.off(`progress:${id}`, heard)
	}
}

/** Cancels an open job: it leaves the queue, or its process is stopped. False when it had already ended. */
export async function cancelJob(job: JobRow): Promise<boolean> {
	const { count } = await prisma.job.updateMany({
		where: { id: job.id, state: { in: [...OPEN_STATES] } },
		data: { state: 'cancelled', finishedAt: new Date(), secret: null, stage: 'Cancelled', error: JSON.stringify(cancelledError()) },
	})
	if (count === 0) return false
	const boss = await getBoss()
	await boss.cancel(QUEUE, job.bossId).catch(() => {})
	jobEvents.emit(`changed:${job.id}`)
	jobEvents.emit(`cancel:${job.id}`)
	if (job.state !== 'running') {
		await removeJobInputs(job.inputFileIds)
	}
	await admit(job.ownerKey)
	return true
}

export function cancelledError(): JobError {
	return { status: 499, body: { message: 'The job was cancelled.', status: 499, code: 'VALIDATION_ERROR', details: { reason: 'cancelled' } } }
}

/** A failed job's error as the AppError the route throws (its status, code, message and details). */
export function jobErrorToAppError(error: JobError): AppError {
	const body = error.body
	return new AppError((body.code as ConstructorParameters<typeof AppError>[0]) ?? 'INTERNAL_ERROR', body.message, body.details, error.status)
}

/** Queue figures for the admin dashboard and /healthz. */
export async function queueStats(now = new Date()) {
	const hourAgo = new Date(now.getTime() - 60 * 60 * 1000)
	const [waiting, running, failed, completed, workers, waits] = await Promise.all([
		prisma.job.count({ where: { state: { in: ['held', 'queued'] } } }),
		prisma.job.count({ where: { state: 'running' } }),
		prisma.job.count({ where: { state: 'failed', finishedAt: { gte: hourAgo } } }),
		prisma.job.count({ where: { state: 'completed', finishedAt: { gte: hourAgo } } }),
		prisma.jobWorker.findMany({ where: { seenAt: { gte: new Date(now.getTime() - WORKER_ALIVE_MS) } } }),
		prisma.$queryRaw<Array<{ median: number | null }>>`
			SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM ("startedAt" - "createdAt")) * 1000) AS median
			FROM "Job" WHERE "startedAt" IS NOT NULL AND "createdAt" >= ${hourAgo}`,
	])
	return {
		waiting,
		running,
		failedLastHour: failed,
		completedLastHour: completed,
		medianWaitMs: waits[0]?.median == null ? null : Math.round(Number(waits[0].median)),
		workers: workers.length,
		slots: workers.reduce((sum, worker) => sum + worker.slots, 0),
	}
}

/** A worker whose heartbeat is older than this is taken for dead. */
export const WORKER_ALIVE_MS = 20_000
export const HEARTBEAT_MS = 5_000
