import { useEffect, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { languageNames, type MinifyResult } from '#app/tools/minify-beautify/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'

export const MIN_WIDTH = 40
export const MAX_WIDTH = 200

export function OutputNote({ result, lines }: { result: MinifyResult; lines: number }) {
	return (
		<>
			{languageNames[result.language]} · {formatBytes(result.sizes.after.raw)} · {lines.toLocaleString('en-US')} line{lines === 1 ? '' : 's'}
		</>
	)
}

export function Notes({ notes }: { notes: ReadonlyArray<string> }) {
	return (
		<div className="rounded-lg border border-border bg-surface-2 p-4 text-sm" data-testid="minify-notes">
			<p id="minify-notes-title" className="flex items-center gap-2 font-semibold">
				<Icon name="info" className="size-5 shrink-0" />
				{notes.length === 1 ? 'Note' : 'Notes'}
			</p>
			<ul aria-labelledby="minify-notes-title" className="mt-2 list-disc space-y-1 pl-5">
				{notes.map((note, index) => (
					<li key={index}>{note}</li>
				))}
			</ul>
		</div>
	)
}

/**
 * A number field that only passes on whole numbers from 40 to 200: while a
 * value is being typed ("1", "12") the last valid width stays in use.
 */
export function PrintWidth({ value, onChange }: { value: number; onChange: (width: number) => void }) {
	const [draft, setDraft] = useState(String(value))
	useEffect(() => setDraft((current) => (Number(current) === value ? current : String(value))), [value])
	const number = Number(draft)
	const valid = draft.trim() !== '' && Number.isInteger(number) && number >= MIN_WIDTH && number <= MAX_WIDTH
	return (
		<div>
			<label htmlFor="minify-print-width" className="text-sm font-semibold">
				Print width
			</label>
			<input
				id="minify-print-width"
				name="printWidth"
				type="number"
				inputMode="numeric"
				min={MIN_WIDTH}
				max={MAX_WIDTH}
				step={1}
				value={draft}
				onChange={(event) => {
					setDraft(event.target.value)
					const next = Number(event.target.value)
					if (event.target.value.trim() !== '' && Number.isInteger(next) && next >= MIN_WIDTH && next <= MAX_WIDTH) onChange(next)
				}}
				onBlur={() => setDraft(String(value))}
				aria-invalid={valid ? undefined : true}
				aria-describedby="minify-print-width-hint"
				className="mt-2 block w-28 rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg tabular-nums aria-[invalid=true]:border-danger focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
				data-testid="minify-print-width"
			/>
			<p id="minify-print-width-hint" className={cn('mt-1 text-sm', valid ? 'text-muted' : 'font-medium text-danger')}>
				{valid ? 'Characters per line before wrapping.' : `A whole number from ${MIN_WIDTH} to ${MAX_WIDTH}; ${value} is used meanwhile.`}
			</p>
		</div>
	)
}

export function countLines(text: string): number {
	if (text === '') return 0
	let lines = 1
	for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++
	// A final line break does not start another line.
	return text.endsWith('\n') ? lines - 1 : lines
}
