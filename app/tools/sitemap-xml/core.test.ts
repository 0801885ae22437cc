/**
 * The sitemap tool's pure rules: URLs as RFC 3986 URIs, W3C Datetime,
 * RFC 4180 CSV, the generator (URL lists and CSV, alternates, escaping,
 * the 50,000 limit), the strict XML reader (malformed input with its line
 * and column, DOCTYPE refused) and the sitemaps.org checks; and the round
 * trip, read back by an independent XML parser (jsdom's, saxes).
 */
import { JSDOM } from 'jsdom'
import { describe, expect, test } from 'vitest'
import { runCore, ToolError } from '#app/tools/kit/core.ts'
import { core, MAX_URLS, sizeProblem, type GenerateResult, type ValidateResult } from './core.ts'
import { parseCsv } from './csv.ts'
import { checkW3cDatetime, escapeXml, isHreflang, locProblem, normaliseDate, normalisePriority, normaliseUrl, SITEMAP_NS, toRfc3986 } from './rules.ts'

const generate = async (input: string, options: Record<string, unknown> = {}) => (await runCore(core, input, { mode: 'generate', ...options })) as GenerateResult
const validate = async (input: string, options: Record<string, unknown> = {}) => (await runCore(core, input, { mode: 'validate', ...options })) as ValidateResult

async function failure(promise: Promise<unknown>): Promise<ToolError> {
	try {
		await promise
	} catch (error) {
		if (error instanceof ToolError) return error
		throw error
	}
	throw new Error('expected a ToolError')
}

const urlset = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${extra}>\n${body}\n</urlset>\n`

/** An independent reader: jsdom's XML parser (saxes, namespace-aware, strict). */
function parseXml(xml: string): Document {
	const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml')
	expect(document.getElementsByTagName('parsererror').length, 'jsdom could not parse the XML').toBe(0)
	return document
}

describe('URLs', () => {
	test('written as RFC 3986 URIs: punycode hosts, percent-encoded paths, no fragment', () => {
		expect(normaliseUrl('https://Bücher.example/straße?q=ä|x^{}`&a=1#top')).toEqual({
			url: 'https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%A4%7Cx%5E%7B%7D%60&a=1',
			origin: 'https://xn--bcher-kva.example',
			hadFragment: true,
		})
		// Right-to-left host and path, an emoji, a combining accent, a stray % and brackets.
		expect(normaliseUrl('https://שלום.example/עברית/😀/cafe\u0301/100%/[x]')).toMatchObject({
			url: 'https://xn--9dbne9b.example/%D7%A2%D7%91%D7%A8%D7%99%D7%AA/%F0%9F%98%80/cafe%CC%81/100%25/%5Bx%5D',
		})
		expect(toRfc3986('https://example.com/a#b#c')).toBe('https://example.com/a#b%23c')
		expect(normaliseUrl('/about', 'https://example.com/blog/')).toMatchObject({ url: 'https://example.com/about' })
		expect(normaliseUrl('/about')).toEqual({ problem: expect.stringMatching(/relative URL.*base URL/) })
		expect(normaliseUrl('mailto:a@example.com')).toEqual({ problem: expect.stringMatching(/mailto: link/) })
		expect(normaliseUrl('https://user:secret@example.com/')).toEqual({ problem: expect.stringMatching(/password/) })
		expect(normaliseUrl('https://exa mple.com/')).toEqual({ problem: expect.stringMatching(/not a valid URL/) })
	})

	test('a loc is checked, not fixed: the message names the encoded form', () => {
		expect(locProblem('https://example.com/a?b=1&c=%C3%A4')).toBeNull()
		expect(locProblem('https://bücher.example/')).toMatch(/punycode: https:\/\/xn--bcher-kva\.example\/$/)
		expect(locProblem('https://example.com/café')).toMatch(/U\+00E9 is not allowed.*https:\/\/example\.com\/caf%C3%A9/)
		expect(locProblem('https://example.com/a|b')).toMatch(/“\|” is not allowed/)
		expect(locProblem('https://example.com/100%')).toMatch(/%25/)
		expect(locProblem('https://example.com/a b')).toMatch(/white space/)
		expect(locProblem('/about')).toMatch(/relative URL/)
		expect(locProblem('ftp://example.com/file')).toMatch(/not an http\(s\) URL/)
		expect(locProblem(`https://example.com/${'a'.repeat(2029)}`)).toMatch(/2,049 characters long; at most 2,048/)
		expect(locProblem(`https://example.com/${'a'.repeat(2028)}`)).toBeNull()
		expect(locProblem('http://a.bc')).toMatch(/minimum of 12/)
	})

	test('XML escaping of all five characters', () => {
		expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
	})
})

