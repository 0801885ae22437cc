/**
 * POST /api/edit-pdf (multipart `file`): a PDF edited in the browser,
 * checked by its bytes and opened in the worker pool (damaged, encrypted
 * and oversized PDFs are refused), then stored as sent → 201, the same
 * answer as POST /api/convert/upload.
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { handleEditedPdf } from '#app/tools/pdf-converter/api.server.ts'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'

export async function action({ request, context }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'POST') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(['POST'])
		}
		// Per client, before the body is read (RATE_LIMIT_CONVERT_PER_MINUTE).
		await limitClient('convert', request, context.clientIp)
		return handleEditedPdf(request, { clientIp: context.clientIp })
	})
}

export async function loader() {
	return methodNotAllowed(['POST'])
}
