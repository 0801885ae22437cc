/**
 * QR Code Generator: the pure core (DESIGN.md §6, `kit/core.ts`). The input
 * is the exact text to encode (the page's builders in `payload.ts` make it
 * for Wi-Fi, contacts, events…); the options are how the code looks. It runs
 * in the browser as the user types, and in the server's worker pool for the
 * form posted without JavaScript and for `POST /api/tools/qr-code-generator`.
 *
 * The text is always encoded as UTF-8 bytes (byte mode), so the capacity
 * meter counts what a reader sees: bytes against the chosen version's limit
 * at the chosen error-correction level. Anything longer than version 40
 * holds is refused before the encoder runs, so 10 MB of text answers at once.
 */
import QRCode from 'qrcode'
import { z } from 'zod'
import { defineToolCore, ToolError, utf8Length, type ToolResult } from '#app/tools/kit/core.ts'

import { pngDataUri, renderPng, renderSvg, type Look, type Matrix } from './render.ts'

const formatNumber = (value: number) => value.toLocaleString('en-US')

export const SLUG = 'qr-code-generator'

export const errorCorrectionLevels = ['L', 'M', 'Q', 'H'] as const
export type ErrorCorrection = (typeof errorCorrectionLevels)[number]

export const errorCorrectionLabels: Record<ErrorCorrection, string> = {
	L: 'L · 7%',
	M: 'M · 15%',
	Q: 'Q · 25%',
	H: 'H · 30%',
}

/** Bytes a code holds in byte mode, per version 1–40 (ISO/IEC 18004 table 7). */
export const BYTE_CAPACITY: Record<ErrorCorrection, ReadonlyArray<number>> = {
	L: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858, 929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953],
	M: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331],
	Q: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442, 482, 509, 565, 611, 661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351, 1423, 1499, 1579, 1663],
	H: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382, 403, 439, 461, 511, 535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093, 1139, 1219, 1273],
}

export const MIN_SIZE = 64
/** Larger images cost memory and time for nothing a printer needs (SECURITY.md A-M7: 8,000 px took 9 s). */
export const MAX_SIZE = 2048

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour as #rrggbb')

export const qrOptionsSchema = z
	.object({
		format: z.enum(['svg', 'png']).default('svg'),
		errorCorrection: z.enum(errorCorrectionLevels).default('M'),
		/** The image's width in pixels (rounded down to whole pixels a module). */
		size: z.number().int().min(MIN_SIZE).max(MAX_SIZE).default(512),
		/** The quiet zone around the code, in modules (the standard asks for 4). */
		margin: z.number().int().min(0).max(16).default(4),
		dark: colour.default('#000000'),
		light: colour.default('#ffffff'),
		transparent: z.boolean().default(false),
	})
	.strict()

export type QrOptions = z.output<typeof qrOptionsSchema>

export type Capacity = {
	/** UTF-8 bytes of the content. */
	used: number
	/** What this version holds at this error-correction level. */
	limit: number
	/** What the largest code (version 40) holds at this level. */
	max: number
	percent: number
}

export type QrResult = ToolResult & {
	output: string
	format: 'svg' | 'png'
	/** With `format: 'png'`, the same code as SVG text too (the page without JavaScript shows it and links both). */
	svg?: string
	version: number
	errorCorrection: ErrorCorrection
	capacity: Capacity
	/** Modules a side, without the quiet zone. */
	modules: number
	/** The image's width in pixels. */
	width: number
	warnings: Array<string>
}

export const EMPTY_MESSAGE = 'Enter the text or link to put in the QR code.'

/** The smallest level below `level` that would hold `bytes`, for the "switch to L" hint. */
function lowerLevelThatFits(level: ErrorCorrection, bytes: number): ErrorCorrection | null {
	const order = errorCorrectionLevels.slice(0, errorCorrectionLevels.indexOf(level)).reverse()
	return order.find((each) => BYTE_CAPACITY[each][39]! >= bytes) ?? null
}

