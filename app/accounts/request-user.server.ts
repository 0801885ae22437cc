/**
 * Who is asking an API that serves anonymous callers too (the converters,
 * jobs): the user of a bearer token, or of the session cookie; null when
 * anonymous. A bad bearer token is a 401; a session the database cannot
 * check now is a 503.
 */
import { DATABASE_RETRY_AFTER_SECONDS } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { getAuthState, SESSION_UNVERIFIED_MESSAGE } from './auth.server.ts'
import { bearerToken, requireBearer } from './bearer.server.ts'

/** Who is asking: the user of a bearer token (401 when the token is bad) or of the session cookie; null when anonymous. */
export async function requestUserId(request: Request): Promise<string | null> {
	if (request.headers.has('Authorization') || bearerToken(request)) {
		const { session } = await requireBearer(request)
		return session.user.id
	}
	const state = await getAuthState(request)
	if (state.status === 'unverified') throw new AppError('SERVICE_UNAVAILABLE', SESSION_UNVERIFIED_MESSAGE, { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
	return state.status === 'authenticated' ? state.user.id : null
}

