/**
 * The keyword density core: word, unique-word and sentence counts across
 * scripts, phrase counts and densities (stop words in and out, never across
 * a sentence), syllables, Flesch scores on texts worked out by hand, the
 * longest sentences, and large or hostile input.
 */
import { describe, expect, test } from 'vitest'
import { runCore } from '#app/tools/kit/core.ts'
import { core, countSyllables, fleschLevel, MAX_DISTINCT, type KeywordResult } from './core.ts'

async function run(input: string, options: Record<string, unknown> = {}) {
	return (await runCore(core, input, options)) as KeywordResult
}

describe('counts', () => {
	test('words, unique words, sentences, characters and reading time', async () => {
		const result = await run('The cat sat on the mat. The cat is happy!')
		expect(result.stats).toEqual({ words: 10, uniqueWords: 7, sentences: 2, characters: 41, charactersNoSpaces: 32, readingTimeSeconds: 3 })
	})

	test('accents, combining marks, apostrophes, numbers, emoji and right-to-left text', async () => {
		const result = await run('Café cafe\u0301 don’t DON\'T 3.14 1,000 😀👍 مرحبا بالعالم', { stopWords: false })
		// café (precomposed) and cafe + U+0301 are the same word; ’ and ' read the same; emoji are not words.
		expect(result.stats.words).toBe(8)
		expect(result.phrases.one.map((each) => each.phrase)).toEqual(expect.arrayContaining(["don't", '3.14', '1,000', 'مرحبا', 'بالعالم']))
		expect(result.phrases.one.find((each) => each.phrase === "don't")).toMatchObject({ count: 2 })
		expect(result.phrases.one[0]).toMatchObject({ phrase: 'café', count: 2 })
	})

	test('Chinese and Japanese are split into words with Intl.Segmenter', async () => {
		const result = await run('我们喜欢中文。中文很有意思。')
		expect(result.stats.sentences).toBe(2)
		expect(result.phrases.one[0]).toMatchObject({ phrase: '中文', count: 2 })
		expect(result.readability).toBeNull()
		expect(result.notes.join(' ')).toMatch(/no Flesch score/)
	})

	test('line breaks end sentences (headings, list items)', async () => {
		const result = await run('Heading\nFirst item\nThe last sentence here.')
		expect(result.stats.sentences).toBe(3)
	})
})

describe('phrases and density', () => {
	const text = 'Ceramic mugs are great. Handmade ceramic mugs are the best ceramic mugs. Buy ceramic mugs.'

	test('the top phrases with count and density (count ÷ words × 100), stop words left out', async () => {
		const result = await run(text)
		expect(result.stats.words).toBe(15)
		// "ceramic" 4 times in 15 words: 26.67 %.
		expect(result.phrases.one.slice(0, 2)).toEqual([
			{ phrase: 'ceramic', count: 4, density: 26.67 },
			{ phrase: 'mugs', count: 4, density: 26.67 },
		])
		expect(result.phrases.two[0]).toEqual({ phrase: 'ceramic mugs', count: 4, density: 26.67 })
		// "mugs are great" ends in... "great", starts with "mugs": kept; "are the best" starts with a stop word: left out.
		expect(result.phrases.three.map((each) => each.phrase)).toContain('handmade ceramic mugs')
		expect(result.phrases.three.map((each) => each.phrase)).not.toContain('are the best')
		expect(result.phrases.one.map((each) => each.phrase)).not.toContain('are')
	})

	test('with the stop-word filter off, every phrase counts; phrases never cross a sentence end', async () => {
		const result = await run(text, { stopWords: false, top: 50 })
		expect(result.phrases.one.find((each) => each.phrase === 'are')).toEqual({ phrase: 'are', count: 2, density: 13.33 })
		expect(result.phrases.three.map((each) => each.phrase)).toContain('are the best')
		// "great. Handmade" and "mugs. Buy" are in different sentences.
		expect(result.phrases.two.map((each) => each.phrase)).not.toContain('great handmade')
		expect(result.phrases.two.map((each) => each.phrase)).not.toContain('mugs buy')
	})

	test('top limits each list; ties keep the order of first appearance', async () => {
		const result = await run('zeta alpha beta gamma', { top: 2, stopWords: false })
		expect(result.phrases.one.map((each) => each.phrase)).toEqual(['zeta', 'alpha'])
		await expect(run('x', { top: 51 })).rejects.toMatchObject({ status: 400 })
	})
})

