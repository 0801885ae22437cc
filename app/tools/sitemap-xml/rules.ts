/**
 * The sitemaps.org 0.9 rules both halves of the tool share (generating and
 * validating): the limits, URLs as RFC 3986 URIs, W3C Datetime dates, the
 * change frequencies, priorities, hreflang codes and XML escaping. Pure: no
 * DOM, no Node APIs (the WHATWG `URL` parser exists in browsers, workers
 * and Node alike).
 *
 * Sources: https://www.sitemaps.org/protocol.html (the protocol and its
 * limits), the schema sitemap.xsd of 2008-03-26, RFC 3986 (URI syntax),
 * https://www.w3.org/TR/NOTE-datetime (W3C Datetime), and Google's
 * "Localized versions of your page" (hreflang in sitemaps).
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
export const XHTML_NS = 'http://www.w3.org/1999/xhtml'
/** URLs in one sitemap (and sitemaps in one index). */
export const MAX_URLS = 50_000
/** Bytes of one sitemap, uncompressed: 50 MB. */
export const MAX_SITEMAP_BYTES = 52_428_800
/** Characters of one `<loc>` (the schema's maxLength). */
export const MAX_LOC_LENGTH = 2048
/** The schema's minLength of `<loc>` ("http://a.bc/"). */
export const MIN_LOC_LENGTH = 12
export const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const
export type Changefreq = (typeof CHANGEFREQS)[number]

export function isChangefreq(value: string): value is Changefreq {
	return (CHANGEFREQS as ReadonlyArray<string>).includes(value)
}

const n = (value: number) => value.toLocaleString('en-US')
export { n as formatCount }

/** `& < > " '` as entities: every value the generator writes goes through this. */
export function escapeXml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)
}

/**
 * Characters RFC 3986 allows after the authority: unreserved, reserved
 * (gen-delims less `[ ]`, which belong to IPv6 hosts only, and sub-delims)
 * and `%` (checked apart).
 */
const URI_REST_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/
const HEX = /^[0-9A-Fa-f]{2}$/
const URI_REST = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*(#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/

function percentEncode(char: string): string {
	return Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
}

/**
 * What the WHATWG parser leaves that RFC 3986 does not allow (`| ^ { } [ ] \``
 * in the path or query, a `%` not followed by two hex digits, a second `#`),
 * percent-encoded. `href` is a parsed URL's href: host already in punycode,
 * non-ASCII already encoded.
 */
export function toRfc3986(href: string): string {
	const authorityEnd = href.indexOf('/', href.indexOf('//') + 2)
	if (authorityEnd === -1) return href
	// Most URLs need nothing: one regular expression instead of a loop.
	if (URI_REST.test(href.slice(authorityEnd)) && !BAD_PERCENT.test(href)) return href
	let out = href.slice(0, authorityEnd)
	let seenHash = false
	for (let index = authorityEnd; index < href.length; index++) {
		const char = href[index]!
		if (char === '%') {
			out += HEX.test(href.slice(index + 1, index + 3)) ? '%' : '%25'
		} else if (char === '#') {
			out += seenHash ? '%23' : '#'
			seenHash = true
		} else {
			out += URI_REST_CHAR.test(char) ? char : percentEncode(char)
		}
	}
	return out
}

export type UrlOutcome = { url: string; origin: string; hadFragment: boolean } | { problem: string }

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/**
 * A URL as a sitemap writes it: absolute http(s), host in punycode, path
 * and query percent-encoded (RFC 3986), without its #fragment (search
 * engines ignore fragments). A relative URL is resolved against `base`
 * when there is one.
 */
export function normaliseUrl(text: string, base?: string): UrlOutcome {
	const value = text.trim()
	if (value === '') return { problem: 'the URL is empty.' }
	const absolute = SCHEME.test(value)
	if (!absolute && !base) {
		return { problem: `“${shorten(value)}” is a relative URL: write the whole address (https://…), or give a base URL to resolve it against.` }
	}
	let parsed: URL
	try {
		parsed = absolute ? new URL(value) : new URL(value, base)
	} catch {
		return { problem: `“${shorten(value)}” is not a valid URL.` }
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
		return { problem: `“${shorten(value)}” is a ${parsed.protocol.slice(0, -1)}: link; a sitemap lists http and https pages only.` }
	}
	if (parsed.username || parsed.password) return { problem: `“${shorten(value)}” has a user name or password in it; a sitemap lists public pages only.` }
	const hadFragment = value.includes('#')
	if (hadFragment) parsed.hash = ''
	// An empty fragment ("…#") leaves its "#" in href.
	const href = parsed.href.endsWith('#') ? parsed.href.slice(0, -1) : parsed.href
	return { url: toRfc3986(href), origin: parsed.origin, hadFragment }
}

/** The base URL option checked: absolute http(s). Null when empty. */
export function parseBaseUrl(text: string, label: string): URL | null {
	const value = text.trim()
	if (value === '') return null
	let parsed: URL | null = null
	try {
		parsed = new URL(SCHEME.test(value) ? value : `https://${value}`)
	} catch {
		parsed = null
	}
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
		throw new RuleError(`The ${label} “${shorten(value)}” is not an http(s) address, such as https://example.com/.`)
	}
	return parsed
}

