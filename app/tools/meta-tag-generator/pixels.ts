/**
 * How wide a line of text is in Google's results, without a canvas: a table
 * of Arial's advance widths (thousandths of an em) in the pure core, so the
 * same numbers come out in the browser, its worker and Node.
 *
 * The widths are Arial's (metric-compatible with Helvetica's published AFM
 * widths, which is what the table holds for ASCII and Latin-1). Letters with
 * accents are measured as their base letter (é = e; the accent is a combining
 * mark, zero wide). Characters outside the table:
 * - combining marks, joiners, variation selectors, bidi controls and other
 *   invisible format characters: 0;
 * - East Asian wide and full-width characters (Chinese, Japanese, Korean)
 *   and emoji (a whole ZWJ sequence, flag or keycap is one): 1 em;
 * - anything else (Greek, Cyrillic, Hebrew, Arabic, Thai…): the width of an
 *   average Arial capital or small letter (667 or 556), a close enough guess.
 *
 * Where the limits come from (Google publishes none; these are measured by
 * SEO tools on live results and agree within a few per cent):
 * - desktop title ≈ 600 px at 20 px Arial; desktop description ≈ 920 px and
 *   mobile description ≈ 680 px at 14 px Arial — molixa.app, "Meta
 *   description length in pixels (2026)",
 *   https://molixa.app/blog/meta-description-length-pixels-2026; the same
 *   920/680 in https://www.semlypro.com/seo-ai-tools/meta-description-checker
 *   and https://findbest.tools/seo/meta-description-checker. Others quote a
 *   580 px title (https://ultimatedesigntools.com/blog/serp-preview-guide/);
 *   600 px is the common figure and the one in the tool's brief.
 * - Google cuts at a word boundary and ends with " ..." (Screaming Frog's
 *   research on word-boundary truncation,
 *   https://www.screamingfrog.co.uk/an-update-on-pixel-width-in-google-serp-snippets/).
 */

export const GOOGLE_TITLE = { font: 20, limit: 600 } as const
export const GOOGLE_DESCRIPTION = { font: 14, limit: 920 } as const
export const GOOGLE_DESCRIPTION_MOBILE = { font: 14, limit: 680 } as const
export const ELLIPSIS = ' ...'

