/**
 * The JSON Formatter's output pane: the framework's OutputPane (same markup,
 * ids and test ids), except that a very long result is shown as a preview.
 * A textarea costs Chromium about 30 µs per line to lay out, so 10 MB of
 * formatted JSON (400,000 lines) would freeze the page for seconds; the box
 * shows the first lines and Copy and Download always give the whole result.
 */
import { useMemo, type ReactNode } from 'react'
import { downloadText, useCopy } from '#app/components/tool-controls.tsx'
import { cn } from '#app/utils/misc.ts'

/** About 150 ms of layout at most. */
export const PREVIEW_MAX_LINES = 5000
export const PREVIEW_MAX_CHARS = 1_000_000

const textareaClass =
	'mt-2 min-h-64 w-full resize-y rounded-lg border p-3 font-mono text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

/** The first lines of `text` (at most PREVIEW_MAX_LINES lines and PREVIEW_MAX_CHARS characters), and how many lines it has. */
export function previewOf(text: string): { preview: string; lines: number; cut: boolean } {
	if (text === '') return { preview: '', lines: 0, cut: false }
	let lines = 1
	let end = -1
	for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
		if (lines === PREVIEW_MAX_LINES && end === -1) end = index
		lines++
	}
	if (end === -1 && text.length <= PREVIEW_MAX_CHARS) return { preview: text, lines, cut: false }
	const stop = Math.min(end === -1 ? text.length : end, PREVIEW_MAX_CHARS)
	return { preview: text.slice(0, stop), lines, cut: true }
}

type Props = {
	label: string
	output: string
	placeholder: string
	filename: string
	hydrated: boolean
	running?: boolean
	/** Sizes under the box. */
	note?: ReactNode
}

export function JsonOutputPane({ label, output, placeholder, filename, hydrated, running, note }: Props) {
	const id = 'tool-output'
	const copy = useCopy()
	const { preview, lines, cut } = useMemo(() => previewOf(output), [output])
	return (
		<div className="flex min-w-0 flex-col">
			<label htmlFor={id} className="font-semibold">
				{label}
			</label>
			<textarea
				id={id}
				data-testid="tool-output"
				readOnly
				value={preview}
				rows={14}
				spellCheck={false}
				placeholder={placeholder}
				aria-describedby={`${id}-note`}
				aria-busy={running || undefined}
				className={cn(textareaClass, 'border-border bg-surface-2', running && 'opacity-70')}
			/>
			<p id={`${id}-note`} className="mt-2 text-sm text-muted tabular-nums">
				{output ? (
					<>
						{note}
						{note ? ' · ' : null}
						{lines.toLocaleString('en-US')} line{lines === 1 ? '' : 's'}
					</>
				) : (
					'\u00a0'
				)}
			</p>
			{cut ? (
				<p className="mt-1 text-sm font-medium text-fg" data-testid="json-output-preview">
					{preview.length < PREVIEW_MAX_CHARS
						? `The result has ${lines.toLocaleString('en-US')} lines; the box shows the first ${PREVIEW_MAX_LINES.toLocaleString('en-US')} so the page stays fast.`
						: `The result has ${output.length.toLocaleString('en-US')} characters; the box shows the first ${preview.length.toLocaleString('en-US')} so the page stays fast.`}{' '}
					Copy and Download give all of it.
				</p>
			) : null}
			<div className="mt-3 flex flex-wrap gap-2">
				<button type="button" className="button-secondary" data-testid="tool-copy" disabled={!hydrated || output === ''} onClick={() => void copy(output)}>
					Copy
				</button>
				<button
					type="button"
					className="button-secondary"
					data-testid="tool-download"
					disabled={!hydrated || output === ''}
					onClick={() => downloadText(output, filename, 'application/json;charset=utf-8')}
				>
					Download
				</button>
			</div>
		</div>
	)
}
