/**
 * The JSON Formatter's options: what to do (format, minify, validate), the
 * indent, and the sort-keys and lenient switches. Real radios and
 * checkboxes, so the form posts them without JavaScript too.
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
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
			<RadioPillGroup
				legend="What to do"
				name="mode"
				choices={modeChoices}
				value={mode}
				onChange={(value) => setOption('mode', value)}
				testId="json-mode"
				hint={modeChoices.find((choice) => choice.id === mode)?.hint}
				hintId="json-mode-hint"
			/>
			<RadioPillGroup
				legend="Indent with"
				name="indent"
				choices={indentChoices}
				value={indent}
				onChange={(value) => setOption('indent', value)}
				testId="json-indent"
				hint="Used when formatting."
				hintId="json-indent-hint"
			/>
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
