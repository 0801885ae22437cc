/**
 * Minify & Beautify: small hand-written scanners, pure and linear (one pass,
 * an explicit stack instead of recursion, no regular expressions on the
 * input). They do what no installed library does safely in both the browser
 * and the server:
 *
 * - JSON: a strict RFC 8259 validator that minifies or pretty-prints in the
 *   same pass, keeping every number and string exactly as written;
 * - CSS: unclosed comments, strings, `url(` and brackets with positions, and
 *   a nesting cap (native lightningcss overflows its stack and kills the
 *   process on ~1,000 nested brackets, see `MAX_CSS_DEPTH`);
 * - SQL: unclosed quotes, comments and parentheses with positions, and the
 *   SQL minifier itself (no maintained SQL minifier is installed);
 * - XML: the minifier (minify-xml imports `node:stream` at the top, so it
 *   cannot run in the browser, and its namespace shortening rewrites prefixes
 *   that attribute values such as XSD's `type="xs:string"` refer to);
 * - JavaScript: an estimate of bracket nesting, to refuse input that would
 *   overflow esbuild's stack (a crash of its service process) before it runs.
 *
 * They report problems by throwing `ScanError` with a UTF-16 offset; the core
 * turns it into a `ToolError` with a 1-based line and column.
 */

export type ScanErrorKind = 'syntax' | 'too-complex'

export class ScanError extends Error {
	constructor(
		message: string,
		readonly offset: number,
		readonly kind: ScanErrorKind = 'syntax',
		/** The input ended where more was expected (a truncated sample is not an error). */
		readonly atEnd = false,
	) {
		super(message)
		this.name = 'ScanError'
	}
}

const Char = {
	Tab: 9,
	LineFeed: 10,
	FormFeed: 12,
	CarriageReturn: 13,
	Space: 32,
	Bang: 33,
	DoubleQuote: 34,
	Hash: 35,
	Dollar: 36,
	Quote: 39,
	OpenParen: 40,
	CloseParen: 41,
	Star: 42,
	Plus: 43,
	Comma: 44,
	Minus: 45,
	Dot: 46,
	Slash: 47,
	Zero: 48,
	Nine: 57,
	Colon: 58,
	Semicolon: 59,
	LessThan: 60,
	Equals: 61,
	GreaterThan: 62,
	Question: 63,
	UpperA: 65,
	UpperE: 69,
	UpperZ: 90,
	OpenBracket: 91,
	Backslash: 92,
	CloseBracket: 93,
	Underscore: 95,
	Backtick: 96,
	LowerA: 97,
	LowerE: 101,
	LowerZ: 122,
	OpenBrace: 123,
	CloseBrace: 125,
	Bom: 0xfeff,
} as const

function isDigit(code: number): boolean {
	return code >= Char.Zero && code <= Char.Nine
}

function isWordChar(code: number): boolean {
	return (
		(code >= Char.LowerA && code <= Char.LowerZ) ||
		(code >= Char.UpperA && code <= Char.UpperZ) ||
		isDigit(code) ||
		code === Char.Underscore ||
		code === Char.Dollar ||
		code > 0x7f
	)
}

function isSpace(code: number): boolean {
	return code === Char.Space || code === Char.Tab || code === Char.LineFeed || code === Char.CarriageReturn || code === Char.FormFeed
}

function describe(text: string, offset: number): string {
	if (offset >= text.length) return 'the end of the input'
	const code = text.codePointAt(offset) ?? 0
	if (code === Char.LineFeed || code === Char.CarriageReturn) return 'a line break'
	if (code < 0x20) return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
	return `'${String.fromCodePoint(code)}'`
}

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

/** Deeper JSON is refused (SECURITY.md M1), like the JSON formatter does. */
export const MAX_JSON_DEPTH = 1000

const JsonState = {
	Value: 0,
	ValueOrEnd: 1,
	Key: 2,
	KeyOrEnd: 3,
	AfterValue: 4,
	Done: 5,
} as const

type JsonState = (typeof JsonState)[keyof typeof JsonState]

/**
 * Validates strict JSON and writes it again: minified when `indent` is null,
 * else one value per line like `JSON.stringify(value, null, indent)` (empty
 * objects and arrays stay `{}` and `[]`). Numbers and strings are copied as
 * written, so `1.0`, `1E5` and 20-digit integers do not change.
 */
