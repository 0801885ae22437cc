/**
 * Imports run one way: routes → domains, tools and the shell → components →
 * utils. A module in app/utils/ (infrastructure) or app/components/ (shared
 * UI) that imports a domain folder, a tool or a route fails here: move the
 * code that needs the feature up into the feature's folder instead.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The folders above components/ and utils/ in the import order. */
export const UPPER_LAYERS = ['accounts', 'admin', 'blog', 'files', 'jobs', 'shell', 'tools', 'routes'] as const

/** Files that still import upward, each with the reason: none today. */
const KNOWN_EXCEPTIONS = new Set<string>()

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

/** `components/x.tsx imports #app/blog/y.ts` for each upward import of the files under `dirs`. */
export function upwardImports(dirs: Array<string>, exceptions: ReadonlySet<string> = new Set()): Array<string> {
	const found: Array<string> = []
	for (const dir of dirs) {
		for (const file of sourceFiles(path.join(appDir, dir))) {
			const relative = path.relative(appDir, file).split(path.sep).join('/')
			// This file's own examples below are strings, not imports.
			if (exceptions.has(relative) || file === fileURLToPath(import.meta.url)) continue
			for (const specifier of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
				const target = appPathOf(specifier, file)
				const top = target?.split('/')[0]
				if (target?.startsWith('..') || (top && (UPPER_LAYERS as ReadonlyArray<string>).includes(top))) {
					found.push(`${relative} imports ${specifier}`)
				}
			}
		}
	}
	return found
}

describe('import layers', () => {
	test('app/utils/ imports no domain, tool or route', () => {
		expect(upwardImports(['utils'])).toEqual([])
	})

	test('app/components/ imports no domain, tool or route', () => {
		expect(upwardImports(['components'], KNOWN_EXCEPTIONS)).toEqual([])
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

	test('each known exception still imports upward (remove it from the list when it no longer does)', () => {
		for (const file of KNOWN_EXCEPTIONS) {
			if (!fs.existsSync(path.join(appDir, file))) continue
			expect(upwardImports([path.dirname(file)]).some((line) => line.startsWith(`${file} `)), file).toBe(true)
		}
	})
})
