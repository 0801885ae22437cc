import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from './utils/db.server.ts'
import { takeDocumentResponse } from './utils/document-response.server.ts'
import { NonceProvider } from './utils/nonce.tsx'

const ABORT_DELAY = 5_000

export const streamTimeout = ABORT_DELAY

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
	// Bots and no-JavaScript clients get the whole document at once; browsers get it streamed.
	const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors after the shell are logged; before it, onShellError rejects.
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, ABORT_DELAY + 1_000)
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
