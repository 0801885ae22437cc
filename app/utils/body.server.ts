/**
 * The one way a route reads a request body (SECURITY.md A1, A2, F1): every
 * reader takes a byte limit and refuses an oversized body as it streams in
 * (or at once, from an honest Content-Length), so it is never held in
 * memory; and no reader lets a hostile body freeze the event loop:
 *
 * - forms: the number of fields is capped before anything is decoded, a
 *   urlencoded body is decoded in slices that yield to the event loop, and a
 *   multipart body is parsed as it streams (@remix-run/multipart-parser);
 * - JSON: nesting depth and the number of values are checked by a scan that
 *   stops at the first excess, before `JSON.parse` sees the text.
 *
 * Routes never call `request.formData()`, `.json()`, `.text()`,
 * `.arrayBuffer()` or `.blob()` themselves (tests/integration/body-limits.test.ts
 * checks the sources and every route).
 */
import {
	MaxFileSizeExceededError,
	MaxHeaderSizeExceededError,
	MaxPartsExceededError,
	MaxTotalSizeExceededError,
	MultipartParseError,
	parseMultipartRequest,
} from '@remix-run/multipart-parser'
import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { AppError } from './errors.ts'
import { formatBytes } from './format.ts'

/** Fields a form may have unless its route says otherwise (the largest form, the post editor, has about 20). */
export const DEFAULT_MAX_FORM_FIELDS = 200

/** Nesting a JSON body may have (the API's bodies are two or three levels deep). */
export const DEFAULT_MAX_JSON_DEPTH = 32

/** Values (objects, arrays, strings, numbers, literals) a JSON body may hold outside its strings' contents. */
export const DEFAULT_MAX_JSON_VALUES = 10_000

/**
 * Bytes a text field may decode to unless its route says otherwise: the
 * tools' input limit. Files are parts of a multipart body and are not text
 * fields. A JavaScript string of 30 MB alone takes 100–250 ms to build on
 * one thread, so a larger field is refused before it becomes one.
 */
export const DEFAULT_MAX_FIELD_BYTES = 10 * 1024 * 1024

/** Bytes decoded between two yields to the event loop (≈ 1–3 ms of work). */
const SLICE_BYTES = 1024 * 1024

/** A tiny limit for routes that take a word or two (the theme and sidebar toggles). */
export const TINY_FORM_BYTES = 4 * 1024

export function payloadTooLarge(maxBytes: number): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `Request body too large (limit ${formatBytes(maxBytes)})`, { limit: maxBytes })
}

function tooManyFields(maxFields: number): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `Too many form fields (limit ${maxFields})`, { limit: maxFields, reason: 'fields' })
}

/** `size`, the field's decoded bytes, when they were counted (a field refused while it streams in is not). */
function fieldTooLarge(maxFieldBytes: number, size?: number, field?: string): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `A form field is too large (limit ${formatBytes(maxFieldBytes)})`, { limit: maxFieldBytes, reason: 'field', size, ...(field === undefined ? {} : { field }) })
}

/** A multipart text field whose bytes are not UTF-8: 400 naming it (`details.fields`), as a schema's errors do. */
function notUtf8(field: string): AppError {
	const shown = field.slice(0, 60)
	return new AppError('VALIDATION_ERROR', `Validation failed: the field "${shown}" is not valid UTF-8.`, { fields: { [shown]: 'The text is not valid UTF-8' } })
}

/** A file part over its limit (`maxFileBytes`, or its field's own in `maxFileBytesByField`). */
function fileTooLarge(limit: number, field?: string): AppError {
	const which = field === undefined ? 'A file' : `A file in "${field.slice(0, 40)}"`
	return new AppError('PAYLOAD_TOO_LARGE', `${which} is too large (limit ${formatBytes(limit)})`, { limit, reason: 'file', ...(field === undefined ? {} : { field }) })
}

/** The decoded size of a field refused by `fieldTooLarge`, when known. */
export function refusedFieldSize(error: AppError): number | undefined {
	const details = error.details as { reason?: string; size?: number } | undefined
	return details?.reason === 'field' ? details.size : undefined
}

/** Stops reading a body nobody will use; never throws. */
export async function discardBody(request: Request): Promise<void> {
	if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {})
}

/** 413 at once when the body says it is larger than `maxBytes` (nothing is read). */
async function refuseDeclaredTooLarge(request: Request, maxBytes: number) {
	const declared = Number(request.headers.get('Content-Length') ?? 0)
	if (declared > maxBytes) {
		await discardBody(request)
		throw payloadTooLarge(maxBytes)
	}
}

