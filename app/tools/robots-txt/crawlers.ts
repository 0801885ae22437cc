/**
 * Crawlers people test against, with the product tokens they obey (Google's
 * crawler documentation: Googlebot-Image, -Video and -News also obey a
 * `googlebot` group when there is none of their own; AdsBot-Google ignores
 * the `*` group), and the AI crawlers the "Block AI crawlers" preset names.
 */
export type Crawler = {
	token: string
	label: string
	/** Tokens tried after `token`, most specific first. */
	obeys?: ReadonlyArray<string>
	/** Does not follow the `*` group (it must be named). */
	ignoresGlobal?: boolean
}

export const CRAWLERS: ReadonlyArray<Crawler> = [
	{ token: 'Googlebot', label: 'Google Search' },
	{ token: 'Googlebot-Image', label: 'Google Images', obeys: ['Googlebot'] },
	{ token: 'Googlebot-Video', label: 'Google Video', obeys: ['Googlebot'] },
	{ token: 'Googlebot-News', label: 'Google News', obeys: ['Googlebot'] },
	{ token: 'Google-InspectionTool', label: 'Google Search Console tests', obeys: ['Googlebot'] },
	{ token: 'Storebot-Google', label: 'Google Shopping' },
	{ token: 'GoogleOther', label: 'Google research crawls' },
	{ token: 'Google-Extended', label: 'Google AI training (Gemini)' },
	{ token: 'AdsBot-Google', label: 'Google Ads landing pages', ignoresGlobal: true },
	{ token: 'Bingbot', label: 'Bing' },
	{ token: 'DuckDuckBot', label: 'DuckDuckGo' },
	{ token: 'Applebot', label: 'Apple (Siri, Spotlight)' },
	{ token: 'YandexBot', label: 'Yandex' },
	{ token: 'Baiduspider', label: 'Baidu' },
	{ token: 'facebookexternalhit', label: 'Facebook link previews' },
	{ token: 'Twitterbot', label: 'X link previews' },
	{ token: 'GPTBot', label: 'OpenAI training' },
	{ token: 'ChatGPT-User', label: 'ChatGPT browsing' },
	{ token: 'OAI-SearchBot', label: 'ChatGPT search' },
	{ token: 'ClaudeBot', label: 'Anthropic training' },
	{ token: 'anthropic-ai', label: 'Anthropic (older token)' },
	{ token: 'CCBot', label: 'Common Crawl' },
	{ token: 'PerplexityBot', label: 'Perplexity' },
	{ token: 'Bytespider', label: 'ByteDance' },
	{ token: 'Amazonbot', label: 'Amazon' },
]

/** The user agents the "Block AI crawlers" preset blocks (training and AI answer crawlers). */
export const AI_CRAWLERS: ReadonlyArray<string> = [
	'GPTBot',
	'ChatGPT-User',
	'OAI-SearchBot',
	'CCBot',
	'Google-Extended',
	'anthropic-ai',
	'ClaudeBot',
	'Claude-Web',
	'PerplexityBot',
	'Bytespider',
	'Amazonbot',
	'Applebot-Extended',
	'meta-externalagent',
	'FacebookBot',
	'cohere-ai',
	'Diffbot',
	'Omgilibot',
	'ImagesiftBot',
	'Timpibot',
]

export type ResolvedCrawler = { tokens: Array<string>; ignoresGlobal: boolean; note: string | null }

/**
 * The tokens to match for what the user typed: a known crawler's chain; a
 * product token as typed; or, from a whole user-agent string such as
 * "Mozilla/5.0 (compatible; Googlebot/2.1; …)", the known crawler it names,
 * else its first product token. Null when there is no token at all.
 */
export function resolveCrawler(typed: string): ResolvedCrawler | null {
	const text = typed.trim()
	const known = (token: string) => CRAWLERS.find((crawler) => crawler.token.toLowerCase() === token.toLowerCase())
	const chain = (crawler: Crawler, note: string | null): ResolvedCrawler => ({
		tokens: [crawler.token, ...(crawler.obeys ?? [])],
		ignoresGlobal: crawler.ignoresGlobal ?? false,
		note,
	})
	if (/^[A-Za-z_-]+$/.test(text)) {
		const crawler = known(text)
		return crawler ? chain(crawler, null) : { tokens: [text], ignoresGlobal: false, note: null }
	}
	// A whole user-agent string: the most specific known token it contains.
	const lower = text.toLowerCase()
	const named = [...CRAWLERS]
		.sort((a, b) => b.token.length - a.token.length)
		.find((crawler) => {
			const at = lower.indexOf(crawler.token.toLowerCase())
			if (at === -1) return false
			const after = lower[at + crawler.token.length]
			return after === undefined || !/[a-z_-]/.test(after)
		})
	if (named) return chain(named, `Read the product token “${named.token}” from the user-agent string.`)
	const token = /[A-Za-z_-]+/.exec(text)?.[0]
	if (!token) return null
	return { tokens: [token], ignoresGlobal: false, note: `Read the product token “${token}” from “${text.slice(0, 80)}”.` }
}
