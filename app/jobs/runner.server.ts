/**
 * The job runner (issue 30): takes jobs from the queue and runs each in a
 * job process of its own (processes.server.ts), `slots` at a time. The web
 * server runs one (WORKERS, default: one slot per core), and so does
 * `npm run worker`, alone, against DATABASE_URL, on this machine or another.
 *
 * A job kind is a function of the feature that owns it (its folder's
 * `jobs.server.ts`, listed in app/job-kinds.server.ts): given the job, its
 * files and a way to run a task in a job process, it does the work and
 * stores the result, answering the fields the API sends back.
 *
 * - **Nothing lost.** A runner says it is alive every HEARTBEAT_MS. The sweep
 *   (every runner runs it) fails the queue's copy of a job whose runner went
 *   quiet, so pg-boss runs it once more elsewhere; the second loss ends it
 *   failed, with a message. A job process that dies under a job is the same.
 * - **Cancelled** jobs stop: the row is read as progress is written (and at
 *   least every CANCEL_CHECK_MS), and the process is killed.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { readJobInputs, removeJobInputs } from './inputs.server.ts'
import { admit, cancelledError, findJob, HEARTBEAT_MS, jobEvents, type JobError, type JobRow, openSecret, resendLostJobs, WORKER_ALIVE_MS } from './jobs.server.ts'
import { ProcessPool, type ProcessEntry, type RunLimits } from './processes.server.ts'
import { getBoss, POLL_SECONDS, QUEUE, RETRY_LIMIT } from './queue.server.ts'
import { type JobProgress, type SerializedJobError } from './tasks.ts'
import { JobFailure } from './worker-pool.server.ts'

export type JobKindContext = {
	/** The uploaded files, in order, with the names they were sent with (from the job's input `names`). */
	files: Array<{ name: string; data: Uint8Array }>
	/** The inputs' password, if one was sent. */
	password?: string
	/** Runs a task in a job process under these limits; progress goes to the job's row. */
	run<Result>(task: { kind: string }, limits: RunLimits): Promise<Result>
	signal: AbortSignal
}

/** Does the job's work and stores what it made; answers the fields the API sends when it is done. */
export type JobKind = (job: JobRow, context: JobKindContext) => Promise<object>
export type JobKinds = Record<string, JobKind>

export type RunnerOptions = {
	kinds: JobKinds
	/** How many jobs run at once here. */
	slots: number
	entry: ProcessEntry
	toError: (error: SerializedJobError | null) => AppError | null
}

/** How often a running job's row is written with its progress (and read for a cancel). */
const PROGRESS_WRITE_MS = 300
const CANCEL_CHECK_MS = 1000
const SWEEP_MS = 10_000

export class JobRunner {
	readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
	readonly pool: ProcessPool
	private workIds: Array<string> = []
	private running = 0
	private timers: Array<NodeJS.Timeout> = []
	private stopped = false
	private readonly onQueued = () => void this.wake()

	constructor(private readonly options: RunnerOptions) {
		this.pool = new ProcessPool({ entry: options.entry, toError: options.toError })
	}

	async start(): Promise<void> {
		const boss = await getBoss()
		await this.heartbeat()
		for (let slot = 0; slot < this.options.slots; slot++) {
			this.workIds.push(await boss.work(QUEUE, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => this.runOne(job as { id: string; data: object })))
		}
		jobEvents.on('queued', this.onQueued)
		const beat = setInterval(() => void this.heartbeat().catch(() => {}), HEARTBEAT_MS)
		const sweep = setInterval(() => void sweepJobs().catch((error: unknown) => console.error('job sweep:', error instanceof Error ? error.message : error)), SWEEP_MS)
		beat.unref()
		sweep.unref()
		this.timers.push(beat, sweep)
		void sweepJobs().catch(() => {})
	}

	/** Jobs sent by this process are fetched at once, not at the next poll. */
	private async wake() {
		if (this.stopped) return
		const boss = await getBoss()
		for (const id of this.workIds) boss.notifyWorker(id)
	}

	private async heartbeat() {
		const data = { host: os.hostname(), pid: process.pid, slots: this.options.slots, running: this.running, seenAt: new Date() }
		await prisma.jobWorker.upsert({ where: { id: this.id }, create: { id: this.id, ...data }, update: data })
	}

	async stop(): Promise<void> {
		this.stopped = true
		jobEvents.off('queued', this.onQueued)
		for (const timer of this.timers) clearInterval(timer)
		const boss = await getBoss().catch(() => null)
		for (const id of this.workIds) await boss?.offWork({ id }).catch(() => {})
		await this.pool.close()
		await prisma.jobWorker.deleteMany({ where: { id: this.id } }).catch(() => {})
	}

