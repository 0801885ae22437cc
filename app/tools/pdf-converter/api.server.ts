/**
 * The PDF converter's file API (issue 14): `POST /api/convert/upload` runs
 * one operation on the uploaded files and stores the result,
 * `POST /api/edit-pdf` stores a PDF edited in the browser, and
 * `GET`/`DELETE /api/pdf/{id}` serve and remove a stored result.
 *
 * - Requests are read as they stream, within their limits (413 naming the
 *   limit, the rest of the body unread): a file at most the admin's upload
 *   limit (and the engine's 50 MB), the engine's file count and total bytes,
 *   and a bounded number of parts.
 * - The files are parsed in the worker pool only (`runPdfOperation`), which
 *   counts each run as a ToolRun with its operation.
 * - A result is stored (one row, written only once the operation has
 *   succeeded: no partial file on any failure) under a 128-bit id, with its
 *   expiry (the retention period from now), its owner: the signed-in user
 *   (bearer token or session cookie), or for an anonymous caller the
 *   SHA-256 of a delete token handed out once in the 201.
 * - Deleting needs the owner: the same user, or the delete token
 *   (`X-Delete-Token` header or `?token=`), compared in constant time.
 *   Anyone else gets 403: the id is itself the capability to download, so
 *   whoever can name an unexpired file may learn that it exists.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { requestUserId } from '#app/accounts/request-user.server.ts'
import { attachmentHeaders, checkResultRoom, cleanFileName, deleteStoredFile, expiryFromNow, readStoredFile, resultOwnerKey, storedFileBody, storeFile, uploadLimitBytes } from '#app/files/files.server.ts'
import { answerSubmitted, progressStream, wantsProgress } from '#app/jobs/answers.server.ts'
import { cancelJob, type JobRow } from '#app/jobs/jobs.server.ts'
import { json } from '#app/utils/api.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'
import { endedJobResult, SLUG, submitPdfCheckJob, submitPdfJob } from './convert.server.ts'
import { PDF_LIMITS, PDF_MEDIA_TYPE, PDF_OPERATIONS, PDF_OPTION_SCHEMAS, type PdfInputFile, type PdfOperation, type PdfOutput, type StoredResult } from './options.ts'

/** Text fields a request may have besides its files (the operation and its options). */
export const MAX_OPTION_FIELDS = 20
/** Parts of an upload: the files and the text fields. */
export const MAX_UPLOAD_PARTS = PDF_LIMITS.maxFiles + MAX_OPTION_FIELDS
/** Bytes of one text field (the longest option, metadata's keywords, is 2,000 characters). */
export const MAX_OPTION_FIELD_BYTES = 16 * 1024
/** Multipart overhead allowed beyond the files (boundaries, part headers, the options). */
const FORM_OVERHEAD = 1024 * 1024
/** A whole request: the engine's total for the files, plus the form's overhead. */
export const MAX_UPLOAD_BYTES = PDF_LIMITS.maxTotalBytes + FORM_OVERHEAD

/**
 * Field names the API uses where the engine's option differs:
 * `margin` (mm) → `marginMm`; `every` → split `mode=every-n` + `n`;
 * `pages` → split `mode=ranges` + `ranges`, reorder-pages `order`;
 * `format=png` for pdf-to-images (the only format) is accepted and dropped.
 */
const ALIASES = ['margin', 'every', 'format'] as const

/** Every option name some operation takes. */
const OPTION_NAMES = new Set<string>([...Object.values(PDF_OPTION_SCHEMAS).flatMap((schema) => Object.keys(schema.shape)), ...ALIASES])
const FILE_FIELDS = new Set(['files', 'file'])
/**
 * Fields of every operation besides its options (issue 29): `password`, the
 * password of the encrypted inputs (one for every file that needs one: user
 * or owner password), and `keepProtection` (PDF results encrypted again with
 * it). The password goes to the worker with the files and nowhere else: not
 * in the options a form shows again, the run's record or any answer.
 */
const PROTECTION_FIELDS = ['password', 'keepProtection'] as const
const UPLOAD_FIELDS = new Set<string>(['operation', ...FILE_FIELDS, ...OPTION_NAMES, ...PROTECTION_FIELDS])
/** Characters of a password (PDF passwords are at most 127 bytes; longer ones are cut by the readers that take them). */
export const MAX_PASSWORD_LENGTH = 1024

function validation(field: string, message: string): AppError {
	return new AppError('VALIDATION_ERROR', `Validation failed: ${field}: ${message}`, { fields: { [field]: message } })
}

