/**
 * The JSON-LD blocks (schema.org) the generator can add, each one optional,
 * several at once: Article, Product, FAQPage, Organization and
 * BreadcrumbList. Each builder returns the object to serialise and the
 * problems found, using the properties Google's structured-data docs list
 * (required ones are errors, recommended ones warnings). Pure.
 */
import { absoluteUrl, isoDate, lines, price } from './text.ts'

export type Level = 'error' | 'warning' | 'info'
/** One finding: `field` is the option (or `input`) it is about. */
export type Finding = { field: string; level: Level; message: string }
/** A field already tidied to one line (text.ts `line`). */
type Clean = string

export const ARTICLE_TYPES = ['Article', 'BlogPosting', 'NewsArticle'] as const
export const AVAILABILITY = ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly', 'SoldOut', 'Discontinued'] as const

type Found = { data: Record<string, unknown> | null; findings: Array<Finding> }

/** A URL field: the normalised URL, or null with an error naming the field (left out of the output). */
export function urlField(value: Clean, field: string, label: string, findings: Array<Finding>): string | null {
	if (value === '') return null
	const url = absoluteUrl(value)
	if (!url) findings.push({ field, level: 'error', message: `${label} must be a full address starting with https:// (or http://); "${short(value)}" is left out.` })
	return url
}

