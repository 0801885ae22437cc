/**
 * The last line of defence (issue 11): an error that escapes a request (a
 * stream callback, a timer or an event listener that throws after its
 * handler has returned) is logged with the request's id and answered 500 if
 * the response has not started; the process stays up for everyone else. An
 * error that belongs to no request (start-up, the sweeper, the database
 * driver outside any request) is fatal: it is logged and the process exits
 * with code 1, so a supervisor restarts it.
 *
 * Attribution uses AsyncLocalStorage. The store is entered (`enterWith`)
 * in the first middleware, so it also covers the request's own socket
 * events, which run in the connection's async context, not the handler's.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ServerResponse } from 'node:http'

export type RequestContext = { id: string; res: ServerResponse }

export const requestContext = new AsyncLocalStorage<RequestContext>()

/** Marks the current async context as the request `id`'s (called by the request logger). */
export function enterRequestContext(context: RequestContext) {
	requestContext.enterWith(context)
}

/** What the process does with an error nobody caught; exported for tests. */
export function handleEscapedError(error: unknown, kind: 'exception' | 'rejection', exit: (code: number) => void = process.exit) {
	const context = requestContext.getStore()
	// Once a request's response has finished, its socket may serve the next
	// request: an error then is nobody's, and the connection is not ours to cut.
	if (context && !context.res.writableFinished) {
		console.error(`${context.id} error outside the request's handler (${kind}; the server carries on):`, error)
		const res = context.res
		if (!res.headersSent && !res.destroyed) {
			const body = JSON.stringify({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' })
			res.writeHead(500, {
				'Content-Type': 'application/json; charset=utf-8',
				'Cache-Control': 'no-store',
				Connection: 'close',
				'Content-Length': Buffer.byteLength(body),
			})
			res.end(body)
		} else if (!res.writableEnded) {
			// Half a response cannot be fixed: cut it, so the client sees it failed.
			res.destroy()
		}
		return
	}
	if (context) {
		console.error(`${context.id} error after the response was sent (${kind}; the server carries on):`, error)
		return
	}
	console.error(`Fatal ${kind === 'exception' ? 'uncaught exception' : 'unhandled rejection'} outside any request; exiting:`, error)
	exit(1)
}

let installed = false

/** Installs the process-wide handlers (once). */
export function installCrashGuard() {
	if (installed) return
	installed = true
	process.on('uncaughtException', (error) => handleEscapedError(error, 'exception'))
	process.on('unhandledRejection', (reason) => handleEscapedError(reason, 'rejection'))
}
