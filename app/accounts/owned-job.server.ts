/**
 * A conversion job for the request that asks for it (issue 30): its owner's
 * account (bearer token or session), or the anonymous job's delete token
 * (`X-Delete-Token` or `?token=`). Anyone else, like an unknown id, gets the
 * same 404: whether a job exists is its owner's business.
 */
import { findOwnedJob, type JobRow } from '#app/jobs/jobs.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { requestUserId } from './request-user.server.ts'

export async function ownedJob(request: Request, id: string): Promise<JobRow> {
	const userId = await requestUserId(request)
	const token = request.headers.get('X-Delete-Token') ?? new URL(request.url).searchParams.get('token')
	const job = await findOwnedJob(id, { userId, token })
	if (!job) throw new AppError('NOT_FOUND', 'Resource not found', { reason: 'No such job, or it is not yours (send its delete token, or sign in as its owner).' })
	return job
}