describe('dates, priorities, languages', () => {
	test('W3C Datetime: the six forms, real dates and times, a zone with every time', () => {
		for (const value of ['2024', '2024-02', '2024-02-29', '2024-02-29T23:59Z', '2024-02-29T10:00:00+01:00', '2024-02-29T10:00:00.123-05:30']) {
			expect(checkW3cDatetime(value), value).toHaveProperty('time')
		}
		expect(checkW3cDatetime('2024-02-29T10:00:00+01:00')).toEqual({ time: Date.UTC(2024, 1, 29, 9) })
		for (const value of ['2023-02-29', '2024-02-30', '2024-13', '2024-04-31', '2024-01-01T24:00Z', '2024-01-01T10:60Z']) {
			expect(checkW3cDatetime(value), value).toEqual({ problem: expect.stringMatching(/not a real/) })
		}
		expect(checkW3cDatetime('2024-01-01T10:00:00')).toEqual({ problem: expect.stringMatching(/needs its time zone/) })
		expect(checkW3cDatetime('2024-1-1')).toEqual({ problem: expect.stringMatching(/not a W3C Datetime/) })
		expect(checkW3cDatetime('01/02/2024')).toEqual({ problem: expect.stringMatching(/not a W3C Datetime/) })
	})

	test('dates from CSV cells are written as W3C Datetime', () => {
		expect(normaliseDate('2024-3-5')).toEqual({ value: '2024-03-05', assumedUtc: false })
		expect(normaliseDate('2024/03/05 9:30')).toEqual({ value: '2024-03-05T09:30:00Z', assumedUtc: true })
		expect(normaliseDate('2024-03-05T09:30:15.5+0100')).toEqual({ value: '2024-03-05T09:30:15.5+01:00', assumedUtc: false })
		expect(normaliseDate('2024-03-05 09:30 UTC')).toEqual({ value: '2024-03-05T09:30:00Z', assumedUtc: false })
		expect(normaliseDate('2024-07')).toEqual({ value: '2024-07', assumedUtc: false })
		expect(normaliseDate('2023-02-29')).toEqual({ problem: expect.stringMatching(/not a real date/) })
		expect(normaliseDate('yesterday')).toEqual({ problem: expect.stringMatching(/not a date/) })
	})

	test('priority 0.0–1.0 with one decimal; hreflang codes', () => {
		expect(normalisePriority('1')).toEqual({ value: '1.0' })
		expect(normalisePriority('.85')).toEqual({ value: '0.9' })
		expect(normalisePriority('1.5')).toEqual({ problem: expect.stringMatching(/out of range/) })
		expect(normalisePriority('high')).toEqual({ problem: expect.stringMatching(/not a number/) })
		for (const code of ['en', 'de-AT', 'zh-Hant', 'zh-Hant-TW', 'es-419', 'x-default']) expect(isHreflang(code), code).toBe(true)
		for (const code of ['english', 'de_AT', '', 'en-', 'x-klingon']) expect(isHreflang(code), code).toBe(false)
	})
})

