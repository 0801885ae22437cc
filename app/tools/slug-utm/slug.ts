/**
 * SEO slugs from any text: pure, no DOM, no Node APIs.
 *
 * Transliteration: letters with accents lose them (NFKD, then the combining
 * marks go), which also covers Vietnamese tones and Turkish ç ş ğ; letters
 * that are not a base letter plus marks have a table (ß → ss, æ → ae, ø → o,
 * ł → l, đ → d, þ → th, ı → i…); German umlauts become ae, oe, ue when
 * `germanUmlauts` is on (the German convention), else a, o, u; Cyrillic
 * (Russian, Ukrainian, Belarusian, Serbian, Macedonian, Bulgarian) and Greek
 * have their own tables. Scripts with no letter-by-letter Latin spelling
 * (Chinese, Japanese, Korean, Arabic, Hebrew, Thai, Devanagari…) are kept
 * as they are, because a guess would be wrong (Chinese needs a dictionary to
 * choose between readings): browsers show such a slug as typed and send it
 * percent-encoded; `ascii` drops them instead.
 *
 * Every step is one pass over the characters: no regular expression here
 * can backtrack.
 */

const LATIN: Record<string, string> = {
	ß: 'ss',
	æ: 'ae',
	œ: 'oe',
	ø: 'o',
	ł: 'l',
	đ: 'd',
	ð: 'd',
	þ: 'th',
	ı: 'i',
	ŋ: 'ng',
	ħ: 'h',
	ŧ: 't',
	ĸ: 'k',
	ſ: 's',
	ɐ: 'a',
	ə: 'e',
	ɛ: 'e',
	ɔ: 'o',
}

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' }

/** Russian (the common web spelling, close to ICAO 9303), plus the letters of Ukrainian, Belarusian, Serbian, Macedonian and Bulgarian. */
const CYRILLIC: Record<string, string> = {
	а: 'a',
	б: 'b',
	в: 'v',
	г: 'g',
	д: 'd',
	е: 'e',
	ё: 'yo',
	ж: 'zh',
	з: 'z',
	и: 'i',
	й: 'y',
	к: 'k',
	л: 'l',
	м: 'm',
	н: 'n',
	о: 'o',
	п: 'p',
	р: 'r',
	с: 's',
	т: 't',
	у: 'u',
	ф: 'f',
	х: 'kh',
	ц: 'ts',
	ч: 'ch',
	ш: 'sh',
	щ: 'shch',
	ъ: '',
	ы: 'y',
	ь: '',
	э: 'e',
	ю: 'yu',
	я: 'ya',
	є: 'ye',
	і: 'i',
	ї: 'yi',
	ґ: 'g',
	ў: 'u',
	ђ: 'dj',
	ј: 'j',
	љ: 'lj',
	њ: 'nj',
	ћ: 'c',
	џ: 'dz',
	ѓ: 'gj',
	ќ: 'kj',
	ѕ: 'dz',
}

/** Greek, after ELOT 743 (accents are dropped first; ου is one sound). */
const GREEK: Record<string, string> = {
	α: 'a',
	β: 'v',
	γ: 'g',
	δ: 'd',
	ε: 'e',
	ζ: 'z',
	η: 'i',
	θ: 'th',
	ι: 'i',
	κ: 'k',
	λ: 'l',
	μ: 'm',
	ν: 'n',
	ξ: 'x',
	ο: 'o',
	π: 'p',
	ρ: 'r',
	σ: 's',
	ς: 's',
	τ: 't',
	υ: 'y',
	φ: 'f',
	χ: 'ch',
	ψ: 'ps',
	ω: 'o',
}

/** English words a slug can do without (Yoast's and WordPress plugins' usual list, shortened). */
export const SLUG_STOP_WORDS = new Set(
	(
		'a an the and or but nor of in on at to for from by with as into onto about over under than then so ' +
		'is are was were be been being am do does did has have had will would shall should can could may might must ' +
		'it its this that these those there here what which who whom whose how why when where ' +
		'i me my we our you your he him his she her they them their'
	).split(' '),
)

export type SlugOptions = {
	separator: '-' | '_'
	lowercase: boolean
	removeStopWords: boolean
	/** Longest slug in characters (code points), cut at a word boundary; 0 for no limit. */
	maxLength: number
	germanUmlauts: boolean
	/** Drop letters that have no Latin spelling (CJK, Arabic…) instead of keeping them. */
	ascii: boolean
}

export type SlugInfo = {
	slug: string
	/** Characters kept as they are because they have no Latin spelling. */
	kept: number
	/** Stop words removed. */
	stopWords: Array<string>
	/** The slug was cut to `maxLength`. */
	cut: boolean
}

const isMark = (char: string) => /\p{M}/u.test(char)
const isWordChar = (char: string) => /[\p{L}\p{N}]/u.test(char)
const isAscii = (text: string) => {
	for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false
	return true
}

/**
 * One character's Latin spelling: the tables (first as typed, so ä, й and ё
 * are found before their accents go), then the letter without its marks
 * (NFKD, which also turns ﬁ into fi and Ａ into A); null when it has none.
 */
