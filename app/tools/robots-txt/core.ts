/**
 * robots.txt Generator & Tester: the pure core (kit/core.ts). Two modes:
 *
 * - `test` (default): `input` is a robots.txt; `url` holds one URL or path a
 *   line; `userAgent` the crawler. Each URL is Allowed or Blocked, with the
 *   rule and line that decided and the group that applied (robots.ts has the
 *   rules: RFC 9309 with Google's behaviour). Without a URL, the file is only
 *   checked (its groups, sitemaps and warnings). An empty robots.txt allows
 *   every URL (RFC 9309: no rules, no restrictions).
 * - `generate`: `input` holds your rules as robots.txt lines (may be empty),
 *   `preset`, `blockAi` and `sitemaps` (one URL a line) the rest; the answer
 *   is the finished file (generate.ts).
 */
import { z } from 'zod'
import { defineToolCore, ToolError, tooComplex, type ToolResult } from '#app/tools/kit/core.ts'
import { resolveCrawler } from './crawlers.ts'
import { generateRobotsTxt, PRESET_IDS, type GenerateResult } from './generate.ts'
import { canonicalPath, decide, groupsFor, parseRobots, type Group, type ParsedRobots, type RuleType, type Warning } from './robots.ts'

export const SLUG = 'robots-txt'
/** URLs tested at once. */
export const MAX_URLS = 100
/**
 * The URLs' characters, all together: matching costs up to (URL length ×
 * rules), so a 10,000-rule file full of wildcards must stay prompt (measured:
 * about 1.6 s for 16,000 characters against 10,000 hostile rules on a busy
 * machine; most URLs are under 2,000 characters).
 */
export const MAX_URLS_LENGTH = 20_000

export const robotsOptionsSchema = z
	.object({
		mode: z.enum(['test', 'generate']).default('test'),
		/** One URL or path a line. */
		url: z.string().max(MAX_URLS_LENGTH, `at most ${MAX_URLS_LENGTH.toLocaleString('en-US')} characters (test at most ${MAX_URLS} URLs at once)`).default(''),
		userAgent: z.string().max(1000, 'at most 1,000 characters').default('Googlebot'),
		preset: z.enum(PRESET_IDS).default('none'),
		blockAi: z.boolean().default(false),
		/** One sitemap URL a line. */
		sitemaps: z.string().max(100_000, 'at most 100,000 characters').default(''),
	})
	.strict()

export type RobotsOptions = z.output<typeof robotsOptionsSchema>

export type RuleRef = { line: number; type: RuleType; pattern: string }
export type GroupRef = { agents: Array<string>; lines: Array<number>; matchedAs: string }

export type UrlVerdict = {
	url: string
	/** The path compared, percent-encoded. */
	path: string
	allowed: boolean
	rule: RuleRef | null
	/** One sentence: what decided. */
	reason: string
}

export type TestResult = ToolResult & {
	mode: 'test'
	/** The first URL's verdict (null when no URL was given). */
	allowed: boolean | null
	verdict: 'allowed' | 'blocked' | null
	rule: RuleRef | null
	group: GroupRef | null
	/** The product tokens tried, most specific first. */
	userAgent: string | null
	results: Array<UrlVerdict>
	groups: number
	rules: number
	sitemaps: Array<string>
	warnings: Array<Warning>
	warningCount: number
	notes: Array<string>
}

export type RobotsGenerateResult = ToolResult & GenerateResult & { mode: 'generate' }
export type RobotsResult = TestResult | RobotsGenerateResult

const ruleName = (type: RuleType) => (type === 'allow' ? 'Allow' : 'Disallow')

export function describeRule(rule: RuleRef): string {
	return `${ruleName(rule.type)}: ${rule.pattern} on line ${rule.line}`
}

function groupRef(groups: ReadonlyArray<Group>, matchedAs: string): GroupRef {
	const agents: Array<string> = []
	for (const group of groups) for (const agent of group.agents) if (!agents.includes(agent.name)) agents.push(agent.name)
	return { agents, lines: groups.map((group) => group.firstLine), matchedAs }
}

function groupLabel(group: GroupRef): string {
	const lines = group.lines.length === 1 ? `line ${group.lines[0]}` : `lines ${group.lines.join(', ')}`
	return `the group “User-agent: ${group.matchedAs}” on ${lines}`
}