describe('RFC 4180 CSV', () => {
	test('quoted fields, doubled quotes, line breaks inside quotes, CRLF, a BOM, an empty last field', () => {
		const records = parseCsv('\ufeffloc,note\r\n"https://example.com/a,b","say ""hi""\nagain"\r\nhttps://example.com/c,\n')
		expect(records.map((record) => record.fields)).toEqual([
			['loc', 'note'],
			['https://example.com/a,b', 'say "hi"\nagain'],
			['https://example.com/c', ''],
		])
	})
})

describe('generate', () => {
	test('a URL list: relative paths against the base, blank lines and duplicates skipped, the defaults applied', async () => {
		const result = await generate('https://example.com/\n\n/about\nhttps://example.com/#top\n', { baseUrl: 'https://example.com', changefreq: 'weekly', priority: 0.5, lastmod: 'today' })
		const today = new Date().toISOString().slice(0, 10)
		expect(result).toMatchObject({ mode: 'generate', format: 'urls', urls: 2, alternates: 0 })
		expect(result.output).toBe(
			`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n` +
				`  <url>\n    <loc>https://example.com/</loc>\n    <lastmod>${today}</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.5</priority>\n  </url>\n` +
				`  <url>\n    <loc>https://example.com/about</loc>\n    <lastmod>${today}</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.5</priority>\n  </url>\n` +
				'</urlset>\n',
		)
		expect(result.warnings.map((each) => each.message)).toEqual([
			'Skipped 1 blank line.',
			'Line 4: https://example.com/ is a duplicate of line 1; skipped.',
			'Dropped the #fragment of 1 URL: search engines ignore fragments.',
		])
	})

	test('relative URLs without a base, other hosts and bad links are refused with their lines', async () => {
		const error = await failure(generate('https://example.com/\n/about\nhttp://example.com/\nhttps://other.example/\njavascript:alert(1)'))
		expect(error.status).toBe(400)
		expect(error.message).toMatch(/^Line 2: “\/about” is a relative URL.*\(and 3 more problems\)$/)
		expect(error.details).toMatchObject({ line: 2, column: 1, total: 4 })
		expect(((error.details as { errors: unknown }).errors as Array<{ line: number }>).map((each) => each.line)).toEqual([2, 5, 3, 4])
		expect((await failure(generate('https://example.com/', { baseUrl: 'ftp://x' }))).message).toMatch(/^Validation failed: options: The base URL/)
	})

	test('CSV: columns by name, dates, changefreq and priority normalised, unknown columns ignored', async () => {
		const result = await generate('URL,LastMod,ChangeFreq,Priority,Notes\nhttps://example.com/,2024-3-5 14:30,Weekly,0.85,home\n"https://example.com/a?x=1&y=2",2024-02-29,,1,', { changefreq: 'monthly' })
		expect(result.format).toBe('csv')
		expect(result.output).toContain('<loc>https://example.com/</loc>\n    <lastmod>2024-03-05T14:30:00Z</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.9</priority>')
		expect(result.output).toContain('<loc>https://example.com/a?x=1&amp;y=2</loc>\n    <lastmod>2024-02-29</lastmod>\n    <changefreq>monthly</changefreq>\n    <priority>1.0</priority>')
		expect(result.warnings.map((each) => each.message)).toEqual([
			'Line 1: column 5 “Notes” is not a sitemap column; it is ignored.',
			'1 lastmod time has no time zone: taken as UTC (Z).',
			'Rounded 1 priority to one decimal.',
		])
	})

	test('CSV alternates, as hreflang: columns or one alternates column: every URL lists all, itself included', async () => {
		const columns = await generate('loc,hreflang:en,hreflang:de,hreflang:x-default\nhttps://example.com/en/,/en/,/de/,/')
		const pipe = await generate('loc,alternates\nhttps://example.com/en/,en=https://example.com/en/|de=https://example.com/de/|x-default=https://example.com/')
		for (const result of [columns, pipe]) {
			expect(result.urls).toBe(3)
			const document = parseXml(result.output)
			expect(document.documentElement.getAttribute('xmlns:xhtml')).toBe('http://www.w3.org/1999/xhtml')
			const urls = Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'url'))
			expect(urls.map((url) => url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent)).toEqual(['https://example.com/en/', 'https://example.com/de/', 'https://example.com/'])
			for (const url of urls) {
				const links = Array.from(url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link'), (link) => `${link.getAttribute('hreflang')}=${link.getAttribute('href')}`)
				expect(links).toEqual(['en=https://example.com/en/', 'de=https://example.com/de/', 'x-default=https://example.com/'])
			}
		}
		expect(pipe.warnings.map((each) => each.message)).toContain('Added 2 URLs listed only as hreflang alternates, so every language version has its own <url> entry.')
		const noSelf = await generate('loc,hreflang:de\nhttps://example.com/en/,https://example.com/de/')
		expect(noSelf.warnings.at(-1)!.message).toMatch(/^Line 2: the URL is not among its own hreflang alternates/)
	})

	test('malformed CSV: an unclosed quote, a stray quote, a wrong column count, no loc column, bad cells, each with its line', async () => {
		const unclosed = await failure(generate('loc,lastmod\nhttps://example.com/,2024-01-01\n"https://example.com/b,2024-01-02\nhttps://example.com/c,2024-01-03', { format: 'csv' }))
		expect(unclosed.message).toMatch(/^Line 3: This quoted field is never closed/)
		expect(unclosed.details).toMatchObject({ line: 3, column: 1 })
		expect((await failure(generate('loc,lastmod\nhttps://example.com/a"b,2024-01-01'))).details).toMatchObject({ line: 2, column: 22 })
		const count = await failure(generate('loc,lastmod\nhttps://example.com/,2024-01-01\nhttps://example.com/a,2024-01-02,weekly'))
		expect(count.message).toBe('Line 3: this row has 3 fields, the header 2: a comma inside a value needs the value in quotes ("…").')
		expect((await failure(generate('page,lastmod\nhttps://example.com/,2024-01-01', { format: 'csv' }))).message).toMatch(/^Line 1: the header row has no loc/)
		expect((await failure(generate('page,lastmod\nhttps://example.com/,2024-01-01'))).message).toMatch(/looks like CSV, but no column is named loc/)
		const cells = await failure(generate('loc,lastmod,changefreq,priority,hreflang:english\nhttps://example.com/,2024-02-30,sometimes,2,x'))
		expect(cells.message).toMatch(/^Line 1: column 5 “hreflang:english”/)
		const values = await failure(generate('loc,lastmod,changefreq,priority\nhttps://example.com/,2024-02-30,sometimes,2'))
		expect(((values.details as { errors: unknown }).errors as Array<{ message: string }>).map((each) => each.message)).toEqual([
			'Line 2: lastmod: “2024-02-30” is not a real date.',
			'Line 2: changefreq “sometimes” is not one of always, hourly, daily, weekly, monthly, yearly, never.',
			'Line 2: priority: 2 is out of range; <priority> goes from 0.0 to 1.0.',
		])
	})

	test('hostile values are escaped or encoded: the XML stays well-formed and reads back as the same URLs', async () => {
		const input = `https://example.com/it's/search?q=<script>alert("x")</script>&lang=de\nhttps://example.com/]]><!--\nhttps://example.com/שלום/😀/e\u0301`
		const result = await generate(input)
		expect(result.output).not.toMatch(/<script|]]>|<!--/)
		const locs = Array.from(parseXml(result.output).getElementsByTagNameNS(SITEMAP_NS, 'loc'), (loc) => loc.textContent)
		expect(locs).toEqual([
			"https://example.com/it's/search?q=%3Cscript%3Ealert(%22x%22)%3C/script%3E&lang=de",
			'https://example.com/%5D%5D%3E%3C!--',
			'https://example.com/%D7%A9%D7%9C%D7%95%D7%9D/%F0%9F%98%80/e%CC%81',
		])
		expect(result.output).toContain('<loc>https://example.com/it&apos;s/search?q=%3Cscript%3Ealert(%22x%22)%3C/script%3E&amp;lang=de</loc>')
	})

	test('50,000 URLs make a sitemap; 50,001 are a clear error', async () => {
		const lines = Array.from({ length: MAX_URLS + 1 }, (_, index) => `https://example.com/p/${index}`)
		expect((await generate(lines.slice(0, MAX_URLS).join('\n'))).urls).toBe(MAX_URLS)
		const error = await failure(generate(lines.join('\n')))
		expect(error.status).toBe(400)
		expect(error.message).toMatch(/^50,001 URLs: a sitemap holds at most 50,000\. Split the list/)
	})

	test('thousands of bad lines: the first 100 are listed, all are counted', async () => {
		const error = await failure(generate('nope\n'.repeat(5000)))
		expect(error.message).toMatch(/^Line 1: “nope” is a relative URL.* \(and 4,999 more problems; the first 100 are listed\)$/)
		expect(error.details).toMatchObject({ total: 5000 })
		expect((error.details as { errors: Array<unknown> }).errors).toHaveLength(100)
		const duplicates = await generate('https://example.com/\n'.repeat(5000))
		expect(duplicates.urls).toBe(1)
		expect(duplicates.warnings).toHaveLength(101)
		expect(duplicates.warnings.at(-1)).toEqual({ message: '…and 4,899 more warnings like these.' })
	})

	test('empty input says what to enter', async () => {
		expect((await failure(generate(' \n '))).message).toBe('Enter some URLs, one a line, or a CSV with a loc column.')
		expect((await failure(validate(''))).message).toBe('Paste a sitemap (its XML) to check, or open the file.')
		expect((await failure(generate('loc,lastmod\n', { format: 'csv' }))).message).toBe('The CSV has a header row but no URLs under it.')
	})
})

