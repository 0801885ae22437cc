/**
 * The server: starts the database (embedded PGlite unless DATABASE_URL is
 * set), applies migrations, serves the app, and shuts down cleanly on
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the
 * database (PGlite checkpoints), exit 0.
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { purgeExpiredRateLimits } from '#app/site/rate-limit.server.ts'
import { purgeExpiredFiles } from '#app/files/files.server.ts'
import { purgeExpiredSessions } from '#app/accounts/session.server.ts'
import { bootstrapAdminFromEnv } from '#app/accounts/user.server.ts'
import type { startStalePostRerender } from '#app/blog/post-rerender.server.ts'
import { startDatabase } from './db/database.server.ts'
import { DatabaseLockedError } from './db/embedded.server.ts'
import { createApp } from './app.ts'
import { installCrashGuard } from './crash-guard.ts'
import { answerClientErrors } from './request-guards.ts'

installCrashGuard()

// One reading of the environment, with the app's defaults (SITE_URL: http://localhost:$PORT).
// It comes before startDatabase(): the session secret is kept in DATA_DIR only
// when DATABASE_URL was not set at start (app/utils/session-secret.server.ts).
const env = getEnv()
const mode = env.NODE_ENV === 'production' ? 'production' : 'development'
const { PORT: port, SITE_URL: siteUrl, HOST: host, SHUTDOWN_GRACE_MS } = env

if (env.MOCKS) {
	// Tests and offline development only: MSW answers Google's APIs in this
	// process (tests/mocks). The production build has it as build/mocks.js.
	const mocks = mode === 'production' ? './mocks.js' : '../tests/mocks/index.ts'
	await import(new URL(mocks, import.meta.url).href)
}

const database = await startDatabase().catch((error: unknown) => {
	// Another server holds DATA_DIR: an operator's mistake, said in one line (not a crash's stack).
	if (!(error instanceof DatabaseLockedError)) throw error
	console.error(`Not starting: ${error.message}`)
	process.exit(1)
})
await bootstrapAdminFromEnv(env)

// Expired sessions and spent rate-limit counters are refused anyway; this
// keeps their tables small. Hourly, and once at start.
const HOUR = 60 * 60 * 1000
async function sweep() {
	try {
		const removed = (await purgeExpiredSessions()) + (await purgeExpiredRateLimits()) + (await purgeExpiredFiles())
		if (removed > 0) console.log(`Removed ${removed} expired session(s), rate-limit counter(s) and stored file(s).`)
	} catch (error) {
		console.error('Sweeping expired sessions failed:', error instanceof Error ? error.message : error)
	}
}
const sweeper = setInterval(() => void sweep(), HOUR)
sweeper.unref()
void sweep()

let shuttingDown = false
let build: ServerBuild | (() => Promise<ServerBuild>)
let viteMiddleware
let closeVite: (() => Promise<void>) | undefined
if (mode === 'development') {
	const vite = await import('vite')
	const viteServer = await vite.createServer({ server: { middlewareMode: true } })
	viteMiddleware = viteServer.middlewares
	build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
	closeVite = () => viteServer.close()
} else {
	build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild
	// The tool worker pool (app/jobs/pool.server.ts) runs the bundled worker beside this file, and job processes theirs.
	process.env.TOOL_WORKER_ENTRY ??= fileURLToPath(new URL('./tool-worker.js', import.meta.url))
	process.env.JOB_PROCESS_ENTRY ??= fileURLToPath(new URL('./job-process.js', import.meta.url))
}

const app = createApp({
	mode,
	build,
	viteMiddleware,
	https: siteUrl.startsWith('https:'),
	siteOrigin: new URL(siteUrl).origin,
	logRequests: env.LOG_REQUESTS,
	isShuttingDown: () => shuttingDown,
	pageCacheMs: env.PAGE_CACHE_MS,
})

const server = app.listen(port, host, () => {
	console.log(`Serving ${siteUrl} (${mode}, listening on ${host}:${port})`)
})

// Posts whose stored HTML an older renderer made get the current one's, in
// the background (the site serves the stored HTML meanwhile). Taken from the
// Remix build (app/entry.server.tsx re-exports it), not imported here: this
// bundle would get its own copy of the job pool's classes and the blog
// renderer's modules, and the build's copy is the one requests use.
const rerenderAbort = new AbortController()
void (async () => {
	try {
		const loaded = typeof build === 'function' ? await build() : build
		const entry = loaded.entry.module as { startStalePostRerender?: typeof startStalePostRerender }
		await entry.startStalePostRerender?.({ signal: rerenderAbort.signal })
	} catch (error) {
		console.error('Re-rendering blog posts could not start:', error instanceof Error ? error.message : error)
	}
})()
// Conversions are durable jobs (issue 30): this server runs WORKERS of them at once (default one per
// core; 0: it only enqueues, and `npm run worker` runs them). Started at once, so jobs left waiting
// by a restart run now. Through the Remix build, as above: requests and the runner share its modules.
type JobsEntry = { startJobs?: (slots: number) => Promise<void>; stopJobs?: () => Promise<void> }
const jobSlots = env.WORKERS ?? Math.max(1, os.availableParallelism())
const jobsEntry = (async () => {
	const loaded = typeof build === 'function' ? await build() : build
	return loaded.entry.module as JobsEntry
})()
void jobsEntry
	.then(async (entry) => {
		await entry.startJobs?.(jobSlots)
		console.log(jobSlots > 0 ? `Jobs: running up to ${jobSlots} at once here` : 'Jobs: WORKERS=0, this server only enqueues (run `npm run worker`)')
	})
	.catch((error: unknown) => console.error('The job runner could not start:', error instanceof Error ? error.message : error))
answerClientErrors(server)
// Slow clients cannot hold a connection forever.
server.headersTimeout = 20_000
server.requestTimeout = 120_000

async function shutdown(signal: string) {
	if (shuttingDown) return
	shuttingDown = true
	clearInterval(sweeper)
	rerenderAbort.abort()
	console.log(`${signal}: finishing in-flight requests, then closing the database`)
	const closed = new Promise<void>((resolve) => server.close(() => resolve()))
	server.closeIdleConnections()
	const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
	force.unref()
	await closed
	// Sockets can be gone while their loaders still run: wait for those too.
	const deadline = Date.now() + SHUTDOWN_GRACE_MS
	while (app.inFlight() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
	clearTimeout(force)
	try {
		await (await jobsEntry).stopJobs?.()
	} catch (error) {
		console.error('Stopping the job runner failed:', error instanceof Error ? error.message : error)
	}
	await closeVite?.()
	try {
		await disconnectPrisma()
		await database.stop()
		console.log('Database closed. Bye.')
		process.exit(0)
	} catch (error) {
		console.error('Closing the database failed:', error)
		process.exit(1)
	}
}

process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