function tooManyFiles(): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `Too many files (limit ${PDF_LIMITS.maxFiles}).`, { field: 'files', limit: PDF_LIMITS.maxFiles, reason: 'files' })
}

/** The per-file limit: the admin's upload limit, never above the engine's. */
async function fileLimit(): Promise<number> {
	return Math.min(await uploadLimitBytes(), PDF_LIMITS.maxFileBytes)
}

async function readLimitedForm(request: Request, { maxParts, perFile }: { maxParts: number; perFile: number }): Promise<FormData> {
	return readFormData(request, MAX_UPLOAD_BYTES, {
		maxFields: maxParts,
		maxFieldBytes: MAX_OPTION_FIELD_BYTES,
		maxFileBytes: perFile,
		maxFileBytesByField: { files: perFile, file: perFile },
	})
}

function refuseUnknownFields(form: FormData, known: ReadonlySet<string>): void {
	const unknown = [...new Set(form.keys())].filter((name) => !known.has(name))
	if (unknown.length === 0) return
	const fields = Object.fromEntries(unknown.slice(0, 20).map((name) => [name.slice(0, 60), 'Unknown field']))
	throw new AppError('VALIDATION_ERROR', `Validation failed: unknown field "${unknown[0]!.slice(0, 60)}".`, { fields })
}

async function filesOf(entries: Array<FormDataEntryValue>, field: string): Promise<Array<PdfInputFile>> {
	if (entries.length > PDF_LIMITS.maxFiles) throw tooManyFiles()
	const files: Array<PdfInputFile> = []
	let total = 0
	for (const entry of entries) {
		if (!(entry instanceof File)) throw validation(field, 'Must be files (multipart file parts)')
		total += entry.size
		if (total > PDF_LIMITS.maxTotalBytes) {
			throw new AppError('PAYLOAD_TOO_LARGE', `The files are too large together (limit ${formatBytes(PDF_LIMITS.maxTotalBytes)}).`, { field, limit: PDF_LIMITS.maxTotalBytes })
		}
		files.push({ name: entry.name, data: new Uint8Array(await entry.arrayBuffer()) })
	}
	return files
}

export type UploadRequest = {
	operation: PdfOperation
	files: Array<PdfInputFile>
	options: Record<string, string>
	/** The encrypted inputs' password; absent when none (or an empty one) was sent. */
	password?: string
	keepProtection: boolean
}

/**
 * Reads `POST /api/convert/upload`: `operation`, the files (`files`, or
 * `file`), and the operation's options as text fields (the names
 * mapped onto the engine's; the engine checks them: 400 naming the field).
 */
export async function readUploadRequest(request: Request): Promise<UploadRequest> {
	const form = await readLimitedForm(request, { maxParts: MAX_UPLOAD_PARTS, perFile: await fileLimit() })
	refuseUnknownFields(form, UPLOAD_FIELDS)

	const operationValues = form.getAll('operation')
	const operation = operationValues[0]
	if (operationValues.length !== 1 || typeof operation !== 'string') throw validation('operation', `Send one operation: ${PDF_OPERATIONS.join(', ')}`)
	if (!(PDF_OPERATIONS as ReadonlyArray<string>).includes(operation)) throw validation('operation', `Unknown operation; use one of ${PDF_OPERATIONS.join(', ')}`)

	const entries = [...form.getAll('files'), ...form.getAll('file')]
	if (entries.length === 0) throw validation('files', 'Upload at least one file')
	const files = await filesOf(entries, 'files')

	const sent: Record<string, string> = {}
	for (const name of OPTION_NAMES) {
		const values = form.getAll(name)
		if (values.length === 0) continue
		if (values.length > 1 || typeof values[0] !== 'string') throw validation(name, 'Give it once, as text')
		sent[name] = values[0]
	}
	return { operation: operation as PdfOperation, files, options: engineOptions(operation as PdfOperation, sent), ...protectionFields(form) }
}

