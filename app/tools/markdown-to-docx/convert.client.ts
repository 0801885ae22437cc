/**
 * The page's conversion with JavaScript: the form sent as multipart to
 * `POST /api/convert/md-to-docx` (XMLHttpRequest, for upload progress), the
 * answer read back as the .docx with its file name (Content-Disposition)
 * and report (X-Conversion-Report), or as the catalogue's error.
 */
import { codeForStatus, ERROR_CATALOGUE, type ErrorBody } from '#app/utils/errors.ts'
import { type ReportEntry } from './options.ts'
import { API_PATH } from './parts/files.ts'

/** A report entry, or the last one saying how many did not fit in the header. */
export type ShownReportEntry = ReportEntry | { line: number; kind: 'truncated'; message: string }

export type Converted = { blob: Blob; fileName: string; report: Array<ShownReportEntry> }

export type ConvertProgress = { phase: 'uploading'; fraction: number | null } | { phase: 'converting' }

export class ConversionFailed extends Error {
	constructor(readonly body: ErrorBody) {
		super(body.message)
		this.name = 'ConversionFailed'
	}
}

/** The file name of `Content-Disposition`: RFC 6266's `filename*` (UTF-8) first, else `filename`. */
export function fileNameFromDisposition(header: string | null, fallback = 'document.docx'): string {
	if (!header) return fallback
	const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)
	if (star) {
		try {
			return decodeURIComponent(star[1]!.trim())
		} catch {
			// fall through to the ASCII name
		}
	}
	const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(header)
	const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined
	return name || fallback
}

/** The report header's entries; anything unreadable is no entry. */
export function parseReportHeader(header: string | null): Array<ShownReportEntry> {
	if (!header) return []
	try {
		const entries = JSON.parse(header) as unknown
		if (!Array.isArray(entries)) return []
		return entries.filter(
			(entry): entry is ShownReportEntry =>
				entry !== null && typeof entry === 'object' && typeof entry.line === 'number' && typeof entry.kind === 'string' && typeof entry.message === 'string',
		)
	} catch {
		return []
	}
}

async function errorBodyOf(status: number, blob: Blob | null): Promise<ErrorBody> {
	try {
		const body = JSON.parse((await blob?.text()) ?? '') as Partial<ErrorBody>
		if (typeof body.message === 'string') return { message: body.message, status: body.status ?? status, code: body.code ?? codeForStatus(status), details: body.details }
	} catch {
		// not the catalogue's JSON (a proxy's page, say)
	}
	const code = codeForStatus(status)
	return { message: ERROR_CATALOGUE[code].message, status, code }
}

/** Sends the conversion; resolves with the document, rejects with ConversionFailed (or an AbortError). */
export function convertInBrowser(form: FormData, { onProgress, signal }: { onProgress: (progress: ConvertProgress) => void; signal?: AbortSignal }): Promise<Converted> {
	return new Promise((resolve, reject) => {
		const request = new XMLHttpRequest()
		request.open('POST', API_PATH)
		request.responseType = 'blob'
		request.upload.onprogress = (event) => onProgress({ phase: 'uploading', fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null })
		request.upload.onload = () => onProgress({ phase: 'converting' })
		request.onload = () => {
			const blob = request.response as Blob | null
			if (request.status === 200 && blob) {
				resolve({
					blob,
					fileName: fileNameFromDisposition(request.getResponseHeader('Content-Disposition')),
					report: parseReportHeader(request.getResponseHeader('X-Conversion-Report')),
				})
				return
			}
			void errorBodyOf(request.status, blob).then((body) => reject(new ConversionFailed(body)))
		}
		request.onerror = () => reject(new ConversionFailed({ ...ERROR_CATALOGUE.NETWORK_ERROR, code: 'NETWORK_ERROR' }))
		request.onabort = () => reject(new DOMException('The conversion was cancelled.', 'AbortError'))
		signal?.addEventListener('abort', () => request.abort(), { once: true })
		onProgress({ phase: 'uploading', fraction: 0 })
		request.send(form)
	})
}
