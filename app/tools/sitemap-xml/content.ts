import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'sitemap-xml',
	howTo: {
		title: 'How to make or check a sitemap.xml',
		steps: [
			'Choose Generate to make a sitemap, or Validate to check one.',
			'To generate, paste your URLs one a line, or a CSV whose header row names the columns: loc (or url), lastmod, changefreq, priority, and one hreflang:de column per language (or one alternates column: de=https://…|fr=https://…).',
			'Set what rows without their own values get: change frequency, priority, and lastmod today or none. Give a base URL to resolve relative paths such as /about.',
			'Copy the XML or download it as sitemap.xml, put it at the root of your site, and name it in robots.txt (Sitemap: https://example.com/sitemap.xml).',
			'To validate, paste a sitemap or open the file: the report lists every error and warning with its line, and says whether the sitemap is valid.',
		],
	},
	examples: [
		{
			title: 'A list of pages on an international domain',
			input: 'https://bücher.example/\nhttps://bücher.example/straße?q=ä&b=1\n/contact\nhttps://bücher.example/café#menu\n\nhttps://bücher.example/',
			options: { mode: 'generate', format: 'auto', baseUrl: 'https://bücher.example', changefreq: 'weekly', priority: '', lastmod: 'none' },
			note: 'The host is written in punycode, ß, ä and é are percent-encoded, & becomes &amp;, /contact is resolved against the base URL, and the fragment, the blank line and the duplicate go.',
		},
		{
			title: 'CSV with dates and hreflang alternates',
			input:
				'loc,lastmod,changefreq,priority,hreflang:en,hreflang:de\nhttps://example.com/en/,2024-3-5 14:30,Weekly,0.8,https://example.com/en/,https://example.com/de/\n"https://example.com/en/shoes?size=42&color=red",2024-02-29,daily,1,,',
			options: { mode: 'generate', format: 'auto' },
			note: 'Dates become W3C Datetime, Weekly becomes weekly, & becomes &amp;, and the German page gets its own <url> with the same alternates.',
		},
		{
			title: 'A sitemap with mistakes',
			input:
				'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>https://example.com/café</loc>\n    <lastmod>2023-02-30</lastmod>\n    <changefreq>Daily</changefreq>\n  </url>\n  <url>\n    <loc>https://example.com/</loc>\n    <priority>1.5</priority>\n  </url>\n  <url>\n    <loc>http://other.example/</loc>\n  </url>\n</urlset>',
			options: { mode: 'validate' },
			note: 'An unencoded é, February 30, a capital D, a priority above 1.0 and a URL on another host: five errors, each with its line.',
		},
	],
	faq: [
		{
			question: 'What are the limits of a sitemap?',
			answer:
				'At most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per file, all on one host and scheme, each URL at most 2,048 characters. A bigger site splits its URLs into several sitemaps and lists them in a sitemap index (<sitemapindex>), which this tool validates too. The generator refuses more than 50,000 URLs with a message rather than cutting the list. This site takes files up to 10 MB, so the 50 MB rule is checked on what it can take; Open file names a bigger file as over the limit without sending it anywhere.',
		},
		{
			question: 'Why are some of my URLs changed?',
			answer:
				'A <loc> must be a URI (RFC 3986): only ASCII letters, digits and a few symbols. So an international domain such as bücher.example is written in punycode (xn--bcher-kva.example), and accents, spaces, emoji, right-to-left letters and characters such as | or { } in the path and query are percent-encoded (é becomes %C3%A9). Browsers show them decoded. The #fragment is dropped, because search engines ignore it, and & becomes &amp; in the XML.',
		},
		{
			question: 'How do hreflang alternates work?',
			answer:
				'For pages in several languages, Google reads <xhtml:link rel="alternate" hreflang="de" href="…"/> elements inside each <url>: every language version lists all versions, itself included. In the CSV, give one column per language (hreflang:en, hreflang:de, x-default too) or one alternates column such as en=https://example.com/en/|de=https://example.com/de/. A version on your host that has no row of its own is added as its own <url> with the same list; versions on other hosts belong in those hosts’ sitemaps.',
		},
		{
			question: 'What does the validator check?',
			answer:
				'First that the XML is well-formed (unclosed tags, a raw & or <, unknown entities: the line and column of the first problem). A DOCTYPE is refused and never read, so no entity is ever expanded. Then the sitemaps.org 0.9 schema and protocol: the root <urlset> or <sitemapindex> in the sitemaps.org namespace, one <loc> per entry, absolute http(s) URLs properly encoded, lastmod as a real W3C Datetime (no February 30; a time needs its time zone), changefreq one of always, hourly, daily, weekly, monthly, yearly, never, priority from 0.0 to 1.0, no unknown elements in the sitemap namespace (image:, video:, news: and xhtml: extensions are fine), the 50,000-URL and 50 MB limits, and one host. Duplicates, the schema’s element order and dates in the future are warnings. Give a site URL to hold every URL to your host and folder.',
		},
		{
			question: 'Are my URLs fetched or stored?',
			answer:
				'No URL is ever opened: the tool only reads them as text. While JavaScript is on, everything runs in your browser. Without JavaScript, the button sends the text to our server, which answers and keeps nothing.',
		},
	],
	api: {
		input: 'https://example.com/\nhttps://example.com/about',
		options: { mode: 'generate', changefreq: 'weekly', lastmod: 'today' },
		note: 'Options: mode (generate or validate); to generate, format (auto, urls or csv), baseUrl, changefreq and priority ("" for none, or a value) and lastmod (none or today); to validate, siteUrl. Generating answers the XML as output, with urls, alternates and warnings; validating answers valid, urls, errors and warnings (each with line, column and message, the first 100), errorCount, warningCount, and the report as output. Malformed XML or CSV is a 400 with its line and column.',
	},
})
