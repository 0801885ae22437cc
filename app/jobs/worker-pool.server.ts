/**
 * A pool of worker threads for heavy work (DESIGN.md decision 7): tool runs
 * now, PDF, DOCX and QR work later. One job per worker at a time.
 *
 * - **Time limit**: a job still running after `timeoutMs` has its worker
 *   terminated (an endless loop cannot be interrupted any other way) and a
 *   fresh worker takes its place. With `startupMs`, the worker reports
 *   `{ id, started: true }` once the code a job needs is loaded, and the
 *   limit counts from then: loading (a fresh worker importing its engines,
 *   seconds on a busy machine) has `startupMs` of its own and is answered
 *   503 when it runs out. Without this, a cold worker killed mid-import at
 *   the limit was replaced by another cold worker, and under load every
 *   request failed the same way.
 * - **Memory limit**: each worker runs with V8 `resourceLimits`; a job that
 *   allocates past them kills only its worker (ERR_WORKER_OUT_OF_MEMORY).
 * - **Bounded queue**: beyond `maxQueue` waiting jobs, `run` refuses at once
 *   with 503 and a Retry-After, so a burst cannot pile up unbounded work.
 * - **Cancellation**: an aborted request's job leaves the queue, or, if it is
 *   running, its worker is terminated, so a client that goes away frees its
 *   slot (SECURITY.md F8).
 *
 * Workers exchange `{ id, task }` → `{ id, ok, result | error }` messages;
 * errors come back as plain data, and `toError` turns them into AppErrors.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { AppError } from '#app/utils/errors.ts'
import { type JobProgress } from './tasks.ts'

export type WorkerPoolOptions = {
	/** The worker script (JavaScript; see `pool.server.ts` for running TypeScript from source). */
	file: URL
	workerData?: unknown
	size: number
	maxQueue: number
	timeoutMs: number
	/** Time to load a job's code before its `timeoutMs` starts (workers that report `started`); unset: one limit from the post. */
	startupMs?: number
	/** V8 old-generation limit per worker. */
	maxMemoryMb: number
	/** What a job's worker sent back as an error, as an AppError (or null: a fault of ours → 500). */
	toError?: (error: unknown) => AppError | null
}

export type JobFailureKind = 'timeout' | 'memory' | 'busy' | 'aborted' | 'crashed'

/** A job the pool itself stopped (not an error the worker reported). */
export class JobFailure extends AppError {
	constructor(
		readonly kind: JobFailureKind,
		code: ConstructorParameters<typeof AppError>[0],
		message: string,
		details?: unknown,
		status?: number,
	) {
		super(code, message, details, status)
		this.name = 'JobFailure'
	}
}

type Job = {
	id: number
	task: unknown
	timeoutMs: number
	resolve: (value: unknown) => void
	reject: (error: unknown) => void
	signal?: AbortSignal
	onAbort?: () => void
	onProgress?: (progress: JobProgress) => void
	/** Buffers of the task handed to the worker rather than copied (they are unusable here afterwards). */
	transfer?: ReadonlyArray<ArrayBuffer>
}

type Slot = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout }

type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: unknown } | { id: number; started: true } | { id: number; progress: JobProgress }

export class WorkerPool {
	readonly #options: WorkerPoolOptions
	readonly #slots = new Set<Slot>()
	readonly #queue: Array<Job> = []
	#nextId = 1
	#closed = false
	/** Average seconds a job has taken lately, for Retry-After. */
	#averageJobSeconds = 1

	constructor(options: WorkerPoolOptions) {
		this.#options = options
	}

