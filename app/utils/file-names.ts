/**
 * Names for files this site hands out (downloads, stored results): safe on
 * every system (Windows, macOS, Linux, phones), readable, and saying what
 * was done (issue 29, item 23). `Content-Disposition` carries them with an
 * ASCII fallback and `filename*=UTF-8''` (files.server.ts).
 */

/** The longest name handed out, extension included (most systems allow 255 bytes; this leaves room for a copy's " (2)"). */
export const FILE_NAME_LIMIT = 100

/** Control, zero-width, bidi-control and byte-order characters: never part of a name shown or handed out. */
// eslint-disable-next-line no-control-regex
export const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g
/** Characters Windows refuses in a name (`/` and `\` are folders everywhere), and `%`/`;`, which trip up headers and shells. */
const RESERVED = /[<>:"|?*;%]/g
/** Device names Windows will not create a file under, whatever the extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i

/** The name of an input file without folders, its extension or anything unsafe ('' when nothing is left). */
export function fileStem(name: string | undefined): string {
	const last = (name ?? '').split(/[/\\]/).pop() ?? ''
	return clean(last.replace(/\.(pdf|png|jpe?g|gif|webp|avif|txt|md|markdown|svg|zip)$/i, ''))
}

function clean(text: string): string {
	return text
		.replace(INVISIBLE, (char) => (/\s/.test(char) ? ' ' : ''))
		.replace(RESERVED, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^[.\s]+|[.\s]+$/g, '')
}

/**
 * `stem + suffix + extension`, made safe: separators become hyphens, invisible
 * and reserved characters go, a Windows device name gets a `_` in front, and
 * the stem (never the suffix that says what was done) is shortened to keep
 * the whole within FILE_NAME_LIMIT characters.
 */
export function safeFileName(stem: string, suffix: string, extension: string, fallback = 'file'): string {
	const tail = clean(suffix.replace(/[/\\]/g, '-')) + extension
	let head = clean(stem.replace(/[/\\]/g, '-')) || fallback
	const room = Math.max(8, FILE_NAME_LIMIT - tail.length)
	// Cut by code points, so a character outside the BMP is never split.
	const points = Array.from(head)
	if (points.length > room || head.length > room) {
		let cut = points.slice(0, room)
		while (cut.join('').length > room) cut = cut.slice(0, -1)
		head = clean(cut.join('')) || fallback
	}
	if (WINDOWS_DEVICE.test(head) && suffix === '') head = `_${head}`
	return `${head}${tail}`
}

/**
 * A short piece of a name from any text: letters (in any script) and digits
 * kept as written, everything else a single hyphen; cut at a hyphen to at
 * most `max` characters.
 */
export function slugPart(text: string, max = 40): string {
	const words = text.replace(INVISIBLE, ' ').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
	let slug = ''
	for (const word of words) {
		const next = slug ? `${slug}-${word}` : word
		if (Array.from(next).length > max) {
			if (!slug) slug = Array.from(word).slice(0, max).join('')
			break
		}
		slug = next
	}
	return slug
}
