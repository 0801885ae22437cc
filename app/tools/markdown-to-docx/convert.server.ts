/**
 * A conversion on the server (the API, and the page's form posted without
 * JavaScript): the request read within its limits, the uploads checked by
 * their bytes, the job run in a job process and counted as a ToolRun, and
 * the answer: the .docx with its file name and report header.
 */
import { checkImageFile, contentDisposition, deleteStoredFile, readStoredFile, resultOwnerKey, storedFileBody, uploadLimitBytes } from '#app/files/files.server.ts'
import { randomBytes } from 'node:crypto'
import { answerSubmitted } from '#app/jobs/answers.server.ts'
import { isFinal, type JobError, jobErrorToAppError, type JobOwner, type JobRow, submitJob, waitForJob } from '#app/jobs/jobs.server.ts'
import { ToolError } from '#app/tools/kit/core.ts'
import { type RunVia } from '#app/tools/kit/run.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'
import { type DocxTask } from './job.server.ts'
import { type DocxJobAnswer, type DocxJobInput } from './jobs.server.ts'
import { DOCX_MEDIA_TYPE, DOCX_OPTION_NAMES, MAX_MARKDOWN_BYTES, type ReportEntry } from './options.ts'

export const SLUG = 'markdown-to-docx'

/**
 * A conversion as a durable job (issue 30): the Markdown and the images are
 * its inputs, run in a job process and stored by the runner (jobs.server.ts).
 */
export async function submitDocxJob({
	markdown,
	options,
	images,
	fileName,
	via,
	owner,
}: {
	markdown: string
	options: Record<string, unknown>
	images: DocxTask['images']
	fileName?: string
	via: RunVia
	owner: JobOwner
}) {
	const bytes = new TextEncoder().encode(markdown)
	if (bytes.byteLength > MAX_MARKDOWN_BYTES) throw markdownTooLarge()
	const input: DocxJobInput = { options, names: ['markdown', ...images.map((image) => image.name)], ...(fileName ? { fileName } : {}) }
	return submitJob({ kind: 'md-to-docx', owner, input, files: [{ name: 'markdown', data: bytes }, ...images], via })
}

/** The .docx of a finished job as the API has always answered it, or the job's error thrown. */
export async function endedDocxResponse(job: JobRow): Promise<Response> {
	if (job.state !== 'completed') throw jobErrorToAppError(job.error as JobError)
	const answer = job.result as DocxJobAnswer
	const file = await readStoredFile(answer.id, new Date(), { tool: SLUG })
	if (!file) throw new AppError('NOT_FOUND', 'Resource not found', { reason: 'The file does not exist or has expired.' })
	return docxResponse({ docx: new Uint8Array(await new Response(storedFileBody(file)).arrayBuffer()), report: answer.report }, answer.fileName)
}

/**
 * The API's answer: the .docx when the job ends within the wait (`Prefer`),
 * else 202 pointing at /api/jobs/{id}. A client gone before its answer
 * cancels the job.
 */
export async function answerDocxJob(request: Request, submitted: { job: JobRow; deleteToken?: string }): Promise<Response> {
	return answerSubmitted(request, submitted, endedDocxResponse)
}

/** One conversion, waited for, and its document's bytes (tests): the stored .docx is read back and removed. */
export async function convertOnServer({ markdown, options, images, via, owner }: { markdown: string; options: Record<string, unknown>; images: DocxTask['images']; via: RunVia; owner?: JobOwner }): Promise<{ docx: Uint8Array; report: Array<ReportEntry>; fileName: string }> {
	const { job } = await submitDocxJob({ markdown, options, images, via, owner: owner ?? { userId: null, ownerKey: resultOwnerKey(null, `internal:${randomBytes(8).toString('hex')}`) } })
	let ended: JobRow | null = job
	while (ended && !isFinal(ended.state)) ended = await waitForJob(job.id, { waitMs: 60_000 })
	if (ended!.state !== 'completed') throw jobErrorToAppError(ended!.error as JobError)
	const answer = ended!.result as DocxJobAnswer
	const file = await readStoredFile(answer.id)
	const docx = new Uint8Array(await new Response(storedFileBody(file!)).arrayBuffer())
	await deleteStoredFile(answer.id)
	return { docx, report: answer.report, fileName: answer.fileName }
}

export function markdownTooLarge(): ToolError {
	return new ToolError(`The Markdown is too large (limit ${formatBytes(MAX_MARKDOWN_BYTES)}).`, { field: 'markdown', limit: MAX_MARKDOWN_BYTES }, 'PAYLOAD_TOO_LARGE')
}

