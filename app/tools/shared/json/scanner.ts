/**
 * The JSON scanner the tools that read JSON share: the JSON Formatter
 * (format, minify, validate, the sorted printer, the tree view) and the JSON
 * mode of Minify & Beautify (strict, first problem only). One engine, one set
 * of messages and positions; it lives in shared/ because a tool never
 * imports another tool's folder.
 *
 * One pass over the text, charCodeAt by charCodeAt, with an explicit stack
 * of open containers instead of recursion, so a 1,000,000-deep `[[[[…` costs
 * a quick error, never a stack overflow (V8's own JSON.stringify throws
 * RangeError near 10,000 levels).
 *
 * Formatting never builds values: tokens (strings, numbers, literals) are
 * re-emitted exactly as written, so `1e400`, `-0`, big integers and
 * `"\u00e9"` come out unchanged. Only the whitespace between tokens changes,
 * and the emitter copies whole runs of the source where the whitespace
 * already matches (a minified file minified again is one slice).
 *
 * It does not stop at the first problem: trailing commas, comments, single
 * quotes, unquoted keys, missing commas, bad escapes, leading zeros, NaN…
 * are recorded and scanning goes on, so the user sees every problem at once.
 * In lenient mode (JSON5/JSONC) the same deviations are accepted, rewritten
 * into valid JSON, and counted in `changes`.
 */
import { tooComplex, type ToolProblem } from '#app/tools/kit/core.ts'

export const MAX_DEPTH = 1000
/** What the error thrown past MAX_DEPTH says, before its position and advice. */
export const TOO_DEEP_MESSAGE = `Nesting is too deep: more than ${MAX_DEPTH.toLocaleString('en-US')} levels`
/** Problems listed at most; scanning stops at this many errors. */
export const MAX_PROBLEMS = 100

// Token kinds (the tape, the tree).
export const K_OBJECT = 1
export const K_ARRAY = 2
export const K_CLOSE = 3
export const K_KEY = 4
export const K_STRING = 5
export const K_NUMBER = 6
export const K_TRUE = 7
export const K_FALSE = 8
export const K_NULL = 9

// What the scanner expects next.
const S_VALUE = 0
const S_AFTER = 1
const S_KEY = 2
const S_COLON = 3

export type ScanMode = 'format' | 'minify' | 'validate' | 'tape'

export type ScanOptions = {
	mode: ScanMode
	/** The indentation unit for 'format' ('  ', '    ' or '\t'). */
	indent?: string
	lenient?: boolean
	progress?: (fraction: number) => void
}

export type ChangeCounts = {
	comments: number
	trailingCommas: number
	singleQuoted: number
	unquotedKeys: number
	escapes: number
	controlCharacters: number
	numbers: number
	nonFinite: number
	whitespace: number
}

/**
 * A problem before its position is resolved. Lines and columns are worked
 * out once, at the end, for all problems together: per problem it would be
 * a pass over a possibly 100 MB single line each time.
 */
export type PendingProblem = {
	message: string
	offset: number
	ref?: number
	/**
	 * The input ended inside what the problem is about (open brackets, a
	 * string, a number, `tr` of `true`): more text could make it valid. A
	 * sample cut from a longer text is judged by this (language detection).
	 */
	cutShort?: true
}

/** The whitespace the output puts between tokens, cached per depth. */
export class Layout {
	readonly colon: string
	private readonly unit: string | null
	private readonly firsts: string[] = []
	private readonly nexts: string[] = []

	/** `unit` null: minified. */
	constructor(unit: string | null) {
		this.unit = unit
		this.colon = unit === null ? ':' : ': '
	}

	/** Before the first member of a container at `depth`, and before the closing bracket of one at `depth + 1`. */
	first(depth: number): string {
		if (this.unit === null) return ''
		return this.firsts[depth] ?? (this.firsts[depth] = '\n' + this.unit.repeat(depth))
	}

	/** Between two members of a container at `depth`. */
	next(depth: number): string {
		if (this.unit === null) return ','
		return this.nexts[depth] ?? (this.nexts[depth] = ',\n' + this.unit.repeat(depth))
	}
}

/**
 * Output built from slices of the source and separator strings (the sorted
 * printer's). Collected parts are joined every few thousand, so the list
 * never holds millions of tiny strings.
 */
export class PartWriter {
	private parts: string[] = []
	private readonly chunks: string[] = []

	push(part: string): void {
		const parts = this.parts
		parts.push(part)
		if (parts.length === 4096) {
			this.chunks.push(parts.join(''))
			this.parts = []
		}
	}

	finish(): string {
		if (this.chunks.length === 0) return this.parts.length === 1 ? this.parts[0]! : this.parts.join('')
		if (this.parts.length > 0) this.chunks.push(this.parts.join(''))
		return this.chunks.join('')
	}
}

/**
 * The formatter's output. The source is copied in runs: where the text
 * between two tokens differs from what the layout wants, the run is cut and
 * the wanted separator goes in instead. Output goes as UTF-8 into one
 * growing byte buffer, decoded into a string once at the end: per token
 * there is no string to allocate, and the buffer is half the size of the
 * UTF-16 parts a join would hold next to its result (100 MB formatted: about
 * 850 MB peak RSS against 1 GB with parts). When no run is ever cut (already
 * in the wanted layout), the output is one slice of the input, no copy.
 *
 * UTF-8 cannot hold a lone surrogate (possible in a JavaScript string), so
 * one is written as its `\uXXXX` escape: the same string to any JSON parser.
 */
class Emitter {
	runStart = 0
	/** End of the last token emitted; -1 before the first. */
	prevEnd = -1
	private buffer: Uint8Array | null = null
	private size = 0

	constructor(private readonly input: string) {}

	/** The next token starts at `start`; the text before it (since the last token) must read `expected`. */
	gap(start: number, expected: string): void {
		const prevEnd = this.prevEnd
		if (prevEnd < 0) {
			// Leading whitespace (and comments) are dropped.
			this.runStart = start
			return
		}
		const length = expected.length
		if (start - prevEnd === length && (length === 0 || this.input.startsWith(expected, prevEnd))) return
		this.copy(this.input, this.runStart, prevEnd)
		if (length !== 0) this.ascii(expected)
		this.runStart = start
	}

	/** The token at start…end is written as `text` instead (lenient rewrites). Call after gap(). */
	replace(start: number, end: number, text: string): void {
		this.copy(this.input, this.runStart, start)
		this.copy(text, 0, text.length)
		this.runStart = end
		this.prevEnd = end
	}

	/** Writes the last run: call once, when the scan is done, before `output()` or `utf8()`. */
	finish(): void {
		if (this.buffer !== null) this.copy(this.input, this.runStart, this.prevEnd)
	}