/**
 * The whole body as bytes; throws a 413 AppError beyond `maxBytes`.
 * `inspect` sees each chunk as it arrives and may throw to refuse the body
 * before the rest is read.
 */
export async function readBodyBytes(request: Request, maxBytes: number, inspect?: (chunk: Uint8Array) => void): Promise<Uint8Array> {
	await refuseDeclaredTooLarge(request, maxBytes)
	if (!request.body) return new Uint8Array(0)
	// Each chunk is copied into place as it arrives. Joining 30 MB of chunks at
	// the end costs ~100 ms in one go on these machines, nearly all of it page
	// faults on the fresh buffer; touched a chunk at a time they spread out.
	// The buffer is reserved at the declared length, or the limit, and only
	// the pages written become resident.
	const declared = Number(request.headers.get('Content-Length'))
	let bytes = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxBytes) : Math.min(maxBytes, 64 * 1024))
	let size = 0
	let sinceYield = 0
	const reader = request.body.getReader()
	for (;;) {
		let result: ReadableStreamReadResult<Uint8Array>
		try {
			result = await reader.read()
		} catch {
			// The client went away mid-body: nobody is left to answer.
			throw new AppError('VALIDATION_ERROR', 'The request body was cut off.')
		}
		const { done, value } = result
		if (done) break
		if (size + value.byteLength > maxBytes) {
			await reader.cancel().catch(() => {})
			throw payloadTooLarge(maxBytes)
		}
		try {
			inspect?.(value)
		} catch (error) {
			await reader.cancel().catch(() => {})
			throw error
		}
		if (size + value.byteLength > bytes.length) {
			// Chunked, or a Content-Length that undercounted: reserve up to the limit.
			const grown = new Uint8Array(maxBytes)
			grown.set(bytes.subarray(0, size))
			bytes = grown
		}
		bytes.set(value, size)
		size += value.byteLength
		// Chunks already queued are read in microtasks, without a turn of the
		// event loop: hand it one every megabyte.
		sinceYield += value.byteLength
		if (sinceYield >= SLICE_BYTES) {
			sinceYield = 0
			await yieldToEventLoop()
		}
	}
	return bytes.subarray(0, size)
}

