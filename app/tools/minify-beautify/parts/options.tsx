/**
 * The minifier's options: what to do (beautify or minify), the language
 * (or "Detect automatically", with what was detected), and the beautify
 * options, greyed out and disabled while minifying. Real radios, a select
 * and a number field, so the form posts them without JavaScript too.
 */
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { cn } from '#app/utils/misc.ts'
import { languageIds, languageNames, type Action, type Language, type MinifyOptions } from '../core.ts'
import { PrintWidth } from './controls.tsx'

export const actions: ReadonlyArray<{ id: Action; label: string; hint: string }> = [
	{ id: 'beautify', label: 'Beautify', hint: 'Lay the code out on lines, indented, so people can read it.' },
	{ id: 'minify', label: 'Minify', hint: 'Remove spaces, comments and long names so the code downloads faster.' },
]

const indents: ReadonlyArray<{ id: MinifyOptions['indent']; label: string }> = [
	{ id: '2', label: '2 spaces' },
	{ id: '4', label: '4 spaces' },
	{ id: 'tab', label: 'Tabs' },
]

const quoteChoices: ReadonlyArray<{ id: MinifyOptions['quotes']; label: string }> = [
	{ id: 'double', label: 'Double "' },
	{ id: 'single', label: "Single '" },
]

type OptionsProps = {
	options: MinifyOptions
	setOption: SetOption<MinifyOptions>
	/** The language found in the input when the language is "Detect automatically". */
	detected: Language | null
	hydrated: boolean
}

export function MinifyOptionsPanel({ options, setOption, detected, hydrated }: OptionsProps) {
	const beautifyOnly = hydrated && options.action === 'minify'
	return (
		<>
			<div className="grid gap-6 md:grid-cols-[auto_1fr]">
				<RadioPillGroup
					legend="What to do"
					name="action"
					choices={actions}
					value={options.action}
					onChange={(value) => setOption('action', value)}
					testId="minify-action"
					hint={actions.find((choice) => choice.id === options.action)?.hint}
					hintId="minify-action-hint"
				/>
				<div>
					<label htmlFor="minify-language" className="font-semibold">
						Language
					</label>
					<div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
						<select
							id="minify-language"
							name="language"
							value={options.language}
							onChange={(event) => setOption('language', event.target.value as MinifyOptions['language'])}
							aria-describedby="minify-language-detected"
							className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
							data-testid="minify-language"
						>
							<option value="auto">Detect automatically</option>
							{languageIds.map((id) => (
								<option key={id} value={id}>
									{languageNames[id]}
								</option>
							))}
						</select>
						<span id="minify-language-detected" className="text-sm" aria-live="polite" data-testid="minify-detected">
							{options.language === 'auto' && detected ? (
								<>
									<span className="text-muted">Detected:</span> <span className="font-semibold">{languageNames[detected]}</span>
								</>
							) : null}
						</span>
					</div>
					<p className="mt-2 text-sm text-muted">JavaScript (with JSX), TypeScript, CSS, HTML, JSON, XML or SQL.</p>
				</div>
			</div>

			<fieldset
				className={cn('mt-6 rounded-lg border border-border p-4', beautifyOnly && 'bg-surface-2')}
				disabled={beautifyOnly}
				aria-describedby="minify-beautify-options-hint"
				data-testid="minify-beautify-options"
			>
				<legend className="px-1 font-semibold">Beautify options</legend>
				<p id="minify-beautify-options-hint" className={cn('text-sm', beautifyOnly ? 'font-medium text-fg' : 'text-muted')}>
					{beautifyOnly
						? 'Not used when minifying: minified code has no indentation or line breaks. Choose Beautify to change them.'
						: 'JSON always uses double quotes and ignores the print width; SQL keeps its quotes as written.'}
				</p>
				<div className={cn('mt-3 grid gap-6 sm:grid-cols-[auto_auto_1fr]', beautifyOnly && 'opacity-60')}>
					<RadioPillGroup legend="Indent with" name="indent" choices={indents} value={options.indent} onChange={(value) => setOption('indent', value)} size="sm" />
					<PrintWidth value={options.printWidth} onChange={(width) => setOption('printWidth', width)} />
					<RadioPillGroup legend="Quotes for strings" name="quotes" choices={quoteChoices} value={options.quotes} onChange={(value) => setOption('quotes', value)} size="sm" />
				</div>
			</fieldset>
		</>
	)
}
