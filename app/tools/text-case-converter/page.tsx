import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { InputPane, KeyboardHint, OutputPane, RunStatus, ToolErrorNotice } from '#app/tools/kit/tool-controls.tsx'
import { ToolPage, toolMeta } from '#app/tools/kit/tool-page.tsx'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { toolAction, toolLoader } from '#app/tools/kit/form.server.ts'
import { content } from '#app/tools/text-case-converter/content.ts'
import { caseModes, core, getCaseMode, isCaseMode, textStats, type CaseMode, type TextStats } from '#app/tools/text-case-converter/core.ts'
import { useTool } from '#app/tools/kit/use-tool.ts'

export const meta: MetaFunction = ({ matches }) => toolMeta(matches, content)

export function loader({ request }: LoaderFunctionArgs) {
	return toolLoader(request, content)
}

/** Without JavaScript the form posts here; the same core converts, in the worker pool. Nothing is stored. */
export function action({ request }: ActionFunctionArgs) {
	return toolAction(request, core)
}

type Result = { output: string; stats: { input: TextStats; output: TextStats } }

export default function TextCaseConverter() {
	const actionData = useActionData<typeof action>() as ToolActionData | undefined
	const loaderData = useLoaderData<typeof loader>()
	const tool = useTool<{ mode: CaseMode }, Result>({ slug: content.slug, defaults: { mode: 'title' }, actionData, loaderData })
	const mode = isCaseMode(tool.options.mode) ? tool.options.mode : 'title'
	const modeInfo = getCaseMode(mode)
	const output = tool.error ? '' : (tool.result?.output ?? '')
	const optionError = tool.error?.code === 'VALIDATION_ERROR' && /options/.test(tool.error.message) ? tool.error : null

	return (
		<ToolPage content={content} lead="Paste or type your text, pick a case, and copy the result.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label="Text case converter">
				<fieldset data-testid="tool-mode" aria-describedby="tool-mode-example">
					<legend className="font-semibold">Convert to</legend>
					<div className="mt-3 flex flex-wrap gap-2">
						{caseModes.map((info) => (
							<RadioPill key={info.id} name="mode" value={info.id} checked={mode === info.id} onChange={() => tool.setOption('mode', info.id)}>
								{info.label}
							</RadioPill>
						))}
					</div>
					<p id="tool-mode-example" className="mt-2 text-sm text-muted">
						Example: <span className="font-mono break-words text-fg">{modeInfo.example}</span>
					</p>
				</fieldset>

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<InputPane
						label="Your text"
						placeholder="Type or paste text here"
						defaultValue={tool.input}
						inputRef={tool.inputRef}
						hydrated={tool.hydrated}
						input={tool.input}
						onInput={tool.setInput}
						onExample={() => tool.setInput(content.examples[0]!.input)}
						shareLink={tool.shareLink}
						invalid={Boolean(tool.error) && !optionError}
						describedBy={tool.error ? 'tool-error' : undefined}
					>
						<button type="submit" className="button-primary" data-testid="tool-run">
							Convert
						</button>
					</InputPane>
					<OutputPane
						label="Result"
						output={output}
						placeholder="The converted text appears here"
						filename={`text-${mode}-case.txt`}
						hydrated={tool.hydrated}
						running={tool.running}
						note={output ? <Stats stats={textStats(output)} /> : undefined}
					/>
				</div>

				{tool.error ? (
					<div id="tool-error" className="mt-4">
						<ToolErrorNotice error={tool.error} input={tool.input} />
					</div>
				) : null}
				<RunStatus running={tool.running} progress={tool.progress} message={output ? `Converted to ${modeInfo.name}` : ''} />
				<KeyboardHint hydrated={tool.hydrated} action="convert" />
			</Form>
		</ToolPage>
	)
}

function Stats({ stats }: { stats: TextStats }) {
	return (
		<>
			{plural(stats.characters, 'character')} · {plural(stats.words, 'word')} · {plural(stats.lines, 'line')}
		</>
	)
}

function plural(count: number, word: string): string {
	return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}
