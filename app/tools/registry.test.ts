import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { liveGroups, liveTools, toolGroups, toolHref, toolNavItems, toolNavItemsExcept, toolRedirects, tools } from './registry.ts'

const toolsDir = import.meta.dirname
/** Framework and shared helpers: not tools. */
const notTools = new Set(['kit', 'shared'])
const toolFolders = readdirSync(toolsDir, { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && !notTools.has(entry.name))
	.map((entry) => entry.name)

function filesIn(dir: string): Array<string> {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
		.map((entry) => path.join(entry.parentPath, entry.name))
}

describe('the tool registry', () => {
	test('slugs are unique and URL-safe', () => {
		const slugs = tools.map((tool) => tool.slug)
		expect(new Set(slugs).size).toBe(slugs.length)
		for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
	})

	test('a tool is live exactly when its page exists', () => {
		for (const tool of tools) {
			const hasRoute = existsSync(path.join(toolsDir, tool.slug, 'page.tsx'))
			expect(hasRoute, `${tool.slug}: live=${tool.live} but route file ${hasRoute ? 'exists' : 'is missing'}`).toBe(tool.live)
		}
	})

	test('every tool belongs to a known group', () => {
		const groupIds = toolGroups.map((group) => group.id)
		for (const tool of tools) expect(groupIds).toContain(tool.group)
	})

	test('the menu and sidebar list only live pages, in SPEC.md §2 order', () => {
		const specOrder = [
			'/tools/pdf-converter',
			'/tools/markdown-to-docx',
			'/tools/qr-code-generator',
			'/tools/json-formatter',
			'/tools/base64-encoder',
			'/tools/url-encoder',
			'/tools/minify-beautify',
			'/tools/text-case-converter',
			'/tools/dev',
			'/tools/text',
			'/tools/seo',
			'/tools/pdf-editor',
		]
		const live = new Set([...liveTools.map(toolHref), ...liveGroups.map((group) => group.href)])
		if (live.has('/tools/pdf-converter')) live.add('/tools/pdf-editor')
		const hrefs = toolNavItems.map((item) => item.href)
		// Tools added since SPEC.md (npm run new-tool) take their place among the tools, before the group pages.
		const added = liveTools.map(toolHref).filter((href) => !specOrder.includes(href))
		expect(hrefs.filter((href) => !added.includes(href))).toEqual(specOrder.filter((href) => live.has(href)))
		expect(hrefs.length).toBe(new Set(hrefs).size)
		for (const href of added) expect(hrefs.indexOf(href)).toBeLessThan(liveGroups.length ? hrefs.indexOf(liveGroups[0]!.href!) : hrefs.length)
	})

	test('group pages exist only for groups with live tools', () => {
		for (const group of liveGroups) {
			expect(group.href).toBeTruthy()
			expect(liveTools.some((tool) => tool.group === group.id)).toBe(true)
		}
	})

	test('the sidebar leaves out the current page', () => {
		for (const item of toolNavItems) {
			expect(toolNavItemsExcept(item.href).map((i) => i.href)).not.toContain(item.href)
			expect(toolNavItemsExcept(`${item.href}/`).map((i) => i.href)).not.toContain(item.href)
		}
		expect(toolNavItemsExcept('/about')).toEqual(toolNavItems)
	})
})

describe('a tool is one folder plus one registry line', () => {
	test('every folder is a registered tool, under its own slug', async () => {
		expect([...toolFolders].sort()).toEqual(tools.map((tool) => tool.slug).sort())
		for (const slug of toolFolders) {
			const { tool } = (await import(`./${slug}/tool.ts`)) as { tool: { slug: string } }
			expect(tools, slug).toContain(tool)
			expect(tool.slug).toBe(slug)
		}
	})

	test('a live tool has its core, its words and its page; the core runs where the definition says', async () => {
		for (const tool of liveTools) {
			const dir = path.join(toolsDir, tool.slug)
			// A page-run tool (`runs: 'page'`) works through its own API and engine, which need not be a text core.
			const files = tool.runs === 'page' ? ['tool.ts', 'content.ts', 'page.tsx'] : ['tool.ts', 'core.ts', 'content.ts', 'page.tsx']
			for (const file of files) expect(existsSync(path.join(dir, file)), `${tool.slug}/${file}`).toBe(true)
			const { content } = (await import(`./${tool.slug}/content.ts`)) as { content: { slug: string } }
			expect(content.slug).toBe(tool.slug)
			if (tool.runs === 'anywhere') {
				expect(tool.core, tool.slug).toBeTypeOf('function')
				expect((await tool.core!()).slug).toBe(tool.slug)
			}
			if (tool.runs === 'own-worker') {
				expect(tool.startWorker, tool.slug).toBeTypeOf('function')
				expect(existsSync(path.join(dir, 'core.node.ts')), `${tool.slug}/core.node.ts`).toBe(true)
			}
		}
	})

	test('no tool imports another (shared code lives in kit/ and shared/)', () => {
		for (const slug of toolFolders) {
			for (const file of filesIn(path.join(toolsDir, slug))) {
				const source = readFileSync(file, 'utf8')
				for (const [, target] of source.matchAll(/(?:from|import\()\s*'(#app\/tools\/[^']+|\.\.\/[^']+)'/g)) {
					const resolved = target!.startsWith('#app/tools/') ? target!.slice('#app/tools/'.length) : path.relative(toolsDir, path.resolve(path.dirname(file), target!))
					const folder = resolved.split('/')[0]!
					const allowed = folder === slug || !toolFolders.includes(folder)
					expect(allowed, `${path.relative(toolsDir, file)} imports ${target}`).toBe(true)
				}
			}
		}
	})

	test('each old path is listed once and leads to a tool page', () => {
		const from = toolRedirects.map((each) => each.from)
		expect(new Set(from).size).toBe(from.length)
		for (const { to } of toolRedirects) expect(tools.map(toolHref)).toContain(to.replace(/\?.*$/, ''))
	})

	test('/tools/pdf-editor leads to the PDF page in View & edit mode, not to Convert', () => {
		expect(toolRedirects.find((each) => each.from === '/tools/pdf-editor')?.to).toBe('/tools/pdf-converter?mode=edit')
	})
})
