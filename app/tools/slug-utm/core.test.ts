/**
 * The slug, UTM and link-cleaning core: transliteration table cases per
 * script, stop words, the maximum length cut at a word boundary, UTM
 * encoding and replacement, tracking parameters stripped (repeated, mixed
 * case, before a fragment that keeps its own look-alikes), bad links with
 * their line, and inputs built to make a careless regular expression
 * backtrack.
 */
import { describe, expect, test } from 'vitest'
import { runCore } from '#app/tools/kit/core.ts'
import { core, isTrackingParam, type SlugUtmResult } from './core.ts'

async function run(input: string, options: Record<string, unknown> = {}) {
	return (await runCore(core, input, options)) as SlugUtmResult
}

async function slug(input: string, options: Record<string, unknown> = {}) {
	return (await run(input, options)).output
}

describe('slugs: transliteration', () => {
	test.each([
		// German: ß and the umlauts the German way (ae, oe, ue), on by default.
		['Grüße aus Köln: Straße & Maß!', 'gruesse-aus-koeln-strasse-mass'],
		['ÄRGER über Öl', 'aerger-ueber-oel'],
		// Russian, with ё, щ, the hard and soft signs; Ukrainian є ї ґ (и and г are spelled the Russian way); Serbian љ њ џ.
		['Привет, мир! Щука и ёж', 'privet-mir-shchuka-i-yozh'],
		['Подъезд, соль', 'podezd-sol'],
		['Європа, ґанок, їжак', 'yevropa-ganok-yizhak'],
		['Љубав и њива, џем', 'ljubav-i-njiva-dzem'],
		// Greek with accents and final sigma; ου is "ou".
		['Ελληνικά: Αθήνα, ουρανός', 'ellinika-athina-ouranos'],
		['Ψυχή και Χάος', 'psychi-kai-chaos'],
		// Turkish: dotted and dotless i, ş ç ğ ö ü (umlauts off: Turkish spells ö as o).
		['İstanbul’da Şık Çiçekler, ığdır', 'istanbulda-sik-cicekler-igdir'],
		// Vietnamese: every tone mark goes, đ is d.
		['Tiếng Việt có dấu: Đà Nẵng', 'tieng-viet-co-dau-da-nang'],
		// Nordic and Polish letters that are not base letter + accent.
		['Ærø, Øresund, Łódź, Þórr', 'aero-oresund-lodz-thorr'],
		// Combining accents typed separately, ligatures, full-width letters, fractions.
		['e\u0301te\u0301 cafe\u0301 ﬁnal ＡＢＣ ½', 'ete-cafe-final-abc-1-2'],
		// Apostrophes join, emoji (with ZWJ) and punctuation separate, spaces collapse.
		['  Don’t stop — rock’n’roll 😀👨‍👩‍👧 now!!  ', 'dont-stop-rocknroll-now'],
	])('%s → %s', async (input, expected) => {
		expect(await slug(input, input.startsWith('İstanbul') ? { germanUmlauts: false } : {})).toBe(expected)
	})

	test('umlauts are plain vowels when the German spelling is off', async () => {
		expect(await slug('Müller öffnet Türen', { germanUmlauts: false })).toBe('muller-offnet-turen')
	})

	test('CJK and other scripts without a letter-by-letter spelling are kept, or dropped when ASCII only', async () => {
		const result = await run('中文标题 and 日本語のタイトル 한국어')
		expect(result.output).toBe('中文标题-and-日本語のタイトル-한국어')
		expect(result.notes.join(' ')).toMatch(/Kept 15 characters with no Latin spelling/)
		expect(await slug('中文标题 and 日本語のタイトル', { ascii: true })).toBe('and')
		// Devanagari keeps its vowel signs and virama (combining marks) with the letters they belong to.
		expect(await slug('नमस्ते दुनिया')).toBe('नमस्ते-दुनिया')
		// Right-to-left text stays in logical order.
		expect(await slug('مرحبا بالعالم')).toBe('مرحبا-بالعالم')
	})

	test('underscores, and case kept when asked', async () => {
		expect(await slug('Hello World Ёлка', { separator: '_', lowercase: false })).toBe('Hello_World_Yolka')
	})

	test('each line is one slug; blank lines stay blank', async () => {
		const result = await run('First Post\n\nSecond   Post\r\nThird')
		expect(result.output).toBe('first-post\n\nsecond-post\nthird')
		expect(result.lines).toBe(3)
	})
})

