/**
 * Minify & Beautify: the shared core (DESIGN.md §6–7, STYLE.md §1.4). The
 * same logic runs in the browser's Web Worker (`core.browser.ts`, WebAssembly
 * engines) and in the server's worker threads (`core.node.ts`, native
 * engines); only `MinifyEngines` differ. Nothing here touches Node APIs or
 * native packages, and every library is loaded with `import()` for the one
 * language being run, so the browser fetches only what that language needs.
 *
 * | Language   | Beautify                         | Minify                                   |
 * |------------|----------------------------------|------------------------------------------|
 * | JavaScript | Prettier (babel: JSX, Flow)      | esbuild (engine), JSX kept               |
 * | TypeScript | Prettier (typescript)            | esbuild (engine), types removed          |
 * | CSS        | Prettier (postcss)               | lightningcss (engine)                    |
 * | HTML       | Prettier (html + embedded JS/CSS)| html-minifier-terser (terser, clean-css) |
 * | JSON       | shared scanner (exact numbers)   | shared scanner (exact numbers)           |
 * | XML        | Prettier + @prettier/plugin-xml  | own scanner                              |
 * | SQL        | sql-formatter                    | own scanner                              |
 *
 * Every syntax error is a `ToolError` with a 1-based line and column: each
 * language is checked before (or by) the engine that changes it, so broken
 * input never comes back looking like a result. HTML is parsed with
 * Prettier's HTML parser first (html-minifier-terser accepts anything) and
 * its inline scripts and styles are checked too.
 */
import { z } from 'zod'
import {
	defineToolCore,
	inputTooLarge,
	MAX_INPUT_BYTES,
	positionAt,
	tooComplex,
	ToolError,
	utf8Length,
	type ToolProblem,
	type ToolResult,
	type ToolRunContext,
} from '#app/tools/kit/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import { CodeSyntaxError, type HtmlMinifierOptions, type MinifyEngines } from './engines.ts'
import { DEFAULT_CSS_TARGET, MAX_TARGET_LENGTH, resolveBrowsers, summarizeBrowsers, type CssTarget } from './targets.ts'
import { checkJsNesting, checkJson, formatJson, type JsonWarnings, looksLikeJson, minifyXml, ScanError, scanCss, scanSql } from './scanners.ts'

export type { MinifyEngines } from './engines.ts'

// ---------------------------------------------------------------------------
// Languages, options, limits
// ---------------------------------------------------------------------------

export const languageIds = ['javascript', 'typescript', 'css', 'html', 'json', 'xml', 'sql'] as const
export type Language = (typeof languageIds)[number]

export const languageNames: Record<Language, string> = {
	javascript: 'JavaScript',
	typescript: 'TypeScript',
	css: 'CSS',
	html: 'HTML',
	json: 'JSON',
	xml: 'XML',
	sql: 'SQL',
}

export const actionIds = ['beautify', 'minify'] as const
export type Action = (typeof actionIds)[number]

export const minifyOptionsSchema = z
	.object({
		action: z.enum(actionIds).default('beautify'),
		language: z.enum(['auto', ...languageIds]).default('auto'),
		indent: z.enum(['2', '4', 'tab']).default('2'),
		// Coerced: a form posted without JavaScript sends "80".
		printWidth: z.coerce.number().int().min(40).max(200).default(80),
		quotes: z.enum(['double', 'single']).default('double'),
		/**
		 * The compressed sizes of the report (gzip and Brotli of input and output): on unless a client
		 * turns them off. They cost as much as the minify itself on large inputs (issue 17); with `false`
		 * the report has raw sizes only (`gzip` and `brotli` null). A union of literals rather than
		 * `z.boolean()`, so a form posted without JavaScript (which has no such field) keeps the default
		 * (form-options.ts reads a missing boolean as an unticked checkbox).
		 */
		sizes: z.union([z.literal(true), z.literal(false)]).default(true),
		/**
		 * The browsers a CSS minify is made for, as a Browserslist query (targets.ts): lightningcss
		 * writes only syntax they all read. Checked when it is used or differs from the default
		 * (a query that does not resolve is a 400 naming `options.target`).
		 */
		target: z.string().max(MAX_TARGET_LENGTH).default(DEFAULT_CSS_TARGET),
	})
	.strict()

export type MinifyOptions = z.output<typeof minifyOptionsSchema>

const KB = 1024
const MB = 1024 * 1024


/**
 * The largest input each language is beautified up to, in UTF-8 bytes.
 * Measured with Prettier 3.10 on this project's machine (Node 20, one core):
 * JavaScript 1 MB 2.4 s, 3 MB 6.9 s; TypeScript 1 MB 3.3 s, 2 MB 9.2 s;
 * CSS 0.5 MB 2.1 s, 2 MB 7.8 s; HTML 0.5 MB 3.4 s, 1 MB 7.4 s, 2 MB 19 s;
 * XML 0.5 MB 1.0 s, 2 MB 4.9 s (580 MB of memory); sql-formatter 0.5 MB
 * 3.1 s, 1 MB 6.8 s. The caps keep a run near 5 s here, so a slow phone or a
 * busy server stays around 10 s. JSON goes through the shared, linear JSON
 * scanner (5 MB in under 0.1 s): no cap beyond the input's.
 */
export const BEAUTIFY_CAPS: Record<Language, number> = {
	javascript: 2 * MB,
	typescript: 1 * MB,
	css: 1 * MB,
	html: 512 * KB,
	json: MAX_INPUT_BYTES,
	xml: 1 * MB,
	sql: 512 * KB,
}

