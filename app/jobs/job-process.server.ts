/**
 * Inside a job process (processes.server.ts): runs each task it is sent
 * with the handler its `kind` names in the table the entry hands over
 * (server/workers/job-process.ts, from app/job-kinds.server.ts), one at a
 * time, and answers over the IPC channel. It exits when its parent goes
 * away: a runner killed with `kill -9` leaves no process behind.
 */
import { type JobHandler, type JobTable, type JobTask, type SerializedJobError, throttledProgress } from './tasks.ts'

export function serveJobs(table: JobTable, serializeError: (error: unknown) => SerializedJobError | null): void {
	const send = (message: unknown) => {
		process.send?.(message)
	}
	process.on('disconnect', () => process.exit(0))
	process.on('message', async ({ task }: { task: JobTask }) => {
		try {
			const handler = table[task.kind] as JobHandler | undefined
			if (!handler) throw new Error(`No job handler for ${task.kind}`)
			let reported = false
			const started = () => {
				if (!reported) send({ started: true })
				reported = true
			}
			const progress = throttledProgress((update) => send({ progress: update }))
			const result = await handler(task, { started, progress })
			send({ ok: true, result })
		} catch (error) {
			const known = serializeError(error)
			// Faults of ours are logged here (the message only, never the input) and answer 500.
			if (!known) console.error(`job process: ${task.kind} failed:`, error instanceof Error ? error.stack : error)
			send({ ok: false, error: known })
		}
	})
}
