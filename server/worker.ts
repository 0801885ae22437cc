/**
 * `npm run worker`: a job runner alone (issue 30), against DATABASE_URL, on
 * this machine or another: it takes conversions from the queue and runs
 * each in a job process of its own, WORKERS at once (default one per core).
 * A web server with WORKERS=0 only enqueues them. SIGTERM/SIGINT: stop
 * taking jobs; the ones running are killed and run again elsewhere.
 */
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { getEnv } from '#app/utils/env.server.ts'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { startJobs, stopJobs } from '#app/job-kinds.server.ts'
import { startDatabase, describeUrl } from './db/database.server.ts'
import { installCrashGuard } from './crash-guard.ts'

installCrashGuard()
const env = getEnv()
if (!process.env.DATABASE_URL?.trim()) {
	console.error(
		'Not starting: `npm run worker` needs DATABASE_URL (a PostgreSQL server the web servers share). With the embedded database, `npm start` runs the jobs itself.',
	)
	process.exit(1)
}
if (import.meta.url.endsWith('.js')) process.env.JOB_PROCESS_ENTRY ??= fileURLToPath(new URL('./job-process.js', import.meta.url))
const database = await startDatabase()
const slots = Math.max(1, env.WORKERS ?? os.availableParallelism())
await startJobs(slots)
console.log(`Worker: running up to ${slots} job(s) at once from ${describeUrl(database.url)}`)

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: stopping the worker`)
	await stopJobs().catch(() => {})
	await disconnectPrisma().catch(() => {})
	await database.stop()
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