/**
 * The largest input each language is minified up to. The engines are fast
 * (esbuild, lightningcss: 10 MB in well under a second); HTML is parsed with
 * Prettier's HTML parser first to find syntax errors (2 MB: 5 s) and
 * html-minifier-terser takes another 2 s for 2 MB.
 */
export const MINIFY_CAPS: Record<Language, number> = {
	javascript: MAX_INPUT_BYTES,
	typescript: MAX_INPUT_BYTES,
	css: MAX_INPUT_BYTES,
	html: 2 * MB,
	json: MAX_INPUT_BYTES,
	xml: MAX_INPUT_BYTES,
	sql: MAX_INPUT_BYTES,
}

/** `gzip` and `brotli` are null when not measured (option `sizes: false`; Brotli in the browser, which has no encoder). */
export type SizeReport = { raw: number; gzip: number | null; brotli: number | null }

export type MinifyResult = ToolResult & {
	output: string
	/** The language used: the one chosen, or the one detected. */
	language: Language
	/** Whether `language` was detected (option `auto`). */
	detected: boolean
	sizes: { before: SizeReport; after: SizeReport }
	/** Bytes saved, as a percentage of the input's raw size, one decimal (negative when the output is larger). */
	saving: number
	notes: Array<string>
	/** What a CSS minify was made for (the `target` query and the oldest version of each browser it selects); null otherwise. */
	target: CssTarget | null
}

export const EMPTY_INPUT_MESSAGE = 'Enter some code to minify or beautify.'

// ---------------------------------------------------------------------------
// The core
// ---------------------------------------------------------------------------

export function createMinifyCore(engines: MinifyEngines) {
	return defineToolCore({
		slug: 'minify-beautify',
		optionsSchema: minifyOptionsSchema,
		run: (input: string, options: MinifyOptions, context?: ToolRunContext) => runMinify(engines, input, options, context),
	})
}

export async function runMinify(
	engines: MinifyEngines,
	input: string,
	options: MinifyOptions,
	context: ToolRunContext = {},
): Promise<MinifyResult> {
	if (input.trim() === '') throw new ToolError(EMPTY_INPUT_MESSAGE)
	const before = utf8Length(input)
	if (before > MAX_INPUT_BYTES) throw inputTooLarge(before)
	const detected = options.language === 'auto'
	const language: Language = options.language === 'auto' ? detectLanguage(input) : options.language
	const cap = (options.action === 'minify' ? MINIFY_CAPS : BEAUTIFY_CAPS)[language]
	if (before > cap) {
		const hint = language === 'json' ? ' Use the JSON Formatter for larger JSON.' : ''
		throw tooComplex(
			`${options.action === 'minify' ? 'Minifying' : 'Beautifying'} ${languageNames[language]} is limited to ${formatBytes(cap)}; this input is ${formatBytes(before)}.${hint}`,
			{ limit: cap, size: before },
		)
	}
	// The browser target: resolved for a CSS minify, which uses it, and checked whenever it is not the
	// default, so a bad query is a 400 whatever the language (never silently ignored).
	const cssMinify = options.action === 'minify' && language === 'css'
	const browsers = cssMinify || options.target.trim() !== DEFAULT_CSS_TARGET ? await resolveBrowsers(options.target) : null
	const target = cssMinify && browsers ? summarizeBrowsers(options.target, browsers) : null
	context.progress?.(0.05)

	// A minify's output is smaller than its input, and the input's compressed sizes need only the
	// input: they are measured while the engine works (esbuild in its own process, zlib on libuv's
	// threads), where they cost as much as the minify itself one after the other (issue 17).
	const early = options.sizes && options.action === 'minify' ? engines.compressedSizes(input, { referenceBytes: before }) : null
	// Awaited below, or dropped when the run fails: never an unhandled rejection.
	early?.catch(() => {})

	const notes: Array<string> = []
	let output: string
	try {
		output =
			options.action === 'minify'
				? await minify(engines, language, input, notes, browsers ?? [])
				: await beautify(language, input, options, notes)
	} catch (error) {
		throw toToolError(error, language, input, options.action, detected)
	}
	context.progress?.(0.8)

	if (options.action === 'minify' && output === input) notes.push('The code was already minified: nothing more to remove.')
	else if (options.action === 'minify' && output.trim() === '') {
		notes.push('Nothing is left: the input holds only comments, whitespace or type declarations.')
	}
	const after = utf8Length(output)
	// Both measured alike: at the effort the larger of the two calls for.
	const referenceBytes = Math.max(before, after)
	const notMeasured = { gzip: null, brotli: null }
	const [beforeCompressed, afterCompressed] = options.sizes
		? await Promise.all([
				early !== null && referenceBytes === before ? early : engines.compressedSizes(input, { referenceBytes }),
				engines.compressedSizes(output, { referenceBytes }),
			])
		: [notMeasured, notMeasured]
	context.progress?.(1)
	return {
		output,
		language,
		detected,
		sizes: {
			before: { raw: before, ...beforeCompressed },
			after: { raw: after, ...afterCompressed },
		},
		saving: savingPercent(before, after),
		notes,
		target,
	}
}

/** Bytes saved as a percentage of `before`, one decimal. */
export function savingPercent(before: number, after: number): number {
	if (before === 0) return 0
	return Math.round(((before - after) / before) * 1000) / 10
}

