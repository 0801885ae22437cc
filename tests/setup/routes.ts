/**
 * Calls a route's loader or action the way Remix does (a Request, params and
 * the load context) and normalises what comes back, returned or thrown: a
 * Response (its body parsed as JSON when it is JSON, else text), `data(…,
 * init)`, or plain data. The one way tests call routes; the matchers in
 * custom-matchers.ts (toHaveRedirect, toSendToast) take its outcome.
 *
 *     const outcome = await callRoute(loginRoute.action, request)
 *     const outcome = await callRoute(fileRoute.loader, request, { id })
 *     const outcome = await callRoute(loginRoute.action, request, {}, { clientIp: '203.0.113.7' })
 *     outcome.response   // the Response itself, unread (undefined for data)
 */
import { context } from './accounts.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any
export type RouteHandler = (args: never) => unknown
export type RouteOutcome = {
	status: number
	headers: Headers
	body: Json
	/** True when the handler threw it (a redirect, a 404) rather than returned it. */
	thrown: boolean
	/** The Response, with its body unread, when the handler answered with one. */
	response?: Response
}
export type CallOptions = {
	/** The client address in the load context (rate limits); a random one per call by default. */
	clientIp?: string
	/**
	 * Parse a Response's body as JSON whatever its Content-Type (default: only
	 * when the Content-Type says JSON).
	 */
	json?: 'always' | 'when-typed'
}

function isDataWithResponseInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
	return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

export async function callRoute(
	handler: RouteHandler,
	request: Request,
	params: Record<string, string> = {},
	options: CallOptions = {},
): Promise<RouteOutcome> {
	let value: unknown
	let thrown = false
	try {
		value = await handler({ request, params, context: context(options.clientIp) } as never)
	} catch (error) {
		if (!(error instanceof Response) && !isDataWithResponseInit(error)) throw error
		value = error
		thrown = true
	}
	if (value instanceof Response) {
		const response = value.clone()
		const text = await value.text()
		let body: Json = text
		if (options.json === 'always' || (value.headers.get('Content-Type') ?? '').includes('json')) {
			try {
				body = text ? JSON.parse(text) : null
			} catch {
				// not JSON after all: keep the text
			}
		}
		return { status: value.status, headers: value.headers, body, thrown, response }
	}
	if (isDataWithResponseInit(value)) return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), body: value.data, thrown }
	return { status: 200, headers: new Headers(), body: value, thrown }
}
