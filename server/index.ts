/**
 * The server: starts the database (embedded PGlite unless DATABASE_URL is
 * set), applies migrations, serves the app, and shuts down cleanly on
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the
 * database (PGlite checkpoints), exit 0.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { startDatabase } from './db/database.server.ts'
import { createApp } from './app.ts'

const mode = process.env.NODE_ENV === 'production' ? 'production' : 'development'
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)

const database = await startDatabase()

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
}

const app = createApp({
	mode,
	build,
	viteMiddleware,
	https: siteUrl.startsWith('https:'),
	siteOrigin: new URL(siteUrl).origin,
	logRequests: process.env.LOG_REQUESTS !== '0',
	isShuttingDown: () => shuttingDown,
	pageCacheMs: Number(process.env.PAGE_CACHE_MS ?? 1_000),
})

const server = app.listen(port, host, () => {
	console.log(`Serving ${siteUrl} (${mode}, listening on ${host}:${port})`)
})
// Slow clients cannot hold a connection forever.
server.headersTimeout = 20_000
server.requestTimeout = 120_000

async function shutdown(signal: string) {
	if (shuttingDown) return
	shuttingDown = true
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
