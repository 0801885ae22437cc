import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './utils/nonce.tsx'

const ABORT_DELAY = 5_000

export const streamTimeout = ABORT_DELAY

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
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

export function handleError(error: unknown, { request }: { request: Request }) {
	// Aborted requests (client went away) and 4xx answers are not errors of ours.
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status < 500) return
	console.error(error instanceof Error ? (error.stack ?? error.message) : error)
}
