/**
 * Reading request bodies with a size limit. Remix (and Express before it)
 * would read any body whole; these refuse an oversized one as it streams in
 * (or at once, from an honest Content-Length), so it is never held in memory.
 */
import { AppError } from './errors.ts'
import { formatBytes } from './format.ts'

export function payloadTooLarge(maxBytes: number): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `Request body too large (limit ${formatBytes(maxBytes)})`, { limit: maxBytes })
}

/** The whole body as bytes; throws a 413 AppError beyond `maxBytes`. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
	const declared = Number(request.headers.get('Content-Length') ?? 0)
	if (declared > maxBytes) {
		await request.body?.cancel().catch(() => {})
		throw payloadTooLarge(maxBytes)
	}
	const chunks: Array<Uint8Array> = []
	let size = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			size += value.byteLength
			if (size > maxBytes) {
				await reader.cancel().catch(() => {})
				throw payloadTooLarge(maxBytes)
			}
			chunks.push(value)
		}
	}
	const bytes = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/**
 * The posted form (urlencoded or multipart); 413 beyond `maxBytes`, 400 when
 * the body is not a readable form.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
	const bytes = await readBodyBytes(request, maxBytes)
	try {
		const headers = { 'Content-Type': request.headers.get('Content-Type') ?? '' }
		return await new Response(bytes as BlobPart, { headers }).formData()
	} catch {
		throw new AppError('VALIDATION_ERROR', 'Validation failed: the form could not be read.')
	}
}
