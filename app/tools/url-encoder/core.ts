/**
 * URL Encoder/Decoder: the pure core (DESIGN.md §6, `app/tools/core.ts`).
 * No React, no DOM, no Node APIs: it runs in the browser's tool worker and in
 * the server's worker pool.
 *
 * - Encode (`percent.ts`): component (`encodeURIComponent`), whole URI
 *   (`encodeURI`), strict RFC 3986, or form data (`+` for spaces).
 * - Decode (`percent.ts`): our own decoder, which names every malformed
 *   escape and its position; `+` as a space on request (always in form
 *   mode); whole-URI mode keeps escaped delimiters (`%2F`, `%3F`…) as
 *   `decodeURI` does. Text still holding escapes after decoding (`%2520` →
 *   `%20`) is flagged `doubleEncoded`; `decodeUntilStable` decodes again
 *   until no escape is left (at most 10 rounds).
 * - Parse (`url-parser.ts`): the parts of a URL, a readable summary, and
 *   `buildUrl` to put edited parts back together.
 */
import { z } from 'zod'
import { defineToolCore, ToolError, utf8Length, type ToolResult } from '#app/tools/kit/core.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'
import { encodeModeIds, findDoubleEncoding, hasPercentEscape, percentDecode, percentEncode } from './percent.ts'
import { DEFAULT_PORTS, parseUrl, type ParsedUrl } from './url-parser.ts'

export { encodeModeIds, findDoubleEncoding, hasPercentEscape, percentDecode, percentEncode, type EncodeMode } from './percent.ts'
export {
	buildUrl,
	DEFAULT_PORTS,
	encodeQueryPart,
	formatQuery,
	hostToAscii,
	hostToUnicode,
	parseQuery,
	parseUrl,
	type ParsedUrl,
	type QueryEntry,
	type UrlParts,
} from './url-parser.ts'

export const SLUG = 'url-encoder'

/** `decodeUntilStable` stops after this many rounds. */
export const MAX_DECODE_ROUNDS = 10
/** The parse summary lists at most this many query parameters (`parsed.query` has them all). */
export const SUMMARY_QUERY_LIMIT = 1000

export const EMPTY_MESSAGES = {
	encode: 'Enter some text to encode.',
	decode: 'Enter some text to decode.',
	parse: 'Enter a URL to parse.',
} as const

export const urlOptionsSchema = z
	.object({
		action: z.enum(['encode', 'decode', 'parse']).default('encode'),
		mode: z.enum(encodeModeIds).default('component'),
		/** Decode '+' as a space (form mode always does). */
		plusAsSpace: z.boolean().default(false),
		/** Decode again while escapes remain (double encoding), up to 10 rounds. */
		decodeUntilStable: z.boolean().default(false),
	})
	.strict()

export type UrlOptions = z.output<typeof urlOptionsSchema>

/** Sizes before and after: characters (code points) and UTF-8 bytes. */
export type UrlStats = { inputChars: number; outputChars: number; inputBytes: number; outputBytes: number }

export type UrlEncodeResult = ToolResult & { output: string; notes: Array<string>; stats: UrlStats }

export type UrlDecodeResult = ToolResult & {
	output: string
	/** Decoding passes made: 1, or more with `decodeUntilStable`. */
	rounds: number
	/** The input was encoded twice (or more): `%2520`, `%253D`. */
	doubleEncoded: boolean
	notes: Array<string>
	stats: UrlStats
}

export type UrlParseResult = ToolResult & {
	/** A readable summary, one part a line ("Scheme: https"). */
	output: string
	parsed: ParsedUrl
	/** No scheme was given; the text was read with https:// before it. */
	impliedScheme: boolean
	notes: Array<string>
	stats: UrlStats
}

export function runUrl(input: string, options: UrlOptions): UrlEncodeResult | UrlDecodeResult | UrlParseResult {
	if (options.action === 'encode') return encodeUrlText(input, options)
	if (options.action === 'decode') return decodeUrlText(input, options)
	return parseUrlText(input)
}

export function encodeUrlText(input: string, options: Pick<UrlOptions, 'mode'>): UrlEncodeResult {
	if (input === '') throw new ToolError(EMPTY_MESSAGES.encode)
	const output = percentEncode(input, options.mode)
	const notes: Array<string> = []
	if (hasPercentEscape(input)) {
		notes.push('The text already holds percent-escapes (like %20); encoding it again double-encodes them (%2520). Did you mean to decode?')
	}
	return { output, notes, stats: stats(input, output) }
}

