/**
 * The Express app around Remix (DESIGN.md decision 1): security headers with
 * the CSP nonce, URL guards, compression, static assets with long-lived cache
 * headers, one log line per request, then Remix.
 */
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { precompressedAssets } from './precompressed.ts'
import { rejectBadUrls, requestLogger, sendError } from './request-guards.ts'
import { securityHeaders } from './security-headers.ts'

export type AppOptions = {
	mode: 'production' | 'development'
	/** The Remix server build, or a loader for it (Vite's in development). */
	build: ServerBuild | (() => Promise<ServerBuild>)
	/** Vite's dev middleware, in development. */
	viteMiddleware?: express.RequestHandler
	clientDir?: string
	https: boolean
	logRequests: boolean
	/** True while shutting down: responses ask clients to close keep-alive connections. */
	isShuttingDown?: () => boolean
}

export function createApp(options: AppOptions) {
	const app = express()
	app.disable('x-powered-by')
	// Behind a proxy, TRUST_PROXY names how many hops to trust; the Host header
	// is never used to build URLs (SITE_URL is).
	const trustProxy = process.env.TRUST_PROXY
	if (trustProxy) app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy)

	app.use((_req, res, next) => {
		if (options.isShuttingDown?.()) res.setHeader('Connection', 'close')
		next()
	})
	app.use(requestLogger(options.logRequests))
	app.use(securityHeaders({ dev: options.mode === 'development', https: options.https }))
	app.use(rejectBadUrls)
	if (options.viteMiddleware) {
		app.use(compression())
		app.use(options.viteMiddleware)
	} else {
		const clientDir = options.clientDir ?? path.resolve('build/client')
		// Hashed assets never change: cache them for a year, compressed once at build time.
		app.use('/assets', precompressedAssets(path.join(clientDir, 'assets')))
		app.use(compression())
		app.use(
			'/assets',
			express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
		)
		app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }))
	}

	const remixHandler = createRequestHandler({
		build: options.build,
		mode: options.mode,
		getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce ?? '') }),
	})
	// Counted until the handler itself is done (not when the socket closes: a
	// client that went away leaves its loader running), so shutdown can wait
	// for every request before it closes the database.
	let inFlight = 0
	app.all('*', async (req, res, next) => {
		inFlight++
		try {
			await remixHandler(req, res, next)
		} finally {
			inFlight--
		}
	})

	// Last resort: anything thrown outside Remix becomes a generic JSON 500.
	app.use(((error, _req, res, _next) => {
		console.error(error)
		sendError(res, 500, 'INTERNAL_ERROR', 'Internal server error')
	}) as express.ErrorRequestHandler)

	return Object.assign(app, { inFlight: () => inFlight })
}
