import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'robots-txt',
	howTo: {
		title: 'How to make and test a robots.txt',
		steps: [
			'To make one, pick a starting point (allow all, block all, WordPress, an online store, a Next.js or static site, or block AI crawlers), then add a group for each crawler you want to treat differently: its name, the paths it may not fetch (Disallow) and the ones it may (Allow), one a line.',
			'Add your sitemap’s full URL, then copy the file or download it as robots.txt and put it at the root of your site (https://example.com/robots.txt).',
			'To test one, paste a robots.txt (or press “Test this file”), enter one URL or path a line and pick a crawler: each URL is Allowed or Blocked, with the rule and line that decided.',
			'Read the warnings: typos Google still accepts, rules outside any group, fields crawlers ignore, and anything past the 500 KiB Google reads.',
		],
	},
	examples: [
		{
			title: 'Which rule wins: the longest one',
			input: 'User-agent: *\nDisallow: /shop/\nAllow: /shop/sale/\nDisallow: /*.pdf$\n\nSitemap: https://example.com/sitemap.xml',
			options: { url: '/shop/cart\n/shop/sale/shoes\n/shop/sale/catalogue.pdf\n/about', userAgent: 'Googlebot' },
			note: 'Allow: /shop/sale/ (11 characters) beats Disallow: /shop/ (6); even the PDF under /shop/sale/ is allowed, because /*.pdf$ (7) is shorter.',
		},
		{
			title: 'The most specific group applies',
			input: 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /drafts/\n\nUser-agent: GPTBot\nDisallow: /',
			options: { url: '/private/report\n/drafts/post', userAgent: 'Googlebot-Image' },
			note: 'Googlebot-Image has no group of its own, so it follows the Googlebot group, not the * group: /private/ is allowed to it.',
		},
	],
	faq: [
		{
			question: 'How does a crawler decide whether a URL is allowed?',
			answer:
				'It finds the group for its name, then compares the URL’s path (with its query string) with every Allow and Disallow rule in that group. The longest matching rule wins, counted in bytes once non-ASCII characters are percent-encoded; when an Allow and a Disallow are equally long, Allow wins. If no rule matches, the URL is allowed. This is RFC 9309, the Robots Exclusion Protocol, and how Google’s own parser behaves; this tool follows it and tells you which rule, on which line, decided.',
		},
		{
			question: 'Which group applies to a crawler?',
			answer:
				'The group whose User-agent line names the crawler’s product token, compared without regard to case (Googlebot, googlebot and GOOGLEBOT are the same). Only the token counts: a line such as “User-agent: Googlebot/2.1” is read as Googlebot. Several groups for the same name are merged. Some of Google’s crawlers answer to more than one name and use the most specific one that has a group: Googlebot-News, Googlebot-Image and Googlebot-Video follow a googlebot group when there is none of their own. Otherwise the crawler follows the “User-agent: *” group, and with no group at all everything is allowed. AdsBot-Google ignores the * group: it must be named.',
		},
		{
			question: 'What do * and $ mean?',
			answer:
				'A * stands for any run of characters, including none: Disallow: /*.pdf blocks every URL with “.pdf” in it. A $ at the very end anchors the rule to the end of the URL: Disallow: /*.pdf$ blocks /file.pdf but not /file.pdf?download=1. Rules always start at the beginning of the path, so write them with a leading slash. To match a real * or $ in a URL, write %2A or %24.',
		},
		{
			question: 'Does Google read Crawl-delay, Noindex or Host?',
			answer:
				'No. Google ignores Crawl-delay (Bing and Yandex wait that many seconds between requests), Noindex in robots.txt has not worked since 2019 (use a robots meta tag or an X-Robots-Tag header), and Host was Yandex-only. Blocking a page in robots.txt also does not remove it from search: a blocked URL can still be listed if other sites link to it. Use noindex on a page crawlers may fetch for that.',
		},
		{
			question: 'How do I block AI crawlers?',
			answer:
				'Give each of their names a Disallow: / group: GPTBot and OAI-SearchBot (OpenAI), ChatGPT-User, ClaudeBot and anthropic-ai (Anthropic), CCBot (Common Crawl), Google-Extended (Gemini training, it does not affect Google Search), PerplexityBot, Bytespider, Amazonbot, Applebot-Extended, meta-externalagent and others. The “Block AI crawlers” preset and checkbox add that group for you. robots.txt is a request, not a lock: well-behaved crawlers follow it.',
		},
		{
			question: 'Is there a size limit?',
			answer:
				'Google reads the first 500 KiB (512,000 bytes) of a robots.txt and ignores the rest; the tester says which line it stopped at. Lines longer than about 16 KB are cut too. The tester takes files up to 10 MB and up to 100 URLs at once (20,000 characters in all), and answers promptly even for a file with ten thousand rules full of wildcards: its matcher never backtracks.',
		},
	],
	api: {
		input: 'User-agent: *\nDisallow: /private/\nAllow: /private/press/',
		options: { url: 'https://example.com/private/plans.html', userAgent: 'Googlebot' },
		note: 'Options: mode (test or generate); for tests url (one URL or path a line) and userAgent (Googlebot); for generate, input holds your rules as robots.txt lines, with preset (none, allow-all, block-all, wordpress, shopify, nextjs, block-ai), blockAi (false) and sitemaps (one URL a line). A test answers allowed, verdict, rule (line, type, pattern), group, results (one per URL) and warnings.',
	},
})