describe('malformed XML is a 400 with its line and column', () => {
	const cases: Array<[string, string, RegExp, { line: number; column: number }]> = [
		['an unclosed tag', urlset('<url>\n  <loc>https://example.com/</loc>').replace('\n</urlset>\n', ''), /Unclosed tags <urlset>, <url>/, { line: 3, column: 1 }],
		['a mismatched closing tag', urlset('<url><loc>https://example.com/</loc></urlset>'), /Expected <\/url> \(opened on line 3\) but found <\/urlset>/, { line: 3, column: 37 }],
		['an unknown entity', urlset('<url><loc>https://example.com/?a=1&nbsp;</loc></url>'), /Unknown entity &nbsp;/, { line: 3, column: 35 }],
		['a raw &', urlset('<url><loc>https://example.com/?a=1&b=2</loc></url>'), /raw '&' must be written as &amp;/, { line: 3, column: 35 }],
		['a raw <', urlset('<url><loc>https://example.com/a<1</loc></url>'), /raw '<' must be written as &lt;/, { line: 3, column: 32 }],
		[
			'a DOCTYPE with entity expansion (billion laughs)',
			'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<urlset>&lol2;</urlset>',
			/A DOCTYPE is not allowed in a sitemap/,
			{ line: 2, column: 1 },
		],
		['an external entity (XXE)', '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<urlset>&e;</urlset>', /DOCTYPE/, { line: 2, column: 1 }],
		['a second root', `${urlset('<url><loc>https://example.com/</loc></url>')}<urlset/>`, /second root element/, { line: 5, column: 1 }],
		['text after the root', `${urlset('<url><loc>https://example.com/</loc></url>')}oops`, /Text after the root element/, { line: 5, column: 1 }],
		['a declaration after a blank line', `\n${urlset('<url><loc>https://example.com/</loc></url>')}`, /must be the very first thing/, { line: 2, column: 1 }],
		['an undeclared prefix', urlset('<url><loc>https://example.com/</loc><image:image/></url>'), /prefix 'image:' is not declared/, { line: 3, column: 37 }],
		['a control character', urlset('<url><loc>https://example.com/\u0001</loc></url>'), /U\+0001 is not a character XML allows/, { line: 3, column: 31 }],
		['a repeated attribute', urlset('<url><loc>https://example.com/</loc></url>', ' a="1" a="2"'), /Attribute 'a' is repeated/, { line: 2, column: 67 }],
		['not XML at all', 'https://example.com/\nhttps://example.com/about', /Text before the root element/, { line: 1, column: 1 }],
	]
	test('nesting deeper than 100 levels is a 422: not a sitemap', async () => {
		const error = await failure(validate(`<urlset xmlns="${SITEMAP_NS}">${'<a>'.repeat(100_000)}`))
		expect(error.status).toBe(422)
		expect(error.message).toBe('Elements are nested more than 100 levels deep: this is not a sitemap (they nest four or five).')
		expect(error.details).toMatchObject({ line: 1, column: 358 })
	})

	for (const [name, input, message, position] of cases) {
		test(name, async () => {
			const error = await failure(validate(input))
			expect(error.status).toBe(400)
			expect(error.message).toMatch(/^Not well-formed XML: /)
			expect(error.message).toMatch(message)
			expect(error.details).toMatchObject(position)
		})
	}
})