// ---------------------------------------------------------------------------
// Beautify
// ---------------------------------------------------------------------------

type PrettierOptions = { tabWidth: number; useTabs: boolean; printWidth: number; singleQuote: boolean }

function prettierOptions(options: MinifyOptions): PrettierOptions {
	return {
		tabWidth: options.indent === '4' ? 4 : options.indent === 'tab' ? 4 : 2,
		useTabs: options.indent === 'tab',
		printWidth: options.printWidth,
		singleQuote: options.quotes === 'single',
	}
}

async function beautify(language: Language, input: string, options: MinifyOptions, notes: Array<string>): Promise<string> {
	const base = prettierOptions(options)
	switch (language) {
		case 'javascript': {
			checkJsNesting(input)
			const [prettier, babel, estree] = await Promise.all([loadPrettier(), import('prettier/plugins/babel'), import('prettier/plugins/estree')])
			return prettier.format(input, { ...base, parser: 'babel', plugins: [babel, estree] })
		}
		case 'typescript': {
			checkJsNesting(input)
			const [prettier, typescript, estree] = await Promise.all([
				loadPrettier(),
				import('prettier/plugins/typescript'),
				import('prettier/plugins/estree'),
			])
			return prettier.format(input, { ...base, parser: 'typescript', plugins: [typescript, estree] })
		}
		case 'css': {
			scanCss(input)
			const [prettier, postcss] = await Promise.all([loadPrettier(), import('prettier/plugins/postcss')])
			return prettier.format(input, { ...base, parser: 'css', plugins: [postcss] })
		}
		case 'html': {
			await checkHtml(input)
			const [prettier, html, babel, estree, postcss] = await Promise.all([
				loadPrettier(),
				import('prettier/plugins/html'),
				import('prettier/plugins/babel'),
				import('prettier/plugins/estree'),
				import('prettier/plugins/postcss'),
			])
			return prettier.format(input, { ...base, parser: 'html', plugins: [html, babel, estree, postcss] })
		}
		case 'json': {
			const indent = options.indent === 'tab' ? '\t' : ' '.repeat(Number(options.indent))
			// Like JSON.stringify(value, null, indent) but with numbers and strings as written; the print width does not apply.
			return printJson(input, indent, notes) + '\n'
		}
		case 'xml': {
			await checkXml(input)
			const [prettier, xml] = await Promise.all([loadPrettier(), import('@prettier/plugin-xml')])
			return prettier.format(input, {
				...base,
				parser: 'xml',
				plugins: [xml.default],
				// 'ignore' re-indents text freely (what a beautifier is for); 'strict'
				// keeps every text node's whitespace and gives odd `<b\n>` line breaks.
				// xml:space="preserve" is still respected.
				xmlWhitespaceSensitivity: 'ignore',
				xmlQuoteAttributes: options.quotes,
			} as Parameters<typeof prettier.format>[1])
		}
		case 'sql':
			return beautifySql(input, options, notes)
	}
}

function loadPrettier() {
	return import('prettier/standalone')
}

/** sql-formatter dialects, tried in order until one parses the input. */
const SQL_DIALECTS = ['postgresql', 'mysql', 'transactsql', 'sql'] as const

async function beautifySql(input: string, options: MinifyOptions, notes: Array<string>): Promise<string> {
	checkSql(input, false)
	const { format } = await import('sql-formatter')
	// Backticks only quote identifiers in MySQL (and BigQuery, Spark…): try it first then.
	const dialects: ReadonlyArray<(typeof SQL_DIALECTS)[number]> = input.includes('`') ? ['mysql', 'postgresql', 'transactsql', 'sql'] : SQL_DIALECTS
	let firstError: unknown
	for (const dialect of dialects) {
		try {
			const output = format(input, {
				language: dialect,
				tabWidth: options.indent === '4' ? 4 : 2,
				useTabs: options.indent === 'tab',
				keywordCase: 'preserve',
				// Parenthesised expressions up to this many characters stay on one line (default 50 at width 80).
				expressionWidth: Math.max(20, options.printWidth - 30),
			})
			if (dialect !== dialects[0]) notes.push(`Formatted as ${sqlDialectNames[dialect]} SQL (the ${sqlDialectNames[dialects[0]!]} parser did not accept it).`)
			return output + '\n'
		} catch (error) {
			firstError ??= error
		}
	}
	throw sqlFormatterError(firstError, input)
}

const sqlDialectNames: Record<(typeof SQL_DIALECTS)[number], string> = {
	postgresql: 'PostgreSQL',
	mysql: 'MySQL',
	transactsql: 'SQL Server (T-SQL)',
	sql: 'standard',
}

/** sql-formatter's "Parse error: Unexpected "…" at line 1 column 8." (1-based), as a CodeSyntaxError. */
function sqlFormatterError(error: unknown, input: string): unknown {
	if (!(error instanceof Error)) return error
	const firstLine = error.message.split('\n', 1)[0] ?? ''
	const match = /at line (\d+) column (\d+)/.exec(firstLine)
	if (!/^Parse error/i.test(firstLine)) return error
	let message = firstLine.replace(/^Parse error:?\s*/i, '').replace(/\s*at line \d+ column \d+\.?$/, '')
	// "at token: «EOF»" reads better as words.
	message = message.replace(/^at token: «EOF»/, 'unexpected end of the input').replace(/^at token:/, 'unexpected')
	message = message.charAt(0).toUpperCase() + message.slice(1)
	if (!match) return new CodeSyntaxError([{ message }])
	const line = Number(match[1])
	const column = Math.min(Number(match[2]), lineLength(input, line) + 1)
	return new CodeSyntaxError([{ message, line, column }])
}

