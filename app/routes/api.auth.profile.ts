import { type LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed } from '#app/utils/api.server.ts'
import { requireBearer } from '#app/accounts/bearer.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { getProfile, publicUser } from '#app/accounts/user.server.ts'

/** GET /api/auth/profile → {user} with the profile's fields (sign-in methods, dates). */
export async function loader({ request }: LoaderFunctionArgs) {
	return handleApi(async () => {
		const { session } = await requireBearer(request)
		const profile = await getProfile(session.user.id)
		if (!profile) throw new AppError('AUTHENTICATION_ERROR', 'Invalid or expired token')
		return json({
			user: {
				...publicUser(profile),
				emailVerified: profile.emailVerified,
				hasPassword: profile.hasPassword,
				signInMethods: [...(profile.hasPassword ? ['password'] : []), ...profile.connections.map((c) => c.provider)],
				updatedAt: profile.updatedAt.toISOString(),
			},
		})
	})
}

export const action = () => methodNotAllowed(['GET'])
