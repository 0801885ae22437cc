/**
 * A hex dump in `xxd`'s default layout, for decoded bytes that are not text:
 *
 *     00000000: 8950 4e47 0d0a 1a0a 0000 000d 4948 4452  .PNG........IHDR
 *
 * 16 bytes a line: the offset (8 hex digits, more past 4 GiB), the bytes in
 * pairs, then the bytes as ASCII with `.` for anything not printable. The
 * last line is padded so its ASCII column lines up. Output is identical to
 * `xxd` for the same bytes.
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))
const PRINTABLE = Array.from({ length: 256 }, (_, byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.'))

export const HEX_DUMP_BYTES_PER_LINE = 16
/** Width of the hex column: 8 pairs of 4 digits and the 7 spaces between them. */
const HEX_WIDTH = 39

/**
 * The hex dump of `bytes`, or of their first `maxBytes` followed by a line
 * saying how many were left out.
 */
export function hexDump(bytes: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): string {
	const shown = Math.min(bytes.length, Math.max(0, Math.floor(maxBytes)))
	const lines: Array<string> = []
	for (let lineStart = 0; lineStart < shown; lineStart += HEX_DUMP_BYTES_PER_LINE) {
		const lineEnd = Math.min(lineStart + HEX_DUMP_BYTES_PER_LINE, shown)
		let hex = ''
		let text = ''
		for (let index = lineStart; index < lineEnd; index++) {
			const byte = bytes[index]!
			if (index > lineStart && (index - lineStart) % 2 === 0) hex += ' '
			hex += HEX[byte]
			text += PRINTABLE[byte]
		}
		lines.push(`${lineStart.toString(16).padStart(8, '0')}: ${hex.padEnd(HEX_WIDTH)}  ${text}`)
	}
	const hidden = bytes.length - shown
	if (hidden > 0) {
		lines.push(`… ${hidden.toLocaleString('en-US')} more byte${hidden === 1 ? '' : 's'} not shown (${bytes.length.toLocaleString('en-US')} in all).`)
	}
	return lines.join('\n')
}
