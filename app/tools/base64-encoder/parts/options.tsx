/**
 * The Base64 tool's options: encode or decode, the character set, the
 * alphabet, and padding, MIME wrapping and strict decoding. Real radios, a
 * select and checkboxes, so the form posts them without JavaScript too.
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { charsetIds, charsetLabels, type Base64Options, type Charset } from '../core.ts'

const modes = [
	{ id: 'encode', label: 'Encode' },
	{ id: 'decode', label: 'Decode' },
] as const

const alphabets = [
	{ id: 'standard', label: 'Standard (+ /)' },
	{ id: 'url', label: 'URL-safe (- _)' },
] as const

export function Base64OptionsPanel({ options, setOption }: { options: Base64Options; setOption: SetOption<Base64Options> }) {
	const encoding = options.action === 'encode'
	return (
		<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
			<RadioPillGroup legend="Mode" name="action" choices={modes} value={options.action} onChange={(value) => setOption('action', value)} testId="tool-mode" />

			<div>
				<label htmlFor="tool-charset" className="font-semibold">
					Character set
				</label>
				<select
					id="tool-charset"
					name="charset"
					data-testid="tool-charset"
					value={options.charset}
					onChange={(event) => setOption('charset', event.target.value as Charset)}
					aria-describedby="tool-charset-help"
					className="form-input mt-3"
				>
					{charsetIds.map((id) => (
						<option key={id} value={id}>
							{charsetLabels[id]}
						</option>
					))}
				</select>
				<p id="tool-charset-help" className="mt-1 text-sm text-muted">
					{encoding ? 'How the text becomes bytes.' : 'How the decoded bytes are read as text.'}
				</p>
			</div>

			<RadioPillGroup legend="Alphabet" name="alphabet" choices={alphabets} value={options.alphabet} onChange={(value) => setOption('alphabet', value)} />

			<fieldset>
				<legend className="font-semibold">Options</legend>
				<div className="mt-3 space-y-2 text-sm">
					<Checkbox
						id="base64-option-padding"
						name="padding"
						data-testid="tool-padding"
						checked={options.padding}
						onChange={(event) => setOption('padding', event.target.checked)}
						label="Padding (=)"
					/>
					<Checkbox
						id="base64-option-wrap"
						name="wrap"
						data-testid="tool-wrap"
						checked={options.wrap}
						onChange={(event) => setOption('wrap', event.target.checked)}
						label="Wrap lines at 76 (MIME)"
						hint="When encoding."
					/>
					<Checkbox
						id="base64-option-strict"
						name="strict"
						data-testid="tool-strict"
						checked={options.strict}
						onChange={(event) => setOption('strict', event.target.checked)}
						label="Strict decoding"
						hint="When decoding."
					/>
				</div>
			</fieldset>
		</div>
	)
}