function lineLength(text: string, line: number): number {
	let start = 0
	for (let current = 1; current < line; current++) {
		const next = text.indexOf('\n', start)
		if (next === -1) return 0
		start = next + 1
	}
	const end = text.indexOf('\n', start)
	return Array.from(text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '')).length
}

// ---------------------------------------------------------------------------
// Minify
// ---------------------------------------------------------------------------

async function minify(engines: MinifyEngines, language: Language, input: string, notes: Array<string>, browsers: ReadonlyArray<string>): Promise<string> {
	switch (language) {
		case 'javascript': {
			checkJsNesting(input)
			// The jsx loader reads any JavaScript; JSX is kept as JSX (not turned into React.createElement).
			const { code, warnings } = await engines.minifyJs(input, { loader: 'jsx' })
			addWarnings(notes, warnings)
			return code
		}
		case 'typescript': {
			checkJsNesting(input)
			let result
			try {
				result = await engines.minifyJs(input, { loader: 'ts' })
			} catch (error) {
				// `<T>value` casts need the ts loader, JSX the tsx loader: try the other before giving up.
				if (!(error instanceof CodeSyntaxError)) throw error
				try {
					result = await engines.minifyJs(input, { loader: 'tsx' })
				} catch {
					throw error
				}
			}
			notes.push('TypeScript types were removed: the output is JavaScript (enums and parameter properties compiled, decorators kept).')
			addWarnings(notes, result.warnings)
			return result.code
		}
		case 'css': {
			const { licenceComments } = scanCss(input)
			const { code, warnings } = await engines.minifyCss(input, { browsers })
			addWarnings(notes, warnings)
			// lightningcss keeps /*! … */ comments only at the very start: put the others back there.
			const missing = licenceComments.filter((comment) => !code.includes(comment.text))
			if (missing.length === 0) return code
			notes.push(
				`${missing.length === 1 ? 'One licence comment' : `${missing.length} licence comments`} (/*! … */) moved to the top: the CSS minifier keeps them only there.`,
			)
			return missing.map((comment) => comment.text).join('\n') + '\n' + code
		}
		case 'html': {
			await checkHtml(input)
			const problems: Array<string> = []
			// `log` is missing from @types/html-minifier-terser but is a documented option.
			const htmlOptions: HtmlMinifierOptions & { log: (message: unknown) => void } = {
				collapseWhitespace: true,
				conservativeCollapse: false,
				// Conditional comments and <!--! … --> stay (html-minifier-terser's defaults).
				removeComments: true,
				// clean-css (bundled with html-minifier-terser) and terser (ours: the browser bundle
				// carries an older terser, and both sides must give the same output). Licence comments
				// are kept by both.
				minifyCSS: true,
				minifyJS: (text: string, inline?: boolean) => minifyInlineJs(text, inline === true, problems),
				// clean-css's errors are swallowed (the text is kept as it was) and only logged, with
				// the run's timing: collect the errors instead.
				log: (message: unknown) => {
					const text = message instanceof Error ? message.message : String(message)
					if (!/^minified in: \d+ms$/.test(text)) problems.push(text)
				},
			}
			const output = await engines.minifyHtml(input, htmlOptions)
			if (problems.length > 0) {
				throw new CodeSyntaxError(problems.map((message) => ({ message: `An inline script or style could not be minified: ${message}` })))
			}
			return output
		}
		case 'json':
			return printJson(input, null, notes)
		case 'xml':
			await checkXml(input)
			notes.push('Comments and whitespace-only text between tags were removed (except inside xml:space="preserve").')
			return minifyXml(input)
		case 'sql':
			return checkSql(input, true)
	}
}

/**
 * html-minifier-terser's own `minifyJS` with the project's terser: drops a
 * legacy `<!--` … `-->` wrapper, allows `return` in event handlers, and keeps
 * the script as it was (reporting the error) when terser cannot parse it.
 */
async function minifyInlineJs(text: string, inline: boolean, problems: Array<string>): Promise<string> {
	const { minify: terser } = await import('terser')
	let code = text
	const start = /^\s*<!--[^\n]*/.exec(code)
	if (start) {
		code = code.slice(start[0].length)
		const trimmed = code.trimEnd()
		const lastLine = trimmed.lastIndexOf('\n')
		if (trimmed.endsWith('-->') && lastLine !== -1 && trimmed.slice(lastLine, -3).trim() === '') code = trimmed.slice(0, lastLine)
	}
	try {
		const result = await terser(code, { parse: { bare_returns: inline } })
		return (result.code ?? '').replace(/;$/, '')
	} catch (error) {
		// A `<script type="module">` may use top-level await, which only parses as a module
		// (the type is not passed to this function). Module scope also lets terser rename
		// top-level names, which is right for a module and never reached for a classic script.
		if (!inline) {
			try {
				const result = await terser(code, { module: true })
				return (result.code ?? '').replace(/;$/, '')
			} catch {
				// Report the first error.
			}
		}
		problems.push(error instanceof Error ? error.message : String(error))
		return text
	}
}