	get stats() {
		let busy = 0
		for (const slot of this.#slots) if (slot.job) busy++
		return { workers: this.#slots.size, busy, queued: this.#queue.length, size: this.#options.size, maxQueue: this.#options.maxQueue }
	}

	/** `onProgress`: what the job reports of its progress (jobs that report it), as it runs. */
	run<T>(
		task: unknown,
		{ signal, timeoutMs, onProgress, transfer }: { signal?: AbortSignal; timeoutMs?: number; onProgress?: (progress: JobProgress) => void; transfer?: ReadonlyArray<ArrayBuffer> } = {},
	): Promise<T> {
		if (this.#closed) return Promise.reject(this.#busy('The server is shutting down. Please try again in a moment.'))
		if (signal?.aborted) return Promise.reject(new JobFailure('aborted', 'VALIDATION_ERROR', 'The request was cancelled.', undefined, 499))
		const idle = this.#idleSlot()
		const canStart = idle !== null || this.#slots.size < this.#options.size
		if (!canStart && this.#queue.length >= this.#options.maxQueue) {
			return Promise.reject(this.#busy('The server is busy with other work. Please try again in a few seconds.'))
		}
		return new Promise<T>((resolve, reject) => {
			const job: Job = { id: this.#nextId++, task, timeoutMs: timeoutMs ?? this.#options.timeoutMs, resolve: resolve as (value: unknown) => void, reject, signal, onProgress, transfer }
			if (signal) {
				job.onAbort = () => this.#abort(job)
				signal.addEventListener('abort', job.onAbort, { once: true })
			}
			this.#queue.push(job)
			this.#dispatch()
		})
	}

	/** Terminates every worker; queued jobs are refused. */
	async close(): Promise<void> {
		this.#closed = true
		for (const job of this.#queue.splice(0)) this.#settle(job, this.#busy('The server is shutting down.'))
		await Promise.all([...this.#slots].map((slot) => this.#retire(slot, this.#busy('The server is shutting down.'))))
	}

	#busy(message: string): JobFailure {
		const retryAfter = Math.max(1, Math.ceil(this.#averageJobSeconds * (1 + this.#queue.length / this.#options.size)))
		return new JobFailure('busy', 'SERVICE_UNAVAILABLE', message, { retryAfter })
	}

	#idleSlot(): Slot | null {
		for (const slot of this.#slots) if (!slot.job) return slot
		return null
	}

	#dispatch() {
		while (this.#queue.length > 0) {
			let slot = this.#idleSlot()
			if (!slot && this.#slots.size < this.#options.size) slot = this.#spawn()
			if (!slot) return
			const job = this.#queue.shift()!
			this.#start(slot, job)
		}
	}

	#spawn(): Slot {
		const options: WorkerOptions = {
			workerData: this.#options.workerData,
			resourceLimits: {
				maxOldGenerationSizeMb: this.#options.maxMemoryMb,
				maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(this.#options.maxMemoryMb / 8))),
			},
		}
		const worker = new Worker(this.#options.file, options)
		// An idle worker must not keep the process alive on shutdown.
		worker.unref()
		const slot: Slot = { worker, job: null }
		worker.on('message', (reply: WorkerReply) => this.#onReply(slot, reply))
		worker.on('error', (error: Error & { code?: string }) => {
			const kind: JobFailureKind = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'
			this.#fail(slot, kind === 'memory' ? this.#memoryFailure() : new JobFailure('crashed', 'INTERNAL_ERROR', 'Internal server error'))
		})
		worker.on('exit', () => {
			if (this.#slots.has(slot)) this.#fail(slot, new JobFailure('crashed', 'INTERNAL_ERROR', 'Internal server error'))
		})
		this.#slots.add(slot)
		return slot
	}

	#memoryFailure(): JobFailure {
		return new JobFailure(
			'memory',
			'VALIDATION_ERROR',
			`This input needs more memory than one job may use (limit ${this.#options.maxMemoryMb} MB). Try a smaller input.`,
			{ limitMb: this.#options.maxMemoryMb },
			422,
		)
	}

	#start(slot: Slot, job: Job) {
		slot.job = job
		const started = performance.now()
		const { startupMs } = this.#options
		if (startupMs === undefined) this.#startTimeLimit(slot, job)
		else {
			slot.timer = setTimeout(() => this.#fail(slot, this.#busy('The server is busy starting up its workers. Please try again in a few seconds.')), startupMs)
			slot.timer.unref()
		}
		;(job as Job & { started: number }).started = started
		slot.worker.postMessage({ id: job.id, task: job.task }, [...(job.transfer ?? [])])
		job.transfer = undefined
	}

	#startTimeLimit(slot: Slot, job: Job) {
		clearTimeout(slot.timer)
		slot.timer = setTimeout(() => {
			const seconds = job.timeoutMs / 1000
			this.#fail(
				slot,
				new JobFailure('timeout', 'VALIDATION_ERROR', `This input took too long to process (limit ${seconds} seconds) and was stopped. Try a smaller or simpler input.`, { limitSeconds: seconds }, 422),
			)
		}, job.timeoutMs)
		slot.timer.unref()
	}

	#onReply(slot: Slot, reply: WorkerReply) {
		const job = slot.job
		if (!job || reply.id !== job.id) return
		if ('started' in reply) {
			if (this.#options.startupMs !== undefined) this.#startTimeLimit(slot, job)
			return
		}
		if ('progress' in reply) {
			try {
				job.onProgress?.(reply.progress)
			} catch (error) {
				console.error('worker pool: a progress listener threw:', error)
			}
			return
		}
		clearTimeout(slot.timer)
		slot.job = null
		const started = (job as Job & { started?: number }).started ?? performance.now()
		this.#averageJobSeconds = this.#averageJobSeconds * 0.8 + ((performance.now() - started) / 1000) * 0.2
		if (reply.ok) this.#settle(job, null, reply.result)
		else this.#settle(job, this.#options.toError?.(reply.error) ?? new AppError('INTERNAL_ERROR'))
		this.#dispatch()
	}

	/** The job on `slot` fails; its worker is replaced (its state is unknown). */
	#fail(slot: Slot, error: AppError) {
		const job = slot.job
		slot.job = null
		void this.#retire(slot)
		if (job) this.#settle(job, error)
		this.#dispatch()
	}

	async #retire(slot: Slot, error?: AppError) {
		if (!this.#slots.delete(slot)) return
		clearTimeout(slot.timer)
		if (slot.job && error) this.#settle(slot.job, error)
		slot.job = null
		await slot.worker.terminate().catch(() => {})
	}

	#abort(job: Job) {
		const queued = this.#queue.indexOf(job)
		const failure = new JobFailure('aborted', 'VALIDATION_ERROR', 'The request was cancelled.', undefined, 499)
		if (queued !== -1) {
			this.#queue.splice(queued, 1)
			this.#settle(job, failure)
			return
		}
		for (const slot of this.#slots) {
			if (slot.job === job) {
				this.#fail(slot, failure)
				return
			}
		}
	}

	#settle(job: Job, error: unknown, result?: unknown) {
		if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort)
		if (error) job.reject(error)
		else job.resolve(result)
	}
}