function latinOf(char: string, lower: string, options: SlugOptions): string | null {
	const direct = lookUp(lower, options)
	if (direct !== undefined) return char === lower ? direct : capitalise(direct, char)
	let plain = ''
	for (const part of char.normalize('NFKD')) if (!isMark(part)) plain += part
	const base = lookUp(plain.toLowerCase(), options)
	if (base !== undefined) return plain.toLowerCase() === plain ? base : capitalise(base, plain)
	// ASCII letters and digits, and maybe separators between them (½ → 1⁄2).
	if (plain !== '' && Array.from(plain).every((part) => isAscii(part) || !isWordChar(part))) return plain
	return null
}

function lookUp(lower: string, options: SlugOptions): string | undefined {
	return (options.germanUmlauts ? GERMAN[lower] : undefined) ?? LATIN[lower] ?? CYRILLIC[lower] ?? GREEK[lower]
}

/** `Щ` → `Shch`: a capital keeps its capital when the slug keeps case. */
function capitalise(latin: string, original: string): string {
	return original.toLowerCase() === original || latin === '' ? latin : latin[0]!.toUpperCase() + latin.slice(1)
}

/** The words of `text` in Latin letters (or kept as they are), split on everything that is not a letter or digit. */
function transliterateWords(text: string, options: SlugOptions): { words: Array<string>; kept: number } {
	const words: Array<string> = []
	let word = ''
	let kept = 0
	/** The last character was kept as it is, so a combining mark after it stays (Devanagari vowel signs, Thai tones). */
	let lastKept = false
	/** An apostrophe inside a word: it joins ("don't" → "dont") if a letter or digit follows. */
	let apostrophe = false
	/** The last letter was Greek ο: with υ after it, it is "ou" (ELOT 743), not "oy". */
	let omicron = false
	const end = () => {
		if (word !== '') words.push(word)
		word = ''
		lastKept = false
		omicron = false
	}
	// NFC first: a letter typed as base + combining accent is one character here. One pass, code point by code point.
	for (const char of text.normalize('NFC')) {
		const code = char.charCodeAt(0)
		if (code < 0x80) {
			const alnum = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
			if (alnum) {
				apostrophe = false
				word += char
				lastKept = false
				omicron = false
			} else if (code === 0x27 && word !== '' && !apostrophe) apostrophe = true
			else {
				apostrophe = false
				end()
			}
			continue
		}
		if (char === '’' && word !== '' && !apostrophe) {
			apostrophe = true
			continue
		}
		if (isMark(char)) {
			if (lastKept && !apostrophe) word += char
			continue
		}
		if (!isWordChar(char)) {
			apostrophe = false
			end()
			continue
		}
		apostrophe = false
		const lower = char.toLowerCase()
		if (omicron && (lower === 'υ' || lower === 'ύ')) {
			word += char === lower ? 'u' : 'U'
			omicron = false
			continue
		}
		const latin = latinOf(char, lower, options)
		omicron = lower === 'ο' || lower === 'ό'
		if (latin !== null) {
			// Latin spellings may hold separators of their own (½ → 1⁄2 → "1", "2").
			for (const part of latin) {
				if (isWordChar(part) && isAscii(part)) word += part
				else end()
			}
			lastKept = false
			continue
		}
		if (options.ascii) {
			end()
			continue
		}
		word += char
		kept++
		lastKept = true
	}
	end()
	return { words, kept }
}

/** Words joined by the separator, at most `max` code points, cut after a whole word (a first word longer than `max` is cut itself). */
function cutToLength(words: ReadonlyArray<string>, separator: string, max: number): { slug: string; cut: boolean } {
	const full = words.join(separator)
	if (max <= 0 || Array.from(full).length <= max) return { slug: full, cut: false }
	let slug = ''
	let length = 0
	for (const word of words) {
		const wordLength = Array.from(word).length
		const next = length === 0 ? wordLength : length + 1 + wordLength
		if (next > max) break
		slug = length === 0 ? word : slug + separator + word
		length = next
	}
	if (slug === '') slug = Array.from(words[0] ?? '').slice(0, max).join('')
	return { slug, cut: true }
}

export function slugify(text: string, options: SlugOptions): SlugInfo {
	const { words, kept } = transliterateWords(text, options)
	const cased = options.lowercase ? words.map((word) => word.toLowerCase()) : words
	let chosen = cased
	const stopWords: Array<string> = []
	if (options.removeStopWords) {
		const content = cased.filter((word) => !SLUG_STOP_WORDS.has(word.toLowerCase()))
		// A title made only of stop words ("To be or not to be") keeps them all.
		if (content.length > 0) {
			for (const word of cased) if (SLUG_STOP_WORDS.has(word.toLowerCase())) stopWords.push(word)
			chosen = content
		}
	}
	const { slug, cut } = cutToLength(chosen, options.separator, options.maxLength)
	return { slug, kept, stopWords, cut }
}
