import { type LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed } from '#app/utils/api.server.ts'
import { requireBearer } from '#app/accounts/bearer.server.ts'
import { publicUser } from '#app/accounts/user.server.ts'

/** GET /api/auth/verify → {user} (with role) for a live bearer token; 401 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
	return handleApi(async () => {
		const { session } = await requireBearer(request)
		return json({ user: publicUser(session.user) })
	})
}

export const action = () => methodNotAllowed(['GET'])
