/**
 * The robots.txt generator: a preset, your own rules per user agent (written
 * as robots.txt lines, which the page builds from its rows), sitemap URLs
 * and, if asked, a group that blocks AI crawlers, merged into one clean file.
 * Pure: the page runs it as you type, the form without JavaScript and the
 * API run it on the server.
 */
import { ToolError } from '#app/tools/kit/core.ts'
import { AI_CRAWLERS } from './crawlers.ts'
import { parseRobots, type Warning } from './robots.ts'

export const PRESET_IDS = ['none', 'allow-all', 'block-all', 'wordpress', 'shopify', 'nextjs', 'block-ai'] as const
export type PresetId = (typeof PRESET_IDS)[number]

export type GeneratorGroup = {
	agents: Array<string>
	rules: Array<{ type: 'allow' | 'disallow'; path: string }>
	crawlDelay?: string
}

const everyone = (rules: GeneratorGroup['rules']): Array<GeneratorGroup> => [{ agents: ['*'], rules }]
const disallow = (...paths: Array<string>) => paths.map((path) => ({ type: 'disallow' as const, path }))
const allow = (...paths: Array<string>) => paths.map((path) => ({ type: 'allow' as const, path }))

export const PRESETS: Record<PresetId, { label: string; description: string; groups: Array<GeneratorGroup>; blockAi?: boolean }> = {
	none: { label: 'My rules only', description: 'Only the rules you add below.', groups: [] },
	'allow-all': { label: 'Allow all', description: 'Every crawler may fetch everything (an empty Disallow).', groups: everyone(disallow('')) },
	'block-all': { label: 'Block all', description: 'No crawler may fetch anything: for staging and private sites.', groups: everyone(disallow('/')) },
	wordpress: {
		label: 'WordPress',
		description: 'Keeps crawlers out of the admin area (admin-ajax.php stays open for themes and plugins) and internal search results.',
		groups: everyone([...disallow('/wp-admin/'), ...allow('/wp-admin/admin-ajax.php'), ...disallow('/?s=', '/search/', '/wp-login.php')]),
	},
	shopify: {
		label: 'Online store',
		description: 'Shopify-style: no cart, checkout, account or admin pages, and no endless sorted or filtered collection URLs.',
		groups: everyone(disallow('/admin', '/cart', '/checkout', '/checkouts/', '/orders', '/account', '/search', '/collections/*sort_by*', '/*/collections/*sort_by*', '/collections/*filter*&*filter*', '/*preview_theme_id*', '/policies/')),
	},
	nextjs: {
		label: 'Next.js / static site',
		description: 'Everything but the API routes; scripts and styles under /_next/ stay open so Google can render the pages.',
		groups: everyone([...allow('/'), ...disallow('/api/')]),
	},
	'block-ai': {
		label: 'Block AI crawlers',
		description: 'Search engines welcome; GPTBot, ClaudeBot, CCBot, Google-Extended and other AI crawlers blocked.',
		groups: everyone(disallow('')),
		blockAi: true,
	},
}

export type GeneratorRow = { agents: string; allow: string; disallow: string; crawlDelay: string }

