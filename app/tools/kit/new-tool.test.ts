/**
 * `npm run new-tool -- <slug>` (scripts/new-tool.ts), run into a copy of
 * app/tools: the skeleton is registered (menu, sitemap's live tools, API),
 * its core runs, and the only file it changes outside its folder is the
 * registry.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { scaffoldTool } from '../../../scripts/new-tool.ts'
import { runCore } from './core.ts'

const repo = path.resolve(import.meta.dirname, '../../..')
// Inside the repository (not os.tmpdir()), so the copy's `#app/...` imports resolve to this app.
const root = mkdtempSync(path.join(repo, 'node_modules/.new-tool-test-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the new-tool scaffolder', () => {
	test('writes one folder and one registry line, and the tool is everywhere the registry reaches', async () => {
		cpSync(path.join(repo, 'app/tools'), path.join(root, 'app/tools'), { recursive: true })
		const before = readdirSync(path.join(root, 'app/tools'), { recursive: true }).length
		const touched = scaffoldTool(root, { slug: 'word-reverser', name: 'Word Reverser', group: 'text' })
		expect(touched).toEqual([
			'app/tools/word-reverser/tool.ts',
			'app/tools/word-reverser/core.ts',
			'app/tools/word-reverser/core.test.ts',
			'app/tools/word-reverser/content.ts',
			'app/tools/word-reverser/page.tsx',
			'app/tools/registry.ts',
		])
		// Only the new folder and its five files are new.
		expect(readdirSync(path.join(root, 'app/tools'), { recursive: true }).length).toBe(before + 6)

		const registry = (await import(path.join(root, 'app/tools/registry.ts'))) as typeof import('#app/tools/registry.ts')
		const tool = registry.getTool('word-reverser')
		expect(tool).toMatchObject({ name: 'Word Reverser', group: 'text', live: true, runs: 'anywhere' })
		// The menu (before the group pages), the group page, the sitemap's list, the API.
		expect(registry.toolNavItems.map((item) => item.href)).toContain('/tools/word-reverser')
		expect(registry.toolNavItems.findIndex((item) => item.href === '/tools/word-reverser')).toBeLessThan(registry.toolNavItems.findIndex((item) => item.href === '/tools/dev'))
		expect(registry.liveToolsInGroup('text').map((each) => each.slug)).toContain('word-reverser')
		expect(registry.liveTools.map(registry.toolHref)).toContain('/tools/word-reverser')
		expect(registry.getServerTool('word-reverser')).toBe(tool)

		const core = await tool!.core!()
		expect(core.slug).toBe('word-reverser')
		expect((await runCore(core, '  hi  ', { trim: true })).output).toBe('hi')
		const { content } = (await import(path.join(root, 'app/tools/word-reverser/content.ts'))) as typeof import('#app/tools/kit/content.ts') & {
			content: { slug: string }
		}
		expect(content.slug).toBe('word-reverser')
		expect(existsSync(path.join(root, 'app/tools/word-reverser/page.tsx'))).toBe(true)
	})

	test('refuses a bad slug, a framework folder and an existing tool', () => {
		expect(() => scaffoldTool(root, { slug: 'Bad Slug' })).toThrow(/not a slug/)
		expect(() => scaffoldTool(root, { slug: 'kit' })).toThrow(/framework/)
		expect(() => scaffoldTool(root, { slug: 'url-encoder' })).toThrow(/exists/)
	})
})
