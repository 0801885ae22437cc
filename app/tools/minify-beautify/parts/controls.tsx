import { useEffect, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { languageNames, type MinifyResult } from '#app/tools/minify-beautify/core.ts'
import { DEFAULT_CSS_TARGET, MAX_TARGET_LENGTH, type CssTarget } from '#app/tools/minify-beautify/targets.ts'
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

/**
 * The browsers a CSS minify is made for: a Browserslist query (a text field, so the form posts it
 * without JavaScript too), and under it what the last run was made for (the oldest version of each
 * browser). A query that does not resolve comes back as an error naming this option.
 */
export function BrowserTarget({ value, onChange, made }: { value: string; onChange: (query: string) => void; made: CssTarget | null }) {
	return (
		<div className="rounded-lg border border-border p-4 text-sm" data-testid="minify-target-field">
			<label htmlFor="minify-target" className="font-semibold">
				Browsers for minified CSS
			</label>
			<div className="mt-2 flex flex-wrap items-center gap-2">
				<input
					id="minify-target"
					name="target"
					type="text"
					value={value}
					maxLength={MAX_TARGET_LENGTH}
					spellCheck={false}
					autoCapitalize="off"
					autoComplete="off"
					onChange={(event) => onChange(event.target.value)}
					aria-describedby="minify-target-hint"
					className="block min-w-0 flex-1 rounded-md border border-border bg-surface px-3 py-1.5 font-mono text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
					data-testid="minify-target-input"
				/>
				{value.trim() !== DEFAULT_CSS_TARGET ? (
					<button type="button" className="button-secondary" onClick={() => onChange(DEFAULT_CSS_TARGET)} data-testid="minify-target-reset">
						Use the default
					</button>
				) : null}
			</div>
			<p id="minify-target-hint" className="mt-2 text-muted">
				A Browserslist query, such as <code className="font-mono text-fg">chrome &gt;= 120</code>: the minified CSS uses only syntax these
				browsers read. The default keeps <code className="font-mono text-fg">max-width</code> media queries for iPhones and Macs on Safari 15.
			</p>
			{made ? (
				<p className="mt-2 text-muted" data-testid="minify-target">
					<span className="font-semibold text-fg">Made for</span> <code className="font-mono text-fg">{made.query}</code>:{' '}
					{made.browsers.map((browser) => `${browser.name} ${browser.version}+`).join(', ')}.
				</p>
			) : null}
		</div>
	)
}