export function runTest(input: string, options: RobotsOptions): TestResult {
	const urls = options.url
		.split(/\r\n|\r|\n/)
		.map((line) => line.trim())
		.filter(Boolean)
	if (input.trim() === '' && urls.length === 0) throw new ToolError('Paste a robots.txt to check, or enter a URL to test.', { field: 'input' })
	if (urls.length > MAX_URLS) throw tooComplex(`Too many URLs: ${urls.length.toLocaleString('en-US')} (at most ${MAX_URLS.toLocaleString('en-US')} at once).`)
	const parsed: ParsedRobots = parseRobots(input)
	const notes: Array<string> = []
	const sitemaps = parsed.sitemaps.map((each) => each.url)
	const rules = parsed.groups.reduce((sum, group) => sum + group.rules.length, 0)
	const base = {
		mode: 'test' as const,
		groups: parsed.groups.length,
		rules,
		sitemaps,
		warnings: parsed.warnings,
		warningCount: parsed.warningCount,
	}
	if (input.trim() === '') notes.push('An empty robots.txt allows every URL to every crawler (RFC 9309: no rules, no restrictions).')
	for (const group of parsed.groups) {
		if (group.crawlDelay) notes.push(`Crawl-delay on line ${group.crawlDelay.line}: Google ignores it; Bing and Yandex wait that many seconds between requests.`)
	}

	const summary = `${parsed.groups.length.toLocaleString('en-US')} group${parsed.groups.length === 1 ? '' : 's'}, ${rules.toLocaleString('en-US')} rule${rules === 1 ? '' : 's'}, ${sitemaps.length.toLocaleString('en-US')} sitemap${sitemaps.length === 1 ? '' : 's'}, ${parsed.warningCount.toLocaleString('en-US')} warning${parsed.warningCount === 1 ? '' : 's'}.`
	if (urls.length === 0) {
		const lines = [`robots.txt: ${summary}`, ...parsed.warnings.map((warning) => `Line ${warning.line}: ${warning.message}`)]
		return { ...base, output: lines.join('\n'), allowed: null, verdict: null, rule: null, group: null, userAgent: null, results: [], notes }
	}

	const crawler = resolveCrawler(options.userAgent)
	if (!crawler) {
		throw new ToolError('Validation failed: options.userAgent: enter the crawler’s name (its product token), such as Googlebot.', {
			fields: { 'options.userAgent': ['Enter a crawler such as Googlebot.'] },
		})
	}
	if (crawler.note) notes.push(crawler.note)
	const { groups, matchedAs } = groupsFor(parsed, crawler.tokens, crawler.ignoresGlobal)
	const group = matchedAs ? groupRef(groups, matchedAs) : null
	const name = crawler.tokens[0]!
	if (crawler.ignoresGlobal && !group) notes.push(`${name} ignores the “User-agent: *” group: name it to restrict it.`)
	else if (group && matchedAs && matchedAs !== '*' && matchedAs.toLowerCase() !== name.toLowerCase()) notes.push(`No group names ${name}, so it follows the ${matchedAs} group.`)

	const results = urls.map((url): UrlVerdict => {
		const path = canonicalPath(url)
		const decision = decide(groups, path)
		const rule = decision.rule ? { line: decision.rule.line, type: decision.rule.type, pattern: decision.rule.pattern } : null
		const reason =
			decision.reason === 'robots-txt'
				? '/robots.txt itself is always allowed.'
				: decision.reason === 'no-group'
					? parsed.groups.length === 0
						? 'The file has no groups: every URL is allowed.'
						: `No group applies to ${name} (and there is no “User-agent: *” group it follows): allowed.`
					: decision.reason === 'no-rule'
						? `No rule matched in ${groupLabel(group!)}: allowed.`
						: `${describeRule(rule!)} decided: ${decision.allowed ? 'allowed' : 'blocked'} (${groupLabel(group!)}).`
		return { url, path, allowed: decision.allowed, rule, reason }
	})
	const lines = results.map((each) => `${each.allowed ? 'Allowed' : 'Blocked'}: ${each.url}${each.path !== each.url ? ` (${each.path})` : ''}\n  ${each.reason}`)
	const output = [`${name}${group && matchedAs !== name ? ` (follows ${matchedAs === '*' ? 'User-agent: *' : matchedAs})` : ''} — ${summary}`, ...lines].join('\n')
	const first = results[0]!
	return {
		...base,
		output,
		allowed: first.allowed,
		verdict: first.allowed ? 'allowed' : 'blocked',
		rule: first.rule,
		group,
		userAgent: name,
		results,
		notes,
	}
}

export function runRobots(input: string, options: RobotsOptions): RobotsResult {
	if (options.mode === 'generate') return { mode: 'generate', ...generateRobotsTxt(input, options) }
	return runTest(input, options)
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: robotsOptionsSchema,
	run: (input, options) => runRobots(input, options),
})
