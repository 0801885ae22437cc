/**
 * Base64 Encoder/Decoder: the pure core (DESIGN.md §6, `app/tools/core.ts`).
 * No React, no DOM, no Node APIs: it runs in the browser's tool worker and in
 * the server's worker pool.
 *
 * - Encode: text → bytes in the chosen character set (UTF-8, UTF-16LE or
 *   Latin-1) → Base64 (standard or URL-safe alphabet, padding on or off,
 *   optional MIME wrapping at 76 characters, see `codec.ts`).
 * - Decode: Base64 → bytes → text in the chosen character set. Bytes that
 *   are not text in it (`charset.ts`) are shown as an `xxd`-style hex dump,
 *   never with U+FFFD replacement characters, and the result says what kind
 *   of file they look like.
 *
 * The byte-level functions are exported for the page's file handling, which
 * runs them in a Web Worker on files of 50 MB and more.
 */
import { z } from 'zod'
import { defineToolCore, ToolError, utf8Length, type ToolResult } from '#app/tools/kit/core.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'
import { bytesToText, charsetIds, charsetLabels, textToBytes } from './charset.ts'
import { decodeBase64, encodeBytes, type DecodeInfo } from './codec.ts'
import { detectFileType, type FileType } from './file-type.ts'
import { hexDump } from './hex-dump.ts'

export { bytesToText, charsetIds, charsetLabels, isValidText, textToBytes, type Charset } from './charset.ts'
export {
	decodeBase64,
	decodeToBytes,
	encodeBytes,
	encodedLength,
	hasNativeBase64,
	MIME_LINE_LENGTH,
	toDataUri,
	type Base64Alphabet,
	type DecodeInfo,
	type DecodeOptions,
	type EncodeOptions,
	type ProgressCallback,
} from './codec.ts'
export { detectFileType, type FileType } from './file-type.ts'
export { hexDump } from './hex-dump.ts'

export const SLUG = 'base64-encoder'

/** Binary output shows at most this many bytes as a hex dump (about 300,000 characters). */
export const HEX_DUMP_LIMIT = 64 * 1024

export const EMPTY_ENCODE_MESSAGE = 'Enter some text to encode.'
export const EMPTY_DECODE_MESSAGE = 'Enter some Base64 to decode.'

export const base64OptionsSchema = z
	.object({
		action: z.enum(['encode', 'decode']).default('encode'),
		charset: z.enum(charsetIds).default('utf-8'),
		alphabet: z.enum(['standard', 'url']).default('standard'),
		padding: z.boolean().default(true),
		/** MIME line wrapping: 76 characters a line, "\n" between lines. */
		wrap: z.boolean().default(false),
		/** Strict RFC 4648 decoding: one alphabet, exact padding, canonical last character. */
		strict: z.boolean().default(false),
	})
	.strict()

export type Base64Options = z.output<typeof base64OptionsSchema>

/** Sizes before and after: bytes and characters (code points). */
export type Base64Stats = { inputBytes: number; outputBytes: number; inputChars: number; outputChars: number }

export type Base64EncodeResult = ToolResult & { output: string; bytes: number; stats: Base64Stats }

export type Base64DecodeResult = ToolResult & {
	/** The decoded text, or a hex dump when `binary`. */
	output: string
	/** The decoded bytes are not text in the chosen character set. */
	binary: boolean
	/** How many bytes were decoded. */
	bytes: number
	/** What the bytes look like (PNG, PDF, JSON…), or null. */
	detectedType: FileType | null
	/** The media type of a `data:` prefix, null when there was none. */
	dataUriMime: string | null
	/** The hex dump stops after `HEX_DUMP_LIMIT` bytes. */
	truncated: boolean
	/** Plain sentences about what the decoder accepted or noticed. */
	notes: Array<string>
	stats: Base64Stats
}

export function runBase64(input: string, options: Base64Options, progress?: (fraction: number) => void): Base64EncodeResult | Base64DecodeResult {
	return options.action === 'encode' ? encodeText(input, options, progress) : decodeText(input, options, progress)
}

export function encodeText(input: string, options: Base64Options, progress?: (fraction: number) => void): Base64EncodeResult {
	if (input === '') throw new ToolError(EMPTY_ENCODE_MESSAGE)
	const bytes = textToBytes(input, options.charset)
	const output = encodeBytes(bytes, { alphabet: options.alphabet, padding: options.padding, wrap: options.wrap }, progress)
	return {
		output,
		bytes: bytes.length,
		stats: { inputBytes: bytes.length, outputBytes: output.length, inputChars: countCodePoints(input), outputChars: output.length },
	}
}

export function decodeText(input: string, options: Base64Options, progress?: (fraction: number) => void): Base64DecodeResult {
	if (!/\S/.test(input)) throw new ToolError(EMPTY_DECODE_MESSAGE)
	const { bytes, info } = decodeBase64(input, { strict: options.strict, alphabet: options.alphabet, padding: options.padding }, progress)
	const text = bytesToText(bytes, options.charset)
	const binary = text === null
	const detectedType = detectFileType(bytes)
	const truncated = binary && bytes.length > HEX_DUMP_LIMIT
	const output = binary ? hexDump(bytes, HEX_DUMP_LIMIT) : text
	return {
		output,
		binary,
		bytes: bytes.length,
		detectedType,
		dataUriMime: info.dataUriMime,
		truncated,
		notes: decodeNotes(info, { binary, truncated, detectedType, bytes: bytes.length, charset: charsetLabels[options.charset] }),
		stats: {
			inputBytes: utf8Length(input),
			outputBytes: bytes.length,
			inputChars: countCodePoints(input),
			outputChars: countCodePoints(output),
		},
	}
}

function decodeNotes(
	info: DecodeInfo,
	result: { binary: boolean; truncated: boolean; detectedType: FileType | null; bytes: number; charset: string },
): Array<string> {
	const notes: Array<string> = []
	if (info.dataUriMime !== null) {
		notes.push(info.dataUriMime ? `Removed the data: URI prefix (${info.dataUriMime}).` : 'Removed the data: URI prefix.')
	}
	if (info.usedStandard && info.usedUrlSafe) notes.push('The text mixes both alphabets (+ / and - _); decoded anyway.')
	else if (info.usedUrlSafe) notes.push('Decoded the URL-safe alphabet (- and _).')
	if (info.missingPadding) notes.push('The padding (=) at the end was missing; decoded anyway.')
	if (result.bytes === 0) notes.push('The Base64 holds no bytes.')
	if (result.binary) {
		const kind = result.detectedType ? ` They look like a ${result.detectedType.label}.` : ''
		notes.push(`The decoded bytes are not ${result.charset} text, so they are shown as a hex dump.${kind}`)
	}
	if (result.truncated) {
		notes.push(
			`The hex dump shows the first ${HEX_DUMP_LIMIT.toLocaleString('en-US')} of ${result.bytes.toLocaleString('en-US')} bytes; download the file to get them all.`,
		)
	}
	return notes
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: base64OptionsSchema,
	run: (input, options, context) => runBase64(input, options, context?.progress),
})
