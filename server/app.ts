/**
 * The Express app around Remix (DESIGN.md decision 1): security headers with
 * the CSP nonce, URL guards, compression, static assets with long-lived cache
 * headers, one log line per request, then Remix, through the page cache.
 * It adapts Express to Remix's web Request/Response itself (as
 * @remix-run/express does) because the page cache needs the Response.
 */
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { createRequest, sendResponse } from '@remix-run/node-fetch-server'
import compression from 'compression'
import express from 'express'
import { getEnv } from '#app/utils/env.server.ts'
import { jsonError } from '#app/utils/errors.server.ts'
import { AppError, codeForStatus, ERROR_CATALOGUE } from '#app/utils/errors.ts'
import {
	anonymousPreferences,
	type CachedPage,
	createPageCache,
	encodedBody,
	etagFor,
	isPublicResponse,
	isRevalidatable,
	matchesIfNoneMatch,
	policyWithHashes,
	sealPage,
	withNonce,
} from './page-cache.ts'
import { pdfjsAssets } from './pdfjs-assets.ts'
import { assetContentType, hashedAssetsFastPath, precompressedAssets } from './precompressed.ts'
import { lingerAfterEarlyAnswer, redirectToHttps, rejectBadUrls, rejectCrossSiteWrites, requestLogger, sendError } from './request-guards.ts'
import { allowsWasm, contentSecurityPolicy, createNonce, type CspOptions, fixedSecurityHeaders, securityHeaders } from './security-headers.ts'
import { serverTiming } from './server-timing.ts'

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
	/** SITE_URL's origin: the one origin allowed to post to us besides the Host's own. */
	siteOrigin: string
	/** How long anonymous pages are cached (0: never). */
	pageCacheMs: number
}

