/**
 * JSON Formatter: what the core does (core.ts adds the options
 * schema and the core around it). Format (2 or 4 spaces or tabs), minify,
 * validate, sort keys; lenient mode for JSON5/JSONC. No React, no DOM, no
 * Node APIs: it runs in the browser's workers and in the server's worker
 * pool. It does not import zod, so a worker that only needs the tree (or a
 * benchmark) does not load it.
 *
 * Formatting never changes data. Tokens are copied as written (numbers keep
 * every digit, strings keep their escapes, duplicate keys stay and are
 * reported), so the output is the input with different whitespace; for
 * ordinary JSON it is byte for byte what `JSON.stringify(JSON.parse(x),
 * null, indent)` writes, without JSON.parse's rounding.
 *
 * The scanner (app/tools/shared/json/scanner.ts, shared with Minify &
 * Beautify) does the work in one non-recursive pass; sorting keys and the
 * tree view go through its token tape (tree.ts).
 */
import { excerptAt, ToolError, type ToolProblem, type ToolRunContext, withUtf8Output } from '#app/tools/kit/core.ts'
import { type ChangeCounts, decodeString, excerptNear, JsonScanner, K_STRING, Layout, MAX_PROBLEMS, resolveProblems, type ScanMode } from '#app/tools/shared/json/scanner.ts'
import { buildTree, DEFAULT_MAX_NODES, type JsonNode, printTape } from './tree.ts'

export { MAX_DEPTH, MAX_PROBLEMS } from '#app/tools/shared/json/scanner.ts'
export { DEFAULT_MAX_NODES, jsonPath, type JsonNode } from './tree.ts'

export const jsonModes = ['format', 'minify', 'validate'] as const
export const jsonIndents = ['2', '4', 'tab'] as const

export type JsonMode = (typeof jsonModes)[number]
export type JsonIndent = (typeof jsonIndents)[number]

export type JsonFormatterOptions = { mode: JsonMode; indent: JsonIndent; sortKeys: boolean; lenient: boolean }

export type JsonStats = {
	/** Object members (duplicates included). */
	keys: number
	/** Values of every kind, containers included. */
	values: number
	/** The deepest nesting of objects and arrays (0 for a lone scalar). */
	depth: number
	/** UTF-8 size of the input and of the output. */
	bytesIn: number
	bytesOut: number
}

export type JsonFormatResult = {
	output: string
	warnings: ToolProblem[]
	/** What lenient mode rewrote, in words ("Removed 2 comments"); empty otherwise. */
	changes: string[]
	stats: JsonStats
	/** The value is a JSON string whose content is JSON itself: offer `unescapeStringified`. */
	stringified: boolean
	/** Validate mode only. */
	valid?: true
}

export const EMPTY_INPUT_MESSAGE = 'Enter some JSON to format.'

const INDENT_UNITS: Record<JsonIndent, string> = { '2': '  ', '4': '    ', tab: '\t' }

export function formatJson(input: string, options: Partial<JsonFormatterOptions> = {}, context: ToolRunContext = {}): JsonFormatResult {
	const { mode = 'format', indent = '2', sortKeys = false, lenient = false } = options
	assertNotBlank(input)
	const unit = INDENT_UNITS[indent]
	// Sorting needs the whole tree first: scan to the tape, then print from it.
	const viaTape = sortKeys && mode !== 'validate'
	const scanMode: ScanMode = viaTape ? 'tape' : mode
	const scanner = new JsonScanner(input, { mode: scanMode, indent: unit, lenient, progress: context.progress }).scan()
	if (scanner.failed) throw scanError(input, scanner)

	// The scanner's output as UTF-8 bytes, when it has them: the text is then made only if read.
	const utf8 = viaTape || mode === 'validate' ? null : scanner.outputUtf8
	let output = utf8 === null ? scanner.output : ''
	if (viaTape) output = printTape(input, scanner.tape!, new Layout(mode === 'format' ? unit : null), true)
	if (mode === 'validate') output = ''

	const result: JsonFormatResult = {
		output,
		warnings: warningsOf(input, scanner),
		changes: lenient ? describeChanges(scanner.changes) : [],
		stats: {
			keys: scanner.keys,
			values: scanner.values,
			depth: scanner.maxDepth,
			bytesIn: input.length + scanner.extraBytes + scanner.extraBytesDropped,
			bytesOut: mode === 'validate' ? 0 : utf8 !== null ? utf8.length : output.length + scanner.extraBytes,
		},
		stringified: scanner.rootKind === K_STRING && scanner.rootText !== null && holdsJson(decodeString(scanner.rootText)),
	}
	if (mode === 'validate') result.valid = true
	if (utf8 !== null) withUtf8Output(result, utf8, () => scanner.output)
	return result
}

/**
 * The content of a pasted stringified JSON value: `"{\"a\":1}"` gives
 * `{"a":1}`. Refuses anything that is not a JSON string holding JSON.
 */
export function unescapeStringified(input: string, options: { lenient?: boolean } = {}): string {
	if (isBlank(input)) throw new ToolError('Enter a JSON string to unescape.')
	const scanner = new JsonScanner(input, { mode: 'validate', lenient: options.lenient ?? false }).scan()
	if (scanner.failed) throw scanError(input, scanner)
	if (scanner.rootKind !== K_STRING || scanner.rootText === null) {
		throw new ToolError('Only a JSON string (text in double quotes) can be unescaped; this is not one.')
	}
	const content = decodeString(scanner.rootText)
	if (!holdsJson(content)) throw new ToolError('The string does not hold JSON, so there is nothing to unescape.')
	return content
}

