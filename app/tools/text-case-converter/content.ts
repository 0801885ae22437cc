import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'text-case-converter',
	howTo: {
		title: 'How to change the case of text',
		steps: [
			'Type or paste your text into the box, open a text file, or press Load example to try it out.',
			'Pick a case under “Convert to”: prose cases like Title Case and Sentence case, or programming cases like camelCase and snake_case. For Title Case, pick a style guide (APA, AP, Chicago or MLA).',
			'Copy the result, or download it as a .txt file. Under it, every case is shown at once, each with its own Copy button.',
		],
	},
	examples: [
		{
			title: 'Headlines and sentences',
			input: 'how to write a great README for your open-source project\nthe quick brown fox jumps over the lazy dog. i think it was tired!',
			options: { mode: 'title' },
			note: 'Title Case keeps short words such as “a”, “for” and “the” in lower case and acronyms such as README as they are.',
		},
		{
			title: 'Names in code',
			input: 'parseHTTPResponse\nuser_id\nbackground-color\nbase64Encode',
			options: { mode: 'snake' },
			note: 'Each line is converted on its own; camelCase, acronyms and digits split the way programmers expect.',
		},
	],
	faq: [
		{
			question: 'What is the difference between Title Case and Capitalize Each Word?',
			answer:
				'Capitalize Each Word starts every word with a capital letter, including short ones: “The Lord Of The Rings”. Title Case follows the usual rules for headlines and keeps short words such as a, an, the, and, of, in, on, to and for in lower case unless they begin or end the title: “The Lord of the Rings”. Both keep acronyms such as NASA as they are when the rest of your text is not in capitals.',
		},
		{
			question: 'Which Title Case style guide should I pick?',
			answer:
				'Use the one your publication follows. APA and AP capitalise every word of four letters or more and keep short articles, conjunctions and prepositions (a, and, of, to, via) in lower case. Chicago and MLA keep every preposition in lower case, however long (through, with, about); MLA also lowers “so” and “yet”. In every guide the first and last words, the first word after a colon, and the first part of a hyphenated word (On-Demand, Step-by-Step) are capitalised. Web addresses, e-mail addresses and file paths are never changed, and acronyms such as NASA stay as written unless you untick “Keep acronyms”. Names written with a capital inside (iOS, macOS, iPhone, eBay, JavaScript, McDonald) always stay as written, unless the whole text is in iNVERSE or aLtErNaTiNg case.',
		},
		{
			question: 'Is my text sent to a server?',
			answer:
				'Not while JavaScript is on: the conversion runs in your browser as you type and nothing leaves your device. If JavaScript is off or has not loaded yet, pressing Convert sends the text to our server, which converts it, sends the result back and keeps nothing: the text is not saved or logged.',
		},
		{
			question: 'How are words split for camelCase, snake_case and the other programming cases?',
			answer:
				'Spaces, punctuation and existing case changes all separate words, so “parseHTTPResponse”, “parse HTTP response” and “parse_http_response” all become the same words. Digits stay with the word before them (“userID2” becomes “user_id2”, “base64Encode” becomes “base64_encode”); in camelCase an underscore keeps two groups of digits apart (“version 1.2” becomes “version1_2”). Each line is converted on its own, so you can convert a whole list of names at once; untick “Each line on its own” to join the lines into one name.',
		},
		{
			question: 'Does it work with accents, other alphabets and emoji?',
			answer:
				'Yes. Accented letters, Greek, Cyrillic and other alphabets change case correctly (the German ß becomes SS in capitals), while scripts without capital letters, such as Chinese and Japanese, and emoji pass through unchanged. Pick Turkish or Azerbaijani for the dotted İ and dotless ı, Lithuanian for its dotted i, or Greek for capitals without accents. You can convert up to 10 MB of text at a time; every case at once is shown for up to 100,000 characters (1 MB through the API).',
		},
	],
	api: { input: 'parseHTTPResponse and user_id', options: { mode: 'kebab' } },
})
