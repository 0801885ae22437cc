/**
 * Generating a sitemap from a list of URLs (one a line) or from CSV with a
 * header row. Every URL is written as sitemaps want it: absolute http(s),
 * host in punycode, path and query percent-encoded (RFC 3986), without its
 * #fragment; every value is XML-escaped.
 *
 * CSV columns (the header row names them; case does not matter):
 * - `loc` or `url` (required): the page;
 * - `lastmod`: a date, written as W3C Datetime (`2024-3-5` → `2024-03-05`;
 *   a time without a zone is taken as UTC);
 * - `changefreq`: always, hourly, daily, weekly, monthly, yearly or never;
 * - `priority`: 0.0 to 1.0, written with one decimal;
 * - hreflang alternates, either one column per language named
 *   `hreflang:de` (or `alternate:de`) holding that version's URL, or one
 *   `alternates` column: `de=https://…/de/|fr=https://…/fr/`.
 *
 * With alternates the `xhtml` namespace is declared and each `<url>`
 * lists every language version, itself included (Google's "Localized
 * versions of your page"). A version on the same host that has no row of
 * its own gets its own `<url>` with the same list, so every version is
 * in the sitemap.
 *
 * More than 50,000 URLs is an error (not a sitemap index and several
 * files: the tool answers one file; the message says how to split).
 */
import { positionAt, ToolError, type ToolProblem, type ToolResult } from '#app/tools/kit/core.ts'
import { CsvError, parseCsv, type CsvRecord } from './csv.ts'
import {
	escapeXml,
	formatCount as n,
	isChangefreq,
	isHreflang,
	MAX_LOC_LENGTH,
	MAX_SITEMAP_BYTES,
	MAX_URLS,
	normaliseDate,
	normalisePriority,
	normaliseUrl,
	shorten,
	SITEMAP_NS,
	todayUtc,
	XHTML_NS,
	CHANGEFREQS,
} from './rules.ts'

/** Problems listed one by one; the message says how many in all. */
const MAX_PROBLEMS = 100

export type GenerateOptions = {
	format: 'auto' | 'urls' | 'csv'
	base: URL | null
	changefreq: string
	priority: string
	lastmod: 'none' | 'today'
}

export type GenerateWarning = { line?: number; message: string }

export type GenerateResult = ToolResult & {
	mode: 'generate'
	format: 'urls' | 'csv'
	/** `<url>` entries written. */
	urls: number
	/** `<xhtml:link>` alternates written. */
	alternates: number
	warnings: Array<GenerateWarning>
}

type Row = {
	line: number
	loc: string
	origin: string
	lastmod?: string
	changefreq?: string
	priority?: string
	alternates: Array<{ hreflang: string; href: string; origin: string }>
}

const COLUMN_NAMES: Record<string, 'loc' | 'lastmod' | 'changefreq' | 'priority' | 'alternates'> = {
	loc: 'loc',
	url: 'loc',
	lastmod: 'lastmod',
	'last-modified': 'lastmod',
	last_modified: 'lastmod',
	changefreq: 'changefreq',
	change_frequency: 'changefreq',
	priority: 'priority',
	alternates: 'alternates',
}

/** A header row: its first record names a `loc` or `url` column. */
function looksLikeCsvHeader(firstLine: string): boolean {
	return firstLine.split(',').some((cell) => /^\s*"?\s*(loc|url)\s*"?\s*$/i.test(cell))
}