export type ParseTreeOptions = { lenient?: boolean; maxNodes?: number }

/**
 * The tree model for the collapsible tree view, built without recursion.
 * Throws the formatter's errors (ToolError, 422 past 1,000 levels).
 */
export function parseJsonTree(input: string, options: ParseTreeOptions = {}): JsonNode {
	assertNotBlank(input)
	const scanner = new JsonScanner(input, { mode: 'tape', lenient: options.lenient ?? false }).scan()
	if (scanner.failed) throw scanError(input, scanner)
	return buildTree(input, scanner.tape!, options.maxNodes ?? DEFAULT_MAX_NODES)
}

export type ErrorDescription = { message: string; line: number; column: number; excerpt: string; caret: string }

/**
 * Where a formatter error points, with the line's text and a caret under the
 * column, for the error panel. Null for errors without a position.
 */
export function describeError(input: string, error: unknown): ErrorDescription | null {
	if (!(error instanceof Error)) return null
	const details = (error as { details?: unknown }).details as
		{ line?: unknown; column?: unknown; excerpt?: unknown; caret?: unknown; errors?: Array<{ offset?: unknown }> } | undefined
	if (typeof details?.line !== 'number' || typeof details.column !== 'number') return null
	const { line, column } = details
	if (typeof details.excerpt === 'string' && typeof details.caret === 'string')
		return { message: error.message, line, column, excerpt: details.excerpt, caret: details.caret }
	const offset = details.errors?.[0]?.offset
	const { text, caret } = typeof offset === 'number' ? excerptNear(input, offset) : excerptAt(input, line, column)
	return { message: error.message, line, column, excerpt: text, caret }
}

// ---------------------------------------------------------------------------

function isBlank(input: string): boolean {
	return !/[^\s\uFEFF]/.test(input)
}

function assertNotBlank(input: string): void {
	if (isBlank(input)) throw new ToolError(EMPTY_INPUT_MESSAGE)
}

/** One error: its message and position; several: how many, then the first. */
function scanError(input: string, scanner: JsonScanner): ToolError {
	const errors = resolveProblems(input, scanner.errors)
	const first = errors[0]!
	const line = first.line!
	const column = first.column!
	const where = `(line ${line}, column ${column})`
	const message =
		errors.length === 1
			? `${first.message} ${where}`
			: `${scanner.capped ? `At least ${MAX_PROBLEMS}` : errors.length} problems found; the first: ${first.message} ${where}`
	const excerpt = excerptNear(input, first.offset!)
	return new ToolError(message, { line, column, errors, excerpt: excerpt.text, caret: excerpt.caret })
}

function warningsOf(input: string, scanner: JsonScanner): ToolProblem[] {
	if (scanner.warningCount === 0) return []
	const warnings = resolveProblems(input, scanner.warnings)
	const more = scanner.warningCount - warnings.length
	if (more > 0) warnings.push({ message: `${more.toLocaleString('en-US')} more ${more === 1 ? 'warning' : 'warnings'} not listed` })
	return warnings
}

function plural(count: number, one: string, many: string): string {
	return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

function describeChanges(changes: ChangeCounts): string[] {
	const lines: string[] = []
	if (changes.comments) lines.push(`Removed ${plural(changes.comments, 'comment', 'comments')}`)
	if (changes.trailingCommas) lines.push(`Removed ${plural(changes.trailingCommas, 'trailing comma', 'trailing commas')}`)
	if (changes.singleQuoted) lines.push(`Converted ${plural(changes.singleQuoted, 'single-quoted string', 'single-quoted strings')}`)
	if (changes.unquotedKeys) lines.push(`Quoted ${plural(changes.unquotedKeys, 'key', 'keys')}`)
	if (changes.escapes) lines.push(`Rewrote ${plural(changes.escapes, 'escape', 'escapes')} that JSON does not have (such as \\x41 or \\')`)
	if (changes.controlCharacters) lines.push(`Escaped ${plural(changes.controlCharacters, 'control character', 'control characters')} inside strings`)
	if (changes.numbers) lines.push(`Rewrote ${plural(changes.numbers, 'number', 'numbers')} in JSON form (hexadecimal, leading '+' or bare '.')`)
	if (changes.nonFinite) lines.push(`Replaced ${plural(changes.nonFinite, 'NaN or Infinity', 'NaN or Infinity values')} with null`)
	if (changes.whitespace) lines.push(`Removed ${plural(changes.whitespace, 'non-JSON space character', 'non-JSON space characters')}`)
	return lines
}

/**
 * Whether a string's content is JSON worth unescaping: an object or an
 * array, or (stringified twice) a string holding one.
 */
function holdsJson(text: string): boolean {
	let current = text
	for (let level = 0; level < 4; level++) {
		const trimmed = current.trim()
		const first = trimmed[0]
		if (first !== '{' && first !== '[' && first !== '"') return false
		let value: unknown
		try {
			value = JSON.parse(trimmed)
		} catch {
			return false
		}
		if (typeof value !== 'string') return typeof value === 'object' && value !== null
		current = value
	}
	return false
}
