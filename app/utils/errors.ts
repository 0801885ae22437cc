/**
 * The error catalogue (SPEC.md §8), shared by the server (JSON error bodies)
 * and the browser (the request helper). One shape everywhere:
 * `{ message, status, code, details }`.
 */

export const ERROR_CATALOGUE = {
	VALIDATION_ERROR: { status: 400, message: 'Validation failed' },
	AUTHENTICATION_ERROR: { status: 401, message: 'Authentication failed' },
	AUTHORIZATION_ERROR: { status: 403, message: 'Access denied' },
	NOT_FOUND: { status: 404, message: 'Resource not found' },
	METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
	CONFLICT: { status: 409, message: 'Resource conflict' },
	PAYLOAD_TOO_LARGE: { status: 413, message: 'Payload too large' },
	UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
	RATE_LIMITED: { status: 429, message: 'Too many requests' },
	INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
	SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
	NETWORK_ERROR: { status: 0, message: 'Network request failed' },
} as const

export type ErrorCode = keyof typeof ERROR_CATALOGUE

export type ErrorBody = {
	message: string
	status: number
	code: ErrorCode | (string & {})
	details?: unknown
}

export const UPLOAD_FAILED = 'Upload failed'
export const DOWNLOAD_FAILED = 'Download failed'
export const GENERIC_ERROR_TITLE = 'Something went wrong'

/** The catalogue code for an HTTP status; INTERNAL_ERROR for anything unlisted. */
export function codeForStatus(status: number): ErrorCode {
	for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
		if (entry.status === status && code !== 'NETWORK_ERROR') return code as ErrorCode
	}
	return 'INTERNAL_ERROR'
}

export class AppError extends Error implements ErrorBody {
	readonly status: number
	readonly code: ErrorBody['code']
	readonly details?: unknown

	constructor(code: ErrorCode, message?: string, details?: unknown, status?: number) {
		const entry = ERROR_CATALOGUE[code]
		super(message ?? entry.message)
		this.name = 'AppError'
		this.code = code
		this.status = status ?? entry.status
		this.details = details
	}

	/** Seconds to wait (`details.retryAfter`) for 429 and 503 errors that say so. */
	get retryAfter(): number | undefined {
		const value = (this.details as { retryAfter?: unknown } | undefined)?.retryAfter
		return typeof value === 'number' ? value : undefined
	}

	/**
	 * Response headers this error's status calls for: Retry-After when it says
	 * how long to wait (RateLimitError adds its RateLimit-* headers).
	 */
	get headers(): Record<string, string> {
		return this.retryAfter === undefined ? {} : { 'Retry-After': String(this.retryAfter) }
	}

	/** The form field at fault (`details.field`), when there is one. */
	get field(): string | undefined {
		const value = (this.details as { field?: unknown } | undefined)?.field
		return typeof value === 'string' ? value : undefined
	}

	toJSON(): ErrorBody {
		const body: ErrorBody = { message: this.message, status: this.status, code: this.code }
		if (this.details !== undefined) body.details = this.details
		return body
	}
}

/**
 * Builds an error from a response's status and (possibly absent or malformed)
 * JSON body: a server message and details are used when provided, otherwise
 * the catalogue's default for the status, or the status text.
 */
export function errorFromResponse(status: number, statusText: string, body: unknown): AppError {
	const code = codeForStatus(status)
	const known = Object.values(ERROR_CATALOGUE).some((e) => e.status === status)
	const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
	const serverMessage = typeof record.message === 'string' && record.message ? record.message : undefined
	const message = serverMessage ?? (known ? ERROR_CATALOGUE[code].message : statusText || ERROR_CATALOGUE.INTERNAL_ERROR.message)
	const serverCode = typeof record.code === 'string' && record.code in ERROR_CATALOGUE ? (record.code as ErrorCode) : code
	return new AppError(serverCode, message, record.details, status || 500)
}
