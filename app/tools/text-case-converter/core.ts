/**
 * Text Case Converter: the pure core (STYLE.md §1.4). No React, no DOM: the
 * page calls it live in the browser (big inputs in the kit's Web Worker), and
 * the server's worker pool runs it for the form without JavaScript and the API.
 *
 * Case mapping is Unicode's: `ß` upper-cases to `SS`, Greek gets its final
 * sigma, letters without case (CJK) and emoji pass through unchanged. A locale
 * (Turkish, Azerbaijani, Lithuanian, Greek) switches to that language's rules
 * (`toLocaleUpperCase`): Turkish i → İ and I → ı, Greek capitals drop accents.
 */
import { z } from 'zod'
import { defineToolCore, MAX_INPUT_BYTES, ToolError, utf8Length } from '#app/tools/kit/core.ts'
import { formatBytes } from '#app/utils/format.ts'
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
	'train',
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
	{ id: 'train', name: 'train case', label: 'Train-Case', example: 'The-Quick-Brown-Fox', kind: 'code' },
	{ id: 'dot', name: 'dot case', label: 'dot.case', example: 'the.quick.brown.fox', kind: 'code' },
	{ id: 'path', name: 'path case', label: 'path/case', example: 'the/quick/brown/fox', kind: 'code' },
]

/** Title Case style guides. Each lists the words it keeps in lower case inside a title. */
export const titleStyleIds = ['apa', 'ap', 'chicago', 'mla'] as const
export type TitleStyle = (typeof titleStyleIds)[number]

/** Languages whose case rules differ from Unicode's defaults; `und` is Unicode's own (any language). */
export const caseLocaleIds = ['und', 'tr', 'az', 'lt', 'el'] as const
export type CaseLocale = (typeof caseLocaleIds)[number]

export const caseLocales: ReadonlyArray<{ id: CaseLocale; label: string }> = [
	{ id: 'und', label: 'Any language' },
	{ id: 'tr', label: 'Turkish (i → İ, I → ı)' },
	{ id: 'az', label: 'Azerbaijani (i → İ, I → ı)' },
	{ id: 'lt', label: 'Lithuanian (i̇ with accents)' },
	{ id: 'el', label: 'Greek (capitals without accents)' },
]

export type CaseOptions = {
	/** Title Case's style guide. */
	style: TitleStyle
	/** Keep words in capitals (NASA, HTTP, Q&A) as written in the prose cases. */
	keepAcronyms: boolean
	/** Each line on its own (a list of names); off: lines are wrapped text, one title, sentence flow or identifier. */
	perLine: boolean
	locale: CaseLocale
}

export const defaultCaseOptions: CaseOptions = { style: 'apa', keepAcronyms: true, perLine: true, locale: 'und' }

export const titleStyles: ReadonlyArray<{ id: TitleStyle; label: string; rule: string }> = [
	{ id: 'apa', label: 'APA', rule: 'Words of four letters or more are capitalised; articles, short conjunctions and short prepositions (three letters or fewer) stay lower.' },
	{ id: 'ap', label: 'AP', rule: 'Articles, conjunctions and prepositions of three letters or fewer stay lower, except “if”, “so” and “yet”.' },
	{ id: 'chicago', label: 'Chicago', rule: 'Articles, prepositions of any length, and “and, but, for, or, nor” stay lower.' },
	{ id: 'mla', label: 'MLA', rule: 'Like Chicago, and “so” and “yet” stay lower too.' },
]