	output(): string {
		if (this.buffer === null) return this.prevEnd > this.runStart ? this.input.slice(this.runStart, this.prevEnd) : ''
		return new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.buffer.subarray(0, this.size))
	}

	/** The output's UTF-8, when it was written out (null when it is one slice of the input). */
	utf8(): Uint8Array | null {
		return this.buffer === null ? null : this.buffer.subarray(0, this.size)
	}

	/** The buffer, with room for `needed` bytes in all. */
	private room(needed: number): Uint8Array {
		const buffer = this.buffer
		if (buffer === null) {
			// Room for twice the input: pages never written are never resident, so this costs less
			// memory than growing (a copy writes every page of the new buffer).
			const created = new Uint8Array(Math.max(needed, this.input.length * 2 + 64))
			this.buffer = created
			return created
		}
		if (needed <= buffer.length) return buffer
		// Size the new buffer for the whole output, projected from how far into the input we are:
		// one more copy at most, instead of one per doubling.
		const done = Math.max(this.prevEnd, 1) / this.input.length
		const projected = Math.ceil((this.size / done) * 1.05) + 65536
		const grown = new Uint8Array(Math.max(needed, Math.ceil(buffer.length * 1.25), Math.min(projected, buffer.length * 4)))
		grown.set(buffer.subarray(0, this.size))
		this.buffer = grown
		return grown
	}

	/** A separator (ASCII only). */
	private ascii(text: string): void {
		const length = text.length
		let size = this.size
		const buffer = this.room(size + length)
		for (let k = 0; k < length; k++) buffer[size++] = text.charCodeAt(k)
		this.size = size
	}

	/** `source` from a to b (the input, or a rewritten token). */
	private copy(source: string, a: number, b: number): void {
		if (b <= a) return
		let size = this.size
		let buffer = this.room(size + (b - a))
		for (let k = a; k < b; k++) {
			const c = source.charCodeAt(k)
			if (c < 128) buffer[size++] = c
			else {
				// Up to 4 bytes for this character (6 for an escaped lone surrogate), one for each after it.
				this.size = size
				buffer = this.room(size + (b - k) + 8)
				size = this.wide(buffer, size, source, k, c)
				if (c >= 0xd800 && c <= 0xdbff) {
					const next = source.charCodeAt(k + 1)
					if (next >= 0xdc00 && next <= 0xdfff) k++
				}
			}
		}
		this.size = size
	}

	/** One non-ASCII character at k as UTF-8; a lone surrogate as a \u escape (the same string to JSON.parse). */
	private wide(buffer: Uint8Array, size: number, input: string, k: number, c: number): number {
		if (c < 0x800) {
			buffer[size++] = 0xc0 | (c >> 6)
			buffer[size++] = 0x80 | (c & 63)
			return size
		}
		if (c < 0xd800 || c > 0xdfff) {
			buffer[size++] = 0xe0 | (c >> 12)
			buffer[size++] = 0x80 | ((c >> 6) & 63)
			buffer[size++] = 0x80 | (c & 63)
			return size
		}
		const next = input.charCodeAt(k + 1)
		if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
			const code = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
			buffer[size++] = 0xf0 | (code >> 18)
			buffer[size++] = 0x80 | ((code >> 12) & 63)
			buffer[size++] = 0x80 | ((code >> 6) & 63)
			buffer[size++] = 0x80 | (code & 63)
			return size
		}
		const escape = '\\u' + c.toString(16)
		for (let j = 0; j < escape.length; j++) buffer[size++] = escape.charCodeAt(j)
		return size
	}
}

/**
 * Every token in order, as offsets into the source: what sorting keys and
 * the tree view work from. Three typed arrays, nine bytes a token.
 * For containers, `ends` holds the index of the matching close token (and
 * the close token's `ends` the index of its open token).
 */
export class Tape {
	kinds = new Uint8Array(1024)
	starts = new Int32Array(1024)
	ends = new Int32Array(1024)
	length = 0
	/** Tokens rewritten in lenient mode: their JSON text. */
	readonly texts = new Map<number, string>()

	push(kind: number, start: number, end: number, text: string | null): number {
		if (this.length === this.kinds.length) this.grow()
		const index = this.length++
		this.kinds[index] = kind
		this.starts[index] = start
		this.ends[index] = end
		if (text !== null) this.texts.set(index, text)
		return index
	}

	/** The JSON text of a scalar or key token. */
	text(input: string, index: number): string {
		if (this.texts.size !== 0) {
			const text = this.texts.get(index)
			if (text !== undefined) return text
		}
		return input.slice(this.starts[index], this.ends[index])
	}

	private grow(): void {
		const size = this.kinds.length * 2
		const kinds = new Uint8Array(size)
		kinds.set(this.kinds)
		const starts = new Int32Array(size)
		starts.set(this.starts)
		const ends = new Int32Array(size)
		ends.set(this.ends)
		this.kinds = kinds
		this.starts = starts
		this.ends = ends
	}
}

export class JsonScanner {
	readonly errors: PendingProblem[] = []
	readonly warnings: PendingProblem[] = []
	warningCount = 0
	/** Scanning stopped at MAX_PROBLEMS errors. */
	capped = false
	/** Where scan() threw for nesting deeper than MAX_DEPTH; -1 if it did not. */
	tooDeepAt = -1
	readonly changes: ChangeCounts = {
		comments: 0,
		trailingCommas: 0,
		singleQuoted: 0,
		unquotedKeys: 0,
		escapes: 0,
		controlCharacters: 0,
		numbers: 0,
		nonFinite: 0,
		whitespace: 0,
	}
	keys = 0
	values = 0
	maxDepth = 0
	/** UTF-8 bytes beyond one per UTF-16 unit: inside strings (kept in the output), and outside (dropped). */
	extraBytes = 0
	extraBytesDropped = 0
	/** The top-level value: its kind and JSON text (for strings only). */
	rootKind = 0
	rootText: string | null = null
	/** The emitter once the scan succeeded (its output is wanted only then). */
	private done: Emitter | null = null
	private outputText: string | null = null
	readonly tape: Tape | null

	private readonly length: number
	private readonly lenient: boolean
	private readonly out: Emitter | null
	private readonly layout: Layout
	private readonly progress: ((fraction: number) => void) | undefined
	private nextProgress = Infinity
	private progressStep = 0

