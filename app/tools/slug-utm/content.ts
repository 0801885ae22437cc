import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'slug-utm',
	howTo: {
		title: 'How to make slugs, tag links and clean them',
		steps: [
			'Choose Slug to turn titles into URL slugs, UTM link to add campaign tags to links, or Clean link to strip tracking parameters.',
			'Type or paste one title or one link a line: a whole list is done at once, and blank lines stay blank.',
			'For slugs, pick the separator, whether to drop stop words such as “the” and “of”, and a maximum length (the slug is cut after a whole word).',
			'For UTM links, fill in the source (required), medium and campaign, and if you like the term and content. Tags already on a link are replaced; its other parameters and its #fragment stay as they were.',
			'Copy the result, download it, or copy a link that opens the tool with your input.',
		],
	},
	examples: [
		{
			title: 'Headlines in several languages',
			input: 'The 10 Best Cafés in Köln — Straße für Straße\nКак выбрать ноутбук в 2025 году\nΟδηγός για την Αθήνα\nİstanbul’da hafta sonu: şık çiçekler\nCách nấu phở bò ngon',
			options: { mode: 'slug', removeStopWords: true, maxLength: 60 },
			note: 'Accents go, ß becomes ss, ä ö ü become ae oe ue, Cyrillic, Greek, Turkish and Vietnamese are spelled in Latin letters, and “the” and “in” are dropped.',
		},
		{
			title: 'Campaign links for a newsletter',
			input: 'https://example.com/spring-sale?color=red#offers\nexample.com/blog/new-arrivals',
			options: { mode: 'utm', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring sale 2025' },
			note: 'The tags go after the link’s own parameters and before the #fragment; the space in the campaign name is encoded as %20.',
		},
		{
			title: 'A shared link full of trackers',
			input: 'https://shop.example/p/42?size=m&utm_source=facebook&utm_medium=social&fbclid=IwAR2xYz&gclid=Cj0KCQ&mc_eid=8a1b#reviews',
			options: { mode: 'clean' },
			note: 'utm_*, fbclid, gclid and mc_eid go; size=m and #reviews stay.',
		},
	],
	faq: [
		{
			question: 'What makes a good slug?',
			answer:
				'Short, readable and made of the words people search for: lower-case letters, digits and hyphens, no accents or punctuation. Google treats hyphens as word separators (underscores join words), so hyphens are the default. Dropping stop words such as “the”, “a” and “of” and keeping slugs under about 60 characters makes them easier to read and share; the maximum length here always cuts after a whole word.',
		},
		{
			question: 'How are accents and other alphabets handled?',
			answer:
				'Accents are removed (é → e, ñ → n, Vietnamese tones too), ß becomes ss, æ ae, ø o, ł l and đ d. German ä ö ü become ae oe ue, the German convention; turn that off for Turkish, Finnish or Hungarian, where they become a o u. Russian, Ukrainian, Serbian and other Cyrillic alphabets follow the usual web spelling (щ → shch, ж → zh), and Greek follows ELOT 743 (θ → th, ου → ou).',
		},
		{
			question: 'What happens to Chinese, Japanese, Korean and Arabic?',
			answer:
				'They are kept as they are. These scripts have no letter-by-letter Latin spelling: Chinese characters have several readings that only a dictionary and the context can choose between, so any guess would produce wrong words. Browsers show such slugs as typed and send them percent-encoded, and search engines index them. If your system needs ASCII-only slugs, choose “ASCII only” to drop them, and write the Latin words yourself.',
		},
		{
			question: 'What are UTM tags?',
			answer:
				'Five query parameters that analytics tools such as Google Analytics read to tell where a visit came from: utm_source (who sent it, such as newsletter or google), utm_medium (the channel, such as email or cpc), utm_campaign (the campaign name), utm_term (the paid keyword) and utm_content (which link or ad). They are case-sensitive, so keep to lower case. The values are percent-encoded, so spaces, & and # cannot break the link.',
		},
		{
			question: 'Which tracking parameters does the cleaner remove?',
			answer:
				'Every utm_* parameter, and the click and mail identifiers of the big ad and mail platforms: fbclid (Meta), gclid, gclsrc, dclid, gbraid, wbraid and _gl (Google), msclkid (Microsoft), mc_eid and mc_cid (Mailchimp), _ga, yclid and ysclid (Yandex), igshid (Instagram), twclid (X), ttclid (TikTok), li_fat_id (LinkedIn), the HubSpot and Marketo ones and a few more. Each is removed every time it appears; the other parameters, their order and the #fragment stay exactly as they were.',
		},
		{
			question: 'Are my links opened or sent anywhere?',
			answer:
				'No link is ever opened or fetched: the tool only reads them as text. While JavaScript is on, everything runs in your browser. Without JavaScript, pressing the button sends the text to our server, which answers and keeps nothing.',
		},
	],
	api: {
		input: 'https://example.com/shoes?color=red&fbclid=IwAR2&utm_source=fb#reviews',
		options: { mode: 'clean' },
		note: 'Options: mode (slug, utm or clean); for slugs separator (- or _), lowercase (true), removeStopWords (false), maxLength (0 for none), germanUmlauts (true) and ascii (false); for UTM links utm_source (required), utm_medium, utm_campaign, utm_term and utm_content. The answer adds lines, notes and, when cleaning, removed (each parameter and how often).',
	},
})