export function looksLikeUrl(text: string): boolean {
	return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(text.trim())
}

/** The message and hint for content longer than a QR code holds. */
export function capacityError(input: string, used: number, level: ErrorCorrection): ToolError {
	const max = BYTE_CAPACITY[level][39]!
	const lower = lowerLevelThatFits(level, used)
	const over = used - max
	const hints: Array<string> = []
	if (lower) hints.push(`switch error correction to ${lower} (it holds up to ${formatNumber(BYTE_CAPACITY[lower][39]!)} bytes)`)
	hints.push(looksLikeUrl(input) ? 'shorten the URL, for example with a link shortener' : `shorten the content by ${formatNumber(over)} ${over === 1 ? 'byte' : 'bytes'}`)
	const hint = hints.join(', or ')
	return new ToolError(
		`Too long for a QR code: the content is ${formatNumber(used)} bytes and a code at error correction ${level} holds at most ${formatNumber(max)}. To fit, ${hint}.`,
		{ capacity: { used, limit: max, max, percent: Math.round((used / max) * 100) }, hint },
	)
}

function relativeLuminance(hex: string): number {
	const value = Number.parseInt(hex.slice(1), 16)
	const channel = (shift: number) => {
		const c = ((value >> shift) & 0xff) / 255
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/** WCAG's contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
	const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
	return (light + 0.05) / (dark + 0.05)
}

/** Below this, phones struggle, especially in poor light or on print. */
export const MIN_CONTRAST = 3

/** What may stop the code from scanning: colours, the quiet zone. */
export function lookWarnings(options: Pick<QrOptions, 'dark' | 'light' | 'transparent' | 'margin'>): Array<string> {
	const warnings: Array<string> = []
	const background = options.transparent ? '#ffffff' : options.light
	const ratio = contrastRatio(options.dark, background)
	if (ratio < MIN_CONTRAST) {
		warnings.push(
			`The contrast between the colours is too low to scan reliably (${ratio.toFixed(1)}:1; aim for at least ${MIN_CONTRAST}:1, black on white is 21:1).`,
		)
	}
	if (!options.transparent && relativeLuminance(options.dark) > relativeLuminance(options.light)) {
		warnings.push('The colours are inverted (light code on a dark background): many scanners cannot read that. Make the foreground the darker colour.')
	}
	if (options.transparent) warnings.push('The background is transparent: the code scans only where what is behind it is light.')
	if (options.margin < 2) warnings.push('The quiet zone is under 2 modules: scanners find the code more easily with 4.')
	return warnings
}

export function generateQr(input: string, options: QrOptions): QrResult {
	if (input === '') throw new ToolError(EMPTY_MESSAGE)
	const level = options.errorCorrection
	const used = utf8Length(input)
	const max = BYTE_CAPACITY[level][39]!
	if (used > max) throw capacityError(input, used, level)
	const code = QRCode.create([{ data: new TextEncoder().encode(input), mode: 'byte' }], { errorCorrectionLevel: level })
	const size = code.modules.size
	const modules = code.modules.data
	const matrix: Matrix = { size, dark: (x, y) => modules[y * size + x] === 1 }
	const total = size + options.margin * 2
	const look: Look = {
		scale: Math.max(1, Math.floor(options.size / total)),
		margin: options.margin,
		dark: options.dark.toLowerCase(),
		light: options.light.toLowerCase(),
		transparent: options.transparent,
	}
	const svg = renderSvg(matrix, look)
	const limit = BYTE_CAPACITY[level][code.version - 1]!
	return {
		output: options.format === 'svg' ? svg : pngDataUri(renderPng(matrix, look)),
		format: options.format,
		...(options.format === 'png' ? { svg } : {}),
		version: code.version,
		errorCorrection: level,
		capacity: { used, limit, max, percent: Math.round((used / max) * 100) },
		modules: size,
		width: total * look.scale,
		warnings: lookWarnings(options),
	}
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: qrOptionsSchema,
	run: (input, options) => generateQr(input, options),
})