const ARTICLES = ['a', 'an', 'the']
const SHORT_CONJUNCTIONS = ['and', 'but', 'for', 'nor', 'or', 'so', 'yet', 'if', 'as']
const SHORT_PREPOSITIONS = ['as', 'at', 'by', 'for', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs', 'v', 'en']
const PREPOSITIONS = [
	...SHORT_PREPOSITIONS,
	...'about above across after against along amid among around before behind below beneath beside besides between beyond despite down during except from inside into like near onto out outside over past since than through throughout till toward towards under underneath unlike until upon versus with within without'.split(' '),
]

/**
 * The words each guide keeps lower inside a title (our reading of APA 7 §6.17,
 * the AP Stylebook's composition titles, CMOS 17 §8.159 and MLA 9 §1.2).
 * Whether a word is a preposition or an adverb ("give up") needs grammar, which
 * we do not parse: a listed word is always treated as its usual part of speech.
 */
const SMALL_WORDS: Record<TitleStyle, ReadonlySet<string>> = {
	apa: new Set([...ARTICLES, ...SHORT_CONJUNCTIONS, ...SHORT_PREPOSITIONS]),
	ap: new Set([...ARTICLES, ...SHORT_CONJUNCTIONS.filter((word) => !['if', 'so', 'yet'].includes(word)), ...SHORT_PREPOSITIONS]),
	chicago: new Set([...ARTICLES, 'and', 'but', 'for', 'or', 'nor', ...PREPOSITIONS]),
	mla: new Set([...ARTICLES, 'and', 'but', 'for', 'or', 'nor', 'so', 'yet', ...PREPOSITIONS]),
}

export function isCaseMode(value: unknown): value is CaseMode {
	return typeof value === 'string' && (caseModeIds as ReadonlyArray<string>).includes(value)
}

export function getCaseMode(mode: CaseMode): CaseModeInfo {
	// caseModes lists every id, so the fallback is never used.
	return caseModes.find((info) => info.id === mode) ?? caseModes[0]!
}

/** Upper- and lower-casing in the chosen language. */
type Casing = { upper: (text: string) => string; lower: (text: string) => string }

function casingFor(locale: CaseLocale): Casing {
	if (locale === 'und') return { upper: (text) => text.toUpperCase(), lower: (text) => text.toLowerCase() }
	return { upper: (text) => text.toLocaleUpperCase(locale), lower: (text) => text.toLocaleLowerCase(locale) }
}

export function convertCase(input: string, mode: CaseMode, options: Partial<CaseOptions> = {}): string {
	const opts: CaseOptions = { ...defaultCaseOptions, ...options }
	const casing = casingFor(opts.locale)
	const { upper, lower } = casing
	const code = (join: (words: Array<string>) => string) => (opts.perLine ? eachLine(input, join) : join(splitWords(input)))
	switch (mode) {
		case 'upper':
			return upper(input)
		case 'lower':
			return lower(input)
		case 'title':
		case 'sentence':
		case 'capitalized':
			return convertProse(input, mode, opts, casing)
		case 'alternating':
			return toAlternating(input, casing)
		case 'inverse':
			return toInverse(input, casing)
		case 'camel':
			return code((words) => joinIdentifier(words, (word, i) => (i === 0 ? lower(word) : capitalize(word, casing))))
		case 'pascal':
			return code((words) => joinIdentifier(words, (word) => capitalize(word, casing)))
		case 'snake':
			return code((words) => words.map(lower).join('_'))
		case 'constant':
			return code((words) => words.map(upper).join('_'))
		case 'kebab':
			return code((words) => words.map(lower).join('-'))
		case 'train':
			return code((words) => words.map((word) => capitalize(word, casing)).join('-'))
		case 'dot':
			return code((words) => words.map(lower).join('.'))
		case 'path':
			return code((words) => words.map(lower).join('/'))
		default:
			return assertNever(mode)
	}
}

/**
 * camelCase and PascalCase join words without a separator, so two groups of
 * digits would run together ("version 1.2.10" → version1210): an underscore
 * keeps them apart (version1_2_10). A digit after a letter needs none (base64Encode).
 */
function joinIdentifier(words: Array<string>, shape: (word: string, index: number) => string): string {
	let out = ''
	words.forEach((word, index) => {
		if (index > 0 && STARTS_WITH_DIGIT.test(word) && ENDS_WITH_DIGIT.test(out)) out += '_'
		out += shape(word, index)
	})
	return out
}

const STARTS_WITH_DIGIT = /^\p{N}/u
const ENDS_WITH_DIGIT = /\p{N}\p{M}*$/u

/** Every case of `input`, in the order of caseModeIds. */
export function convertAll(input: string, options: Partial<CaseOptions> = {}): Record<CaseMode, string> {
	return Object.fromEntries(caseModeIds.map((mode) => [mode, convertCase(input, mode, options)])) as Record<CaseMode, string>
}

/** "All cases at once" keeps every result in memory: it takes up to this many bytes of UTF-8 (one case takes the kit's 10 MB). */
export const MAX_ALL_INPUT_BYTES = 1024 * 1024

const optionsSchema = z
	.object({
		mode: z.enum([...caseModeIds, 'all']).default('title'),
		style: z.enum(titleStyleIds).default(defaultCaseOptions.style),
		keepAcronyms: z.boolean().default(defaultCaseOptions.keepAcronyms),
		perLine: z.boolean().default(defaultCaseOptions.perLine),
		locale: z.enum(caseLocaleIds).default(defaultCaseOptions.locale),
	})
	.strict()

/** The tool's core (app/tools/core.ts): what the worker pool and the API run. */
export const core = defineToolCore({
	slug: 'text-case-converter',
	optionsSchema,
	run(input, { mode, ...options }) {
		if (mode !== 'all') {
			const output = convertCase(input, mode, options)
			return { output, stats: { input: textStats(input), output: textStats(output) } }
		}
		const bytes = utf8Length(input)
		if (bytes > MAX_ALL_INPUT_BYTES) {
			throw new ToolError(
				`All cases at once takes up to ${formatBytes(MAX_ALL_INPUT_BYTES)} of text (this is ${formatBytes(bytes)}); pick one case for up to ${formatBytes(MAX_INPUT_BYTES)}.`,
				{ limit: MAX_ALL_INPUT_BYTES, size: bytes },
				'PAYLOAD_TOO_LARGE',
			)
		}
		const cases = convertAll(input, options)
		const output = caseModes.map((info) => `${info.label}\n${cases[info.id]}`).join('\n\n')
		return { output, cases, counts: textCounts(input), stats: { input: textStats(input), output: textStats(output) } }
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

export type TextCounts = TextStats & { charactersWithoutSpaces: number; sentences: number }

/**
 * textStats plus characters without white space and sentences: runs of words
 * ended by . ! ? or … (not the inner full stops of e.g. or U.S.), by a blank
 * line, or by the end of the text.
 */
export function textCounts(input: string): TextCounts {
	const stats = textStats(input)
	const spaces = input.match(/\s/gu)?.length ?? 0
	let sentences = 0
	let open = false
	for (const [chunk] of input.matchAll(/\S+|(?:\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)/gu)) {
		if (!/\S/u.test(chunk)) {
			// A blank line ends a sentence that has no full stop.
			if (open) sentences++
			open = false
			continue
		}
		if (WORDISH.test(chunk)) open = true
		if (open && endsSentence(chunk)) {
			sentences++
			open = false
		}
	}
	if (open) sentences++
	return { ...stats, charactersWithoutSpaces: stats.characters - spaces, sentences }
}

// ---------------------------------------------------------------------------
// Words

const WORDISH = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u

/**
 * One emoji, with its skin tone, variation selector and ZWJ joins; or a flag.
 * Symbols that are emoji only when asked (© ® ™ without U+FE0F) are punctuation.
 */
const EMOJI = String.raw`(?:(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F)(?:\p{Emoji_Modifier}|\p{M})*(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\p{M})*)*|\p{Regional_Indicator}{1,2})`

/** Words of code: runs of letters, marks and digits, or runs of emoji. */
const CODE_TOKEN = new RegExp(String.raw`[\p{L}\p{M}\p{N}]+|${EMOJI}+`, 'gu')
/** A capital after the first character: only such tokens can hold more than one word. */
const INNER_UPPER = /.[\p{Lu}\p{Lt}]/su

/** "fooBar", "base64Encode", "日本Text": lower case, digit or uncased letter, then a capital. */
const LOWER_THEN_UPPER = /([\p{Ll}\p{Lo}\p{Lm}\p{N}]\p{M}*)(?=[\p{Lu}\p{Lt}])/gu
/** "HTTPResponse": the last capital of an acronym starts the next word. */
const ACRONYM_END = /(\p{Lu}\p{M}*)(?=\p{Lu}\p{M}*\p{Ll})/gu
/**
 * One lower-case letter, then capitals only (and digits): iOS, eID, iOS17. Product names, kept as one
 * word in code cases (ios_app, not i_os_app). A camelCase identifier puts a capitalised word after
 * its first part (xValue, iPhone, anHTMLTag) and still splits there, as change-case does.
 */
const LETTER_THEN_CAPITALS = /^\p{Ll}\p{M}*(?:\p{Lu}\p{M}*){2,}\p{N}*$/u
/** Apostrophes inside words vanish in code: "don't" → "dont". */
const INNER_APOSTROPHE = /(?<=[\p{L}\p{M}\p{N}])['’](?=\p{L})/gu

/**
 * Splits one line into words for the programming cases: spaces and
 * punctuation separate words, and so do camelCase and PascalCase boundaries
 * ("HTTPServerError" → HTTP, Server, Error). Digits stay with the letters
 * before them ("userID2" → user, ID2; "base64Encode" → base64, Encode).
 */
export function splitWords(line: string): Array<string> {
	const words: Array<string> = []
	for (const [token] of line.replace(INNER_APOSTROPHE, '').matchAll(CODE_TOKEN)) {
		// iOS, eID: one lower-case letter before capitals is a name, not the word "i" and an acronym.
		if (!INNER_UPPER.test(token) || LETTER_THEN_CAPITALS.test(token)) {
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

/**
 * Unicode title case of one letter: the digraphs ǆ ǉ ǌ ǳ have a title form of
 * their own (ǅ), and a ligature becomes its capital and small letters (ﬁ → Fi).
 */
const TITLE_FORMS: Record<string, string> = { Ǆ: 'ǅ', ǅ: 'ǅ', ǆ: 'ǅ', Ǉ: 'ǈ', ǈ: 'ǈ', ǉ: 'ǈ', Ǌ: 'ǋ', ǋ: 'ǋ', ǌ: 'ǋ', Ǳ: 'ǲ', ǲ: 'ǲ', ǳ: 'ǲ' }

function titleLetter(letter: string, { upper, lower }: Casing): string {
	const own = TITLE_FORMS[letter]
	if (own) return own
	const upperCased = upper(letter)
	if (upperCased.length === 1 || (upperCased.length === 2 && upperCased.codePointAt(0)! > 0xffff)) return upperCased
	const first = String.fromCodePoint(upperCased.codePointAt(0)!)
	return first + lower(upperCased.slice(first.length))
}

/** Title-cases the first code point and lower-cases the rest. */
function capitalize(word: string, casing: Casing): string {
	const codePoint = word.codePointAt(0)
	if (codePoint === undefined) return ''
	const first = String.fromCodePoint(codePoint)
	return titleLetter(first, casing) + casing.lower(word.slice(first.length))
}

// ---------------------------------------------------------------------------
// Cases for prose: Title Case, Sentence case, Capitalize Each Word

/**
 * Text that no prose case may change: web addresses, e-mail addresses, file
 * paths, domain names, #tags and @handles. Tested on a run without spaces,
 * less the quotes and brackets around it and the punctuation after it.
 */
const PROTECTED = new RegExp(
	[
		String.raw`(?:[a-z][a-z\d+.-]*:\/\/|www\.|mailto:)\S+`,
		String.raw`[^\s@]+@[^\s@]+\.[^\s@]+`,
		String.raw`(?:~|\.{1,2})?\/[^\s\/]+(?:\/\S*)?`,
		String.raw`[a-z]:\\\S*|\\\\\S+`,
		String.raw`[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_.-]+)*\/[\p{L}\p{N}_-]+\.[\p{L}\p{N}]{1,5}`,
		String.raw`(?:[\p{L}\p{N}-]+\.)+(?:com|org|net|edu|gov|io|dev|app|co|uk|de|fr|info|biz|me|ai|ly|tv|us|eu|ca|au|jp|ru|nl|ch|es|it|se|pl|in|br|cn)(?:[\/:?#]\S*)?`,
		String.raw`[#@][\p{L}\p{N}_]\S*`,
	]
		.map((pattern) => `(?:${pattern})`)
		.join('|')
		.replace(/^/, '^(?:')
		.concat(')$'),
	'iu',
)
const OPENING = /^[("'‘“«‹[{<*_¿¡]+/u
const CLOSING = /[)"'’”»›\]}>*_.,;:!?…]+$/u

/**
 * A word of prose: letters, marks and digits, holding inner apostrophes
 * (don't), ampersands (Q&A), full stops (e.g., U.N.) and bracketed letters
 * (colo(u)r, test(s)), none of which start a new word.
 */
const PROSE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’&.][\p{L}\p{M}\p{N}]+|[(\[][\p{L}\p{M}\p{N}]+[)\]][\p{L}\p{M}\p{N}]*)*/gu

/** Two to six capitals and nothing in lower case, perhaps a plural s: NASA, HTML5, Q&A, U.N, APIs (longer words in capitals are shouting). */
const ACRONYM = /^(?=(?:\P{L}*\p{Lu}){2})(?!(?:\P{L}*\p{Lu}){7})[\p{Lu}\p{M}\p{N}'’&.]+(?:['’]?s)?$/u
/**
 * A name written with inner capitals: GitHub, iPhone, JavaScript, McDonald,
 * parseHTTPResponse, TheStreet.com’s; or a name ending in capitals after
 * two lower-case letters or more: userID2, fileURL. Each other inner run of
 * capitals is followed by two or more lower-case letters, so aLtErNaTiNg or
 * iNVERSE text is not mistaken for one.
 */
const INNER_CAPITALS = /^(?:\p{L}\p{Ll}*(?:\p{Lu}+\p{Ll}{2,})+|\p{Ll}{2,}(?:\p{Lu}\p{Ll}+)*\p{Lu}{2,}\p{N}*)(?:[.'’]\p{L}+)*$/u
/**
 * A word with a lower-case letter followed by a capital inside it: iOS, macOS, iPadOS, eBay. Written
 * that way on purpose (a name), so the prose cases keep it as written, unless the text is in inverse
 * or alternating case throughout (see isScrambled), where such words are what the case made them.
 */
const MIXED_CASE = /\p{Ll}\p{M}*\p{Lu}/u
/** Words whose mixed-case spelling can only be inverse or alternating text: no name is written "tHE" or "oF". */
const COMMON_WORDS = new Set([
	...SMALL_WORDS.chicago,
	...'so yet if is it be we he me my you she they them this that was are were have has had not all one its our your his her who what when how why'.split(' '),
])
/** aLtErNaTiNg over four letters or more, or one lower-case letter before three capitals or more (iNVERSE, hELLO). */
const SCRAMBLED_WORD = /^(?:\p{Ll}?(?:\p{Lu}\p{Ll}){2,}\p{Lu}?|\p{Lu}?(?:\p{Ll}\p{Lu}){2,}\p{Ll}?|\p{Ll}\p{Lu}{3,})$/u

/**
 * Is the text in inverse or alternating case (tHE lORD oF tHE rINGS)? Then its mixed-case words are not
 * names. One telling word is enough: a common word in mixed case (tHE, oF, ThE), an alternating one
 * (LoRd, rInGs), or one lower-case letter before three capitals or more (hELLO). iOS, eBay and iPhone are
 * none of these. Looked for in the first 100,000 characters, as isShouting does.
 */
function isScrambled(input: string): boolean {
	for (const [word] of input.slice(0, 100_000).matchAll(/\p{L}{2,}/gu)) {
		if (!MIXED_CASE.test(word)) continue
		if (SCRAMBLED_WORD.test(word) || COMMON_WORDS.has(word.toLowerCase())) return true
	}
	return false
}
const STARTS_WITH_LETTER = /^\p{L}/u
/** "i", "i'm", "i've": the pronoun, written as a capital in every prose case. */
const PRONOUN_I = /^i(?:['’]\p{L}+)?$/u
/** An abbreviation with inner full stops: e.g, i.e, U.S (the last stop is outside the word). */
const DOTTED = /^\p{L}(?:\.\p{L})+$/u

/**
 * Words in capitals are acronyms worth keeping only when the text is not
 * written mostly in capitals: "THE WIND IN THE WILLOWS" has none, "we
 * keep NASA" has one. Counted over words of two letters or more in the first
 * 100,000 characters (a sample is enough, and big inputs stay fast).
 */
function isShouting(input: string): boolean {
	let capitals = 0
	let others = 0
	for (const [word] of input.slice(0, 100_000).matchAll(/\p{L}{2,}/gu)) {
		if (/\p{Ll}/u.test(word)) others++
		else if (/\p{Lu}/u.test(word)) capitals++
	}
	return capitals > others
}

/** Does this run without spaces end a sentence: . ! ? … perhaps before a closing quote or bracket, but not the last stop of "e.g."? */
function endsSentence(chunk: string): boolean {
	const end = /([.!?…]+)(['"’”»)\]*_]*)$/u.exec(chunk)
	if (!end) return false
	// A full stop after a closing quote or bracket ends the sentence: "The U.N.". Next
	if (end[1] !== '.' || /['"’”»)\]]/u.test(end[2]!) || /['"’”»)\]]$/u.test(chunk.slice(0, end.index))) return true
	const words = chunk.slice(0, end.index).match(PROSE_WORD)
	const last = words?.at(-1)
	return !(last && DOTTED.test(last))
}

/** A run ending in a colon, a dash, or a sentence's end starts a new part of a title. */
function startsTitlePart(chunk: string): boolean {
	return /^[-\u2013\u2014]+$|[:\u2013\u2014]['"’”)\]*_]*$/u.test(chunk) || endsSentence(chunk)
}

type ProseMode = 'title' | 'sentence' | 'capitalized'

/**
 * Title Case, Sentence case and Capitalize Each Word, one run without spaces
 * at a time. Each line is a title (or starts a sentence) of its own in
 * per-line mode; otherwise line breaks are wrapping, and only a blank line
 * starts a new sentence.
 */
function convertProse(input: string, mode: ProseMode, options: CaseOptions, casing: Casing): string {
	const keepCapitals = options.keepAcronyms && !isShouting(input)
	const keepMixed = !isScrambled(input)
	const small = SMALL_WORDS[options.style]
	const lines = options.perLine ? input.split(/(\r\n|\r|\n)/) : [input]
	let sentenceStart = true
	for (let p = 0; p < lines.length; p += 2) {
		const line = lines[p]!
		const lastWordAt = lastWordOffset(line)
		let titleStart = true
		if (options.perLine) sentenceStart = true
		let previousEnd = 0
		lines[p] = line.replace(/\S+/gu, (chunk, offset: number) => {
			if (BLANK_LINE.test(line.slice(previousEnd, offset))) sentenceStart = titleStart = true
			previousEnd = offset + chunk.length
			if (PLAIN_WORD.test(chunk)) {
				// The common case, a word and nothing else: no address, no compound, no sentence end.
				const shaped = shapeWord(chunk, titleStart || (mode === 'title' && offset >= lastWordAt))
				titleStart = sentenceStart = false
				return shaped
			}
			let out = chunk
			const lead = OPENING.exec(chunk)?.[0] ?? ''
			const trail = CLOSING.exec(chunk.slice(lead.length))?.[0] ?? ''
			const body = chunk.slice(lead.length, chunk.length - trail.length)
			const hasWord = HAS_WORD.test(chunk)
			if (hasWord && !PROTECTED.test(body)) {
				const words = [...chunk.matchAll(PROSE_WORD)]
				out = ''
				let last = 0
				words.forEach((match, index) => {
					const word = match[0]
					// Title Case: the first and last parts of a hyphenated compound are capitalised (Step-by-Step, Go-To).
					const joined = index > 0 && COMPOUND_JOIN.test(chunk.slice(last, match.index))
					const continues = index < words.length - 1 && COMPOUND_JOIN.test(chunk.slice(match.index + word.length, words[index + 1]!.index))
					// A quoted title inside the title ("The Lottery") and the part before a colon have edges of their own.
					const quoteStart = index === 0 && QUOTE.test(lead)
					const partEnd = index === words.length - 1 && (QUOTE.test(trail) || trail.includes(':'))
					const edge = titleStart || quoteStart || partEnd || (offset + match.index >= lastWordAt && !continues) || joined !== continues
					out += chunk.slice(last, match.index) + shapeWord(word, edge, index === 0)
					last = match.index + word.length
					titleStart = false
				})
				out += chunk.slice(last)
			}
			if (hasWord) sentenceStart = titleStart = false
			if (hasWord || TITLE_PUNCTUATION.test(chunk)) {
				if (startsTitlePart(chunk)) titleStart = true
				if (endsSentence(chunk)) sentenceStart = true
			}
			return out
		})
	}
	return lines.join('')

	/** One word of prose; `edge`: it starts or ends the title or a part of it; `first`: the first word of its run. */
	function shapeWord(word: string, edge: boolean, first = true): string {
		if (INNER_CAPITALS.test(word) || (keepMixed && MIXED_CASE.test(word)) || (keepCapitals && ACRONYM.test(word))) return word
		if (mode === 'capitalized') return capitalizeWord(word, casing)
		const lower = casing.lower(word)
		if (mode === 'sentence') return (sentenceStart && first) || PRONOUN_I.test(lower) ? capitalizeWord(word, casing) : lower
		return !edge && small.has(lower) ? lower : capitalizeWord(word, casing)
	}
}

const QUOTE = /['"‘’“”«»‹›]/u
const BLANK_LINE = /(?:\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)/u
const PLAIN_WORD = /^[\p{L}\p{M}]+$/u
const HAS_WORD = /[\p{L}\p{N}]/u
const COMPOUND_JOIN = /^[-\u2010\u2011/]$/u
const TITLE_PUNCTUATION = /[-\u2013\u2014:]/u

/** Where the last run holding a letter or digit starts (the title's last word), or the line's length. */
function lastWordOffset(line: string): number {
	let end = line.length
	while (end > 0) {
		while (end > 0 && /\s/u.test(line.charAt(end - 1))) end--
		let start = end
		while (start > 0 && !/\s/u.test(line.charAt(start - 1))) start--
		if (/[\p{L}\p{N}]/u.test(line.slice(start, end))) {
			const words = [...line.slice(start, end).matchAll(PROSE_WORD)]
			return start + (words.at(-1)?.index ?? 0)
		}
		end = start
	}
	return line.length
}

/**
 * Capitalises a prose word: its first letter in title case, the rest lower
 * (a word starting with a digit, such as 21st, is only lowered), and a
 * letter after & too (AT&T).
 */
function capitalizeWord(word: string, casing: Casing): string {
	if (!STARTS_WITH_LETTER.test(word)) return casing.lower(word)
	const shaped = capitalize(word, casing)
	return word.includes('&') ? shaped.replace(/&(\p{L})/gu, (_, letter: string) => `&${titleLetter(letter, casing)}`) : shaped
}

/** aLtErNaTiNg: letters only, lower then upper, carried on across words. */
function toAlternating(input: string, casing: Casing): string {
	let makeUpper = false
	return input.replace(/\p{L}/gu, (letter, offset: number) => {
		const out = makeUpper ? casing.upper(letter) : lowerLetterAt(letter, input, offset, casing)
		makeUpper = !makeUpper
		return out
	})
}

/** iNVERSE: each cased letter swaps case; letters without case stay. */
function toInverse(input: string, casing: Casing): string {
	return input.replace(/[\p{Lu}\p{Ll}\p{Lt}]/gu, (letter, offset: number) => {
		const lowered = lowerLetterAt(letter, input, offset, casing)
		return letter === lowered ? casing.upper(letter) : lowered
	})
}

const LETTER = /\p{L}/u

/**
 * Lower-cases one letter of `text`. A capital sigma lowers to the final
 * form ς at the end of a word, which lower-casing one letter cannot know.
 */
function lowerLetterAt(letter: string, text: string, offset: number, casing: Casing): string {
	if (letter !== 'Σ') return casing.lower(letter)
	const before = offset > 0 && LETTER.test(text.charAt(offset - 1))
	const after = LETTER.test(String.fromCodePoint(text.codePointAt(offset + 1) ?? 0x20))
	return before && !after ? 'ς' : 'σ'
}

function assertNever(value: never): never {
	throw new Error(`Unknown case mode: ${String(value)}`)
}
