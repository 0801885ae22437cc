/**
 * UTM tags added to links, and tracking parameters taken out of them: pure,
 * no DOM, no Node APIs (the WHATWG `URL` parser only checks a link; the
 * link itself is edited as text, so everything the user did not ask to
 * change stays byte for byte as typed: other parameters, their order and
 * encoding, the fragment). Nothing here fetches anything.
 */

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type UtmField = (typeof UTM_FIELDS)[number]
export type UtmValues = Record<UtmField, string>

/**
 * Click identifiers and campaign tags that say nothing about the page
 * (besides every `utm_*`): Google Ads and Analytics, Microsoft Ads, Meta,
 * Instagram, Yandex, X, TikTok, LinkedIn, Mailchimp, HubSpot, Marketo,
 * Drip, Vero, Olytics, Pinterest, Reddit and Google Shopping.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
	'fbclid',
	'gclid',
	'gclsrc',
	'dclid',
	'gbraid',
	'wbraid',
	'gad_source',
	'msclkid',
	'mc_eid',
	'mc_cid',
	'_ga',
	'_gl',
	'yclid',
	'ysclid',
	'igshid',
	'igsh',
	'twclid',
	'ttclid',
	'li_fat_id',
	'_hsenc',
	'_hsmi',
	'__hstc',
	'__hssc',
	'__hsfp',
	'hsctatrk',
	'mkt_tok',
	'__s',
	'vero_id',
	'vero_conv',
	'oly_anon_id',
	'oly_enc_id',
	'epik',
	'rdt_cid',
	'srsltid',
])

export function isTrackingParam(name: string): boolean {
	const lower = name.toLowerCase()
	return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower)
}

/** A link split as typed: everything before the query, the query (without `?`), the fragment (with `#`). */
type LinkParts = { base: string; query: string | null; fragment: string }

export type LinkProblem = { message: string }

/**
 * Checks one line as a web address and splits it. A bare host
 * (`example.com/page`) gets `https://`.
 */
export function parseLink(line: string): { parts: LinkParts; addedScheme: boolean } | LinkProblem {
	const text = line.trim()
	if (/\s/.test(text)) return { message: 'a web address cannot contain spaces (encode them as %20).' }
	let addedScheme = false
	let url = tryUrl(text)
	if (!url && !text.includes('://') && /^[^/?#:]+\.[^/?#:]/.test(text)) {
		url = tryUrl(`https://${text}`)
		addedScheme = url !== null
	}
	if (!url) return { message: `“${shorten(text)}” is not a web address.` }
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return { message: `only web addresses (http or https) carry tracking parameters, not ${url.protocol.slice(0, -1)}: links.` }
	}
	const full = addedScheme ? `https://${text}` : text
	const hash = full.indexOf('#')
	const beforeHash = hash === -1 ? full : full.slice(0, hash)
	const fragment = hash === -1 ? '' : full.slice(hash)
	const question = beforeHash.indexOf('?')
	return {
		parts: {
			base: question === -1 ? beforeHash : beforeHash.slice(0, question),
			query: question === -1 ? null : beforeHash.slice(question + 1),
			fragment,
		},
		addedScheme,
	}
}

function tryUrl(text: string): URL | null {
	try {
		return new URL(text)
	} catch {
		return null
	}
}

function shorten(text: string): string {
	const chars = Array.from(text)
	return chars.length > 60 ? `${chars.slice(0, 60).join('')}…` : text
}

/** A query parameter's name as a server reads it (`+` is a space; a malformed escape stays as typed). */
function paramName(pair: string): string {
	const equals = pair.indexOf('=')
	const raw = (equals === -1 ? pair : pair.slice(0, equals)).replaceAll('+', ' ')
	try {
		return decodeURIComponent(raw)
	} catch {
		return raw
	}
}

function join({ base, fragment }: LinkParts, pairs: ReadonlyArray<string>): string {
	return `${base}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}${fragment}`
}

/** Removes the tracking parameters, every time each appears; the other parameters, their order and the fragment stay as typed. */
export function cleanLink(parts: LinkParts): { link: string; removed: Array<string> } {
	const removed: Array<string> = []
	const pairs: Array<string> = []
	for (const pair of parts.query === null ? [] : parts.query.split('&')) {
		if (pair === '') continue
		const name = paramName(pair)
		if (isTrackingParam(name)) removed.push(name.toLowerCase())
		else pairs.push(pair)
	}
	return { link: join(parts, pairs), removed }
}

/**
 * Adds the UTM tags that have a value (encoded with encodeURIComponent, so a
 * space is %20 and & = # ? are escaped), after the link's own parameters;
 * a tag already on the link is replaced.
 */
export function tagLink(parts: LinkParts, values: UtmValues): { link: string; replaced: Array<string> } {
	const setting = UTM_FIELDS.filter((field) => values[field] !== '')
	const replaced: Array<string> = []
	const pairs: Array<string> = []
	for (const pair of parts.query === null ? [] : parts.query.split('&')) {
		if (pair === '') continue
		const name = paramName(pair).toLowerCase()
		if ((setting as ReadonlyArray<string>).includes(name)) replaced.push(name)
		else pairs.push(pair)
	}
	for (const field of setting) pairs.push(`${field}=${encodeURIComponent(values[field])}`)
	return { link: join(parts, pairs), replaced }
}
