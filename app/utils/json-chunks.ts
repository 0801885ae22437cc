/**
 * `JSON.stringify(object)` as UTF-8 chunks, byte for byte the same, without
 * ever holding the whole JSON text as one string: a long string field (a
 * tool's 20 MB `output`) is escaped a slice at a time. The tool API's worker
 * encodes its answer with this and hands the chunks to the main thread
 * without a copy (issue 17): where the result object crossed the thread
 * boundary by structured clone and was stringified there, the main thread
 * now only writes bytes.
 */

/** Characters (UTF-16 code units) a chunk holds before it is encoded: about 1 MB. */
export const JSON_CHUNK_CHARS = 1024 * 1024

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff
}

/**
 * The UTF-8 of `JSON.stringify(value)` for a plain object (keys in their own
 * order; fields JSON leaves out, such as `undefined`, left out), as chunks of
 * roughly `chunkChars` characters. Each chunk owns its whole ArrayBuffer, so
 * it can be transferred to another thread.
 */
export function encodeJsonChunks(value: Record<string, unknown>, chunkChars = JSON_CHUNK_CHARS): Array<Uint8Array> {
	const encoder = new TextEncoder()
	const chunks: Array<Uint8Array> = []
	let pending: Array<string> = []
	let pendingLength = 0
	const flush = () => {
		if (pendingLength === 0) return
		chunks.push(encoder.encode(pending.join('')))
		pending = []
		pendingLength = 0
	}
	const push = (text: string) => {
		pending.push(text)
		pendingLength += text.length
		if (pendingLength >= chunkChars) flush()
	}
	push('{')
	let first = true
	for (const key of Object.keys(value)) {
		const field = value[key]
		if (typeof field === 'string' && field.length > chunkChars) {
			push(`${first ? '' : ','}${JSON.stringify(key)}:"`)
			for (let start = 0; start < field.length; ) {
				let end = Math.min(field.length, start + chunkChars)
				// A surrogate pair cut in two would come out as two escaped halves (`\ud83d\ude00`): keep pairs whole.
				if (end < field.length && isHighSurrogate(field.charCodeAt(end - 1)) && end - 1 > start) end--
				push(JSON.stringify(field.slice(start, end)).slice(1, -1))
				start = end
			}
			push('"')
		} else {
			const json = JSON.stringify(field)
			if (json === undefined) continue
			push(`${first ? '' : ','}${JSON.stringify(key)}:${json}`)
		}
		first = false
	}
	push('}')
	flush()
	return chunks
}