/** JSON through the shared scanner, minified when `indent` is null; its warnings become notes. */
function printJson(input: string, indent: string | null, notes: Array<string>): string {
	const warnings: JsonWarnings = { list: [], count: 0 }
	const output = formatJson(input, indent, warnings)
	addWarnings(notes, warnings.list, warnings.count)
	return output
}

/** The first five warnings as notes; `total` counts those not listed too (the JSON engine keeps 100). */
function addWarnings(notes: Array<string>, warnings: ReadonlyArray<ToolProblem>, total = warnings.length) {
	for (const warning of warnings.slice(0, 5)) {
		notes.push(warning.line ? `Warning (line ${warning.line}, column ${warning.column ?? 1}): ${warning.message}` : `Warning: ${warning.message}`)
	}
	if (total > 5) notes.push(`…and ${total - 5} more warnings.`)
}

/**
 * Checks SQL (and minifies it when asked). Standard SQL doubles a quote to
 * escape it; if the input only reads with MySQL's backslash escapes, it is
 * read that way instead.
 */
function checkSql(input: string, minify: boolean): string {
	try {
		return scanSql(input, { minify, backslashEscapes: false })
	} catch (error) {
		if (!(error instanceof ScanError) || error.kind !== 'syntax') throw error
		try {
			return scanSql(input, { minify, backslashEscapes: true })
		} catch {
			throw error
		}
	}
}

// ---------------------------------------------------------------------------
// HTML and XML checks
// ---------------------------------------------------------------------------

type HtmlNode = {
	kind?: string
	name?: string
	value?: string
	attrs?: Array<HtmlAttribute>
	children?: Array<HtmlNode>
	sourceSpan?: { start: { offset: number } }
}

type HtmlAttribute = { name: string; value: string; valueSpan?: { start: { offset: number } } }

const JSON_SCRIPT_TYPES = new Set(['application/json', 'application/ld+json', 'importmap', 'speculationrules'])
const JS_SCRIPT_TYPES = new Set([
	'',
	'module',
	'text/javascript',
	'application/javascript',
	'application/ecmascript',
	'text/ecmascript',
	'application/x-javascript',
	'text/jsx',
	'text/babel',
])

/**
 * Parses HTML with Prettier's HTML parser (unclosed quotes, comments and
 * tags, stray closing tags, end tags on void elements) and checks what it
 * holds: `<script>` (JavaScript or JSON), `<style>`, `style="…"` and `on…="…"`
 * attributes. Errors point into the HTML.
 */
async function checkHtml(input: string): Promise<void> {
	const { parsers } = await import('prettier/plugins/html')
	const root = (await parsers.html.parse(input, {} as never)) as HtmlNode
	const scripts: Array<{ text: string; offset: number; approximate: boolean }> = []
	const stack: Array<HtmlNode> = [root]
	while (stack.length > 0) {
		const node = stack.pop()!
		for (const child of node.children ?? []) stack.push(child)
		if (node.kind !== 'element') continue
		const name = node.name?.toLowerCase()
		const text = node.children?.[0]
		for (const attribute of node.attrs ?? []) {
			const offset = attributeValueOffset(input, attribute)
			if (offset === null) continue
			const attributeName = attribute.name.toLowerCase()
			if (attributeName === 'style') checkEmbedded(input, offset, () => scanCss(attribute.value))
			else if (attributeName.startsWith('on') && attribute.value.trim() !== '') {
				const decoded = decodeEntities(attribute.value)
				scripts.push({ text: decoded, offset, approximate: decoded !== attribute.value })
			}
		}
		if (!text || text.kind !== 'text' || text.value === undefined || !text.sourceSpan) continue
		const offset = text.sourceSpan.start.offset
		if (name === 'style') checkEmbedded(input, offset, () => scanCss(text.value!))
		else if (name === 'script') {
			const type = (node.attrs?.find((attribute) => attribute.name.toLowerCase() === 'type')?.value ?? '').trim().toLowerCase()
			if (JSON_SCRIPT_TYPES.has(type) || type.endsWith('+json')) {
				if (text.value.trim() !== '') checkJson(text.value.trim(), { input, offset: offset + text.value.length - text.value.trimStart().length })
			} else if (JS_SCRIPT_TYPES.has(type)) scripts.push({ text: text.value, offset, approximate: false })
		}
	}
	if (scripts.length === 0) return
	const { parsers: babel } = await import('prettier/plugins/babel')
	// In document order, so the first error reported is the first in the page.
	scripts.sort((a, b) => a.offset - b.offset)
	for (const script of scripts) {
		try {
			checkJsNesting(script.text)
			await babel.babel.parse(script.text, {} as never)
		} catch (error) {
			if (error instanceof ScanError) throw new ScanError(error.message, script.offset, error.kind)
			const loc = prettierLocation(error)
			if (!loc) throw error
			const inner = script.approximate ? 0 : offsetAt(script.text, loc.line, loc.column)
			throw new ScanError(`In an inline script: ${prettierMessage(error)}`, script.offset + inner)
		}
	}
}

/** Runs a scanner on text embedded at `offset` of the input; its errors point into the input. */
function checkEmbedded(input: string, offset: number, check: () => unknown) {
	try {
		check()
	} catch (error) {
		if (!(error instanceof ScanError)) throw error
		throw new ScanError(error.message, offset + error.offset, error.kind)
	}
}

