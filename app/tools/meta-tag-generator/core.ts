/**
 * Meta Tag Generator: the pure core (kit/core.ts): no React, no DOM, no
 * Node APIs. It runs on the page as you type, in the browser's worker for
 * large inputs, and on the server for forms posted without JavaScript and
 * `POST /api/tools/meta-tag-generator`.
 *
 * The kit gives a core one text (`input`) and options: the input is the
 * page's title (what every page needs), the options are every other field,
 * all plain strings, booleans and choices, so the form posts them as they
 * are without JavaScript and the API takes them as JSON.
 *
 * Decisions:
 * - The output is one `<head>` block in the order a page wants it: charset,
 *   viewport, title, description, canonical, robots, theme colour, Open
 *   Graph, Twitter (X), then one `<script type="application/ld+json">` per
 *   structured-data type chosen (several may be on at once: an article page
 *   has its breadcrumbs too).
 * - Twitter tags: only `twitter:card`, `twitter:site`, `twitter:creator`
 *   (and the image's alt). X reads og:title, og:description and og:image
 *   when its own tags are missing (X's card docs), so repeating them would
 *   only make the head longer.
 * - A URL field takes only a full http(s) address; anything else
 *   (`javascript:`, a relative path, a typo) is left out with an error
 *   naming the field, never written into the head half-right. URLs are
 *   written as the URL parser normalises them (spaces and quotes
 *   percent-encoded).
 * - Everything typed is escaped: attribute values and the title's text
 *   with & < > " ' as entities; JSON-LD with JSON.stringify and then
 *   < > & U+2028 U+2029 as \u escapes, so `</script>` typed anywhere cannot
 *   end the script (text.ts).
 * - The previews: Google's title and descriptions cut by pixel width with
 *   Arial's widths (pixels.ts, which cites the limits); Facebook/LinkedIn
 *   and X cards by what they read (og:*, X's fallbacks). Images are never
 *   fetched: the page shows the address in a placeholder (the site's CSP
 *   allows images from itself only).
 */
import { z } from 'zod'
import { defineToolCore, inputTooLarge, MAX_INPUT_BYTES, ToolError, utf8Length, type ToolResult } from '#app/tools/kit/core.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'
import { cutToWidth, GOOGLE_DESCRIPTION, GOOGLE_DESCRIPTION_MOBILE, GOOGLE_TITLE, type Cut } from './pixels.ts'
import { ARTICLE_TYPES, article, AVAILABILITY, breadcrumbs, faq, organization, product, short, urlField, type Finding } from './structured-data.ts'
import { breadcrumbOf, escapeHtml, jsonForScript, line } from './text.ts'

export const SLUG = 'meta-tag-generator'

/** Characters: the usual advice (Google cuts by pixels; these are what most titles and descriptions of that width hold). */
export const TITLE_MAX_CHARS = 60
export const DESCRIPTION_MIN_CHARS = 70
export const DESCRIPTION_MAX_CHARS = 160

const text = () => z.string().default('')

export const metaOptionsSchema = z
	.object({
		description: text(),
		canonical: text(),
		siteName: text(),
		themeColor: text(),
		robotsIndex: z.enum(['index', 'noindex']).default('index'),
		robotsFollow: z.enum(['follow', 'nofollow']).default('follow'),
		noarchive: z.boolean().default(false),
		nosnippet: z.boolean().default(false),
		noimageindex: z.boolean().default(false),
		maxImagePreview: z.enum(['', 'none', 'standard', 'large']).default(''),
		ogType: z.enum(['website', 'article', 'product']).default('website'),
		locale: text(),
		ogImage: text(),
		ogImageAlt: text(),
		ogImageWidth: text(),
		ogImageHeight: text(),
		twitterCard: z.enum(['summary_large_image', 'summary']).default('summary_large_image'),
		twitterSite: text(),
		twitterCreator: text(),
		article: z.boolean().default(false),
		articleType: z.enum(ARTICLE_TYPES).default('Article'),
		articleAuthor: text(),
		articleAuthorUrl: text(),
		articlePublished: text(),
		articleModified: text(),
		articlePublisher: text(),
		articlePublisherLogo: text(),
		product: z.boolean().default(false),
		productName: text(),
		productBrand: text(),
		productSku: text(),
		productPrice: text(),
		productCurrency: text(),
		productAvailability: z.enum(AVAILABILITY).default('InStock'),
		productRating: text(),
		productReviewCount: text(),
		faq: z.boolean().default(false),
		faqItems: text(),
		organization: z.boolean().default(false),
		orgName: text(),
		orgUrl: text(),
		orgLogo: text(),
		orgSameAs: text(),
		breadcrumbs: z.boolean().default(false),
		breadcrumbItems: text(),
	})
	.strict()

