/**
 * POST /api/convert/md-to-docx (multipart): Markdown (`file` or `markdown`)
 * and the images it uses (`images`, matched by file name), with the options
 * as fields → the .docx, its report in `X-Conversion-Report`. The body is
 * read within its limits as it streams (413 naming the limit), the inputs
 * are identified by their bytes, and the conversion runs as a job (issue 30:
 * 202 and /api/jobs/{id} past the `Prefer` wait) and is counted as a ToolRun. Errors are the catalogue's.
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { requestUserId } from '#app/accounts/request-user.server.ts'
import { resultOwnerKey } from '#app/files/files.server.ts'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { answerDocxJob, readConversionRequest, submitDocxJob } from '#app/tools/markdown-to-docx/convert.server.ts'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'

export async function action({ request, context }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'POST') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(['POST'])
		}
		// Per client, before the body is read (RATE_LIMIT_CONVERT_PER_MINUTE).
		await limitClient('convert', request, context.clientIp)
		const userId = await requestUserId(request)
		const { markdown, options, images, fileName } = await readConversionRequest(request, { from: 'api' })
		const submitted = await submitDocxJob({ markdown, options, images, fileName, via: 'api', owner: { userId, ownerKey: resultOwnerKey(userId, context.clientIp) } })
		return answerDocxJob(request, submitted)
	})
}

export async function loader() {
	return methodNotAllowed(['POST'])
}