export function generateSitemap(input: string, options: GenerateOptions): GenerateResult {
	const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
	const firstLine = /^[^\r\n]*/.exec(text.replace(/^(\s*\r?\n)+/, ''))![0]
	const format = options.format === 'auto' ? (looksLikeCsvHeader(firstLine) ? 'csv' : 'urls') : options.format
	if (options.format === 'auto' && format === 'urls' && firstLine.includes(',') && !/^\s*https?:/i.test(firstLine)) {
		throw new ToolError('Line 1: this looks like CSV, but no column is named loc or url. Name the URL column loc (or url) in the header row, or choose “URL list”.', { line: 1, column: 1 })
	}
	// The first MAX_PROBLEMS problems and line warnings are kept; the rest only counted (10 MB of bad lines must not fill the memory).
	const problems: Array<ToolProblem> = []
	let problemCount = 0
	const warnings: Array<GenerateWarning> = []
	let lineWarnings = 0
	const counters = { blank: 0, fragments: 0, assumedUtc: 0, rounded: 0 }
	const problem = (line: number, message: string) => {
		if (problemCount++ < MAX_PROBLEMS) problems.push({ line, column: 1, message: `Line ${line}: ${message}` })
	}
	const warn = (line: number, message: string) => {
		if (lineWarnings++ < MAX_PROBLEMS) warnings.push({ line, message: `Line ${line}: ${message}` })
	}

	const rows = format === 'csv' ? csvRows(text, options, problem, warn, counters) : listRows(text, options, problem, counters)
	if (problemCount === 0 && rows.length === 0) {
		throw new ToolError(format === 'csv' ? 'The CSV has a header row but no URLs under it.' : 'Enter some URLs, one a line, or a CSV with a loc column.')
	}

	// One host: the base URL's, or the first URL's.
	const origin = options.base?.origin ?? rows[0]?.origin
	const originSource = options.base ? 'the base URL' : `the first URL (line ${rows[0]?.line})`
	for (const row of rows) {
		if (row.origin !== origin) problem(row.line, `${shorten(row.loc)} is not on ${origin} (the host and scheme of ${originSource}): a sitemap lists the URLs of one host.`)
	}
	if (problemCount > 0) throw problemsError(problems, problemCount)

	// Duplicates: the first one stays.
	const byLoc = new Map<string, Row>()
	for (const row of rows) {
		const first = byLoc.get(row.loc)
		if (first) warn(row.line, `${shorten(row.loc)} is a duplicate of line ${first.line}; skipped.`)
		else byLoc.set(row.loc, row)
	}
	const entries = [...byLoc.values()]

	// Alternates: every same-host version without a row of its own gets one.
	let added = 0
	let selfMissing: number | null = null
	let selfMissingCount = 0
	for (const row of entries.slice()) {
		if (row.alternates.length === 0) continue
		if (!row.alternates.some((each) => each.href === row.loc)) {
			selfMissing ??= row.line
			selfMissingCount++
		}
		for (const alternate of row.alternates) {
			if (alternate.origin !== origin || byLoc.has(alternate.href)) continue
			const entry: Row = { ...row, loc: alternate.href, origin: alternate.origin }
			byLoc.set(alternate.href, entry)
			entries.push(entry)
			added++
		}
	}
	if (entries.length > MAX_URLS) {
		throw new ToolError(
			`${n(entries.length)} URLs: a sitemap holds at most ${n(MAX_URLS)}. Split the list into parts of at most ${n(MAX_URLS)}, make a sitemap of each, and list them in a sitemap index.`,
			{ urls: entries.length, limit: MAX_URLS },
		)
	}

	const withAlternates = entries.some((row) => row.alternates.length > 0)
	const today = options.lastmod === 'today' ? todayUtc() : undefined
	const parts: Array<string> = [
		'<?xml version="1.0" encoding="UTF-8"?>\n',
		`<urlset xmlns="${SITEMAP_NS}"${withAlternates ? ` xmlns:xhtml="${XHTML_NS}"` : ''}>\n`,
	]
	let size = parts[0]!.length + parts[1]!.length
	let links = 0
	for (const row of entries) {
		const lastmod = row.lastmod ?? today
		const changefreq = row.changefreq ?? (options.changefreq || undefined)
		const priority = row.priority ?? (options.priority || undefined)
		let entry = `  <url>\n    <loc>${escapeXml(row.loc)}</loc>\n`
		if (lastmod) entry += `    <lastmod>${escapeXml(lastmod)}</lastmod>\n`
		if (changefreq) entry += `    <changefreq>${escapeXml(changefreq)}</changefreq>\n`
		if (priority) entry += `    <priority>${escapeXml(priority)}</priority>\n`
		for (const alternate of row.alternates) {
			entry += `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>\n`
			links++
		}
		entry += '  </url>\n'
		// Everything written is ASCII (URLs are percent-encoded), so characters are bytes.
		size += entry.length
		if (size > MAX_SITEMAP_BYTES) {
			throw new ToolError(`The sitemap would be over 50 MB (${n(MAX_SITEMAP_BYTES)} bytes), the limit of one sitemap: split the list, or list fewer alternates.`, { limit: MAX_SITEMAP_BYTES })
		}
		parts.push(entry)
	}
	parts.push('</urlset>\n')

	if (lineWarnings > MAX_PROBLEMS) warnings.push({ message: `…and ${n(lineWarnings - MAX_PROBLEMS)} more warnings like these.` })
	if (counters.blank > 0) warnings.unshift({ message: `Skipped ${n(counters.blank)} blank line${counters.blank === 1 ? '' : 's'}.` })
	if (counters.fragments > 0) warnings.push({ message: `Dropped the #fragment of ${n(counters.fragments)} URL${counters.fragments === 1 ? '' : 's'}: search engines ignore fragments.` })
	if (counters.assumedUtc > 0) warnings.push({ message: `${n(counters.assumedUtc)} lastmod time${counters.assumedUtc === 1 ? ' has' : 's have'} no time zone: taken as UTC (Z).` })
	if (counters.rounded > 0) warnings.push({ message: `Rounded ${n(counters.rounded)} priorit${counters.rounded === 1 ? 'y' : 'ies'} to one decimal.` })
	if (added > 0) warnings.push({ message: `Added ${n(added)} URL${added === 1 ? '' : 's'} listed only as hreflang alternates, so every language version has its own <url> entry.` })
	if (selfMissing !== null) {
		warnings.push({
			line: selfMissing,
			message: `Line ${selfMissing}: the URL is not among its own hreflang alternates${selfMissingCount > 1 ? ` (nor on ${n(selfMissingCount - 1)} other rows)` : ''}; Google asks each URL to list itself too: add a column for its language.`,
		})
	}
	return { output: parts.join(''), mode: 'generate', format, urls: entries.length, alternates: links, warnings }
}