function attributeValueOffset(input: string, attribute: HtmlAttribute): number | null {
	const start = attribute.valueSpan?.start.offset
	if (start === undefined) return null
	const first = input.charCodeAt(start)
	return first === 34 || first === 39 ? start + 1 : start
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string): string {
	if (!text.includes('&')) return text
	return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (match, entity: string) => {
		if (entity.startsWith('#')) {
			const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
		}
		return NAMED_ENTITIES[entity.toLowerCase()] ?? match
	})
}

/** The UTF-16 offset of a 1-based line and column (in code points). */
function offsetAt(text: string, line: number, column: number): number {
	let offset = 0
	for (let current = 1; current < line; current++) {
		const next = text.indexOf('\n', offset)
		if (next === -1) return text.length
		offset = next + 1
	}
	for (let steps = 1; steps < column && offset < text.length; steps++) {
		const code = text.charCodeAt(offset)
		offset += code >= 0xd800 && code <= 0xdbff ? 2 : 1
	}
	return offset
}

/** XML must be well-formed before the minifier or Prettier's XML plugin (whose errors have no position) sees it. */
async function checkXml(input: string): Promise<void> {
	const { XMLValidator } = await import('fast-xml-parser')
	const result = XMLValidator.validate(input, { allowBooleanAttributes: false })
	if (result === true) return
	const { line, col, msg } = result.err
	// Tags left open at the end come as "Invalid '[    "root",    "item"]' found." at 1:1:
	// name them and point at the innermost one.
	const unclosed = /^Invalid '\[([^\]]*)\]' found\.?$/.exec(msg)
	if (unclosed) {
		const names = Array.from(unclosed[1]!.matchAll(/"([^"]*)"/g), (match) => match[1]!)
		const innermost = names[names.length - 1]
		if (innermost !== undefined) {
			const at = input.lastIndexOf(`<${innermost}`)
			const position = at === -1 ? { line, column: col } : positionAt(input, at)
			const message = names.length === 1 ? `Unclosed tag '${innermost}'` : `Unclosed tags: ${names.map((name) => `'${name}'`).join(', ')}`
			throw new CodeSyntaxError([{ message, ...position }])
		}
	}
	throw new CodeSyntaxError([{ message: msg.replace(/\.$/, ''), line, column: col }])
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

type PrettierLocation = { line: number; column: number }

function prettierLocation(error: unknown): PrettierLocation | null {
	const start = (error as { loc?: { start?: { line?: unknown; column?: unknown } } } | null)?.loc?.start
	if (!start || typeof start.line !== 'number' || typeof start.column !== 'number') return null
	if (!Number.isFinite(start.line) || !Number.isFinite(start.column)) return null
	return { line: start.line, column: start.column }
}

/** Prettier's first message line without its "(3:5)" and parser prefix. */
function prettierMessage(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error)
	const first = (message.split('\n', 1)[0] ?? '').replace(/\s*\(\d+:\d+\)\s*$/, '').replace(/^CssSyntaxError:\s*/, '')
	// HTML: "Unexpected closing tag "div". It may happen when … (see https://…)": keep the first sentence.
	const sentence = /^(.*?\.)\s+It may happen/.exec(first)
	return (sentence?.[1] ?? first).trim()
}

function toToolError(error: unknown, language: Language, input: string, action: Action, detected: boolean): unknown {
	if (error instanceof ToolError) return error
	const name = languageNames[language]
	const hint = detected ? ` (The input was detected as ${name}: choose the language if that is wrong.)` : ''
	const fail = (problems: ReadonlyArray<ToolProblem>) => {
		const first = problems[0]!
		const where = first.line ? ` at line ${first.line}, column ${first.column ?? 1}` : ''
		return new ToolError(`${name} syntax error${where}: ${first.message}${hint}`, {
			line: first.line,
			column: first.column,
			errors: problems.slice(0, 20),
			language,
		})
	}
	if (error instanceof ScanError) {
		const { line, column } = positionAt(input, error.offset)
		if (error.kind === 'too-complex') return tooComplex(`${error.message}.`, { line, column, language })
		return fail([{ message: error.message, line, column }])
	}
	if (error instanceof CodeSyntaxError) return fail(error.problems)
	if (error instanceof RangeError && /call stack/i.test(error.message)) {
		return tooComplex(`The ${name} is nested too deeply to ${action}.`, { language })
	}
	const loc = prettierLocation(error)
	if (loc && error instanceof Error) return fail([{ message: prettierMessage(error), line: loc.line, column: loc.column }])
	return error
}

// ---------------------------------------------------------------------------
// Language detection
// ---------------------------------------------------------------------------

/** How much of the input detection looks at. */
export const DETECTION_SAMPLE = 4096

/**
 * Guesses the language from the start of the input with cheap checks, in
 * order: markup (XML or HTML), JSON, SQL, CSS, TypeScript, else JavaScript.
 * Every regular expression here is linear: no nested or overlapping
 * quantifiers, and they only see the first 4 KB.
 */
export function detectLanguage(input: string): Language {
	const truncated = input.length > DETECTION_SAMPLE
	let sample = input.slice(0, DETECTION_SAMPLE)
	if (sample.charCodeAt(0) === 0xfeff) sample = sample.slice(1)
	const text = sample.trimStart()
	if (text.startsWith('<')) return detectMarkup(text)
	if ((text.startsWith('{') || text.startsWith('[')) && looksLikeJson(text, truncated)) return 'json'
	const code = skipLeadingComments(text)
	if (isSqlStart(code)) return 'sql'
	// Type-like words in comments (JSDoc `{name: string}`) and strings (GraphQL `field(arg: String)`) do not count.
	const bare = withoutCommentsAndStrings(sample)
	if (looksLikeCss(code, bare)) return 'css'
	if (looksLikeTypeScript(bare)) return 'typescript'
	return 'javascript'
}