/** A Buffer view of the same bytes: its indexOf is native memchr, ~8× faster than Uint8Array's. */
function bufferView(bytes: Uint8Array): Buffer {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

export type FormLimits = {
	/** Fields allowed (urlencoded pairs or multipart parts). */
	maxFields?: number
	/** Bytes one text field may decode to (files excepted). */
	maxFieldBytes?: number
	/**
	 * Bytes one file part of a multipart body may have (default: the body's
	 * limit), refused as it streams in.
	 */
	maxFileBytes?: number
	/** Smaller limits for the files of some fields (checked once the part has arrived, within `maxFileBytes`). */
	maxFileBytesByField?: Readonly<Record<string, number>>
}

function mediaTypeOf(request: Request): string {
	return (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/**
 * The posted form (urlencoded or multipart): 413 beyond `maxBytes` or
 * `maxFields`, 415 for any other Content-Type, 400 when the body is not a
 * readable form.
 */
export async function readFormData(
	request: Request,
	maxBytes: number,
	{ maxFields = DEFAULT_MAX_FORM_FIELDS, maxFieldBytes = DEFAULT_MAX_FIELD_BYTES, maxFileBytes, maxFileBytesByField }: FormLimits = {},
): Promise<FormData> {
	const type = mediaTypeOf(request)
	if (type === 'application/x-www-form-urlencoded') {
		return parseUrlEncoded(await readBodyBytes(request, maxBytes, urlEncodedInspector(maxFields, maxFieldBytes)), maxFields, maxFieldBytes)
	}
	if (type === 'multipart/form-data') {
		await refuseDeclaredTooLarge(request, maxBytes)
		return parseMultipart(request, maxBytes, maxFields, maxFieldBytes, { maxFileBytes: Math.min(maxFileBytes ?? maxBytes, maxBytes), maxFileBytesByField })
	}
	await discardBody(request)
	throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as application/x-www-form-urlencoded or multipart/form-data.')
}

export type ParseFormOptions = FormLimits & {
	/** The body's byte limit (413 beyond it). */
	maxBytes: number
}

/**
 * The one way an action reads a form: the body within its limits
 * (readFormData), then the Zod schema through Conform (`parseWithZod`), so
 * the page shows the same errors with or without JavaScript. A body that is
 * too large, not a form or unreadable is `{ refused }` (its 413/415/400
 * AppError; answer it with formErrorReply, errors.server.ts); anything else
 * goes wrong is thrown.
 *
 *     const form = await parseForm(request, LoginSchema, { maxBytes: AUTH_BODY_LIMIT })
 *     if ('refused' in form) return formErrorReply(form.refused)
 *     if (form.submission.status !== 'success') return data({ result: form.submission.reply() }, { status: 400 })
 */
export async function parseForm<Schema extends z.ZodTypeAny>(request: Request, schema: Schema, { maxBytes, ...limits }: ParseFormOptions) {
	let formData: FormData
	try {
		formData = await readFormData(request, maxBytes, limits)
	} catch (error) {
		if (error instanceof AppError) return { refused: error }
		throw error
	}
	return { formData, submission: parseWithZod(formData, { schema }) }
}

/**
 * Refuses a urlencoded body while it streams in: at the separator one too
 * many, or when one field's raw bytes are more than three times the field
 * limit (every escape decodes 3 bytes to 1, so it cannot fit). A hostile
 * body is then refused after the bytes that prove it, not after all of it.
 */
function urlEncodedInspector(maxFields: number, maxFieldBytes: number): (chunk: Uint8Array) => void {
	let separators = 0
	let fieldLength = 0
	return (bytes) => {
		const chunk = bufferView(bytes)
		let from = 0
		for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) {
			if (++separators + 1 > maxFields) throw tooManyFields(maxFields)
			if (fieldLength + (at - from) > 3 * maxFieldBytes) throw fieldTooLarge(maxFieldBytes)
			fieldLength = 0
			from = at + 1
		}
		fieldLength += chunk.length - from
		if (fieldLength > 3 * maxFieldBytes) throw fieldTooLarge(maxFieldBytes)
	}
}

/**
 * application/x-www-form-urlencoded as the WHATWG URL standard parses it
 * (`+` is a space, bad percent-escapes stay as they are, invalid UTF-8
 * becomes U+FFFD, a BOM is kept), with the field count checked first and
 * the decoding done in slices, so a 30 MB field never blocks other requests.
 */
export async function parseUrlEncoded(body: Uint8Array, maxFields = DEFAULT_MAX_FORM_FIELDS, maxFieldBytes = DEFAULT_MAX_FIELD_BYTES): Promise<FormData> {
	const bytes = bufferView(body)
	// The separators, found by a native scan that stops at the first one too many.
	// Empty sequences ("&&&") count too: no real form has thousands of them.
	const ends: Array<number> = []
	for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) {
		if (ends.length + 1 >= maxFields) throw tooManyFields(maxFields)
		ends.push(at)
	}
	ends.push(bytes.length)
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
	const form = new FormData()
	let budget = SLICE_BYTES
	let start = 0
	for (const end of ends) {
		if (end > start) {
			// Searched within the field only: a field without '=' must not scan the rest of the body.
			const field = bytes.subarray(start, end)
			const equals = field.indexOf(0x3d)
			const decode = (raw: Uint8Array) => (raw.length > SLICE_BYTES ? percentDecodeLarge(raw, maxFieldBytes) : decodeSmall(raw))
			const decodeSmall = (raw: Uint8Array) => {
				const decoded = percentDecode(raw)
				if (decoded.length > maxFieldBytes) throw fieldTooLarge(maxFieldBytes, decoded.length)
				return decoder.decode(decoded)
			}
			const name = await decode(equals === -1 ? field : field.subarray(0, equals))
			const value = equals === -1 ? '' : await decode(field.subarray(equals + 1))
			form.append(name, value)
		}
		budget -= end - start + 1
		if (budget <= 0) {
			budget = SLICE_BYTES
			await yieldToEventLoop()
		}
		start = end + 1
	}
	return form
}

function yieldToEventLoop(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve))
}

function hexValue(byte: number): number {
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
	if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
	if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
	return -1
}

/** Percent-decoding with `+` as a space (the form serialiser's rule). */
function percentDecode(input: Uint8Array): Uint8Array {
	if (input.indexOf(0x25) === -1 && input.indexOf(0x2b) === -1) return input
	const output = new Uint8Array(input.length)
	let length = 0
	for (let i = 0; i < input.length; i++) {
		const byte = input[i]!
		if (byte === 0x2b) {
			output[length++] = 0x20
		} else if (byte === 0x25 && i + 2 < input.length) {
			const high = hexValue(input[i + 1]!)
			const low = hexValue(input[i + 2]!)
			if (high === -1 || low === -1) {
				output[length++] = byte
			} else {
				output[length++] = (high << 4) | low
				i += 2
			}
		} else {
			output[length++] = byte
		}
	}
	return output.subarray(0, length)
}

