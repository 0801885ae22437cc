/**
 * The minifier's result column: the code (named and typed for download by
 * its language), the size report and the engines' notes.
 */
import { useMemo } from 'react'
import { ToolOutput, type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { type Action, type Language, type MinifyResult } from '../core.ts'
import { downloadName, downloadType } from '../view.ts'
import { countLines, Notes, OutputNote, TargetNote } from './controls.tsx'
import { SizeReport } from './size-report.tsx'

type ResultProps = { tool: ToolState; action: Action; result: MinifyResult | null; language: Language | null }

export function MinifyResultColumn({ tool, action, result, language }: ResultProps) {
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
			{result?.target ? <TargetNote target={result.target} /> : null}
			{result ? <SizeReport result={result} action={action} /> : null}
			{result && result.notes.length > 0 ? <Notes notes={result.notes} /> : null}
		</div>
	)
}
