/**
 * The PDF engine for the routes: `submitPdfJob` makes one operation a durable
 * job (issue 30: app/jobs/), run in a job process of its own; its result is
 * stored for the job's owner (jobs.server.ts). `runPdfOperation` does that
 * and waits for the output's bytes (tests, scripts). Nothing here reads the
 * files: they are parsed in a job process only.
 *
 * ```ts
 * const out = await runPdfOperation({
 *   operation: 'rotate',
 *   files: [{ name: 'scan.pdf', data: bytes }],
 *   options: { angle: '90', pages: '1-3' }, // form strings or typed values
 *   via: 'form',
 *   signal: request.signal,
 * })
 * // out: { fileName: 'scan-rotated.pdf', contentType: 'application/pdf', data: Uint8Array, pageCount: 12 }
 * ```
 *
 * Operations and options: options.ts (PDF_OPTION_SCHEMAS, PDF_LIMITS).
 * Errors (AppError/ToolError, `{ message, status, code, details }`):
 * - 400 VALIDATION_ERROR: unknown operation or option, bad option value,
 *   bad page range, wrong number of files, a file that is not a PDF (or, for
 *   images-to-pdf, not a PNG/JPEG) by its bytes; `details.fields.<name>`
 *   (`pages`, `order`, `ranges`, `files`, `angle`…) says what to fix;
 * - 413 PAYLOAD_TOO_LARGE: a file over 50 MB or files over 100 MB together;
 * - 422 VALIDATION_ERROR: damaged, empty or truncated PDF, password-protected
 *   PDF without its password (`details.reason: 'encrypted'`) or with a wrong
 *   one (`'wrong-password'`), too many pages, image bombs, pages
 *   too large to render; and from the job process: too slow
 *   (`details.reason: 'timeout'`) or too large once decompressed (`'memory'`);
 * - 429 RATE_LIMITED with `details.retryAfter`: the owner has too many jobs open;
 * - 499: the signal aborted (cancelled) the job.
 */
import { randomBytes } from 'node:crypto'
import { type JobOwner, type JobRow, jobErrorToAppError, cancelJob, submitJob, waitForJob, type JobError } from '#app/jobs/jobs.server.ts'
import { type JobProgress } from '#app/jobs/tasks.ts'
import { readStoredFile, resultOwnerKey, storedFileBody, deleteStoredFile } from '#app/files/files.server.ts'
import { ToolError } from '#app/tools/kit/core.ts'
import { countRun, type RunVia } from '#app/tools/kit/run.server.ts'
import { formatBytes } from '#app/utils/format.ts'
import { PDF_LIMITS, PDF_OPERATIONS, type PdfInputFile, type PdfOperation, type PdfOutput, type StoredResult } from './options.ts'
import { type PdfJobInput } from './jobs.server.ts'
import { parseOptions } from './parse-options.ts'

export const SLUG = 'pdf-converter'

export type SubmitPdfJobInput = {
	operation: PdfOperation
	files: ReadonlyArray<PdfInputFile>
	/** The operation's options, as typed values or as a form's strings; checked in the job process. */
	options?: Record<string, unknown>
	/** The encrypted inputs' password (issue 29): kept sealed with the job until it ends, never logged or answered. */
	password?: string
	/** Encrypt PDF results again with `password` (AES-256). */
	keepProtection?: boolean
	/** Where the request came from, for the run's count (admin dashboard). */
	via: RunVia
	owner: JobOwner
	/** A shorter time limit than the one the file's size gets (tests). */
	timeoutMs?: number
}