/** At most `max` characters of `text` (code points; a long text is only read as far as needed), with … when cut. */
export function short(text: string, max = 60): string {
	const chars = Array.from(text.slice(0, max * 2 + 2))
	return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

export type ArticleFields = {
	type: (typeof ARTICLE_TYPES)[number]
	headline: Clean
	author: Clean
	authorUrl: Clean
	published: Clean
	modified: Clean
	publisher: Clean
	publisherLogo: Clean
	image: string | null
	description: Clean
	url: string | null
}

export function article(fields: ArticleFields): Found {
	const findings: Array<Finding> = []
	const data: Record<string, unknown> = { '@context': 'https://schema.org', '@type': fields.type, headline: fields.headline }
	if (fields.description) data.description = fields.description
	if (fields.image) data.image = [fields.image]
	else findings.push({ field: 'ogImage', level: 'warning', message: 'Article: Google recommends an image; add the social image URL.' })
	const published = dateField(fields.published, 'articlePublished', 'Article: the date published', findings)
	const modified = dateField(fields.modified, 'articleModified', 'Article: the date modified', findings)
	if (published !== null) data.datePublished = fields.published
	else if (fields.published === '') findings.push({ field: 'articlePublished', level: 'warning', message: 'Article: Google recommends the date published (2026-11-26, or with a time and zone: 2026-11-26T09:30:00+01:00).' })
	if (modified !== null) data.dateModified = fields.modified
	if (published !== null && modified !== null && modified < published) {
		findings.push({ field: 'articleModified', level: 'warning', message: 'Article: the date modified is before the date published.' })
	}
	if (fields.author) {
		const authorUrl = urlField(fields.authorUrl, 'articleAuthorUrl', 'Article: the author’s URL', findings)
		data.author = [{ '@type': 'Person', name: fields.author, ...(authorUrl ? { url: authorUrl } : {}) }]
	} else findings.push({ field: 'articleAuthor', level: 'warning', message: 'Article: Google recommends the author’s name.' })
	if (fields.publisher) {
		const logo = urlField(fields.publisherLogo, 'articlePublisherLogo', 'Article: the publisher’s logo', findings)
		data.publisher = { '@type': 'Organization', name: fields.publisher, ...(logo ? { logo: { '@type': 'ImageObject', url: logo } } : {}) }
	}
	if (fields.url) data.mainEntityOfPage = { '@type': 'WebPage', '@id': fields.url }
	return { data, findings }
}

function dateField(value: Clean, field: string, label: string, findings: Array<Finding>): number | null {
	if (value === '') return null
	const time = isoDate(value)
	if (time === null) findings.push({ field, level: 'error', message: `${label} "${short(value)}" is not a date in ISO 8601 form (2026-11-26 or 2026-11-26T09:30:00+01:00); it is left out.` })
	return time
}

export type ProductFields = {
	name: Clean
	brand: Clean
	sku: Clean
	price: Clean
	currency: Clean
	availability: (typeof AVAILABILITY)[number]
	rating: Clean
	reviewCount: Clean
	image: string | null
	description: Clean
	url: string | null
}

export function product(fields: ProductFields): Found {
	const findings: Array<Finding> = []
	const data: Record<string, unknown> = { '@context': 'https://schema.org', '@type': 'Product', name: fields.name }
	if (fields.image) data.image = [fields.image]
	else findings.push({ field: 'ogImage', level: 'warning', message: 'Product: Google recommends an image; add the social image URL.' })
	if (fields.description) data.description = fields.description
	if (fields.sku) data.sku = fields.sku
	if (fields.brand) data.brand = { '@type': 'Brand', name: fields.brand }
	const amount = fields.price === '' ? null : price(fields.price.replace(/^[$€£¥]\s*/u, ''))
	if (fields.price !== '' && amount === null) {
		findings.push({ field: 'productPrice', level: 'error', message: `Product: the price "${short(fields.price)}" is not a number like 19.99 (digits, a point for decimals, no currency sign or thousands separator); it is left out.` })
	}
	const currency = fields.currency.toUpperCase()
	if (amount !== null) {
		if (!/^[A-Z]{3}$/.test(currency)) {
			findings.push({ field: 'productCurrency', level: 'error', message: fields.currency === '' ? 'Product: a price needs its currency as a three-letter ISO 4217 code (USD, EUR, GBP); the offer is left out.' : `Product: "${short(fields.currency)}" is not a three-letter ISO 4217 currency code (USD, EUR, GBP); the offer is left out.` })
		} else {
			data.offers = {
				'@type': 'Offer',
				price: amount,
				priceCurrency: currency,
				availability: `https://schema.org/${fields.availability}`,
				...(fields.url ? { url: fields.url } : {}),
			}
		}
	}
	if (fields.rating !== '') {
		const rating = Number(fields.rating)
		const count = Number(fields.reviewCount)
		if (!/^\d+(\.\d+)?$/.test(fields.rating) || rating < 1 || rating > 5) {
			findings.push({ field: 'productRating', level: 'error', message: `Product: the rating "${short(fields.rating)}" must be a number from 1 to 5; it is left out.` })
		} else if (!/^\d+$/.test(fields.reviewCount) || count < 1) {
			findings.push({ field: 'productReviewCount', level: 'error', message: 'Product: a rating needs the number of reviews (a whole number, at least 1); the rating is left out.' })
		} else {
			data.aggregateRating = { '@type': 'AggregateRating', ratingValue: fields.rating, reviewCount: fields.reviewCount, bestRating: '5', worstRating: '1' }
		}
	}
	if (!data.offers && !data.aggregateRating) {
		findings.push({ field: 'productPrice', level: 'error', message: 'Product: Google shows product results only with a price (an offer) or a rating; add one of them.' })
	}
	return { data, findings }
}

/** "Q: …" starts a question, "A: …" its answer; other lines continue the one before. */
export function faq(text: string): Found {
	const findings: Array<Finding> = []
	const pairs: Array<{ q: string; a: string }> = []
	let current: { q: string; a: string } | null = null
	let part: 'q' | 'a' | null = null
	let orphan = 0
	for (const each of lines(text)) {
		if (each === '') continue
		const match = /^([QA])\s*[:.)]\s*(.*)$/i.exec(each)
		if (match && match[1]!.toUpperCase() === 'Q') {
			current = { q: match[2]!, a: '' }
			pairs.push(current)
			part = 'q'
		} else if (match) {
			if (!current || current.a) {
				orphan++
				part = null
				continue
			}
			current.a = match[2]!
			part = 'a'
		} else if (current && part) current[part] = `${current[part]} ${each}`.trim()
		else orphan++
	}
	const complete = pairs.filter((pair) => pair.q && pair.a)
	if (pairs.length > complete.length) findings.push({ field: 'faqItems', level: 'warning', message: `FAQ: ${pairs.length - complete.length} question${pairs.length - complete.length === 1 ? ' has' : 's have'} no answer and ${pairs.length - complete.length === 1 ? 'is' : 'are'} left out.` })
	if (orphan > 0) findings.push({ field: 'faqItems', level: 'warning', message: `FAQ: ${orphan} line${orphan === 1 ? '' : 's'} before the first "Q:" or after a complete answer ${orphan === 1 ? 'is' : 'are'} left out. Start each question with "Q:" and its answer with "A:".` })
	if (complete.length === 0) {
		findings.push({ field: 'faqItems', level: 'error', message: 'FAQ: write at least one question and answer, one "Q: …" line and one "A: …" line.' })
		return { data: null, findings }
	}
	findings.push({ field: 'faqItems', level: 'info', message: 'FAQ: since 2023 Google shows FAQ rich results only for well-known government and health sites; the markup still describes the page.' })
	return {
		data: {
			'@context': 'https://schema.org',
			'@type': 'FAQPage',
			mainEntity: complete.map((pair) => ({ '@type': 'Question', name: pair.q, acceptedAnswer: { '@type': 'Answer', text: pair.a } })),
		},
		findings,
	}
}

