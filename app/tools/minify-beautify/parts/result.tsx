/**
 * The minifier's result column: the code (named and typed for download by
 * its language), the browsers a CSS minify is for, the size report and the
 * engines' notes.
 */
import { useMemo } from 'react'
import { ToolOutput, type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { type Action, type Language, type MinifyResult } from '../core.ts'
import { downloadName, downloadType } from '../view.ts'
import { BrowserTarget, countLines, Notes, OutputNote } from './controls.tsx'
import { SizeReport } from './size-report.tsx'

type ResultProps = {
	tool: ToolState
	action: Action
	result: MinifyResult | null
	language: Language | null
	/** The browser target (a Browserslist query) and its setter: the field sits beside the output it shapes. */
	target: string
	setTarget: (query: string) => void
}

export function MinifyResultColumn({ tool, action, result, language, target, setTarget }: ResultProps) {
	// Before JavaScript the form posts every field, whatever is chosen; once hydrated the field shows when it is used.
	const showTarget = !tool.hydrated || (action === 'minify' && (language === null || language === 'css'))
	const output = result?.output ?? ''
	const lines = useMemo(() => countLines(output), [output])
	const resultLanguage = result?.language ?? language ?? 'javascript'
	return (
		<div className="flex min-w-0 flex-col gap-4">
			<ToolOutput
				tool={tool}
				label="Result"
				output={output}
				placeholder={action === 'minify' ? 'The minified code appears here' : 'The beautified code appears here'}
				filename={downloadName(action, resultLanguage)}
				mime={downloadType(action, resultLanguage)}
				note={result ? <OutputNote result={result} lines={lines} /> : undefined}
			/>
			{showTarget ? <BrowserTarget value={target} onChange={setTarget} made={result?.target ?? null} /> : null}
			{result ? <SizeReport result={result} action={action} /> : null}
			{result && result.notes.length > 0 ? <Notes notes={result.notes} /> : null}
		</div>
	)
}
