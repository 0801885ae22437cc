/**
 * The tool registry (DESIGN.md §6): one ordered list that drives the top-bar
 * menu, the mobile menu's grid, the right sidebar, the tool list, the group
 * pages, the home page's cards and the sitemap. Metadata only: no UI, no
 * heavy imports, safe on the server and in the browser.
 *
 * A tool is `live` once its page exists. Links are only ever built from live
 * entries, so a tool whose page has not been written yet is never shown;
 * `registry.test.ts` checks every live entry against its route file.
 */
// `import type`: erased entirely, so app/routes.ts can read this file in Node at build time.
import type { IconName } from '#app/components/icon.tsx'

export type ToolGroupId = 'documents' | 'dev' | 'text' | 'seo'

export type ToolGroup = {
	id: ToolGroupId
	name: string
	description: string
	/** Group pages exist for these (SPEC.md §2); documents have no group page. */
	href: `/tools/${string}` | null
	icon: IconName
}

export type Tool = {
	slug: string
	name: string
	/** One line, written for people (also the meta description). */
	description: string
	group: ToolGroupId
	icon: IconName
	keywords: ReadonlyArray<string>
	live: boolean
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

export const tools: ReadonlyArray<Tool> = [
	{
		slug: 'pdf-converter',
		name: 'PDF Tools',
		description: 'Convert PDFs and annotate them in your browser: highlight, draw, add text, stamps and signatures.',
		group: 'documents',
		icon: 'document',
		keywords: ['pdf', 'convert', 'edit', 'annotate', 'sign'],
		live: false,
	},
	{
		slug: 'markdown-to-docx',
		name: 'Markdown to DOCX',
		description: 'Turn Markdown into a Word document with headings, lists, tables and code.',
		group: 'documents',
		icon: 'document-text',
		keywords: ['markdown', 'docx', 'word', 'convert'],
		live: false,
	},
	{
		slug: 'qr-code-generator',
		name: 'QR Code Generator',
		description: 'Make QR codes for links, text and Wi-Fi, as PNG or SVG.',
		group: 'seo',
		icon: 'qr-code',
		keywords: ['qr', 'qr code', 'barcode', 'generator'],
		live: false,
	},
	{
		slug: 'json-formatter',
		name: 'JSON Formatter',
		description: 'Format, validate and minify JSON without changing a single number.',
		group: 'dev',
		icon: 'braces',
		keywords: ['json', 'format', 'validate', 'beautify', 'minify'],
		live: true,
	},
	{
		slug: 'base64-encoder',
		name: 'Base64 Encoder/Decoder',
		description: 'Encode text and files to Base64 and decode Base64 back, in UTF-8 or other encodings.',
		group: 'dev',
		icon: 'binary',
		keywords: ['base64', 'encode', 'decode', 'data uri'],
		live: true,
	},
	{
		slug: 'url-encoder',
		name: 'URL Encoder/Decoder',
		description: 'Percent-encode and decode URLs and their parts, and take a URL apart.',
		group: 'dev',
		icon: 'link',
		keywords: ['url', 'percent', 'encode', 'decode', 'query string'],
		live: true,
	},
	{
		slug: 'minify-beautify',
		name: 'Minify & Beautify Code',
		description: 'Minify or pretty-print JavaScript, TypeScript, CSS, HTML, JSON, XML and SQL.',
		group: 'dev',
		icon: 'code',
		keywords: ['minify', 'beautify', 'prettier', 'javascript', 'css', 'html'],
		live: true,
	},
	{
		slug: 'text-case-converter',
		name: 'Text Case Converter',
		description: 'Change text to UPPER, lower, Title, Sentence, camelCase, snake_case, kebab-case and more.',
		group: 'text',
		icon: 'text',
		keywords: ['case', 'uppercase', 'lowercase', 'title case', 'camelcase'],
		live: true,
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

function toolItem(slug: string, name?: string, href?: string): NavItem | null {
	const tool = getTool(slug)
	if (!tool?.live) return null
	return { name: name ?? tool.name, href: href ?? toolHref(tool), icon: tool.icon }
}

function groupItem(id: ToolGroupId): NavItem | null {
	const group = getLiveGroup(id)
	return group?.href ? { name: group.name, href: group.href, icon: group.icon } : null
}

/**
 * The tool list of the sidebar and the mobile menu, in SPEC.md §2's order.
 * SPEC lists "PDF Tools" twice; the second entry is the PDF editor, which
 * lives on the converter's page (`/tools/pdf-editor` redirects there).
 */
export const toolNavItems: ReadonlyArray<NavItem> = [
	toolItem('pdf-converter'),
	toolItem('markdown-to-docx'),
	toolItem('qr-code-generator'),
	toolItem('json-formatter'),
	toolItem('base64-encoder'),
	toolItem('url-encoder'),
	toolItem('minify-beautify'),
	toolItem('text-case-converter'),
	groupItem('dev'),
	groupItem('text'),
	groupItem('seo'),
	toolItem('pdf-converter', 'PDF Editor', '/tools/pdf-editor'),
].filter((item): item is NavItem => item !== null)

/** The sidebar lists the tools other than the current one. */
export function toolNavItemsExcept(pathname: string): Array<NavItem> {
	const here = canonicalToolPath(pathname)
	return toolNavItems.filter((item) => canonicalToolPath(item.href) !== here)
}

function canonicalToolPath(pathname: string): string {
	const path = pathname.replace(/\/+$/, '')
	return path === '/tools/pdf-editor' || path === '/tools/pdf' ? '/tools/pdf-converter' : path
}