describe('readability', () => {
	test('syllables by vowel groups less a silent final e', () => {
		const cases: Array<[string, number]> = [
			['the', 1],
			['like', 1],
			['table', 2],
			['stories', 2],
			['because', 2],
			['reading', 2],
			['over', 2],
			['lazy', 2],
			['quick', 1],
			['free', 1],
		]
		for (const [word, syllables] of cases) expect(countSyllables(word), word).toBe(syllables)
		expect(countSyllables('中文')).toBeNull()
	})

	test('Flesch on texts worked out by hand', async () => {
		// 9 words, 1 sentence, 11 syllables (the quick brown fox jumps 1 each, o-ver 2, the 1, la-zy 2, dog 1):
		// 206.835 − 1.015 × 9 − 84.6 × 11/9 = 206.835 − 9.135 − 103.4 = 94.3; grade 0.39 × 9 + 11.8 × 11/9 − 15.59 = 2.3.
		const fox = await run('The quick brown fox jumps over the lazy dog.')
		expect(fox.readability).toMatchObject({ fleschReadingEase: 94.3, fleschKincaidGrade: 2.3, level: 'very easy', syllables: 11 })
		// 13 words, 2 sentences, 16 syllables (I 1, like 1, to 1, read 1; read-ing 2, is 1, fun 1, be-cause 2, books 1, are 1, full 1, of 1, sto-ries 2):
		// 206.835 − 1.015 × 6.5 − 84.6 × 16/13 = 206.835 − 6.5975 − 104.123 = 96.1; grade 0.39 × 6.5 + 11.8 × 16/13 − 15.59 = 1.5.
		const books = await run('I like to read. Reading is fun because books are full of stories.')
		expect(books.readability).toMatchObject({ fleschReadingEase: 96.1, fleschKincaidGrade: 1.5, syllables: 16, averageWordsPerSentence: 6.5 })
		// 6 words, 1 sentence, 6 syllables: 206.835 − 6.09 − 84.6 = 116.1 (short words can score above 100).
		expect((await run('The cat sat on the mat.')).readability?.fleschReadingEase).toBe(116.1)
		// One sentence of 12 long words: the score follows the formula from the syllables counted, and lands in the lowest band.
		const hard = await run('University administration necessitates comprehensive interdepartmental collaboration regarding institutional accountability and organizational transparency.')
		const r = hard.readability!
		expect(r.fleschReadingEase).toBe(Math.round((206.835 - 1.015 * 12 - (84.6 * r.syllables) / 12) * 10) / 10)
		expect(r.level).toBe('very difficult')
	})

	test("Flesch's bands", () => {
		expect([95, 85, 75, 65, 55, 40, 10].map(fleschLevel)).toEqual(['very easy', 'easy', 'fairly easy', 'plain English', 'fairly difficult', 'difficult', 'very difficult'])
	})

	test('the longest sentences, longest first, with their number', async () => {
		const result = await run('Short one. This sentence is clearly the longest of them all. Medium length sentence here.')
		expect(result.longestSentences.map((each) => [each.words, each.number])).toEqual([
			[9, 2],
			[4, 3],
			[2, 1],
		])
		expect(result.longestSentences[0]!.text).toBe('This sentence is clearly the longest of them all.')
	})
})

describe('bad, large and hostile input', () => {
	test('empty input and text without words are clear errors', async () => {
		await expect(run('  \n ')).rejects.toMatchObject({ status: 400, message: 'Enter some text to analyse.' })
		await expect(run('😀 … !!! 👍🏽 ---')).rejects.toMatchObject({ status: 400, message: /no words/ })
	})

	// A backtracking expression on 200,000 characters runs for minutes (quadratic) or forever: the
	// test's own timeout is the hang guard, not a timing (speed is measured in `npm run bench`).
	test('inputs built to make a regular expression backtrack finish, with the right counts', async () => {
		const apostrophes = await run("a'".repeat(200_000))
		expect(apostrophes.stats).toMatchObject({ words: 1, sentences: 1, characters: 400_000 })
		const numbers = await run(`${'1.'.repeat(200_000)}x`)
		expect(numbers.stats).toMatchObject({ words: 2, sentences: 1 })
		expect(numbers.phrases.one.map((each) => each.phrase)).toEqual([`${'1.'.repeat(199_999)}1`, 'x'])
		const dots = await run(`${'.'.repeat(200_000)} word`)
		expect(dots.stats).toMatchObject({ words: 1, sentences: 1 })
		expect(dots.phrases.one).toEqual([expect.objectContaining({ phrase: 'word', count: 1 })])
		const han = await run(`${'字'.repeat(100_000)}`)
		expect(han.stats).toMatchObject({ words: 50_000, uniqueWords: 1 })
		expect(han.phrases.one[0]).toMatchObject({ phrase: '字字', count: 50_000 })
	}, 60_000)

	test('a megabyte of prose, and more different phrases than the counter keeps', async () => {
		const prose = 'Handmade ceramic mugs are fired twice. Every mug is different! '.repeat(16_000)
		const result = await run(prose)
		expect(result.stats.sentences).toBe(32_000)
		expect(result.phrases.two[0]).toMatchObject({ phrase: 'handmade ceramic', count: 16_000 })
		const unique = Array.from({ length: MAX_DISTINCT + 10_000 }, (_, index) => `w${index.toString(36)}`).join(' ')
		const counted = await run(`${unique} repeated repeated repeated`)
		expect(counted.approximate).toBe(true)
		expect(counted.phrases.one[0]).toMatchObject({ phrase: 'repeated', count: 3 })
	})
})
