/**
 * Minify & Beautify in the browser: the shared core with WebAssembly engines.
 * Loaded only by the tool's own Web Worker (`minify-worker.ts`),
 * which Vite bundles; each engine is fetched the first time it is needed.
 *
 * - esbuild-wasm: `initialize({ wasmURL, worker: false })` once (we already run
 *   in a Web Worker, so no second worker). Its .wasm is 14 MB.
 * - lightningcss-wasm: its `init()` would look for the .wasm beside its own
 *   module (`new URL('lightningcss_node.wasm', import.meta.url)`), which is
 *   not there when Vite pre-bundles the dependency in development; the URL is
 *   passed explicitly instead (a `?url` import, emitted as an asset). 16 MB.
 * - html-minifier-terser: its self-contained ESM browser bundle (the package's
 *   main entry imports clean-css, which requires Node's fs, path, http…).
 * - Sizes: `CompressionStream('gzip')` (the browser's default level, close to
 *   zlib's 6, the server's level); browsers have
 *   no brotli encoder and none is installed, so brotli is null ('n/a').
 */
import esbuildWasmUrl from 'esbuild-wasm/esbuild.wasm?url'
import lightningcssWasmUrl from 'lightningcss-wasm/lightningcss_node.wasm?url'
import { runCore } from '#app/tools/kit/core.ts'
import { createMinifyCore, languageIds, type Language } from './core.ts'
import {
	ESBUILD_MINIFY_OPTIONS,
	esbuildProblems,
	fromEsbuildFailure,
	fromLightningcssFailure,
	lightningcssWarnings,
	type HtmlMinifierOptions,
	type MinifyEngines,
} from './engines.ts'

type EsbuildWasm = typeof import('esbuild-wasm/esm/browser.js')
type LightningcssWasm = typeof import('lightningcss-wasm')
type HtmlMinifier = { minify(code: string, options?: HtmlMinifierOptions): Promise<string> }

let esbuildPromise: Promise<EsbuildWasm> | undefined
let lightningcssPromise: Promise<LightningcssWasm> | undefined

function loadEsbuild(): Promise<EsbuildWasm> {
	esbuildPromise ??= (async () => {
		const esbuild = await import('esbuild-wasm/esm/browser.js')
		await esbuild.initialize({ wasmURL: esbuildWasmUrl, worker: false })
		return esbuild
	})().catch((error: unknown) => {
		// A failed download can be retried on the next run.
		esbuildPromise = undefined
		throw error
	})
	return esbuildPromise
}

function loadLightningcss(): Promise<LightningcssWasm> {
	lightningcssPromise ??= (async () => {
		const lightningcss = await import('lightningcss-wasm')
		await lightningcss.default(lightningcssWasmUrl)
		return lightningcss
	})().catch((error: unknown) => {
		lightningcssPromise = undefined
		throw error
	})
	return lightningcssPromise
}

function loadHtmlMinifier(): Promise<HtmlMinifier> {
	// The bundle has no type declarations; it exports the same `minify` as the package.
	return import(
		// @ts-expect-error -- untyped browser bundle of html-minifier-terser
		'html-minifier-terser/dist/htmlminifier.esm.bundle'
	) as Promise<HtmlMinifier>
}

/** A few bytes of each language, ours (never the user's), minified by the warm-up. */
const warmUpSamples: Record<Language, string> = {
	javascript: 'export const warm = [1, 2].map((n) => n * 2) // warm',
	typescript: 'export const warm: Array<number> = [1, 2].map((n: number) => n * 2)',
	css: '.warm > a:hover { color: #ff0000; margin: 0px 0px 1px 0px; }',
	html: '<p class="warm">Warm <b>up</b></p><style>p { color: red; }</style>',
	json: '{ "warm": [1, 2] }',
	xml: '<warm><up a="1"/></warm>',
	sql: 'select a, b from warm where a = 1',
}

/**
 * Makes the first minify of `language` fast, ahead of it (the page's
 * idle-time warm-up, parts/hooks.ts): downloads and compiles its engine
 * through the same memoised loaders the runs use (so a run that comes
 * meanwhile awaits this very load), then minifies a few bytes of our own
 * through the whole core, as a run would, so that the engine's first call
 * (V8 compiles WebAssembly functions lazily, on their first call) and the
 * size report's first gzip are paid here too. JSON, XML and SQL load
 * nothing beyond this module.
 */
export async function warmMinifier(language: unknown): Promise<void> {
	if (!(languageIds as ReadonlyArray<unknown>).includes(language)) return
	await runCore(core, warmUpSamples[language as Language], { action: 'minify', language })
}

async function gzipSize(text: string): Promise<number> {
	// A Blob encodes a string as UTF-8.
	const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
	let size = 0
	const reader = stream.getReader()
	for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) size += chunk.value.byteLength
	return size
}

export const browserEngines: MinifyEngines = {
	async minifyJs(code, { loader }) {
		const esbuild = await loadEsbuild()
		try {
			const result = await esbuild.transform(code, { loader, ...ESBUILD_MINIFY_OPTIONS })
			return { code: result.code, warnings: esbuildProblems(result.warnings, code) }
		} catch (error) {
			throw fromEsbuildFailure(error, code)
		}
	},

	async minifyCss(code, { browsers }) {
		const { browserslistToTargets, transform } = await loadLightningcss()
		try {
			const result = transform({
				filename: 'input.css',
				code: new TextEncoder().encode(code),
				minify: true,
				errorRecovery: false,
				targets: browserslistToTargets([...browsers]),
			})
			return { code: new TextDecoder().decode(result.code), warnings: lightningcssWarnings(result.warnings) }
		} catch (error) {
			throw fromLightningcssFailure(error)
		}
	},

	async minifyHtml(code, options) {
		const { minify } = await loadHtmlMinifier()
		return minify(code, options)
	},

	async compressedSizes(text) {
		return { gzip: await gzipSize(text), brotli: null }
	},
}

export const core = createMinifyCore(browserEngines)
