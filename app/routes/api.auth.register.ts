import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed, readJsonObject, validationError } from '#app/utils/api.server.ts'
import { AUTH_BODY_LIMIT, limitByIp, startApiSession } from '#app/accounts/auth.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { ApiRegisterSchema } from '#app/accounts/password-policy.ts'
import { createPasswordUser, isRegistrationOpen, publicUser, REGISTRATION_CLOSED_MESSAGE } from '#app/accounts/user.server.ts'

/**
 * POST /api/auth/register {name, email, password} → 201 {token, user}; 409
 * when the email is taken; 403 'Registration is closed.' when an admin closed it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	return handleApi(async () => {
		if (!(await isRegistrationOpen())) {
			await request.body?.cancel().catch(() => {})
			throw new AppError('AUTHORIZATION_ERROR', REGISTRATION_CLOSED_MESSAGE)
		}
		const body = await readJsonObject(request, AUTH_BODY_LIMIT)
		await limitByIp('register', context.clientIp)
		const parsed = ApiRegisterSchema.safeParse(body)
		if (!parsed.success) throw validationError(parsed.error)
		const user = await createPasswordUser(parsed.data)
		const token = await startApiSession(request, user.id)
		return json({ token, user: publicUser(user) }, { status: 201 })
	})
}

export const loader = () => methodNotAllowed(['POST'])