const BINARY_SIGNATURES: Array<[string, Array<number>]> = [
	['PDF', [0x25, 0x50, 0x44, 0x46]],
	['ZIP (or DOCX)', [0x50, 0x4b, 0x03, 0x04]],
	['PNG', [0x89, 0x50, 0x4e, 0x47]],
	['JPEG', [0xff, 0xd8, 0xff]],
	['GIF', [0x47, 0x49, 0x46, 0x38]],
	['gzip', [0x1f, 0x8b]],
	['executable', [0x7f, 0x45, 0x4c, 0x46]],
	['executable', [0x4d, 0x5a]],
]

/**
 * The Markdown of an uploaded file, identified by its bytes: UTF-8 text
 * (a byte order mark is dropped), with no NUL bytes and no known binary
 * signature, whatever the file's name or declared type says. 400 otherwise.
 */
export function markdownFromBytes(bytes: Uint8Array): string {
	const notText = (what: string) =>
		new ToolError(`Validation failed: the file is not Markdown text (${what}).`, { fields: { file: 'Upload a .md, .markdown or .txt file in UTF-8' } })
	for (const [name, signature] of BINARY_SIGNATURES) {
		if (signature.every((byte, index) => bytes[index] === byte)) {
			// "MZ" and "PK" could begin a text; the rest of the check decides for text that does.
			if (name !== 'executable' || bytes.subarray(0, 4096).includes(0)) throw notText(`its contents are ${name}`)
		}
	}
	if (bytes.includes(0)) throw notText('it holds NUL bytes, as binary files do')
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
	} catch {
		throw notText('it is not valid UTF-8')
	}
}

/**
 * The download's file name: the uploaded file's name without its extension,
 * else the document's title or first heading, else "document"; path parts,
 * control, bidirectional-override and reserved characters removed.
 */
