/**
 * The options beside "Convert to": Title Case's style guide, the language's
 * case rules, keeping acronyms, and line by line. Plain form fields, so they
 * post without JavaScript too.
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { caseLocales, titleStyles, type CaseMode, type CaseOptions } from '../core.ts'

export function CaseOptionsFields({ options, setOption }: { options: CaseOptions; setOption: SetOption<{ mode: CaseMode } & CaseOptions> }) {
	const style = titleStyles.find((info) => info.id === options.style) ?? titleStyles[0]!
	return (
		<div className="mt-6 grid gap-4 sm:grid-cols-2">
			<div>
				<label htmlFor="case-style" className="form-label">
					Title Case style guide
				</label>
				<select
					id="case-style"
					name="style"
					className="form-input"
					value={options.style}
					aria-describedby="case-style-hint"
					data-testid="case-style"
					onChange={(event) => setOption('style', event.target.value as CaseOptions['style'])}
				>
					{titleStyles.map((info) => (
						<option key={info.id} value={info.id}>
							{info.label}
						</option>
					))}
				</select>
				<p id="case-style-hint" className="form-help">
					{style.rule}
				</p>
			</div>
			<div>
				<label htmlFor="case-locale" className="form-label">
					Language rules for upper and lower case
				</label>
				<select
					id="case-locale"
					name="locale"
					className="form-input"
					value={options.locale}
					aria-describedby="case-locale-hint"
					data-testid="case-locale"
					onChange={(event) => setOption('locale', event.target.value as CaseOptions['locale'])}
				>
					{caseLocales.map((info) => (
						<option key={info.id} value={info.id}>
							{info.label}
						</option>
					))}
				</select>
				<p id="case-locale-hint" className="form-help">
					ß → SS and the Greek final ς work in every language.
				</p>
			</div>
			<Checkbox
				id="case-keepAcronyms"
				name="keepAcronyms"
				label="Keep acronyms (NASA, HTTP)"
				hint="In Title, Sentence and Capitalize Each Word. Web and e-mail addresses and file paths are always kept."
				checked={options.keepAcronyms}
				onChange={(event) => setOption('keepAcronyms', event.target.checked)}
			/>
			<Checkbox
				id="case-perLine"
				name="perLine"
				label="Each line on its own"
				hint="Off: line breaks are wrapping, so the text is one title, one flow of sentences or one name."
				checked={options.perLine}
				onChange={(event) => setOption('perLine', event.target.checked)}
			/>
		</div>
	)
}
