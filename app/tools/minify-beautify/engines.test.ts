/**
 * The browser's engines cannot run in Vitest as they do in a Web Worker, so:
 * - the WebAssembly packages' APIs we call are checked in Node (esbuild-wasm
 *   and lightningcss-wasm both run there) and must give the same output as
 *   the native ones with the same options;
 * - `core.browser.ts` itself is run with the few browser globals it needs
 *   stubbed (`self`, `location`, `fetch` serving the .wasm from disk,
 *   `XMLHttpRequest` probed by the html-minifier bundle), and must give the
 *   same output as the server's core for every language and action.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import { CodeSyntaxError, esbuildProblems, fromEsbuildFailure, fromLightningcssFailure } from './engines.ts'
import { languageIds, minifyOptionsSchema, type Language, type MinifyResult } from './core.ts'
import { samples } from './samples.test-data.ts'

const require = createRequire(import.meta.url)

const jsSamples = [samples.javascript, samples.jsx, 'const s = "ééé😀"; export { s }\n', '/*! a */\n//! b\n// @license c\nlet x = 1\n']
const esbuildOptions = { minify: true, legalComments: 'inline', charset: 'utf8', jsx: 'preserve', logLevel: 'silent' } as const

describe('esbuild-wasm gives the same output as native esbuild', () => {
	test('same options, same code, same errors', async () => {
		const native = await import('esbuild')
		const wasm = await import('esbuild-wasm')
		try {
			expect(wasm.version).toBe(native.version)
			for (const code of jsSamples) {
				const [a, b] = await Promise.all([native.transform(code, { ...esbuildOptions, loader: 'jsx' }), wasm.transform(code, { ...esbuildOptions, loader: 'jsx' })])
				expect(b.code).toBe(a.code)
			}
			const ts = await wasm.transform(samples.typescript, { ...esbuildOptions, loader: 'ts' })
			expect(ts.code).toBe((await native.transform(samples.typescript, { ...esbuildOptions, loader: 'ts' })).code)
			const broken = 'const s = "é" +;\n'
			const errors = await Promise.all(
				[native, wasm].map((engine) => engine.transform(broken, { ...esbuildOptions, loader: 'jsx' }).then(() => null, (error: unknown) => fromEsbuildFailure(error, broken))),
			)
			expect(errors[0]).toBeInstanceOf(CodeSyntaxError)
			expect(errors[1]).toEqual(errors[0])
			expect((errors[0] as CodeSyntaxError).problems).toEqual([{ message: 'Unexpected ";"', line: 1, column: 16 }])
		} finally {
			await wasm.stop()
		}
	})
})

describe('lightningcss-wasm gives the same output as native lightningcss', () => {
	test('same options, same code, same errors', async () => {
		const native = await import('lightningcss')
		const wasm = await import('lightningcss-wasm')
		await wasm.default()
		const encoder = new TextEncoder()
		for (const css of [samples.css, '@tailwind base;\n.a { color: #FFFFFF; margin: 0px }']) {
			const a = native.transform({ filename: 'input.css', code: Buffer.from(css), minify: true, errorRecovery: false })
			const b = wasm.transform({ filename: 'input.css', code: encoder.encode(css), minify: true, errorRecovery: false })
			expect(new TextDecoder().decode(b.code)).toBe(a.code.toString())
			expect(b.warnings).toEqual(a.warnings)
		}
		const broken = '.a {\n  color: red !ie;\n}'
		const failures = [
			(() => {
				try {
					native.transform({ filename: 'input.css', code: Buffer.from(broken), minify: true, errorRecovery: false })
				} catch (error) {
					return fromLightningcssFailure(error)
				}
			})(),
			(() => {
				try {
					wasm.transform({ filename: 'input.css', code: encoder.encode(broken), minify: true, errorRecovery: false })
				} catch (error) {
					return fromLightningcssFailure(error)
				}
			})(),
		]
		expect(failures[0]).toBeInstanceOf(CodeSyntaxError)
		expect(failures[1]).toEqual(failures[0])
		expect((failures[0] as CodeSyntaxError).problems).toEqual([{ message: "Unexpected token Delim('!')", line: 2, column: 14 }])
	})
})

describe('error mapping', () => {
	test('esbuild columns are UTF-8 bytes; problems count characters', () => {
		const code = 'a\nconst s = "é😀" +;'
		// `;` is byte 20 of its line (é is 2 bytes, 😀 4) and character 17.
		expect(esbuildProblems([{ text: 'Unexpected ";"', location: { line: 2, column: 20 } }], code)).toEqual([{ message: 'Unexpected ";"', line: 2, column: 17 }])
		expect(esbuildProblems([{ text: 'No location', location: null }], code)).toEqual([{ message: 'No location' }])
	})

	test('failures that are not syntax errors are passed on', () => {
		const stopped = new Error('The service was stopped')
		expect(fromEsbuildFailure(stopped, '')).toBe(stopped)
		const odd = new Error('Something else')
		expect(fromLightningcssFailure(odd)).toBe(odd)
	})
})

