import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed, readJsonObject } from '#app/utils/api.server.ts'
import { AUTH_BODY_LIMIT, limitByIp, startApiSession } from '#app/accounts/auth.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { GOOGLE_NOT_CONFIGURED, isGoogleApiAvailable, resolveGoogleUser, verifyGoogleIdToken } from '#app/accounts/google.server.ts'
import { publicUser } from '#app/accounts/user.server.ts'

export const INVALID_LOGIN_PAYLOAD = 'Invalid login payload'

/**
 * POST /api/auth/google with a Google ID token in `token`, `tokenId` or
 * `credential` (what Google's own libraries call it) → {token, user}.
 * None of those fields → 400 'Invalid login payload' (SPEC.md §5).
 */
export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	return handleApi(async () => {
		// Not configured, or turned off in the admin settings: the same answer.
		if (!(await isGoogleApiAvailable())) {
			await request.body?.cancel().catch(() => {})
			throw new AppError('SERVICE_UNAVAILABLE', GOOGLE_NOT_CONFIGURED)
		}
		const body = await readJsonObject(request, AUTH_BODY_LIMIT)
		const idToken = [body.credential, body.tokenId, body.token].find((value) => typeof value === 'string' && value.length > 0)
		if (typeof idToken !== 'string') throw new AppError('VALIDATION_ERROR', INVALID_LOGIN_PAYLOAD)
		await limitByIp('google', context.clientIp)
		const identity = await verifyGoogleIdToken(idToken)
		const { user } = await resolveGoogleUser(identity)
		const token = await startApiSession(request, user.id)
		return json({ token, user: publicUser(user) })
	})
}

export const loader = () => methodNotAllowed(['POST'])