export function organization(fields: { name: Clean; url: Clean; logo: Clean; sameAs: string; fallbackUrl: string | null }): Found {
	const findings: Array<Finding> = []
	if (!fields.name) {
		findings.push({ field: 'orgName', level: 'error', message: 'Organization: add its name (or the site name).' })
		return { data: null, findings }
	}
	const data: Record<string, unknown> = { '@context': 'https://schema.org', '@type': 'Organization', name: fields.name }
	const url = fields.url ? urlField(fields.url, 'orgUrl', 'Organization: the URL', findings) : fields.fallbackUrl
	if (url) data.url = url
	const logo = urlField(fields.logo, 'orgLogo', 'Organization: the logo', findings)
	if (logo) data.logo = logo
	else if (fields.logo === '') findings.push({ field: 'orgLogo', level: 'warning', message: 'Organization: Google recommends a logo (at least 112 × 112 px).' })
	const profiles: Array<string> = []
	let bad = 0
	for (const each of lines(fields.sameAs)) {
		if (each === '') continue
		const profile = absoluteUrl(each)
		if (profile) profiles.push(profile)
		else bad++
	}
	if (bad > 0) findings.push({ field: 'orgSameAs', level: 'error', message: `Organization: ${bad} profile line${bad === 1 ? ' is' : 's are'} not a full https:// address and ${bad === 1 ? 'is' : 'are'} left out.` })
	if (profiles.length > 0) data.sameAs = profiles
	return { data, findings }
}

/** "Name | URL" lines; the last one may leave out its URL (it is the page itself). */
export function breadcrumbs(text: string): Found {
	const findings: Array<Finding> = []
	const items: Array<Record<string, unknown>> = []
	const rows = lines(text).filter(Boolean)
	let bad = 0
	rows.forEach((row, index) => {
		const bar = row.lastIndexOf('|')
		const name = (bar === -1 ? row : row.slice(0, bar)).trim()
		const address = bar === -1 ? '' : row.slice(bar + 1).trim()
		const url = address ? absoluteUrl(address) : null
		const last = index === rows.length - 1
		if (!name || (address && !url) || (!address && !last)) {
			bad++
			return
		}
		items.push({ '@type': 'ListItem', position: items.length + 1, name, ...(url ? { item: url } : {}) })
	})
	if (bad > 0) findings.push({ field: 'breadcrumbItems', level: 'error', message: `Breadcrumbs: ${bad} line${bad === 1 ? ' is' : 's are'} not "Name | https://…" and ${bad === 1 ? 'is' : 'are'} left out (only the last line may leave out its URL).` })
	if (items.length === 0) {
		findings.push({ field: 'breadcrumbItems', level: 'error', message: 'Breadcrumbs: write one "Name | https://…" line per level, from the home page down.' })
		return { data: null, findings }
	}
	if (items.length === 1) findings.push({ field: 'breadcrumbItems', level: 'warning', message: 'Breadcrumbs: a trail needs at least two levels to be shown (home › this page).' })
	return { data: { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items }, findings }
}