export function formatJson(text: string, indent: string | null): string {
	const out: Array<string> = []
	const pretty = indent !== null
	const indents: Array<string> = ['\n']
	const newline = (depth: number) => {
		while (indents.length <= depth) indents.push(indents[indents.length - 1] + (indent ?? ''))
		return indents[depth]!
	}
	const stack: Array<number> = [] // Char.OpenBrace or Char.OpenBracket
	const length = text.length
	let state = JsonState.Value as JsonState
	let index = 0
	let lastComma = -1

	if (text.charCodeAt(0) === Char.Bom) throw new ScanError('A byte order mark (U+FEFF) is not allowed at the start of JSON', 0)

	const skipSpace = () => {
		while (index < length) {
			const code = text.charCodeAt(index)
			if (code === Char.Space || code === Char.LineFeed || code === Char.CarriageReturn || code === Char.Tab) index++
			else if (code === Char.Slash && (text.charCodeAt(index + 1) === Char.Slash || text.charCodeAt(index + 1) === Char.Star)) {
				throw new ScanError('Comments are not allowed in JSON', index)
			} else break
		}
	}

	const open = (code: number) => {
		if (stack.length >= MAX_JSON_DEPTH) {
			throw new ScanError(`The JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`, index, 'too-complex')
		}
		stack.push(code)
		index++
		skipSpace()
		const close = code === Char.OpenBrace ? Char.CloseBrace : Char.CloseBracket
		if (text.charCodeAt(index) === close) {
			out.push(code === Char.OpenBrace ? '{}' : '[]')
			stack.pop()
			index++
			state = stack.length === 0 ? JsonState.Done : JsonState.AfterValue
			return
		}
		out.push(code === Char.OpenBrace ? '{' : '[')
		if (pretty) out.push(newline(stack.length))
		state = code === Char.OpenBrace ? JsonState.KeyOrEnd : JsonState.ValueOrEnd
	}

	const readString = () => {
		const start = index
		index++
		while (true) {
			if (index >= length) throw new ScanError('Unterminated string', start, 'syntax', true)
			const code = text.charCodeAt(index)
			if (code === Char.DoubleQuote) break
			if (code === Char.Backslash) {
				const next = text.charCodeAt(index + 1)
				if (next === 117 /* u */) {
					for (let digit = 2; digit < 6; digit++) {
						if (index + digit >= length) throw new ScanError('Unterminated string', start, 'syntax', true)
						if (!isHexDigit(text.charCodeAt(index + digit))) {
							throw new ScanError('Invalid \\u escape: expected four hexadecimal digits', index)
						}
					}
					index += 6
					continue
				}
				if (index + 1 >= length) throw new ScanError('Unterminated string', start, 'syntax', true)
				if (!isJsonEscape(next)) throw new ScanError(`Invalid escape sequence '\\${text[index + 1]}' in a string`, index)
				index += 2
				continue
			}
			if (code < 0x20) {
				throw new ScanError(`Strings cannot contain ${describe(text, index)}: write it as an escape such as \\n`, index)
			}
			index++
		}
		index++
		out.push(text.slice(start, index))
	}

	const readNumber = () => {
		const start = index
		if (text.charCodeAt(index) === Char.Minus) index++
		const first = text.charCodeAt(index)
		if (first === Char.Zero) {
			index++
			if (isDigit(text.charCodeAt(index))) throw new ScanError('Numbers cannot have leading zeros', start)
		} else if (isDigit(first)) {
			while (isDigit(text.charCodeAt(index))) index++
		} else throw new ScanError(`Invalid number: expected a digit after '-'`, index, 'syntax', index >= length)
		if (text.charCodeAt(index) === Char.Dot) {
			index++
			if (!isDigit(text.charCodeAt(index))) throw new ScanError('Invalid number: expected a digit after the decimal point', index, 'syntax', index >= length)
			while (isDigit(text.charCodeAt(index))) index++
		}
		const exponent = text.charCodeAt(index)
		if (exponent === Char.LowerE || exponent === Char.UpperE) {
			index++
			const sign = text.charCodeAt(index)
			if (sign === Char.Plus || sign === Char.Minus) index++
			if (!isDigit(text.charCodeAt(index))) throw new ScanError('Invalid number: expected a digit in the exponent', index, 'syntax', index >= length)
			while (isDigit(text.charCodeAt(index))) index++
		}
		out.push(text.slice(start, index))
	}

	const readValue = () => {
		const code = text.charCodeAt(index)
		if (code === Char.OpenBrace || code === Char.OpenBracket) return open(code)
		if (code === Char.DoubleQuote) readString()
		else if (code === Char.Minus || isDigit(code)) readNumber()
		else if (code === Char.Quote) throw new ScanError('Strings must use double quotes', index)
		else if (index >= length) throw new ScanError('Unexpected end of the input: expected a value', index, 'syntax', true)
		else {
			let end = index
			while (end < length && isWordChar(text.charCodeAt(end))) end++
			const word = text.slice(index, end)
			if (word === 'true' || word === 'false' || word === 'null') {
				out.push(word)
				index = end
			} else if (word !== '' && ('true'.startsWith(word) || 'false'.startsWith(word) || 'null'.startsWith(word)) && end >= length) {
				throw new ScanError('Unexpected end of the input', end, 'syntax', true)
			} else if (word !== '') {
				throw new ScanError(`Unexpected '${word.length > 20 ? `${word.slice(0, 20)}…` : word}': expected a value (a string, number, object, array, true, false or null)`, index)
			} else throw new ScanError(`Unexpected ${describe(text, index)}: expected a value`, index)
		}
		state = stack.length === 0 ? JsonState.Done : JsonState.AfterValue
	}

	skipSpace()
	if (index >= length) throw new ScanError('The input is empty: expected a JSON value', 0, 'syntax', true)
	while (state !== JsonState.Done) {
		skipSpace()
		const code = text.charCodeAt(index)
		switch (state) {
			case JsonState.Value:
			case JsonState.ValueOrEnd:
				if (code === Char.CloseBracket && state === JsonState.Value && lastComma >= 0) {
					throw new ScanError(`Trailing comma: remove the ',' before ']'`, lastComma)
				}
				readValue()
				break
			case JsonState.Key:
			case JsonState.KeyOrEnd:
				if (code === Char.DoubleQuote) {
					readString()
					skipSpace()
					if (text.charCodeAt(index) !== Char.Colon) {
						throw new ScanError(`Expected ':' after the property name, found ${describe(text, index)}`, index, 'syntax', index >= length)
					}
					index++
					out.push(pretty ? ': ' : ':')
					state = JsonState.Value
					lastComma = -1
				} else if (code === Char.CloseBrace && lastComma >= 0) {
					throw new ScanError(`Trailing comma: remove the ',' before '}'`, lastComma)
				} else if (index >= length) {
					throw new ScanError('Unexpected end of the input: expected a property name', index, 'syntax', true)
				} else {
					throw new ScanError(`Property names must be strings in double quotes, found ${describe(text, index)}`, index)
				}
				break
			case JsonState.AfterValue: {
				const top = stack[stack.length - 1]
				const close = top === Char.OpenBrace ? Char.CloseBrace : Char.CloseBracket
				if (code === Char.Comma) {
					lastComma = index
					index++
					out.push(pretty ? ',' + newline(stack.length) : ',')
					state = top === Char.OpenBrace ? JsonState.Key : JsonState.Value
				} else if (code === close) {
					stack.pop()
					index++
					if (pretty) out.push(newline(stack.length))
					out.push(close === Char.CloseBrace ? '}' : ']')
					lastComma = -1
					state = stack.length === 0 ? JsonState.Done : JsonState.AfterValue
				} else {
					const expected = top === Char.OpenBrace ? `',' or '}' after a property value` : `',' or ']' after an array element`
					throw new ScanError(`Expected ${expected}, found ${describe(text, index)}`, index, 'syntax', index >= length)
				}
				break
			}
		}
	}
	skipSpace()
	if (index < length) throw new ScanError(`Unexpected ${describe(text, index)} after the end of the JSON value`, index)
	return out.join('')
}