describe('validate', () => {
	const entry = (loc: string, extra = '') => `  <url>\n    <loc>${loc}</loc>${extra}\n  </url>`

	test('a valid sitemap: the count, the verdict and the report', async () => {
		const input = urlset(
			[
				entry('https://example.com/', '\n    <lastmod>2024-02-29T10:00:00+01:00</lastmod>\n    <changefreq>daily</changefreq>\n    <priority>1.0</priority>'),
				entry('https://example.com/a?b=1&amp;c=%C3%A4', '\n    <image:image><image:loc>https://cdn.example/a.png</image:loc></image:image>\n    <xhtml:link rel="alternate" hreflang="en" href="https://example.com/a?b=1&amp;c=%C3%A4"/>'),
				entry('<![CDATA[https://example.com/c]]>'),
			].join('\n'),
			' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"',
		)
		const result = await validate(input)
		expect(result).toMatchObject({ valid: true, kind: 'urlset', urls: 3, errors: [], warnings: [], errorCount: 0, warningCount: 0 })
		expect(result.output).toMatch(/^Valid sitemap: 3 URLs, no errors, 0 warnings\.\n\nType: URL set \(<urlset>\)\nURLs: 3 \(limit 50,000\)\n/)
	})

	test('a sitemap index', async () => {
		const index = `<sitemapindex xmlns="${SITEMAP_NS}">\n<sitemap><loc>https://example.com/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n<sitemap><loc>https://example.com/s2.xml</loc><priority>0.5</priority></sitemap>\n</sitemapindex>`
		const result = await validate(index)
		expect(result).toMatchObject({ valid: false, kind: 'sitemapindex', urls: 2, errorCount: 1 })
		expect(result.errors[0]).toMatchObject({ line: 3, column: 47 })
		expect(result.errors[0]!.message).toMatch(/^<priority> is not a sitemaps\.org element: <sitemap> holds <loc>, <lastmod>/)
	})

	test('every schema rule is an error with its line and column', async () => {
		const input = urlset(
			[
				entry('https://example.com/café', '\n    <lastmod>2023-02-29</lastmod>\n    <changefreq>Daily</changefreq>\n    <priority>1.5</priority>'),
				'  <url>\n    <lastmod>2024-01-01</lastmod>\n  </url>',
				entry('https://example.com/b', '\n    <loc>https://example.com/c</loc>\n    <title>B</title>'),
				entry('/relative'),
				entry('https://other.example/'),
				entry('https://example.com/<b/>'.replace('<b/>', '&lt;b&gt;'), '\n    <priority><b>1</b></priority>'),
				'  stray text',
			].join('\n'),
		)
		const result = await validate(input)
		expect(result.valid).toBe(false)
		expect(result.output.split('\n', 1)[0]).toBe(`Not a valid sitemap: ${result.errorCount} errors, 0 warnings.`)
		expect(result.errors.map((each) => `${each.line}:${each.column} ${each.message}`)).toEqual([
			'4:10 <loc>: the URL is not percent-encoded (U+00E9 is not allowed in a URI): write https://example.com/caf%C3%A9',
			'5:14 <lastmod>: “2023-02-29” is not a real date.',
			'6:17 <changefreq> “Daily” is not one of always, hourly, daily, weekly, monthly, yearly, never (they are lower case: daily).',
			'7:15 <priority>: 1.5 is out of range; <priority> goes from 0.0 to 1.0.',
			'9:3 <url> has no <loc>: every entry needs its URL.',
			'14:5 <url> has a second <loc>: each may appear once.',
			'15:5 <title> is not a sitemaps.org element: <url> holds <loc>, <lastmod>, <changefreq>, <priority> (and elements of other namespaces, such as image: or xhtml:).',
			'18:10 <loc>: “/relative” is a relative URL; <loc> must be absolute (https://…).',
			'21:10 https://other.example/ is not on https://example.com (the host and scheme of the first URL): a sitemap may only list URLs of one host.',
			'24:10 <loc>: the URL is not percent-encoded (“<” is not allowed in a URI): write https://example.com/%3Cb%3E',
			'25:15 <b> is not allowed inside <priority>, which holds text only.',
			'27:3 Text is not allowed directly inside <urlset>: “stray text”.',
		])
	})

	test('the root and its namespace', async () => {
		const wrongNs = await validate('<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://example.com/</loc></url></urlset>')
		expect(wrongNs.errors[0]!.message).toBe(`<urlset> must be in the sitemaps.org namespace: add xmlns="${SITEMAP_NS}" (it is in http://www.google.com/schemas/sitemap/0.84).`)
		expect(wrongNs.errorCount).toBe(1)
		const noNs = await validate('<urlset><url><loc>https://example.com/</loc></url></urlset>')
		expect(noNs.errors.map((each) => each.message)).toEqual([`<urlset> must be in the sitemaps.org namespace: add xmlns="${SITEMAP_NS}".`])
		const rss = await validate('<rss version="2.0"><channel/></rss>')
		expect(rss).toMatchObject({ valid: false, kind: null, urls: 0 })
		expect(rss.errors[0]!.message).toMatch(/^The root element is <rss>/)
		expect((await validate(`<urlset xmlns="${SITEMAP_NS}"/>`)).errors[0]!.message).toBe('<urlset> has no <url> entries: a sitemap lists at least one.')
	})

	test('one host: the first URL’s, or the site URL’s host, scheme and folder', async () => {
		const input = urlset([entry('https://example.com/shop/a'), entry('http://example.com/shop/b'), entry('https://example.com/blog/c')].join('\n'))
		expect((await validate(input)).errors.map((each) => each.line)).toEqual([7])
		const folder = await validate(input, { siteUrl: 'https://example.com/shop/sitemap.xml' })
		expect(folder.errors.map((each) => `${each.line}: ${each.message}`)).toEqual([
			'7: http://example.com/shop/b is not on https://example.com (the host and scheme of the site URL): a sitemap may only list URLs of one host.',
			'10: https://example.com/blog/c is outside /shop/: a sitemap at https://example.com/shop/sitemap.xml may only list URLs under that folder.',
		])
		expect((await failure(validate(input, { siteUrl: 'not a url' }))).message).toMatch(/^Validation failed: options: The site URL/)
	})

	test('warnings: duplicates, the schema’s order (once, counted), future dates, hreflang without itself, the encoding', async () => {
		const input = urlset(
			[
				entry('https://example.com/', '\n    <priority>0.5</priority>\n    <lastmod>2999-01-01</lastmod>'),
				entry('https://example.com/', '\n    <changefreq>daily</changefreq>\n    <lastmod>2024-01-01</lastmod>'),
				entry('https://example.com/de/', '\n    <xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/>'),
			].join('\n'),
			' xmlns:xhtml="http://www.w3.org/1999/xhtml"',
		).replace('UTF-8', 'ISO-8859-1')
		const result = await validate(input)
		expect(result).toMatchObject({ valid: true, errorCount: 0, warningCount: 5 })
		expect(result.warnings.map((each) => `${each.line}: ${each.message}`)).toEqual([
			'1: The declaration says encoding="ISO-8859-1": sitemaps must be UTF-8.',
			"6: <lastmod> is out of the schema's order (loc, lastmod, changefreq, priority, then other namespaces); search engines accept any order, schema validators do not. (2 times; the first is shown)",
			'6: <lastmod> 2999-01-01 is in the future; search engines may ignore such dates.',
			'9: Duplicate URL https://example.com/. (first on line 4)',
			'13: The hreflang alternates of https://example.com/de/ do not list the page itself: Google asks every <url> to list all its language versions, itself included.',
		])
	})

	test('50,001 URLs are an error naming the count; problems are listed up to 100, then counted', async () => {
		const many = urlset(Array.from({ length: MAX_URLS + 1 }, (_, index) => `<url><loc>https://example.com/${index}</loc><priority>2</priority></url>`).join('\n'))
		const result = await validate(many)
		expect(result).toMatchObject({ valid: false, urls: MAX_URLS + 1, errorCount: MAX_URLS + 2 })
		expect(result.errors).toHaveLength(100)
		expect(result.errors[0]).toEqual({
			line: 2,
			column: 1,
			message: 'The sitemap lists 50,001 URLs: at most 50,000 are allowed. Split it into sitemaps of at most 50,000 and list them in a sitemap index.',
		})
		expect(result.output).toMatch(/\n…and 49,902 more\n/)
	})

	test('the 50 MB rule on the bytes given', () => {
		expect(sizeProblem(52_428_800)).toBeNull()
		expect(sizeProblem(52_428_801)).toBe('The sitemap is 50 MB (52,428,801 bytes) uncompressed; at most 50 MB (52,428,800 bytes) are allowed: split it.')
	})
})

