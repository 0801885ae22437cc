/**
 * POST /api/convert/upload (multipart): the PDF converter's operations as
 * an API. `operation`, the files (`files`) and the operation's options as
 * fields → 201 with the stored result's `{ id, fileName, contentType, size,
 * pageCount, downloadUrl, expiresAt }` (and `deleteToken` for an anonymous
 * caller); download it from `GET /api/pdf/{id}`. The body is read within its
 * limits as it streams (413 naming the limit), the files are parsed in the
 * worker pool only, and each run is counted as a ToolRun with its operation.
 * See app/tools/pdf-converter/api.server.ts and README "PDF converter API".
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { handleUpload } from '#app/tools/pdf-converter/api.server.ts'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'

export async function action({ request, context }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'POST') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(['POST'])
		}
		// Per client, before the body is read (RATE_LIMIT_CONVERT_PER_MINUTE).
		await limitClient('convert', request, context.clientIp)
		return handleUpload(request, { clientIp: context.clientIp })
	})
}

export async function loader() {
	return methodNotAllowed(['POST'])
}
