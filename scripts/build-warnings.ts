/**
 * The build warnings that say nothing to act on, which vite.config.ts's
 * `onwarn` drops so that the first `npm start` is quiet (issue 29, item 25:
 * they were about 100 of its 250 lines). Each is matched narrowly, by its
 * code and where it comes from; any other warning, and every error, is
 * printed as before.
 */

/** What Rollup and Vite hand to `onwarn` (the fields used here). */
export type BuildWarning = { code?: string; message: string; plugin?: string; id?: string }

/**
 * Packages that name a Node built-in on a code path the browser never takes
 * (Vite replaces the built-in with an empty stub and says so): stream-slice
 * and cookie-signature through @remix-run/node's helpers shared with the
 * server, lightningcss-wasm's file loader (the minifier runs in the browser
 * from its WebAssembly). A new package, or our own code, doing it is warned.
 */
const BROWSER_STUBBED = /has been externalized for browser compatibility, imported by "[^"]*\/node_modules\/(stream-slice|cookie-signature|lightningcss-wasm)\//

/**
 * A tool's core is imported by its page (the server renders with it) and on
 * demand by its worker module: the dynamic import cannot split it out of the
 * page's chunk, and is not meant to.
 */
const TOOL_CORE_BOTH_WAYS = /\(!\) \S*\/app\/tools\/[\w-]+\/core\.ts is dynamically imported by \S*\/app\/tools\/[\w-]+\/tool\.ts but also statically imported by /

export function isHarmlessBuildWarning(warning: BuildWarning): boolean {
	switch (warning.code) {
		// A resource route (an API, the feed, the sitemap) has no browser code: its client chunk is empty.
		case 'EMPTY_BUNDLE':
			return true
		// A misplaced /*#__PURE__*/ comment inside a dependency's source (terser's), dropped by Rollup.
		case 'INVALID_ANNOTATION':
			return (warning.id ?? '').includes('/node_modules/')
		case 'PLUGIN_WARNING':
			if (warning.plugin === 'vite:resolve') return BROWSER_STUBBED.test(warning.message)
			if (warning.plugin === 'vite:reporter') return TOOL_CORE_BOTH_WAYS.test(warning.message)
			return false
		default:
			return false
	}
}
