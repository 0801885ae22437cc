/**
 * Job processes (issue 30): each file conversion runs in a child process of
 * its own, one job at a time, so that what a hostile file costs is bounded
 * by the operating system, not by the parser's good behaviour.
 *
 * - **Memory**: the child's resident set (`/proc/<pid>/statm`: V8's heap,
 *   pdf.js's decoded streams, native buffers, everything) is read every
 *   MEMORY_POLL_MS; above the cap the child is killed (SIGKILL) and the job
 *   is a 422 "too large once decompressed". V8's own heap limit is set below
 *   the cap too, so a heap that grows slowly fails cleanly first.
 * - **Time**: a job that uses more processor time than its limit (read from
 *   `/proc/<pid>/stat`, so a loaded machine does not count against it), or
 *   four times it in wall-clock time and 30 s more, is killed: 422 "took
 *   longer than …". Loading the engines has its own limit (a cold child).
 * - **Fresh processes**: a killed child is gone; a child is retired after
 *   MAX_JOBS_PER_PROCESS jobs, and exits after IDLE_EXIT_MS without work.
 *
 * The child speaks `{ task }` → `{ started } | { progress } | { ok, result | error }`
 * over the IPC channel (structured clone: Uint8Arrays cross as they are).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { AppError } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'
import { type JobProgress, type SerializedJobError } from './tasks.ts'
import { JobFailure } from './worker-pool.server.ts'

export const MEMORY_POLL_MS = 25
/** A child is replaced after this many jobs (a slow leak in a library cannot build up). */
export const MAX_JOBS_PER_PROCESS = 50
/** An idle child exits after this long, so an idle site stays small. */
export const IDLE_EXIT_MS = 3 * 60 * 1000
/** Loading a job's engines in a cold child (pdf.js, pdf-lib, docx): its own limit, not the input's. */
export const STARTUP_LIMIT_MS = 60_000

const PAGE_SIZE = 4096
/** The job processes' niceness (0 normal, 19 lowest). */
const JOB_PROCESS_NICE = 10

export type ProcessEntry = { file: string; execArgv: Array<string> }

export type RunLimits = {
	/** The job's time limit once its engines are loaded. */
	timeoutMs: number
	/** Resident memory cap of the child, in MB. */
	memoryMb: number
}

export type RunInProcessOptions = RunLimits & {
	onProgress?: (progress: JobProgress) => void
	signal?: AbortSignal
}

export function memoryFailure(limitMb: number): JobFailure {
	return new JobFailure(
		'memory',
		'VALIDATION_ERROR',
		`This file is too large once decompressed: working on it needed more than ${formatBytes(limitMb * 1024 * 1024)} of memory, the limit for one job. Try a smaller or simpler file.`,
		{ reason: 'memory', limitMb },
		422,
	)
}

export function timeFailure(limitMs: number): JobFailure {
	return new JobFailure(
		'timeout',
		'VALIDATION_ERROR',
		`This job took longer than ${formatSeconds(limitMs)}, the limit for a file of this size. Try a smaller file or fewer pages.`,
		{ reason: 'timeout', limitMs },
		422,
	)
}