/** A problem with an option (not a line of the input). */
export class RuleError extends Error {}

/**
 * Why `loc` is not a proper sitemap URL (absolute http(s), RFC 3986
 * characters only, at most 2,048 characters), or null. The validator's
 * check: it reports, it does not fix; the message names the fixed form.
 */
export function locProblem(loc: string): string | null {
	if (loc === '') return '<loc> is empty.'
	const length = Array.from(loc).length
	if (length > MAX_LOC_LENGTH) return `the URL is ${n(length)} characters long; at most ${n(MAX_LOC_LENGTH)} are allowed.`
	if (/\s/.test(loc)) return `“${shorten(loc)}” contains white space: encode a space as %20.`
	if (!/^https?:\/\//i.test(loc)) {
		return SCHEME.test(loc)
			? `“${shorten(loc)}” is not an http(s) URL; a sitemap lists web pages only.`
			: `“${shorten(loc)}” is a relative URL; <loc> must be absolute (https://…).`
	}
	const fixed = normaliseUrl(loc)
	if ('problem' in fixed) return fixed.problem.replace(/^./, (char) => char.toUpperCase())
	const authorityEnd = loc.indexOf('/', loc.indexOf('//') + 2)
	const host = authorityEnd === -1 ? loc.slice(loc.indexOf('//') + 2) : loc.slice(loc.indexOf('//') + 2, authorityEnd)
	if (/[^\x21-\x7e]/.test(host)) return `the host “${shorten(host)}” must be written in punycode: ${fixed.url}`
	const rest = authorityEnd === -1 ? '' : loc.slice(authorityEnd)
	if (URI_REST.test(rest) && !BAD_PERCENT.test(rest)) {
		return length < MIN_LOC_LENGTH ? `“${loc}” is shorter than the schema's minimum of ${MIN_LOC_LENGTH} characters.` : null
	}
	for (let index = authorityEnd === -1 ? loc.length : authorityEnd; index < loc.length; index++) {
		const char = loc[index]!
		if (char === '%' && !HEX.test(loc.slice(index + 1, index + 3))) return `a % must start a percent-encoded byte (%25 for % itself): write ${fixed.url}`
		if (char !== '%' && !URI_REST_CHAR.test(char)) {
			const code = loc.codePointAt(index)!
			const shown = code > 0x7e || code < 0x21 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `“${char}”`
			return `the URL is not percent-encoded (${shown} is not allowed in a URI): write ${fixed.url}`
		}
	}
	if (length < MIN_LOC_LENGTH) return `“${loc}” is shorter than the schema's minimum of ${MIN_LOC_LENGTH} characters.`
	return null
}

/** The URL's origin (scheme, host, port), or null when it does not parse. */
export function originOf(url: string): string | null {
	try {
		return new URL(url).origin
	} catch {
		return null
	}
}

export function shorten(text: string, max = 80): string {
	const chars = Array.from(text)
	return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export function isRealDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
	return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)
}

const W3C_DATETIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-](\d{2}):(\d{2})))?)?)?$/

export const W3C_FORMS = 'YYYY, YYYY-MM, YYYY-MM-DD, or a date and time with its time zone: YYYY-MM-DDThh:mm:ss+01:00 (or Z)'

