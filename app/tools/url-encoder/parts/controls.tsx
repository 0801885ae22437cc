import { type UrlDecodeResult, type UrlEncodeResult, type UrlParseResult } from '#app/tools/url-encoder/core.ts'
import { plural } from '#app/tools/url-encoder/view.ts'
import { cn } from '#app/utils/misc.ts'

export type Result = UrlEncodeResult | UrlDecodeResult | UrlParseResult

export const pill = cn(
	'inline-flex items-center rounded-full border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-2',
	'peer-checked:border-accent peer-checked:bg-accent-soft peer-checked:text-fg peer-checked:ring-1 peer-checked:ring-accent',
	'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[color:var(--focus)]',
)

export function Checkbox({
	name,
	label,
	hint,
	checked,
	disabled,
	onChange,
}: {
	name: string
	label: string
	hint: string
	checked: boolean
	disabled?: boolean
	onChange: (checked: boolean) => void
}) {
	const id = `url-option-${name}`
	return (
		<div className="flex items-start gap-3">
			<input
				type="checkbox"
				id={id}
				name={name}
				checked={checked}
				disabled={disabled}
				onChange={(event) => onChange(event.target.checked)}
				aria-describedby={`${id}-hint`}
				className="mt-1 size-4 shrink-0 accent-[color:var(--accent)]"
			/>
			<div>
				<label htmlFor={id} className={cn('font-medium', disabled ? 'cursor-default' : 'cursor-pointer')}>
					{label}
				</label>
				<p id={`${id}-hint`} className="text-sm text-muted">
					{hint}
				</p>
			</div>
		</div>
	)
}

export function Stats({ result }: { result: UrlEncodeResult | UrlDecodeResult }) {
	const { stats } = result
	return (
		<>
			{plural(stats.inputChars, 'character')} → {plural(stats.outputChars, 'character')} · {plural(stats.outputBytes, 'byte')} of UTF-8
			{isDecodeResult(result) && result.rounds > 1 ? ` · decoded ${result.rounds} times` : null}
		</>
	)
}

export function statusMessage(result: Result | null): string {
	if (!result) return ''
	if (isParseResult(result)) return `Parsed: ${plural(result.parsed.query.length, 'query parameter')}`
	if (isDecodeResult(result)) return result.rounds > 1 ? `Decoded in ${result.rounds} rounds` : 'Decoded'
	return 'Encoded'
}

export function isParseResult(result: Result | null): result is UrlParseResult {
	return result !== null && typeof result.parsed === 'object' && result.parsed !== null
}

export function isDecodeResult(result: Result | null): result is UrlDecodeResult {
	return result !== null && typeof result.rounds === 'number'
}
