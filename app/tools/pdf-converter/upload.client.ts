/**
 * The Convert form with JavaScript: the files and options sent to
 * `POST /api/convert/upload` with XMLHttpRequest (for upload progress),
 * the answer read either as the streamed progress of the run
 * (`Accept: application/x-ndjson`: progress lines, then one result or error
 * line) or, from a server that answers plainly, as the usual 201 JSON; and
 * `DELETE /api/pdf/{id}` for "Delete now".
 */
import { codeForStatus, ERROR_CATALOGUE, type ErrorBody } from '#app/utils/errors.ts'
import { UPLOAD_API_PATH } from './parts/operations.ts'
import { type ShownResult } from './parts/result.tsx'

export const NDJSON = 'application/x-ndjson'

/** The stored result as the 201 describes it (api.server.ts StoredResult). */
export type UploadedResult = ShownResult

export type UploadProgress =
	| { phase: 'uploading'; loaded: number; total: number | null }
	| { phase: 'processing'; done: number; total: number; stage: string | null }

export class UploadFailed extends Error {
	constructor(readonly body: ErrorBody) {
		super(body.message)
		this.name = 'UploadFailed'
	}
}

/** The catalogue's error from a status and an answer's text (the JSON error, or anything else a proxy sends). */
export function errorBodyOf(status: number, text: string | null | undefined, parsed?: unknown): ErrorBody {
	let body: unknown = parsed
	if (body === undefined) {
		try {
			body = JSON.parse(text ?? '')
		} catch {
			body = null
		}
	}
	// `{ message, status, code, details }`, or the same wrapped in `error`.
	const record = body && typeof body === 'object' ? ((body as { error?: unknown }).error && typeof (body as { error?: unknown }).error === 'object' ? (body as { error: object }).error : body) : null
	const fields = (record ?? {}) as Partial<ErrorBody>
	if (typeof fields.message === 'string' && fields.message) {
		return { message: fields.message, status: typeof fields.status === 'number' ? fields.status : status, code: fields.code ?? codeForStatus(status), details: fields.details }
	}
	const code = status === 0 ? 'NETWORK_ERROR' : codeForStatus(status)
	return { message: ERROR_CATALOGUE[code].message, status, code }
}

function isResult(body: unknown): body is UploadedResult {
	const record = body as Partial<UploadedResult> | null
	return Boolean(record && typeof record.id === 'string' && typeof record.downloadUrl === 'string' && typeof record.expiresAt === 'string')
}

type StreamLine = { type: 'progress'; done?: number; total?: number; stage?: string } | { type: 'result'; status: number; body: unknown } | { type: 'error'; status: number; body: unknown }

/** Reads the complete lines of a growing NDJSON text, from `offset`; answers the lines and where the next read starts. */
export function readLines(text: string, offset: number): { lines: Array<StreamLine>; next: number } {
	const lines: Array<StreamLine> = []
	let start = offset
	for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
		const line = text.slice(start, end).trim()
		start = end + 1
		if (!line) continue
		try {
			const parsed = JSON.parse(line) as StreamLine
			if (parsed && typeof parsed === 'object' && typeof parsed.type === 'string') lines.push(parsed)
		} catch {
			// a broken line is skipped; the final line decides
		}
	}
	return { lines, next: start }
}

/**
 * Sends the form (to the upload API, or `url`: the editor's `/api/edit-pdf`);
 * resolves with the stored result, rejects with UploadFailed (or an AbortError).
 */
export function uploadForConversion(
	form: FormData,
	{ onProgress, signal, url = UPLOAD_API_PATH }: { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal; url?: string },
): Promise<UploadedResult> {
	return new Promise((resolve, reject) => {
		const request = new XMLHttpRequest()
		request.open('POST', url)
		request.setRequestHeader('Accept', `${NDJSON}, application/json`)
		request.responseType = 'text'
		let offset = 0
		let final: StreamLine | null = null
		const streamed = () => (request.getResponseHeader('Content-Type') ?? '').toLowerCase().startsWith(NDJSON)
		const readStream = (flush: boolean) => {
			const text = flush && !request.responseText.endsWith('\n') ? `${request.responseText}\n` : request.responseText
			const { lines, next } = readLines(text, offset)
			offset = next
			for (const line of lines) {
				if (line.type === 'progress') onProgress({ phase: 'processing', done: Number(line.done) || 0, total: Number(line.total) || 0, stage: typeof line.stage === 'string' ? line.stage : null })
				else final = line
			}
		}
		request.upload.onprogress = (event) => onProgress({ phase: 'uploading', loaded: event.loaded, total: event.lengthComputable ? event.total : null })
		request.upload.onload = () => onProgress({ phase: 'processing', done: 0, total: 0, stage: null })
		request.onprogress = () => {
			if (streamed()) readStream(false)
		}
		request.onload = () => {
			if (streamed() && request.status === 200) {
				readStream(true)
				const last = final as StreamLine | null
				if (last?.type === 'result' && isResult(last.body)) resolve(last.body)
				else if (last?.type === 'error' || last?.type === 'result') reject(new UploadFailed(errorBodyOf(last.status, null, last.body)))
				// The stream ended without its final line (the connection cut, the server stopped).
				else reject(new UploadFailed({ message: 'The answer ended before the result: please try again.', status: 502, code: 'NETWORK_ERROR' }))
				return
			}
			if (request.status === 201) {
				try {
					const body = JSON.parse(request.responseText) as unknown
					if (isResult(body)) {
						resolve(body)
						return
					}
				} catch {
					// falls through to the error
				}
			}
			reject(new UploadFailed(errorBodyOf(request.status, request.responseText)))
		}
		request.onerror = () => reject(new UploadFailed({ ...ERROR_CATALOGUE.NETWORK_ERROR, code: 'NETWORK_ERROR', message: 'The upload failed: check your connection and try again.' }))
		request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
		signal?.addEventListener('abort', () => request.abort(), { once: true })
		onProgress({ phase: 'uploading', loaded: 0, total: null })
		request.send(form)
	})
}

/** `DELETE /api/pdf/{id}`: with the anonymous upload's token, or as the signed-in owner (the session cookie). */
export async function deleteResult(result: Pick<UploadedResult, 'downloadUrl' | 'deleteToken'>): Promise<void> {
	const headers: Record<string, string> = {}
	if (result.deleteToken) headers['X-Delete-Token'] = result.deleteToken
	let response: Response
	try {
		response = await fetch(result.downloadUrl, { method: 'DELETE', headers, credentials: 'same-origin' })
	} catch {
		throw new UploadFailed({ ...ERROR_CATALOGUE.NETWORK_ERROR, code: 'NETWORK_ERROR', message: 'Deleting failed: check your connection and try again.' })
	}
	// Already gone (expired, or deleted in another tab) is what was asked.
	if (response.status === 204 || response.status === 404) return
	throw new UploadFailed(errorBodyOf(response.status, await response.text().catch(() => '')))
}