/** `password` and `keepProtection`, each at most once, as text; keepProtection as a form's boolean. */
function protectionFields(form: FormData): { password?: string; keepProtection: boolean } {
	const single = (name: string): string | undefined => {
		const values = form.getAll(name)
		if (values.length === 0) return undefined
		if (values.length > 1 || typeof values[0] !== 'string') throw validation(name, 'Give it once, as text')
		return values[0]
	}
	const password = single('password')
	if (password !== undefined && password.length > MAX_PASSWORD_LENGTH) throw validation('password', `At most ${MAX_PASSWORD_LENGTH} characters`)
	const keep = (single('keepProtection') ?? 'false').toLowerCase()
	if (!['true', 'false', 'on', 'off', '1', '0', ''].includes(keep)) throw validation('keepProtection', 'Use true or false')
	return { ...(password ? { password } : {}), keepProtection: keep === 'true' || keep === 'on' || keep === '1' }
}

/** The field names onto the engine's options (the engine refuses what its operation does not take). */
export function engineOptions(operation: PdfOperation, sent: Record<string, string>): Record<string, string> {
	const options = { ...sent }
	const move = (from: string, to: string) => {
		if (!(from in options)) return
		if (to in options) throw validation(from, `Send ${from} or ${to}, not both`)
		options[to] = options[from]!
		delete options[from]
	}
	move('margin', 'marginMm')
	if (operation === 'split') {
		if ('every' in options) {
			options.mode ??= 'every-n'
			move('every', 'n')
		} else if ('pages' in options) {
			options.mode ??= 'ranges'
			move('pages', 'ranges')
		}
	}
	if (operation === 'reorder-pages') move('pages', 'order')
	if (operation === 'pdf-to-images' && 'format' in options) {
		if (options.format!.toLowerCase() !== 'png') throw validation('format', 'The pages are rendered as PNG: use png')
		delete options.format
	}
	return options
}

export { requestUserId }

function hashToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Constant-time comparison of a presented delete token with the stored hash. */
export function tokenMatches(presented: string | null, storedHash: string | null): boolean {
	if (!presented || !storedHash || presented.length > 200) return false
	const a = Buffer.from(hashToken(presented), 'hex')
	const b = Buffer.from(storedHash, 'hex')
	return a.length === b.length && timingSafeEqual(a, b)
}

export type { StoredResult }

export function pdfFileUrl(id: string): string {
	return `/api/pdf/${id}`
}

/**
 * Stores one result (all or nothing) and describes it as the 201 answers
 * it, once there is room for it (its owner's quota: 429; the server's
 * storage: 503). Run by the job's runner (jobs.server.ts): the owner and the
 * anonymous owner's delete-token hash are the job's, so the token handed out
 * with the job deletes the result too.
 */
export async function storeResult(output: PdfOutput, owner: { userId: string | null; ownerKey: string; deleteTokenHash: string | null }): Promise<StoredResult> {
	await checkResultRoom(owner.ownerKey, output.data.byteLength)
	const file = await storeFile({
		name: cleanFileName(output.fileName, 'result'),
		mediaType: output.contentType,
		data: output.data,
		kept: false,
		uploadedById: owner.userId,
		tool: SLUG,
		expiresAt: await expiryFromNow(),
		deleteTokenHash: owner.deleteTokenHash ?? undefined,
		pageCount: output.pageCount,
		ownerKey: owner.ownerKey,
	})
	return {
		id: file.id,
		fileName: file.name,
		contentType: file.mediaType,
		size: file.size,
		pageCount: output.pageCount,
		downloadUrl: pdfFileUrl(file.id),
		expiresAt: file.expiresAt!.toISOString(),
		...(output.notes && output.notes.length > 0 ? { notes: output.notes } : {}),
	}
}

export function createdResponse(result: StoredResult): Response {
	return json(result, { status: 201, headers: { Location: result.downloadUrl } })
}

/**
 * `POST /api/convert/upload`: the operation becomes a durable job (issue 30).
 * Within the wait `Prefer` asks for (answers.server.ts), the answer is the
 * 201 it always was; past it, a 202 pointing at `/api/jobs/{id}`. With
 * `Accept: application/x-ndjson`, the answer streams the job's progress.
 * A client that goes away before its answer cancels the job, unless it was
 * told where the job is (202).
 */
export async function handleUpload(request: Request, { clientIp }: { clientIp?: string } = {}): Promise<Response> {
	const ownerId = await requestUserId(request)
	const ownerKey = resultOwnerKey(ownerId, clientIp)
	// An owner already at their quota is told before the upload is read and the work done.
	await checkResultRoom(ownerKey, 0)
	const { operation, files, options, password, keepProtection } = await readUploadRequest(request)
	const submitted = await submitPdfJob({ operation, files, options, password, keepProtection, via: 'api', owner: { userId: ownerId, ownerKey } })
	return answerJob(request, submitted)
}