export function createApp(options: AppOptions) {
	const app = express()
	app.disable('x-powered-by')
	// Behind a proxy, TRUST_PROXY names how many hops to trust; the Host header
	// is never used to build URLs (SITE_URL is).
	const env = getEnv()
	const trustProxy = env.TRUST_PROXY
	if (trustProxy) app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy)

	app.use((_req, res, next) => {
		if (options.isShuttingDown?.()) res.setHeader('Connection', 'close')
		next()
	})
	app.use(requestLogger(options.logRequests))
	app.use(serverTiming())
	app.use(lingerAfterEarlyAnswer)
	const cspOptions = {
		dev: options.mode === 'development',
		https: options.https,
		// The Google button's POST answers with a redirect to Google's consent page.
		formActionOrigins: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? ['https://accounts.google.com'] : [],
	}
	app.use(securityHeaders(cspOptions))
	app.use(rejectBadUrls)
	// Only a trusted proxy can tell us the client used plain HTTP.
	if (trustProxy && options.https) app.use(redirectToHttps(options.siteOrigin))
	app.use(rejectCrossSiteWrites(options.siteOrigin))
	// The PDF viewer's fonts, character maps and decoders (versioned paths, cached for a year).
	app.use('/pdfjs', compress(), pdfjsAssets())
	if (options.viteMiddleware) {
		app.use(compress())
		app.use(options.viteMiddleware)
	} else {
		const clientDir = options.clientDir ?? path.resolve('build/client')
		// Hashed assets never change: cache them for a year, compressed once at build time.
		app.use('/assets', precompressedAssets(path.join(clientDir, 'assets')))
		app.use(compress())
		app.use(
			'/assets',
			express.static(path.join(clientDir, 'assets'), {
				immutable: true,
				maxAge: '1y',
				index: false,
				redirect: false,
				// The type the precompressed variants and the fast path give (text/javascript, RFC 9239).
				setHeaders: (res, file) => {
					const type = assetContentType(file)
					if (type) res.setHeader('Content-Type', type)
				},
			}),
		)
		// The few files at the build's root (favicon, icons): looked up only for their own names. A page URL
		// going through express.static cost a stat and a 404 error object with a stack trace each time
		// (about a fifth of the CPU of serving a cached page, issue 17).
		const rootFiles = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
		const rootNames = filesAtRoot(clientDir)
		app.use((req, res, next) => (rootNames.has(req.path.slice(1)) ? rootFiles(req, res, next) : next()))
	}

	const handleRequest = createRequestHandler(options.build, options.mode)
	const pageCache = createPageCache({ ttlMs: options.mode === 'production' ? options.pageCacheMs : 0 })

	// Counted until the handler itself is done (not when the socket closes: a
	// client that went away leaves its loader running), so shutdown can wait
	// for every request before it closes the database.
	let inFlight = 0
	app.all('*', async (req, res, next) => {
		inFlight++
		try {
			const nonce = String(res.locals.cspNonce ?? '')
			// Only an anonymous GET or HEAD may get (or revalidate) a page every reader shares.
			const anonymous = anonymousPreferences(req) !== null
			const key = pageCache.keyFor(req)
			const slot = key ? await pageCache.lookup(key) : null
			if (slot && 'page' in slot) {
				sendCachedPage(req, res, slot.page, nonce)
				return
			}
			let request: Request
			try {
				request = toWebRequest(req, res)
			} catch {
				// A request target Fetch cannot represent (e.g. absolute-form "http://other/x").
				slot?.store(null)
				sendError(res, 400, 'VALIDATION_ERROR', 'Malformed request target')
				return
			}
			let response: Response
			try {
				response = catalogueRemixError(req.method, await handleRequest(request, { cspNonce: nonce, clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown' }))
			} catch (error) {
				slot?.store(null)
				throw error
			}
			// A personal request never gets an answer shared caches may keep.
			if (!anonymous && isPublicResponse(response)) response.headers.set('Cache-Control', 'private, no-cache')
			const revalidatable = anonymous && isRevalidatable(response)
			const cacheable = slot !== null && pageCache.isCacheable(response)
			if (cacheable || revalidatable) {
				const body = await response.text().catch((error: unknown) => {
					slot?.store(null)
					throw error
				})
				const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'etag')
				if (slot && cacheable) {
					// The same bytes for every reader from now on: hashes in the policy, compressed once.
					const sealed = sealPage(body, nonce)
					const page = { status: response.status, headers, nonce, ...sealed, etag: revalidatable ? etagFor(sealed.body, nonce) : undefined }
					slot.store(page)
					sendCachedPage(req, res, { ...page, expires: 0 }, nonce)
					return
				}
				slot?.store(null)
				sendPage(req, res, response.status, headers, body, revalidatable ? etagFor(body, nonce) : undefined)
				return
			}
			slot?.store(null)
			await sendWebResponse(res, response)
		} catch (error) {
			next(error)
		} finally {
			inFlight--
		}
	})

	// Last resort: anything thrown outside Remix becomes a generic JSON 500.
	app.use(((error, _req, res, _next) => {
		// A client that went away aborts its request: nothing to log, nobody to answer.
		if (res.destroyed || (error instanceof Error && error.name === 'AbortError')) return
		console.error(`${String(res.locals.requestId ?? '-')} request failed:`, error)
		if (res.headersSent) res.destroy()
		else sendError(res, 500, 'INTERNAL_ERROR', 'Internal server error')
	}) as express.ErrorRequestHandler)

	/**
	 * A sealed page in the cache goes out straight from Node's request event:
	 * the same bytes and headers the Express chain would send (its guards
	 * depend on the URL alone, and this URL already passed them to be
	 * cached), without the chain's cost, which was most of the time of
	 * serving a cached page (issue 17). Anything else, a revalidation, a
	 * shutdown or a proxy that may need a redirect to HTTPS goes through
	 * Express.
	 */
	const fixedHeaders = fixedSecurityHeaders(options.https)
	const serveFromCache = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
		if (req.method !== 'GET' || options.isShuttingDown?.() || (trustProxy && options.https) || req.headers['if-none-match']) return false
		const url = req.url ?? '/'
		const key = pageCache.keyFor({ method: 'GET', originalUrl: url, headers: req.headers } as express.Request)
		const page = key ? pageCache.get(key) : null
		if (!page?.scriptHashes) return false
		const started = options.logRequests ? process.hrtime.bigint() : 0n
		const encoded = encodedBody(page, String(req.headers['accept-encoding'] ?? ''))
		page.fastHeaders ??= fastPathHeaders(page, url, cspOptions, fixedHeaders)
		const id = randomUUID()
		const body = encoded?.body ?? ((page.encoded ??= {}).identity ??= Buffer.from(page.body))
		const headers = [
			'X-Request-Id',
			id,
			...page.fastHeaders,
			...(encoded ? ['Content-Encoding', encoded.encoding] : []),
			'Content-Length',
			String(body.length),
		]
		res.writeHead(page.status, headers)
		res.end(body)
		if (options.logRequests) {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			console.log(`${id} GET ${url.split('?')[0]?.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200)} ${page.status} ${ms.toFixed(1)}ms ${body.length}`)
		}
		return true
	}
	// Hashed assets, likewise (server/precompressed.ts), with the headers the Express chain gives them.
	const assetsFastPath = options.viteMiddleware ? null : hashedAssetsFastPath(path.join(options.clientDir ?? path.resolve('build/client'), 'assets'))
	const serveAsset = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
		// Pages are most requests: no request id or clock read until the URL can be an asset.
		if (!assetsFastPath || !req.url?.startsWith('/assets/') || options.isShuttingDown?.() || (trustProxy && options.https)) return false
		const id = randomUUID()
		const started = process.hrtime.bigint()
		const length = assetsFastPath(req, res, (urlPath) => [
			['X-Request-Id', id],
			['Content-Security-Policy', contentSecurityPolicy(createNonce(), { ...cspOptions, wasm: allowsWasm(urlPath) })],
			...fixedHeaders,
		])
		if (length !== null && options.logRequests) {
			res.on('finish', () => {
				const ms = Number(process.hrtime.bigint() - started) / 1e6
				console.log(`${id} ${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms ${length}`)
			})
		}
		return length !== null
	}
	// (Not named `handle`: that is Express's own entry point.)
	const nodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
		if (!serveAsset(req, res) && !serveFromCache(req, res)) app(req, res)
	}
	// `listen` as Express's, with the cache in front.
	const listen = ((...args: Array<unknown>) => http.createServer(nodeHandler).listen(...(args as Parameters<http.Server['listen']>))) as typeof app.listen
	return Object.assign(app, { inFlight: () => inFlight, listen, nodeHandler })
}

