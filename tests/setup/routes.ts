/**
 * Calls a route's loader or action the way Remix does, and normalises what
 * comes back (returned or thrown): a Response (its body parsed as JSON when
 * it is JSON, else text), `data(…, init)`, or plain data.
 */
import { context } from './accounts.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any
export type RouteHandler = (args: never) => unknown
export type RouteOutcome = { status: number; headers: Headers; body: Json; thrown: boolean }

function isDataWithResponseInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
	return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

export async function callRoute(handler: RouteHandler, request: Request, params: Record<string, string> = {}): Promise<RouteOutcome> {
	let value: unknown
	let thrown = false
	try {
		value = await handler({ request, params, context: context() } as never)
	} catch (error) {
		if (!(error instanceof Response) && !isDataWithResponseInit(error)) throw error
		value = error
		thrown = true
	}
	if (value instanceof Response) {
		const text = await value.text()
		let body: Json = text
		if ((value.headers.get('Content-Type') ?? '').includes('json')) {
			try {
				body = text ? JSON.parse(text) : null
			} catch {
				// not JSON after all: keep the text
			}
		}
		return { status: value.status, headers: value.headers, body, thrown }
	}
	if (isDataWithResponseInit(value)) return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), body: value.data, thrown }
	return { status: 200, headers: new Headers(), body: value, thrown }
}
