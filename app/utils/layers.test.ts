/**
 * Imports run one way, down the layers of app/ (issue 30 item 8):
 *
 *   0  utils, components, styles, generated   infrastructure and shared UI
 *   1  site, jobs, files                      site-wide foundations, the job runner, stored files
 *   2  accounts
 *   3  blog, tools
 *   4  admin, shell                           they read blog and tools (dashboard, menus, sidebar)
 *   5  routes
 *
 * A module may import its own folder and any folder of a lower layer. Folders
 * of one layer do not import each other, except the pairs in SIDEWAYS, each
 * with its reason. A module that needs something from above moves that code
 * down (or itself up) instead. Top-level app files (root.tsx, routes.ts,
 * entry.*, job-kinds.server.ts, which lists every feature's job kinds) are
 * outside the order: they are not checked, and a folder may import them
 * (routes read root.tsx's loader data; jobs will read job-kinds.server.ts).
 *
 * Test files are held to the same order, except that they may also import a
 * route module (to drive a tool through its route) and files outside app/
 * (scripts/, tests/): nothing imports a test, so it cannot bend the graph.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const thisFile = 'utils/layers.test.ts'

/** Each folder of app/ and its layer. A new folder must be placed here. */
export const LAYERS: Readonly<Record<string, number>> = {
	utils: 0,
	components: 0,
	styles: 0,
	generated: 0,
	site: 1,
	jobs: 1,
	files: 1,
	accounts: 2,
	blog: 3,
	tools: 3,
	admin: 4,
	shell: 4,
	routes: 5,
}

/** Folders not checked: generated code and stylesheets. */
const UNCHECKED = new Set(['generated', 'styles'])

/** Same-layer imports the order allows (`from → to`), each with its reason; every other pair is refused. */
export const SIDEWAYS: ReadonlyArray<{ from: string; to: string; why: string }> = [
	{ from: 'components', to: 'utils', why: 'shared UI uses the infrastructure helpers (class names, formats); utils never imports components' },
	{ from: 'utils', to: 'generated', why: 'the database client (utils/db.server) is the one importer of the generated Prisma client' },
	{ from: 'files', to: 'site', why: 'site/ is the floor of layer 1: the upload limit and retention hours are site settings' },
	{ from: 'jobs', to: 'site', why: 'site/ is the floor of layer 1: site-wide settings and limits any runner may read' },
	{ from: 'jobs', to: 'files', why: "a job's inputs and results are stored files (issue 30's durable jobs keep them in StoredFile)" },
]

/** Files that still import against the order, each with the reason. The lead removes them. */
export const KNOWN_EXCEPTIONS: ReadonlyMap<string, string> = new Map([])

function sourceFiles(dir: string): Array<string> {
	const files: Array<string> = []
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) files.push(...sourceFiles(full))
		else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(full)
	}
	return files
}

