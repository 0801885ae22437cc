/**
 * robots.txt parsing and matching (RFC 9309, with Google's documented
 * behaviour where the RFC leaves room). Pure: no DOM, no Node APIs.
 *
 * Parsing (RFC 9309 §2.1–2.2, Google's open-source parser):
 * - a UTF-8 byte order mark at the start is skipped; lines end in LF, CR or CRLF;
 * - `#` starts a comment anywhere on a line; field names are case-insensitive,
 *   and Google's accepted typos (`useragent`, `dissallow`, `site-map`…) and a
 *   missing colon (`disallow /x`) are read, with a warning;
 * - consecutive `user-agent` lines form one group; a `user-agent` line after a
 *   rule starts a new one; `sitemap` and unknown lines do not end a group;
 * - rules before any `user-agent` line are ignored (reported);
 * - Google reads only the first 500 KiB: what follows is ignored (reported),
 *   and a line is cut after 16,663 bytes (Google's line buffer).
 *
 * Matching (RFC 9309 §2.2.2–2.2.3):
 * - paths and patterns are compared as percent-encoded UTF-8 (non-ASCII,
 *   spaces and control characters encoded, `%xx` upper-cased, never decoded:
 *   `%62%61%7A` is not `baz`); a `*` or `$` in the URL is `%2A`/`%24`, so
 *   `/path/foo-%24` matches `/path/foo-$`;
 * - `*` is any sequence of characters, `$` anchors the end only as the last
 *   character of a pattern; the matcher is greedy and linear (no regular
 *   expressions are built from the file: no catastrophic backtracking);
 * - the longest matching pattern (in octets, as Google counts them) wins; on
 *   a tie Allow wins; an empty pattern matches nothing (`Disallow:` allows all);
 * - Google: `Allow: /dir/index.html` also allows `/dir/`;
 * - `/robots.txt` itself is always allowed.
 */
import { utf8Length } from '#app/tools/kit/core.ts'

/** Google reads the first 500 KiB of a robots.txt (RFC 9309 §2.5 asks for at least that). */
export const MAX_ROBOTS_BYTES = 500 * 1024
/** Google's line buffer: 2,083 × 8 bytes, less the terminator. */
export const MAX_LINE_BYTES = 2083 * 8 - 1
/** Warnings listed one by one; `warningCount` says how many there were. */
export const MAX_WARNINGS = 200

export type RuleType = 'allow' | 'disallow'

export type Rule = {
	type: RuleType
	/** The value as written (comment and surrounding spaces removed). */
	pattern: string
	line: number
	/** Octets of the pattern once percent-encoded, as Google counts them: the longest match wins. */
	priority: number
	/** The canonical pattern split at `*`, and whether it ends in the `$` anchor. */
	parts: ReadonlyArray<string>
	anchored: boolean
}

export type Agent = {
	/** The value as written. */
	name: string
	/** Lower-case product token (letters, `-`, `_`), `*` for every crawler, or '' when there is none. */
	token: string
	line: number
}

export type Group = {
	agents: Array<Agent>
	rules: Array<Rule>
	crawlDelay: { value: string; line: number } | null
	firstLine: number
	lastLine: number
}

export type Warning = { line: number; message: string }

export type ParsedRobots = {
	groups: Array<Group>
	sitemaps: Array<{ url: string; line: number }>
	warnings: Array<Warning>
	warningCount: number
	/** Lines read (after the 500 KiB cut). */
	lines: number
	/** Bytes past 500 KiB that Google ignores (0 when none). */
	ignoredBytes: number
}

const FIELD_NAMES = {
	'user-agent': 'User-agent',
	allow: 'Allow',
	disallow: 'Disallow',
	sitemap: 'Sitemap',
} as const
type Field = keyof typeof FIELD_NAMES

