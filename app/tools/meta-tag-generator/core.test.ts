import { describe, expect, test } from 'vitest'
import { runCore, ToolError } from '#app/tools/kit/core.ts'
import { core, generate, metaDefaults, ogLocale, twitterHandle, type MetaOptions, type MetaResult } from './core.ts'
import { charWidth, cutToWidth, GOOGLE_TITLE, pixelWidth } from './pixels.ts'
import { absoluteUrl, breadcrumbOf, escapeHtml, isoDate, jsonForScript, line } from './text.ts'

const run = (title: string, options: Partial<MetaOptions> = {}): MetaResult => generate(title, { ...metaDefaults, ...options })
const fields = (result: MetaResult, level?: string) => result.warnings.filter((each) => !level || each.level === level).map((each) => each.field)
const HOSTILE = [`"><script>alert(1)</script>`, `</script><script>alert(1)</script>`, `' onmouseover='alert(1)`, `<!--`, `&amp; \u2028\u2029`]

describe('the head block', () => {
	test('a full page: every tag, in order, and two JSON-LD blocks', () => {
		const result = run('Handmade Ceramic Mugs | Clay & Co', {
			description: 'Mugs thrown by hand in small batches, fired twice and safe in the dishwasher. Free delivery over €40.',
			canonical: 'https://clay.example/shop/mugs',
			siteName: 'Clay & Co',
			themeColor: '#1e40af',
			maxImagePreview: 'large',
			ogType: 'product',
			locale: 'en-gb',
			ogImage: 'https://clay.example/img/mugs.jpg',
			ogImageAlt: 'Three blue mugs',
			ogImageWidth: '1200',
			ogImageHeight: '630',
			twitterSite: 'https://x.com/clayandco',
			product: true,
			productPrice: '24.50',
			productCurrency: 'eur',
			breadcrumbs: true,
			breadcrumbItems: 'Home | https://clay.example/\nShop | https://clay.example/shop\nMugs',
		})
		expect(result.output.split('\n').slice(0, 26)).toEqual([
			'<head>',
			'  <meta charset="utf-8">',
			'  <meta name="viewport" content="width=device-width, initial-scale=1">',
			'  <title>Handmade Ceramic Mugs | Clay &amp; Co</title>',
			'  <meta name="description" content="Mugs thrown by hand in small batches, fired twice and safe in the dishwasher. Free delivery over €40.">',
			'  <link rel="canonical" href="https://clay.example/shop/mugs">',
			'  <meta name="robots" content="index, follow, max-image-preview:large">',
			'  <meta name="theme-color" content="#1e40af">',
			'  <meta property="og:type" content="product">',
			'  <meta property="og:title" content="Handmade Ceramic Mugs | Clay &amp; Co">',
			'  <meta property="og:description" content="Mugs thrown by hand in small batches, fired twice and safe in the dishwasher. Free delivery over €40.">',
			'  <meta property="og:url" content="https://clay.example/shop/mugs">',
			'  <meta property="og:site_name" content="Clay &amp; Co">',
			'  <meta property="og:locale" content="en_GB">',
			'  <meta property="og:image" content="https://clay.example/img/mugs.jpg">',
			'  <meta property="og:image:width" content="1200">',
			'  <meta property="og:image:height" content="630">',
			'  <meta property="og:image:alt" content="Three blue mugs">',
			'  <meta name="twitter:card" content="summary_large_image">',
			'  <meta name="twitter:site" content="@clayandco">',
			'  <meta name="twitter:image:alt" content="Three blue mugs">',
			'  <meta property="product:price:amount" content="24.50">',
			'  <meta property="product:price:currency" content="EUR">',
			'  <script type="application/ld+json">',
			'    {',
			'      "@context": "https://schema.org",',
		])
		expect(result.output.endsWith('</head>\n')).toBe(true)
		expect(result.jsonLd.map((each) => each['@type'])).toEqual(['Product', 'BreadcrumbList'])
		expect(result.jsonLd[0]!.offers).toEqual({ '@type': 'Offer', price: '24.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://clay.example/shop/mugs' })
		expect(result.jsonLd[1]!.itemListElement).toEqual([
			{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://clay.example/' },
			{ '@type': 'ListItem', position: 2, name: 'Shop', item: 'https://clay.example/shop' },
			{ '@type': 'ListItem', position: 3, name: 'Mugs' },
		])
		expect(fields(result, 'error')).toEqual([])
		expect(result.tags).toBe(24)
	})

	test('the least: a title only, with warnings for what is missing', () => {
		const result = run('  Hello\n  world  ')
		expect(result.output).toContain('<title>Hello world</title>')
		expect(result.output).toContain('<meta name="robots" content="index, follow">')
		expect(result.output).not.toContain('og:image')
		expect(fields(result)).toEqual(['description', 'canonical', 'ogImage'])
		expect(result.jsonLd).toEqual([])
	})

	test('an empty or blank title is a 400 with a clear message; the option schema refuses unknown keys', async () => {
		expect(() => run(' \n\t')).toThrow(ToolError)
		expect(() => run('')).toThrow(/^Enter a title/)
		await expect(runCore(core, 'x', { colour: 'red' })).rejects.toThrow(/^Validation failed: options/)
	})

	test('robots: noindex, nofollow and the extras; noindex with a canonical is flagged', () => {
		const result = run('T', { robotsIndex: 'noindex', robotsFollow: 'nofollow', noarchive: true, nosnippet: true, noimageindex: true, canonical: 'https://a.example/' })
		expect(result.output).toContain('content="noindex, nofollow, noarchive, nosnippet, noimageindex"')
		expect(result.warnings.find((each) => each.field === 'canonical')?.message).toMatch(/mixed signals/)
	})

	test('everything typed is escaped, in every field: no tag or script can be closed', () => {
		for (const hostile of HOSTILE) {
			const everything = Object.fromEntries(Object.entries(metaDefaults).filter(([key, value]) => value === '' && key !== 'maxImagePreview').map(([key]) => [key, hostile])) as Partial<MetaOptions>
			const result = run(hostile, { ...everything, article: true, product: true, faq: true, organization: true, breadcrumbs: true, faqItems: `Q: ${hostile}\nA: ${hostile}`, breadcrumbItems: `${hostile} | https://a.example/${hostile}\n${hostile}`, canonical: `https://a.example/?q=${hostile}`, ogImage: `https://a.example/${hostile}.png` })
			const html = result.output
			// Only our own tags: every < starts one of them, every script closes once per block.
			expect(html.match(/<[a-z!/]+/gi)!.every((tag) => /^<(\/?head|meta|title|\/title|link|script|\/script)$/i.test(tag)), hostile).toBe(true)
			expect(html.match(/<\/script/gi)!.length).toBe(result.jsonLd.length)
			expect(html).not.toMatch(/[\u2028\u2029]/)
			// Outside the scripts no quote is left raw (inside them JSON strings hold ' harmlessly).
			expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain("'")
			// The JSON-LD still says exactly what was typed.
			const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
			expect(scripts).toEqual(result.jsonLd)
			expect((scripts.find((each) => each['@type'] === 'FAQPage')!.mainEntity as Array<{ name: string }>)[0]!.name).toBe(line(hostile))
			// URLs that are not http(s) are never written; the canonical and image are percent-encoded.
			const canonical = html.match(/<link rel="canonical" href="([^"]*)">/)![1]!
			expect(canonical).toMatch(/^https:\/\/a\.example\/\?q=/)
			expect(canonical).not.toMatch(/[<>']/)
		}
	})

	test('URL fields: only full http(s) addresses; javascript:, relative paths and typos are left out with an error', () => {
		const result = run('T', { canonical: 'javascript:alert(1)', ogImage: '/img.png', orgUrl: 'example.com', organization: true, orgName: 'Org', orgSameAs: 'https://x.com/org\nnot a url' })
		expect(result.output).not.toMatch(/javascript|img\.png|example\.com/)
		expect(fields(result, 'error')).toEqual(['canonical', 'ogImage', 'orgUrl', 'orgSameAs'])
		expect(result.jsonLd[0]!.sameAs).toEqual(['https://x.com/org'])
		expect(absoluteUrl('https://exa mple.com')).toBeNull()
		expect(absoluteUrl('HTTPS://Example.com/a b')).toBe('https://example.com/a%20b')
	})

	test('X handles, locales and the theme colour are checked', () => {
		expect(twitterHandle('@jack')).toBe('@jack')
		expect(twitterHandle('jack_2')).toBe('@jack_2')
		expect(twitterHandle('https://twitter.com/jack/')).toBe('@jack')
		expect(twitterHandle('@this_is_far_too_long')).toBeNull()
		expect(twitterHandle('@jäck')).toBeNull()
		expect(ogLocale('de-at')).toBe('de_AT')
		expect(ogLocale('english')).toBeNull()
		const result = run('T', { twitterCreator: '@no spaces', locale: 'english', themeColor: 'red; background: url(x)' })
		expect(fields(result, 'error')).toEqual(['themeColor', 'locale', 'twitterCreator'])
		expect(result.output).not.toMatch(/twitter:creator|og:locale|theme-color/)
	})

	test('lengths: title over 60 characters, description under 70 or over 160', () => {
		const long = run('A'.repeat(20) + ' ' + 'i'.repeat(45), { description: 'Too short.' })
		expect(long.warnings.find((each) => each.field === 'input')).toMatchObject({ level: 'info' })
		expect(long.warnings.find((each) => each.field === 'description')?.message).toMatch(/10 characters/)
		expect(run('T', { description: 'word '.repeat(40) }).warnings.find((each) => each.field === 'description')?.message).toMatch(/199 characters/)
	})
})

describe('JSON-LD', () => {
	test('Article: headline, dates, author, publisher and image; bad dates are errors, missing fields warnings', () => {
		const good = run('How we fire mugs', { article: true, articleType: 'BlogPosting', ogType: 'article', articleAuthor: 'Ana', articlePublished: '2026-02-28T09:30:00+01:00', articleModified: '2026-03-01', siteName: 'Clay', ogImage: 'https://c.example/a.jpg' })
		expect(good.jsonLd[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'How we fire mugs', datePublished: '2026-02-28T09:30:00+01:00', dateModified: '2026-03-01', author: [{ '@type': 'Person', name: 'Ana' }], publisher: { name: 'Clay' }, image: ['https://c.example/a.jpg'] })
		expect(good.output).toContain('<meta property="article:published_time" content="2026-02-28T09:30:00+01:00">')
		expect(fields(good, 'error')).toEqual([])
		const bad = run('T', { article: true, articlePublished: '2026-02-30', articleModified: 'yesterday' })
		expect(fields(bad, 'error')).toEqual(['articlePublished', 'articleModified'])
		expect(bad.jsonLd[0]).not.toHaveProperty('datePublished')
		expect(fields(run('T', { article: true }), 'warning')).toEqual(expect.arrayContaining(['articleAuthor', 'articlePublished', 'ogImage']))
		expect(fields(run('T', { article: true, articlePublished: '2026-03-02', articleModified: '2026-03-01' }), 'warning')).toContain('articleModified')
	})

	test('ISO dates: real calendar days, times and zones', () => {
		expect(isoDate('2024-02-29')).not.toBeNull()
		expect(isoDate('2025-02-29')).toBeNull()
		expect(isoDate('2026-11-26T24:00')).toBeNull()
		expect(isoDate('2026-11-26T23:59:59.5Z')).not.toBeNull()
		expect(isoDate('26/11/2026')).toBeNull()
	})

	test('Product: price with a currency, a rating with its count; neither is an error', () => {
		const result = run('Mug', { product: true, productPrice: '$19.99', productCurrency: 'usd', productRating: '4.5', productReviewCount: '12', productBrand: 'Clay', productSku: 'M-1', productAvailability: 'PreOrder' })
		expect(result.jsonLd[0]).toMatchObject({ name: 'Mug', sku: 'M-1', brand: { '@type': 'Brand', name: 'Clay' }, offers: { price: '19.99', priceCurrency: 'USD', availability: 'https://schema.org/PreOrder' }, aggregateRating: { ratingValue: '4.5', reviewCount: '12' } })
		expect(fields(run('Mug', { product: true, productPrice: '19,99' }), 'error')).toEqual(['productPrice', 'productPrice'])
		expect(fields(run('Mug', { product: true, productPrice: '19.99' }), 'error')).toEqual(['productCurrency', 'productPrice'])
		expect(fields(run('Mug', { product: true, productRating: '6' }), 'error')).toEqual(['productRating', 'productPrice'])
		expect(fields(run('Mug', { product: true, productRating: '4', productReviewCount: '' }), 'error')).toEqual(['productReviewCount', 'productPrice'])
	})

	test('FAQ from Q:/A: lines, with continuation lines; unanswered questions and stray lines are reported', () => {
		const result = run('T', { faq: true, faqItems: 'intro line\nQ: Is it safe\nin the oven?\nA: Yes,\nup to 250 °C.\n\nq) Dishwasher?\na. Yes.\nQ: Unanswered?' })
		expect(result.jsonLd[0]!.mainEntity).toEqual([
			{ '@type': 'Question', name: 'Is it safe in the oven?', acceptedAnswer: { '@type': 'Answer', text: 'Yes, up to 250 °C.' } },
			{ '@type': 'Question', name: 'Dishwasher?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } },
		])
		expect(result.warnings.filter((each) => each.field === 'faqItems').map((each) => each.level)).toEqual(['warning', 'warning', 'info'])
		expect(run('T', { faq: true, faqItems: 'no questions' }).jsonLd).toEqual([])
	})

	test('Organization falls back to the site name and the canonical origin; breadcrumbs need Name | URL lines', () => {
		const org = run('T', { organization: true, siteName: 'Clay', canonical: 'https://clay.example/a/b', orgLogo: 'https://clay.example/logo.png' })
		expect(org.jsonLd[0]).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Clay', url: 'https://clay.example', logo: 'https://clay.example/logo.png' })
		expect(fields(run('T', { organization: true }), 'error')).toEqual(['orgName'])
		const crumbs = run('T', { breadcrumbs: true, breadcrumbItems: 'Home\nShop | shop\nMugs | https://a.example/m' })
		expect(fields(crumbs, 'error')).toEqual(['breadcrumbItems'])
		expect(crumbs.warnings.find((each) => each.field === 'breadcrumbItems')?.message).toMatch(/^Breadcrumbs: 2 lines/)
	})

	test('JSON for a script: < > & U+2028 U+2029 become \\u escapes and parse back the same', () => {
		const value = { a: '</script><!-- & \u2028\u2029' }
		const json = jsonForScript(value)
		expect(json).not.toMatch(/[<>&\u2028\u2029]/)
		expect(json).toContain('\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029')
		expect(JSON.parse(json)).toEqual(value)
		expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
	})
})

describe('pixel widths and the Google preview', () => {
	test('Arial widths: narrow and wide letters, accents as their letter, marks zero, CJK and emoji one em', () => {
		expect(pixelWidth('i', 20)).toBeCloseTo(4.44, 2)
		expect(pixelWidth('W', 20)).toBeCloseTo(18.88, 2)
		expect(pixelWidth('é', 20)).toBe(pixelWidth('e', 20))
		expect(pixelWidth('e\u0301', 20)).toBe(pixelWidth('e', 20))
		expect(pixelWidth('中文', 20)).toBe(40)
		expect(pixelWidth('👩‍👩‍👧‍👦', 20)).toBe(20)
		expect(pixelWidth('🇩🇪', 20)).toBe(20)
		expect(pixelWidth('👍🏽', 20)).toBe(20)
		expect(charWidth(0x200f)).toBe(0)
		expect(pixelWidth('שלום', 20)).toBeGreaterThan(0)
	})

	test('a title over 600 px is cut at a word with " ..." and fits; narrow letters fit more', () => {
		const wide = 'WWWW MMMM '.repeat(8).trim()
		const cut = cutToWidth(wide, GOOGLE_TITLE)
		expect(cut.truncated).toBe(true)
		expect(cut.text).toMatch(/^WWWW MMMM .* \.\.\.$/)
		expect(cut.width).toBeLessThanOrEqual(600)
		expect(pixelWidth(cut.text, 20)).toBeLessThanOrEqual(600)
		const narrow = 'ill lit '.repeat(10).trim()
		expect(narrow.length).toBeGreaterThan(60)
		expect(cutToWidth(narrow, GOOGLE_TITLE).truncated).toBe(false)
		// One word longer than the line: cut between clusters, never inside an emoji or before an accent.
		const word = cutToWidth('😀e\u0301'.repeat(40), GOOGLE_TITLE)
		expect(word.text).toMatch(/^(😀e\u0301)+ \.\.\.$/u)
	})

	test('the previews: Google breadcrumb, cut descriptions, the cards; images are passed as addresses only', () => {
		const result = run('Mugs', { canonical: 'https://www.clay.example/shop/t%C3%A4ssli?ref=1', description: 'Long words here. '.repeat(12), ogImage: 'https://clay.example/a.jpg', twitterCard: 'summary', twitterSite: '@clay' })
		const { google, facebook, x } = result.previews
		expect(google.url).toBe('https://www.clay.example › shop › tässli')
		expect(google.siteName).toBe('clay.example')
		expect(google.descriptionTruncated).toBe(true)
		expect(google.mobileDescription.length).toBeLessThan(google.description.length)
		expect(google.limits).toEqual({ title: 600, description: 920, mobileDescription: 680 })
		expect(facebook).toMatchObject({ host: 'CLAY.EXAMPLE', title: 'Mugs', image: 'https://clay.example/a.jpg' })
		expect(x).toMatchObject({ card: 'summary', site: '@clay', host: 'clay.example' })
		expect(breadcrumbOf('https://a.example/').breadcrumb).toBe('https://a.example')
	})

	test('emoji, right-to-left text and combining characters pass through everywhere', () => {
		const title = 'مرحبا بالعالم 😀 Cafe\u0301'
		const result = run(title, { description: 'שלום עולם — תיאור קצר 👍🏽', faq: true, faqItems: `Q: ${title}?\nA: נכון.` })
		expect(result.output).toContain(`<title>${title}</title>`)
		expect(result.previews.google.title).toBe(title)
		expect((result.jsonLd[0]!.mainEntity as Array<{ name: string }>)[0]!.name).toBe(`${title}?`)
	})

	test('lone surrogates and control characters are cleaned', () => {
		expect(line('a\ud800b\u0000c\u001b')).toBe('a\ufffdbc')
		expect(run('x\udc00').output).toContain('<title>x\ufffd</title>')
	})
})