export function docxFileName(fileName: string | undefined, ...titles: Array<string | undefined>): string {
	// A file name's folders are dropped; a title's slashes are text ("Input/Output").
	const candidates = [fileName?.split(/[/\\]/).pop(), ...titles.map((title) => title?.replace(/[/\\]+/g, '-'))]
	for (const candidate of candidates) {
		if (!candidate) continue
		const cleaned = candidate
			.replace(/\.(md|markdown|mdown|mkd|txt)$/i, '')
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
			.replace(/[<>:"|?*;%\\]/g, '')
			.replace(/\s+/g, ' ')
			.trim()
			.replace(/^[.\s]+|[.\s]+$/g, '')
		const short = Array.from(cleaned).slice(0, 100).join('').trim()
		if (short) return `${short}.docx`
	}
	return 'document.docx'
}

/** Bytes the X-Conversion-Report header may take (servers and proxies refuse headers beyond 8–16 KB in all). */
export const REPORT_HEADER_MAX = 6 * 1024

/**
 * The report as JSON for a header: ASCII only (other characters as \\u
 * escapes), and at most REPORT_HEADER_MAX bytes; entries that do not fit
 * are left out and counted in a last entry of kind "truncated".
 */
export function reportHeader(report: ReadonlyArray<ReportEntry>): string {
	const ascii = (value: unknown) => JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
	const all = ascii(report)
	if (all.length <= REPORT_HEADER_MAX) return all
	const kept: Array<ReportEntry | { line: 0; kind: 'truncated'; message: string }> = []
	let size = 2 + 120
	for (const entry of report) {
		const piece = ascii(entry).length + 1
		if (size + piece > REPORT_HEADER_MAX) break
		kept.push(entry)
		size += piece
	}
	kept.push({ line: 0, kind: 'truncated', message: `${report.length - kept.length} more entries were left out of this header.` })
	return ascii(kept)
}

/** Parts a request may have: the Markdown, the options and the images. */
export const MAX_PARTS = 100
/** A whole request, images included. */
export const MAX_REQUEST_BYTES = 50 * 1024 * 1024

const FIELDS = new Set<string>(['file', 'markdown', 'images', ...DOCX_OPTION_NAMES])

export type ConversionRequest = {
	markdown: string
	/** The options as sent (strings), checked by the job. */
	options: Record<string, unknown>
	images: Array<{ name: string; data: Uint8Array }>
	/** The uploaded Markdown file's name, when the Markdown came as a file. */
	fileName: string | undefined
}

/**
 * Reads a conversion request (multipart): the body within its limits (413
 * naming the limit, as it streams), the fields checked (400 naming them),
 * the Markdown file identified by its bytes (400) and each image by its
 * bytes (413 over the admin's upload limit, 415 when not a picture), and the
 * options collected as text. Throws the catalogue's AppError.
 *
 * `from: 'form'` is the page's form posted without JavaScript, which always
 * sends every field it has: a file input left empty (an empty part with no
 * name), an empty text box beside a chosen file, and option fields left
 * blank count as not sent. The API (`'api'`) takes what it is sent as it is.
 */
export async function readConversionRequest(request: Request, { from }: { from: 'api' | 'form' }): Promise<ConversionRequest> {
	const imageLimit = await uploadLimitBytes()
	const form = await readFormData(request, MAX_REQUEST_BYTES, {
		maxFields: MAX_PARTS,
		maxFieldBytes: MAX_MARKDOWN_BYTES,
		maxFileBytes: Math.max(MAX_MARKDOWN_BYTES, imageLimit),
		maxFileBytesByField: { file: MAX_MARKDOWN_BYTES, images: imageLimit },
	})

	const unknown = [...new Set(form.keys())].filter((name) => !FIELDS.has(name))
	if (unknown.length > 0) {
		const fields = Object.fromEntries(unknown.slice(0, 20).map((name) => [name.slice(0, 60), 'Unknown field']))
		throw new AppError('VALIDATION_ERROR', `Validation failed: unknown field "${unknown[0]!.slice(0, 60)}".`, { fields })
	}

	let file = form.get('file')
	let text = form.get('markdown')
	if (from === 'form') {
		// An empty file input posts an empty part without a file name.
		if (file !== null && (file instanceof File ? file.size === 0 && file.name === '' : file === '')) file = null
		if (file !== null && typeof text === 'string' && text.trim() === '') text = null
	}
	if (file !== null && text !== null) {
		throw from === 'form'
			? new AppError('VALIDATION_ERROR', 'Validation failed: use the text box or a Markdown file, not both.', { fields: { markdown: 'Empty the text box, or leave the file out' } })
			: new AppError('VALIDATION_ERROR', 'Validation failed: send the Markdown as "file" or as "markdown", not both.', { fields: { markdown: 'Send one of file or markdown' } })
	}
	if (file !== null && !(file instanceof File)) {
		throw new AppError('VALIDATION_ERROR', 'Validation failed: "file" must be a file.', { fields: { file: 'Must be a file' } })
	}
	if (text !== null && typeof text !== 'string') {
		throw new AppError('VALIDATION_ERROR', 'Validation failed: "markdown" must be text.', { fields: { markdown: 'Must be text, not a file' } })
	}
	const markdown = file ? markdownFromBytes(new Uint8Array(await file.arrayBuffer())) : (text ?? '')
	if (markdown.replace(/^\ufeff/, '').trim() === '') {
		throw new AppError('VALIDATION_ERROR', 'Validation failed: the Markdown is empty.', {
			fields: { [file ? 'file' : 'markdown']: file ? 'The file is empty' : from === 'form' ? 'Type or paste some Markdown, or choose a file' : 'Send some Markdown, or a file in "file"' },
		})
	}

	const images: Array<{ name: string; data: Uint8Array }> = []
	for (const entry of form.getAll('images')) {
		if (from === 'form' && entry instanceof File && entry.size === 0 && entry.name === '') continue
		if (!(entry instanceof File)) throw new AppError('VALIDATION_ERROR', 'Validation failed: "images" must be files.', { fields: { images: 'Must be image files' } })
		const image = await checkImageFile(entry, imageLimit, 'images')
		if (image) images.push({ name: image.name, data: image.data })
	}

	const options: Record<string, unknown> = {}
	for (const name of DOCX_OPTION_NAMES) {
		let values = form.getAll(name)
		if (from === 'form') values = values.filter((value) => value !== '')
		if (values.length === 0) continue
		if (values.length > 1 || typeof values[0] !== 'string') {
			throw new AppError('VALIDATION_ERROR', `Validation failed: "${name}" must be given once, as text.`, { fields: { [name]: 'Give it once, as text' } })
		}
		options[name] = values[0]
	}
	return { markdown, options, images, fileName: file?.name }
}

/** The answer to a conversion: the .docx as an attachment, its report in X-Conversion-Report. */
export function docxResponse(result: { docx: Uint8Array; report: ReadonlyArray<ReportEntry> }, name: string): Response {
	return new Response(result.docx as BodyInit, {
		status: 200,
		headers: {
			'Content-Type': DOCX_MEDIA_TYPE,
			'Content-Disposition': contentDisposition(name, 'attachment'),
			'Content-Length': String(result.docx.byteLength),
			'X-Conversion-Report': reportHeader(result.report),
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

export { DOCX_MEDIA_TYPE }