function isHexDigit(code: number): boolean {
	return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102)
}

function isJsonEscape(code: number): boolean {
	// " \ / b f n r t
	return code === 34 || code === 92 || code === 47 || code === 98 || code === 102 || code === 110 || code === 114 || code === 116
}

/**
 * Whether `sample` (the start of a longer text when `truncated`) reads as
 * JSON: valid, or valid up to where the sample stops.
 */
export function looksLikeJson(sample: string, truncated: boolean): boolean {
	try {
		formatJson(sample, null)
		return true
	} catch (error) {
		return truncated && error instanceof ScanError && error.atEnd
	}
}

// ---------------------------------------------------------------------------
// CSS
// ---------------------------------------------------------------------------

/**
 * Deeper bracket nesting in CSS is refused. Native lightningcss recurses on
 * nested blocks, selectors (`:is(:is(…))`), `@media` and `calc()`; measured in
 * a Node worker thread (4 MB stack) it crashed the whole process at 1,000
 * nested `@media` blocks and 2,000 nested rules or `:is(`. Real style sheets
 * stay under 20.
 */
export const MAX_CSS_DEPTH = 128

export type CssScan = {
	/** `/*! … *\/` comments, in order, with their offsets. */
	licenceComments: Array<{ text: string; offset: number }>
}

/**
 * Checks what CSS parsers either stop on without a useful position or
 * silently repair (lightningcss drops an unclosed last rule): unclosed
 * comments, strings and `url(`, unbalanced `{}`, `()` and `[]`, and nesting
 * deeper than `maxDepth`.
 */
