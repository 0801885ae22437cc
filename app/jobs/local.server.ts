/**
 * This process's job runner, if it runs one: the web server (WORKERS slots,
 * default one per core; WORKERS=0 only enqueues) and `npm run worker`
 * configure it at start with the job kinds (app/job-kinds.server.ts); it
 * starts with the first job sent here, or at once when asked.
 */
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { type ProcessEntry } from './processes.server.ts'
import { JobRunner, type RunnerOptions } from './runner.server.ts'

/**
 * The job process's script: production's server sets JOB_PROCESS_ENTRY to the
 * bundled build/job-process.js; from source (tests, `npm run dev`) the
 * TypeScript entry runs through tsx.
 */
export function jobProcessEntry(): ProcessEntry {
	const built = process.env.JOB_PROCESS_ENTRY
	if (built) return { file: built, execArgv: [] }
	return { file: fileURLToPath(new URL('../../server/workers/job-process.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
}

/** Job slots for this process: WORKERS if set, else one per core (at least one). */
export function defaultSlots(workers: number | undefined): number {
	return workers ?? Math.max(1, os.availableParallelism())
}

const KEY = Symbol.for('toolnest.jobRunner')
type Holder = { options: RunnerOptions; runner?: Promise<JobRunner> }
type Global = typeof globalThis & { [KEY]?: Holder }

export function configureJobRunner(options: RunnerOptions): void {
	const shared = globalThis as Global
	if (shared[KEY]?.runner) return
	shared[KEY] = { options }
}

/** Starts the configured runner (once); null when none is configured or it has no slots. */
export function ensureJobRunner(): Promise<JobRunner | null> {
	const holder = (globalThis as Global)[KEY]
	if (!holder || holder.options.slots < 1) return Promise.resolve(null)
	holder.runner ??= (async () => {
		const runner = new JobRunner(holder.options)
		await runner.start()
		return runner
	})()
	holder.runner.catch(() => {
		delete holder.runner
	})
	return holder.runner
}

export async function stopJobRunner(): Promise<void> {
	const holder = (globalThis as Global)[KEY]
	const runner = await holder?.runner?.catch(() => null)
	if (holder) delete holder.runner
	await runner?.stop()
}