function problemsError(problems: ReadonlyArray<ToolProblem>, total: number): ToolError {
	const first = problems[0]!
	const more = total > 1 ? ` (and ${n(total - 1)} more problem${total === 2 ? '' : 's'}${total > MAX_PROBLEMS ? `; the first ${MAX_PROBLEMS} are listed` : ''})` : ''
	return new ToolError(`${first.message}${more}`, { line: first.line, column: first.column, errors: problems, total })
}

type Report = (line: number, message: string) => void
type Counters = { blank: number; fragments: number; assumedUtc: number; rounded: number }

function urlOf(text: string, base: URL | null, line: number, problem: Report, counters: Counters): { loc: string; origin: string } | null {
	const outcome = normaliseUrl(text, base?.href)
	if ('problem' in outcome) {
		problem(line, outcome.problem)
		return null
	}
	if (outcome.url.length > MAX_LOC_LENGTH) {
		problem(line, `the URL is ${n(outcome.url.length)} characters long once encoded; a sitemap allows at most ${n(MAX_LOC_LENGTH)}.`)
		return null
	}
	if (outcome.hadFragment) counters.fragments++
	return { loc: outcome.url, origin: outcome.origin }
}

function listRows(text: string, options: GenerateOptions, problem: Report, counters: Counters): Array<Row> {
	const rows: Array<Row> = []
	const lines = text.split(/\r\n|\n|\r/)
	if (lines.at(-1) === '') lines.pop()
	lines.forEach((raw, index) => {
		const line = index + 1
		if (raw.trim() === '') {
			counters.blank++
			return
		}
		const url = urlOf(raw, options.base, line, problem, counters)
		if (url) rows.push({ line, ...url, alternates: [] })
	})
	return rows
}