export function scanCss(text: string, maxDepth = MAX_CSS_DEPTH): CssScan {
	const licenceComments: CssScan['licenceComments'] = []
	const stack: Array<{ code: number; offset: number }> = []
	const length = text.length
	let index = 0
	while (index < length) {
		const code = text.charCodeAt(index)
		if (code === Char.Slash && text.charCodeAt(index + 1) === Char.Star) {
			const end = text.indexOf('*/', index + 2)
			if (end === -1) throw new ScanError('Unclosed comment: add */', index, 'syntax', true)
			if (text.charCodeAt(index + 2) === Char.Bang) licenceComments.push({ text: text.slice(index, end + 2), offset: index })
			index = end + 2
		} else if (code === Char.DoubleQuote || code === Char.Quote) {
			index = skipCssString(text, index)
		} else if (code === Char.Backslash) {
			index += 2
		} else if (code === Char.OpenParen || code === Char.OpenBracket || code === Char.OpenBrace) {
			if (code === Char.OpenParen && isUrlFunction(text, index)) {
				let start = index + 1
				while (start < length && isSpace(text.charCodeAt(start))) start++
				const first = text.charCodeAt(start)
				if (first !== Char.DoubleQuote && first !== Char.Quote) {
					const end = text.indexOf(')', start)
					if (end === -1) throw new ScanError(`Unclosed 'url(': add ')'`, index - 3, 'syntax', true)
					index = end + 1
					continue
				}
			}
			if (stack.length >= maxDepth) {
				throw new ScanError(`The CSS is nested too deeply (more than ${maxDepth} levels of brackets)`, index, 'too-complex')
			}
			stack.push({ code, offset: index })
			index++
		} else if (code === Char.CloseParen || code === Char.CloseBracket || code === Char.CloseBrace) {
			const top = stack.pop()
			const char = text[index]!
			if (!top) throw new ScanError(`Unexpected '${char}': there is no '${openerOf(code)}' to close`, index)
			if (closerOf(top.code) !== code) {
				throw new ScanError(`Expected '${String.fromCharCode(closerOf(top.code))}' to close the '${String.fromCharCode(top.code)}' opened earlier, found '${char}'`, index)
			}
			index++
		} else index++
	}
	const top = stack[stack.length - 1]
	if (top) throw new ScanError(`Unclosed '${String.fromCharCode(top.code)}': add '${String.fromCharCode(closerOf(top.code))}'`, top.offset, 'syntax', true)
	return { licenceComments }
}

function skipCssString(text: string, start: number): number {
	const quote = text.charCodeAt(start)
	let index = start + 1
	while (index < text.length) {
		const code = text.charCodeAt(index)
		if (code === quote) return index + 1
		if (code === Char.Backslash) index += 2
		else if (code === Char.LineFeed || code === Char.CarriageReturn || code === Char.FormFeed) {
			throw new ScanError('Unclosed string: a string cannot run past the end of the line', start)
		} else index++
	}
	throw new ScanError('Unclosed string', start, 'syntax', true)
}

function isUrlFunction(text: string, paren: number): boolean {
	if (paren < 3 || text.slice(paren - 3, paren).toLowerCase() !== 'url') return false
	const before = paren === 3 ? 0 : text.charCodeAt(paren - 4)
	return !(isWordChar(before) || before === Char.Minus || before === Char.Backslash)
}

function closerOf(code: number): number {
	return code === Char.OpenParen ? Char.CloseParen : code === Char.OpenBracket ? Char.CloseBracket : Char.CloseBrace
}

function openerOf(code: number): string {
	return code === Char.CloseParen ? '(' : code === Char.CloseBracket ? '[' : '{'
}

// ---------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------

/**
 * Deeper parentheses in SQL are refused: sql-formatter indents each level, so
 * its output grows with the square of the depth (1,000 levels: 4.5 s and
 * 1.9 MB of output), and at 10,000 its parser overflows the stack.
 */
export const MAX_SQL_DEPTH = 200

export type SqlScanOptions = {
	/** Write the minified SQL (else only check). */
	minify: boolean
	/** MySQL-style `\'` escapes inside '…' and "…" (standard SQL doubles the quote instead). */
	backslashEscapes: boolean
	maxDepth?: number
}

