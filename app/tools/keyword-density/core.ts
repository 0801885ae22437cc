/**
 * Keyword Density & Readability: the pure core (kit/core.ts): no React, no
 * DOM, no Node APIs. It runs on the page as you type, in the browser's
 * worker for large inputs, and on the server for forms posted without
 * JavaScript and the API.
 *
 * - Words are runs of Unicode letters, digits and marks (so accents,
 *   combining characters and every script count); runs in scripts written
 *   without spaces (Chinese, Japanese, Thai…) are split by
 *   `Intl.Segmenter`'s dictionaries where it exists. Words are counted
 *   lower-cased, with ’ read as '. Sentences end at . ! ? … 。！？ before a
 *   space, and at line breaks.
 * - Phrases (2 and 3 words) never cross a sentence or a line break.
 * - Density = how often the phrase appears ÷ the words in the text × 100.
 * - Reading time at 238 words a minute (Brysbaert 2019, silent reading of
 *   non-fiction in English).
 * - Flesch reading ease = 206.835 − 1.015 × (words ÷ sentences) − 84.6 ×
 *   (syllables ÷ words), and the Flesch–Kincaid grade = 0.39 × (words ÷
 *   sentences) + 11.8 × (syllables ÷ words) − 15.59. Both are defined for
 *   English; syllables are counted by vowel groups (a e i o u y) less a
 *   silent final e, the usual approximation. They are left out when most
 *   words are not in Latin letters.
 */
import { z } from 'zod'
import { defineToolCore, ToolError, type ToolResult } from '#app/tools/kit/core.ts'

export const SLUG = 'keyword-density'
export const WORDS_PER_MINUTE = 238
const LONGEST_SENTENCES = 5
/**
 * Distinct phrases kept per list. Ten megabytes of words that never repeat
 * would otherwise fill three maps with millions of keys (700 MB measured);
 * past this, the rarest are dropped and the counts are marked approximate.
 */
export const MAX_DISTINCT = 250_000
const SENTENCE_PREVIEW = 300

/** Common English words left out of the phrase lists when the filter is on. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
	(
		"a about above after again against all am an and any are as at be because been before being below between both but by " +
		"can could did do does doing down during each few for from further had has have having he her here hers herself him " +
		"himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or " +
		"other our ours ourselves out over own same she should so some such than that the their theirs them themselves then " +
		"there these they this those through to too under until up very was we were what when where which while who whom why " +
		"will with would you your yours yourself yourselves it's i'm you're we're they're don't doesn't didn't isn't aren't " +
		"wasn't weren't can't won't i've you've we've they've i'd you'd he'd she'd we'd they'd i'll you'll he'll she'll we'll they'll " +
		"that's there's what's let's also may might must shall us"
	).split(' '),
)

export const keywordOptionsSchema = z
	.object({
		/** Leave common English words out of the phrase lists (1-word phrases that are one; longer ones that start or end with one). */
		stopWords: z.boolean().default(true),
		/** How many phrases each list shows. */
		top: z.number().int().min(1).max(50).default(10),
	})
	.strict()

export type KeywordOptions = z.output<typeof keywordOptionsSchema>

export type Phrase = { phrase: string; count: number; density: number }
export type Sentence = { text: string; words: number; number: number }
export type Readability = {
	fleschReadingEase: number
	fleschKincaidGrade: number
	/** "very easy" … "very difficult" (Flesch's bands). */
	level: string
	syllables: number
	averageWordsPerSentence: number
	averageSyllablesPerWord: number
}

export type KeywordReport = {
	stats: {
		words: number
		uniqueWords: number
		sentences: number
		characters: number
		charactersNoSpaces: number
		readingTimeSeconds: number
	}
	phrases: { one: Array<Phrase>; two: Array<Phrase>; three: Array<Phrase> }
	/** Null when the text is mostly not in Latin letters (Flesch is made for English). */
	readability: Readability | null
	longestSentences: Array<Sentence>
	/** The phrase counts are approximate: the text had more than MAX_DISTINCT different phrases. */
	approximate: boolean
	notes: Array<string>
}

export type KeywordResult = ToolResult & KeywordReport

type Segment = { segment: string; isWordLike?: boolean }
type Segmenter = { segment(text: string): Iterable<Segment> }

function wordSegmenter(): Segmenter | null {
	const Intl_ = globalThis.Intl as unknown as { Segmenter?: new (locale: string, options: { granularity: string }) => Segmenter }
	return Intl_.Segmenter ? new Intl_.Segmenter('en', { granularity: 'word' }) : null
}

/**
 * Sentences, in one pass: a break after . ! ? or … (and the quotes or
 * brackets closing them) when a space or the end follows, after 。！？
 * (Chinese and Japanese put no space after them), and at every line break
 * (a heading or a list item is a sentence of its own).
 */