export type MetaOptions = z.output<typeof metaOptionsSchema>
export const metaDefaults: MetaOptions = metaOptionsSchema.parse({})

export type { Finding } from './structured-data.ts'

export type Previews = {
	google: {
		siteName: string
		/** "https://example.com › blog › post", or null without a canonical URL. */
		url: string | null
		title: string
		titleTruncated: boolean
		titleWidth: number
		description: string
		descriptionTruncated: boolean
		descriptionWidth: number
		mobileDescription: string
		mobileDescriptionTruncated: boolean
		limits: { title: number; description: number; mobileDescription: number }
	}
	/** Facebook and LinkedIn draw the same card from og:*. */
	facebook: { host: string; title: string; description: string; image: string | null; imageAlt: string }
	x: { card: 'summary_large_image' | 'summary'; host: string; title: string; description: string; image: string | null; imageAlt: string; site: string | null }
}

export type MetaResult = ToolResult & {
	warnings: Array<Finding>
	previews: Previews
	/** The JSON-LD objects, in the order of their script blocks. */
	jsonLd: Array<Record<string, unknown>>
	/** How many tags the head block has (elements, the script blocks included). */
	tags: number
}

/** @handle, or a profile link (x.com/…, twitter.com/…), as @handle; null when it is neither. */
export function twitterHandle(value: string): string | null {
	const match = /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:x|twitter)\.com\/@?([A-Za-z0-9_]{1,15})\/?$/i.exec(value) ?? /^@?([A-Za-z0-9_]{1,15})$/.exec(value)
	return match ? `@${match[1]}` : null
}

/** en_US (Open Graph's form); en-US and en-us are read as en_US. */
export function ogLocale(value: string): string | null {
	const match = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?$/i.exec(value)
	if (!match) return null
	return match[2] ? `${match[1]!.toLowerCase()}_${match[2].toUpperCase()}` : match[1]!.toLowerCase()
}

const CSS_COLOR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,20}|(?:rgb|rgba|hsl|hsla|oklch|oklab|lab|lch|hwb)\([0-9a-z.,%/\s+-]{1,60}\))$/i

