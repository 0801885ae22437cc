/**
 * Text Case Converter: the pure core (STYLE.md §1.4). No React, no DOM: the
 * page calls it live in the browser, and the route's action calls it for
 * forms posted without JavaScript. One implementation, two places.
 *
 * Case mapping uses `toUpperCase`/`toLowerCase` (locale-independent), so
 * `ß` upper-cases to `SS`, Greek gets its final sigma, and letters without
 * case (CJK) and emoji pass through unchanged.
 */
import { z } from 'zod'
import { defineToolCore } from '#app/tools/kit/core.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'

export const caseModeIds = [
	'upper',
	'lower',
	'title',
	'sentence',
	'capitalized',
	'alternating',
	'inverse',
	'camel',
	'pascal',
	'snake',
	'constant',
	'kebab',
	'dot',
	'path',
] as const

export type CaseMode = (typeof caseModeIds)[number]

export type CaseModeInfo = {
	id: CaseMode
	/** The name, written in its own case. */
	label: string
	/** The name in plain words, for screen readers and messages. */
	name: string
	/** "the quick brown fox" converted, to show what the mode does. */
	example: string
	/** Programming cases join words with a separator and work line by line. */
	kind: 'text' | 'code'
}

/** In the order the page lists them. */
export const caseModes: ReadonlyArray<CaseModeInfo> = [
	{ id: 'upper', name: 'upper case', label: 'UPPER CASE', example: 'THE QUICK BROWN FOX', kind: 'text' },
	{ id: 'lower', name: 'lower case', label: 'lower case', example: 'the quick brown fox', kind: 'text' },
	{ id: 'title', name: 'Title Case', label: 'Title Case', example: 'The Quick Brown Fox of the Woods', kind: 'text' },
	{ id: 'sentence', name: 'Sentence case', label: 'Sentence case', example: 'The quick brown fox. It jumps.', kind: 'text' },
	{ id: 'capitalized', name: 'Capitalize Each Word', label: 'Capitalize Each Word', example: 'The Quick Brown Fox Of The Woods', kind: 'text' },
	{ id: 'alternating', name: 'alternating case', label: 'aLtErNaTiNg cAsE', example: 'tHe QuIcK bRoWn FoX', kind: 'text' },
	{ id: 'inverse', name: 'inverse case', label: 'iNVERSE cASE', example: 'tHE qUICK bROWN fOX', kind: 'text' },
	{ id: 'camel', name: 'camel case', label: 'camelCase', example: 'theQuickBrownFox', kind: 'code' },
	{ id: 'pascal', name: 'Pascal case', label: 'PascalCase', example: 'TheQuickBrownFox', kind: 'code' },
	{ id: 'snake', name: 'snake case', label: 'snake_case', example: 'the_quick_brown_fox', kind: 'code' },
	{ id: 'constant', name: 'constant case', label: 'CONSTANT_CASE', example: 'THE_QUICK_BROWN_FOX', kind: 'code' },
	{ id: 'kebab', name: 'kebab case', label: 'kebab-case', example: 'the-quick-brown-fox', kind: 'code' },
	{ id: 'dot', name: 'dot case', label: 'dot.case', example: 'the.quick.brown.fox', kind: 'code' },
	{ id: 'path', name: 'path case', label: 'path/case', example: 'the/quick/brown/fox', kind: 'code' },
]

export function isCaseMode(value: unknown): value is CaseMode {
	return typeof value === 'string' && (caseModeIds as ReadonlyArray<string>).includes(value)
}

export function getCaseMode(mode: CaseMode): CaseModeInfo {
	// caseModes lists every id, so the fallback is never used.
	return caseModes.find((info) => info.id === mode) ?? caseModes[0]!
}

export function convertCase(input: string, mode: CaseMode): string {
	switch (mode) {
		case 'upper':
			return input.toUpperCase()
		case 'lower':
			return input.toLowerCase()
		case 'title':
			return toTitleCase(input)
		case 'sentence':
			return toSentenceCase(input)
		case 'capitalized':
			return toCapitalized(input)
		case 'alternating':
			return toAlternating(input)
		case 'inverse':
			return toInverse(input)
		case 'camel':
			return eachLine(input, (words) => words.map((word, i) => (i === 0 ? lower(word) : capitalize(word))).join(''))
		case 'pascal':
			return eachLine(input, (words) => words.map(capitalize).join(''))
		case 'snake':
			return eachLine(input, (words) => words.map(lower).join('_'))
		case 'constant':
			return eachLine(input, (words) => words.map(upper).join('_'))
		case 'kebab':
			return eachLine(input, (words) => words.map(lower).join('-'))
		case 'dot':
			return eachLine(input, (words) => words.map(lower).join('.'))
		case 'path':
			return eachLine(input, (words) => words.map(lower).join('/'))
		default:
			return assertNever(mode)
	}
}