describe('round trip', () => {
	test('what the generator makes, the validator passes and an independent parser reads', async () => {
		const csv =
			'\ufeffloc,lastmod,changefreq,priority,alternates\r\n' +
			'https://bücher.example/straße?a=1&b=ä,2024-3-5 14:30,Weekly,0.85,de=/straße?a=1&b=ä|en=/en/street|x-default=/\r\n' +
			'"/שלום/😀/cafe\u0301?q=""x""",2024-02-29,,,\r\n'
		const generated = await generate(csv, { baseUrl: 'https://bücher.example', lastmod: 'today' })
		expect(generated.urls).toBe(4)
		const checked = await validate(generated.output, { siteUrl: 'https://bücher.example/' })
		expect(checked).toMatchObject({ valid: true, errorCount: 0, warningCount: 0, urls: 4 })
		const locs = Array.from(parseXml(generated.output).getElementsByTagNameNS(SITEMAP_NS, 'loc'), (loc) => loc.textContent)
		expect(locs).toEqual([
			'https://xn--bcher-kva.example/stra%C3%9Fe?a=1&b=%C3%A4',
			'https://xn--bcher-kva.example/%D7%A9%D7%9C%D7%95%D7%9D/%F0%9F%98%80/cafe%CC%81?q=%22x%22',
			'https://xn--bcher-kva.example/en/street',
			'https://xn--bcher-kva.example/',
		])
	})
})
