import { Form } from '@remix-run/react'
import { useMemo } from 'react'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from '#app/tools/text-case-converter/content.ts'
import {
	caseModes,
	core,
	defaultCaseOptions,
	getCaseMode,
	isCaseMode,
	textStats,
	type CaseMode,
	type CaseOptions,
	type TextStats,
} from '#app/tools/text-case-converter/core.ts'
import { AllCases, Counts } from '#app/tools/text-case-converter/parts/all-cases.tsx'
import { CaseOptionsFields } from '#app/tools/text-case-converter/parts/options.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core converts, in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

type Result = { output: string; stats: { input: TextStats; output: TextStats } }

export default function TextCaseConverter() {
	const tool = useToolPage<{ mode: CaseMode } & CaseOptions, Result>({ slug: content.slug, defaults: { mode: 'title', ...defaultCaseOptions } })
	const mode = isCaseMode(tool.options.mode) ? tool.options.mode : 'title'
	const { style, keepAcronyms, perLine, locale } = tool.options
	const caseOptions = useMemo<CaseOptions>(() => ({ style, keepAcronyms, perLine, locale }), [style, keepAcronyms, perLine, locale])
	const modeInfo = getCaseMode(mode)
	const output = tool.error ? '' : (tool.result?.output ?? '')

	return (
		<ToolPage content={content} lead="Paste or type your text, pick a case, and copy the result.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label="Text case converter">
				<RadioPillGroup
					legend="Convert to"
					name="mode"
					choices={caseModes}
					value={mode}
					onChange={(value) => tool.setOption('mode', value)}
					testId="tool-mode"
					hint={
						<>
							Example: <span className="font-mono break-words text-fg">{modeInfo.example}</span>
						</>
					}
					hintId="tool-mode-example"
				/>

				<CaseOptionsFields options={caseOptions} setOption={tool.setOption} />

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run="Convert"
						label="Your text"
						placeholder="Type or paste text here"
						onExample={() => tool.setInput(content.examples[0]!.input)}
					/>
					<ToolOutput
						tool={tool}
						label="Result"
						output={output}
						placeholder="The converted text appears here"
						filename={`text-${mode}-case.txt`}
						note={output ? <Stats stats={textStats(output)} /> : undefined}
					/>
				</div>

				<Counts input={tool.input} fallback={tool.result?.stats.input} />
				<ToolFeedback tool={tool} message={output ? `Converted to ${modeInfo.name}` : ''} action="convert" />
				<AllCases input={tool.input} options={caseOptions} hydrated={tool.hydrated} />
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
