/**
 * A job's uploaded files, kept as stored files (tool "job-input") from the
 * upload until the job ends, so that a job survives a restart and a worker
 * on another machine reads them. Their names travel in the job's input (a
 * stored file's name is cleaned; the result's name is made from the one sent).
 */
import { deleteStoredFile, readStoredFile, storedFileBody, storeFile } from '#app/files/files.server.ts'
import { AppError } from '#app/utils/errors.ts'

export const JOB_INPUT_TOOL = 'job-input'
/** Inputs outlive any job that could still run them (the queue's expiry is 30 minutes, a retry doubles it). */
const INPUT_LIFETIME_MS = 3 * 60 * 60 * 1000

export async function storeJobInputs(files: ReadonlyArray<{ name: string; data: Uint8Array }>): Promise<Array<string>> {
	const ids: Array<string> = []
	try {
		for (const file of files) {
			const stored = await storeFile({ name: 'input', mediaType: 'application/octet-stream', data: file.data, kept: false, tool: JOB_INPUT_TOOL, expiresAt: new Date(Date.now() + INPUT_LIFETIME_MS) })
			ids.push(stored.id)
		}
	} catch (error) {
		await removeJobInputs(ids)
		throw error
	}
	return ids
}

/** The inputs' bytes, in order; a 410-like error when one is gone (the job waited past their lifetime). */
export async function readJobInputs(ids: ReadonlyArray<string>): Promise<Array<Uint8Array>> {
	const out: Array<Uint8Array> = []
	for (const id of ids) {
		const file = await readStoredFile(id, new Date(), { tool: JOB_INPUT_TOOL })
		if (!file) throw new AppError('VALIDATION_ERROR', 'The uploaded file is no longer here (the job waited too long). Upload it again.', { reason: 'input-gone' }, 422)
		out.push(new Uint8Array(await new Response(storedFileBody(file)).arrayBuffer()))
	}
	return out
}

export async function removeJobInputs(ids: ReadonlyArray<string>): Promise<void> {
	for (const id of ids) await deleteStoredFile(id).catch(() => {})
}
