/**
 * Minify & Beautify: the engines that differ between the server and the
 * browser (DESIGN.md §6–7). The shared logic (`core.ts`) runs the
 * same everywhere; only these functions change:
 *
 * - the server's worker thread (`core.node.ts`) uses native esbuild and
 *   lightningcss, html-minifier-terser from source, and zlib;
 * - the browser's Web Worker (`core.browser.ts`) uses esbuild-wasm,
 *   lightningcss-wasm, html-minifier-terser's self-contained browser bundle and
 *   `CompressionStream` (gzip only: browsers have no brotli encoder).
 *
 * Each engine loads its library on first use, so a worker only loads what the
 * chosen language needs. This module holds types and the error mapping both
 * sides share; it imports nothing at run time.
 */
import type { Options as HtmlMinifierOptions } from 'html-minifier-terser'
import type { ToolProblem } from '#app/tools/kit/core.ts'

export type { HtmlMinifierOptions }

export type JsLoader = 'js' | 'jsx' | 'ts' | 'tsx'

export type MinifyOutput = {
	code: string
	/** What the engine warned about (1-based positions), for the result's notes. */
	warnings: Array<ToolProblem>
}

export type CompressedSizes = { gzip: number; brotli: number | null }

export type MinifyEngines = {
	/**
	 * esbuild `transform` with `minify: true`, `legalComments: 'inline'` (keeps
	 * `/*! … *\/`, `//!`, `@license` and `@preserve` comments where they are),
	 * `charset: 'utf8'` and JSX preserved. TypeScript loaders strip the types.
	 * Throws `CodeSyntaxError` for code it cannot parse.
	 */
	minifyJs(code: string, options: { loader: JsLoader }): Promise<MinifyOutput>
	/**
	 * lightningcss `transform` with `minify: true`, no error recovery (an
	 * invalid rule is an error, not silently dropped) and `targets` from
	 * `browsers` (browserslist's answer, through the package's own
	 * `browserslistToTargets`): syntax those browsers do not read is not
	 * written (`max-width` stays for Safari 15) and what they need is added
	 * (prefixes, fallbacks). Throws `CodeSyntaxError`.
	 */
	minifyCss(code: string, options: { browsers: ReadonlyArray<string> }): Promise<MinifyOutput>
	/** html-minifier-terser's `minify`. */
	minifyHtml(code: string, options: HtmlMinifierOptions): Promise<string>
	/**
	 * Compressed sizes in bytes of `text` as UTF-8. `referenceBytes` (the size
	 * of the larger text being compared) picks the compression effort, so the
	 * before and after figures are made with the same settings.
	 */
	compressedSizes(text: string, options?: { referenceBytes?: number }): Promise<CompressedSizes>
}

/** Code an engine could not parse: every problem it reported, 1-based. */
export class CodeSyntaxError extends Error {
	constructor(readonly problems: ReadonlyArray<ToolProblem>) {
		super(problems[0]?.message ?? 'Syntax error')
		this.name = 'CodeSyntaxError'
	}
}

type EsbuildMessage = {
	text: string
	location: { line: number; column: number } | null
}

function isEsbuildMessage(value: unknown): value is EsbuildMessage {
	return typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string'
}

/**
 * esbuild's options for minifying, the same in the browser (esbuild-wasm) and
 * on the server (the native binary), so both sides give the same output:
 * licence comments (`/*!`) kept in place, UTF-8 left as it is, JSX as written.
 */
export const ESBUILD_MINIFY_OPTIONS = {
	minify: true,
	legalComments: 'inline',
	charset: 'utf8',
	jsx: 'preserve',
	logLevel: 'silent',
} as const

/** esbuild's messages as problems: its lines are 1-based, its columns 0-based (in UTF-8 bytes for native esbuild). */
export function esbuildProblems(messages: ReadonlyArray<unknown>, code: string): Array<ToolProblem> {
	return messages.filter(isEsbuildMessage).map((message) => {
		if (!message.location) return { message: message.text }
		return {
			message: message.text,
			line: message.location.line,
			column: columnFromUtf8(code, message.location.line, message.location.column),
		}
	})
}

/**
 * esbuild reports a failed transform as an Error with an `errors` array. Any
 * other failure (the service stopped, out of memory) is not the input's fault
 * and is rethrown as it is.
 */
export function fromEsbuildFailure(error: unknown, code: string): unknown {
	const errors = (error as { errors?: unknown } | null)?.errors
	if (Array.isArray(errors) && errors.length > 0) return new CodeSyntaxError(esbuildProblems(errors, code))
	return error
}

/**
 * lightningcss throws an Error with `loc: { line, column }` (both 1-based) for
 * CSS it cannot parse; anything without `loc` is rethrown as it is.
 */
export function fromLightningcssFailure(error: unknown): unknown {
	const loc = (error as { loc?: { line?: unknown; column?: unknown } } | null)?.loc
	if (error instanceof Error && loc && typeof loc.line === 'number' && typeof loc.column === 'number') {
		return new CodeSyntaxError([{ message: error.message, line: loc.line, column: loc.column }])
	}
	if (error instanceof Error && /Overflowed the maximum nesting depth/i.test(error.message)) {
		return new CodeSyntaxError([{ message: error.message }])
	}
	return error
}

type LightningcssWarning = { message: string; loc?: { line: number; column: number } }

export function lightningcssWarnings(warnings: ReadonlyArray<LightningcssWarning>): Array<ToolProblem> {
	return warnings.map((warning) => ({ message: warning.message, line: warning.loc?.line, column: warning.loc?.column }))
}

/**
 * A 1-based column in code points from esbuild's column. Native esbuild
 * counts UTF-8 bytes, esbuild-wasm too (same Go code); for an ASCII line both
 * are the same, so only lines with other characters need converting.
 */
function columnFromUtf8(code: string, line: number, byteColumn: number): number {
	let start = 0
	for (let current = 1; current < line; current++) {
		const next = code.indexOf('\n', start)
		if (next === -1) return byteColumn + 1
		start = next + 1
	}
	let bytes = 0
	let column = 1
	for (let index = start; index < code.length && bytes < byteColumn; index++) {
		const unit = code.charCodeAt(index)
		if (unit === 10) break
		if (unit >= 0xd800 && unit <= 0xdbff) {
			bytes += 4
			index++
		} else bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
		column++
	}
	return column
}
