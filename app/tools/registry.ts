/**
 * The tool registry (DESIGN.md §6): the tools' definitions (each folder's
 * `tool.ts`), one line each, in menu order. That list drives the top-bar
 * menu, the mobile menu's grid, the right sidebar, the tool list, the group
 * pages, the home page's cards, the sitemap, the API, the server's worker and
 * the routes (app/routes.ts reads it in Node at build time). Metadata only:
 * no UI, no heavy imports, safe on the server and in the browser.
 *
 * A tool is `live` once its page exists. Links are only ever built from live
 * entries, so a tool whose page has not been written yet is never shown;
 * `registry.test.ts` checks every live entry against its folder.
 */
// `import type`: erased entirely, so app/routes.ts can read this file in Node at build time.
import type { IconName } from '#app/components/icon.tsx'
import { type ToolDefinition, type ToolGroupId } from './kit/define-tool.ts'
import { tool as base64Encoder } from './base64-encoder/tool.ts'
import { tool as jsonFormatter } from './json-formatter/tool.ts'
import { tool as keywordDensity } from './keyword-density/tool.ts'
import { tool as markdownToDocx } from './markdown-to-docx/tool.ts'
import { tool as metaTagGenerator } from './meta-tag-generator/tool.ts'
import { tool as minifyBeautify } from './minify-beautify/tool.ts'
import { tool as pdfConverter } from './pdf-converter/tool.ts'
import { tool as qrCodeGenerator } from './qr-code-generator/tool.ts'
import { tool as robotsTxt } from './robots-txt/tool.ts'
import { tool as sitemapXml } from './sitemap-xml/tool.ts'
import { tool as slugUtm } from './slug-utm/tool.ts'
import { tool as textCaseConverter } from './text-case-converter/tool.ts'
import { tool as urlEncoder } from './url-encoder/tool.ts'

export { type ToolGroupId } from './kit/define-tool.ts'

/** The tools, in menu order (SPEC.md §2). */
export const tools: ReadonlyArray<ToolDefinition> = [
	pdfConverter,
	markdownToDocx,
	qrCodeGenerator,
	jsonFormatter,
	base64Encoder,
	urlEncoder,
	minifyBeautify,
	textCaseConverter,
	slugUtm,
	keywordDensity,
	metaTagGenerator,
	robotsTxt,
	sitemapXml,
]

export type Tool = ToolDefinition

export type ToolGroup = {
	id: ToolGroupId
	name: string
	description: string
	/** Group pages exist for these (SPEC.md §2); documents have no group page. */
	href: `/tools/${string}` | null
	icon: IconName
}

/** SPEC.md §3: a navigation item is a name, an href and an icon. */
export type NavItem = { name: string; href: string; icon: IconName }

export const toolGroups: ReadonlyArray<ToolGroup> = [
	{
		id: 'documents',
		name: 'Document Tools',
		description: 'Convert and edit PDFs and Word documents.',
		href: null,
		icon: 'document',
	},
	{
		id: 'dev',
		name: 'Dev Tools',
		description: 'Format, encode, decode and minify code and data.',
		href: '/tools/dev',
		icon: 'code',
	},
	{
		id: 'text',
		name: 'Text Tools',
		description: 'Change, clean up and count text.',
		href: '/tools/text',
		icon: 'text',
	},
	{
		id: 'seo',
		name: 'SEO Tools',
		description: 'Tools for marketing pages and links.',
		href: '/tools/seo',
		icon: 'search',
	},
]

export const liveTools = tools.filter((tool) => tool.live)

export function toolHref(tool: Pick<Tool, 'slug'>): string {
	return `/tools/${tool.slug}`
}

export function getTool(slug: string): Tool | undefined {
	return tools.find((tool) => tool.slug === slug)
}

export function liveToolsInGroup(groupId: ToolGroupId): Array<Tool> {
	return liveTools.filter((tool) => tool.group === groupId)
}

/** Group pages exist once a group has at least one live tool. */
export const liveGroups = toolGroups.filter(
	(group) => group.href !== null && liveToolsInGroup(group.id).length > 0,
)

export function getLiveGroup(id: string): ToolGroup | undefined {
	return liveGroups.find((group) => group.id === id)
}

/**
 * The tool list of the sidebar and the mobile menu, in SPEC.md §2's order:
 * the live tools, the group pages, then the tools' extra entries (the PDF
 * editor, which lives on the converter's page).
 */
export const toolNavItems: ReadonlyArray<NavItem> = [
	...liveTools.map((tool) => ({ name: tool.name, href: toolHref(tool), icon: tool.icon })),
	...liveGroups.map((group) => ({ name: group.name, href: group.href ?? '', icon: group.icon })),
	...liveTools.flatMap((tool) => (tool.extraNavItems ?? []).map((item) => ({ ...item, icon: tool.icon }))),
]

/** The sidebar lists the tools other than the current one. */
export function toolNavItemsExcept(pathname: string): Array<NavItem> {
	const here = canonicalToolPath(pathname)
	return toolNavItems.filter((item) => canonicalToolPath(item.href) !== here)
}

/** An old path (a tool's `redirects`) stands for the tool's own page. */
function canonicalToolPath(pathname: string): string {
	const path = pathname.replace(/\/+$/, '')
	const tool = tools.find((each) => (each.redirects ?? []).some((redirect) => (typeof redirect === 'string' ? redirect : redirect.from) === path))
	return tool ? toolHref(tool) : path
}

/** Every old path and the page it leads to (app/routes.ts makes each a 301). */
export const toolRedirects: ReadonlyArray<{ from: string; to: string }> = tools.flatMap((tool) =>
	(tool.redirects ?? []).map((redirect) => (typeof redirect === 'string' ? { from: redirect, to: toolHref(tool) } : { from: redirect.from, to: `${toolHref(tool)}${redirect.search}` })),
)

/** Tools whose core the server runs (forms without JavaScript and `POST /api/tools/<slug>`). */
export function getServerTool(slug: string): ToolDefinition | undefined {
	const tool = getTool(slug)
	return tool && tool.runs !== 'page' ? tool : undefined
}
