/**
 * GitHub alerts (`> [!WARNING]` as the first line of a block quote): the
 * five kinds, their titles and colours, and the marker, for every renderer
 * of them: the blog's HTML and the Markdown preview (app/utils/markdown-render.ts)
 * and Markdown → DOCX (app/tools/markdown-to-docx/docx-writer.ts), so all
 * three show the same alert. The colours are GitHub's light theme, as hex
 * without '#' (Word's form); the stylesheet's `.markdown-alert-*` rules use
 * the same ones, GitHub's dark ones in the dark theme, and draw each kind's
 * symbol before the title (decoration only: the title says it).
 */

export type AlertKind = 'NOTE' | 'TIP' | 'IMPORTANT' | 'WARNING' | 'CAUTION'

export type AlertStyle = {
	title: string
	/** The border's and the title's colour. */
	color: string
	/** The shading behind the alert. */
	fill: string
}

export const ALERT_KINDS: Record<AlertKind, AlertStyle> = {
	NOTE: { title: 'Note', color: '0969DA', fill: 'DDF4FF' },
	TIP: { title: 'Tip', color: '1A7F37', fill: 'DAFBE1' },
	IMPORTANT: { title: 'Important', color: '8250DF', fill: 'FBEFFF' },
	WARNING: { title: 'Warning', color: '9A6700', fill: 'FFF8C5' },
	CAUTION: { title: 'Caution', color: 'CF222E', fill: 'FFEBE9' },
}

/** The marker, alone on the first line of a block quote's first paragraph (any case, as GitHub reads it). */
export const ALERT_MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i

/** The alert a block quote's first paragraph (its raw text, without the `>`) opens, and the text after the marker. */
export function readAlertMarker(paragraphRaw: string): { kind: AlertKind; style: AlertStyle; rest: string } | null {
	const match = ALERT_MARKER.exec(paragraphRaw)
	if (!match) return null
	const kind = match[1]!.toUpperCase() as AlertKind
	return { kind, style: ALERT_KINDS[kind], rest: paragraphRaw.slice(match[0].length) }
}