/** The tool's core (app/tools/core.ts): what the worker pool and the API run. */
export const core = defineToolCore({
	slug: 'text-case-converter',
	optionsSchema: z.object({ mode: z.enum(caseModeIds).default('title') }).strict(),
	run(input, { mode }) {
		const output = convertCase(input, mode)
		return { output, stats: { input: textStats(input), output: textStats(output) } }
	},
})

export type TextStats = { characters: number; words: number; lines: number }

/**
 * Characters are Unicode code points (an emoji such as 😀 is one, not two
 * UTF-16 units); words are runs without spaces that hold a letter, a digit
 * or an emoji; lines count line breaks plus one (none for empty text).
 */
export function textStats(input: string): TextStats {
	if (input === '') return { characters: 0, words: 0, lines: 0 }
	let words = 0
	for (const match of input.matchAll(/\S+/gu)) {
		if (WORDISH.test(match[0])) words++
	}
	const breaks = input.match(/\r\n|\r|\n/g)?.length ?? 0
	return { characters: countCodePoints(input), words, lines: breaks + 1 }
}


// ---------------------------------------------------------------------------
// Words

const WORDISH = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u

/** One emoji, with its skin tone, variation selector and ZWJ joins; or a flag. */
const EMOJI = String.raw`(?:\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\p{M})*(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\p{M})*)*|\p{Regional_Indicator}{1,2})`

/** Words of code: runs of letters, marks and digits, or runs of emoji. */
const CODE_TOKEN = new RegExp(String.raw`[\p{L}\p{M}\p{N}]+|${EMOJI}+`, 'gu')
/** A capital after the first character: only such tokens can hold more than one word. */
const INNER_UPPER = /.[\p{Lu}\p{Lt}]/su

/** "fooBar", "base64Encode", "日本Text": lower case, digit or uncased letter, then a capital. */
const LOWER_THEN_UPPER = /([\p{Ll}\p{Lo}\p{Lm}\p{N}]\p{M}*)(?=[\p{Lu}\p{Lt}])/gu
/** "HTTPResponse": the last capital of an acronym starts the next word. */
const ACRONYM_END = /(\p{Lu}\p{M}*)(?=\p{Lu}\p{M}*\p{Ll})/gu
/** Apostrophes inside words vanish in code: "don't" → "dont". */
const INNER_APOSTROPHE = /(?<=[\p{L}\p{M}\p{N}])['’](?=\p{L})/gu

/**
 * Splits one line into words for the programming cases: spaces and
 * punctuation separate words, and so do camelCase and PascalCase boundaries
 * ("parseHTTPResponse" → parse, HTTP, Response). Digits stay with the letters
 * before them ("base64Encode" → base64, Encode; "v2" stays one word).
 */
export function splitWords(line: string): Array<string> {
	const words: Array<string> = []
	for (const [token] of line.replace(INNER_APOSTROPHE, '').matchAll(CODE_TOKEN)) {
		if (!INNER_UPPER.test(token)) {
			words.push(token)
			continue
		}
		const split = token.replace(LOWER_THEN_UPPER, '$1\u0000').replace(ACRONYM_END, '$1\u0000')
		for (const word of split.split('\u0000')) if (word) words.push(word)
	}
	return words
}

/** Runs `join` on each line's words, keeping every line break as it was. */
function eachLine(input: string, join: (words: Array<string>) => string): string {
	const parts = input.split(/(\r\n|\r|\n)/)
	for (let i = 0; i < parts.length; i += 2) {
		parts[i] = join(splitWords(parts[i]!))
	}
	return parts.join('')
}

function lower(word: string): string {
	return word.toLowerCase()
}

function upper(word: string): string {
	return word.toUpperCase()
}

/** Upper-cases the first code point and lower-cases the rest. */
function capitalize(word: string): string {
	const codePoint = word.codePointAt(0)
	if (codePoint === undefined) return ''
	const first = String.fromCodePoint(codePoint)
	return first.toUpperCase() + word.slice(first.length).toLowerCase()
}

// ---------------------------------------------------------------------------
// Cases for prose

/** A word of prose: letters, marks and digits, with inner apostrophes ("don't"). */
const PROSE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu
const HAS_LOWER = /\p{Ll}/u
/** Two to six capitals and nothing in lower case: NASA, HTML5, UNESCO (longer words in capitals are shouting). */
const ACRONYM = /^(?=(?:\P{L}*\p{Lu}){2})(?!(?:\P{L}*\p{Lu}){7})[\p{Lu}\p{M}\p{N}'’]+$/u
/**
 * A name written with inner capitals: GitHub, iPhone, JavaScript, McDonald,
 * parseHTTPResponse. Each inner run of capitals is followed by two or more
 * lower-case letters, so aLtErNaTiNg or iNVERSE text is not mistaken for one.
 */
const INNER_CAPITALS = /^\p{L}\p{Ll}*(?:\p{Lu}+\p{Ll}{2,})+$/u

/** Words that Title Case keeps in lower case inside a title. */
const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'at', 'by', 'in', 'of', 'on', 'to', 'as', 'vs', 'via'])