	// The open containers, by depth (1-based; slot 0 is the top level).
	private readonly frameKind = new Uint8Array(MAX_DEPTH + 2)
	private readonly frameOpen = new Int32Array(MAX_DEPTH + 2)
	private readonly frameCount = new Int32Array(MAX_DEPTH + 2)
	private readonly frameKeyBase = new Int32Array(MAX_DEPTH + 2)
	private readonly frameTape = new Int32Array(MAX_DEPTH + 2)
	private readonly frameKeyMap: Array<Map<string, number> | null> = new Array<Map<string, number> | null>(MAX_DEPTH + 2).fill(null)

	// The keys of the open objects, innermost last, for duplicate detection.
	private keyHash = new Int32Array(256)
	private keyStart = new Int32Array(256)
	private keyEnd = new Int32Array(256)
	/** The key's value when it is not simply the text between its quotes. */
	private readonly keyValue: Array<string | undefined> = []
	private keyTop = 0

	// Side results of string(), number() and the odd-value readers.
	private escaped = false
	private rewrite = false
	private kind = 0
	private text: string | null = null
	private commaAt = -1

	constructor(
		readonly input: string,
		options: ScanOptions,
	) {
		this.length = input.length
		this.lenient = options.lenient ?? false
		this.out = options.mode === 'format' || options.mode === 'minify' ? new Emitter(input) : null
		this.tape = options.mode === 'tape' ? new Tape() : null
		this.layout = new Layout(options.mode === 'format' ? (options.indent ?? '  ') : null)
		this.progress = options.progress
		if (this.progress) {
			this.progressStep = Math.max(1 << 20, Math.ceil(input.length / 50))
			this.nextProgress = this.progressStep
		}
	}

	/** The formatted or minified text ('' in the other modes, or after errors); decoded on first read. */
	get output(): string {
		this.outputText ??= this.done === null ? '' : this.done.output()
		return this.outputText
	}

	/**
	 * The same output as UTF-8 bytes, when the formatter wrote it out as such (null when it is a slice
	 * of the input, or there is none): the tool API sends these as they are, and the text above is
	 * then never made (a 10 MB document's output was decoded into 30 MB of UTF-16, then escaped and
	 * encoded back to UTF-8 for the answer; issue 17).
	 */
	get outputUtf8(): Uint8Array | null {
		return this.done === null ? null : this.done.utf8()
	}

	get failed(): boolean {
		return this.errors.length > 0
	}

	scan(): this {
		const input = this.input
		const length = this.length
		const out = this.out
		const tape = this.tape
		const lenient = this.lenient
		const layout = this.layout
		const frameKind = this.frameKind
		const frameCount = this.frameCount
		let i = 0
		let depth = 0
		let state = S_VALUE

		if (input.charCodeAt(0) === 0xfeff) {
			this.warn('The input starts with a byte order mark (U+FEFF); it is left out of the output', 0)
			this.extraBytesDropped += 2
			i = 1
		}

		main: for (;;) {
			let c = input.charCodeAt(i)
			// Whitespace between tokens, the common case, inline.
			while (c === 32 || c === 10 || c === 13 || c === 9) c = input.charCodeAt(++i)
			if (c === 47 || c > 127 || c === 11 || c === 12) {
				// Comments and non-JSON spaces: skipped (and reported) like whitespace.
				const next = this.oddGap(i, c)
				if (next !== i) {
					if (next < 0) break
					i = next
					continue
				}
			}

			switch (state) {
				case S_VALUE: {
					const inObject = frameKind[depth] === K_OBJECT
					if (c === 93 || c === 125) {
						if (c === 93 && depth > 0 && !inObject) {
							if (frameCount[depth]! > 0 && !this.trailingComma(c)) break main
							this.close(i, depth)
							depth--
							i++
							state = S_AFTER
							continue
						}
						if (inObject) this.fatal(`Expected a value after ':' but found ${this.found(i)}`, i)
						else if (depth === 0) this.fatal(`Unexpected ${this.found(i)}: no bracket is open`, i)
						else this.mismatch(i, depth)
						break main
					}
					if (c === 44 && depth > 0 && !inObject) {
						if (!this.error("Unexpected ',': a value is missing", i)) break main
						i++
						continue
					}
					if (i >= length) {
						if (depth > 0) this.unclosed(depth)
						else this.fatal('Unexpected end of input: no JSON value found', i, undefined, true)
						break main
					}

					// A value starts here.
					const start = i
					if (out !== null) out.gap(i, depth === 0 ? '' : inObject ? layout.colon : frameCount[depth] === 0 ? layout.first(depth) : layout.next(depth))
					if (!inObject) frameCount[depth]!++
					this.values++

					if (c === 123 || c === 91) {
						if (depth === MAX_DEPTH) throw this.tooDeep(i)
						const kind = c === 123 ? K_OBJECT : K_ARRAY
						if (depth === 0) this.rootKind = kind
						depth++
						if (depth > this.maxDepth) this.maxDepth = depth
						frameKind[depth] = kind
						this.frameOpen[depth] = i
						frameCount[depth] = 0
						this.frameKeyBase[depth] = this.keyTop
						if (out !== null) out.prevEnd = i + 1
						else if (tape !== null) this.frameTape[depth] = tape.push(kind, i, 0, null)
						i++
						state = kind === K_OBJECT ? S_KEY : S_VALUE
						continue
					}

					let kind: number
					let text: string | null = null
					if (c === 34) {
						i = this.string(i, 34)
						if (i < 0) break main
						kind = K_STRING
						if (this.rewrite) text = this.rewriteString(start, i)
					} else if ((c >= 48 && c <= 57) || c === 45) {
						i = this.number(i)
						if (i < 0) break main
						kind = this.kind
						text = this.text
					} else if (
						c === 116 &&
						input.charCodeAt(i + 1) === 114 &&
						input.charCodeAt(i + 2) === 117 &&
						input.charCodeAt(i + 3) === 101 &&
						!isWordChar(input.charCodeAt(i + 4))
					) {
						kind = K_TRUE
						i += 4
					} else if (c === 102 && input.startsWith('alse', i + 1) && !isWordChar(input.charCodeAt(i + 5))) {
						kind = K_FALSE
						i += 5
					} else if (
						c === 110 &&
						input.charCodeAt(i + 1) === 117 &&
						input.charCodeAt(i + 2) === 108 &&
						input.charCodeAt(i + 3) === 108 &&
						!isWordChar(input.charCodeAt(i + 4))
					) {
						kind = K_NULL
						i += 4
					} else {
						i = this.oddValue(i, c)
						if (i < 0) break main
						kind = this.kind
						text = this.text
					}

					if (out !== null) {
						if (text === null) out.prevEnd = i
						else out.replace(start, i, text)
					} else if (tape !== null) tape.push(kind, start, i, text)
					if (depth === 0) {
						this.rootKind = kind
						if (kind === K_STRING) this.rootText = text ?? input.slice(start, i)
					}
					state = S_AFTER
					continue
				}

				case S_AFTER: {
					if (depth === 0) {
						if (i >= length) break main
						this.fatal(`Unexpected ${this.found(i)} after the end of the JSON value`, i)
						break main
					}
					const kind = frameKind[depth]
					if (c === 44) {
						this.commaAt = i
						i++
						state = kind === K_OBJECT ? S_KEY : S_VALUE
						if (i > this.nextProgress) this.reportProgress(i)
						continue
					}
					if (c === (kind === K_OBJECT ? 125 : 93)) {
						this.close(i, depth)
						depth--
						i++
						continue
					}
					if (i >= length) {
						this.unclosed(depth)
						break main
					}
					if (c === 93 || c === 125) {
						this.mismatch(i, depth)
						break main
					}
					const message =
						kind === K_OBJECT
							? `Expected a comma or '}' after the value of ${this.lastKeyName(depth)} but found ${this.found(i)}`
							: `Expected a comma or ']' after the value but found ${this.found(i)}`
					// A value (or key) where a comma should be: report the missing comma and go on as if it were there.
					if (kind === K_OBJECT ? startsKey(c) : startsValue(c)) {
						if (!this.error(message, i)) break main
						this.commaAt = -1
						state = kind === K_OBJECT ? S_KEY : S_VALUE
						continue
					}
					this.fatal(message, i)
					break main
				}

				case S_KEY: {
					if (c === 125) {
						if (frameCount[depth]! > 0 && !this.trailingComma(c)) break main
						this.close(i, depth)
						depth--
						i++
						state = S_AFTER
						continue
					}
					if (c === 34 || c === 39 || startsIdentifier(c)) {
						const start = i
						if (out !== null) out.gap(i, frameCount[depth] === 0 ? layout.first(depth) : layout.next(depth))
						frameCount[depth]!++
						this.keys++
						let text: string | null = null
						let value: string | undefined
						if (c === 34) {
							i = this.string(i, 34)
							if (i < 0) break main
							if (this.rewrite) text = this.rewriteString(start, i)
							if (this.escaped || text !== null) value = decodeString(text ?? input.slice(start, i))
						} else if (c === 39) {
							if (!lenient && !this.error('Strings must use double quotes', i)) break main
							i = this.string(i, 39)
							if (i < 0) break main
							if (lenient) {
								text = this.rewriteString(start, i)
								value = decodeString(text)
							} else value = input.slice(start + 1, i - 1)
						} else {
							i = identifierEnd(input, i)
							value = input.slice(start, i)
							if (lenient) {
								text = '"' + value + '"'
								this.changes.unquotedKeys++
							} else if (!this.error('Property names must be in double quotes', start)) break main
						}
						this.addKey(depth, start, i, value)
						if (out !== null) {
							if (text === null) out.prevEnd = i
							else out.replace(start, i, text)
						} else if (tape !== null) tape.push(K_KEY, start, i, text)
						state = S_COLON
						continue
					}
					if (c === 44) {
						if (!this.error("Unexpected ',': a property is missing", i)) break main
						i++
						continue
					}
					if (i >= length) this.unclosed(depth)
					else if (c === 93) this.mismatch(i, depth)
					else this.fatal(`Expected a property name in double quotes but found ${this.found(i)}`, i)
					break main
				}

				case S_COLON: {
					if (c === 58) {
						i++
						state = S_VALUE
						continue
					}
					if (i >= length) {
						this.unclosed(depth)
						break main
					}
					const message = `Expected ':' after the property name ${this.lastKeyName(depth)} but found ${this.found(i)}`
					if (startsValue(c)) {
						if (!this.error(message, i)) break main
						state = S_VALUE
						continue
					}
					this.fatal(message, i)
					break main
				}
			}
		}

		// Output is only wanted when there is nothing to report.
		if (out !== null && this.errors.length === 0) {
			out.finish()
			this.done = out
		}
		return this
	}

