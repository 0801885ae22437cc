import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'
import { bearerToken } from '#app/accounts/bearer.server.ts'
import { deleteSession } from '#app/accounts/session.server.ts'

/**
 * POST /api/auth/logout → 204. Idempotent: an unknown, expired or missing
 * token is already logged out, so it also gets 204.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	return handleApi(async () => {
		const token = bearerToken(request)
		if (token) await deleteSession(token)
		return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
	})
}

export const loader = () => methodNotAllowed(['POST'])