/** The answer to a request that made a job: its 201 when it ends within the wait, else 202 (or the NDJSON stream). */
export async function answerJob(request: Request, { job, deleteToken }: { job: JobRow; deleteToken?: string }): Promise<Response> {
	const withToken = (result: StoredResult): StoredResult => (deleteToken ? { ...result, deleteToken } : result)
	if (wantsProgress(request)) {
		return progressStream(job, {
			finalBody: async (ended) => ({ status: 201, body: withToken(endedJobResult(ended)) }),
			onClientGone: () => void cancelJob(job).catch(() => {}),
		})
	}
	return answerSubmitted(request, { job, deleteToken }, async (ended) => createdResponse(withToken(endedJobResult(ended))))
}

/** `POST /api/edit-pdf`: one PDF (`file`), checked by its bytes and opened in a job process, then stored as sent. */
export async function handleEditedPdf(request: Request, { clientIp }: { clientIp?: string } = {}): Promise<Response> {
	const ownerId = await requestUserId(request)
	await checkResultRoom(resultOwnerKey(ownerId, clientIp), 0)
	const form = await readLimitedForm(request, { maxParts: 2, perFile: await fileLimit() })
	refuseUnknownFields(form, new Set(['file']))
	const entries = form.getAll('file')
	if (entries.length !== 1) throw validation('file', 'Upload one PDF')
	const [file] = await filesOf(entries, 'file')
	const name = pdfName(file!.name)
	if (file!.data.byteLength > 0 && !startsLikePdf(file!.data)) {
		const message = `"${name}" is not a PDF (its content does not start with %PDF-).`
		throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { fields: { file: message } })
	}
	// Opened in a job process as the operations open it (damaged, encrypted and oversized PDFs are refused), its pages counted, then stored.
	const submitted = await submitPdfCheckJob({ file: { name, data: file!.data }, via: 'api', owner: { userId: ownerId, ownerKey: resultOwnerKey(ownerId, clientIp) } })
	return answerJob(request, submitted)
}

/** The check's refusal of an encrypted PDF, said for this endpoint: it stores files that open without a password. */
export function editedPdfEncrypted(name: string, details: unknown): AppError {
	return new AppError('VALIDATION_ERROR', `This PDF is password-protected: "${name}" is encrypted, and saved PDFs must open without a password. Save it without its password first (any operation of the PDF page does, given the password), then store that copy.`, details, 422)
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/** `%PDF-` within the first 1,024 bytes, where readers look for it (as the engine checks). */
export function startsLikePdf(bytes: Uint8Array): boolean {
	const end = Math.min(bytes.length, 1024) - PDF_SIGNATURE.length
	for (let i = 0; i <= end; i++) if (PDF_SIGNATURE.every((byte, k) => bytes[i + k] === byte)) return true
	return false
}

function pdfName(name: string): string {
	const cleaned = cleanFileName(name, 'document.pdf')
	return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`
}

/** `GET /api/pdf/{id}`: the stored result as an attachment; 404 (JSON) when unknown, malformed, expired or not a PDF converter result. */
export async function downloadResponse(id: string): Promise<Response> {
	const file = await readStoredFile(id, new Date(), { tool: SLUG })
	if (!file) throw notFound()
	return new Response(storedFileBody(file), {
		status: 200,
		headers: attachmentHeaders(file),
	})
}

function notFound(): AppError {
	return new AppError('NOT_FOUND', 'Resource not found', { reason: 'The file does not exist or has expired.' })
}

/**
 * `DELETE /api/pdf/{id}`: 204 for its owner (the same signed-in user, or the
 * anonymous uploader's delete token), 403 for anyone else, 404 when unknown
 * or expired.
 */
export async function handleDelete(request: Request, id: string): Promise<Response> {
	const file = await readStoredFile(id, new Date(), { tool: SLUG })
	if (!file) throw notFound()
	const presented = request.headers.get('X-Delete-Token') ?? new URL(request.url).searchParams.get('token')
	let allowed = tokenMatches(presented, file.deleteTokenHash)
	if (!allowed && file.uploadedById) allowed = (await requestUserId(request)) === file.uploadedById
	if (!allowed) {
		throw new AppError('AUTHORIZATION_ERROR', 'Access denied', {
			reason: file.deleteTokenHash ? 'Send the delete token the upload answered (X-Delete-Token header or ?token=).' : 'Only the account that made this file may delete it.',
		})
	}
	await deleteStoredFile(file.id)
	return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
