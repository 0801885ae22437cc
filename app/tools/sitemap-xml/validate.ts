/**
 * Checking a sitemap: well-formed XML first (a syntax error is bad input:
 * thrown, with its line and column), then the sitemaps.org 0.9 rules for
 * `<urlset>` and `<sitemapindex>` (the schema of 2008-03-26 and the
 * protocol page), reported as errors and warnings with their lines.
 *
 * Errors break the schema or the protocol: wrong root or namespace, a
 * `<url>` without `<loc>` or with two, a loc that is not an absolute
 * http(s) RFC 3986 URI of at most 2,048 characters, a lastmod that is not
 * a real W3C Datetime, an unknown changefreq, a priority outside 0.0–1.0,
 * an unknown element in the sitemap namespace, text where only elements
 * go, more than 50,000 entries, more than 50 MB, a URL on another host or
 * scheme than the first one (or the site URL). Warnings: duplicate URLs,
 * elements out of the schema's order (search engines accept any order),
 * lastmod in the future, hreflang alternates that leave the page out,
 * an encoding other than UTF-8.
 */
import { positionAt, utf8Length, type ToolResult } from '#app/tools/kit/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import {
	checkPriority,
	checkW3cDatetime,
	formatCount as n,
	isChangefreq,
	isHreflang,
	locProblem,
	MAX_SITEMAP_BYTES,
	MAX_URLS,
	originOf,
	shorten,
	SITEMAP_NS,
	XHTML_NS,
	CHANGEFREQS,
} from './rules.ts'
import { scanXml, XmlSyntaxError, type XmlAttribute } from './xml-scan.ts'

/** Problems listed one by one in each list; the counts say how many in all. */
export const MAX_LISTED = 100
const MAX_KEPT = 10_000

export type Finding = { line: number; column: number; message: string }

export type SitemapKind = 'urlset' | 'sitemapindex'

export type ValidateReport = {
	mode: 'validate'
	valid: boolean
	kind: SitemapKind | null
	/** `<url>` entries (or `<sitemap>` entries in an index). */
	urls: number
	bytes: number
	errors: Array<Finding>
	warnings: Array<Finding>
	errorCount: number
	warningCount: number
}

export type ValidateResult = ToolResult & ValidateReport

type Problem = { offset: number; message: string; firstOffset?: number }

/** The 50 MB rule, on the byte count of what was given (the site itself takes at most 10 MB). */
export function sizeProblem(bytes: number): string | null {
	return bytes > MAX_SITEMAP_BYTES ? `The sitemap is ${formatBytes(bytes)} (${n(bytes)} bytes) uncompressed; at most 50 MB (${n(MAX_SITEMAP_BYTES)} bytes) are allowed: split it.` : null
}

const NO_PREFIXES: ReadonlyMap<string, string> = new Map()

const FIELDS: Record<SitemapKind, ReadonlyArray<string>> = {
	urlset: ['loc', 'lastmod', 'changefreq', 'priority'],
	sitemapindex: ['loc', 'lastmod'],
}
const ENTRY: Record<SitemapKind, string> = { urlset: 'url', sitemapindex: 'sitemap' }

type Entry = {
	offset: number
	fields: Map<string, { offset: number; value: string }>
	lastField: number
	otherSeen: boolean
	alternates: Array<{ hreflang: string; href: string; offset: number }>
}