/**
 * Title Case and Capitalize Each Word keep acronyms (NASA) and names with
 * inner capitals (GitHub) as written when the text also has lower-case
 * letters. Text written all in capitals has nothing to tell apart, so every
 * word in it is changed.
 */
function keepsHeadingWord(input: string): (word: string) => boolean {
	const mixed = HAS_LOWER.test(input)
	return (word) => mixed && (ACRONYM.test(word) || INNER_CAPITALS.test(word))
}

/** Upper-cases the first letter of a prose word and lower-cases the rest; a word starting with a digit ("3d", "2nd") is only lowered. */
function capitalizeProse(word: string): string {
	return STARTS_WITH_LETTER.test(word) ? capitalize(word) : word.toLowerCase()
}

const STARTS_WITH_LETTER = /^\p{L}/u

function toCapitalized(input: string): string {
	const keep = keepsHeadingWord(input)
	return input.replace(PROSE_WORD, (word) => (keep(word) ? word : capitalizeProse(word)))
}

/** A colon, full stop, question or exclamation mark or a dash before a word starts a new part of a title. */
const TITLE_BREAK = /(?:[:.!?\u2013\u2014]|\s-)\s*$/u

/**
 * Title Case: every word capitalised except small words (a, an, the, and,
 * of, in, on, to, for, or, but, at, by…), which stay lower case unless they
 * start or end a line or follow a colon, full stop or dash. Each line is a
 * title of its own.
 */
function toTitleCase(input: string): string {
	const keep = keepsHeadingWord(input)
	const parts = input.split(/(\r\n|\r|\n)/)
	for (let p = 0; p < parts.length; p += 2) {
		const line = parts[p]!
		const matches = [...line.matchAll(PROSE_WORD)]
		let out = ''
		let last = 0
		matches.forEach((match, i) => {
			const word = match[0]
			const before = line.slice(last, match.index)
			const lower = word.toLowerCase()
			const edge = i === 0 || i === matches.length - 1 || TITLE_BREAK.test(before)
			out += before + (keep(word) ? word : !edge && SMALL_WORDS.has(lower) ? lower : capitalizeProse(word))
			last = match.index + word.length
		})
		parts[p] = out + line.slice(last)
	}
	return parts.join('')
}

/**
 * The first letter of the text, of each line, and after . ! ? … (and any
 * closing quote or bracket) and a space,
 * except after abbreviations written with inner full stops (e.g., i.e., U.S.).
 */
const SENTENCE_START = /(^|(?<!(?:^|[\s(])\p{L}\.\p{L})[.!?…]['"’”)\]]*\s+|\r\n|\r|\n)([^\p{L}\p{N}\r\n]*)(\p{L})/gu
/** "i", "i'm", "i've" on their own (not "i.e."). */
const PRONOUN_I = /(?<![\p{L}\p{M}\p{N}'’])i(?![\p{L}\p{M}\p{N}])(?!\.\p{L})/gu

/**
 * Sentence case: everything lower case except the first letter of each
 * sentence and of each line, the word "I", and names with inner capitals
 * (GitHub). Acronyms are lowered too: text written in capitals is what
 * Sentence case is most often asked to fix.
 */
function toSentenceCase(input: string): string {
	return input
		.replace(PROSE_WORD, (word) => (INNER_CAPITALS.test(word) ? word : word.toLowerCase()))
		.replace(PRONOUN_I, 'I')
		.replace(SENTENCE_START, (_, boundary: string, lead: string, letter: string) => boundary + lead + letter.toUpperCase())
}

/** aLtErNaTiNg: letters only, lower then upper, carried on across words. */
function toAlternating(input: string): string {
	let makeUpper = false
	return input.replace(/\p{L}/gu, (letter, offset: number) => {
		const out = makeUpper ? letter.toUpperCase() : lowerLetterAt(letter, input, offset)
		makeUpper = !makeUpper
		return out
	})
}

/** iNVERSE: each cased letter swaps case; letters without case stay. */
function toInverse(input: string): string {
	return input.replace(/[\p{Lu}\p{Ll}\p{Lt}]/gu, (letter, offset: number) => {
		const lowered = lowerLetterAt(letter, input, offset)
		return letter === lowered ? letter.toUpperCase() : lowered
	})
}

const LETTER = /\p{L}/u

/**
 * Lower-cases one letter of `text`. A capital sigma lowers to the final
 * form ς at the end of a word, which `toLowerCase` cannot know from one letter.
 */
function lowerLetterAt(letter: string, text: string, offset: number): string {
	if (letter !== 'Σ') return letter.toLowerCase()
	const before = offset > 0 && LETTER.test(text.charAt(offset - 1))
	const after = LETTER.test(String.fromCodePoint(text.codePointAt(offset + 1) ?? 0x20))
	return before && !after ? 'ς' : 'σ'
}

function assertNever(value: never): never {
	throw new Error(`Unknown case mode: ${String(value)}`)
}