/** Every module a source names: static imports, re-exports, `import type`, dynamic `import()`. */
export function importedSpecifiers(source: string): Array<string> {
	const specifiers: Array<string> = []
	const pattern = /\b(?:from|import)\s*\(?\s*(['"])([^'"\n]+)\1/g
	for (const match of source.matchAll(pattern)) specifiers.push(match[2]!)
	return specifiers
}

/** The app-relative path a specifier names (`blog/blog.server.ts`), or null for packages. */
export function appPathOf(specifier: string, importer: string): string | null {
	if (specifier.startsWith('#app/')) return specifier.slice('#app/'.length)
	if (specifier.startsWith('.')) return path.relative(appDir, path.resolve(path.dirname(importer), specifier)).split(path.sep).join('/')
	return null
}

/** Why `from` may not import `target` (an app-relative path), or null when it may. */
export function refusal(fromFolder: string, target: string, isTest: boolean): string | null {
	if (target.startsWith('..')) return isTest ? null : 'outside app/'
	if (!target.includes('/')) return null // a top-level file: outside the order
	const to = target.split('/')[0]!
	if (to === fromFolder) return null
	const fromLayer = LAYERS[fromFolder]
	const toLayer = LAYERS[to]
	if (fromLayer === undefined) return `app/${fromFolder}/ has no layer (add it to LAYERS)`
	if (toLayer === undefined) return `app/${to}/ has no layer (add it to LAYERS)`
	if (isTest && to === 'routes') return null
	if (toLayer < fromLayer) return null
	if (toLayer === fromLayer) {
		return SIDEWAYS.some((pair) => pair.from === fromFolder && pair.to === to) ? null : `same layer (${fromLayer}) as ${fromFolder}`
	}
	return `layer ${toLayer} is above ${fromFolder}'s layer ${fromLayer}`
}

/** `tools/x.ts imports #app/admin/y.ts (layer 4 is above tools's layer 3)` for each import of `source` the order refuses. */
export function violationsOf(relative: string, source: string): Array<string> {
	const fromFolder = relative.split('/')[0]!
	const isTest = /\.test\.tsx?$/.test(relative)
	const found: Array<string> = []
	for (const specifier of importedSpecifiers(source)) {
		const target = appPathOf(specifier, path.join(appDir, relative))
		if (target === null) continue
		const why = refusal(fromFolder, target, isTest)
		if (why) found.push(`${relative} imports ${specifier} (${why})`)
	}
	return found
}

/** Every refused import of the app's folders (top-level files and KNOWN_EXCEPTIONS aside). */
export function layerViolations(exceptions: ReadonlyMap<string, string> = KNOWN_EXCEPTIONS): Array<string> {
	const found: Array<string> = []
	for (const entry of fs.readdirSync(appDir, { withFileTypes: true })) {
		if (!entry.isDirectory() || UNCHECKED.has(entry.name)) continue
		for (const file of sourceFiles(path.join(appDir, entry.name))) {
			const relative = path.relative(appDir, file).split(path.sep).join('/')
			// This file's own examples below are strings, not imports.
			if (exceptions.has(relative) || relative === thisFile) continue
			found.push(...violationsOf(relative, fs.readFileSync(file, 'utf8')))
		}
	}
	return found
}

describe('import layers', () => {
	test('every folder of app/ has a layer', () => {
		const folders = fs
			.readdirSync(appDir, { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name)
		expect(folders.filter((folder) => LAYERS[folder] === undefined)).toEqual([])
	})

	test('every import of app/ runs down the layers', () => {
		expect(layerViolations()).toEqual([])
	})

	test('the check sees every kind of import', () => {
		const source = [
			"import { a } from '#app/blog/a.ts'",
			"import type { B } from '../tools/b.ts'",
			"export { c } from '#app/accounts/c.ts'",
			"const d = await import('#app/jobs/d.ts')",
			"import './side-effect.ts'",
			"import { z } from 'zod'",
		].join('\n')
		const importer = path.join(appDir, 'utils', 'x.ts')
		const targets = importedSpecifiers(source).map((specifier) => appPathOf(specifier, importer))
		expect(targets).toEqual(['blog/a.ts', 'tools/b.ts', 'accounts/c.ts', 'jobs/d.ts', 'utils/side-effect.ts', null])
	})

	test('a planted upward or sideways import fails the check', () => {
		// Upward, by alias, relative path, re-export and dynamic import.
		expect(violationsOf('site/x.server.ts', "import { a } from '#app/accounts/a.server.ts'")).toEqual([
			"site/x.server.ts imports #app/accounts/a.server.ts (layer 2 is above site's layer 1)",
		])
		expect(violationsOf('utils/x.ts', "import type { B } from '../tools/b.ts'")).toEqual([
			"utils/x.ts imports ../tools/b.ts (layer 3 is above utils's layer 0)",
		])
		expect(violationsOf('tools/x/y.ts', "export { c } from '#app/admin/c.ts'")).toHaveLength(1)
		expect(violationsOf('accounts/x.ts', "const d = await import('#app/routes/d.tsx')")).toHaveLength(1)
		expect(violationsOf('components/x.tsx', "import { e } from '#app/shell/e.tsx'")).toHaveLength(1)
		expect(violationsOf('utils/x.ts', "import { f } from '#app/components/f.tsx'")).toHaveLength(1)
		// Sideways within a layer, unless listed in SIDEWAYS.
		expect(violationsOf('tools/x/y.ts', "import { g } from '#app/blog/g.ts'")).toEqual([
			"tools/x/y.ts imports #app/blog/g.ts (same layer (3) as tools)",
		])
		expect(violationsOf('blog/x.ts', "import { h } from '#app/tools/h.ts'")).toHaveLength(1)
		expect(violationsOf('site/x.ts', "import { i } from '#app/files/i.server.ts'")).toHaveLength(1)
		expect(violationsOf('files/x.ts', "import { j } from '#app/jobs/j.server.ts'")).toHaveLength(1)
		expect(violationsOf('site/x.ts', "import { j } from '#app/jobs/j.server.ts'")).toHaveLength(1)
		expect(violationsOf('admin/x.ts', "import { k } from '#app/shell/k.tsx'")).toHaveLength(1)
		// Outside app/ only from a test; a folder with no layer is refused.
		expect(violationsOf('utils/x.ts', "import { l } from '../../scripts/l.ts'")).toHaveLength(1)
		expect(violationsOf('utils/x.ts', "import { m } from '#app/newfolder/m.ts'")).toHaveLength(1)
	})

	test('what the order allows passes the check', () => {
		expect(violationsOf('routes/x.tsx', "import { a } from '#app/admin/a.server.ts'\nimport { r } from '#app/root.tsx'")).toEqual([])
		expect(violationsOf('admin/x.ts', "import { b } from '#app/tools/registry.ts'")).toEqual([])
		expect(violationsOf('tools/x/y.ts', "import { c } from '#app/accounts/c.server.ts'\nimport { d } from './d.ts'")).toEqual([])
		expect(violationsOf('files/x.ts', "import { e } from '#app/site/settings.server.ts'")).toEqual([])
		expect(violationsOf('jobs/x.ts', "import { f } from '#app/job-kinds.server.ts'")).toEqual([])
		expect(violationsOf('jobs/x.ts', "import { f } from '#app/files/files.server.ts'")).toEqual([])
		expect(violationsOf('components/x.tsx', "import { g } from '#app/utils/misc.ts'")).toEqual([])
		// A test may drive a route and import scripts/ or tests/.
		expect(violationsOf('tools/x/api.test.ts', "import { h } from '#app/routes/api.tools.$slug.ts'\nimport { i } from '../../../scripts/i.ts'")).toEqual([])
		// …but is otherwise held to the order.
		expect(violationsOf('tools/x/api.test.ts', "import { j } from '#app/admin/j.server.ts'")).toHaveLength(1)
	})

	test('each known exception still imports against the order (remove it from the list when it no longer does)', () => {
		for (const [file, reason] of KNOWN_EXCEPTIONS) {
			expect(reason, file).not.toBe('')
			if (!fs.existsSync(path.join(appDir, file))) continue
			expect(violationsOf(file, fs.readFileSync(path.join(appDir, file), 'utf8')), file).not.toEqual([])
		}
	})
})