	// -------------------------------------------------------------------------
	// Tokens

	/**
	 * A string from its opening quote; returns the offset after the closing
	 * one, or -1 when scanning must stop. Sets `escaped` (it has a backslash)
	 * and `rewrite` (lenient mode must rewrite it as JSON).
	 */
	private string(start: number, quote: number): number {
		const input = this.input
		let j = start + 1
		let escaped = false
		let extra = 0
		this.rewrite = quote !== 34 && this.lenient
		for (;;) {
			const c = input.charCodeAt(j)
			if (c === quote) break
			if (c === 92) {
				escaped = true
				const e = input.charCodeAt(j + 1)
				if (e === 34 || e === 92 || e === 110 || e === 116 || e === 114 || e === 47 || e === 98 || e === 102) j += 2
				else if (e === 117) j = this.unicodeEscape(j)
				else j = this.oddEscape(j)
				if (j < 0) return -1
			} else if (c >= 32) {
				if (c < 128) j++
				else if (c < 0x800) {
					extra++
					j++
				} else if (c < 0xd800 || c > 0xdfff) {
					extra += 2
					j++
				} else {
					// Surrogates: a pair is 4 bytes in UTF-8; a lone one is reported.
					extra += 2
					j = this.rawSurrogate(j, c)
				}
			} else if (j >= this.length) {
				this.fatal(`Unterminated string: no closing ${quote === 34 ? "'\"'" : '"\'"'} before the end of the input`, start, undefined, true)
				return -1
			} else {
				if (this.lenient) this.rewrite = true
				else if (!this.error(`Control character ${unicodeName(c)} in a string: use ${controlEscape(c)}`, j)) return -1
				j++
			}
		}
		this.escaped = escaped
		this.extraBytes += extra
		return j + 1
	}

	/** `\u` at j: four hex digits, and lone surrogates reported. */
	private unicodeEscape(j: number): number {
		const input = this.input
		const code = hex4(input, j + 2)
		if (code < 0) {
			const digits = input.slice(j + 2, j + 6).replace(/[^0-9A-Za-z].*$/s, '')
			// Cut short: the input ends within the four digits (at most three characters to test).
			const cutShort = j + 6 > this.length && /^[0-9A-Fa-f]*$/.test(input.slice(j + 2))
			return this.error(`Invalid Unicode escape '\\u${digits}': it needs four hex digits`, j, undefined, cutShort) ? j + 2 : -1
		}
		if (code >= 0xd800 && code <= 0xdbff) {
			const low = input.charCodeAt(j + 6) === 92 && input.charCodeAt(j + 7) === 117 ? hex4(input, j + 8) : -1
			if (low >= 0xdc00 && low <= 0xdfff) return j + 12
		}
		if (code >= 0xd800 && code <= 0xdfff) {
			this.warn(`Lone surrogate ${input.slice(j, j + 6)}: half of a UTF-16 pair, not a character (JSON.parse accepts it, other tools may not)`, j)
		}
		return j + 6
	}