/** A sealed page's headers for the fast path, made once per cached copy (as a flat name, value list). */
function fastPathHeaders(page: CachedPage, url: string, cspOptions: Omit<CspOptions, 'wasm'>, fixed: Array<[string, string]>): Array<string> {
	const path = url.split('?')[0] ?? '/'
	const placeholder = 'n'
	const policy = policyWithHashes(contentSecurityPolicy(placeholder, { ...cspOptions, wasm: allowsWasm(path) }), placeholder, page.scriptHashes ?? '')
	const flat: Array<string> = ['Content-Security-Policy', policy]
	for (const [name, value] of fixed) flat.push(name, value)
	let vary = false
	for (const [name, value] of page.headers) {
		if (name.toLowerCase() === 'vary') {
			vary = true
			flat.push(name, `${value}, Accept-Encoding`)
		} else flat.push(name, value)
	}
	if (!vary) flat.push('Vary', 'Accept-Encoding')
	if (page.etag) flat.push('ETag', page.etag)
	return flat
}

/**
 * What is compressed per response (pages rendered for one reader, API
 * answers): Brotli at quality 3 rather than the middleware's 4. On a 63 KB
 * tool page it is 0.23 ms against 0.53 ms for 5 % more bytes (12.1 KB against
 * 11.5 KB), on a page that costs about 5 ms of CPU in all (issue 17). Cached
 * pages are compressed once, at quality 5 (page-cache.ts); hashed assets at
 * build time, at 11.
 */
function compress() {
	return compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } })
}

/** The names of the files directly in `dir` (none when it does not exist). */
function filesAtRoot(dir: string): Set<string> {
	try {
		return new Set(readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name))
	} catch {
		return new Set()
	}
}

/**
 * The web Request Remix expects, made by @remix-run/node-fetch-server (the
 * Remix team's Node↔Fetch conversion: backpressure, and a body that a
 * handler may cancel, refuse or abandon without anything throwing outside
 * the handler). The URL's origin is never used to build links (SITE_URL
 * is); a Host header that is not a plain host[:port] (e.g.
 * "example.com:evil", CVE-2025-31137's shape) does not reach it; the
 * signal aborts loaders when the client goes away before the response is
 * done.
 */
function toWebRequest(req: express.Request, res: express.Response): Request {
	const host = req.get('host') ?? ''
	const safeHost = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host) ? host : 'localhost'
	// req.url is the path as sent ("//evil.example" stays a path on our host).
	return createRequest(req, res, { host: safeHost, protocol: `${req.protocol}:` })
}

/**
 * A buffered page: 304 with no body when the request's If-None-Match names
 * its ETag (and no Content-Security-Policy: the browser keeps the page it
 * has with that page's own policy), otherwise the page with its ETag.
 */
