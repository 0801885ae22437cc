import { AppError, type ErrorBody, type ErrorCode } from './errors.ts'

/** A JSON error response in the catalogue's shape. Never includes a stack. */
export function errorResponse(
	code: ErrorCode,
	message?: string,
	details?: unknown,
	init?: { headers?: HeadersInit },
): Response {
	const error = new AppError(code, message, details)
	return jsonError(error.toJSON(), init)
}

export function jsonError(body: ErrorBody, init?: { headers?: HeadersInit }): Response {
	const headers = new Headers(init?.headers)
	headers.set('Content-Type', 'application/json; charset=utf-8')
	headers.set('Cache-Control', 'no-store')
	return new Response(JSON.stringify(body), { status: body.status, headers })
}

/**
 * Turns anything thrown inside an API handler into a catalogue response:
 * AppErrors keep their status and message; Responses pass through; anything
 * else is logged and becomes a generic 500 (no internals leak).
 */
export function toErrorResponse(error: unknown): Response {
	if (error instanceof Response) return error
	if (error instanceof AppError) return jsonError(error.toJSON())
	console.error(error)
	return errorResponse('INTERNAL_ERROR')
}