/**
 * Checks SQL for unclosed quotes, comments and parentheses and, when asked,
 * minifies it: comments go (except MySQL's executable `/*! … *\/` and
 * optimizer hints `/*+ … *\/`), whitespace outside string literals, quoted
 * identifiers (`"…"`, `` `…` ``, `[…]`) and dollar-quoted strings (`$tag$…$tag$`)
 * collapses to one space, or none next to `,` `(` `)` `;`. Client commands
 * that only work on a line of their own (`GO`, `DELIMITER …`, psql's `\…`)
 * keep their line, and so does a line with a `#` (a MySQL comment that would
 * otherwise swallow what follows it).
 */
export function scanSql(text: string, options: SqlScanOptions): string {
	const { minify, backslashEscapes } = options
	const maxDepth = options.maxDepth ?? MAX_SQL_DEPTH
	const out: Array<string> = []
	const parens: Array<number> = []
	const length = text.length
	let index = 0
	/** Whitespace or a comment was skipped since the last token; 2 when it held a line break. */
	let gap = 0
	let lastChar = 0
	let lineHasHash = false
	let atLineStart = true

	const emit = (token: string) => {
		if (!minify) return
		if (gap > 0 && out.length > 0) {
			const first = token.charCodeAt(0)
			if (gap === 2 && lineHasHash) {
				out.push('\n')
				lineHasHash = false
			} else if (!isSqlTight(lastChar) && !isSqlTight(first) && !isSqlTightEquals(lastChar, first)) out.push(' ')
		}
		gap = 0
		out.push(token)
		lastChar = token.charCodeAt(token.length - 1)
	}

	while (index < length) {
		const code = text.charCodeAt(index)
		if (atLineStart) {
			atLineStart = false
			const lineCommand = sqlLineCommand(text, index)
			if (lineCommand > index) {
				if (minify) {
					if (out.length > 0) out.push('\n')
					out.push(text.slice(index, lineCommand).trim(), '\n')
					gap = 0
					lastChar = Char.LineFeed
					lineHasHash = false
				}
				index = lineCommand
				continue
			}
		}
		if (isSpace(code)) {
			if (code === Char.LineFeed) {
				gap = 2
				atLineStart = true
			} else if (gap === 0) gap = 1
			index++
			continue
		}
		if (code === Char.Minus && text.charCodeAt(index + 1) === Char.Minus) {
			const end = text.indexOf('\n', index)
			index = end === -1 ? length : end
			if (gap === 0) gap = 1
			continue
		}
		if (code === Char.Slash && text.charCodeAt(index + 1) === Char.Star) {
			const end = skipSqlBlockComment(text, index)
			const marker = text.charCodeAt(index + 2)
			if (marker === Char.Bang || marker === Char.Plus) emit(text.slice(index, end))
			else if (gap === 0) gap = 1
			index = end
			continue
		}
		if (code === Char.Quote || code === Char.DoubleQuote || code === Char.Backtick) {
			const escapes = code !== Char.Backtick && (backslashEscapes || (code === Char.Quote && hasEscapePrefix(text, index)))
			const end = skipSqlQuoted(text, index, code, escapes)
			emit(text.slice(index, end))
			index = end
			continue
		}
		if (code === Char.Dollar && !isWordChar(lastCharBefore(text, index))) {
			const tagEnd = dollarTagEnd(text, index)
			if (tagEnd !== -1) {
				const tag = text.slice(index, tagEnd)
				const close = text.indexOf(tag, tagEnd)
				if (close === -1) throw new ScanError(`Unclosed dollar-quoted string: add ${tag}`, index, 'syntax', true)
				emit(text.slice(index, close + tag.length))
				index = close + tag.length
				continue
			}
		}
		if (code === Char.OpenBracket) {
			const end = bracketIdentifierEnd(text, index)
			if (end !== -1) {
				emit(text.slice(index, end))
				index = end
				continue
			}
		}
		if (code === Char.OpenParen) {
			if (parens.length >= maxDepth) {
				throw new ScanError(`The SQL is nested too deeply (more than ${maxDepth} levels of parentheses)`, index, 'too-complex')
			}
			parens.push(index)
		} else if (code === Char.CloseParen) {
			if (parens.pop() === undefined) throw new ScanError(`Unexpected ')': there is no '(' to close`, index)
		}
		// A run of word characters (identifiers, keywords, numbers) or one other character.
		let end = index + 1
		if (isWordChar(code)) while (end < length && isWordChar(text.charCodeAt(end))) end++
		emit(text.slice(index, end))
		if (code === Char.Hash) lineHasHash = true
		index = end
	}
	const unclosed = parens[parens.length - 1]
	if (unclosed !== undefined) throw new ScanError(`Unclosed '(': add ')'`, unclosed, 'syntax', true)
	return minify ? out.join('').trim() : ''
}

/** Characters next to which a space is never needed. */
function isSqlTight(code: number): boolean {
	return code === Char.Comma || code === Char.OpenParen || code === Char.CloseParen || code === Char.Semicolon || code === Char.LineFeed
}