describe('slugs: stop words and maximum length', () => {
	test('stop words go when asked, and are named', async () => {
		const result = await run('The Best Way to Learn a New Language in 2024', { removeStopWords: true })
		expect(result.output).toBe('best-way-learn-new-language-2024')
		expect(result.notes).toContain('Removed the stop words “the”, “to”, “a” and “in”.')
		expect(await slug('The Best Way to Learn', { removeStopWords: false })).toBe('the-best-way-to-learn')
	})

	test('a title made only of stop words keeps them', async () => {
		expect(await slug('What is it?', { removeStopWords: true })).toBe('what-is-it')
	})

	test('the maximum length cuts after a whole word, never inside one', async () => {
		// best-way-learn-new-language-2024: "best-way-learn-new" is 18 characters; adding "-language" would make 27.
		const result = await run('The Best Way to Learn a New Language in 2024', { removeStopWords: true, maxLength: 20 })
		expect(result.output).toBe('best-way-learn-new')
		expect(result.notes).toContain('The slug was cut to 20 characters after a whole word.')
		expect(await slug('abc def', { maxLength: 7 })).toBe('abc-def')
		expect(await slug('abc def', { maxLength: 6 })).toBe('abc')
		// A first word longer than the limit is cut itself, by characters (not UTF-16 units).
		expect(await slug('Supercalifragilistic', { maxLength: 5 })).toBe('super')
		expect(await slug('日本語のタイトル', { maxLength: 3 })).toBe('日本語')
	})

	test('text with no letters or digits is a clear error', async () => {
		await expect(run('😀 — !!! 👍')).rejects.toMatchObject({ status: 400, message: 'The text has no letters or digits to make a slug from.' })
		await expect(run('   \n\t')).rejects.toMatchObject({ status: 400, message: 'Enter a title or some text to turn into a slug.' })
		const partly = await run('Title\n🎉🎉')
		expect(partly.output).toBe('title\n')
		expect(partly.notes).toContain('Line 2 has no letters or digits to make a slug from.')
	})
})

