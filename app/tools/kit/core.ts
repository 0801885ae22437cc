/**
 * The contract every text tool's pure core follows (DESIGN.md §6, STYLE.md
 * §1.4). A core is plain TypeScript: no React, no DOM, no Node APIs. The same
 * core runs in three places:
 *
 * - in the browser's tool worker, as the user types (JavaScript on);
 * - in the server's worker pool, for a form posted without JavaScript;
 * - in the server's worker pool, for `POST /api/tools/<slug>`.
 *
 * Options are validated by the core's Zod schema (defaults fill what is
 * missing, unknown keys are refused), so the page, the form action and the
 * API all read options the same way.
 *
 * A core reports bad input by throwing `ToolError` (catalogue code, plain
 * message, `details` with 1-based `line`/`column` where a position is known).
 * Anything else it throws is a bug and answers 500.
 */
import { type z } from 'zod'
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'

/** The largest input any text tool takes: 10 MB of UTF-8 (the page, the form action and the API). */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024

/**
 * Node's native `Buffer.byteLength` where there is one (the server's workers): the counting loop
 * below took 2 ms of a 500 KB CSS minify's 30 (issue 17), the native count 0.3. Read through
 * globalThis so that no bundle pulls in a Buffer polyfill.
 */
const nativeByteLength = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer?.byteLength

/**
 * UTF-8 size of `text` without encoding it (the browser has no Buffer.byteLength). A lone
 * surrogate counts 3 bytes, as the U+FFFD it is encoded as.
 */
export function utf8Length(text: string): number {
	if (nativeByteLength) return nativeByteLength(text, 'utf8')
	return countUtf8(text)
}

/** The count in plain JavaScript (the browser's path; exported for its test). */
export function countUtf8(text: string): number {
	let bytes = text.length
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code < 0x80) continue
		if (code < 0x800) bytes += 1
		else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
			bytes += 2 // the pair's 2 units become 4 bytes
			index++
		} else bytes += 2
	}
	return bytes
}

export function inputTooLarge(bytes: number): ToolError {
	return new ToolError(`Input is too large: ${formatBytes(bytes)} (limit ${formatBytes(MAX_INPUT_BYTES)}).`, { limit: MAX_INPUT_BYTES, size: bytes }, 'PAYLOAD_TOO_LARGE')
}

/** What a run produces: the output text plus tool-specific, JSON-serialisable fields (`warnings`, `stats`, …). */
export type ToolResult = { output: string } & Record<string, unknown>

/**
 * Where a result keeps its output as UTF-8 bytes, when the core wrote it as such (the JSON
 * formatter): a symbol, so neither JSON, structured clone nor Object.keys see it.
 */
export const UTF8_OUTPUT = Symbol.for('toolsite.utf8Output')

/**
 * Gives `result` its output as UTF-8 bytes (`UTF8_OUTPUT`) and makes its `output` text only when
 * read: the tool API encodes its answer from the bytes and never reads the text (issue 17: a 10 MB
 * JSON document's output was otherwise held as 30 MB of UTF-16 beside the answer). Everything else
 * (the page, forms, structured clone) reads `output` as ever.
 */
export function withUtf8Output<Result extends ToolResult>(result: Result, utf8: Uint8Array, text: () => string): Result {
	let made: string | null = null
	// Redefined in place: the key keeps its position (the answer's JSON lists fields in order).
	Object.defineProperty(result, 'output', {
		get: () => (made ??= text()),
		enumerable: true,
		configurable: true,
	})
	Object.defineProperty(result, UTF8_OUTPUT, { value: utf8, enumerable: false })
	return result
}

/** The output's UTF-8 bytes when the result carries them (see `withUtf8Output`). */
export function utf8OutputOf(result: ToolResult): Uint8Array | null {
	return (result as { [UTF8_OUTPUT]?: Uint8Array })[UTF8_OUTPUT] ?? null
}

export type ToolRunContext = {
	/** Called now and then with the fraction done (0–1) on long work. */
	progress?: (fraction: number) => void
}

export type ToolCore<Schema extends z.ZodTypeAny = z.ZodTypeAny> = {
	slug: string
	/** A `z.object(...).strict()` with `.default()` on every field. */
	optionsSchema: Schema
	run(input: string, options: z.output<Schema>, context?: ToolRunContext): ToolResult | Promise<ToolResult>
}

export function defineToolCore<Schema extends z.ZodTypeAny>(core: ToolCore<Schema>): ToolCore<Schema> {
	return core
}