/** `a = 'x'` → `a='x'`, but `=` next to another operator character keeps its space (`a = -1`, `<= =`). */
function isSqlTightEquals(before: number, after: number): boolean {
	if (before === Char.Equals) return isSqlOperand(after)
	if (after === Char.Equals) return isSqlOperand(before)
	return false
}

function isSqlOperand(code: number): boolean {
	return isWordChar(code) || code === Char.Quote || code === Char.DoubleQuote || code === Char.Backtick || code === Char.CloseBracket || code === Char.OpenBracket
}

function lastCharBefore(text: string, index: number): number {
	return index === 0 ? 0 : text.charCodeAt(index - 1)
}

/** E'…' (PostgreSQL escape strings) take backslash escapes. */
function hasEscapePrefix(text: string, quote: number): boolean {
	const prefix = lastCharBefore(text, quote)
	return (prefix === Char.UpperE || prefix === Char.LowerE) && !isWordChar(quote >= 2 ? text.charCodeAt(quote - 2) : 0)
}

function skipSqlQuoted(text: string, start: number, quote: number, backslashEscapes: boolean): number {
	let index = start + 1
	while (index < text.length) {
		const code = text.charCodeAt(index)
		if (code === Char.Backslash && backslashEscapes) index += 2
		else if (code === quote) {
			if (text.charCodeAt(index + 1) === quote) index += 2
			else return index + 1
		} else index++
	}
	const what = quote === Char.Quote ? 'string' : 'quoted identifier'
	throw new ScanError(`Unclosed ${what}: add ${String.fromCharCode(quote)}`, start, 'syntax', true)
}

/** Block comments nest in standard SQL and PostgreSQL: `/* a /* b *\/ c *\/`. */
function skipSqlBlockComment(text: string, start: number): number {
	let depth = 0
	let index = start
	while (index < text.length) {
		const code = text.charCodeAt(index)
		const next = text.charCodeAt(index + 1)
		if (code === Char.Slash && next === Char.Star) {
			depth++
			index += 2
		} else if (code === Char.Star && next === Char.Slash) {
			depth--
			index += 2
			if (depth === 0) return index
		} else index++
	}
	throw new ScanError('Unclosed comment: add */', start, 'syntax', true)
}

/** The end of `$tag$` at `start` (tag empty or an identifier not starting with a digit), or -1. */
function dollarTagEnd(text: string, start: number): number {
	let index = start + 1
	const first = text.charCodeAt(index)
	if (first === Char.Dollar) return index + 1
	if (!isWordChar(first) || isDigit(first) || first === Char.Dollar) return -1
	while (index < text.length) {
		const code = text.charCodeAt(index)
		if (code === Char.Dollar) return index + 1
		if (!isWordChar(code)) return -1
		index++
	}
	return -1
}

/** `[Order Details]` (SQL Server): up to `]` on the same line with no quote or `[` before it; else -1. */
function bracketIdentifierEnd(text: string, start: number): number {
	for (let index = start + 1; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code === Char.CloseBracket) return index + 1
		if (code === Char.Quote || code === Char.DoubleQuote || code === Char.OpenBracket || code === Char.LineFeed) return -1
	}
	return -1
}

/** At a line start: the end of a `GO`, `DELIMITER …` or `\…` client command line, else `start`. */
function sqlLineCommand(text: string, start: number): number {
	let index = start
	while (index < text.length && (text.charCodeAt(index) === Char.Space || text.charCodeAt(index) === Char.Tab)) index++
	let end = text.indexOf('\n', index)
	if (end === -1) end = text.length
	const line = text.slice(index, Math.min(end, index + 200)).trimEnd()
	const upper = line.toUpperCase()
	const isGo = upper === 'GO' || (upper.startsWith('GO ') && /^GO +\d+$/.test(upper))
	if (isGo || upper.startsWith('DELIMITER ') || line.startsWith('\\')) return end
	return start
}

// ---------------------------------------------------------------------------
// XML
// ---------------------------------------------------------------------------

/**
 * Minifies XML that is already known to be well-formed: comments go,
 * whitespace-only text between tags goes (except inside
 * `xml:space="preserve"`), whitespace inside tags collapses, `<a></a>`
 * becomes `<a/>`. Text with anything but whitespace, attribute values, CDATA
 * sections, processing instructions and the DOCTYPE are kept as written.
 */
