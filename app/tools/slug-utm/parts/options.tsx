/**
 * The options of the slug, UTM and link-cleaning tool: the mode, then the
 * slug's options or the UTM fields. Without JavaScript the :has() rules on
 * the form (group/slug) show only the fieldset of the chosen mode; every
 * field stays in the form, so a post keeps all of them.
 */
import { useEffect, useState } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { cn } from '#app/utils/misc.ts'
import { UTM_FIELDS, type SlugUtmMode, type SlugUtmOptions } from '../core.ts'

export const slugUtmDefaults: SlugUtmOptions = {
	mode: 'slug',
	separator: '-',
	lowercase: true,
	removeStopWords: false,
	maxLength: 0,
	germanUmlauts: true,
	ascii: false,
	utm_source: '',
	utm_medium: '',
	utm_campaign: '',
	utm_term: '',
	utm_content: '',
}

export const modes: ReadonlyArray<{ id: SlugUtmMode; label: string; run: string; verb: string; inputLabel: string; placeholder: string; outputLabel: string; filename: string }> = [
	{
		id: 'slug',
		label: 'Slug',
		run: 'Make slugs',
		verb: 'make the slugs',
		inputLabel: 'Titles or text, one a line',
		placeholder: 'e.g. The 10 Best Cafés in Köln',
		outputLabel: 'Slugs',
		filename: 'slugs.txt',
	},
	{
		id: 'utm',
		label: 'UTM link',
		run: 'Add UTM tags',
		verb: 'tag the links',
		inputLabel: 'Links, one a line',
		placeholder: 'e.g. https://example.com/spring-sale',
		outputLabel: 'Tagged links',
		filename: 'utm-links.txt',
	},
	{
		id: 'clean',
		label: 'Clean link',
		run: 'Clean links',
		verb: 'clean the links',
		inputLabel: 'Links, one a line',
		placeholder: 'e.g. https://example.com/p?id=7&utm_source=fb&fbclid=IwAR2',
		outputLabel: 'Clean links',
		filename: 'clean-links.txt',
	},
]

const utmLabels: Record<(typeof UTM_FIELDS)[number], { label: string; hint: string }> = {
	utm_source: { label: 'Source (required)', hint: 'Who sends the visit: newsletter, google, facebook' },
	utm_medium: { label: 'Medium', hint: 'The channel: email, cpc, social' },
	utm_campaign: { label: 'Campaign', hint: 'The campaign: spring_sale' },
	utm_term: { label: 'Term', hint: 'The paid keyword, if any' },
	utm_content: { label: 'Content', hint: 'Which link or ad: header_button' },
}

type Props = { options: SlugUtmOptions; mode: SlugUtmMode; setOption: SetOption<SlugUtmOptions> }

