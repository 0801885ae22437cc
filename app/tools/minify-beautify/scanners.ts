/**
 * Minify & Beautify: small hand-written scanners, pure and linear (one pass,
 * an explicit stack instead of recursion, no regular expressions on the
 * input). They do what no installed library does safely in both the browser
 * and the server:
 *
 * - JSON: the JSON Formatter's scanner (app/tools/shared/json/) in strict
 *   mode, which minifies or pretty-prints in the same pass, keeping every
 *   number and string exactly as written; only its first problem is reported;
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
import { type ToolProblem } from '#app/tools/kit/core.ts'
import { JsonScanner, MAX_DEPTH, resolveProblems, TOO_DEEP_MESSAGE } from '#app/tools/shared/json/scanner.ts'

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

// ---------------------------------------------------------------------------
// JSON: the JSON Formatter's engine, strict
// ---------------------------------------------------------------------------

/** Deeper JSON is refused (SECURITY.md M1): the shared engine's limit, as in the JSON Formatter. */
export const MAX_JSON_DEPTH = MAX_DEPTH

/** The engine's warnings, resolved: at most MAX_PROBLEMS listed, `count` in all. */
export type JsonWarnings = { list: Array<ToolProblem>; count: number }

/** Where checked text sits in a larger input (JSON in an HTML `<script>`), so errors point into the input. */
export type Embedding = { input: string; offset: number }

/**
 * Checks strict JSON and writes it again with the shared engine
 * (app/tools/shared/json/): minified when `indent` is null, else one value
 * per line like `JSON.stringify(value, null, indent)` (empty objects and
 * arrays stay `{}` and `[]`). Numbers and strings are copied as written, so
 * `1.0`, `1E5` and 20-digit integers do not change. The engine's first
 * problem is thrown as a `ScanError`; its warnings (a byte order mark left
 * out, duplicate keys, lone surrogates) go to `warnings` when given.
 */
export function formatJson(text: string, indent: string | null, warnings?: JsonWarnings): string {
	const scanner = scanJson(text, indent === null ? 'minify' : 'format', indent)
	if (warnings && scanner.warningCount > 0) {
		warnings.list.push(...resolveProblems(text, scanner.warnings))
		warnings.count += scanner.warningCount
	}
	return scanner.output
}

/** Checks strict JSON; errors point into `within.input` when the text is embedded in it. */
export function checkJson(text: string, within?: Embedding): void {
	scanJson(text, 'validate', null, within)
}

/**
 * Whether `sample` (the start of a longer text when `truncated`) reads as
 * JSON: valid, or valid up to where the sample stops (the engine's first
 * problem is that the text ended inside a bracket, string, number or literal).
 */
export function looksLikeJson(sample: string, truncated: boolean): boolean {
	const scanner = new JsonScanner(sample, { mode: 'validate' })
	try {
		scanner.scan()
	} catch {
		return false // nested deeper than MAX_DEPTH
	}
	return !scanner.failed || (truncated && scanner.errors[0]!.cutShort === true)
}

function scanJson(text: string, mode: 'format' | 'minify' | 'validate', indent: string | null, within: Embedding = { input: text, offset: 0 }): JsonScanner {
	const scanner = new JsonScanner(text, indent === null ? { mode } : { mode, indent })
	const shift = within.offset
	try {
		scanner.scan()
	} catch (error) {
		if (scanner.tooDeepAt < 0) throw error
		throw new ScanError(TOO_DEEP_MESSAGE, shift + scanner.tooDeepAt, 'too-complex')
	}
	if (!scanner.failed) return scanner
	const first = scanner.errors[0]!
	// Resolved against the whole input, so "opened on line 2, column 5" points into it too.
	const pending = { message: first.message, offset: shift + first.offset, ...(first.ref === undefined ? {} : { ref: shift + first.ref }) }
	const [problem] = resolveProblems(within.input, [pending])
	throw new ScanError(problem!.message, pending.offset, 'syntax', first.cutShort === true)
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
	// The open brackets, as two stacks of numbers rather than one of objects: a style sheet has one
	// per rule, and an object each cost a tenth of the scan (issue 17).
	const openCodes: Array<number> = []
	const openOffsets: Array<number> = []
	const length = text.length
	let index = 0
	while (index < length) {
		let code = text.charCodeAt(index)
		// Runs of characters that mean nothing here (most of a style sheet) are skipped by a table
		// look-up per character, rather than the chain of comparisons below.
		while (code < 128 && CSS_PLAIN[code] === 1) {
			if (++index >= length) break
			code = text.charCodeAt(index)
		}
		if (index >= length) break
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
			if (openCodes.length >= maxDepth) {
				throw new ScanError(`The CSS is nested too deeply (more than ${maxDepth} levels of brackets)`, index, 'too-complex')
			}
			openCodes.push(code)
			openOffsets.push(index)
			index++
		} else if (code === Char.CloseParen || code === Char.CloseBracket || code === Char.CloseBrace) {
			const char = text[index]!
			if (openCodes.length === 0) throw new ScanError(`Unexpected '${char}': there is no '${openerOf(code)}' to close`, index)
			const top = openCodes.pop()!
			openOffsets.pop()
			if (closerOf(top) !== code) {
				throw new ScanError(`Expected '${String.fromCharCode(closerOf(top))}' to close the '${String.fromCharCode(top)}' opened earlier, found '${char}'`, index)
			}
			index++
		} else index++
	}
	if (openCodes.length > 0) {
		const top = openCodes[openCodes.length - 1]!
		throw new ScanError(`Unclosed '${String.fromCharCode(top)}': add '${String.fromCharCode(closerOf(top))}'`, openOffsets[openOffsets.length - 1]!, 'syntax', true)
	}
	return { licenceComments }
}

/** 1 for the ASCII characters scanCss passes over: all but / " ' \\ ( ) [ ] { }. */
const CSS_PLAIN = (() => {
	const table = new Uint8Array(128).fill(1)
	for (const char of '/"\'\\()[]{}') table[char.charCodeAt(0)] = 0
	return table
})()

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
	// Compared a character at a time (ASCII letters folded with | 0x20): no substring per bracket.
	if (paren < 3 || (text.charCodeAt(paren - 3) | 0x20) !== 0x75 || (text.charCodeAt(paren - 2) | 0x20) !== 0x72 || (text.charCodeAt(paren - 1) | 0x20) !== 0x6c) return false
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
