import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'keyword-density',
	howTo: {
		title: 'How to check keyword density and readability',
		steps: [
			'Paste your article, page copy or product description into the box, or open a text file.',
			'Read the counts: words, unique words, sentences, characters and reading time.',
			'Check the top words and 2- and 3-word phrases: a keyword far above 2–3 % reads as stuffing; one you expected but cannot find is missing.',
			'Look at the Flesch score and the longest sentences: splitting the longest ones is the quickest way to make a text easier to read.',
			'Copy or download the whole report as text.',
		],
	},
	examples: [
		{
			title: 'A short product page',
			input:
				'Our handmade ceramic mugs are fired twice for strength. Each ceramic mug holds 350 ml and is safe in the dishwasher.\nWhy choose handmade ceramic mugs? Every handmade mug is a little different, and the glaze is free of lead. Order two ceramic mugs today and save 10%.',
			options: { stopWords: true },
			note: '“ceramic mugs” and “handmade” stand out in the phrase lists; the stop words (and, is, the) are left out of them.',
		},
		{
			title: 'A known text to check the Flesch score',
			input: 'I like to read. Reading is fun because books are full of stories.',
			note: '13 words, 2 sentences and 16 syllables: 206.835 − 1.015 × 6.5 − 84.6 × 16 ÷ 13 = 96.1, very easy.',
		},
	],
	faq: [
		{
			question: 'How is keyword density worked out?',
			answer:
				'Density is how often a phrase appears divided by the number of words in the text, times 100. A word that appears 5 times in a 250-word text has a density of 2 %. Phrases of two and three words are counted inside sentences only, never across a full stop or a line break. There is no magic number for SEO: write for people, and use the lists to spot keywords that are overused or missing.',
		},
		{
			question: 'What does the Flesch reading ease score mean?',
			answer:
				'It rates English text from about 0 (very difficult, academic) to 100 (very easy; short sentences and short words can even score above 100): 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. 60–70 is plain English, which suits most web pages. The Flesch–Kincaid grade turns the same numbers into a US school grade. Syllables are counted by vowel groups less a silent final e, the usual approximation, so a word now and then is off by one.',
		},
		{
			question: 'Does it work with other languages?',
			answer:
				'Word, sentence and phrase counts work in every language: accents, combining characters, right-to-left scripts and emoji are handled, and Chinese, Japanese and Thai, which have no spaces, are split into words with the browser’s dictionaries. The stop-word list is English, and the Flesch formulas are made for English; they are left out when most words are not in Latin letters.',
		},
		{
			question: 'How is reading time estimated?',
			answer:
				'At 238 words a minute, the average silent reading speed of adults reading non-fiction in English (Brysbaert, 2019). Technical text is read more slowly.',
		},
		{
			question: 'Is my text sent to a server?',
			answer:
				'Not while JavaScript is on: the analysis runs in your browser, large texts in a background worker. Without JavaScript, pressing Analyse sends the text (up to 10 MB) to our server, which answers and keeps nothing.',
		},
	],
	api: {
		input: 'Ceramic mugs, handmade. Our handmade ceramic mugs are dishwasher safe.',
		options: { stopWords: true, top: 5 },
		note: 'Options: stopWords (true: leave common English words out of the phrase lists) and top (10, from 1 to 50). The answer adds stats, phrases (one, two and three, each with phrase, count and density in %), readability (or null), longestSentences, approximate and notes; output is the whole report as text.',
	},
})
