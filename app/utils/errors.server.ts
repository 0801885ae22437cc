import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
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

/** A Conform result that shows `message` above the form (its form-level error). */
export function formError(message: string): SubmissionResult<Array<string>> {
	return { status: 'error', error: { '': [message] } }
}

type Replyable = {
	reply(options?: { formErrors?: Array<string>; fieldErrors?: Record<string, Array<string>>; hideFields?: Array<string> }): SubmissionResult<Array<string>>
}

export type FormErrorReplyOptions<Extra extends Record<string, unknown>> = {
	/** The submission the error belongs to: its values are sent back (but `hideFields`). Without one, a bare form-level error. */
	submission?: Replyable
	hideFields?: Array<string>
	/** Show the message above the form even when the error names a field. */
	formLevel?: boolean
	/** More keys for the action data beside `result` (e.g. the intent of a multi-form page). */
	extra?: Extra
}

/**
 * The one way a form action answers an error. An AppError becomes the form's
 * Conform result, on the field it names or above the form, with its status
 * and the headers that status calls for (Retry-After, RateLimit-*): the
 * action data is `{ ...extra, result }`. Anything else is thrown on, to the
 * error boundary (and a database outage to its 503, app/entry.server.tsx).
 * The JSON API's counterpart is apiErrorResponse (api.server.ts).
 */
export function formErrorReply<Extra extends Record<string, unknown> = Record<never, never>>(error: unknown, options: FormErrorReplyOptions<Extra> = {}) {
	if (!(error instanceof AppError)) throw error
	const { submission, hideFields, formLevel = false, extra } = options
	const onField = !formLevel && error.field !== undefined
	const result = submission
		? submission.reply({ ...(onField ? { fieldErrors: { [error.field!]: [error.message] } } : { formErrors: [error.message] }), ...(hideFields ? { hideFields } : {}) })
		: formError(error.message)
	return data({ ...(extra as Extra), result }, { status: error.status, headers: error.headers })
}
