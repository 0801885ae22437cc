/**
 * Requests that must never reach Remix: malformed percent-encoding (Remix
 * would throw a 500 decoding it) and absurdly long URLs. Node itself refuses
 * oversized headers (16 KB by default): answerClientErrors gives that refusal
 * the same JSON shape.
 */
import { randomUUID } from 'node:crypto'
import { type Server, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { RequestHandler, Response } from 'express'
import { enterRequestContext } from './crash-guard.ts'

export const MAX_URL_LENGTH = 8 * 1024

export function sendError(res: Response, status: number, code: string, message: string) {
	if (res.headersSent) return
	res.status(status)
	res.setHeader('Cache-Control', 'no-store')
	res.type('application/json').send(JSON.stringify({ message, status, code }))
}

const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export const rejectBadUrls: RequestHandler = (req, res, next) => {
	// TRACE (never echoed back), CONNECT and the rest have no business here.
	if (!ALLOWED_METHODS.has(req.method)) {
		res.setHeader('Allow', [...ALLOWED_METHODS].join(', '))
		return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
	}
	const url = req.originalUrl
	if (url.length > MAX_URL_LENGTH) {
		return sendError(res, 414, 'URI_TOO_LONG', `URL too long (limit ${MAX_URL_LENGTH} characters)`)
	}
	const queryStart = url.indexOf('?')
	const path = queryStart === -1 ? url : url.slice(0, queryStart)
	const query = queryStart === -1 ? '' : url.slice(queryStart + 1)
	try {
		decodeURIComponent(path)
		for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '))
	} catch {
		return sendError(res, 400, 'VALIDATION_ERROR', 'Malformed URL: invalid percent-encoding')
	}
	if (path.includes('\0') || /%00/i.test(path)) {
		return sendError(res, 400, 'VALIDATION_ERROR', 'Malformed URL')
	}
	next()
}

/**
 * Gives each request an id (the `X-Request-Id` response header, so a user's
 * report can be matched to the log) and logs one line per request: id,
 * method, path (no query: it may carry secrets), status, time, bytes.
 */
export function requestLogger(enabled: boolean): RequestHandler {
	return (req, res, next) => {
		const id = randomUUID()
		res.locals.requestId = id
		res.setHeader('X-Request-Id', id)
		enterRequestContext({ id, res })
		if (!enabled) return next()
		const start = process.hrtime.bigint()
		res.on('finish', () => {
			const ms = Number(process.hrtime.bigint() - start) / 1e6
			const path = req.originalUrl.split('?')[0] ?? ''
			// Control characters could forge log lines; a long path is cut.
			const safePath = path.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200)
			const length = res.getHeader('Content-Length') ?? '-'
			console.log(`${id} ${req.method} ${safePath} ${res.statusCode} ${ms.toFixed(1)}ms ${length}`)
		})
		next()
	}
}

/**
 * Defence in depth against cross-site request forgery (SECURITY.md §0.8):
 * SameSite=Lax cookies already keep sessions out of cross-site posts; on top
 * of that a state-changing request whose Origin is another site (or the
 * opaque "null") is refused. Requests without Origin (curl, server-to-server
 * API clients) carry no ambient browser credentials and pass.
 */
export function rejectCrossSiteWrites(siteOrigin: string): RequestHandler {
	return (req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
		const origin = req.headers.origin
		const crossSite = req.headers['sec-fetch-site'] === 'cross-site'
		if (origin === undefined && !crossSite) return next()
		let sameOrigin = false
		if (origin && origin !== 'null') {
			try {
				const url = new URL(origin)
				sameOrigin = url.origin === siteOrigin || url.host === req.headers.host
			} catch {
				sameOrigin = false
			}
		}
		if (sameOrigin && !crossSite) return next()
		return sendError(res, 403, 'AUTHORIZATION_ERROR', 'Cross-site request refused')
	}
}

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY set, SITE_URL https): a page
 * requested over plain HTTP is redirected to SITE_URL's https origin. The API
 * and non-GET requests are never redirected (a client would resend secrets
 * in the clear, or lose its body): they get the answer they asked for.
 */
