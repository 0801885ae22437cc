/**
 * GET /api/jobs/{id}: a conversion job's state, progress, place in the
 * queue, and once ended its `result` (the fields its endpoint's 201 has) or
 * `error` (the catalogue body it would have answered). With
 * `Accept: application/x-ndjson`: its progress as it happens, then one
 * `result` or `error` line; reconnecting picks up where the job is.
 * DELETE /api/jobs/{id}: cancels it (204); an ended job is a 409.
 *
 * Only its owner: the account that made it (bearer token or session), or
 * whoever holds the anonymous job's delete token (`X-Delete-Token` or
 * `?token=`). Anyone else, and unknown ids: 404 (a job's existence is private).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { ownedJob } from '#app/accounts/owned-job.server.ts'
import { jobStatusBody, progressStream, wantsProgress } from '#app/jobs/answers.server.ts'
import { cancelJob } from '#app/jobs/jobs.server.ts'
import { handleApi, json, methodNotAllowed } from '#app/utils/api.server.ts'
import { AppError } from '#app/utils/errors.ts'

const ALLOWED = ['GET', 'HEAD', 'DELETE']

export async function loader({ request, params }: LoaderFunctionArgs) {
	return handleApi(async () => {
		const job = await ownedJob(request, params.id ?? '')
		if (wantsProgress(request)) return progressStream(job, { finalBody: async (ended) => ({ status: 201, body: ended.result }) })
		return json(await jobStatusBody(job), { headers: { 'Cache-Control': 'no-store' } })
	})
}

export async function action({ request, params }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'DELETE') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(ALLOWED)
		}
		const job = await ownedJob(request, params.id ?? '')
		if (!(await cancelJob(job))) throw new AppError('CONFLICT', `This job has already ended (${job.state}); there is nothing to cancel.`, { state: job.state })
		return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
	})
}