	/** A backslash followed by something JSON does not have. */
	private oddEscape(j: number): number {
		const input = this.input
		const e = input.charCodeAt(j + 1)
		if (j + 1 >= this.length) return j + 1 // the string loop reports the missing quote
		const width = e >= 0xd800 && e <= 0xdbff ? 2 : 1
		if (!this.lenient) {
			const message =
				e === 10 || e === 13 ? 'Invalid escape: a backslash before a line break' : `Invalid escape '\\${describeCodeUnits(input.slice(j + 1, j + 1 + width))}'`
			return this.error(message, j) ? j + 1 + width : -1
		}
		// JSON5: \x hex, \v, \0, \', line continuations, and any other character standing for itself.
		if (e === 120 && hex2(input, j + 2) < 0) return this.error("Invalid escape '\\x': it needs two hex digits", j) ? j + 2 : -1
		this.rewrite = true
		if (e === 13 && input.charCodeAt(j + 2) === 10) return j + 3
		return j + 1 + width
	}

	/** A raw surrogate code unit in a string at j. */
	private rawSurrogate(j: number, c: number): number {
		if (c <= 0xdbff) {
			const next = this.input.charCodeAt(j + 1)
			if (next >= 0xdc00 && next <= 0xdfff) return j + 2
		}
		this.warn(`Lone surrogate U+${c.toString(16).toUpperCase()}: half of a UTF-16 pair, not a character`, j)
		return j + 1
	}

