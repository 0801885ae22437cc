/**
 * GET /api/pdf/{id}: a stored PDF converter result, as an attachment
 * (nosniff, sandboxing CSP, private no-store); unknown, malformed or expired
 * → 404 in the catalogue's JSON. DELETE /api/pdf/{id}: removes it at once
 * (204) for its owner: the signed-in user who made it (bearer token or
 * session cookie), or whoever sends the anonymous upload's delete token
 * (`X-Delete-Token` or `?token=`); anyone else → 403. Other methods → 405.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { downloadResponse, handleDelete } from '#app/tools/pdf-converter/api.server.ts'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'

const ALLOWED = ['GET', 'HEAD', 'DELETE']

export async function loader({ params }: LoaderFunctionArgs) {
	return handleApi(() => downloadResponse(params.id ?? ''))
}

export async function action({ request, params }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'DELETE') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(ALLOWED)
		}
		return handleDelete(request, params.id ?? '')
	})
}
