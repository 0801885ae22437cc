import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed, readJsonObject, validationError } from '#app/utils/api.server.ts'
import { AUTH_BODY_LIMIT, checkCredentials, startApiSession } from '#app/accounts/auth.server.ts'
import { ApiLoginSchema } from '#app/accounts/user-validation.ts'
import { publicUser } from '#app/accounts/user.server.ts'

/** POST /api/auth/login {email, password} → {token, user}; 401 with one message for any wrong pair. */
export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	return handleApi(async () => {
		const body = await readJsonObject(request, AUTH_BODY_LIMIT)
		const parsed = ApiLoginSchema.safeParse(body)
		if (!parsed.success) throw validationError(parsed.error)
		const user = await checkCredentials({ ...parsed.data, clientIp: context.clientIp })
		const token = await startApiSession(request, user.id)
		return json({ token, user: publicUser(user) })
	})
}

export const loader = () => methodNotAllowed(['POST'])