export function minifyXml(text: string): string {
	const out: Array<string> = []
	const preserve: Array<boolean> = []
	const length = text.length
	let index = text.charCodeAt(0) === Char.Bom ? 1 : 0
	/** The last thing written was a start tag whose `>` can still become `/>`. */
	let openStartTag = false
	while (index < length) {
		const code = text.charCodeAt(index)
		if (code !== Char.LessThan) {
			let end = text.indexOf('<', index)
			if (end === -1) end = length
			const chunk = text.slice(index, end)
			if (preserve[preserve.length - 1] === true || chunk.trim() !== '') {
				out.push(chunk)
				openStartTag = false
			}
			index = end
			continue
		}
		if (text.startsWith('<!--', index)) {
			const end = text.indexOf('-->', index + 4)
			index = end === -1 ? length : end + 3
			continue
		}
		if (text.startsWith('<![CDATA[', index)) {
			const end = text.indexOf(']]>', index + 9)
			const stop = end === -1 ? length : end + 3
			out.push(text.slice(index, stop))
			openStartTag = false
			index = stop
			continue
		}
		if (text.startsWith('<?', index)) {
			const end = text.indexOf('?>', index + 2)
			const stop = end === -1 ? length : end + 2
			const instruction = text.slice(index, stop)
			out.push(/^<\?xml\s/.test(instruction) ? collapseTagWhitespace(instruction) : instruction)
			openStartTag = false
			index = stop
			continue
		}
		if (text.startsWith('<!', index)) {
			const stop = declarationEnd(text, index)
			out.push(text.slice(index, stop))
			openStartTag = false
			index = stop
			continue
		}
		const stop = tagEnd(text, index)
		const tag = collapseTagWhitespace(text.slice(index, stop))
		index = stop
		if (tag.charCodeAt(1) === Char.Slash) {
			preserve.pop()
			if (openStartTag) {
				// <a></a> → <a/>
				const last = out.pop()!
				out.push(last.slice(0, -1) + '/>')
			} else out.push(tag)
			openStartTag = false
			continue
		}
		out.push(tag)
		const selfClosing = tag.endsWith('/>')
		openStartTag = !selfClosing
		if (!selfClosing) {
			const space = xmlSpaceOf(tag)
			preserve.push(space === null ? (preserve[preserve.length - 1] ?? false) : space === 'preserve')
		}
	}
	return out.join('')
}

/** The end of a tag starting at `start` (quotes may hold `>`). */
function tagEnd(text: string, start: number): number {
	let quote = 0
	for (let index = start + 1; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (quote !== 0) {
			if (code === quote) quote = 0
		} else if (code === Char.DoubleQuote || code === Char.Quote) quote = code
		else if (code === Char.GreaterThan) return index + 1
	}
	return text.length
}

/** The end of `<!DOCTYPE …>` (with an internal subset in `[…]` that may hold quotes, comments and `>`). */
function declarationEnd(text: string, start: number): number {
	let quote = 0
	let depth = 0
	for (let index = start + 2; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (quote !== 0) {
			if (code === quote) quote = 0
		} else if (code === Char.LessThan && text.startsWith('<!--', index)) {
			const end = text.indexOf('-->', index + 4)
			if (end === -1) return text.length
			index = end + 2
		} else if (code === Char.DoubleQuote || code === Char.Quote) quote = code
		else if (code === Char.OpenBracket) depth++
		else if (code === Char.CloseBracket) depth--
		else if (code === Char.GreaterThan && depth <= 0) return index + 1
	}
	return text.length
}

/** `<a  x = "1"   y='2' />` → `<a x="1" y='2'/>`: whitespace outside quotes collapses. */
function collapseTagWhitespace(tag: string): string {
	let out = ''
	let quote = 0
	let pendingSpace = false
	for (let index = 0; index < tag.length; index++) {
		const char = tag[index]!
		const code = tag.charCodeAt(index)
		if (quote !== 0) {
			out += char
			if (code === quote) quote = 0
			continue
		}
		if (isSpace(code)) {
			pendingSpace = true
			continue
		}
		if (pendingSpace) {
			const previous = out.charCodeAt(out.length - 1)
			const needed = previous !== Char.Equals && code !== Char.Equals && code !== Char.GreaterThan && code !== Char.Slash && code !== Char.Question
			if (needed) out += ' '
			pendingSpace = false
		}
		if (code === Char.DoubleQuote || code === Char.Quote) quote = code
		out += char
	}
	return out
}

function xmlSpaceOf(tag: string): string | null {
	const at = tag.indexOf('xml:space')
	if (at === -1) return null
	let index = at + 9
	while (isSpace(tag.charCodeAt(index)) || tag.charCodeAt(index) === Char.Equals) index++
	const quote = tag.charCodeAt(index)
	if (quote !== Char.DoubleQuote && quote !== Char.Quote) return null
	const end = tag.indexOf(String.fromCharCode(quote), index + 1)
	return end === -1 ? null : tag.slice(index + 1, end).trim()
}