describe('core.browser.ts (browser globals stubbed)', () => {
	const files: Record<string, string> = {
		'esbuild.wasm': require.resolve('esbuild-wasm/esbuild.wasm'),
		'lightningcss_node.wasm': require.resolve('lightningcss-wasm/lightningcss_node.wasm'),
	}

	beforeAll(() => {
		vi.stubGlobal('self', globalThis)
		vi.stubGlobal('location', { href: 'http://localhost/', host: 'localhost' })
		vi.stubGlobal('XMLHttpRequest', class {
			responseType = ''
			open() {}
		})
		vi.stubGlobal('fetch', async (url: string | URL) => {
			const name = String(url).split('?')[0]!.split('/').pop()!
			const file = files[name]
			if (!file) throw new Error(`Unexpected fetch of ${String(url)}`)
			return new Response(readFileSync(file), { headers: { 'content-type': 'application/wasm' } })
		})
	})

	afterAll(() => {
		vi.unstubAllGlobals()
	})

	const languages: Array<[Language, string]> = [
		['javascript', samples.javascript],
		['javascript', samples.jsx],
		['typescript', samples.typescript],
		['css', samples.css],
		['html', samples.html],
		['json', samples.json],
		['xml', samples.xml],
		['sql', samples.sql],
	]

	test('same output as the server for every language and action; gzip measured, brotli n/a', async () => {
		const browser = (await import('./core.browser.ts')).core
		const node = (await import('./core.node.ts')).core
		for (const [language, input] of languages) {
			for (const action of ['minify', 'beautify'] as const) {
				const options = minifyOptionsSchema.parse({ action, language })
				const [a, b] = (await Promise.all([node.run(input, options), browser.run(input, options)])) as [MinifyResult, MinifyResult]
				expect(b.output, `${language} ${action}`).toBe(a.output)
				expect(b.notes).toEqual(a.notes)
				expect(b.saving).toBe(a.saving)
				expect(b.sizes.before.raw).toBe(a.sizes.before.raw)
				expect(b.sizes.after.brotli).toBeNull()
				expect(b.sizes.after.gzip).toBeGreaterThan(0)
				// CompressionStream's level is not zlib's 9: close, not equal.
				expect(Math.abs(b.sizes.after.gzip! - a.sizes.after.gzip!)).toBeLessThan(a.sizes.after.gzip! * 0.1 + 10)
			}
		}
	})

	test('the CSS browser target gives the same output in the browser as on the server (issue 29, item 17)', async () => {
		const browser = (await import('./core.browser.ts')).core
		const node = (await import('./core.node.ts')).core
		const css = '@media (max-width: 600px) { .a { inset: 0; color: rgb(0 0 0 / 50%) } } .b { user-select: none }'
		for (const target of [undefined, 'chrome 120', 'safari 12', 'last 2 versions, not dead']) {
			const options = minifyOptionsSchema.parse({ action: 'minify', language: 'css', target })
			const [a, b] = (await Promise.all([node.run(css, options), browser.run(css, options)])) as [MinifyResult, MinifyResult]
			expect(b.output, target).toBe(a.output)
			expect(b.target).toEqual(a.target)
			if (target === undefined) expect(a.output).toContain('max-width:600px')
			if (target === 'chrome 120') expect(a.output).toContain('width<=600px')
		}
	})

	test('the warm-up minifies its own sample of every language (a failure would be silent in the page)', async () => {
		const { warmMinifier } = await import('./core.browser.ts')
		for (const language of languageIds) await expect(warmMinifier(language), language).resolves.toBeUndefined()
		// Not a language: nothing to warm.
		await expect(warmMinifier('cobol')).resolves.toBeUndefined()
	})

	test('syntax errors are the same as on the server', async () => {
		const browser = (await import('./core.browser.ts')).core
		const node = (await import('./core.node.ts')).core
		const broken: Array<[Language, string]> = [
			['javascript', 'let a = {\n  b: [\n};'],
			['typescript', 'let y: = 1'],
			['css', '.a {\n  color: red !ie;\n}'],
			['html', '<div>\n<span></div>'],
			['html', '<script>\nvar a = (;\n</script>'],
		]
		for (const [language, input] of broken) {
			const options = minifyOptionsSchema.parse({ action: 'minify', language })
			const errors = await Promise.all([node.run(input, options), browser.run(input, options)].map((run) => Promise.resolve(run).catch((error: unknown) => error)))
			expect(errors[0], language).toBeInstanceOf(ToolError)
			expect((errors[1] as ToolError).message).toBe((errors[0] as ToolError).message)
			expect((errors[1] as ToolError).details).toEqual((errors[0] as ToolError).details)
		}
	})
})