function sendPage(req: express.Request, res: express.Response, status: number, headers: Array<[string, string]>, body: string, etag: string | undefined) {
	if (etag && matchesIfNoneMatch(req.get('If-None-Match'), etag)) {
		res.status(304)
		res.removeHeader('Content-Security-Policy')
		for (const [name, value] of headers) {
			if (NOT_MODIFIED_HEADERS.has(name.toLowerCase())) setResponseHeader(res, name, value)
		}
		res.setHeader('ETag', etag)
		res.end()
		return
	}
	res.status(status)
	for (const [name, value] of headers) setResponseHeader(res, name, value)
	// Without one, Express adds its own (of the body with its nonce, so it never matches).
	if (etag) res.setHeader('ETag', etag)
	res.send(body)
}

/**
 * A page from the cache. A sealed one (script hashes, no nonce) goes out as
 * stored, compressed once per copy in the encoding the client prefers; the
 * compression middleware leaves an encoded body alone. Any other gets this
 * response's nonce.
 */
function sendCachedPage(req: express.Request, res: express.Response, page: CachedPage, nonce: string) {
	if (!page.scriptHashes) {
		sendPage(req, res, page.status, page.headers, withNonce(page, nonce), page.etag)
		return
	}
	const policy = res.getHeader('Content-Security-Policy')
	if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policyWithHashes(policy, nonce, page.scriptHashes))
	if (page.etag && matchesIfNoneMatch(req.get('If-None-Match'), page.etag)) {
		sendPage(req, res, page.status, page.headers, '', page.etag)
		return
	}
	const encoded = encodedBody(page, String(req.headers['accept-encoding'] ?? ''))
	if (!encoded) {
		sendPage(req, res, page.status, page.headers, page.body, page.etag)
		return
	}
	res.status(page.status)
	for (const [name, value] of page.headers) setResponseHeader(res, name, value)
	res.vary('Accept-Encoding')
	res.setHeader('Content-Encoding', encoded.encoding)
	res.setHeader('Content-Length', encoded.body.length)
	if (page.etag) res.setHeader('ETag', page.etag)
	if (req.method === 'HEAD') res.end()
	else res.end(encoded.body)
}

/** What a 304 repeats of the full response (RFC 9110 15.4.5). */
const NOT_MODIFIED_HEADERS = new Set(['cache-control', 'vary', 'expires', 'content-location'])

/**
 * Remix answers a resource route's own failures with `X-Remix-Error: yes` and
 * a bare `{"message":"Unexpected Server Error"}` whatever the status: a POST
 * (PUT, DELETE…) to a route that has no action (/healthz, /sitemap.xml,
 * /files/<id>…) is a 405 saying "Unexpected Server Error", with no `Allow`;
 * a loader that throws is a text/plain 500 saying the same. Those become the catalogue's
 * `{ message, status, code }` for their status (the log already has the
 * error, from handleError). Document and data requests have their own error
 * answers (the error page, turbo-stream) and do not carry this header.
 */
export function catalogueRemixError(method: string, response: Response): Response {
	const remixError = response.headers.get('X-Remix-Error') === 'yes' && response.headers.get('Content-Type')?.includes('application/json')
	// Its last resort (a resource route's loader or action that throws): a bare text/plain 500.
	const lastResort = response.status === 500 && response.headers.get('Content-Type') === 'text/plain'
	if (!remixError && !lastResort) return response
	void response.body?.cancel().catch(() => {})
	const { status } = response
	const code = codeForStatus(status)
	const known = Object.values(ERROR_CATALOGUE).some((entry) => entry.status === status)
	if (status === 405 && method !== 'GET' && method !== 'HEAD') {
		// Remix's 405: the route has a loader and no action.
		const allowed = ['GET', 'HEAD']
		return jsonError(new AppError('METHOD_NOT_ALLOWED', `Method not allowed (use ${allowed.join(' or ')})`).toJSON(), { headers: { Allow: allowed.join(', ') } })
	}
	const message = known ? ERROR_CATALOGUE[code].message : response.statusText || ERROR_CATALOGUE.INTERNAL_ERROR.message
	return jsonError(new AppError(code, message, undefined, status).toJSON())
}

/**
 * A header of the app's response: it replaces the security middleware's
 * default of the same name (a stored file's own sandboxing CSP and
 * Cross-Origin-Resource-Policy, not the page's appended to it); only
 * Set-Cookie may come several times.
 */
function setResponseHeader(res: express.Response, name: string, value: string) {
	if (name.toLowerCase() === 'set-cookie') res.append(name, value)
	else res.setHeader(name, value)
}

async function sendWebResponse(res: express.Response, response: Response) {
	await sendResponse(res, response)
}