/** Arial advance widths, 1/1000 em, for U+0020–U+007E. */
// prettier-ignore
const ASCII = [
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0–9 : ; < = > ?
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A–O
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P–Z [ \ ] ^ _
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` a–o
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p–z { | } ~
]

/** Latin-1 characters that do not decompose into an ASCII letter and a mark, and common punctuation. */
const OTHER: Record<number, number> = {
	0xa0: 278, 0xa1: 333, 0xa2: 556, 0xa3: 556, 0xa4: 556, 0xa5: 556, 0xa6: 260, 0xa7: 556, 0xa8: 333, 0xa9: 737, 0xaa: 370, 0xab: 556,
	0xac: 584, 0xae: 737, 0xaf: 333, 0xb0: 400, 0xb1: 584, 0xb2: 333, 0xb3: 333, 0xb4: 333, 0xb5: 556, 0xb6: 537, 0xb7: 278, 0xb8: 333,
	0xb9: 333, 0xba: 365, 0xbb: 556, 0xbc: 834, 0xbd: 834, 0xbe: 834, 0xbf: 611, 0xc6: 1000, 0xd0: 722, 0xd7: 584, 0xd8: 778, 0xde: 667,
	0xdf: 611, 0xe6: 889, 0xf0: 556, 0xf7: 584, 0xf8: 611, 0xfe: 556, 0x131: 278, 0x141: 556, 0x142: 222, 0x152: 1000, 0x153: 944,
	0x2013: 556, 0x2014: 1000, 0x2018: 222, 0x2019: 222, 0x201a: 222, 0x201c: 333, 0x201d: 333, 0x201e: 333, 0x2020: 556, 0x2021: 556,
	0x2022: 350, 0x2026: 1000, 0x2030: 1000, 0x2039: 333, 0x203a: 333, 0x20ac: 556, 0x2122: 1000, 0x2212: 584,
}

const MARK = /\p{M}/u
const UPPER = /\p{Lu}/u
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u

function isZeroWidth(code: number): boolean {
	return (
		code < 0x20 ||
		(code >= 0x7f && code < 0xa0) ||
		code === 0xad ||
		(code >= 0x300 && code <= 0x36f) ||
		(code >= 0x200b && code <= 0x200f) ||
		(code >= 0x202a && code <= 0x202e) ||
		(code >= 0x2060 && code <= 0x206f) ||
		(code >= 0xfe00 && code <= 0xfe0f) ||
		code === 0xfeff ||
		(code >= 0x1f3fb && code <= 0x1f3ff) || // skin tones: part of the emoji before them
		(code >= 0xe0000 && code <= 0xe007f) || // tags (subdivision flags)
		(code >= 0xe0100 && code <= 0xe01ef) ||
		(code >= 0x300 && MARK.test(String.fromCodePoint(code)))
	)
}

function isWide(code: number): boolean {
	return (
		(code >= 0x1100 && code <= 0x115f) ||
		(code >= 0x2e80 && code <= 0x303e) ||
		(code >= 0x3041 && code <= 0x33ff) ||
		(code >= 0x3400 && code <= 0x4dbf) ||
		(code >= 0x4e00 && code <= 0x9fff) ||
		(code >= 0xa000 && code <= 0xa4cf) ||
		(code >= 0xac00 && code <= 0xd7a3) ||
		(code >= 0xf900 && code <= 0xfaff) ||
		(code >= 0xfe30 && code <= 0xfe4f) ||
		(code >= 0xff00 && code <= 0xff60) ||
		(code >= 0xffe0 && code <= 0xffe6) ||
		(code >= 0x1f1e6 && code <= 0x1f1ff) || // regional indicators (a flag is two of them: see below)
		(code >= 0x20000 && code <= 0x3fffd)
	)
}

const cache = new Map<number, number>()

/** Width of one code point in 1/1000 em, as if it stood alone. */
export function charWidth(code: number): number {
	if (code >= 0x20 && code <= 0x7e) return ASCII[code - 0x20]!
	const known = OTHER[code]
	if (known !== undefined) return known
	const cached = cache.get(code)
	if (cached !== undefined) return cached
	let width: number
	if (isZeroWidth(code)) width = 0
	else if (isWide(code)) width = 1000
	else {
		const char = String.fromCodePoint(code)
		if (PICTOGRAPHIC.test(char)) width = 1000
		else {
			const base = char.normalize('NFD').codePointAt(0)!
			if (base !== code && base >= 0x20 && base <= 0x7e) width = ASCII[base - 0x20]!
			else if (code >= 0x2000 && code <= 0x200a) width = 278 // spaces of other widths
			else width = UPPER.test(char) ? 667 : 556
		}
	}
	if (cache.size < 4096) cache.set(code, width)
	return width
}

/**
 * The text as the clusters a reader sees (a letter with its marks, an emoji
 * sequence, a flag) with each one's width in 1/1000 em: a joiner (ZWJ) glues
 * the next character to the cluster, which stays as wide as its first
 * character; the second regional indicator of a flag adds nothing.
 */
export function* clusters(text: string): Generator<{ end: number; width: number }> {
	let index = 0
	let pendingFlag = false
	while (index < text.length) {
		const code = text.codePointAt(index)!
		let next = index + (code > 0xffff ? 2 : 1)
		let width = charWidth(code)
		if (code >= 0x1f1e6 && code <= 0x1f1ff) {
			if (pendingFlag) width = 0
			pendingFlag = !pendingFlag
		} else pendingFlag = false
		// Marks, joiners and what they join belong to this cluster.
		while (next < text.length) {
			const following = text.codePointAt(next)!
			if (following === 0x200d) {
				next++
				if (next < text.length) next += text.codePointAt(next)! > 0xffff ? 2 : 1
				continue
			}
			if (following < 0x300) break
			if (charWidth(following) !== 0 || following === 0x200b || following === 0xad) break
			next += following > 0xffff ? 2 : 1
		}
		yield { end: next, width }
		index = next
	}
}

/** Width of `text` in pixels at `fontPx`. */
export function pixelWidth(text: string, fontPx: number): number {
	let total = 0
	for (const { width } of clusters(text)) total += width
	return (total * fontPx) / 1000
}

export type Cut = { text: string; truncated: boolean; width: number }

/**
 * `text` cut to `limit` pixels the way Google does: whole words while they
 * fit with " ..." after them; a first word too long for the line is cut
 * between clusters (never inside an emoji or between a letter and its
 * accent). `width` is the shown text's width. Stops reading as soon as the
 * line is full, so a 10 MB title costs no more than a short one.
 */
export function cutToWidth(text: string, { font, limit }: { font: number; limit: number }): Cut {
	const budget = (limit * 1000) / font
	const ellipsis = pixelWidth(ELLIPSIS, 1000)
	let used = 0
	/** The end of the last word that fits with the ellipsis, and its width. */
	let lastWordEnd = 0
	let lastWordWidth = 0
	/** The end of the last cluster that fits with the ellipsis (for a first word too long). */
	let lastClusterEnd = 0
	let lastClusterWidth = 0
	let start = 0
	for (const { end, width } of clusters(text)) {
		const isSpace = /\s/.test(text.slice(start, end))
		if (isSpace && start > 0 && !/\s/.test(text[start - 1]!) && used + ellipsis <= budget) {
			lastWordEnd = start
			lastWordWidth = used
		}
		used += width
		if (used > budget) {
			const end_ = lastWordEnd > 0 ? lastWordEnd : lastClusterEnd
			const shown = text.slice(0, end_).replace(/[\s,;:–—-]+$/u, '')
			const shownWidth = lastWordEnd > 0 ? lastWordWidth : lastClusterWidth
			return { text: shown + ELLIPSIS, truncated: true, width: Math.round(((shownWidth + ellipsis) * font) / 1000) }
		}
		if (used + ellipsis <= budget) {
			lastClusterEnd = end
			lastClusterWidth = used
		}
		start = end
	}
	return { text, truncated: false, width: Math.round((used * font) / 1000) }
}
