/**
 * The JSON Formatter's result column: the formatted or minified JSON (or,
 * when validating, the verdict with the document's stats), the offer to
 * unescape stringified JSON, and the warnings and lenient-mode changes.
 */
import { useToast } from '#app/components/toaster.tsx'
import { type ToolState, ToolErrorSlot, ToolOutput } from '#app/tools/kit/tool-panes.tsx'
import { unescapeStringified, type JsonFormatResult, type JsonMode } from '../core.ts'
import { ProblemList, SizeNote, ValidationPane } from './controls.tsx'

type ResultProps = { tool: ToolState; mode: JsonMode; result: JsonFormatResult | null; lenient: boolean; path: string }

export function JsonResult({ tool, mode, result, lenient, path }: ResultProps) {
	return (
		<div className="flex min-w-0 flex-col gap-4">
			{mode === 'validate' ? (
				<>
					<ValidationPane result={result} error={tool.error} running={tool.running} />
					{/* The message, line and caret, under the verdict (ToolOutput shows them in the other modes). */}
					<ToolErrorSlot tool={tool} />
				</>
			) : (
				<ToolOutput
					tool={tool}
					label={mode === 'minify' ? 'Minified JSON' : 'Formatted JSON'}
					output={result?.output ?? ''}
					placeholder={mode === 'minify' ? 'The minified JSON appears here' : 'The formatted JSON appears here'}
					filename={mode === 'minify' ? 'minified.json' : 'formatted.json'}
					mime="application/json;charset=utf-8"
					note={result ? <SizeNote stats={result.stats} /> : undefined}
				/>
			)}
			{result?.stringified ? <StringifiedNotice tool={tool} lenient={lenient} path={path} /> : null}
			{result && result.warnings.length > 0 ? (
				<ProblemList
					id="json-warnings"
					title={`${result.warnings.length === 1 ? '1 warning' : `${result.warnings.length.toLocaleString('en-US')} warnings`}`}
					tone="warning"
					items={result.warnings.map((warning) => `${warning.line ? `Line ${warning.line}, column ${warning.column}: ` : ''}${warning.message}`)}
				/>
			) : null}
			{result && result.changes.length > 0 ? <ProblemList id="json-changes" title="Lenient mode changed" tone="info" items={result.changes} /> : null}
		</div>
	)
}

/**
 * The input is a JSON string holding JSON: "Unescape" replaces the input by
 * the JSON inside (in the page; without JavaScript the form posts to
 * `?intent=unescape`, which does the same on the server).
 */
function StringifiedNotice({ tool, lenient, path }: { tool: ToolState; lenient: boolean; path: string }) {
	const { toast } = useToast()

	function unescape() {
		try {
			tool.setInput(unescapeStringified(tool.input, { lenient }))
			tool.inputRef.current?.focus()
		} catch (error) {
			toast({ message: error instanceof Error ? error.message : 'The string could not be unescaped.', type: 'error' })
		}
	}

	return (
		<div className="rounded-lg border border-accent bg-accent-soft p-4 text-sm" data-testid="json-stringified">
			<p className="font-semibold">This is stringified JSON</p>
			<p className="mt-1">
				Your input is a JSON string with escaped JSON inside it, as logs and message queues often store it. Unescape it to work with the JSON it holds.
			</p>
			<button
				type={tool.hydrated ? 'button' : 'submit'}
				name={tool.hydrated ? undefined : 'intent'}
				value={tool.hydrated ? undefined : 'unescape'}
				formAction={tool.hydrated ? undefined : `${path}?intent=unescape`}
				className="button-primary mt-3"
				data-testid="json-unescape"
				onClick={tool.hydrated ? unescape : undefined}
			>
				Unescape
			</button>
		</div>
	)
}