/** One problem found in the input, at a 1-based position when known. */
export type ToolProblem = { message: string; line?: number; column?: number; offset?: number }

/**
 * Bad input. `details.line`/`details.column` point at the first problem;
 * `details.errors` lists every problem found (the JSON formatter reports all
 * of them, not just the first).
 */
export class ToolError extends AppError {
	constructor(
		message: string,
		details: { line?: number; column?: number; errors?: ReadonlyArray<ToolProblem> } & Record<string, unknown> = {},
		code: ErrorCode = 'VALIDATION_ERROR',
		status?: number,
	) {
		super(code, message, details, status)
		this.name = 'ToolError'
	}
}

/** Input too complex to handle safely (nesting too deep, too many parts): 422. */
export function tooComplex(message: string, details: Record<string, unknown> = {}): ToolError {
	return new ToolError(message, details, 'VALIDATION_ERROR', 422)
}

/** 1-based line and column of a UTF-16 offset in `text` (columns count code points). */
export function positionAt(text: string, offset: number): { line: number; column: number } {
	let line = 1
	let lineStart = 0
	const end = Math.min(Math.max(offset, 0), text.length)
	for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) {
		line++
		lineStart = index + 1
	}
	let column = 1
	for (let index = lineStart; index < end; index++) {
		const code = text.charCodeAt(index)
		// The second half of a surrogate pair does not start a new column.
		if (code < 0xdc00 || code > 0xdfff || index === lineStart) column++
	}
	return { line, column }
}

/** The line at 1-based `line` and a caret under `column`, for error messages. */
export function excerptAt(text: string, line: number, column: number, maxWidth = 120): { text: string; caret: string } {
	let start = 0
	for (let current = 1; current < line; current++) {
		const next = text.indexOf('\n', start)
		if (next === -1) break
		start = next + 1
	}
	let end = text.indexOf('\n', start)
	if (end === -1) end = text.length
	const chars = Array.from(text.slice(start, end).replace(/\r$/, ''))
	// Long lines (minified JSON) are cut to a window around the column.
	const from = Math.max(0, Math.min(column - 1 - Math.floor(maxWidth / 2), chars.length - maxWidth))
	const window = chars.slice(from, from + maxWidth).map((char) => (char === '\t' ? ' ' : char))
	const prefix = from > 0 ? '…' : ''
	const suffix = from + maxWidth < chars.length ? '…' : ''
	return { text: prefix + window.join('') + suffix, caret: ' '.repeat(prefix.length + Math.max(0, column - 1 - from)) + '^' }
}

/**
 * Validates the options with the core's schema and runs it: the one way every
 * place (browser, form action, API) calls a core.
 */
export async function runCore(core: ToolCore, input: string, rawOptions: unknown, context?: ToolRunContext): Promise<ToolResult> {
	const parsed = core.optionsSchema.safeParse(rawOptions ?? {})
	if (!parsed.success) {
		// An unknown key's issue has the path of the object that holds it: name the key itself.
		const fieldOf = (each: (typeof parsed.error.issues)[number]) =>
			['options', ...each.path, ...(each.code === 'unrecognized_keys' ? each.keys.slice(0, 1) : [])].join('.')
		const issue = parsed.error.issues[0]
		const fields = Object.fromEntries(parsed.error.issues.map((each) => [fieldOf(each), [each.message]]))
		throw new ToolError(`Validation failed: ${issue ? fieldOf(issue) : 'options'}: ${issue?.message ?? 'invalid'}`, { fields })
	}
	return core.run(input, parsed.data, context)
}

/** A ToolError (or any AppError) as plain data, to cross a worker boundary. */
export type SerializedToolError = { code: string; message: string; status: number; details?: unknown }

export function serializeToolError(error: unknown): SerializedToolError | null {
	if (error instanceof AppError) return { code: String(error.code), message: error.message, status: error.status, details: error.details }
	if (error instanceof RangeError && /call stack/i.test(error.message)) {
		// A library recursed too deeply on nested input: the input's fault, not ours.
		return { code: 'VALIDATION_ERROR', message: 'The input is nested too deeply to process.', status: 422 }
	}
	return null
}

export function deserializeToolError(error: SerializedToolError): AppError {
	const code = (error.code in ERROR_CATALOGUE ? error.code : 'INTERNAL_ERROR') as ErrorCode
	return new ToolError(error.message, (error.details ?? {}) as Record<string, unknown>, code, error.status)
}
