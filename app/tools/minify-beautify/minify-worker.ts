/**
 * The Minify & Beautify tool's Web Worker: the only script of the site
 * that compiles WebAssembly (esbuild-wasm, lightningcss-wasm). A worker
 * loaded from a same-origin URL runs under the Content-Security-Policy of
 * its script's own response, not the page's, so the server sends
 * 'wasm-unsafe-eval' with this script (server/security-headers.ts matches
 * its file name) and the tool works however the page was reached,
 * client-side navigation included.
 */
import { type ToolCore } from '#app/tools/kit/core.ts'
import { serveToolCores } from '#app/tools/kit/worker-host.ts'

serveToolCores(
	{ 'minify-beautify': () => import('./core.browser.ts').then((module) => module.core as ToolCore) },
	// The page's idle-time warm-up: `warm` is the language about to be minified.
	{ 'minify-beautify': (language) => import('./core.browser.ts').then((module) => module.warmMinifier(language)) },
)
