/**
 * The PDF engine for the routes: `runPdfOperation` posts one operation to the
 * server's worker pool (DESIGN.md decision 7) and answers its one output
 * file. Nothing here reads the files: they are parsed in the worker only.
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
 *   too large to render; and from the pool: too slow or too much memory;
 * - 503 SERVICE_UNAVAILABLE with `details.retryAfter`: the pool's queue is full;
 * - 499: the signal aborted the job.
 */
import { getJobPool } from '#app/jobs/pool.server.ts'
import { type JobProgress } from '#app/jobs/tasks.ts'
import { ToolError, tooComplex } from '#app/tools/kit/core.ts'
import { countRun, type RunVia } from '#app/tools/kit/run.server.ts'
import { formatBytes } from '#app/utils/format.ts'
import { type PdfCheckTask, type PdfTask } from './job.server.ts'
import { resultFileName } from './result-names.ts'
import { PDF_LIMITS, PDF_OPERATIONS, PDF_OPTION_SCHEMAS, textJoiner, type PdfInputFile, type PdfOperation, type PdfOutput } from './options.ts'

export const SLUG = 'pdf-converter'

export type RunPdfOperationInput = {
	operation: PdfOperation
	files: ReadonlyArray<PdfInputFile>
	/** The operation's options, as typed values or as a form's strings; checked in the worker. */
	options?: Record<string, unknown>
	/** The encrypted inputs' password (issue 29): handed to the worker with the files, never stored or logged. */
	password?: string
	/** Encrypt PDF results again with `password` (AES-256). */
	keepProtection?: boolean
	/** Where the request came from, for the run's count (admin dashboard). */
	via: RunVia
	signal?: AbortSignal
	/** A shorter time limit than the pool's (TOOL_TIMEOUT_MS). */
	timeoutMs?: number
	/**
	 * Hand the files' buffers to the worker instead of copying them: the caller's `files` are
	 * unusable afterwards. For a request's own copies (the API's), which nothing reads again.
	 */
	transferFiles?: boolean
	/** Called as the job reports its progress (pages or files done, and the stage). */
	onProgress?: (progress: JobProgress) => void
}

export async function runPdfOperation({ operation, files, options = {}, password, keepProtection = false, via, signal, timeoutMs, onProgress, transferFiles = false }: RunPdfOperationInput): Promise<PdfOutput> {
	const inputBytes = files.reduce((sum, file) => sum + file.data.byteLength, 0)
	// An unknown operation is counted as "unknown" (a name sent by the client is not stored as it is).
	const counted = (PDF_OPERATIONS as ReadonlyArray<string>).includes(operation) ? operation : 'unknown'
	const output = await countRun(
		{ slug: SLUG, via, inputBytes, operation: counted },
		() => {
			// Checked here too so an oversized request is refused before its bytes are copied to a worker.
			if (!(PDF_OPERATIONS as ReadonlyArray<string>).includes(operation)) {
				throw new ToolError(`Validation failed: operation: Unknown operation`, { fields: { operation: `Use one of ${PDF_OPERATIONS.join(', ')}` } })
			}
			if (files.length > PDF_LIMITS.maxFiles) {
				throw new ToolError(`Validation failed: files: Too many files (limit ${PDF_LIMITS.maxFiles}).`, { fields: { files: `At most ${PDF_LIMITS.maxFiles} files` } })
			}
			if (inputBytes > PDF_LIMITS.maxTotalBytes) {
				throw new ToolError(`The files are too large together (limit ${formatBytes(PDF_LIMITS.maxTotalBytes)}).`, { limit: PDF_LIMITS.maxTotalBytes }, 'PAYLOAD_TOO_LARGE')
			}
			const task: PdfTask = { kind: 'pdf', operation, files: files.map(({ name, data }) => ({ name, data })), options, ...(password ? { password } : {}), keepProtection }
			const parts = textParts(task)
			if (parts > 1) return textInParts(task, parts, { signal, timeoutMs, onProgress })
			const transfer = transferFiles ? [...new Set(files.flatMap(({ data }) => (data.buffer instanceof ArrayBuffer && data.byteLength === data.buffer.byteLength ? [data.buffer] : [])))] : []
			return getJobPool().run<PdfOutput>(task, { signal, timeoutMs, onProgress, transfer })
		},
		(result) => result.data.byteLength,
	)
	// Named for what was done (result-names.ts), whatever name the engine gave it.
	return { ...output, fileName: resultFileName(operation, files, options, output.contentType) }
}