/** Google's parser: the key starts with the name (case-insensitive), or with one of the typos it accepts. */
function fieldOf(key: string): Field | null {
	const lower = key.toLowerCase()
	if (lower.startsWith('user-agent') || lower.startsWith('useragent') || lower.startsWith('user agent')) return 'user-agent'
	if (lower.startsWith('allow')) return 'allow'
	if (['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((name) => lower.startsWith(name))) return 'disallow'
	if (lower.startsWith('sitemap') || lower.startsWith('site-map')) return 'sitemap'
	return null
}

/** Fields some sites write that are not part of RFC 9309, and what crawlers do with them. */
const KNOWN_EXTRAS: Record<string, string> = {
	'crawl-delay': 'Google ignores Crawl-delay; Bing and Yandex read it (seconds between requests)',
	host: 'Host was a Yandex-only field and is ignored today',
	noindex: 'Noindex in robots.txt has been ignored by Google since 2019: use a robots meta tag or an X-Robots-Tag header',
	nofollow: 'Nofollow in robots.txt is ignored: use a robots meta tag',
	'clean-param': 'Clean-param is read by Yandex only',
	'request-rate': 'Request-rate is not part of RFC 9309 and Google ignores it',
	'visit-time': 'Visit-time is not part of RFC 9309 and Google ignores it',
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c

function trimAscii(text: string): string {
	let start = 0
	let end = text.length
	while (start < end && isSpace(text.charCodeAt(start))) start++
	while (end > start && isSpace(text.charCodeAt(end - 1))) end--
	return text.slice(start, end)
}

/** The UTF-16 index where `text` passes `maxBytes` of UTF-8 (a whole character is never split). */
export function cutAtBytes(text: string, maxBytes: number): number {
	let bytes = 0
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		let size = code < 0x80 ? 1 : code < 0x800 ? 2 : 3
		const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
		if (pair) size = 4
		if (bytes + size > maxBytes) return index
		bytes += size
		if (pair) index++
	}
	return text.length
}

const HEX = '0123456789ABCDEF'
const isHex = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66)

function percentBytes(codePoint: number): string {
	const bytes: Array<number> =
		codePoint < 0x80
			? [codePoint]
			: codePoint < 0x800
				? [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)]
				: codePoint < 0x10000
					? [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)]
					: [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 0x3f), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)]
	return bytes.map((byte) => `%${HEX[byte >> 4]}${HEX[byte & 15]}`).join('')
}

/**
 * Percent-encodes `text` for comparison (RFC 9309 §2.2.2): non-ASCII as UTF-8
 * octets, `%xx` upper-cased (never decoded). `google` keeps spaces and control
 * characters as they are (Google's own escaping, used to weigh a pattern);
 * otherwise they are encoded too. `literal` lists ASCII characters that are
 * data here, not syntax (`*` and `$` in a URL, a `$` inside a pattern).
 */
export function percentEncode(text: string, { google = false, literal = '' }: { google?: boolean; literal?: string } = {}): string {
	let out = ''
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code === 0x25 && isHex(text.charCodeAt(index + 1)) && isHex(text.charCodeAt(index + 2))) {
			out += `%${text[index + 1]!.toUpperCase()}${text[index + 2]!.toUpperCase()}`
			index += 2
		} else if (code >= 0x80) {
			let point = text.codePointAt(index)!
			if (point > 0xffff) index++
			else if (point >= 0xd800 && point <= 0xdfff) point = 0xfffd // a lone surrogate: the replacement character
			out += percentBytes(point)
		} else if (!google && (code <= 0x20 || code === 0x7f || literal.includes(text[index]!))) {
			out += percentBytes(code)
		} else {
			out += text[index]
		}
	}
	return out
}

function compileRule(type: RuleType, pattern: string, line: number): Rule {
	const anchored = pattern.endsWith('$')
	const body = anchored ? pattern.slice(0, -1) : pattern
	// A `$` before the end is an ordinary character (Google), compared like a `$` in the URL.
	const canonical = percentEncode(body, { literal: '$' })
	return { type, pattern, line, priority: percentEncode(pattern, { google: true }).length, parts: canonical.split('*'), anchored }
}

/** The path (with params and query) of a URL, as Google's parser takes it: scheme, host and #fragment dropped; always starts with "/". */
export function pathOf(url: string): string {
	const start = url.startsWith('//') ? 2 : 0
	const firstOf = (from: number) => {
		for (let index = from; index < url.length; index++) if ('/?;'.includes(url[index]!)) return index
		return -1
	}
	const early = firstOf(start)
	let protocolEnd = url.indexOf('://', start)
	if (early !== -1 && protocolEnd !== -1 && early < protocolEnd) protocolEnd = -1
	protocolEnd = protocolEnd === -1 ? start : protocolEnd + 3
	const pathStart = firstOf(protocolEnd)
	if (pathStart === -1) return '/'
	const hash = url.indexOf('#', start)
	if (hash !== -1 && hash < pathStart) return '/'
	const path = url.slice(pathStart, hash === -1 ? url.length : hash)
	return path.startsWith('/') ? path : `/${path}`
}

/** A URL's path as it is compared with the patterns. */
export function canonicalPath(url: string): string {
	return percentEncode(pathOf(url), { literal: '*$' })
}

/**
 * Whether `path` (canonical) matches the compiled pattern: anchored at the
 * start; each `*` part found leftmost after the previous one (greedy, which
 * is exact for patterns whose only wildcard is `*`). Linear in practice: one
 * indexOf per part.
 */