/** Checks what needs no parsing (the operation, the number and size of the files), then makes the job. */
export async function submitPdfJob({ operation, files, options = {}, password, keepProtection = false, via, owner, timeoutMs }: SubmitPdfJobInput) {
	if (!(PDF_OPERATIONS as ReadonlyArray<string>).includes(operation)) {
		throw new ToolError(`Validation failed: operation: Unknown operation`, { fields: { operation: `Use one of ${PDF_OPERATIONS.join(', ')}` } })
	}
	if (files.length > PDF_LIMITS.maxFiles) {
		throw new ToolError(`Validation failed: files: Too many files (limit ${PDF_LIMITS.maxFiles}).`, { fields: { files: `At most ${PDF_LIMITS.maxFiles} files` } })
	}
	const inputBytes = files.reduce((sum, file) => sum + file.data.byteLength, 0)
	if (inputBytes > PDF_LIMITS.maxTotalBytes) {
		throw new ToolError(`The files are too large together (limit ${formatBytes(PDF_LIMITS.maxTotalBytes)}).`, { limit: PDF_LIMITS.maxTotalBytes }, 'PAYLOAD_TOO_LARGE')
	}
	// Options are checked here too (the job process checks them again): a bad one is a 400 now, not a job that fails.
	// Counted as the run it would have been.
	try {
		parseOptions(operation, options)
	} catch (error) {
		await countRun({ slug: SLUG, via, inputBytes, operation }, () => Promise.reject(error), () => 0)
	}
	const input: PdfJobInput = { operation, options, keepProtection, names: files.map((file) => file.name), ...(timeoutMs ? { timeoutMs } : {}) }
	return submitJob({ kind: 'pdf', owner, input, files, password, via })
}

/** `POST /api/edit-pdf`'s job: the PDF opened and its pages counted in a job process, then stored as sent. */
export async function submitPdfCheckJob({ file, via, owner }: { file: PdfInputFile; via: RunVia; owner: JobOwner }) {
	return submitJob({ kind: 'pdf-check', owner, input: { names: [file.name] }, files: [file], via })
}

/** The stored result of a finished job, or its error thrown as the AppError the route answers. */
export function endedJobResult(job: JobRow): StoredResult {
	if (job.state === 'completed') return job.result as StoredResult
	throw jobErrorToAppError(job.error as JobError)
}

export type RunPdfOperationInput = Omit<SubmitPdfJobInput, 'owner'> & {
	owner?: JobOwner
	signal?: AbortSignal
	onProgress?: (progress: JobProgress) => void
}

/**
 * One operation as a job, waited for, and its output's bytes (the stored
 * result is read back and removed): for tests and scripts that want the
 * file rather than a stored result. Owner: a private one unless given.
 */
export async function runPdfOperation({ signal, onProgress, owner, ...input }: RunPdfOperationInput): Promise<PdfOutput> {
	const { job } = await submitPdfJob({ ...input, owner: owner ?? { userId: null, ownerKey: resultOwnerKey(null, `internal:${randomBytes(8).toString('hex')}`) } })
	const onAbort = () => void cancelJob(job).catch(() => {})
	signal?.addEventListener('abort', onAbort, { once: true })
	try {
		let ended: JobRow | null = job
		while (ended && !['completed', 'failed', 'cancelled'].includes(ended.state)) {
			ended = await waitForJob(job.id, { waitMs: 60_000, signal, onProgress })
			if (signal?.aborted) throw new ToolError('The job was cancelled.', { reason: 'cancelled' }, 'VALIDATION_ERROR', 499)
		}
		const result = endedJobResult(ended!)
		const file = await readStoredFile(result.id)
		if (!file) throw new Error(`job ${job.id}: its result ${result.id} is gone`)
		const data = new Uint8Array(await new Response(storedFileBody(file)).arrayBuffer())
		await deleteStoredFile(result.id)
		return { fileName: result.fileName, contentType: result.contentType as PdfOutput['contentType'], data, pageCount: result.pageCount, ...(result.notes ? { notes: result.notes } : {}) }
	} finally {
		signal?.removeEventListener('abort', onAbort)
	}
}

export { PDF_LIMITS, PDF_OPERATIONS }
export type { PdfInputFile, PdfOperation, PdfOutput, StoredResult }