// ---------------------------------------------------------------------------
// JavaScript nesting
// ---------------------------------------------------------------------------

/**
 * Deeper bracket nesting in JavaScript and TypeScript is refused before any
 * parser sees it. esbuild (Go) recursed fine through 100,000 levels but at
 * 1,000,000 its service process died of a stack overflow, failing every later
 * call in that worker; Prettier throws RangeError near 10,000. Real code stays
 * far below this.
 */
export const MAX_JS_DEPTH = 1000

const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await'])

/**
 * Estimates the deepest nesting of `()`, `[]`, `{}`, template literals and
 * `${}` while skipping strings, comments and (guessed) regular expression
 * literals. JSX text is not told apart from code, so this is an estimate for
 * a cap, not a parser: it reports nothing but depth.
 */
export function checkJsNesting(text: string, maxDepth = MAX_JS_DEPTH): void {
	const length = text.length
	/** Open brackets; Backtick marks a template literal, Dollar a `${` inside one. */
	const stack: Array<number> = []
	let index = 0
	/** The last significant character, or Word after a word (`wordStart` to `wordEnd`). */
	let last = 0
	let wordStart = 0
	let wordEnd = 0
	const push = (code: number) => {
		if (stack.length >= maxDepth) {
			throw new ScanError(`The code is nested too deeply (more than ${maxDepth} levels of brackets)`, index, 'too-complex')
		}
		stack.push(code)
	}
	const scanTemplate = () => {
		// Inside a template literal: up to the closing backtick or the next `${`.
		while (index < length) {
			const code = text.charCodeAt(index)
			if (code === Char.Backslash) index += 2
			else if (code === Char.Backtick) {
				stack.pop()
				index++
				last = Char.CloseParen
				return
			} else if (code === Char.Dollar && text.charCodeAt(index + 1) === Char.OpenBrace) {
				push(Char.Dollar)
				index += 2
				last = Char.OpenBrace
				return
			} else index++
		}
	}
	while (index < length) {
		const code = text.charCodeAt(index)
		if (isSpace(code)) {
			index++
		} else if (code === Char.Slash && text.charCodeAt(index + 1) === Char.Slash) {
			const end = text.indexOf('\n', index)
			index = end === -1 ? length : end
		} else if (code === Char.Slash && text.charCodeAt(index + 1) === Char.Star) {
			const end = text.indexOf('*/', index + 2)
			index = end === -1 ? length : end + 2
		} else if (code === Char.Slash) {
			const regex = last === Word ? REGEX_AFTER_WORDS.has(text.slice(wordStart, wordEnd)) : regexAllowed(last)
			index = regex ? skipRegex(text, index) : index + 1
			last = Char.CloseParen
		} else if (code === Char.Quote || code === Char.DoubleQuote) {
			index = skipJsString(text, index)
			last = Char.CloseParen
		} else if (code === Char.Backtick) {
			push(Char.Backtick)
			index++
			scanTemplate()
		} else if (code === Char.OpenParen || code === Char.OpenBracket || code === Char.OpenBrace) {
			push(code)
			index++
			last = code
		} else if (code === Char.CloseParen || code === Char.CloseBracket || code === Char.CloseBrace) {
			const top = stack.pop()
			index++
			last = code
			if (top === Char.Dollar) scanTemplate()
		} else if (isWordChar(code)) {
			wordStart = index
			while (index < length && isWordChar(text.charCodeAt(index))) index++
			wordEnd = index
			last = Word
		} else {
			index++
			last = code
		}
	}
}

/** Marks "the last token was a word" (not a character code: those are ≥ 9). */
const Word = 1

/** After a punctuator: a `/` starts a regex unless it follows a value (`)`, `]`, `}`). */
function regexAllowed(last: number): boolean {
	return last !== Char.CloseParen && last !== Char.CloseBracket && last !== Char.CloseBrace
}

function skipRegex(text: string, start: number): number {
	let inClass = false
	for (let index = start + 1; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code === Char.Backslash) index++
		else if (code === Char.LineFeed) return start + 1
		else if (inClass) {
			if (code === Char.CloseBracket) inClass = false
		} else if (code === Char.OpenBracket) inClass = true
		else if (code === Char.Slash) return index + 1
	}
	return start + 1
}

function skipJsString(text: string, start: number): number {
	const quote = text.charCodeAt(start)
	for (let index = start + 1; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code === Char.Backslash) index++
		else if (code === quote) return index + 1
		// An unterminated string ends at the line; the parser will report it.
		else if (code === Char.LineFeed) return index
	}
	return text.length
}
