/**
 * GET /api/jobs/{id}/result: the file a finished job made (its owner only,
 * as GET /api/jobs/{id}), as an attachment; 404 while it runs, when it
 * failed, or once the file has expired. PDF results are also at their own
 * `downloadUrl` (/api/pdf/{id}), as they always were.
 */
import { type LoaderFunctionArgs } from '@remix-run/node'
import { attachmentHeaders, readStoredFile, storedFileBody } from '#app/files/files.server.ts'
import { handleApi } from '#app/utils/api.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { ownedJob } from '#app/accounts/owned-job.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	return handleApi(async () => {
		const job = await ownedJob(request, params.id ?? '')
		const fileId = job.state === 'completed' ? (job.result as { id?: unknown } | null)?.id : undefined
		const file = typeof fileId === 'string' ? await readStoredFile(fileId) : null
		if (!file) throw new AppError('NOT_FOUND', 'Resource not found', { reason: job.state === 'completed' ? 'The result has expired or was deleted.' : `The job has no result (it is ${job.state}).` })
		return new Response(storedFileBody(file), { status: 200, headers: attachmentHeaders(file) })
	})
}