export function generate(rawTitle: string, options: MetaOptions): MetaResult {
	let bytes = utf8Length(rawTitle)
	for (const value of Object.values(options)) if (typeof value === 'string') bytes += utf8Length(value)
	if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes)
	const title = line(rawTitle)
	if (title === '') throw new ToolError('Enter a title for the page: every page needs one, and the other tags are built around it.', { field: 'input' })

	const findings: Array<Finding> = []
	const warn = (field: string, message: string, level: Finding['level'] = 'warning') => findings.push({ field, level, message })
	const description = line(options.description)
	const siteName = line(options.siteName)
	const canonical = urlField(line(options.canonical), 'canonical', 'The canonical URL', findings)
	const image = urlField(line(options.ogImage), 'ogImage', 'The social image URL', findings)
	const imageAlt = line(options.ogImageAlt)

	// Lengths and what is missing.
	const titleCut = cutToWidth(title, GOOGLE_TITLE)
	const titleChars = countCodePoints(title)
	if (titleCut.truncated) warn('input', `The title is about ${Math.round(titleWidthOf(title))} px wide; Google shows about ${GOOGLE_TITLE.limit} px on a computer and cuts the rest ("${short(titleCut.text, 80)}").`)
	else if (titleChars > TITLE_MAX_CHARS) warn('input', `The title has ${titleChars} characters; it fits Google's ${GOOGLE_TITLE.limit} px, but over ${TITLE_MAX_CHARS} it is often cut or rewritten.`, 'info')
	if (description === '') warn('description', 'Add a description: Google often shows it under the title, and shares on Facebook, LinkedIn and X show it on the card.')
	else {
		const chars = countCodePoints(description)
		if (chars < DESCRIPTION_MIN_CHARS) warn('description', `The description has ${chars} characters; ${DESCRIPTION_MIN_CHARS}–${DESCRIPTION_MAX_CHARS} say enough for Google to use it.`)
		else if (chars > DESCRIPTION_MAX_CHARS) warn('description', `The description has ${chars} characters; Google shows about ${DESCRIPTION_MAX_CHARS} (${GOOGLE_DESCRIPTION.limit} px) on a computer and fewer on a phone.`)
	}
	if (line(options.canonical) === '') warn('canonical', 'Add the canonical URL: the one address search engines should index for this page (it also becomes og:url).')
	if (line(options.ogImage) === '') warn('ogImage', 'Add a social image (1200 × 630 px is the usual size): without one, shares show no picture or a random one.')
	if (image && !imageAlt) warn('ogImageAlt', 'Describe the social image in its alt text, for people who cannot see it.', 'info')

	// The head block.
	const out: Array<string> = ['<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', `<title>${escapeHtml(title)}</title>`]
	const meta = (name: string, content: string) => out.push(`<meta name="${name}" content="${escapeHtml(content)}">`)
	const property = (name: string, content: string) => out.push(`<meta property="${name}" content="${escapeHtml(content)}">`)
	if (description) meta('description', description)
	if (canonical) out.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`)

	const robots: Array<string> = [options.robotsIndex, options.robotsFollow]
	if (options.noarchive) robots.push('noarchive')
	if (options.nosnippet) robots.push('nosnippet')
	if (options.noimageindex) robots.push('noimageindex')
	if (options.maxImagePreview) robots.push(`max-image-preview:${options.maxImagePreview}`)
	meta('robots', robots.join(', '))
	if (options.robotsIndex === 'noindex') {
		warn('robotsIndex', 'noindex: search engines will drop this page from their results.', 'info')
		if (canonical) warn('canonical', 'noindex with a canonical URL sends mixed signals: keep the canonical only if this page should be indexed.')
	}
	if (options.nosnippet && description) warn('nosnippet', 'nosnippet: Google will show no description for this page, so it will not use the one above.', 'info')

	const themeColor = line(options.themeColor)
	if (themeColor && CSS_COLOR.test(themeColor)) meta('theme-color', themeColor)
	else if (themeColor) warn('themeColor', `The theme colour "${short(themeColor)}" is not a CSS colour (#1e40af, or a name like navy); it is left out.`, 'error')

	// Open Graph.
	property('og:type', options.ogType)
	property('og:title', title)
	if (description) property('og:description', description)
	if (canonical) property('og:url', canonical)
	if (siteName) property('og:site_name', siteName)
	const localeText = line(options.locale)
	const locale = localeText ? ogLocale(localeText) : null
	if (locale) property('og:locale', locale)
	else if (localeText) warn('locale', `The locale "${short(localeText)}" is not a language and country like en_US or de_DE; it is left out.`, 'error')
	if (image) {
		property('og:image', image)
		for (const [field, name] of [['ogImageWidth', 'width'], ['ogImageHeight', 'height']] as const) {
			const value = line(options[field])
			if (value === '') continue
			if (/^\d{1,5}$/.test(value) && Number(value) > 0) property(`og:image:${name}`, String(Number(value)))
			else warn(field, `The image ${name} "${short(value)}" must be a whole number of pixels; it is left out.`, 'error')
		}
		if (imageAlt) property('og:image:alt', imageAlt)
	}

	// Twitter (X): only what Open Graph cannot say.
	meta('twitter:card', options.twitterCard)
	for (const [field, name] of [['twitterSite', 'twitter:site'], ['twitterCreator', 'twitter:creator']] as const) {
		const value = line(options[field])
		if (value === '') continue
		const handle = twitterHandle(value)
		if (handle) meta(name, handle)
		else warn(field, `"${short(value)}" is not an X (Twitter) handle: @ and 1–15 letters, digits or underscores; it is left out.`, 'error')
	}
	if (image && imageAlt) meta('twitter:image:alt', imageAlt)

	// Structured data.
	const jsonLd: Array<Record<string, unknown>> = []
	const add = ({ data, findings: found }: { data: Record<string, unknown> | null; findings: Array<Finding> }) => {
		// The image is said once: a missing or bad og:image is already reported above.
		const imageReported = findings.some((each) => each.field === 'ogImage')
		findings.push(...found.filter((each) => !(imageReported && each.field === 'ogImage')))
		if (data) jsonLd.push(data)
	}
	if (options.article) {
		add(
			article({
				type: options.articleType,
				headline: title,
				author: line(options.articleAuthor),
				authorUrl: line(options.articleAuthorUrl),
				published: line(options.articlePublished),
				modified: line(options.articleModified),
				publisher: line(options.articlePublisher) || siteName,
				publisherLogo: line(options.articlePublisherLogo),
				image,
				description,
				url: canonical,
			}),
		)
		if (options.ogType === 'article') {
			const last = jsonLd.at(-1)
			if (last?.datePublished) property('article:published_time', String(last.datePublished))
			if (last?.dateModified) property('article:modified_time', String(last.dateModified))
		}
	}
	if (options.product) {
		add(
			product({
				name: line(options.productName) || title,
				brand: line(options.productBrand),
				sku: line(options.productSku),
				price: line(options.productPrice),
				currency: line(options.productCurrency),
				availability: options.productAvailability,
				rating: line(options.productRating),
				reviewCount: line(options.productReviewCount),
				image,
				description,
				url: canonical,
			}),
		)
		const offer = jsonLd.at(-1)?.offers as { price?: string; priceCurrency?: string } | undefined
		if (options.ogType === 'product' && offer?.price) {
			property('product:price:amount', offer.price)
			property('product:price:currency', offer.priceCurrency ?? '')
		}
	}
	if (options.faq) add(faq(options.faqItems))
	if (options.organization) {
		add(
			organization({
				name: line(options.orgName) || siteName,
				url: line(options.orgUrl),
				logo: line(options.orgLogo),
				sameAs: options.orgSameAs,
				fallbackUrl: canonical ? new URL(canonical).origin : null,
			}),
		)
	}
	if (options.breadcrumbs) add(breadcrumbs(options.breadcrumbItems))
	for (const data of jsonLd) {
		out.push(`<script type="application/ld+json">\n${jsonForScript(data).replace(/^/gm, '  ')}\n</script>`)
	}

	const output = ['<head>', ...out.map((each) => each.replace(/^/gm, '  ')), '</head>', ''].join('\n')
	return { output, warnings: sortFindings(findings), previews: previewsOf({ title, titleCut, description, canonical, siteName, image, imageAlt, options }), jsonLd, tags: out.length }
}