	/**
	 * A single-quoted string, or a double-quoted one with JSON5 escapes or raw
	 * control characters, rewritten as a JSON string. Escapes JSON has are
	 * kept as written.
	 */
	private rewriteString(start: number, end: number): string {
		const input = this.input
		const quote = input.charCodeAt(start)
		const last = end - 1
		if (quote === 39) this.changes.singleQuoted++
		let result = '"'
		let run = start + 1
		let j = run
		while (j < last) {
			const c = input.charCodeAt(j)
			let replacement: string | null = null
			let next = j + 1
			if (c === 92) {
				const e = input.charCodeAt(j + 1)
				next = j + 2
				if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
					j = next
					continue
				}
				if (e === 117) {
					// Bad \u escapes were reported as errors; either way they stay.
					j = hex4(input, j + 2) >= 0 ? j + 6 : next
					continue
				}
				this.changes.escapes++
				if (e === 120) {
					replacement = '\\u00' + input.slice(j + 2, j + 4).toLowerCase()
					next = j + 4
				} else if (e === 118) replacement = '\\u000b'
				else if (e === 48) replacement = '\\u0000'
				else if (e === 13) {
					// A line continuation: the backslash and the line break go.
					replacement = ''
					if (input.charCodeAt(j + 2) === 10) next = j + 3
				} else if (e === 10 || e === 0x2028 || e === 0x2029) replacement = ''
				else if (e < 32) replacement = controlEscape(e)
				else {
					const width = e >= 0xd800 && e <= 0xdbff ? 2 : 1
					replacement = input.slice(j + 1, j + 1 + width)
					next = j + 1 + width
				}
			} else if (c === 34) replacement = '\\"'
			else if (c < 32) {
				this.changes.controlCharacters++
				replacement = controlEscape(c)
			}
			if (replacement !== null) {
				result += input.slice(run, j) + replacement
				run = next
			}
			j = next
		}
		return result + input.slice(run, last) + '"'
	}

	/** A number from '-' or a digit. Sets `kind` and `text` (lenient rewrite). */
	private number(start: number): number {
		const input = this.input
		let j = start
		let c = input.charCodeAt(j)
		if (c === 45) c = input.charCodeAt(++j)
		if (c === 48) c = input.charCodeAt(++j)
		else if (c >= 49 && c <= 57) {
			do c = input.charCodeAt(++j)
			while (c >= 48 && c <= 57)
		} else return this.oddNumber(start)
		if (c === 46) {
			c = input.charCodeAt(++j)
			if (!(c >= 48 && c <= 57)) return this.oddNumber(start)
			do c = input.charCodeAt(++j)
			while (c >= 48 && c <= 57)
		}
		if (c === 101 || c === 69) {
			c = input.charCodeAt(++j)
			if (c === 43 || c === 45) c = input.charCodeAt(++j)
			if (!(c >= 48 && c <= 57)) return this.oddNumber(start)
			do c = input.charCodeAt(++j)
			while (c >= 48 && c <= 57)
		}
		// Leading zeros, hex, `1.2.3`, `12abc`…
		if (isWordChar(c) || c === 46) return this.oddNumber(start)
		this.kind = K_NUMBER
		this.text = null
		return j
	}

	/** Anything number-like that is not a plain JSON number. */
	private oddNumber(start: number): number {
		const input = this.input
		let j = start
		let c = input.charCodeAt(j)
		if (c === 43 || c === 45) c = input.charCodeAt(++j)
		const hex = c === 48 && (input.charCodeAt(j + 1) | 32) === 120
		for (;;) {
			c = input.charCodeAt(j)
			if (isWordChar(c) || c === 46) j++
			else if ((c === 43 || c === 45) && !hex && (input.charCodeAt(j - 1) | 32) === 101) j++
			else break
		}
		const word = input.slice(start, j)
		const sign = word[0] === '-' ? '-' : ''
		const body = word[0] === '-' || word[0] === '+' ? word.slice(1) : word
		this.kind = K_NUMBER
		this.text = null
		if (body === 'Infinity' || body === 'NaN') return this.nonFinite(start, j, word)
		const lenient = this.lenient
		// The input ends inside a number that more digits would complete (`-`, `1.`, `2e+`).
		const cutShort = j >= this.length && NUMBER_START.test(word)
		let ok = true
		if (/^0[xX][0-9a-fA-F]+$/.test(body)) {
			if (lenient) {
				// BigInt keeps every digit of a long hex number.
				const digits = BigInt(body).toString()
				this.text = digits === '0' ? '0' : sign + digits
				this.changes.numbers++
			} else ok = this.error('Hexadecimal numbers are not allowed in JSON', start)
			return ok ? j : -1
		}
		const match = /^(\d*)(?:\.(\d*))?([eE][+-]?\d+)?$/.exec(body)
		if (match === null || (match[1] === '' && !match[2])) {
			let message = `Invalid number '${truncate(word, 40)}'`
			if (body === '') message = `Expected a digit after '${word || input[start]}'`
			else if (/^\d*\.?\d*[eE][+-]?$/.test(body)) message = 'Expected a digit in the exponent'
			return this.error(message, start, undefined, cutShort) ? j : -1
		}
		const [, whole = '', fraction, exponent = ''] = match
		if (whole.length > 1 && whole[0] === '0') ok = this.error('Leading zeros are not allowed', start)
		const problems: string[] = []
		if (word[0] === '+') problems.push("Numbers cannot start with '+'")
		if (whole === '') problems.push('Numbers need a digit before the decimal point')
		if (fraction === '') problems.push('Numbers need a digit after the decimal point')
		if (problems.length > 0) {
			if (lenient) {
				this.text = sign + (whole || '0') + (fraction ? '.' + fraction : '') + exponent
				this.changes.numbers++
			} else for (const message of problems) ok = ok && this.error(message, start, undefined, cutShort)
		}
		return ok ? j : -1
	}

	/** NaN, Infinity, -Infinity: errors, or null in lenient mode (what JSON.stringify writes for them). */
	private nonFinite(start: number, end: number, word: string): number {
		if (this.lenient) {
			this.changes.nonFinite++
			this.kind = K_NULL
			this.text = 'null'
			return end
		}
		return this.error(`${word} is not valid JSON (use null or a string)`, start) ? end : -1
	}

	/** A value that starts with something other than '"', a digit, '-', '{', '[' or a literal. */
	private oddValue(i: number, c: number): number {
		const input = this.input
		this.kind = K_NULL
		this.text = null
		if (c === 39) {
			if (!this.lenient && !this.error('Strings must use double quotes', i)) return -1
			const end = this.string(i, 39)
			if (end < 0) return -1
			this.kind = K_STRING
			if (this.lenient) this.text = this.rewriteString(i, end)
			return end
		}
		if (c === 43 || c === 46) return this.oddNumber(i)
		if (startsIdentifier(c)) {
			const end = identifierEnd(input, i)
			const word = input.slice(i, end)
			if (word === 'NaN' || word === 'Infinity') return this.nonFinite(i, end, word)
			let message = `Unexpected '${truncate(word, 40)}': strings must be in double quotes`
			if (word === 'undefined') message = 'undefined is not valid JSON (use null)'
			else if (/^(true|false|null)$/i.test(word)) message = `'${word}' is not valid JSON: write ${word.toLowerCase()} in lower case`
			else if (word === 'None') message = "'None' is not valid JSON: write null"
			// Cut short: the input ends inside `true`, `false` or `null`.
			const cutShort = end >= this.length && ('true'.startsWith(word) || 'false'.startsWith(word) || 'null'.startsWith(word))
			// Carry on as if it were a value, to find the problems after it.
			this.text = 'null'
			return this.error(message, i, undefined, cutShort) ? end : -1
		}
		this.fatal(`Expected a value but found ${this.found(i)}`, i)
		return -1
	}

	// -------------------------------------------------------------------------
	// Between tokens

	/** At '/', or a non-ASCII or odd space character: skip a comment or a space, or return `i` unchanged. */
	private oddGap(i: number, c: number): number {
		const input = this.input
		if (c === 47) {
			const next = input.charCodeAt(i + 1)
			let end: number
			if (next === 47) {
				end = i + 2
				for (let d = input.charCodeAt(end); end < this.length && d !== 10 && d !== 13 && d !== 0x2028 && d !== 0x2029; d = input.charCodeAt(++end));
			} else if (next === 42) {
				const close = input.indexOf('*/', i + 2)
				if (close < 0) {
					this.fatal("Unterminated comment: '/*' has no closing '*/'", i)
					return -1
				}
				end = close + 2
			} else return i
			if (this.lenient) this.changes.comments++
			else if (!this.error('Comments are not allowed in JSON', i)) return -1
			return end
		}
		if (isOddSpace(c)) {
			if (this.lenient) this.changes.whitespace++
			else if (!this.error(`Invalid whitespace character ${unicodeName(c)}: JSON allows only spaces, tabs and line breaks`, i)) return -1
			if (c > 127) this.extraBytesDropped += c < 0x800 ? 1 : 2
			return i + 1
		}
		return i
	}

	/** A trailing comma before `close`; false when scanning must stop. */
	private trailingComma(close: number): boolean {
		if (this.lenient) {
			this.changes.trailingCommas++
			return true
		}
		return this.error(`Trailing comma before '${String.fromCharCode(close)}'`, this.commaAt)
	}

	private close(i: number, depth: number): void {
		const out = this.out
		if (out !== null) {
			out.gap(i, this.frameCount[depth] === 0 ? '' : this.layout.first(depth - 1))
			out.prevEnd = i + 1
		} else if (this.tape !== null) {
			const tape = this.tape
			const open = this.frameTape[depth]!
			const index = tape.push(K_CLOSE, i, open, null)
			tape.ends[open] = index
		}
		this.keyTop = this.frameKeyBase[depth]!
		this.frameKeyMap[depth] = null
	}

	// -------------------------------------------------------------------------
	// Duplicate keys

	/**
	 * Keys are compared by value (`"a"` and `"\u0061"` are the same key). In
	 * small objects, linearly, with a cheap hash to skip most comparisons;
	 * past 16 keys, through a Map keyed by the key itself. (Not by the cheap
	 * hash: keys like "id000001", "id000002"… would all share one, and a
	 * million of them would make the scan quadratic.)
	 */
	private addKey(depth: number, start: number, end: number, value: string | undefined): void {
		const input = this.input
		const base = this.frameKeyBase[depth]!
		const top = this.keyTop
		if (top === this.keyStart.length) this.growKeys()
		let duplicate = -1
		const map = this.frameKeyMap[depth] ?? null
		if (map !== null) {
			const name = value ?? input.slice(start + 1, end - 1)
			const first = map.get(name)
			if (first === undefined) map.set(name, top)
			else duplicate = first
		} else {
			const hash = value === undefined ? keyHash(input, start + 1, end - 1) : keyHash(value, 0, value.length)
			duplicate = this.findKey(base, top, hash, start, end, value)
			if (top - base === 16) {
				const created = new Map<string, number>()
				for (let k = base; k <= top; k++) {
					const name = k === top ? (value ?? input.slice(start + 1, end - 1)) : (this.keyValue[k] ?? input.slice(this.keyStart[k]! + 1, this.keyEnd[k]! - 1))
					if (!created.has(name)) created.set(name, k)
				}
				this.frameKeyMap[depth] = created
			}
			this.keyHash[top] = hash
		}
		if (duplicate >= 0) {
			const name = value ?? input.slice(start + 1, end - 1)
			this.warn(`Duplicate key "${truncate(name, 40)}" (first seen on {refLine})`, start, this.keyStart[duplicate])
		}
		this.keyStart[top] = start
		this.keyEnd[top] = end
		this.keyValue[top] = value
		this.keyTop = top + 1
	}

	private findKey(from: number, top: number, hash: number, start: number, end: number, value: string | undefined): number {
		const input = this.input
		for (let k = from; k < top; k++) {
			if (this.keyHash[k] !== hash) continue
			const other = this.keyValue[k]
			if (value === undefined && other === undefined) {
				// Both as written, without escapes: compare in place.
				if (sameRange(input, this.keyStart[k]! + 1, this.keyEnd[k]! - 1, start + 1, end - 1)) return k
			} else if ((other ?? input.slice(this.keyStart[k]! + 1, this.keyEnd[k]! - 1)) === (value ?? input.slice(start + 1, end - 1))) return k
		}
		return -1
	}

	private growKeys(): void {
		const size = this.keyHash.length * 2
		const hash = new Int32Array(size)
		hash.set(this.keyHash)
		const start = new Int32Array(size)
		start.set(this.keyStart)
		const end = new Int32Array(size)
		end.set(this.keyEnd)
		this.keyHash = hash
		this.keyStart = start
		this.keyEnd = end
	}

	// -------------------------------------------------------------------------
	// Problems

	/** Records an error; false when the list is full and scanning must stop. */
	private error(message: string, offset: number, ref?: number, cutShort = false): boolean {
		const problem: PendingProblem = ref === undefined ? { message, offset } : { message, offset, ref }
		if (cutShort) problem.cutShort = true
		this.errors.push(problem)
		if (this.errors.length < MAX_PROBLEMS) return true
		this.capped = true
		return false
	}

	/** An error scanning cannot go past. */
	private fatal(message: string, offset: number, ref?: number, cutShort = false): void {
		this.error(message, offset, ref, cutShort)
	}

	private warn(message: string, offset: number, ref?: number): void {
		this.warningCount++
		if (this.warnings.length < MAX_PROBLEMS) this.warnings.push(ref === undefined ? { message, offset } : { message, offset, ref })
	}

	private unclosed(depth: number): void {
		const bracket = this.frameKind[depth] === K_OBJECT ? '{' : '['
		const count = depth === 1 ? '1 bracket' : `${depth.toLocaleString('en-US')} brackets`
		const which = depth === 1 ? `'${bracket}'` : `the innermost, '${bracket}',`
		this.fatal(`Unexpected end of input: ${count} still open (${which} opened on {ref})`, this.length, this.frameOpen[depth], true)
	}

	private mismatch(i: number, depth: number): void {
		const bracket = this.frameKind[depth] === K_OBJECT ? '{' : '['
		this.fatal(`Mismatched bracket: '${this.input[i]}' cannot close the '${bracket}' opened on {ref}`, i, this.frameOpen[depth])
	}

	private tooDeep(i: number): Error {
		this.tooDeepAt = i
		const problem: PendingProblem = { message: TOO_DEEP_MESSAGE, offset: i }
		const resolved = resolveProblems(this.input, [...this.errors, problem])
		const first = resolved[resolved.length - 1]!
		const excerpt = excerptNear(this.input, i)
		return tooComplex(
			`${TOO_DEEP_MESSAGE} (line ${first.line}, column ${first.column}). Flatten the data or split it into smaller documents.`,
			{ line: first.line, column: first.column, maxDepth: MAX_DEPTH, errors: resolved, excerpt: excerpt.text, caret: excerpt.caret },
		)
	}

	/** The property name of the innermost object's last key, quoted, for messages. */
	private lastKeyName(depth: number): string {
		if (this.keyTop <= this.frameKeyBase[depth]!) return 'the property'
		const k = this.keyTop - 1
		const value = this.keyValue[k] ?? this.input.slice(this.keyStart[k]! + 1, this.keyEnd[k]! - 1)
		return `"${truncate(value, 40)}"`
	}

	/** The character at `i`, for messages: `'x'`, `U+0001`, `a line break`, `the end of the input`. */
	private found(i: number): string {
		if (i >= this.length) return 'the end of the input'
		const code = this.input.codePointAt(i)!
		if (code === 10 || code === 13) return 'a line break'
		if (code < 32 || (code >= 0x7f && code <= 0xa0) || isOddSpace(code) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffd || code === 0xfeff)
			return unicodeName(code)
		return `'${String.fromCodePoint(code)}'`
	}

	private reportProgress(i: number): void {
		this.nextProgress = i + this.progressStep
		this.progress?.(i / this.length)
	}
}