export function validateSitemap(input: string, { siteUrl }: { siteUrl: URL | null }, now = Date.now()): ValidateResult {
	const bytes = utf8Length(input)
	// Problems come in document order, so the first MAX_KEPT of each kind hold the first MAX_LISTED by line; the rest are only counted.
	const errors: Array<Problem> = []
	const warnings: Array<Problem> = []
	let errorCount = 0
	let warningCount = 0
	const error = (offset: number, message: string, firstOffset?: number) => {
		if (errorCount++ < MAX_KEPT) errors.push({ offset, message, firstOffset })
	}
	const warn = (offset: number, message: string, firstOffset?: number) => {
		if (warningCount++ < MAX_KEPT) warnings.push({ offset, message, firstOffset })
	}
	/** Warnings that would repeat for every entry are given once, with how often. */
	const once = new Map<string, { offset: number; message: string; count: number }>()
	const warnOnce = (key: string, offset: number, message: string) => {
		const seen = once.get(key)
		if (seen) seen.count++
		else once.set(key, { offset, message, count: 1 })
	}

	const size = sizeProblem(bytes)
	if (size) error(0, size)

	/** The prefixes in scope at each open element (shared with the parent when it declares none): lookups stay O(1) however deep. */
	const scopes: Array<ReadonlyMap<string, string>> = []
	/** Element names open, as {namespace, local name}. */
	const path: Array<{ ns: string; local: string }> = []
	let kind: SitemapKind | null = null
	let rootOffset = 0
	let sitemapNs = SITEMAP_NS
	let entries = 0
	let entry: Entry | null = null
	let field: { name: string; offset: number; text: string; textOffset: number; hasChild: boolean } | null = null
	/** Depth at which an element we do not check (another namespace, an unknown one) began. */
	let skipDepth = -1
	let expectedOrigin: string | null = siteUrl?.origin ?? null
	const originSource = siteUrl ? 'the site URL' : 'the first URL'
	const folder = siteUrl ? siteUrl.pathname.slice(0, siteUrl.pathname.lastIndexOf('/') + 1) : '/'
	const seen = new Map<string, number>()

	const resolve = (qname: string, offset: number, attribute = false): { ns: string; local: string } => {
		const colon = qname.indexOf(':')
		const prefix = colon === -1 ? '' : qname.slice(0, colon)
		const local = colon === -1 ? qname : qname.slice(colon + 1)
		if (attribute && prefix === '') return { ns: '', local }
		if (prefix === 'xml') return { ns: 'http://www.w3.org/XML/1998/namespace', local }
		const ns = scopes[scopes.length - 1]?.get(prefix)
		if (ns !== undefined) return { ns, local }
		if (prefix !== '') throw new XmlSyntaxError(`The prefix '${prefix}:' is not declared: add xmlns:${prefix}="…" to the root element.`, offset)
		return { ns: '', local }
	}

	const checkLoc = (value: string, offset: number) => {
		const problem = locProblem(value)
		if (problem) {
			// A URL that only needs encoding still sets the host the others are held to.
			if (expectedOrigin === null && /^https?:\/\//i.test(value)) expectedOrigin = originOf(value)
			return error(offset, `<loc>: ${problem}`)
		}
		const url = new URL(value)
		if (expectedOrigin === null) expectedOrigin = url.origin
		else if (url.origin !== expectedOrigin) {
			error(offset, `${shorten(value)} is not on ${expectedOrigin} (the host and scheme of ${originSource}): a sitemap may only list URLs of one host.`)
		} else if (folder !== '/' && !url.pathname.startsWith(folder)) {
			error(offset, `${shorten(value)} is outside ${folder}: a sitemap at ${siteUrl!.href} may only list URLs under that folder.`)
		}
		const first = seen.get(value)
		if (first !== undefined) warn(offset, `Duplicate URL ${shorten(value)}.`, first)
		else seen.set(value, offset)
	}

	const checkField = (name: string, value: string, offset: number) => {
		if (name === 'loc') return checkLoc(value, offset)
		if (name === 'lastmod') {
			const checked = checkW3cDatetime(value)
			if ('problem' in checked) return error(offset, `<lastmod>: ${checked.problem}`)
			if (checked.time > now + 86_400_000) warnOnce('future', offset, `<lastmod> ${value} is in the future; search engines may ignore such dates.`)
			return
		}
		if (name === 'changefreq') {
			if (isChangefreq(value)) return
			const lower = value.toLowerCase()
			return error(offset, `<changefreq> “${shorten(value)}” is not one of ${CHANGEFREQS.join(', ')}${isChangefreq(lower) ? ` (they are lower case: ${lower})` : ''}.`)
		}
		const problem = checkPriority(value)
		if (problem) error(offset, `<priority>: ${problem}`)
	}

	const endEntry = (current: Entry) => {
		const loc = current.fields.get('loc')
		const entryName = ENTRY[kind!]
		if (!loc) error(current.offset, `<${entryName}> has no <loc>: every entry needs its URL.`)
		if (current.alternates.length > 0 && loc && !current.alternates.some((each) => each.href === loc.value)) {
			warnOnce('self', current.offset, `The hreflang alternates of ${shorten(loc.value)} do not list the page itself: Google asks every <url> to list all its language versions, itself included.`)
		}
	}

	scanXml(input, {
		declaration(attributes) {
			const encoding = attributes.find((each) => each.name === 'encoding')
			if (encoding && !/^utf-?8$/i.test(encoding.value)) warn(encoding.offset, `The declaration says encoding="${shorten(encoding.value)}": sitemaps must be UTF-8.`)
		},
		start(qname, attributes, offset) {
			const parent = scopes[scopes.length - 1] ?? NO_PREFIXES
			let prefixes: Map<string, string> | null = null
			for (const attribute of attributes) {
				if (attribute.name === 'xmlns') (prefixes ??= new Map(parent)).set('', attribute.value)
				else if (attribute.name.startsWith('xmlns:')) (prefixes ??= new Map(parent)).set(attribute.name.slice(6), attribute.value)
			}
			scopes.push(prefixes ?? parent)
			const name = resolve(qname, offset)
			for (const attribute of attributes) if (attribute.name.includes(':') && !attribute.name.startsWith('xmlns:')) resolve(attribute.name, attribute.offset, true)
			const depth = path.length
			path.push(name)
			if (skipDepth !== -1) return
			if (depth === 0) {
				rootOffset = offset
				if (name.local !== 'urlset' && name.local !== 'sitemapindex') {
					error(offset, `The root element is <${qname}>; a sitemap's is <urlset> (a list of pages) or <sitemapindex> (a list of sitemaps).`)
					skipDepth = 0
					return
				}
				kind = name.local
				if (name.ns !== SITEMAP_NS) {
					error(offset, `<${qname}> must be in the sitemaps.org namespace: add xmlns="${SITEMAP_NS}"${name.ns ? ` (it is in ${shorten(name.ns)})` : ''}.`)
					sitemapNs = name.ns
				}
				return
			}
			const sitemapKind = kind!
			if (depth === 1) {
				if (name.ns !== sitemapNs) {
					skipDepth = depth
					return
				}
				if (name.local !== ENTRY[sitemapKind]) {
					error(offset, `<${qname}> is not a sitemaps.org element here: <${sitemapKind}> holds <${ENTRY[sitemapKind]}> elements.`)
					skipDepth = depth
					return
				}
				entries++
				entry = { offset, fields: new Map(), lastField: -1, otherSeen: false, alternates: [] }
				return
			}
			if (depth === 2 && entry) {
				if (name.ns !== sitemapNs) {
					entry.otherSeen = true
					skipDepth = depth
					if (name.ns === XHTML_NS && name.local === 'link') alternate(entry, attributes, offset)
					return
				}
				const order = FIELDS[sitemapKind].indexOf(name.local)
				if (order === -1) {
					error(offset, `<${qname}> is not a sitemaps.org element: <${ENTRY[sitemapKind]}> holds ${FIELDS[sitemapKind].map((each) => `<${each}>`).join(', ')} (and elements of other namespaces, such as image: or xhtml:).`)
					skipDepth = depth
					return
				}
				if (entry.fields.has(name.local)) {
					error(offset, `<${ENTRY[sitemapKind]}> has a second <${name.local}>: each may appear once.`)
				} else if (order < entry.lastField || entry.otherSeen) {
					warnOnce('order', offset, `<${name.local}> is out of the schema's order (${FIELDS[sitemapKind].join(', ')}, then other namespaces); search engines accept any order, schema validators do not.`)
				}
				entry.lastField = Math.max(entry.lastField, order)
				field = { name: name.local, offset, text: '', textOffset: offset, hasChild: false }
				return
			}
			// An element inside <loc>, <lastmod>…: they hold text only.
			if (field) field.hasChild = true
			error(offset, `<${qname}> is not allowed inside <${path[depth - 1]!.local}>, which holds text only.`)
			skipDepth = depth
		},
		text(text, offset) {
			if (skipDepth !== -1) return
			if (field) {
				if (field.text === '') field.textOffset = offset
				field.text += text
				return
			}
			const at = text.search(/[^ \t\r\n]/)
			if (at !== -1) error(offset + at, `Text is not allowed directly inside <${path[path.length - 1]!.local}>: “${shorten(text.trim(), 40)}”.`)
		},
		end() {
			scopes.pop()
			const depth = path.length - 1
			path.pop()
			if (skipDepth !== -1) {
				if (depth === skipDepth) skipDepth = -1
				return
			}
			if (field && depth === 2) {
				const value = field.text.trim()
				const leading = field.text.length - field.text.trimStart().length
				const at = field.text.trim() === '' ? field.offset : field.textOffset + leading
				if (entry && !entry.fields.has(field.name)) entry.fields.set(field.name, { offset: at, value })
				if (!field.hasChild) checkField(field.name, value, at)
				field = null
				return
			}
			if (depth === 1 && entry) {
				endEntry(entry)
				entry = null
			}
		},
	})

	function alternate(current: Entry, attributes: ReadonlyArray<XmlAttribute>, offset: number) {
		const get = (name: string) => attributes.find((each) => each.name === name)?.value
		const rel = get('rel')
		const hreflang = get('hreflang')
		const href = get('href')
		if (rel !== 'alternate') return warn(offset, `<xhtml:link> needs rel="alternate" to be read as a language version.`)
		if (!hreflang || !isHreflang(hreflang)) return warn(offset, `<xhtml:link> hreflang="${shorten(hreflang ?? '')}" is not a language code such as en, de-AT, zh-Hant or x-default.`)
		if (!href) return warn(offset, '<xhtml:link> has no href.')
		const problem = locProblem(href)
		if (problem) return warn(offset, `<xhtml:link> href: ${problem}`)
		current.alternates.push({ hreflang, href, offset })
	}

	if (kind) {
		// Whole-document errors are always listed (first, at the root's line).
		const error = (offset: number, message: string) => {
			errorCount++
			errors.push({ offset, message })
		}
		if (entries === 0) error(rootOffset, `<${kind}> has no <${ENTRY[kind]}> entries: a sitemap lists at least one.`)
		if (entries > MAX_URLS) {
			const what = kind === 'urlset' ? 'URLs' : 'sitemaps'
			error(
				rootOffset,
				kind === 'urlset'
					? `The sitemap lists ${n(entries)} URLs: at most ${n(MAX_URLS)} are allowed. Split it into sitemaps of at most ${n(MAX_URLS)} and list them in a sitemap index.`
					: `The index lists ${n(entries)} ${what}: at most ${n(MAX_URLS)} are allowed. Use several index files.`,
			)
		}
	}
	for (const [, { offset, message, count }] of once) warn(offset, count > 1 ? `${message} (${n(count)} times; the first is shown)` : message)

	const listedErrors = errors.sort((a, b) => a.offset - b.offset).slice(0, MAX_LISTED)
	const listedWarnings = warnings.sort((a, b) => a.offset - b.offset).slice(0, MAX_LISTED)
	const positions = positionsOf(input, [...listedErrors, ...listedWarnings].flatMap((each) => (each.firstOffset === undefined ? [each.offset] : [each.offset, each.firstOffset])))
	const toFinding = (problem: Problem): Finding => {
		const { line, column } = positions.get(problem.offset)!
		const first = problem.firstOffset === undefined ? '' : ` (first on line ${positions.get(problem.firstOffset)!.line})`
		return { line, column, message: `${problem.message}${first}` }
	}
	const report: ValidateReport = {
		mode: 'validate',
		valid: errorCount === 0,
		kind,
		urls: entries,
		bytes,
		errors: listedErrors.map(toFinding),
		warnings: listedWarnings.map(toFinding),
		errorCount,
		warningCount,
	}
	return { output: reportText(report), ...report }
}

/** Lines and columns (code points) of many offsets in one pass. */
function positionsOf(text: string, offsets: ReadonlyArray<number>): Map<number, { line: number; column: number }> {
	const sorted = [...new Set(offsets)].sort((a, b) => a - b)
	const positions = new Map<number, { line: number; column: number }>()
	if (sorted.length === 0) return positions
	if (sorted.length === 1) {
		positions.set(sorted[0]!, positionAt(text, sorted[0]!))
		return positions
	}
	let line = 1
	let column = 1
	let next = 0
	for (let index = 0; index <= text.length && next < sorted.length; index++) {
		while (next < sorted.length && sorted[next] === index) positions.set(sorted[next++]!, { line, column })
		const code = text.charCodeAt(index)
		if (code === 10) {
			line++
			column = 1
		} else if ((code & 0xfc00) !== 0xdc00) column++
	}
	return positions
}

export function verdict(report: Pick<ValidateReport, 'valid' | 'kind' | 'urls' | 'errorCount' | 'warningCount'>): string {
	const things = report.kind === 'sitemapindex' ? (report.urls === 1 ? 'sitemap' : 'sitemaps') : report.urls === 1 ? 'URL' : 'URLs'
	const warnings = `${n(report.warningCount)} warning${report.warningCount === 1 ? '' : 's'}`
	if (report.valid) return `Valid ${report.kind === 'sitemapindex' ? 'sitemap index' : 'sitemap'}: ${n(report.urls)} ${things}, no errors, ${warnings}.`
	return `Not a valid sitemap: ${n(report.errorCount)} error${report.errorCount === 1 ? '' : 's'}, ${warnings}.`
}

function reportText(report: ValidateReport): string {
	const lines = [
		verdict(report),
		'',
		`Type: ${report.kind === 'sitemapindex' ? 'sitemap index (<sitemapindex>)' : report.kind === 'urlset' ? 'URL set (<urlset>)' : 'unknown'}`,
		`${report.kind === 'sitemapindex' ? 'Sitemaps' : 'URLs'}: ${n(report.urls)} (limit ${n(MAX_URLS)})`,
		`Size: ${formatBytes(report.bytes)} (limit 50 MB uncompressed)`,
	]
	const list = (title: string, findings: ReadonlyArray<Finding>, count: number) => {
		lines.push('', `${title}: ${n(count)}`)
		for (const each of findings) lines.push(`Line ${each.line}, column ${each.column}: ${each.message}`)
		if (count > findings.length) lines.push(`…and ${n(count - findings.length)} more`)
	}
	list('Errors', report.errors, report.errorCount)
	list('Warnings', report.warnings, report.warningCount)
	return lines.join('\n')
}