function titleWidthOf(title: string): number {
	// Measured whole only up to a point: past twice the line, the exact figure does not matter.
	return cutToWidth(title, { font: GOOGLE_TITLE.font, limit: GOOGLE_TITLE.limit * 50 }).width
}

const ORDER = { error: 0, warning: 1, info: 2 } as const

function sortFindings(findings: Array<Finding>): Array<Finding> {
	return findings.map((each, index) => ({ each, index })).sort((a, b) => ORDER[a.each.level] - ORDER[b.each.level] || a.index - b.index).map(({ each }) => each)
}

function previewsOf({
	title,
	titleCut,
	description,
	canonical,
	siteName,
	image,
	imageAlt,
	options,
}: {
	title: string
	titleCut: Cut
	description: string
	canonical: string | null
	siteName: string
	image: string | null
	imageAlt: string
	options: MetaOptions
}): Previews {
	const address = canonical ? breadcrumbOf(canonical) : null
	const host = address?.host ?? 'example.com'
	const descriptionCut = cutToWidth(description, GOOGLE_DESCRIPTION)
	const mobileCut = cutToWidth(description, GOOGLE_DESCRIPTION_MOBILE)
	// The cards cut long text themselves (by lines, in the page); the core sends a bounded amount.
	const card = (value: string, max: number) => short(value, max)
	return {
		google: {
			siteName: siteName || host,
			url: address?.breadcrumb ?? null,
			title: titleCut.text,
			titleTruncated: titleCut.truncated,
			titleWidth: titleCut.truncated ? titleWidthOf(title) : titleCut.width,
			description: descriptionCut.text,
			descriptionTruncated: descriptionCut.truncated,
			descriptionWidth: descriptionCut.width,
			mobileDescription: mobileCut.text,
			mobileDescriptionTruncated: mobileCut.truncated,
			limits: { title: GOOGLE_TITLE.limit, description: GOOGLE_DESCRIPTION.limit, mobileDescription: GOOGLE_DESCRIPTION_MOBILE.limit },
		},
		facebook: { host: host.toUpperCase(), title: card(title, 200), description: card(description, 300), image, imageAlt: card(imageAlt, 200) },
		x: {
			card: options.twitterCard,
			host,
			title: card(title, 200),
			description: card(description, 300),
			image,
			imageAlt: card(imageAlt, 200),
			site: twitterHandle(line(options.twitterSite)),
		},
	}
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: metaOptionsSchema,
	run: (input, options) => generate(input, options),
})