// ---------------------------------------------------------------------------
// Positions

/**
 * 1-based line and column of every problem, in one pass over the text
 * (columns count code points, as `positionAt` in core.ts does). `{ref}` and
 * `{refLine}` in a message name the position of `ref`.
 */
export function resolveProblems(input: string, problems: ReadonlyArray<PendingProblem>): ToolProblem[] {
	const offsets: number[] = []
	for (const problem of problems) {
		offsets.push(problem.offset)
		if (problem.ref !== undefined) offsets.push(problem.ref)
	}
	const positions = locate(input, offsets)
	return problems.map((problem) => {
		const { line, column } = positions.get(clampOffset(input, problem.offset))!
		let message = problem.message
		if (problem.ref !== undefined) {
			const ref = positions.get(clampOffset(input, problem.ref))!
			message = message.replace('{refLine}', `line ${ref.line}`).replace('{ref}', `line ${ref.line}, column ${ref.column}`)
		}
		return { message, line, column, offset: problem.offset }
	})
}

function clampOffset(input: string, offset: number): number {
	return Math.min(Math.max(offset, 0), input.length)
}

export function locate(input: string, offsets: ReadonlyArray<number>): Map<number, { line: number; column: number }> {
	const sorted = [...new Set(offsets.map((offset) => clampOffset(input, offset)))].sort((a, b) => a - b)
	const positions = new Map<number, { line: number; column: number }>()
	let line = 1
	let lineStart = 0
	let nextBreak = input.indexOf('\n')
	let counted = 0
	let column = 1
	for (const offset of sorted) {
		while (nextBreak !== -1 && nextBreak < offset) {
			line++
			lineStart = nextBreak + 1
			counted = lineStart
			column = 1
			nextBreak = input.indexOf('\n', lineStart)
		}
		for (; counted < offset; counted++) {
			const code = input.charCodeAt(counted)
			// The second half of a surrogate pair does not start a new column.
			if (code < 0xdc00 || code > 0xdfff || counted === lineStart) column++
		}
		positions.set(offset, { line, column })
	}
	return positions
}