/**
 * A `<lastmod>` checked as W3C Datetime: a real date (no February 30), a
 * real time, and a time zone whenever there is a time. Returns the moment
 * it names (its start, in UTC, for the future check) or a problem.
 */
export function checkW3cDatetime(value: string): { time: number } | { problem: string } {
	const match = W3C_DATETIME.exec(value)
	if (!match) {
		const hint = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? ' (a time needs its time zone: add Z or +01:00)' : ''
		return { problem: `“${shorten(value)}” is not a W3C Datetime${hint}; use ${W3C_FORMS}.` }
	}
	const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', , zone, zoneHour = '00', zoneMinute = '00'] = match
	if (!isRealDate(Number(year), Number(month), Number(day))) return { problem: `“${value}” is not a real date.` }
	if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(zoneHour) > 23 || Number(zoneMinute) > 59) {
		return { problem: `“${value}” is not a real time.` }
	}
	const offset = zone && zone !== 'Z' ? (zone[0] === '-' ? -1 : 1) * (Number(zoneHour) * 60 + Number(zoneMinute)) : 0
	const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offset * 60_000
	return { time }
}

const LENIENT_DATE =
	/^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i

/**
 * A date typed in a CSV cell, written as W3C Datetime: `2024-3-5` →
 * `2024-03-05`, `2024-03-05 14:30` → `2024-03-05T14:30:00Z` (a time
 * without a zone is taken as UTC, and `assumedUtc` says so), `+0100` →
 * `+01:00`. Years and year-months stay as they are.
 */
export function normaliseDate(text: string): { value: string; assumedUtc: boolean } | { problem: string } {
	const value = text.trim()
	const match = LENIENT_DATE.exec(value)
	if (!match) return { problem: `“${shorten(value)}” is not a date; write ${W3C_FORMS}.` }
	const [, year, month, day, hour, minute, second, fraction, zone] = match
	const pad = (part: string) => part.padStart(2, '0')
	if (month === undefined) return { value: year!, assumedUtc: false }
	if (Number(month) < 1 || Number(month) > 12) return { problem: `“${value}” is not a real date (month ${month}).` }
	if (day === undefined) return { value: `${year}-${pad(month)}`, assumedUtc: false }
	if (!isRealDate(Number(year), Number(month), Number(day))) return { problem: `“${value}” is not a real date.` }
	const date = `${year}-${pad(month)}-${pad(day)}`
	if (hour === undefined) return { value: date, assumedUtc: false }
	if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return { problem: `“${value}” is not a real time.` }
	let tz = 'Z'
	if (zone && !/^(Z|UTC|GMT)$/i.test(zone)) {
		const digits = zone.slice(1).replace(':', '')
		const zoneHour = digits.slice(0, 2)
		const zoneMinute = digits.slice(2) || '00'
		if (Number(zoneHour) > 23 || Number(zoneMinute) > 59) return { problem: `“${value}” has no real time zone.` }
		tz = `${zone[0]}${zoneHour}:${zoneMinute}`
	}
	const time = `${pad(hour)}:${minute}:${second ?? '00'}${fraction ? `.${fraction}` : ''}`
	return { value: `${date}T${time}${tz}`, assumedUtc: !zone }
}

/** Today in UTC as YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
	return now.toISOString().slice(0, 10)
}

/** `<priority>` as the schema's xsd:decimal from 0.0 to 1.0. */
export function checkPriority(value: string): string | null {
	if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return `“${shorten(value)}” is not a number; <priority> is a decimal from 0.0 to 1.0.`
	const number = Number(value)
	return number < 0 || number > 1 ? `${value} is out of range; <priority> goes from 0.0 to 1.0.` : null
}

/** A priority from a CSV cell or the option, as one decimal ("0.8"). */
export function normalisePriority(text: string): { value: string } | { problem: string } {
	const value = text.trim()
	const problem = checkPriority(value)
	if (problem) return { problem }
	return { value: (Math.round(Number(value) * 10) / 10).toFixed(1) }
}

/** An hreflang value: a language (ISO 639-1, or 639-2/3), optionally a script and a region, or x-default. */
export function isHreflang(code: string): boolean {
	return /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?)$/i.test(code)
}
