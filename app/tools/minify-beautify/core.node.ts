/**
 * Minify & Beautify on the server: the shared core with native engines.
 * Loaded only by the server's job worker (`kit/tool-job.server.ts`), never by
 * the request thread or the browser: esbuild runs as a child process and
 * lightningcss is a native addon.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { createMinifyCore } from './core.ts'
import {
	ESBUILD_MINIFY_OPTIONS,
	fromEsbuildFailure,
	fromLightningcssFailure,
	lightningcssWarnings,
	esbuildProblems,
	type CompressedSizes,
	type MinifyEngines,
} from './engines.ts'

type Esbuild = typeof import('esbuild')

let esbuildPromise: Promise<Esbuild> | undefined

function loadEsbuild(): Promise<Esbuild> {
	esbuildPromise ??= import('esbuild')
	return esbuildPromise
}

/**
 * Brotli effort by size (the larger of input and output, so both are measured
 * alike): quality 11, what static assets are served with, up to 128 KB; above
 * that 5, what servers compress with on the fly. Measured on 1 MB of
 * JavaScript: quality 11 takes 2.1 s, 9 0.14 s, 5 0.04 s. The report is for
 * comparing before and after, and at 9 it cost more than esbuild's minify
 * itself (issue 17).
 */
export function brotliQualityFor(bytes: number): number {
	return bytes <= 128 * 1024 ? 11 : 5
}

/** zlib's default, what servers (and the browser's CompressionStream, for the page's report) use: level 9 took twice as long for under 1 % less. */
export const GZIP_LEVEL = 6

/**
 * zlib's output buffer for a compressed size: 16 KB by default, and every 16 KB of output went back
 * to this thread for the next buffer. While lightningcss held the thread (it is synchronous) the
 * input's compression therefore stood still after its first 16 KB, and finished only after the
 * minify (measured on 500 KB of CSS: gzip done when the transform was, +6 ms after it), where it is
 * meant to run beside it. One buffer of up to 256 KB holds the whole output of 1 MB of code
 * (gzip of text is 3-5× smaller), so the compression runs in one go on libuv's thread.
 */
export function compressionChunkSize(bytes: number): number {
	return Math.min(256 * 1024, Math.max(16 * 1024, bytes + 1024))
}

const gzipAsync = promisify(zlib.gzip)
const brotliAsync = promisify(zlib.brotliCompress)

export const nodeEngines: MinifyEngines = {
	async minifyJs(code, { loader }) {
		const esbuild = await loadEsbuild()
		try {
			const result = await esbuild.transform(code, { loader, ...ESBUILD_MINIFY_OPTIONS })
			return { code: result.code, warnings: esbuildProblems(result.warnings, code) }
		} catch (error) {
			const mapped = fromEsbuildFailure(error, code)
			// A dead service (crash, killed) fails every later call: stop it so the next call starts a new one.
			if (mapped === error) await esbuild.stop().catch(() => {})
			throw mapped
		}
	},

	async minifyCss(code, { browsers }) {
		const { browserslistToTargets, transform } = await import('lightningcss')
		try {
			const result = transform({
				filename: 'input.css',
				code: Buffer.from(code),
				minify: true,
				errorRecovery: false,
				targets: browserslistToTargets([...browsers]),
			})
			return { code: result.code.toString(), warnings: lightningcssWarnings(result.warnings) }
		} catch (error) {
			throw fromLightningcssFailure(error)
		}
	},

	async minifyHtml(code, options) {
		const { minify } = await import('html-minifier-terser')
		return minify(code, options)
	},

	// zlib is imported with the module, not on demand: the compression starts on libuv's threads the
	// moment this is called, so the input's sizes are measured while the minifier runs (core.ts).
	async compressedSizes(text, options = {}): Promise<CompressedSizes> {
		const buffer = Buffer.from(text)
		const quality = brotliQualityFor(Math.max(options.referenceBytes ?? 0, buffer.length))
		const chunkSize = compressionChunkSize(buffer.length)
		const [gzip, brotli] = await Promise.all([
			gzipAsync(buffer, { level: GZIP_LEVEL, chunkSize }),
			brotliAsync(buffer, {
				chunkSize,
				params: {
					[zlib.constants.BROTLI_PARAM_QUALITY]: quality,
					[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
					[zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
				},
			}),
		])
		return { gzip: gzip.length, brotli: brotli.length }
	},
}

export const core = createMinifyCore(nodeEngines)
