/**
 * The meta tag generator's small text rules: tidying what was typed,
 * escaping it for HTML and for a `<script>` of JSON, and reading URLs,
 * dates and numbers. Pure: no DOM, no Node APIs (the WHATWG `URL` parser is
 * in browsers, workers and Node alike, and never fetches anything).
 */

/** Lone surrogates (possible through the JSON API) become U+FFFD, as a UTF-8 encoder would make them anyway. */
function wellFormed(text: string): string {
	return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/** Control characters other than tabs and line breaks are never meant (and are invalid in HTML). */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** One line: controls dropped, every run of white space (line breaks too) one space, trimmed. */
export function line(text: string): string {
	return wellFormed(text).replace(CONTROLS, '').replace(/\s+/g, ' ').trim()
}

/** Several lines (a textarea): controls dropped, CRLF read as LF. */
export function lines(text: string): Array<string> {
	return wellFormed(text)
		.replace(CONTROLS, '')
		.split(/\r\n|\r|\n/)
		.map((each) => each.replace(/\s+/g, ' ').trim())
}

/** For an attribute value or element text: & < > " ' escaped, so nothing typed can close a tag or an attribute. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)
}

/**
 * JSON for a `<script type="application/ld+json">`: JSON.stringify, then
 * < > & and U+2028/U+2029 written as \u escapes (the same JSON to a
 * parser), so no `</script>` or `<!--` typed anywhere can end the script.
 */
export function jsonForScript(value: unknown, indent = 2): string {
	return JSON.stringify(value, null, indent).replace(
		/[<>&\u2028\u2029]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	)
}

/** An absolute http(s) URL, normalised by the URL parser (spaces and quotes percent-encoded), or null. */
export function absoluteUrl(text: string): string | null {
	if (!/^https?:\/\//i.test(text)) return null
	try {
		const url = new URL(text)
		if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null
		return url.href
	} catch {
		return null
	}
}

/**
 * A URL as Google writes it under the title: the origin, then each path
 * segment decoded, joined by " › " (the query and fragment are not shown).
 */
export function breadcrumbOf(href: string): { host: string; breadcrumb: string } {
	const url = new URL(href)
	const segments = url.pathname
		.split('/')
		.filter(Boolean)
		.map((segment) => {
			try {
				return decodeURIComponent(segment)
			} catch {
				return segment
			}
		})
	const host = url.hostname.replace(/^www\./, '')
	return { host, breadcrumb: [`${url.protocol}//${url.host}`, ...segments].join(' › ') }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/

/**
 * An ISO 8601 date as schema.org wants it: `2026-11-26`, or with a time
 * `2026-11-26T09:30`, seconds, and a zone (`Z`, `+01:00`). A calendar check
 * too: 2026-02-30 is refused. Returns the time in ms (UTC, for ordering) or null.
 */
export function isoDate(text: string): number | null {
	const match = DATE.exec(text)
	if (!match) return null
	const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match
	const y = Number(year)
	const m = Number(month)
	const d = Number(day)
	if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null
	if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null
	if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(4)) > 59)) return null
	const offset = zone && zone !== 'Z' ? (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) : 0
	return Date.UTC(y, m - 1, d, Number(hour), Number(minute), Number(second)) - offset * 60_000
}

/** A price as schema.org wants it: digits with an optional decimal point ("19.99", not "$19,99"). */
export function price(text: string): string | null {
	return /^\d{1,12}(\.\d{1,4})?$/.test(text) ? text : null
}
