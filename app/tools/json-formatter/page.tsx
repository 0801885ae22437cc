import { data, type ActionFunctionArgs } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { inputTooLarge, MAX_INPUT_BYTES, utf8Length } from '#app/tools/kit/core.ts'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { MAX_FORM_BYTES, toolAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { optionsFromForm } from '#app/tools/kit/form-options.ts'
import { content } from '#app/tools/json-formatter/content.ts'
import { core, jsonIndents, jsonModes, unescapeStringified, type JsonFormatResult, type JsonFormatterOptions, type JsonIndent, type JsonMode } from '#app/tools/json-formatter/core.ts'
import { JsonTreeSection } from './parts/json-tree.tsx'
import { readFormData, refusedFieldSize } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { SizeNote, ValidationPane, ProblemList } from './parts/controls.tsx'

const PATH = `/tools/${content.slug}`

export const meta = toolPageMeta(content)
export const loader = toolPageLoader(content)

/**
 * Without JavaScript the form posts here; the same core formats, in the
 * worker pool. Nothing is stored. The "Unescape" button of a stringified
 * JSON posts to `?intent=unescape`: the input is replaced by the JSON inside
 * the string (one linear pass, like reading the form itself), which is then
 * formatted as usual.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (new URL(request.url).searchParams.get('intent') !== 'unescape') return toolAction(request, core)
	let form: FormData
	try {
		form = await readFormData(request, MAX_FORM_BYTES, { maxFieldBytes: MAX_INPUT_BYTES })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return refused('', {}, error.status === 413 ? inputTooLarge(refusedFieldSize(error) ?? (Number(request.headers.get('Content-Length')) || MAX_FORM_BYTES)) : error)
	}
	const input = form.get('input')
	const options = optionsFromForm(core.optionsSchema, form)
	if (typeof input !== 'string') return refused('', options, new AppError('VALIDATION_ERROR', 'Validation failed: enter some input.', { field: 'input' }))
	let unescaped: string
	try {
		const bytes = utf8Length(input)
		if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes)
		unescaped = unescapeStringified(input, { lenient: options.lenient === true })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return refused(error.status === 413 ? '' : input, options, error)
	}
	const fields = new URLSearchParams()
	for (const [key, value] of form) if (key !== 'input' && typeof value === 'string') fields.append(key, value)
	fields.set('input', unescaped)
	const formatted = new Request(new URL(PATH, request.url), {
		method: 'POST',
		body: fields,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
		signal: request.signal,
	})
	return toolAction(formatted, core)
}

function refused(input: string, options: Record<string, unknown>, error: AppError) {
	return data<ToolActionData>({ input, options, result: null, error: error.toJSON() }, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
}

const defaults: JsonFormatterOptions = { mode: 'format', indent: '2', sortKeys: false, lenient: false }

const modeChoices: ReadonlyArray<{ id: JsonMode; label: string; hint: string }> = [
	{ id: 'format', label: 'Format', hint: 'Lay the JSON out on lines, indented.' },
	{ id: 'minify', label: 'Minify', hint: 'Remove every space and line break that is not needed.' },
	{ id: 'validate', label: 'Validate', hint: 'Only check that the JSON is correct.' },
]

const indentChoices: ReadonlyArray<{ id: JsonIndent; label: string }> = [
	{ id: '2', label: '2 spaces' },
	{ id: '4', label: '4 spaces' },
	{ id: 'tab', label: 'Tabs' },
]

const doneMessages: Record<JsonMode, string> = { format: 'Formatted', minify: 'Minified', validate: 'Valid JSON' }

export default function JsonFormatter() {
	const { toast } = useToast()
	const tool = useToolPage<JsonFormatterOptions, JsonFormatResult>({ slug: content.slug, defaults })
	const { setOption } = tool
	const mode = jsonModes.includes(tool.options.mode) ? tool.options.mode : 'format'
	const indent = jsonIndents.includes(tool.options.indent) ? tool.options.indent : '2'
	const sortKeys = tool.options.sortKeys === true
	const lenient = tool.options.lenient === true

	// Options remembered from an older visit may no longer exist: fall back to the defaults.
	useEffect(() => {
		if (!jsonModes.includes(tool.options.mode)) setOption('mode', 'format')
		if (!jsonIndents.includes(tool.options.indent)) setOption('indent', '2')
	}, [tool.options.mode, tool.options.indent, setOption])

	// An error never leaves an older result on screen.
	const result = tool.error ? null : tool.result
	const output = result && mode !== 'validate' ? result.output : ''

	function unescape() {
		try {
			tool.setInput(unescapeStringified(tool.input, { lenient }))
			tool.inputRef.current?.focus()
		} catch (error) {
			toast({ message: error instanceof Error ? error.message : 'The string could not be unescaped.', type: 'error' })
		}
	}

	return (
		<ToolPage content={content} lead="Paste your JSON to format, minify or validate it as you type, then explore it in the tree view.">
			<Form {...tool.formProps} action={PATH} className="card p-4 sm:p-6" aria-label="JSON formatter">
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

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run={tool.hydrated ? modeChoices.find((choice) => choice.id === mode)?.label : 'Run'}
						label="Your JSON"
						placeholder='Paste JSON here, for example {"name": "Ada", "born": 1815}'
						onExample={() => tool.setInput(content.examples[0]!.input)}
						accept=".json,.jsonc,.json5,.geojson,.txt,application/json,text/plain"
					/>

					<div className="flex min-w-0 flex-col gap-4">
						{mode === 'validate' ? (
							<ValidationPane result={result} error={tool.error} running={tool.running} />
						) : (
							<ToolOutput
								tool={tool}
								label={mode === 'minify' ? 'Minified JSON' : 'Formatted JSON'}
								output={output}
								placeholder={mode === 'minify' ? 'The minified JSON appears here' : 'The formatted JSON appears here'}
								filename={mode === 'minify' ? 'minified.json' : 'formatted.json'}
								mime="application/json;charset=utf-8"
								note={result ? <SizeNote stats={result.stats} /> : undefined}
							/>
						)}
						{result?.stringified ? (
							<div className="rounded-lg border border-accent bg-accent-soft p-4 text-sm" data-testid="json-stringified">
								<p className="font-semibold">This is stringified JSON</p>
								<p className="mt-1">
									Your input is a JSON string with escaped JSON inside it, as logs and message queues often store it. Unescape it to work with the JSON it
									holds.
								</p>
								<button
									type={tool.hydrated ? 'button' : 'submit'}
									name={tool.hydrated ? undefined : 'intent'}
									value={tool.hydrated ? undefined : 'unescape'}
									formAction={tool.hydrated ? undefined : `${PATH}?intent=unescape`}
									className="button-primary mt-3"
									data-testid="json-unescape"
									onClick={tool.hydrated ? unescape : undefined}
								>
									Unescape
								</button>
							</div>
						) : null}
						{result && result.warnings.length > 0 ? (
							<ProblemList
								id="json-warnings"
								title={`${result.warnings.length === 1 ? '1 warning' : `${result.warnings.length.toLocaleString('en-US')} warnings`}`}
								tone="warning"
								items={result.warnings.map((warning) => `${warning.line ? `Line ${warning.line}, column ${warning.column}: ` : ''}${warning.message}`)}
							/>
						) : null}
						{result && result.changes.length > 0 ? (
							<ProblemList id="json-changes" title="Lenient mode changed" tone="info" items={result.changes} />
						) : null}
					</div>
				</div>

				<ToolFeedback tool={tool} message={result ? doneMessages[mode] : ''} action={mode} />
			</Form>

			{tool.hydrated ? <JsonTreeSection input={tool.input} lenient={lenient} result={result} error={tool.error} running={tool.running} /> : null}
		</ToolPage>
	)
}