/** Line numbers of increasing offsets, each newline counted once. */
function lineCounter(text: string): (offset: number) => number {
	let line = 1
	let scanned = 0
	return (offset) => {
		for (let index = text.indexOf('\n', scanned); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++
		scanned = Math.max(scanned, offset)
		return line
	}
}

function csvRows(text: string, options: GenerateOptions, problem: Report, warn: Report, counters: Counters): Array<Row> {
	let records: Array<CsvRecord>
	const lineAt = lineCounter(text)
	try {
		records = parseCsv(text)
	} catch (caught) {
		if (!(caught instanceof CsvError)) throw caught
		const position = positionAt(text, caught.offset)
		throw new ToolError(`Line ${position.line}: ${caught.message}`, { ...position, errors: [{ ...position, message: `Line ${position.line}: ${caught.message}` }] })
	}
	// Blank lines before the header.
	while (records.length > 0 && records[0]!.fields.length === 1 && records[0]!.fields[0]!.trim() === '') records.shift()
	const header = records.shift()
	if (!header) return []
	const headerLine = lineAt(header.offset)
	let headerBad = false
	const columns = header.fields.map((name, index) => {
		const key = name.trim().toLowerCase()
		const language = /^(?:hreflang|alternate):(.*)$/.exec(key)
		if (language) {
			const code = name.trim().slice(name.trim().indexOf(':') + 1).trim()
			if (!isHreflang(code)) {
				headerBad = true
				problem(headerLine, `column ${index + 1} “${shorten(name)}”: “${shorten(code)}” is not a language code such as en, de-AT, zh-Hant or x-default.`)
			}
			return { kind: 'alternate' as const, hreflang: code }
		}
		const kind = COLUMN_NAMES[key]
		if (!kind) {
			if (key !== '') warn(headerLine, `column ${index + 1} “${shorten(name)}” is not a sitemap column; it is ignored.`)
			return { kind: 'ignored' as const }
		}
		return { kind }
	})
	const named = columns.map((column) => (column.kind === 'alternate' ? `alternate:${column.hreflang.toLowerCase()}` : column.kind)).filter((name) => name !== 'ignored')
	const twice = named.find((name, index) => named.indexOf(name) !== index)
	if (twice) problem(headerLine, `the header names the ${twice} column twice.`)
	const locColumn = columns.findIndex((column) => column.kind === 'loc')
	if (locColumn === -1) problem(headerLine, 'the header row has no loc (or url) column: name the column that holds the URLs loc.')
	if (locColumn === -1 || twice || headerBad) return []

	const rows: Array<Row> = []
	for (const record of records) {
		const line = lineAt(record.offset)
		if (record.fields.length === 1 && record.fields[0]!.trim() === '') {
			counters.blank++
			continue
		}
		if (record.fields.length !== columns.length) {
			problem(line, `this row has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}, the header ${columns.length}: a comma inside a value needs the value in quotes ("…").`)
			continue
		}
		const cell = (index: number) => record.fields[index]!.trim()
		const rawLoc = cell(locColumn)
		if (rawLoc === '') {
			problem(line, 'the loc cell is empty.')
			continue
		}
		const url = urlOf(rawLoc, options.base, line, problem, counters)
		if (!url) continue
		const row: Row = { line, ...url, alternates: [] }
		const languages = new Set<string>()
		const addAlternate = (hreflang: string, href: string) => {
			if (!isHreflang(hreflang)) return problem(line, `“${shorten(hreflang)}” is not a language code such as en, de-AT, zh-Hant or x-default.`)
			if (languages.has(hreflang.toLowerCase())) return problem(line, `the language ${hreflang} is given twice.`)
			languages.add(hreflang.toLowerCase())
			const outcome = normaliseUrl(href, row.loc)
			if ('problem' in outcome) return problem(line, `alternate ${hreflang}: ${outcome.problem}`)
			row.alternates.push({ hreflang, href: outcome.url, origin: outcome.origin })
		}
		columns.forEach((column, index) => {
			const value = cell(index)
			if (value === '' || column.kind === 'loc' || column.kind === 'ignored') return
			if (column.kind === 'alternate') return addAlternate(column.hreflang, value)
			if (column.kind === 'alternates') {
				for (const part of value.split('|')) {
					if (part.trim() === '') continue
					const equals = part.indexOf('=')
					if (equals === -1) return problem(line, `“${shorten(part.trim())}” in the alternates column is not language=URL (de=https://…|fr=https://…).`)
					addAlternate(part.slice(0, equals).trim(), part.slice(equals + 1).trim())
				}
				return
			}
			if (column.kind === 'lastmod') {
				const date = normaliseDate(value)
				if ('problem' in date) return problem(line, `lastmod: ${date.problem}`)
				if (date.assumedUtc) counters.assumedUtc++
				row.lastmod = date.value
				return
			}
			if (column.kind === 'changefreq') {
				const lower = value.toLowerCase()
				if (!isChangefreq(lower)) return problem(line, `changefreq “${shorten(value)}” is not one of ${CHANGEFREQS.join(', ')}.`)
				row.changefreq = lower
				return
			}
			const priority = normalisePriority(value)
			if ('problem' in priority) return problem(line, `priority: ${priority.problem}`)
			if (Number(priority.value) !== Number(value)) counters.rounded++
			row.priority = priority.value
		})
		rows.push(row)
	}
	return rows
}
