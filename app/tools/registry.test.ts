import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { liveGroups, liveTools, toolGroups, toolHref, toolNavItems, toolNavItemsExcept, tools } from './registry.ts'

const toolsDir = import.meta.dirname

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
		expect(toolNavItems.map((item) => item.href)).toEqual(specOrder.filter((href) => live.has(href)))
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