function formatSeconds(ms: number): string {
	const seconds = Math.round(ms / 1000)
	return seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`
}

/** Resident set size of a process in bytes, or null when it is gone (Linux /proc; elsewhere null). */
export function residentBytes(pid: number): number | null {
	try {
		const statm = readFileSync(`/proc/${pid}/statm`, 'latin1')
		const pages = Number(statm.split(' ')[1])
		return Number.isFinite(pages) ? pages * PAGE_SIZE : null
	} catch {
		return null
	}
}

/** Processor time (user and system) a process has used, in ms, or null when it is gone (Linux /proc). */
export function cpuMs(pid: number): number | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
		// Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		const ticks = Number(fields[11]) + Number(fields[12])
		return Number.isFinite(ticks) ? ticks * (1000 / CLOCK_TICKS) : null
	} catch {
		return null
	}
}

/** Linux's USER_HZ, the unit of /proc's times: 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100

/** The wall-clock limit beside a job's processor-time limit: room for a busy machine, not for a job that hangs. */
export function wallLimitMs(timeoutMs: number): number {
	return timeoutMs * 4 + 30_000
}

type Message =
	| { started: true }
	| { progress: JobProgress }
	| { ok: true; result: unknown }
	| { ok: false; error: SerializedJobError | null }

class JobProcess {
	readonly child: ChildProcess
	jobs = 0
	busy = false
	exited = false
	private idleTimer: NodeJS.Timeout | null = null

	constructor(entry: ProcessEntry, heapMb: number, onExit: (process: JobProcess) => void) {
		this.child = fork(entry.file, [], {
			execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
			serialization: 'advanced',
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
			env: { ...process.env, TOOLNEST_JOB_PROCESS: '1' },
		})
		this.child.on('exit', () => {
			this.exited = true
			this.clearIdle()
			onExit(this)
		})
		// A pipe error (the child died mid-send) is seen as its exit.
		this.child.on('error', () => {})
		// Below the web server's priority: pages stay quick while conversions fill every core.
		try {
			if (this.child.pid) os.setPriority(this.child.pid, JOB_PROCESS_NICE)
		} catch {
			// Not permitted here (some containers): the job runs at normal priority.
		}
	}

	idle(onIdle: () => void) {
		this.clearIdle()
		this.idleTimer = setTimeout(onIdle, IDLE_EXIT_MS)
		this.idleTimer.unref()
	}

	clearIdle() {
		if (this.idleTimer) clearTimeout(this.idleTimer)
		this.idleTimer = null
	}

	kill() {
		if (!this.exited) this.child.kill('SIGKILL')
	}
}

export type ProcessPoolOptions = {
	entry: ProcessEntry
	/** What a child sent back as an error, as an AppError (or null: a fault of ours → 500). */
	toError: (error: SerializedJobError | null) => AppError | null
}

/**
 * Children to run jobs in, started as needed: one per job running, kept
 * warm between jobs and retired when idle. The caller bounds how many jobs
 * run at once (the queue's slots); this pool never queues.
 */
export class ProcessPool {
	private readonly idleProcesses: Array<JobProcess> = []
	private readonly all = new Set<JobProcess>()
	private closed = false

	constructor(private readonly options: ProcessPoolOptions) {}

	get stats() {
		const pids = (list: Iterable<JobProcess>) => [...list].map((each) => each.child.pid ?? 0)
		return { processes: this.all.size, idle: this.idleProcesses.length, pids: pids(this.all), busyPids: pids([...this.all].filter((each) => each.busy)) }
	}

	private take(memoryMb: number): JobProcess {
		while (this.idleProcesses.length > 0) {
			const warm = this.idleProcesses.pop()!
			warm.clearIdle()
			if (!warm.exited) return warm
		}
		// V8's heap stops below the cap, so a heap that grows slowly fails with an error rather than a kill.
		const heapMb = Math.max(64, Math.floor(memoryMb * 0.75))
		const created = new JobProcess(this.options.entry, heapMb, (gone) => {
			this.all.delete(gone)
			const index = this.idleProcesses.indexOf(gone)
			if (index >= 0) this.idleProcesses.splice(index, 1)
		})
		this.all.add(created)
		return created
	}

	private give(jobProcess: JobProcess) {
		jobProcess.busy = false
		if (this.closed || jobProcess.exited || jobProcess.jobs >= MAX_JOBS_PER_PROCESS) {
			jobProcess.kill()
			return
		}
		this.idleProcesses.push(jobProcess)
		jobProcess.idle(() => {
			const index = this.idleProcesses.indexOf(jobProcess)
			if (index >= 0) this.idleProcesses.splice(index, 1)
			jobProcess.kill()
		})
	}

	/** Runs one task in a child; rejects with the job's AppError, or a JobFailure when the pool stopped it. */
	run<Result>(task: { kind: string }, { timeoutMs, memoryMb, onProgress, signal }: RunInProcessOptions): Promise<Result> {
		if (this.closed) return Promise.reject(new JobFailure('aborted', 'SERVICE_UNAVAILABLE', 'The server is shutting down.', { retryAfter: 5 }))
		if (signal?.aborted) return Promise.reject(aborted())
		const jobProcess = this.take(memoryMb)
		jobProcess.busy = true
		jobProcess.jobs += 1
		const { child } = jobProcess
		const capBytes = memoryMb * 1024 * 1024

		return new Promise<Result>((resolve, reject) => {
			let settled = false
			let limitTimer: NodeJS.Timeout | null = null
			let failure: JobFailure | null = null

			const finish = (outcome: () => void, reuse: boolean) => {
				if (settled) return
				settled = true
				clearInterval(watch)
				if (limitTimer) clearTimeout(limitTimer)
				signal?.removeEventListener('abort', onAbort)
				child.off('message', onMessage)
				child.off('exit', onExit)
				if (reuse) this.give(jobProcess)
				else jobProcess.kill()
				outcome()
			}
			const stop = (why: JobFailure) => {
				failure = why
				jobProcess.kill()
				// Settled at once: the kill is certain, and its exit may come later on a busy machine.
				finish(() => reject(why), false)
			}
			const startLimit = (ms: number, why: () => JobFailure) => {
				if (limitTimer) clearTimeout(limitTimer)
				limitTimer = setTimeout(() => stop(why()), ms)
			}

			// The job's time is the processor time it used (its work, whatever else the machine is doing),
			// with a wall-clock limit as well for a job that waits instead of working.
			let cpuAtStart: number | null = null
			const watch = setInterval(() => {
				if (!child.pid) return
				const rss = residentBytes(child.pid)
				if (rss !== null && rss > capBytes) return stop(memoryFailure(memoryMb))
				if (cpuAtStart === null) return
				const cpu = cpuMs(child.pid)
				if (cpu !== null && cpu - cpuAtStart > timeoutMs) stop(timeFailure(timeoutMs))
			}, MEMORY_POLL_MS)

			const onAbort = () => stop(aborted())
			signal?.addEventListener('abort', onAbort, { once: true })

			const onExit = (code: number | null, signalName: NodeJS.Signals | null) => {
				if (failure) return
				// Out of V8 heap (the child's own limit below the cap) is the input's size, as the watch says.
				const heapExhausted = code === 134 || code === 133
				finish(
					() =>
						reject(
							heapExhausted
								? memoryFailure(memoryMb)
								: new JobFailure('crashed', 'INTERNAL_ERROR', 'The process running this job stopped unexpectedly.', { exitCode: code, signal: signalName }, 500),
						),
					false,
				)
			}
			const onMessage = (message: Message) => {
				if ('started' in message) {
					cpuAtStart = child.pid ? (cpuMs(child.pid) ?? 0) : 0
					startLimit(wallLimitMs(timeoutMs), () => timeFailure(timeoutMs))
				} else if ('progress' in message) {
					onProgress?.(message.progress)
				} else if (message.ok) {
					finish(() => resolve(message.result as Result), true)
				} else {
					const error = this.options.toError(message.error)
					finish(() => reject(error ?? new AppError('INTERNAL_ERROR', 'Something went wrong on our side while processing this file.')), true)
				}
			}
			child.on('message', onMessage)
			child.on('exit', onExit)
			startLimit(STARTUP_LIMIT_MS, () => new JobFailure('timeout', 'SERVICE_UNAVAILABLE', 'The server is busy; try again in a moment.', { retryAfter: 5, reason: 'startup' }))
			child.send({ task }, (error) => {
				if (error && !settled) finish(() => reject(new JobFailure('crashed', 'INTERNAL_ERROR', 'The process running this job stopped unexpectedly.', { reason: 'send' }, 500)), false)
			})
		})
	}

	/** Stops every child (shutdown). */
	async close(): Promise<void> {
		this.closed = true
		for (const each of this.all) each.kill()
		this.idleProcesses.length = 0
	}
}

function aborted(): JobFailure {
	return new JobFailure('aborted', 'VALIDATION_ERROR', 'The job was cancelled.', { reason: 'cancelled' }, 499)
}