/** A path as it goes in the file: one line, `#` and spaces encoded, starting with "/" (or "*"). */
export function cleanPath(path: string): string {
	const trimmed = path.trim().replace(/#/g, '%23').replace(/\s/g, '%20')
	if (trimmed === '' || trimmed.startsWith('/') || trimmed.startsWith('*')) return trimmed
	return `/${trimmed}`
}

/**
 * The page's rows as robots.txt lines (what the generator reads): agents
 * separated by commas or new lines, one path a line. A value can never add a
 * line of its own: each line of a box is one path.
 */
export function rowsToRules(rows: ReadonlyArray<GeneratorRow>): string {
	const blocks: Array<string> = []
	for (const row of rows) {
		const named = row.agents
			.split(/[,\n\r]/)
			.map((agent) => agent.replace(/#/g, '').trim())
			.filter(Boolean)
		const paths = (text: string) =>
			text
				.split(/\r\n|\r|\n/)
				.map(cleanPath)
				.filter(Boolean)
		const disallowed = paths(row.disallow)
		const allowed = paths(row.allow)
		// Paths without a user agent are for every crawler.
		const agents = named.length > 0 ? named : disallowed.length + allowed.length > 0 ? ['*'] : []
		if (agents.length === 0) continue
		const lines = [
			...agents.map((agent) => `User-agent: ${agent}`),
			...disallowed.map((path) => `Disallow: ${path}`),
			...allowed.map((path) => `Allow: ${path}`),
		]
		const delay = row.crawlDelay.trim()
		if (delay !== '') lines.push(`Crawl-delay: ${delay.replace(/[#\s]/g, '')}`)
		blocks.push(lines.join('\n'))
	}
	return blocks.join('\n\n')
}

export type GenerateResult = {
	output: string
	groups: number
	rules: number
	sitemaps: Array<string>
	warnings: Array<Warning>
	notes: Array<string>
}

export function generateRobotsTxt(rulesText: string, { preset, blockAi, sitemaps }: { preset: PresetId; blockAi: boolean; sitemaps: string }): GenerateResult {
	const parsed = parseRobots(rulesText)
	const warnings = [...parsed.warnings]
	const notes: Array<string> = []
	const merged = new Map<string, GeneratorGroup>()
	const add = (group: GeneratorGroup) => {
		const key = group.agents.map((agent) => agent.toLowerCase()).sort().join('\n')
		const existing = merged.get(key)
		if (!existing) {
			merged.set(key, { agents: [...group.agents], rules: [...group.rules], crawlDelay: group.crawlDelay })
			return
		}
		for (const rule of group.rules) {
			if (!existing.rules.some((each) => each.type === rule.type && each.path === rule.path)) existing.rules.push(rule)
		}
		if (group.crawlDelay !== undefined) existing.crawlDelay = group.crawlDelay
	}
	for (const group of PRESETS[preset].groups) add(group)
	for (const group of parsed.groups) {
		const agents = group.agents.map((agent) => agent.name).filter(Boolean)
		if (agents.length === 0) continue
		add({ agents, rules: group.rules.map((rule) => ({ type: rule.type, path: rule.pattern })), crawlDelay: group.crawlDelay?.value })
	}
	if (blockAi || PRESETS[preset].blockAi) add({ agents: [...AI_CRAWLERS], rules: disallow('/') })

	const sitemapUrls: Array<string> = []
	for (const [index, line] of sitemaps.split(/\r\n|\r|\n/).entries()) {
		const url = line.trim()
		if (url === '') continue
		if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url)) {
			warnings.push({ line: index + 1, message: `Sitemap “${url.slice(0, 80)}” is left out: it must be a full URL such as https://example.com/sitemap.xml.` })
			continue
		}
		if (!sitemapUrls.includes(url)) sitemapUrls.push(url)
	}
	for (const { url } of parsed.sitemaps) if (/^https?:\/\//i.test(url) && !sitemapUrls.includes(url)) sitemapUrls.push(url)

	const groups = [...merged.values()]
	if (groups.length === 0 && sitemapUrls.length === 0) {
		throw new ToolError('Choose a preset or add rules for at least one user agent.', { field: 'input' })
	}
	let rules = 0
	const blocks = groups.map((group) => {
		const lines = group.agents.map((agent) => `User-agent: ${agent}`)
		// A group needs a rule; an empty Disallow allows everything.
		const groupRules = group.rules.length > 0 ? group.rules : [{ type: 'disallow' as const, path: '' }]
		for (const rule of groupRules) lines.push(`${rule.type === 'allow' ? 'Allow' : 'Disallow'}:${rule.path === '' ? '' : ` ${rule.path}`}`)
		rules += groupRules.length
		if (group.crawlDelay !== undefined && group.crawlDelay !== '') lines.push(`Crawl-delay: ${group.crawlDelay}`)
		return lines.join('\n')
	})
	if (groups.some((group) => group.crawlDelay)) notes.push('Google ignores Crawl-delay (set the crawl rate in Search Console); Bing and Yandex read it as seconds between requests.')
	if (groups.some((group) => group.agents.includes('*') && group.rules.some((rule) => rule.type === 'disallow' && rule.path === '/'))) {
		notes.push('Disallow: / for every crawler keeps your whole site out of search results’ crawls: right for a staging site, wrong for a live one.')
	}
	if (sitemapUrls.length === 0) notes.push('Add your sitemap’s URL so crawlers find every page.')
	const sitemapBlock = sitemapUrls.map((url) => `Sitemap: ${url}`).join('\n')
	const output = `${[...blocks, ...(sitemapBlock ? [sitemapBlock] : [])].join('\n\n')}\n`
	return { output, groups: groups.length, rules, sitemaps: sitemapUrls, warnings, notes }
}