export function matches(path: string, rule: Pick<Rule, 'parts' | 'anchored'>): boolean {
	const { parts, anchored } = rule
	const first = parts[0]!
	if (!path.startsWith(first)) return false
	if (parts.length === 1) return anchored ? path.length === first.length : true
	let position = first.length
	for (let index = 1; index < parts.length - 1; index++) {
		const part = parts[index]!
		if (part === '') continue
		const found = path.indexOf(part, position)
		if (found === -1) return false
		position = found + part.length
	}
	const last = parts[parts.length - 1]!
	if (!anchored) return last === '' || path.indexOf(last, position) !== -1
	return path.length - last.length >= position && path.endsWith(last)
}

/** Compiles one pattern (for tests and the generator's checks). */
export function patternMatches(pattern: string, url: string): boolean {
	return matches(canonicalPath(url), compileRule('allow', pattern, 0))
}

/** The product token of a user-agent line (Google: letters, `-` and `_` up to the first other character; `*` alone or before a space is every crawler). */
export function agentToken(value: string): string {
	if (value.startsWith('*') && (value.length === 1 || isSpace(value.charCodeAt(1)))) return '*'
	const token = /^[A-Za-z_-]*/.exec(value)![0]
	return token.toLowerCase()
}

export function parseRobots(source: string): ParsedRobots {
	let text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
	const warnings: Array<Warning> = []
	let warningCount = 0
	const warn = (line: number, message: string) => {
		warningCount++
		if (warnings.length < MAX_WARNINGS) warnings.push({ line, message })
	}

	let ignoredBytes = 0
	const cut = cutAtBytes(text, MAX_ROBOTS_BYTES)
	if (cut < text.length) {
		ignoredBytes = utf8Length(text.slice(cut))
		text = text.slice(0, cut)
	}

	const groups: Array<Group> = []
	const sitemaps: Array<{ url: string; line: number }> = []
	let current: Group | null = null
	let ruleSeen = false
	let lineNumber = 0
	let position = 0
	while (position <= text.length) {
		// Lines end in LF, CR or CRLF.
		let end = position
		while (end < text.length && text.charCodeAt(end) !== 0x0a && text.charCodeAt(end) !== 0x0d) end++
		let raw = text.slice(position, end)
		const next = end < text.length && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1
		if (end === text.length && raw === '' && lineNumber > 0) break
		lineNumber++
		position = next

		if (raw.length > MAX_LINE_BYTES / 3) {
			const limit = cutAtBytes(raw, MAX_LINE_BYTES)
			if (limit < raw.length) {
				warn(lineNumber, `The line is longer than Google reads (${MAX_LINE_BYTES.toLocaleString('en-US')} bytes): the rest is ignored.`)
				raw = raw.slice(0, limit)
			}
		}
		const hash = raw.indexOf('#')
		const line = trimAscii(hash === -1 ? raw : raw.slice(0, hash))
		if (line === '') continue

		let separator = line.indexOf(':')
		let missingColon = false
		if (separator === -1) {
			// Google: "disallow /x" (exactly two words) is read as if it had its colon.
			const words = line.split(/[ \t]+/)
			if (words.length === 2) {
				separator = line.search(/[ \t]/)
				missingColon = true
			} else {
				warn(lineNumber, `Not a “field: value” line: “${shorten(line)}” is ignored.`)
				continue
			}
		}
		const key = trimAscii(line.slice(0, separator))
		const value = trimAscii(line.slice(separator + 1))
		if (key === '') {
			warn(lineNumber, 'A value without a field name is ignored.')
			continue
		}
		const field = fieldOf(key)
		if (field === null) {
			const extra = KNOWN_EXTRAS[key.toLowerCase()]
			if (key.toLowerCase() === 'crawl-delay' && current) {
				current.crawlDelay = { value, line: lineNumber }
				current.lastLine = lineNumber
				if (!/^\d+(\.\d+)?$/.test(value)) warn(lineNumber, `Crawl-delay “${shorten(value)}” is not a number of seconds.`)
			} else {
				warn(lineNumber, extra ? `${key}: ${extra}.` : `Unknown field “${shorten(key)}” is ignored.`)
			}
			continue
		}
		if (missingColon) warn(lineNumber, `Missing colon: read as “${FIELD_NAMES[field]}: ${shorten(value)}”.`)
		else if (key.toLowerCase() !== field) warn(lineNumber, `“${shorten(key)}” is read as ${FIELD_NAMES[field]}.`)

		if (field === 'user-agent') {
			if (!current || ruleSeen) {
				current = { agents: [], rules: [], crawlDelay: null, firstLine: lineNumber, lastLine: lineNumber }
				groups.push(current)
				ruleSeen = false
			}
			const token = agentToken(value)
			current.agents.push({ name: value, token, line: lineNumber })
			current.lastLine = lineNumber
			if (token === '') warn(lineNumber, value === '' ? 'Empty User-agent: no crawler matches it.' : `User-agent “${shorten(value)}” has no product token (letters, “-” and “_”): no crawler matches it.`)
			else if (token !== '*' && token !== value.toLowerCase()) warn(lineNumber, `User-agent “${shorten(value)}” is read as “${value.slice(0, token.length)}”: crawlers match the product token only.`)
		} else if (field === 'sitemap') {
			sitemaps.push({ url: value, line: lineNumber })
			if (!/^https?:\/\/[^\s/?#]+/i.test(value)) warn(lineNumber, `Sitemap “${shorten(value)}” is not a full URL (https://…): crawlers ignore it.`)
		} else {
			if (!current) {
				warn(lineNumber, `${FIELD_NAMES[field]} before any User-agent line: ignored.`)
				continue
			}
			ruleSeen = true
			current.rules.push(compileRule(field, value, lineNumber))
			current.lastLine = lineNumber
			if (value !== '' && !value.startsWith('/') && !value.startsWith('*')) {
				warn(lineNumber, `${FIELD_NAMES[field]} path “${shorten(value)}” does not start with “/” or “*”: it never matches.`)
			}
		}
	}
	if (ignoredBytes > 0) {
		warn(lineNumber, `Google reads only the first 500 KiB (${MAX_ROBOTS_BYTES.toLocaleString('en-US')} bytes): the last ${ignoredBytes.toLocaleString('en-US')} bytes, after line ${lineNumber.toLocaleString('en-US')}, are ignored.`)
	}
	return { groups, sitemaps, warnings, warningCount, lines: lineNumber, ignoredBytes }
}

function shorten(text: string, max = 80): string {
	const chars = Array.from(text)
	return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

export type Decision = {
	allowed: boolean
	/** The rule that decided; null when none matched (or /robots.txt itself). */
	rule: Rule | null
	reason: 'rule' | 'no-rule' | 'no-group' | 'robots-txt'
}

/** Google: an `Allow` of `/dir/index.html` (or .htm) that does not match also stands for `/dir/` exactly. */
function indexHtmlRule(rule: Rule): Rule | null {
	const slash = rule.pattern.lastIndexOf('/')
	if (slash === -1 || !rule.pattern.startsWith('/index.htm', slash)) return null
	return compileRule('allow', `${rule.pattern.slice(0, slash + 1)}$`, rule.line)
}

/** The verdict for one canonical path under the rules of the groups that apply. */
export function decide(groups: ReadonlyArray<Group>, path: string): Decision {
	if (path === '/robots.txt' || path.startsWith('/robots.txt?')) return { allowed: true, rule: null, reason: 'robots-txt' }
	if (groups.length === 0) return { allowed: true, rule: null, reason: 'no-group' }
	let allow: { rule: Rule; priority: number } | null = null
	let disallow: { rule: Rule; priority: number } | null = null
	for (const group of groups) {
		for (const rule of group.rules) {
			if (rule.pattern === '') continue
			let priority = -1
			if (matches(path, rule)) priority = rule.priority
			else if (rule.type === 'allow') {
				const index = indexHtmlRule(rule)
				if (index && matches(path, index)) priority = index.priority
			}
			if (priority < 0) continue
			// The first rule of the highest priority is kept (Google).
			if (rule.type === 'allow' && (!allow || priority > allow.priority)) allow = { rule, priority }
			if (rule.type === 'disallow' && (!disallow || priority > disallow.priority)) disallow = { rule, priority }
		}
	}
	if (!allow && !disallow) return { allowed: true, rule: null, reason: 'no-rule' }
	if (disallow && (!allow || disallow.priority > allow.priority)) return { allowed: false, rule: disallow.rule, reason: 'rule' }
	return { allowed: true, rule: allow!.rule, reason: 'rule' }
}

/**
 * The groups that apply to a crawler (RFC 9309 §2.2.1): every group naming
 * the first of its tokens that any group names (the most specific: a crawler
 * such as Googlebot-News obeys `googlebot-news`, else `googlebot`), merged;
 * else the `*` groups (unless the crawler ignores them, as AdsBot-Google does).
 */
export function groupsFor(parsed: ParsedRobots, tokens: ReadonlyArray<string>, ignoresGlobal = false): { groups: Array<Group>; matchedAs: string | null } {
	for (const token of tokens) {
		const wanted = token.toLowerCase()
		const found = parsed.groups.filter((group) => group.agents.some((agent) => agent.token === wanted))
		if (found.length > 0) return { groups: found, matchedAs: token }
	}
	if (ignoresGlobal) return { groups: [], matchedAs: null }
	const global = parsed.groups.filter((group) => group.agents.some((agent) => agent.token === '*'))
	return { groups: global, matchedAs: global.length > 0 ? '*' : null }
}
