/**
 * Plumbing of the JSON API's resource routes: the body (JSON only, size
 * capped) and one error path that turns
 * anything thrown into the catalogue's `{ message, status, code, details }`
 * with the headers its status calls for. A database outage is a 503 with
 * Retry-After here, as it is for other resource routes (`answerOutages`)
 * and pages (app/entry.server.tsx).
 */
import { type ZodError } from 'zod'
import { readJson } from './body.server.ts'
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from './db.server.ts'
import { AppError } from './errors.ts'
import { jsonError, toErrorResponse } from './errors.server.ts'

export function json(body: unknown, init?: { status?: number; headers?: HeadersInit }): Response {
	const headers = new Headers(init?.headers)
	headers.set('Content-Type', 'application/json; charset=utf-8')
	headers.set('Cache-Control', 'no-store')
	return new Response(JSON.stringify(body), { status: init?.status ?? 200, headers })
}

/**
 * A 200 (or `status`) JSON answer whose text is already encoded, in chunks
 * (`encodeJsonChunks`): written out a chunk at a time, with its length
 * known, never joined into one buffer or string.
 */
export function jsonChunks(chunks: ReadonlyArray<Uint8Array>, init?: { status?: number; headers?: HeadersInit }): Response {
	const headers = new Headers(init?.headers)
	headers.set('Content-Type', 'application/json; charset=utf-8')
	headers.set('Cache-Control', 'no-store')
	headers.set('Content-Length', String(chunks.reduce((total, chunk) => total + chunk.byteLength, 0)))
	let next = 0
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (next < chunks.length) controller.enqueue(chunks[next++]!)
			if (next >= chunks.length) controller.close()
		},
	})
	return new Response(body, { status: init?.status ?? 200, headers })
}

/** Runs an API handler; whatever it throws becomes a catalogue error response. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
	try {
		return await run()
	} catch (error) {
		return apiErrorResponse(error)
	}
}

export function apiErrorResponse(thrown: unknown): Response {
	let error: AppError
	if (thrown instanceof AppError) {
		error = thrown
	} else if (isDatabaseUnavailable(thrown)) {
		console.error('Database unavailable:', describeDatabaseError(thrown))
		error = databaseUnavailableError()
	} else {
		return toErrorResponse(thrown)
	}
	const headers = new Headers()
	if ((error.status === 429 || error.status === 503) && error.retryAfter !== undefined) {
		headers.set('Retry-After', String(error.retryAfter))
	}
	for (const [name, value] of Object.entries(error.headers)) headers.set(name, value)
	if (error.status === 401) headers.set('WWW-Authenticate', 'Bearer realm="api"')
	return jsonError(error.toJSON(), { headers })
}

/** The 503 of a database outage: the catalogue's SERVICE_UNAVAILABLE, retry in a few seconds. */
export function databaseUnavailableError(): AppError {
	return new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
}

/**
 * For resource routes outside handleApi (feeds, sitemap, files, logout,
 * Google's callback): a database outage answers 503 with Retry-After and
 * the catalogue's JSON, where Remix would answer a bare 500. Anything else
 * thrown is thrown on, unchanged.
 */
export function answerOutages<Args extends Array<unknown>>(handler: (...args: Args) => Promise<Response>) {
	return async (...args: Args): Promise<Response> => {
		try {
			return await handler(...args)
		} catch (error) {
			if (error instanceof Response || !isDatabaseUnavailable(error)) throw error
			return apiErrorResponse(error)
		}
	}
}

export function methodNotAllowed(allowed: Array<string>): Response {
	const error = new AppError('METHOD_NOT_ALLOWED', `Method not allowed (use ${allowed.join(' or ')})`)
	return jsonError(error.toJSON(), { headers: { Allow: allowed.join(', ') } })
}

/**
 * The parsed JSON object of the request body (`readJson` has the limits:
 * 415 unless JSON, 413 beyond `maxBytes`, 422 when nested too deeply or
 * holding too many values, 400 for malformed JSON); 400 when it is not an
 * object.
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
	const value = await readJson(request, { maxBytes })
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new AppError('VALIDATION_ERROR', 'Validation failed: the body must be a JSON object')
	}
	return value as Record<string, unknown>
}

/** A 400 listing each invalid field's first message: `details.fields = { email: 'Enter a valid email address' }`. */
export function validationError(error: ZodError): AppError {
	const fields: Record<string, string> = {}
	for (const issue of error.issues) {
		const key = issue.path.join('.') || 'body'
		fields[key] ??= issue.message
	}
	const first = Object.values(fields)[0]
	return new AppError('VALIDATION_ERROR', first ? `Validation failed: ${first}` : undefined, { fields })
}