	private async runOne(bossJob: { id: string; data: object }): Promise<void> {
		const jobId = (bossJob.data as { jobId?: string }).jobId
		if (!jobId) return
		const taken = await prisma.job.updateMany({
			where: { id: jobId, state: { in: ['queued', 'running'] } },
			data: { state: 'running', startedAt: new Date(), attempts: { increment: 1 }, workerId: this.id, stage: 'Starting', progressDone: 0, progressTotal: 0 },
		})
		if (taken.count === 0) return
		const job = (await findJob(jobId))!
		const kind = this.options.kinds[job.kind]
		this.running++
		jobEvents.emit(`changed:${job.id}`)
		const controller = new AbortController()
		const onCancel = () => controller.abort()
		jobEvents.on(`cancel:${job.id}`, onCancel)
		let lastWrite = 0
		let pending = null as JobProgress | null
		let writing = false
		const writeProgress = async (progress: JobProgress | null) => {
			if (writing) return
			writing = true
			try {
				const rows = await prisma.job.updateManyAndReturn({
					where: { id: job.id, state: 'running' },
					data: progress ? { progressDone: progress.done, progressTotal: progress.total, stage: progress.stage.slice(0, 200) } : {},
					select: { id: true },
				})
				if (rows.length === 0) controller.abort()
				else jobEvents.emit(`changed:${job.id}`)
			} finally {
				writing = false
			}
		}
		const cancelCheck = setInterval(() => void writeProgress(pending).catch(() => {}), CANCEL_CHECK_MS)
		// How it ended, written only once the inputs are gone, so whoever sees it ended sees nothing left behind.
		let ending: { state: 'completed'; result: object } | { state: 'failed'; error: JobError } | { state: 'cancelled' } | { state: 'retry'; error: unknown }
		try {
			if (!kind) throw new AppError('INTERNAL_ERROR', `This server has no handler for jobs of kind "${job.kind}".`)
			const names = (job.input as { names?: Array<string> } | null)?.names ?? []
			const datas = await readJobInputs(job.inputFileIds)
			const files = datas.map((data, index) => ({ name: names[index] ?? `file-${index + 1}`, data }))
			let password: string | undefined
			if (job.secret) {
				try {
					password = openSecret(job.secret)
				} catch {
					throw new AppError('VALIDATION_ERROR', 'The password sent with this job cannot be read by this worker (its SESSION_SECRET differs). Send the job again.', { reason: 'secret' }, 422)
				}
			}
			const result = await kind(job, {
				files,
				password,
				signal: controller.signal,
				run: (task, limits) =>
					this.pool.run(task, {
						...limits,
						signal: controller.signal,
						onProgress: (progress) => {
							pending = progress
							// Requests waiting in this process hear every report; others read the row.
							jobEvents.emit(`progress:${job.id}`, progress)
							const now = Date.now()
							if (now - lastWrite >= PROGRESS_WRITE_MS || progress.done === progress.total) {
								lastWrite = now
								void writeProgress(progress).catch(() => {})
							}
						},
					}),
			})
			ending = { state: 'completed', result }
		} catch (error) {
			// Lost: its process died under it, or this runner was stopping as the queue handed it over (it runs elsewhere).
			const lost = error instanceof JobFailure && (error.kind === 'crashed' || (error.kind === 'aborted' && this.stopped))
			const cancelled = controller.signal.aborted || (await prisma.job.findUnique({ where: { id: job.id }, select: { state: true } }))?.state === 'cancelled'
			if (cancelled) ending = { state: 'cancelled' }
			// The process died under the job (killed from outside, or a crash): once more, on a fresh one.
			else if (lost && job.attempts < RETRY_LIMIT + 1) ending = { state: 'retry', error }
			else {
				if (!(error instanceof AppError) || error.status >= 500) console.error(`job ${job.kind} ${job.id} failed:`, error instanceof Error ? error.message : error)
				ending = { state: 'failed', error: lost ? lostError() : errorOf(error) }
			}
		} finally {
			clearInterval(cancelCheck)
			jobEvents.off(`cancel:${job.id}`, onCancel)
			this.running--
		}
		if (ending.state === 'retry') {
			await prisma.job.updateMany({ where: { id: job.id, state: 'running' }, data: { state: 'queued', stage: 'Trying again: the process running it stopped', workerId: null } })
			jobEvents.emit(`changed:${job.id}`)
			throw ending.error
		}
		await removeJobInputs(job.inputFileIds)
		if (ending.state === 'completed') {
			const ended = await prisma.job.updateMany({
				where: { id: job.id, state: 'running' },
				// Its last report stays (a client that came late still sees what the job did), its count complete.
				data: { state: 'completed', result: JSON.stringify(ending.result), finishedAt: new Date(), secret: null, ...(pending ? { progressDone: pending.total, progressTotal: pending.total, stage: pending.stage } : { stage: 'Done' }) },
			})
			if (ended.count === 0) await discardResult(ending.result)
		} else if (ending.state === 'failed') {
			await failJob(job.id, ending.error)
		}
		// Cancelled: cancelJob has ended the row; its secret goes all the same.
		await prisma.job.updateMany({ where: { id: job.id }, data: { secret: null } }).catch(() => {})
		await admit(job.ownerKey).catch((error: unknown) => console.error('job admit:', error instanceof Error ? error.message : error))
		jobEvents.emit(`changed:${job.id}`)
	}
}

/** A result stored for a job cancelled meanwhile: its file goes. */
async function discardResult(result: object) {
	const id = (result as { id?: unknown } | null)?.id
	if (typeof id === 'string') await prisma.storedFile.deleteMany({ where: { id } }).catch(() => {})
}