/**
 * A large value, percent-decoded a slice at a time (never splitting an
 * escape) with yields between slices, and measured before it becomes a
 * string, so a value over `maxFieldBytes` never does.
 */
async function percentDecodeLarge(input: Uint8Array, maxFieldBytes: number): Promise<string> {
	const slices: Array<Uint8Array> = []
	let decodedBytes = 0
	let start = 0
	while (start < input.length) {
		let end = Math.min(input.length, start + SLICE_BYTES)
		// Do not cut "%XX" in two: move the cut before a '%' in the slice's last two bytes.
		if (end < input.length) {
			if (input[end - 1] === 0x25) end -= 1
			else if (input[end - 2] === 0x25) end -= 2
		}
		const slice = percentDecode(input.subarray(start, end))
		decodedBytes += slice.length
		// Past the limit the slices are only counted, for the error's size.
		if (decodedBytes <= maxFieldBytes) slices.push(slice)
		start = end
		await yieldToEventLoop()
	}
	if (decodedBytes > maxFieldBytes) throw fieldTooLarge(maxFieldBytes, decodedBytes)
	// Decoded a slice at a time and joined: join builds one flat string by
	// copying (≈ 17 ms for 10 MB here), where `+=` builds a rope that V8
	// flattens in one go later, at ten times that.
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
	const parts: Array<string> = []
	for (const slice of slices) {
		parts.push(decoder.decode(slice, { stream: true }))
		await yieldToEventLoop()
	}
	parts.push(decoder.decode())
	return parts.join('')
}

/** UTF-8 text in slices with yields between them; throws on invalid UTF-8 when `fatal`. */
async function decodeUtf8InSlices(bytes: Uint8Array, fatal: boolean): Promise<string> {
	if (bytes.length <= SLICE_BYTES) return new TextDecoder('utf-8', { fatal }).decode(bytes)
	const decoder = new TextDecoder('utf-8', { fatal })
	// Joined, not `+=`: see percentDecodeLarge.
	const parts: Array<string> = []
	for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
		parts.push(decoder.decode(bytes.subarray(start, start + SLICE_BYTES), { stream: true }))
		await yieldToEventLoop()
	}
	parts.push(decoder.decode())
	return parts.join('')
}

/** multipart/form-data, parsed as it streams, with the part count, header size and total size capped. */
async function parseMultipart(
	request: Request,
	maxBytes: number,
	maxFields: number,
	maxFieldBytes: number,
	{ maxFileBytes, maxFileBytesByField = {} }: { maxFileBytes: number; maxFileBytesByField?: Readonly<Record<string, number>> },
): Promise<FormData> {
	const form = new FormData()
	// The parser counts part contents; this counts every byte (boundaries, headers, preamble) too.
	const counted = limitStream(request, maxBytes)
	try {
		for await (const part of parseMultipartRequest(counted, {
			maxParts: maxFields,
			maxTotalSize: maxBytes,
			maxFileSize: maxFileBytes,
			maxHeaderSize: 8 * 1024,
		})) {
			const name = part.name
			if (name === undefined) continue
			if (part.isFile) {
				const limit = Object.hasOwn(maxFileBytesByField, name) ? maxFileBytesByField[name]! : maxFileBytes
				if (part.size > limit) throw fileTooLarge(limit, name)
				form.append(name, new File([part.bytes as BlobPart], part.filename ?? '', { type: part.mediaType ?? 'application/octet-stream' }))
			} else {
				if (part.size > maxFieldBytes) throw fieldTooLarge(maxFieldBytes, part.size, name)
				// Decoded here rather than by `part.text`, whose fatal decoder's
				// TypeError would reach the catch below as a body cut off.
				let value: string
				try {
					value = await decodeUtf8InSlices(part.bytes, true)
				} catch {
					throw notUtf8(name)
				}
				form.append(name, value)
			}
		}
	} catch (error) {
		await discardBody(counted)
		if (error instanceof AppError) throw error
		if (error instanceof MaxPartsExceededError) throw tooManyFields(maxFields)
		if (error instanceof MaxFileSizeExceededError && maxFileBytes < maxBytes) throw fileTooLarge(maxFileBytes)
		if (error instanceof MaxTotalSizeExceededError || error instanceof MaxFileSizeExceededError) throw payloadTooLarge(maxBytes)
		if (error instanceof MaxHeaderSizeExceededError) throw new AppError('PAYLOAD_TOO_LARGE', 'A form part has too large a header.')
		if (error instanceof MultipartParseError) throw new AppError('VALIDATION_ERROR', 'Validation failed: the form could not be read.')
		// The parser decodes each part's header (field and file name) with a fatal UTF-8 decoder.
		if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: a form part\'s header (its field name or file name) is not valid UTF-8.')
		}
		throw new AppError('VALIDATION_ERROR', 'The request body was cut off.')
	}
	return form
}