/**
 * A PDF this large or larger has its text read by two workers at once, a half of its pages each.
 * Dense text compresses to about 600 bytes a page, so this is some 100 pages (0.2 s of one core).
 */
export const PARALLEL_TEXT_MIN_BYTES = 64 * 1024

/** How many workers read a PDF's text: all the pool has, up to 2, for a large file; else 1. */
function textParts(task: PdfTask): number {
	if (task.operation !== 'pdf-to-text' || task.files.length !== 1 || task.files[0]!.data.byteLength < PARALLEL_TEXT_MIN_BYTES) return 1
	// The separator is needed to join the parts; options the schema refuses go to one worker, which reports them.
	if (!PDF_OPTION_SCHEMAS['pdf-to-text'].safeParse(task.options).success) return 1
	return Math.min(2, getJobPool().stats.size)
}

/**
 * PDF → text in `count` workers at once, each a consecutive block of the
 * pages (pdf.js reads about 500 pages a second on one core), joined in page
 * order as one run writes them. A part that fails stops the others, and its
 * error is the answer. Progress is the parts' pages added up.
 */
async function textInParts(task: PdfTask, count: number, { signal, timeoutMs, onProgress }: { signal?: AbortSignal; timeoutMs?: number; onProgress?: (progress: JobProgress) => void }): Promise<PdfOutput> {
	const stop = new AbortController()
	const partSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
	const reported = Array.from({ length: count }, () => ({ done: 0, total: 0 }))
	const outputs = await Promise.all(
		reported.map((_, index) =>
			getJobPool()
				.run<PdfOutput>(
					{ ...task, part: { index, count } } satisfies PdfTask,
					{
						signal: partSignal,
						timeoutMs,
						onProgress: (progress) => {
							reported[index] = progress
							onProgress?.({ done: reported.reduce((sum, each) => sum + each.done, 0), total: reported.reduce((sum, each) => sum + each.total, 0), stage: progress.stage })
						},
					},
				)
				.catch((error: unknown) => {
					stop.abort()
					throw error
				}),
		),
	)
	const { separator } = PDF_OPTION_SCHEMAS['pdf-to-text'].parse(task.options)
	const decoder = new TextDecoder()
	const text = outputs
		.filter((output) => output.pageCount > 0)
		.map((output) => decoder.decode(output.data))
		.join(textJoiner(separator))
	if (text.length > PDF_LIMITS.maxTextChars) {
		throw tooComplex(`This PDF has more text than one run returns (limit ${PDF_LIMITS.maxTextChars.toLocaleString('en')} characters). Choose fewer pages.`, { reason: 'too-much-text' })
	}
	const pageCount = outputs.reduce((sum, output) => sum + output.pageCount, 0)
	return { ...outputs[0]!, data: new TextEncoder().encode(text), pageCount }
}

/**
 * Opens a PDF in the worker pool and counts its pages, as `POST /api/edit-pdf`
 * needs before it stores a PDF edited in the browser: the operations' errors
 * (not a PDF, damaged, encrypted, too many pages), without re-saving the
 * file. Counted as a run of the operation "edit-pdf".
 */
export async function checkPdfInWorker({ file, via, signal }: { file: PdfInputFile; via: RunVia; signal?: AbortSignal }): Promise<{ pageCount: number }> {
	return countRun(
		{ slug: SLUG, via, inputBytes: file.data.byteLength, operation: 'edit-pdf' },
		() => {
			const task: PdfCheckTask = { kind: 'pdf-check', file: { name: file.name, data: file.data } }
			return getJobPool().run<{ pageCount: number }>(task, { signal })
		},
		() => 0,
	)
}

export { PDF_LIMITS, PDF_OPERATIONS }
export type { PdfInputFile, PdfOperation, PdfOutput }