/**
 * The sample with comments removed and string and template literals emptied
 * (`"…"` → `""`). Quotes stop at the end of a line, so an apostrophe in JSX
 * text costs at most that line.
 */
function withoutCommentsAndStrings(sample: string): string {
	let out = ''
	let index = 0
	while (index < sample.length) {
		const next = nextSpecial(sample, index)
		out += sample.slice(index, next)
		if (next >= sample.length) break
		const char = sample[next]!
		if (char === '/') {
			const second = sample[next + 1]
			if (second === '/') {
				const end = sample.indexOf('\n', next)
				index = end === -1 ? sample.length : end
			} else if (second === '*') {
				const end = sample.indexOf('*/', next + 2)
				index = end === -1 ? sample.length : end + 2
				out += ' '
			} else {
				out += '/'
				index = next + 1
			}
			continue
		}
		// A quote: skip to its closing quote (or the end of the line for ' and ").
		let end = next + 1
		while (end < sample.length) {
			const code = sample[end]!
			if (code === '\\') end += 2
			else if (code === char) break
			else if (code === '\n' && char !== '`') break
			else end++
		}
		out += char + char
		index = end + 1
	}
	return out
}

function nextSpecial(text: string, from: number): number {
	for (let index = from; index < text.length; index++) {
		const code = text.charCodeAt(index)
		// / " ' `
		if (code === 47 || code === 34 || code === 39 || code === 96) return index
	}
	return text.length
}

const HTML_TAGS = new Set(
	(
		'html head body title meta link style script noscript base template slot div span p a img picture source video audio track ' +
		'canvas iframe embed object ul ol li dl dt dd table thead tbody tfoot tr td th caption colgroup col form input button select ' +
		'option optgroup textarea label fieldset legend datalist output progress meter details summary dialog menu header footer main ' +
		'nav section article aside h1 h2 h3 h4 h5 h6 hgroup address blockquote pre code em strong b i u s small mark abbr cite q dfn ' +
		'time var samp kbd sub sup br hr wbr figure figcaption map area del ins ruby rt rp bdi bdo data search center font frameset frame'
	).split(' '),
)

function detectMarkup(text: string): Language {
	let rest = text
	// Skip leading comments (bounded by the sample).
	while (rest.startsWith('<!--')) {
		const end = rest.indexOf('-->')
		if (end === -1) return 'html'
		rest = rest.slice(end + 3).trimStart()
	}
	if (rest === '') return 'html'
	if (/^<\?xml[\s?]/i.test(rest)) return 'xml'
	if (/^<!doctype\s+html\b/i.test(rest)) return 'html'
	if (/^<!doctype\s/i.test(rest)) return 'xml'
	const tag = /^<([A-Za-z][\w:.-]*)/.exec(rest)?.[1]
	if (!tag) return 'html'
	const name = tag.toLowerCase()
	if (HTML_TAGS.has(name)) return 'html'
	// Custom elements have a hyphen and no namespace prefix.
	if (name.includes('-') && !name.includes(':')) return 'html'
	return 'xml'
}

/** Skips whitespace and `/* … *\/`, `//` and `--` comments at the start. */
function skipLeadingComments(text: string): string {
	let rest = text
	for (let guard = 0; guard < 100; guard++) {
		if (rest.startsWith('/*')) {
			const end = rest.indexOf('*/', 2)
			rest = end === -1 ? '' : rest.slice(end + 2).trimStart()
		} else if (rest.startsWith('//') || rest.startsWith('--')) {
			const end = rest.indexOf('\n')
			rest = end === -1 ? '' : rest.slice(end + 1).trimStart()
		} else break
	}
	return rest
}