/** The request with a body that errors with a 413 AppError once more than `maxBytes` have arrived. */
function limitStream(request: Request, maxBytes: number): Request {
	if (!request.body) return request
	let size = 0
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				size += chunk.byteLength
				if (size > maxBytes) controller.error(payloadTooLarge(maxBytes))
				else controller.enqueue(chunk)
			},
		}),
	)
	return new Request(request.url, { method: request.method, headers: request.headers, body: limited, duplex: 'half' } as RequestInit)
}

export type JsonLimits = {
	maxBytes: number
	maxDepth?: number
	maxValues?: number
}

/**
 * A JSON body: 415 unless the Content-Type is JSON (a plain HTML form cannot
 * then reach the API without a preflight), 413 beyond `maxBytes`, 422 when
 * nested deeper than `maxDepth` or holding more than `maxValues` values (both
 * found by a scan that stops at the first excess, before anything is
 * parsed), 400 for invalid UTF-8 or malformed JSON.
 */
export async function readJson(request: Request, { maxBytes, maxDepth = DEFAULT_MAX_JSON_DEPTH, maxValues = DEFAULT_MAX_JSON_VALUES }: JsonLimits): Promise<unknown> {
	const type = mediaTypeOf(request)
	if (type !== 'application/json') {
		await discardBody(request)
		throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
	}
	const bytes = await readBodyBytes(request, maxBytes)
	const shape = scanJsonShape(bytes, maxDepth, maxValues)
	if (shape === 'depth') {
		throw new AppError('VALIDATION_ERROR', `The JSON body is nested too deeply (limit ${maxDepth} levels)`, { limit: maxDepth, reason: 'depth' }, 422)
	}
	if (shape === 'values') {
		throw new AppError('VALIDATION_ERROR', `The JSON body has too many values (limit ${maxValues.toLocaleString('en-US')})`, { limit: maxValues, reason: 'values' }, 422)
	}
	let text: string
	try {
		text = await decodeUtf8InSlices(bytes, true)
	} catch {
		throw new AppError('VALIDATION_ERROR', 'Malformed JSON: the body is not valid UTF-8')
	}
	try {
		return JSON.parse(text)
	} catch (error) {
		const detail = error instanceof SyntaxError ? error.message : 'unexpected input'
		throw new AppError('VALIDATION_ERROR', 'Malformed JSON', { reason: detail.slice(0, 200) })
	}
}

/**
 * How deep and how many values, counted outside strings (whose contents are
 * skipped: a backslash skips the byte after it, up to the closing quote).
 * Malformed JSON is left for JSON.parse to describe.
 *
 * Strings are skipped by a plain loop rather than native searches for the
 * next quote: the tool API's input is one long string full of escaped quotes
 * (a JSON document sent as text), where a native call per `\"` took 35–40 ms
 * for 10 MB and the loop takes 15 (issue 17).
 */
export function scanJsonShape(bytes: Uint8Array, maxDepth: number, maxValues: number): 'ok' | 'depth' | 'values' {
	let depth = 0
	// Values are counted at their separators and openers: a body of n values has about n of them.
	let values = 1
	const length = bytes.length
	for (let i = 0; i < length; i++) {
		const byte = bytes[i]
		if (byte === 0x22) {
			for (i++; ; i++) {
				if (i >= length) return 'ok'
				const inside = bytes[i]
				if (inside === 0x5c) i++
				else if (inside === 0x22) break
			}
		} else if (byte === 0x5b || byte === 0x7b) {
			if (++depth > maxDepth) return 'depth'
			if (++values > maxValues) return 'values'
		} else if (byte === 0x5d || byte === 0x7d) {
			depth--
		} else if (byte === 0x2c || byte === 0x3a) {
			if (++values > maxValues) return 'values'
		}
	}
	return 'ok'
}