function* sentencesOf(text: string): Generator<string> {
	let start = 0
	let index = 0
	while (index < text.length) {
		const char = text[index]!
		index++
		if (char === '\n' || char === '。' || char === '！' || char === '？') {
			yield text.slice(start, index)
			start = index
			continue
		}
		if (char !== '.' && char !== '!' && char !== '?' && char !== '…') continue
		while (index < text.length && '.!?…"”’\')]'.includes(text[index]!)) index++
		if (index === text.length || /\s/.test(text[index]!)) {
			yield text.slice(start, index)
			start = index
		}
	}
	if (start < text.length) yield text.slice(start)
}

/** Words: letters, digits and marks, joined by apostrophes ("don't") or, between digits, by . and , ("3.14", "1,000"). */
const WORD = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu
/** Scripts written without spaces between words: their runs go through Intl.Segmenter's dictionaries. */
const NO_SPACES = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u
/**
 * Intl.Segmenter's time grows with the square of the text it is given (V8,
 * measured: 100,000 characters take 4 s), so it gets pieces of at most
 * this many characters; a word may be split where a piece ends.
 */
const SEGMENT_PIECE = 256

function wordsOf(sentence: string, segmenter: Segmenter | null): Array<string> {
	const found: Array<string> = []
	for (const [token] of sentence.matchAll(WORD)) {
		if (!segmenter || !NO_SPACES.test(token)) {
			found.push(token)
			continue
		}
		for (let from = 0; from < token.length; from += SEGMENT_PIECE) {
			let to = Math.min(from + SEGMENT_PIECE, token.length)
			// Never between the halves of a surrogate pair.
			if (to < token.length && (token.charCodeAt(to) & 0xfc00) === 0xdc00) to++
			for (const { segment, isWordLike } of segmenter.segment(token.slice(from, to))) if (isWordLike) found.push(segment)
			from = to - SEGMENT_PIECE
		}
	}
	return found
}

function normalise(word: string): string {
	return word.normalize('NFC').toLowerCase().replaceAll('’', "'")
}

/** English syllables by vowel groups, less a silent final e ("like" 1, "stories" 2, "table" 2); at least 1. Null for a word without Latin letters. */
export function countSyllables(word: string): number | null {
	let letters = ''
	for (const char of word.normalize('NFD').toLowerCase()) if (char >= 'a' && char <= 'z') letters += char
	if (letters === '') return null
	let groups = 0
	let inVowel = false
	for (const char of letters) {
		const vowel = 'aeiouy'.includes(char)
		if (vowel && !inVowel) groups++
		inVowel = vowel
	}
	if (groups > 1 && letters.endsWith('e') && !letters.endsWith('le') && !letters.endsWith('ee')) groups--
	return Math.max(1, groups)
}

