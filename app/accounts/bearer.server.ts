/**
 * Bearer-token authentication, the only way the JSON API authenticates (no
 * cookies, no token in the URL). The API's plumbing (body, errors) is in
 * app/utils/api.server.ts.
 */
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { SESSION_UNVERIFIED_MESSAGE } from './auth.server.ts'
import { findSession, type SessionLookup } from './session.server.ts'

export type BearerAuth = { token: string; session: SessionLookup }

/**
 * The session of `Authorization: Bearer <token>` (the only way the API
 * authenticates: no cookies, no token in the URL). 401 when absent,
 * malformed, unknown, expired or revoked; 503 when the database cannot say.
 */
export async function requireBearer(request: Request): Promise<BearerAuth> {
	const token = bearerToken(request)
	if (!token) throw new AppError('AUTHENTICATION_ERROR', 'Authentication required: send Authorization: Bearer <token>')
	let session: SessionLookup | null
	try {
		session = await findSession(token, 'api')
	} catch (error) {
		console.error('Bearer token check failed:', describeDatabaseError(error))
		throw new AppError('SERVICE_UNAVAILABLE', SESSION_UNVERIFIED_MESSAGE, { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
	}
	if (!session) throw new AppError('AUTHENTICATION_ERROR', 'Invalid or expired token')
	return { token, session }
}

/** The token of a single, well-formed `Authorization: Bearer` header; null otherwise. */
export function bearerToken(request: Request): string | null {
	const header = request.headers.get('Authorization')
	// Two headers arrive joined with ", ": ambiguous, refused.
	if (!header || header.length > 512 || header.includes(',')) return null
	const match = /^Bearer +([A-Za-z0-9_-]+)$/i.exec(header.trim())
	return match?.[1] ?? null
}
