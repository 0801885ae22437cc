/**
 * The first `npm start` builds quietly (issue 29, item 25): the warnings every
 * build printed (about 250 lines, none of them actionable) are dropped at their
 * source, by vite.config.ts's `onwarn`, and only those: any other warning, and
 * every error, still reaches the terminal. The warnings below are the ones the
 * build printed, as Rollup and Vite hand them to `onwarn`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { isHarmlessBuildWarning } from '../../scripts/build-warnings.ts'

const root = path.resolve(import.meta.dirname, '../..')

const harmless = [
	// Resource routes (no default export) have no client code.
	{ code: 'EMPTY_BUNDLE', message: 'Generated an empty chunk: "api.convert.upload".', names: ['api.convert.upload'] },
	// A comment in terser's own source.
	{ code: 'INVALID_ANNOTATION', id: `${root}/node_modules/terser/lib/parse.js`, message: 'node_modules/terser/lib/parse.js (1121:4): A comment\n\n"// right #__PURE__ comments for an expression"\n\nin "node_modules/terser/lib/parse.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.' },
	// Node built-ins named by packages whose browser path never calls them.
	{ code: 'PLUGIN_WARNING', plugin: 'vite:resolve', message: `[plugin vite:resolve] Module "stream" has been externalized for browser compatibility, imported by "${root}/node_modules/stream-slice/index.js". See https://vite.dev/guide/troubleshooting.html#module-externalized-for-browser-compatibility for more details.` },
	{ code: 'PLUGIN_WARNING', plugin: 'vite:resolve', message: `[plugin vite:resolve] Module "crypto" has been externalized for browser compatibility, imported by "${root}/node_modules/cookie-signature/index.js". See https://vite.dev/guide/troubleshooting.html#module-externalized-for-browser-compatibility for more details.` },
	{ code: 'PLUGIN_WARNING', plugin: 'vite:resolve', message: `[plugin vite:resolve] Module "fs" has been externalized for browser compatibility, imported by "${root}/node_modules/lightningcss-wasm/index.mjs". See https://vite.dev/guide/troubleshooting.html#module-externalized-for-browser-compatibility for more details.` },
	// A tool's core: imported by its page, and on demand by its worker.
	{ code: 'PLUGIN_WARNING', plugin: 'vite:reporter', message: `[plugin vite:reporter] \n(!) ${root}/app/tools/slug-utm/core.ts is dynamically imported by ${root}/app/tools/slug-utm/tool.ts but also statically imported by ${root}/app/tools/slug-utm/page.tsx, ${root}/app/tools/slug-utm/parts/options.tsx, dynamic import will not move module into another chunk.\n` },
]

const real = [
	{ code: 'CIRCULAR_DEPENDENCY', message: 'Circular dependency: app/a.ts -> app/b.ts -> app/a.ts' },
	{ code: 'MISSING_EXPORT', message: '"foo" is not exported by "app/utils/x.ts"' },
	{ code: 'EVAL', message: 'Use of eval in "app/x.ts" is strongly discouraged' },
	// Our own code pulling a Node built-in into the browser bundle is a real mistake.
	{ code: 'PLUGIN_WARNING', plugin: 'vite:resolve', message: `[plugin vite:resolve] Module "fs" has been externalized for browser compatibility, imported by "${root}/app/utils/files.ts".` },
	{ code: 'PLUGIN_WARNING', plugin: 'vite:resolve', message: `[plugin vite:resolve] Module "crypto" has been externalized for browser compatibility, imported by "${root}/node_modules/some-new-package/index.js".` },
	// Any other module both imported and imported on demand (not a tool's core).
	{ code: 'PLUGIN_WARNING', plugin: 'vite:reporter', message: `[plugin vite:reporter] \n(!) ${root}/app/utils/big.ts is dynamically imported by ${root}/app/a.ts but also statically imported by ${root}/app/b.ts, dynamic import will not move module into another chunk.\n` },
	{ code: 'INVALID_ANNOTATION', id: `${root}/app/x.ts`, message: 'app/x.ts (1:1): A comment … contains an annotation that Rollup cannot interpret' },
	{ code: 'PLUGIN_WARNING', plugin: 'remix', message: 'something else' },
]

test('the warnings every build printed are recognised as harmless', () => {
	for (const warning of harmless) expect(isHarmlessBuildWarning(warning), warning.message).toBe(true)
})

test('any other warning still reaches the terminal', () => {
	for (const warning of real) expect(isHarmlessBuildWarning(warning), warning.message).toBe(false)
})

test('vite.config.ts drops exactly those, prints the rest, and keeps the per-file size list out of the first start', () => {
	const config = readFileSync(path.join(root, 'vite.config.ts'), 'utf8')
	expect(config).toMatch(/onwarn\(warning, warn\)\s*\{\s*if \(!isHarmlessBuildWarning\(warning\)\) warn\(warning\)/)
	expect(config).toMatch(/logLevel: command === 'build' \? 'warn' : 'info'/)
	// The start script rebuilds when this module changes, as it does for vite.config.ts.
	expect(readFileSync(path.join(root, 'scripts/build-if-stale.js'), 'utf8')).toContain("'scripts/build-warnings.ts'")
})
