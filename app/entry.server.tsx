import { Writable } from 'node:stream'
import { type AppLoadContext, type EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from './utils/db.server.ts'
import { takeDocumentResponse } from './utils/document-response.server.ts'
import { NonceProvider } from './utils/nonce.tsx'

const ABORT_DELAY = 5_000

export const streamTimeout = ABORT_DELAY

/** For server/index.ts, which runs it at start: the build's own copy, sharing the job pool with requests. */
export { startStalePostRerender } from './blog/post-rerender.server.ts'
export { startJobs, stopJobs } from './job-kinds.server.ts'

/**
 * Requests whose loader or action failed because the database is
 * unreachable. Remix reports each such error to handleError (below) before
 * it renders the error boundary, and only then calls handleRequest (or, for
 * a client-side navigation, handleDataRequest), which answer 503 with
 * Retry-After instead of Remix's 500: a page that needs the database says
 * "Something went wrong" and that it is worth retrying, without each
 * loader catching the error itself.
 */
const databaseOutages = new WeakSet<Request>()

function markOutage(status: number, headers: Headers): number {
	headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
	headers.set('Cache-Control', 'no-store')
	return status >= 500 ? 503 : status
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// An action that answered a form post with a file (utils/document-response.server.ts).
	const direct = takeDocumentResponse(loadContext)
	if (direct) return direct
	if (databaseOutages.has(request)) responseStatusCode = markOutage(responseStatusCode, responseHeaders)
	const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''

	// The whole document is rendered before the first byte goes out (onAllReady),
	// into one buffer. Loaders have all finished by the time Remix calls this,
	// and no page suspends on the server (the PDF editor's lazy part loads after
	// hydration), so streaming the shell first would send the same bytes at the
	// same moment; what it did cost was a Node stream turned into a web stream,
	// dozens of small writes, and each of them compressed on its own (issue 17:
	// a third of an uncached page's CPU). One buffer is compressed in one call,
	// and server/app.ts can read it without decoding a stream.
	return new Promise<Response>((resolve, reject) => {
		const chunks: Array<Buffer> = []
		let shellRendered = false
		const sink = new Writable({
			write(chunk: Buffer, _encoding, callback) {
				chunks.push(chunk)
				callback()
			},
			final(callback) {
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
				callback()
			},
		})
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				onShellReady() {
					shellRendered = true
				},
				onAllReady() {
					clearTimeout(timer)
					pipe(sink)
				},
				onShellError(error: unknown) {
					clearTimeout(timer)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Before the shell, onShellError rejects; later errors are logged.
					if (shellRendered) console.error(error)
				},
			},
		)
		const timer = setTimeout(abort, ABORT_DELAY + 1_000)
	})
}

/** A client-side navigation's data (`.data`): the same 503 as the document would get. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
	if (!databaseOutages.has(request) || response.status < 500) return response
	const headers = new Headers(response.headers)
	const status = markOutage(response.status, headers)
	return new Response(response.body, { status, statusText: 'Service Unavailable', headers })
}

export function handleError(error: unknown, { request }: { request: Request }) {
	// Aborted requests (client went away) and 4xx answers are not errors of ours.
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status < 500) return
	if (isDatabaseUnavailable(error)) {
		// Expected during an outage: one line, no stack (/healthz says the rest).
		databaseOutages.add(request)
		console.error(`Database unavailable (${request.method} ${new URL(request.url).pathname}): ${describeDatabaseError(error)}`)
		return
	}
	console.error(error instanceof Error ? (error.stack ?? error.message) : error)
}
