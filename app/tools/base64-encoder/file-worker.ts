/**
 * The Base64 page's file worker (a module Web Worker): encodes a file's
 * bytes to Base64 or a data URI, and decodes Base64 (a file, or long text
 * from the text box) to bytes, off the page's main thread, posting progress.
 * Decoded bytes go back as a transferred buffer (no copy).
 *
 * Started by `file-runner.client.ts` only (kit/worker-client.client.ts's protocol); the server build never sees it.
 */
import { serializeToolError } from '#app/tools/kit/core.ts'
import type { WorkerReply } from '#app/tools/kit/worker-client.client.ts'
// The codec modules, not core.ts: the worker needs neither Zod nor the text core, and starts faster without them.
import { decodeToBytes, encodeBytes, toDataUri, type DecodeOptions, type EncodeOptions } from './codec.ts'
import { detectFileType, type FileType } from './file-type.ts'

export type FileTask =
	/** Starts the worker ahead of use (loads this module); answers nothing. */
	| { id: number; kind: 'warm-up' }
	| { id: number; kind: 'encode'; file: File; format: 'base64' | 'data-uri'; options: EncodeOptions }
	| { id: number; kind: 'decode-file'; file: File; options: DecodeOptions }
	| { id: number; kind: 'decode-text'; text: string; options: DecodeOptions }

export type EncodedFile = { kind: 'encoded'; text: string; inputBytes: number; mime: string; ms: number }
export type DecodedBytes = { kind: 'decoded'; bytes: Uint8Array; inputChars: number; detectedType: FileType | null; ms: number }

export type FileReply = WorkerReply<EncodedFile | DecodedBytes>

const scope = self as unknown as {
	postMessage(message: FileReply, transfer?: Array<Transferable>): void
	addEventListener(type: 'message', listener: (event: MessageEvent<FileTask>) => void): void
}

/** Reading the file is the first fifth of the bar; the work the rest. */
const READ_SHARE = 0.2

scope.addEventListener('message', async ({ data: task }) => {
	const { id } = task
	if (task.kind === 'warm-up') return
	const started = performance.now()
	let lastPost = 0
	const progress = (fraction: number) => {
		const now = performance.now()
		if (now - lastPost < 50 && fraction < 1) return
		lastPost = now
		scope.postMessage({ id, progress: Math.min(1, Math.max(0, fraction)) })
	}
	const working = (fraction: number) => progress(READ_SHARE + fraction * (1 - READ_SHARE))
	try {
		if (task.kind === 'encode') {
			progress(0)
			const bytes = new Uint8Array(await task.file.arrayBuffer())
			progress(READ_SHARE)
			const mime = task.file.type || detectFileType(bytes)?.mime || 'application/octet-stream'
			const text = task.format === 'data-uri' ? toDataUri(bytes, mime, working) : encodeBytes(bytes, task.options, working)
			const result: EncodedFile = { kind: 'encoded', text, inputBytes: bytes.length, mime, ms: performance.now() - started }
			scope.postMessage({ id, ok: true, result })
			return
		}
		let text: string
		if (task.kind === 'decode-file') {
			progress(0)
			text = await task.file.text()
			progress(READ_SHARE)
		} else {
			text = task.text
		}
		const bytes = decodeToBytes(text, task.options, task.kind === 'decode-file' ? working : progress)
		// A view into a larger buffer is copied so that only the bytes travel.
		const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
		const result: DecodedBytes = { kind: 'decoded', bytes: own, inputChars: text.length, detectedType: detectFileType(own), ms: performance.now() - started }
		scope.postMessage({ id, ok: true, result }, [own.buffer])
	} catch (error) {
		const known = serializeToolError(error)
		if (!known) console.error(error)
		scope.postMessage({
			id,
			ok: false,
			error: known ?? { code: 'INTERNAL_ERROR', message: 'Something went wrong while reading the file. Please try again.', status: 500 },
		})
	}
})