export function fleschLevel(score: number): string {
	if (score >= 90) return 'very easy'
	if (score >= 80) return 'easy'
	if (score >= 70) return 'fairly easy'
	if (score >= 60) return 'plain English'
	if (score >= 50) return 'fairly difficult'
	if (score >= 30) return 'difficult'
	return 'very difficult'
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

function top(counts: Map<string, number>, limit: number, total: number): Array<Phrase> {
	// Map order is first appearance, and the sort is stable: ties keep the order the phrases first appear in.
	const best: Array<[string, number]> = []
	for (const entry of counts) {
		if (best.length === limit && entry[1] <= best[limit - 1]![1]) continue
		let at = best.length
		while (at > 0 && best[at - 1]![1] < entry[1]) at--
		best.splice(at, 0, entry)
		if (best.length > limit) best.pop()
	}
	return best.map(([phrase, count]) => ({ phrase, count, density: round((count / total) * 100, 2) }))
}

export function analyse(input: string, options: KeywordOptions): KeywordResult {
	if (!/\S/.test(input)) throw new ToolError('Enter some text to analyse.')
	const segmenter = wordSegmenter()
	const one = new Map<string, number>()
	const two = new Map<string, number>()
	const three = new Map<string, number>()
	let pruned = 0
	const bump = (map: Map<string, number>, key: string) => {
		map.set(key, (map.get(key) ?? 0) + 1)
		if (map.size > MAX_DISTINCT) {
			// Lossy counting: the rarest phrases go so memory stays bounded; frequent ones stay (their counts may be a little low).
			pruned++
			for (const [phrase, count] of map) if (count <= pruned) map.delete(phrase)
		}
	}
	const skip = (word: string) => options.stopWords && STOP_WORDS.has(word)
	const uniques = new Set<string>()
	let words = 0
	let sentenceCount = 0
	let syllables = 0
	let latinWords = 0
	let longest: Array<Sentence> = []

	for (const sentence of sentencesOf(input)) {
		const found = wordsOf(sentence, segmenter).map(normalise)
		if (found.length === 0) continue
		sentenceCount++
		words += found.length
		for (let index = 0; index < found.length; index++) {
			const word = found[index]!
			uniques.add(word)
			const count = countSyllables(word)
			if (count !== null) {
				syllables += count
				latinWords++
			}
			if (!skip(word)) bump(one, word)
			const next = found[index + 1]
			if (next !== undefined && !skip(word) && !skip(next)) bump(two, `${word} ${next}`)
			const last = found[index + 2]
			if (next !== undefined && last !== undefined && !skip(word) && !skip(last)) bump(three, `${word} ${next} ${last}`)
		}
		if (longest.length < LONGEST_SENTENCES || found.length > longest.at(-1)!.words) {
			const text = sentence.replace(/\s+/g, ' ').trim()
			const chars = Array.from(text)
			const preview = chars.length > SENTENCE_PREVIEW ? `${chars.slice(0, SENTENCE_PREVIEW).join('')}…` : text
			longest = [...longest, { text: preview, words: found.length, number: sentenceCount }]
				.sort((a, b) => b.words - a.words || a.number - b.number)
				.slice(0, LONGEST_SENTENCES)
		}
	}
	if (words === 0) throw new ToolError('The text has no words to count: only spaces, punctuation, symbols or emoji.')

	const { characters, spaces } = countCharacters(input)
	const notes: Array<string> = []
	let readability: Readability | null = null
	if (latinWords * 2 >= words) {
		const wordsPerSentence = words / sentenceCount
		const syllablesPerWord = syllables / latinWords
		const ease = round(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord, 1)
		readability = {
			fleschReadingEase: ease,
			fleschKincaidGrade: round(0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59, 1),
			level: fleschLevel(ease),
			syllables,
			averageWordsPerSentence: round(wordsPerSentence, 1),
			averageSyllablesPerWord: round(syllablesPerWord, 2),
		}
	} else {
		notes.push('Most words are not in Latin letters, so there is no Flesch score: it is made for English.')
	}
	if (pruned > 0) notes.push(`The text has so many different phrases that the rarest were dropped while counting: the counts of the top phrases may be slightly low.`)
	if (options.stopWords) notes.push('Common English words (the, and, of…) are left out of the phrase lists; the word counts include them.')

	const result: KeywordReport = {
		stats: {
			words,
			uniqueWords: uniques.size,
			sentences: sentenceCount,
			characters,
			charactersNoSpaces: characters - spaces,
			readingTimeSeconds: Math.max(1, Math.round((words / WORDS_PER_MINUTE) * 60)),
		},
		approximate: pruned > 0,
		phrases: { one: top(one, options.top, words), two: top(two, options.top, words), three: top(three, options.top, words) },
		readability,
		longestSentences: longest,
		notes,
	}
	return { output: report(result), ...result }
}

/** Code points, and how many are white space (JavaScript's \\s), without a regular expression per character. */
function countCharacters(text: string): { characters: number; spaces: number } {
	let characters = 0
	let spaces = 0
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if ((code & 0xfc00) === 0xd800 && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) index++
		characters++
		if (
			(code >= 9 && code <= 13) || code === 32 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
			code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
		) {
			spaces++
		}
	}
	return { characters, spaces }
}

export function formatDuration(seconds: number): string {
	if (seconds < 60) return `${seconds} s`
	const minutes = Math.floor(seconds / 60)
	const rest = seconds % 60
	return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
}

/** The plain-text report: what Copy and Download give. */
function report(result: KeywordReport): string {
	const n = (value: number) => value.toLocaleString('en-US')
	const { stats, readability } = result
	const lines = [
		`Words: ${n(stats.words)}`,
		`Unique words: ${n(stats.uniqueWords)}`,
		`Sentences: ${n(stats.sentences)}`,
		`Characters: ${n(stats.characters)} (${n(stats.charactersNoSpaces)} without spaces)`,
		`Reading time: ${formatDuration(stats.readingTimeSeconds)} (at ${WORDS_PER_MINUTE} words a minute)`,
	]
	if (readability) {
		lines.push(`Flesch reading ease: ${readability.fleschReadingEase} (${readability.level})`, `Flesch–Kincaid grade: ${readability.fleschKincaidGrade}`)
	}
	const lists = [
		['Top words', result.phrases.one],
		['Top 2-word phrases', result.phrases.two],
		['Top 3-word phrases', result.phrases.three],
	] as const
	for (const [title, phrases] of lists) {
		lines.push('', title)
		if (phrases.length === 0) lines.push('(none)')
		phrases.forEach((each, index) => lines.push(`${index + 1}. ${each.phrase}: ${n(each.count)} (${each.density}%)`))
	}
	lines.push('', 'Longest sentences')
	result.longestSentences.forEach((each, index) => lines.push(`${index + 1}. ${n(each.words)} words (sentence ${n(each.number)}): ${each.text}`))
	return lines.join('\n')
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: keywordOptionsSchema,
	run: (input, options) => analyse(input, options),
})