export function SlugUtmOptionsPanel({ options, mode, setOption }: Props) {
	return (
		<>
			<fieldset data-testid="slug-utm-mode">
				<legend className="font-semibold">What to do</legend>
				<div className="mt-3 flex flex-wrap gap-2">
					{modes.map((info) => (
						<RadioPill key={info.id} name="mode" id={`slug-mode-${info.id}`} value={info.id} checked={mode === info.id} onChange={() => setOption('mode', info.id)}>
							{info.label}
						</RadioPill>
					))}
				</div>
			</fieldset>

			<fieldset
				className="mt-6 group-has-[#slug-mode-utm:checked]/slug:hidden group-has-[#slug-mode-clean:checked]/slug:hidden"
				data-testid="slug-options"
			>
				<legend className="font-semibold">Slug</legend>
				<div className="mt-3 flex flex-wrap items-end gap-x-8 gap-y-4">
					<fieldset>
						<legend className="text-sm font-semibold">Separator</legend>
						<div className="mt-2 flex gap-2">
							{(['-', '_'] as const).map((separator) => (
								<RadioPill
									key={separator}
									name="separator"
									id={`slug-separator-${separator === '-' ? 'hyphen' : 'underscore'}`}
									value={separator}
									checked={options.separator === separator}
									onChange={() => setOption('separator', separator)}
								>
									{separator === '-' ? 'Hyphen -' : 'Underscore _'}
								</RadioPill>
							))}
						</div>
					</fieldset>
					<MaxLength value={options.maxLength} onChange={(value) => setOption('maxLength', value)} />
				</div>
				<div className="mt-4 grid gap-3 sm:grid-cols-2">
					<Checkbox
						id="slug-stop-words"
						name="removeStopWords"
						checked={options.removeStopWords}
						onChange={(event) => setOption('removeStopWords', event.target.checked)}
						label="Remove stop words"
						hint="the, a, of, in, to… (English)"
					/>
					<Checkbox id="slug-lowercase" name="lowercase" checked={options.lowercase} onChange={(event) => setOption('lowercase', event.target.checked)} label="Lower case" />
					<Checkbox
						id="slug-german"
						name="germanUmlauts"
						checked={options.germanUmlauts}
						onChange={(event) => setOption('germanUmlauts', event.target.checked)}
						label="ä ö ü as ae oe ue"
						hint="The German way; off for Turkish, Finnish or Hungarian (a o u)"
					/>
					<Checkbox
						id="slug-ascii"
						name="ascii"
						checked={options.ascii}
						onChange={(event) => setOption('ascii', event.target.checked)}
						label="ASCII only"
						hint="Drop Chinese, Japanese, Korean, Arabic… instead of keeping them"
					/>
				</div>
			</fieldset>

			<fieldset
				className="mt-6 hidden group-has-[#slug-mode-utm:checked]/slug:block"
				data-testid="utm-options"
			>
				<legend className="font-semibold">UTM tags</legend>
				<div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{UTM_FIELDS.map((field) => (
						<div key={field}>
							<label htmlFor={`utm-${field}`} className="form-label">
								{utmLabels[field].label} <code className="font-mono text-xs font-normal text-muted">{field}</code>
							</label>
							<input
								id={`utm-${field}`}
								name={field}
								type="text"
								className="form-input"
								value={options[field]}
								maxLength={500}
								autoComplete="off"
								spellCheck={false}
								aria-describedby={`utm-${field}-hint`}
								onChange={(event) => setOption(field, event.target.value)}
							/>
							<p id={`utm-${field}-hint`} className="form-help">
								{utmLabels[field].hint}
							</p>
						</div>
					))}
				</div>
			</fieldset>
		</>
	)
}

/** Maximum slug length: empty or 0 for none; while a value is being typed, the last valid one stays in use. */
function MaxLength({ value, onChange }: { value: number; onChange: (value: number) => void }) {
	const [draft, setDraft] = useState(value ? String(value) : '')
	useEffect(() => setDraft((current) => ((Number(current) || 0) === value ? current : value ? String(value) : '')), [value])
	const number = Number(draft)
	const valid = draft.trim() === '' || (Number.isInteger(number) && number >= 0 && number <= 2000)
	return (
		<div>
			<label htmlFor="slug-max-length" className="text-sm font-semibold">
				Maximum length
			</label>
			<input
				id="slug-max-length"
				name="maxLength"
				type="number"
				inputMode="numeric"
				min={0}
				max={2000}
				step={1}
				placeholder="No limit"
				value={draft}
				onChange={(event) => {
					const text = event.target.value
					setDraft(text)
					const next = Number(text)
					if (text.trim() === '') onChange(0)
					else if (Number.isInteger(next) && next >= 0 && next <= 2000) onChange(next)
				}}
				aria-invalid={valid ? undefined : true}
				aria-describedby="slug-max-length-hint"
				className="mt-2 block w-32 rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg tabular-nums placeholder:text-muted aria-[invalid=true]:border-danger focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
			/>
			<p id="slug-max-length-hint" className={cn('mt-1 text-sm', valid ? 'text-muted' : 'font-medium text-danger')}>
				{valid ? 'Characters, cut after a whole word.' : 'A whole number from 0 to 2,000.'}
			</p>
		</div>
	)
}