export function decodeUrlText(input: string, options: Omit<UrlOptions, 'action'>): UrlDecodeResult {
	if (input === '') throw new ToolError(EMPTY_MESSAGES.decode)
	const decodeOptions = { plusAsSpace: options.plusAsSpace || options.mode === 'form', keepReserved: options.mode === 'uri' }
	const notes: Array<string> = []
	const doubleSample = findDoubleEncoding(input)
	// The first round's errors are the user's to fix: they are thrown.
	let output = percentDecode(input, decodeOptions)
	let rounds = 1
	if (options.decodeUntilStable) {
		while (rounds < MAX_DECODE_ROUNDS && hasPercentEscape(output)) {
			let next: string
			try {
				next = percentDecode(output, decodeOptions)
			} catch (error) {
				if (!(error instanceof ToolError)) throw error
				notes.push(`Stopped after ${rounds} round${rounds === 1 ? '' : 's'}: decoding again fails (${error.message})`)
				break
			}
			if (next === output) break
			output = next
			rounds++
		}
		if (rounds === MAX_DECODE_ROUNDS && hasPercentEscape(output)) {
			notes.push(`Stopped after ${MAX_DECODE_ROUNDS} rounds; the text still holds percent-escapes.`)
		}
	}
	const doubleEncoded = rounds > 1 || (doubleSample !== null && hasPercentEscape(output))
	if (doubleEncoded) {
		const sample = doubleSample ?? '%25'
		if (options.decodeUntilStable) {
			notes.unshift(`The text was encoded more than once (${sample}); decoded ${rounds} times.`)
		} else {
			const once = sample.length === 5 ? `%${sample.slice(3)}` : '%'
			notes.unshift(`The text looks double-encoded: ${sample} decodes to ${once}, which is still an escape. Turn on "Decode until stable" to decode it fully.`)
		}
	}
	return { output, rounds, doubleEncoded, notes, stats: stats(input, output) }
}

export function parseUrlText(input: string): UrlParseResult {
	if (input.trim() === '') throw new ToolError(EMPTY_MESSAGES.parse)
	const { parsed, impliedScheme } = parseUrl(input)
	const notes: Array<string> = []
	if (impliedScheme) notes.push(`No scheme was given, so the URL was read as ${parsed.scheme}://….`)
	if (parsed.host !== parsed.hostPunycode) notes.push('The host is an international domain name: it travels as punycode.')
	const output = summarise(parsed)
	return { output, parsed, impliedScheme, notes, stats: stats(input, output) }
}

/** The decoded form of an escaped part for display, or the part itself when it does not decode. */
function readable(part: string): string {
	if (!part.includes('%')) return part
	try {
		return decodeURIComponent(part)
	} catch {
		return part
	}
}

function withDecoded(part: string): string {
	const decoded = readable(part)
	return decoded === part ? part : `${part} (decoded: ${decoded})`
}

function summarise(parsed: ParsedUrl): string {
	const lines = [`URL: ${parsed.href}`, `Scheme: ${parsed.scheme}`]
	if (parsed.username !== '') lines.push(`Username: ${withDecoded(parsed.username)}`)
	if (parsed.password !== '') lines.push(`Password: ${withDecoded(parsed.password)}`)
	lines.push(`Host: ${parsed.host === '' ? '(none)' : parsed.host}`)
	if (parsed.host !== parsed.hostPunycode) lines.push(`Host (punycode): ${parsed.hostPunycode}`)
	const defaultPort = DEFAULT_PORTS[parsed.scheme]
	lines.push(`Port: ${parsed.port !== '' ? parsed.port : defaultPort ? `(default, ${defaultPort})` : '(none)'}`)
	lines.push(`Path: ${parsed.path === '' ? '(empty)' : withDecoded(parsed.path)}`)
	const count = parsed.query.length
	lines.push(`Query: ${count === 0 ? '(none)' : `${count.toLocaleString('en-US')} parameter${count === 1 ? '' : 's'}`}`)
	for (const entry of parsed.query.slice(0, SUMMARY_QUERY_LIMIT)) {
		lines.push(entry.noEquals ? `  ${entry.key}` : `  ${entry.key} = ${entry.value}`)
	}
	if (count > SUMMARY_QUERY_LIMIT) lines.push(`  … and ${(count - SUMMARY_QUERY_LIMIT).toLocaleString('en-US')} more`)
	lines.push(`Fragment: ${parsed.fragment === '' ? '(none)' : withDecoded(parsed.fragment)}`)
	lines.push(`Origin: ${parsed.origin}`)
	return lines.join('\n')
}

function stats(input: string, output: string): UrlStats {
	return { inputChars: countCodePoints(input), outputChars: countCodePoints(output), inputBytes: utf8Length(input), outputBytes: utf8Length(output) }
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: urlOptionsSchema,
	run: (input, options) => runUrl(input, options),
})