export function redirectToHttps(siteUrl: string): RequestHandler {
	const origin = new URL(siteUrl).origin
	return (req, res, next) => {
		if (req.protocol !== 'http') return next()
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		if (req.path.startsWith('/api/') || req.path === '/healthz') return next()
		res.redirect(301, `${origin}${req.originalUrl}`)
	}
}

/** How long a connection may keep sending a body nobody reads, after its answer went out. */
export const LINGER_MS = 2_000
/** How much of such a body is read (and thrown away) at most; then reading stops… */
export const LINGER_BYTES = 4 * 1024 * 1024
/** …and the connection is cut this long after (within LINGER_MS in all). */
export const LINGER_AFTER_BYTES_MS = 500

/**
 * An answer sent before the request's body has fully arrived (a 413, a 403,
 * a 404 for a body nobody wants) says `Connection: close` and is followed
 * by a lingering close: the server shuts its side, then reads and drops
 * what the client is still sending for a moment before cutting the
 * connection. Cutting it at once would make the client's TCP stack see a
 * reset and may throw away the answer it had not read yet (RFC 9112 §9.6).
 */
export const lingerAfterEarlyAnswer: RequestHandler = (req, res, next) => {
	const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
	if (!hasBody) return next()
	const writeHead = res.writeHead
	res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
		if (!req.complete && !res.headersSent) {
			res.setHeader('Connection', 'close')
			lingerOnClose(req.socket, req)
		}
		return writeHead.apply(this, args)
	} as Response['writeHead']
	next()
}

function lingerOnClose(socket: Socket, req: NodeJS.ReadableStream) {
	// Node ends a `Connection: close` response with socket.destroySoon(): make that a half-close.
	const lingering = socket as Socket & { destroySoon?: () => void }
	lingering.destroySoon = () => {
		if (socket.destroyed) return
		socket.end()
		let received = 0
		let capped = false
		const cut = () => socket.destroy()
		const timer = setTimeout(cut, LINGER_MS)
		timer.unref()
		socket.once('close', () => clearTimeout(timer))
		socket.once('end', cut)
		socket.on('data', (chunk: Buffer) => {
			received += chunk.length
			if (received <= LINGER_BYTES || capped) return
			capped = true
			// Enough read for nothing. Cutting now would reset a connection whose client may not have
			// read the answer yet (the kernel's buffers can hold tens of MB of body sent before it came),
			// and a reset throws that answer away. Stop reading instead: TCP holds the client back,
			// and the cut comes a moment later.
			// (The request stream too: while it flows it would ask the socket for more.)
			req.pause()
			socket.pause()
			setTimeout(cut, LINGER_AFTER_BYTES_MS).unref()
		})
		// The request stream may have been paused by a reader that gave up: let the bytes flow (to nowhere).
		req.resume()
		socket.resume()
	}
}

/**
 * Requests Node's parser refuses before Express sees them (headers over 16 KB,
 * a malformed request line, headers too slow to arrive) got Node's own bare
 * answer: `431` (or `400`, `408`) with no body at all, which an API client
 * cannot read as an error. They get the same JSON shape as every other
 * refusal, then the connection closes (the parser cannot carry on).
 */
export function answerClientErrors(server: Server) {
	server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
		// As Node's own handler: answer only when no response on this connection has begun
		// (a pipelined request's answer may be going out), else just close it.
		const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
		if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
			socket.destroy()
			return
		}
		const [status, code, message] =
			error.code === 'HPE_HEADER_OVERFLOW'
				? [431, 'HEADERS_TOO_LARGE', 'Request headers too large (limit 16 KB)']
				: error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
					? [408, 'REQUEST_TIMEOUT', 'Request timeout']
					: [400, 'VALIDATION_ERROR', 'Malformed request']
		const body = JSON.stringify({ message, status, code })
		const reason = STATUS_CODES[status] ?? ''
		socket.end(
			`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
				`Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
		)
	})
}
