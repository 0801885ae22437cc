/**
 * The PDF converter's durable jobs (issue 30), as the runner
 * (app/jobs/runner.server.ts) runs them: the file is parsed in a job process
 * (kinds `pdf`, `pdf-check` of job.server.ts), under a time limit that fits
 * its size and the process's memory cap, and the result is stored here, in
 * the runner, for the job's owner. Listed in app/job-kinds.server.ts.
 */
import { type JobKind } from '#app/jobs/runner.server.ts'
import { type RunLimits } from '#app/jobs/processes.server.ts'
import { countRun, type RunVia } from '#app/tools/kit/run.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { editedPdfEncrypted, storeResult } from './api.server.ts'
import { SLUG } from './convert.server.ts'
import { type PdfCheckTask, type PdfTask } from './job.server.ts'
import { PDF_MEDIA_TYPE, PDF_OPERATIONS, type PdfOperation, type PdfOutput } from './options.ts'
import { resultFileName } from './result-names.ts'

/** What a `pdf` job keeps of its request (the files are its inputs; the password its secret). */
export type PdfJobInput = { operation: PdfOperation; options: Record<string, unknown>; keepProtection: boolean; names: Array<string>; timeoutMs?: number }
export type PdfCheckJobInput = { names: [string] }

/** Ten seconds, and two more for each megabyte, up to three minutes: a 94 MB merge gets its three. */
export function pdfLimits(inputBytes: number, timeoutMs?: number): RunLimits {
	const fitted = Math.min(180_000, 10_000 + Math.ceil(inputBytes / (1024 * 1024)) * 2_000)
	return { timeoutMs: timeoutMs ? Math.min(timeoutMs, fitted) : fitted, memoryMb: getEnv().JOB_MEMORY_MB }
}

const pdf: JobKind = async (job, { files, password, run }) => {
	const input = job.input as PdfJobInput
	const counted = (PDF_OPERATIONS as ReadonlyArray<string>).includes(input.operation) ? input.operation : 'unknown'
	const task: PdfTask = { kind: 'pdf', operation: input.operation, files, options: input.options, ...(password ? { password } : {}), keepProtection: input.keepProtection }
	const output = await countRun(
		{ slug: SLUG, via: job.via as RunVia, inputBytes: job.inputBytes, operation: counted },
		() => run<PdfOutput>(task, pdfLimits(job.inputBytes, input.timeoutMs)),
		(result) => result.data.byteLength,
	)
	// Named for what was done (result-names.ts), whatever name the engine gave it.
	const named = { ...output, fileName: resultFileName(input.operation, files, input.options, output.contentType) }
	return storeResult(named, { userId: job.userId, ownerKey: job.ownerKey, deleteTokenHash: job.deleteTokenHash })
}

/** `POST /api/edit-pdf`: opened as the operations open it, its pages counted, then stored as sent. */
const pdfCheck: JobKind = async (job, { files, run }) => {
	const [file] = files
	const task: PdfCheckTask = { kind: 'pdf-check', file: file! }
	const checked = await countRun(
		{ slug: SLUG, via: job.via as RunVia, inputBytes: job.inputBytes, operation: 'edit-pdf' },
		() =>
			run<{ pageCount: number }>(task, pdfLimits(job.inputBytes)).catch((error: unknown) => {
				// The operations take a `password`; this endpoint stores files that open without one, so say that instead.
				if (error instanceof AppError && (error.details as { reason?: string } | undefined)?.reason === 'encrypted') throw editedPdfEncrypted(file!.name, error.details)
				throw error
			}),
		() => 0,
	)
	return storeResult({ fileName: file!.name, contentType: PDF_MEDIA_TYPE, data: file!.data, pageCount: checked.pageCount }, { userId: job.userId, ownerKey: job.ownerKey, deleteTokenHash: job.deleteTokenHash })
}

export const pdfJobKinds = { pdf, 'pdf-check': pdfCheck }