const SQL_START = [
	/^select\s/i,
	/^insert\s+(?:ignore\s+)?into\s/i,
	/^update\s+\S+\s+set\s/i,
	/^delete\s+from\s/i,
	/^create\s+(?:or\s+replace\s+)?(?:temporary\s+|temp\s+|unique\s+|materialized\s+)?(?:table|view|index|database|schema|function|procedure|trigger|sequence|type|extension|role|user|policy)\s/i,
	/^alter\s+(?:table|view|index|database|schema|sequence|function|user|role|type)\s/i,
	/^drop\s+(?:table|view|index|database|schema|function|procedure|trigger|sequence|type|extension|role|user|policy)\s/i,
	/^with\s+(?:recursive\s+)?[\w"`]+\s*(?:\([^)]*\)\s*)?as\s*(?:not\s+)?(?:materialized\s*)?\(/i,
	/^truncate\s+(?:table\s+)?[\w"`[]/i,
	/^(?:grant|revoke)\s+\w/i,
	/^explain\s+(?:analyze\s+)?(?:select|insert|update|delete|with)\s/i,
	/^begin\s*(?:transaction\s*)?;/i,
	/^merge\s+into\s/i,
	/^set\s+[\w@.]+\s*=/i,
	/^use\s+[\w`[\]"]+\s*;/i,
	/^declare\s+@/i,
]

function isSqlStart(text: string): boolean {
	return SQL_START.some((pattern) => pattern.test(text))
}

const CSS_AT_RULE = /^@(?:charset|import|media|font-face|keyframes|-webkit-keyframes|supports|layer|container|namespace|page|property|tailwind|font-feature-values|counter-style|scope|starting-style|viewport)\b/i
/**
 * A selector: anything but `{}=;()[]:` and backticks, or an attribute
 * selector `[…]`, or a pseudo-class or element with optional arguments
 * (`:hover`, `::before`, `:not(.a)`). Each branch starts with a different
 * character and a pseudo's name is taken whole (the lookahead), so there is
 * only one way to match: no backtracking between branches. A JavaScript call
 * (`Object.assign(a, { b: 1 })`) has a `(` that is not after `:name`.
 */
const CSS_SELECTOR = String.raw`(?:[^{}=;\`[\]():]|\[[^\]\n]*\]|::?[\w-]+(?![\w-])(?:\([^(){}]*\))?){1,400}`
/** A first rule: a selector, `{`, then a declaration. */
const CSS_FIRST_RULE = new RegExp(String.raw`^${CSS_SELECTOR}\{\s*(?:--[\w-]+|-?[a-z][a-z-]*)\s*:[^;{}]*[;}]`, 'i')
/** A first rule whose first content is a nested rule. */
const CSS_NESTED_FIRST_RULE = new RegExp(String.raw`^${CSS_SELECTOR}\{\s*[.#&:[*a-z][^{}=;\`]{0,400}\{\s*-?[a-z][a-z-]*\s*:`, 'i')
const JS_START_WORD = /^(?:import|export|const|let|var|function|class|interface|type|enum|async|await|return|if|for|while|switch|do|try|new|declare|namespace|module|abstract|@\w)\b/
const JS_MARKERS = /=>|\bfunction\b\s*(?:[\w$]+\s*)?\(|\b(?:const|let|var)\s+[\w$[{]|\breturn\b|\bimport\s+[\w${*'"]|\bexport\s+(?:default|const|function|class)\b|\bconsole\.|\bdocument\.|\brequire\(/

/** What a selector starts with (not `(`, `{` or a quote, which start JavaScript expressions). */
const CSS_SELECTOR_START = /^[.#:*[&a-zA-Z\\]/

function looksLikeCss(code: string, sample: string): boolean {
	if (CSS_AT_RULE.test(code)) return true
	if (JS_START_WORD.test(code)) return false
	// A first rule with a declaration decides, even if words like `return` come later (in custom property names).
	if (CSS_SELECTOR_START.test(code) && CSS_FIRST_RULE.test(code)) return true
	if (JS_MARKERS.test(sample)) return false
	return CSS_FIRST_RULE.test(code) || CSS_NESTED_FIRST_RULE.test(code)
}

const TS_MARKERS = [
	/\binterface\s+[A-Za-z_$][\w$]*\s*(?:<|\{|extends\b)/,
	/\btype\s+[A-Za-z_$][\w$]*\s*(?:<[^>\n]*>\s*)?=[^=>]/,
	/\benum\s+[A-Za-z_$][\w$]*\s*\{/,
	// `x: string`: no space before the colon (a ternary's ` : ` has one).
	/[\w$)\]?]:\s*(?:string|number|boolean|any|unknown|void|never|bigint|symbol|object)\b(?:\[\])?[ \t]*[,;)=|&{}>\r\n]/,
	/\bas\s+(?:const|string|number|boolean|any|unknown|never)\b/,
	// `(error as z.ZodError)`: a cast ends at `)`, `;` or `]` (JavaScript's `{ a as b }` and `* as ns` do not).
	/[\w$)\]]\s+as\s+[A-Za-z_$][\w$.]*(?:<[^>\n]*>|\[\])?[ \t]*[);\]]/,
	/\b(?:public|private|protected|readonly)\s+[A-Za-z_$][\w$]*\s*[:;=(?]/,
	/\b(?:import|export)\s+type\s+[\w{*]/,
	/\bfunction\b\s*(?:[\w$]+\s*)?<[A-Za-z_$][\w$]*(?:\s+extends\b|\s*[,>=])/,
	/\b(?:implements)\s+[A-Za-z_$][\w$.]*\s*[{,<]/,
	/\bdeclare\s+(?:module|global|const|function|class|namespace|let|var)\b/,
	/\bnamespace\s+[A-Za-z_$][\w$.]*\s*\{/,
	/[\w$]<[A-Za-z_$][\w$.]*(?:\[\])?>\(/,
	/\bnew\s+[A-Z][\w$]*<[^>\n]*>\(/,
	// Decorators of TypeScript frameworks (Angular, NestJS, TypeORM…).
	/@(?:Component|Injectable|NgModule|Directive|Pipe|Input|Output|HostListener|ViewChild|Controller|Module|Entity|Column|PrimaryGeneratedColumn|Field|ObjectType|Resolver)\(/,
	// A typed first parameter: `(req: Request,` (in JavaScript `(a: b)` is not valid).
	/\(\s*[\w$]+\??\s*:\s*[A-Z][\w$.]*(?:<[^>\n]*>)?(?:\[\])?\s*[,)=]/,
	/\)\s*:\s*(?:Promise|Array|Record|Map|Set|[A-Z][\w$]*)\s*<[^>\n]*>\s*(?:\{|=>)/,
]

function looksLikeTypeScript(sample: string): boolean {
	return TS_MARKERS.some((pattern) => pattern.test(sample))
}
