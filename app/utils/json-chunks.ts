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
export function encodeJsonChunks(
	value: Record<string, unknown>,
	chunkChars = JSON_CHUNK_CHARS,
	/** Fields whose string value is given as its UTF-8 bytes instead (the field itself is not read). */
	utf8Fields: Readonly<Record<string, Uint8Array>> = {},
): Array<Uint8Array> {
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
		const bytes = Object.hasOwn(utf8Fields, key) ? utf8Fields[key]! : null
		if (bytes !== null) {
			push(`${first ? '' : ','}${JSON.stringify(key)}:"`)
			flush()
			escapeUtf8(bytes, chunks, chunkChars)
			push('"')
			first = false
			continue
		}
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

/**
 * Valid UTF-8 text as the inside of a JSON string, byte for byte what `JSON.stringify` of its text
 * gives in UTF-8: `"` and `\\` escaped, control characters as \\b \\t \\n \\f \\r or \\u00xx, every
 * other byte as it is (valid UTF-8 holds no lone surrogate, the one other thing JSON.stringify
 * escapes). Written into chunks of `chunkBytes` that each own their buffer.
 */
export function escapeUtf8(bytes: Uint8Array, chunks: Array<Uint8Array>, chunkBytes = JSON_CHUNK_CHARS): void {
	const capacity = Math.max(chunkBytes, 8)
	let chunk = new Uint8Array(capacity)
	let size = 0
	// One loop writing byte by byte: formatted JSON has a quote or a line feed every few bytes, and
	// a typed-array copy per run between them (a subarray each) took three times as long.
	const length = bytes.length
	for (let index = 0; index < length; index++) {
		const byte = bytes[index]!
		if (byte >= 0x20 && byte !== 0x22 && byte !== 0x5c) {
			chunk[size++] = byte
			if (size === capacity) {
				// A full chunk is handed over as it is, without a copy.
				chunks.push(chunk)
				chunk = new Uint8Array(capacity)
				size = 0
			}
			continue
		}
		if (size + 6 > capacity) {
			// Cut short before an escape that does not fit: copied to a buffer of its own size.
			chunks.push(chunk.slice(0, size))
			chunk = new Uint8Array(capacity)
			size = 0
		}
		const short = SHORT_ESCAPES[byte]
		chunk[size++] = 0x5c
		if (short !== 0) chunk[size++] = short!
		else {
			chunk[size++] = 0x75
			chunk[size++] = 0x30
			chunk[size++] = 0x30
			chunk[size++] = HEX[byte >> 4]!
			chunk[size++] = HEX[byte & 15]!
		}
		if (size === capacity) {
			chunks.push(chunk)
			chunk = new Uint8Array(capacity)
			size = 0
		}
	}
	if (size > 0) chunks.push(chunk.slice(0, size))
}

/** The byte after the backslash for the escapes JSON.stringify writes short (0: none, \\u00xx instead), by byte below 0x60. */
const SHORT_ESCAPES = (() => {
	const table = new Uint8Array(0x60)
	for (const [byte, letter] of [[0x22, 0x22], [0x5c, 0x5c], [0x08, 0x62], [0x09, 0x74], [0x0a, 0x6e], [0x0c, 0x66], [0x0d, 0x72]] as const) table[byte] = letter
	return table
})()
const HEX = Uint8Array.from('0123456789abcdef', (char) => char.charCodeAt(0))