export function errorOf(error: unknown): JobError {
	if (error instanceof AppError) {
		const body = error.toJSON() as JobError['body']
		return { status: error.status, body }
	}
	return { status: 500, body: { message: 'Something went wrong on our side while processing this file.', status: 500, code: 'INTERNAL_ERROR' } }
}

function lostError(): JobError {
	return {
		status: 503,
		body: { message: 'The worker running this job stopped twice. Nothing was saved; try again in a moment.', status: 503, code: 'SERVICE_UNAVAILABLE', details: { reason: 'worker-lost', retryAfter: 5 } },
	}
}

async function failJob(id: string, error: JobError): Promise<void> {
	await prisma.job.updateMany({
		where: { id, state: { in: ['held', 'queued', 'running'] } },
		data: { state: 'failed', error: JSON.stringify(error), finishedAt: new Date(), secret: null, stage: 'Failed' },
	})
	jobEvents.emit(`changed:${id}`)
}

/**
 * Finds jobs nobody will finish and puts them right: a running job whose
 * runner stopped beating is failed in the queue (pg-boss runs it again, if
 * it has a retry left) and queued again here; a job the queue has given up
 * on (failed, or gone) ends failed; a queued job the queue never got is sent
 * again; held jobs of owners with room are admitted.
 */
export async function sweepJobs(now = new Date()): Promise<void> {
	const boss = await getBoss()
	const deadSince = new Date(now.getTime() - WORKER_ALIVE_MS)
	const orphans = await prisma.$queryRaw<Array<{ id: string; bossId: string; ownerKey: string; inputFileIds: Array<string> }>>`
		SELECT j."id", j."bossId", j."ownerKey", j."inputFileIds" FROM "Job" j
		WHERE j."state" = 'running' AND j."startedAt" < ${deadSince}
			AND NOT EXISTS (SELECT 1 FROM "JobWorker" w WHERE w."id" = j."workerId" AND w."seenAt" >= ${deadSince})
		LIMIT 100`
	for (const orphan of orphans) {
		const state = (await boss.getJobById(QUEUE, orphan.bossId))?.state
		if (state === 'active') await boss.fail(QUEUE, orphan.bossId, { reason: 'worker-lost' }).catch(() => {})
		const after = (await boss.getJobById(QUEUE, orphan.bossId))?.state
		if (after === 'retry' || after === 'created') {
			await prisma.job.updateMany({ where: { id: orphan.id, state: 'running' }, data: { state: 'queued', workerId: null, stage: 'Trying again: the worker running it stopped' } })
		} else {
			await failJob(orphan.id, lostError())
			await removeJobInputs(orphan.inputFileIds)
			await admit(orphan.ownerKey)
		}
	}
	// Taken from the queue by a runner that died before it marked the row running: the queue's copy is failed
	// (pg-boss runs it again) rather than left active until it expires.
	const untaken = await prisma.$queryRaw<Array<{ bossId: string }>>`
		SELECT j."bossId" FROM "Job" j
		JOIN pgboss.job b ON b.id = j."bossId"::uuid AND b.name = ${QUEUE}
		WHERE j."state" = 'queued' AND b.state = 'active' AND b.started_on < ${deadSince}
		LIMIT 100`
	for (const row of untaken) await boss.fail(QUEUE, row.bossId, { reason: 'worker-lost' }).catch(() => {})
	// The queue's copy ended (failed after its retry, cancelled, expired and deleted) while the row did not: end the row.
	const open = await prisma.$queryRaw<Array<{ id: string; ownerKey: string; inputFileIds: Array<string>; bossState: string | null }>>`
		SELECT j."id", j."ownerKey", j."inputFileIds", b.state::text AS "bossState" FROM "Job" j
		LEFT JOIN pgboss.job b ON b.id = j."bossId"::uuid AND b.name = ${QUEUE}
		WHERE j."state" IN ('queued', 'running') AND j."queuedAt" < ${new Date(now.getTime() - 60_000)}
			AND (b.state IS NULL OR b.state::text IN ('failed', 'cancelled', 'completed'))
		LIMIT 100`
	for (const row of open) {
		if (row.bossState === null) continue // resendLostJobs sends it
		await failJob(row.id, row.bossState === 'cancelled' ? cancelledError() : lostError())
		await removeJobInputs(row.inputFileIds)
		await admit(row.ownerKey)
	}
	await resendLostJobs()
	const owners = await prisma.job.findMany({ where: { state: 'held' }, distinct: ['ownerKey'], select: { ownerKey: true }, take: 100 })
	for (const { ownerKey } of owners) await admit(ownerKey)
	await prisma.jobWorker.deleteMany({ where: { seenAt: { lt: new Date(now.getTime() - 60 * 60 * 1000) } } })
	// Ended jobs are kept a week (the dashboard's figures, an owner's late look); their results expire on their own.
	await prisma.job.deleteMany({ where: { finishedAt: { lt: new Date(now.getTime() - JOB_KEEP_MS) } } })
}

export const JOB_KEEP_MS = 7 * 24 * 60 * 60 * 1000