describe('UTM links', () => {
	const tags = { mode: 'utm', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring_sale' }

	test('tags are added after the link’s own parameters and before the fragment', async () => {
		const result = await run('https://example.com/shoes?color=red&size=42#reviews', tags)
		expect(result.output).toBe('https://example.com/shoes?color=red&size=42&utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale#reviews')
		expect(await slug('https://example.com/', tags)).toBe('https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale')
	})

	test('values are percent-encoded (space as %20, & = # ? escaped); other parameters stay exactly as typed', async () => {
		const output = await slug('https://example.com/?q=a+b&x=%7E&flag', {
			mode: 'utm',
			utm_source: 'News Letter',
			utm_medium: 'e&mail',
			utm_campaign: 'spring=1#?/',
			utm_term: 'café 😀',
			utm_content: 'link-1',
		})
		expect(output).toBe(
			'https://example.com/?q=a+b&x=%7E&flag&utm_source=News%20Letter&utm_medium=e%26mail&utm_campaign=spring%3D1%23%3F%2F&utm_term=caf%C3%A9%20%F0%9F%98%80&utm_content=link-1',
		)
		// What an analytics server reads back is what was typed.
		const params = new URL(output).searchParams
		expect(params.get('utm_campaign')).toBe('spring=1#?/')
		expect(params.get('utm_term')).toBe('café 😀')
	})

	test('tags already on the link are replaced, every copy of them; tags left empty are not added', async () => {
		const result = await run('https://example.com/?utm_source=old&a=1&UTM_SOURCE=older&utm_term=keep', { mode: 'utm', utm_source: 'new' })
		expect(result.output).toBe('https://example.com/?a=1&utm_term=keep&utm_source=new')
		expect(result.notes).toContain('Replaced the “utm_source” already on the links.')
		expect(result.notes).toContain('Google Analytics also expects “utm_medium” and “utm_campaign”.')
	})

	test('utm_source is required; a bare host gets https://', async () => {
		await expect(run('https://example.com/', { mode: 'utm' })).rejects.toMatchObject({ status: 400, message: /utm_source/ })
		const result = await run('example.com/page', tags)
		expect(result.output).toBe('https://example.com/page?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale')
		expect(result.notes).toContain('Added https:// to 1 link that had no scheme.')
	})

	test('values longer than 500 characters are refused by the schema', async () => {
		await expect(run('https://example.com/', { mode: 'utm', utm_source: 'x'.repeat(501) })).rejects.toMatchObject({ status: 400, message: /options\.utm_source/ })
	})
})

describe('cleaning links', () => {
	test('strips utm_* and click ids, every time each appears, and keeps the rest and the fragment', async () => {
		const result = await run(
			'https://shop.example/p/1?id=7&utm_source=fb&fbclid=IwAR0&utm_medium=social&gclid=a&GCLID=b&mc_eid=1&mc_cid=2&_ga=2.1&msclkid=x&dclid=y&yclid=z&igshid=q&ref=home#utm_source=stays',
			{ mode: 'clean' },
		)
		expect(result.output).toBe('https://shop.example/p/1?id=7&ref=home#utm_source=stays')
		expect(result.removed).toEqual([
			{ name: 'utm_source', count: 1 },
			{ name: 'fbclid', count: 1 },
			{ name: 'utm_medium', count: 1 },
			{ name: 'gclid', count: 2 },
			{ name: 'mc_eid', count: 1 },
			{ name: 'mc_cid', count: 1 },
			{ name: '_ga', count: 1 },
			{ name: 'msclkid', count: 1 },
			{ name: 'dclid', count: 1 },
			{ name: 'yclid', count: 1 },
			{ name: 'igshid', count: 1 },
		])
		expect(result.notes).toContain('Removed 12 tracking parameters.')
	})

	test('a query left empty loses its ?; encoded names are recognised; a link without trackers is unchanged', async () => {
		expect(await slug('https://a.example/x?utm_campaign=z&fbclid=1#top', { mode: 'clean' })).toBe('https://a.example/x#top')
		expect(await slug('https://a.example/x?utm%5Fsource=1&keep=%E2%9C%93', { mode: 'clean' })).toBe('https://a.example/x?keep=%E2%9C%93')
		const clean = await run('https://a.example/search?q=utm_source&page=2', { mode: 'clean' })
		expect(clean.output).toBe('https://a.example/search?q=utm_source&page=2')
		expect(clean.notes).toContain('No tracking parameters found: the links are already clean.')
	})

	test('many links at once, one a line', async () => {
		expect(await slug('https://a.example/?gclid=1\n\nhttps://b.example/?x=1&utm_id=2', { mode: 'clean' })).toBe('https://a.example/\n\nhttps://b.example/?x=1')
	})

	test('what counts as tracking', () => {
		for (const name of ['utm_source', 'UTM_Anything', 'fbclid', 'gclid', 'dclid', 'msclkid', 'mc_eid', 'mc_cid', '_ga', 'yclid', 'igshid', 'twclid', 'ttclid']) {
			expect(isTrackingParam(name), name).toBe(true)
		}
		for (const name of ['id', 'q', 'page', 'ref', 'utm', 'ga', 'source']) expect(isTrackingParam(name), name).toBe(false)
	})
})

describe('bad links', () => {
	test('every line that is not a web address is reported with its line and column', async () => {
		const error = await run('https://ok.example/\n  not a link\nftp://files.example/a?utm_source=x\nmailto:a@b.example', { mode: 'clean' }).catch((caught: unknown) => caught)
		expect(error).toMatchObject({
			status: 400,
			message: 'Line 2: a web address cannot contain spaces (encode them as %20). (3 lines are not web addresses)',
			details: { line: 2, column: 3, count: 3 },
		})
		const errors = (error as { details: { errors: Array<{ message: string; line: number }> } }).details.errors
		expect(errors.map((each) => each.line)).toEqual([2, 3, 4])
		expect(errors[1]!.message).toBe('Line 3: only web addresses (http or https) carry tracking parameters, not ftp: links.')
		await expect(run('http://', { mode: 'clean' })).rejects.toMatchObject({ status: 400, message: 'Line 1: “http://” is not a web address.' })
		await expect(run('https://[::1', { mode: 'clean' })).rejects.toMatchObject({ status: 400 })
		await expect(run('', { mode: 'clean' })).rejects.toMatchObject({ status: 400, message: 'Enter a link to clean.' })
	})

	test('emoji, right-to-left and combining characters in links', async () => {
		expect(await slug('https://مثال.example/مسار?utm_source=x&ü=é\u0301#😀', { mode: 'clean' })).toBe('https://مثال.example/مسار?ü=é\u0301#😀')
	})
})

describe('large and hostile input', () => {
	// A backtracking expression on 200,000 characters runs for minutes (quadratic) or forever: the
	// test's own timeout is the hang guard, not a timing (speed is measured in `npm run bench`).
	test('inputs built to make a regular expression backtrack finish, with the right answers', async () => {
		const dots = await run(`${'a.'.repeat(200_000)}`, { mode: 'clean' })
		expect(dots.output).toBe(`https://${'a.'.repeat(200_000)}`)
		expect(await slug(`${'-'.repeat(200_000)}x${'\u0301'.repeat(100_000)}`)).toBe('x')
		const ampersands = await run(`https://a.example/?${'&'.repeat(200_000)}utm_source=1`, { mode: 'clean' })
		expect(ampersands.output).toBe('https://a.example/')
		expect(ampersands.removed).toEqual([{ name: 'utm_source', count: 1 }])
		expect(await slug(`${"a'".repeat(200_000)}`)).toBe('a'.repeat(200_000))
	}, 60_000)

	test('a megabyte of text in one line and 50,000 links', async () => {
		const words = 'Großes Ölfass über Straße '.repeat(40_000)
		expect((await slug(words, { maxLength: 60 })).length).toBeLessThanOrEqual(60)
		const links = Array.from({ length: 50_000 }, (_, index) => `https://example.com/${index}?utm_source=x&id=${index}`).join('\n')
		const cleaned = (await slug(links, { mode: 'clean' })).split('\n')
		expect(cleaned).toHaveLength(50_000)
		expect(cleaned[49_999]).toBe('https://example.com/49999?id=49999')
	})
})
