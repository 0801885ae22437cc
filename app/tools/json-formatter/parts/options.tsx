/**
 * The JSON Formatter's options: what to do (format, minify, validate), the
 * indent, and the sort-keys and lenient switches. Real radios and
 * checkboxes, so the form posts them without JavaScript too.
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { type JsonFormatterOptions, type JsonIndent, type JsonMode } from '../core.ts'

export const modeChoices: ReadonlyArray<{ id: JsonMode; label: string; hint: string }> = [
	{ id: 'format', label: 'Format', hint: 'Lay the JSON out on lines, indented.' },
	{ id: 'minify', label: 'Minify', hint: 'Remove every space and line break that is not needed.' },
	{ id: 'validate', label: 'Validate', hint: 'Only check that the JSON is correct.' },
]

const indentChoices: ReadonlyArray<{ id: JsonIndent; label: string }> = [
	{ id: '2', label: '2 spaces' },
	{ id: '4', label: '4 spaces' },
	{ id: 'tab', label: 'Tabs' },
]

type OptionsProps = { mode: JsonMode; indent: JsonIndent; sortKeys: boolean; lenient: boolean; setOption: SetOption<JsonFormatterOptions> }

export function JsonOptions({ mode, indent, sortKeys, lenient, setOption }: OptionsProps) {
	return (
		<div className="grid gap-6 md:grid-cols-[auto_auto_1fr]">
			<fieldset data-testid="json-mode" aria-describedby="json-mode-hint">
				<legend className="font-semibold">What to do</legend>
				<div className="mt-3 flex flex-wrap gap-2">
					{modeChoices.map((choice) => (
						<RadioPill key={choice.id} name="mode" value={choice.id} checked={mode === choice.id} onChange={() => setOption('mode', choice.id)}>
							{choice.label}
						</RadioPill>
					))}
				</div>
				<p id="json-mode-hint" className="mt-2 text-sm text-muted">
					{modeChoices.find((choice) => choice.id === mode)?.hint}
				</p>
			</fieldset>
			<fieldset data-testid="json-indent" aria-describedby="json-indent-hint">
				<legend className="font-semibold">Indent with</legend>
				<div className="mt-3 flex flex-wrap gap-2">
					{indentChoices.map((choice) => (
						<RadioPill key={choice.id} name="indent" value={choice.id} checked={indent === choice.id} onChange={() => setOption('indent', choice.id)}>
							{choice.label}
						</RadioPill>
					))}
				</div>
				<p id="json-indent-hint" className="mt-2 text-sm text-muted">
					Used when formatting.
				</p>
			</fieldset>
			<fieldset>
				<legend className="font-semibold">Options</legend>
				<div className="mt-3 space-y-2">
					<Checkbox
						id="json-option-sortKeys"
						name="sortKeys"
						className="text-sm"
						checked={sortKeys}
						onChange={(event) => setOption('sortKeys', event.target.checked)}
						label="Sort keys A to Z"
						hint="Every object, nested ones too; arrays keep their order."
					/>
					<Checkbox
						id="json-option-lenient"
						name="lenient"
						className="text-sm"
						checked={lenient}
						onChange={(event) => setOption('lenient', event.target.checked)}
						label="Lenient"
						hint="Accept comments, trailing commas, single quotes and unquoted keys (JSON5, JSONC)."
					/>
				</div>
			</fieldset>
		</div>
	)
}