/**
 * The line around `offset` with a caret under it: what `excerptAt` in
 * core.ts gives, without splitting the whole line into code points (a
 * minified document is one line of up to 100 MB). Only a window of the line
 * near the offset is looked at.
 */
export function excerptNear(input: string, offset: number, maxWidth = 120): { text: string; caret: string } {
	const at = clampOffset(input, offset)
	const lineStart = input.lastIndexOf('\n', at - 1) + 1
	let lineEnd = input.indexOf('\n', at)
	if (lineEnd === -1) lineEnd = input.length
	if (lineEnd > lineStart && input.charCodeAt(lineEnd - 1) === 13) lineEnd--
	// Enough UTF-16 units either side for maxWidth code points, not splitting a surrogate pair.
	const reach = maxWidth * 4
	let from = Math.max(lineStart, at - reach)
	if (from > lineStart && isLowSurrogate(input.charCodeAt(from))) from--
	let to = Math.min(lineEnd, Math.max(at, from) + reach)
	if (to < lineEnd && isLowSurrogate(input.charCodeAt(to))) to++
	const chars = Array.from(input.slice(from, to))
	const index = Array.from(input.slice(from, Math.min(at, to))).length
	const start = Math.max(0, Math.min(index - Math.floor(maxWidth / 2), chars.length - maxWidth))
	const window = chars.slice(start, start + maxWidth).map((char) => (char === '\t' ? ' ' : char))
	const prefix = start > 0 || from > lineStart ? '…' : ''
	const suffix = start + maxWidth < chars.length || to < lineEnd ? '…' : ''
	return { text: prefix + window.join('') + suffix, caret: ' '.repeat(prefix.length + Math.max(0, index - start)) + '^' }
}

function isLowSurrogate(c: number): boolean {
	return c >= 0xdc00 && c <= 0xdfff
}

// ---------------------------------------------------------------------------
// Characters

/** The start of a JSON number, or a whole one: `-`, `1.`, `2e+`, `-0.5E`. */
const NUMBER_START = /^-?(?:(?:0|[1-9]\d*)(?:\.\d*|(?:\.\d+)?[eE][+-]?\d*)?)?$/

function isWordChar(c: number): boolean {
	return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36
}

const IDENTIFIER_START = /[\p{ID_Start}$_]/u
const IDENTIFIER_PART = /[\p{ID_Continue}$\u200c\u200d]/u

function startsIdentifier(c: number): boolean {
	if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36
	return c === c && !isOddSpace(c) && IDENTIFIER_START.test(String.fromCharCode(c))
}

/** The end of an identifier (an unquoted key, a bare word) starting at i. */
function identifierEnd(input: string, i: number): number {
	let j = i
	for (;;) {
		const c = input.charCodeAt(j)
		if (c < 128) {
			if (isWordChar(c)) j++
			else break
		} else if (c === c) {
			const width = c >= 0xd800 && c <= 0xdbff ? 2 : 1
			if (IDENTIFIER_PART.test(input.slice(j, j + width))) j += width
			else break
		} else break
	}
	return Math.max(j, i + 1)
}

function startsValue(c: number): boolean {
	return c === 34 || c === 123 || c === 91 || c === 45 || (c >= 48 && c <= 57) || c === 39 || c === 43 || c === 46 || startsIdentifier(c)
}

function startsKey(c: number): boolean {
	return c === 34 || c === 39 || startsIdentifier(c)
}

/** Spaces JSON5 allows and JSON does not (vertical tab, form feed, no-break space, BOM, Unicode spaces). */
function isOddSpace(c: number): boolean {
	return (
		c === 11 ||
		c === 12 ||
		c === 0xa0 ||
		c === 0xfeff ||
		c === 0x1680 ||
		(c >= 0x2000 && c <= 0x200a) ||
		c === 0x2028 ||
		c === 0x2029 ||
		c === 0x202f ||
		c === 0x205f ||
		c === 0x3000
	)
}

function hexValue(c: number): number {
	if (c >= 48 && c <= 57) return c - 48
	const lower = c | 32
	if (lower >= 97 && lower <= 102) return lower - 87
	return -1
}

/** Four hex digits at j as a number, or -1. */
function hex4(input: string, j: number): number {
	const a = hexValue(input.charCodeAt(j))
	const b = hexValue(input.charCodeAt(j + 1))
	const c = hexValue(input.charCodeAt(j + 2))
	const d = hexValue(input.charCodeAt(j + 3))
	return a < 0 || b < 0 || c < 0 || d < 0 ? -1 : (a << 12) | (b << 8) | (c << 4) | d
}

function hex2(input: string, j: number): number {
	const a = hexValue(input.charCodeAt(j))
	const b = hexValue(input.charCodeAt(j + 1))
	return a < 0 || b < 0 ? -1 : (a << 4) | b
}

/**
 * A key's hash from its length and three of its characters: no loop over
 * the key, and distinct keys of one object rarely collide (a collision only
 * costs a comparison).
 */
function keyHash(text: string, start: number, end: number): number {
	const length = end - start
	if (length === 0) return 0
	return Math.imul(length, 0x9e3779b1) ^ (text.charCodeAt(start) << 7) ^ (text.charCodeAt(end - 1) << 15) ^ (text.charCodeAt(start + (length >> 1)) << 23)
}

function sameRange(text: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
	if (aEnd - a !== bEnd - b) return false
	for (; a < aEnd; a++, b++) if (text.charCodeAt(a) !== text.charCodeAt(b)) return false
	return true
}

const SHORT_ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }

/** How JSON writes a control character: `\n`, or `\u001f`. */
export function controlEscape(c: number): string {
	return SHORT_ESCAPES[c] ?? '\\u' + c.toString(16).padStart(4, '0')
}

export function unicodeName(c: number): string {
	return 'U+' + c.toString(16).toUpperCase().padStart(4, '0')
}

/** Characters for a message: control characters and lone surrogates by name. */
function describeCodeUnits(text: string): string {
	const code = text.codePointAt(0) ?? 0
	if (code < 32 || (code >= 0xd800 && code <= 0xdfff) || (code >= 0x7f && code <= 0xa0)) return unicodeName(code)
	return text
}

export function truncate(text: string, max: number): string {
	return text.length > max ? text.slice(0, max - 1) + '…' : text
}

/** The value of a JSON string literal; its raw content when it is not valid. */
export function decodeString(json: string): string {
	try {
		return JSON.parse(json) as string
	} catch {
		return json.slice(1, -1)
	}
}
