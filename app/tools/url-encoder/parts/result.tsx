/**
 * The URL tool's result: the encoded or decoded text, or for Parse URL the
 * URL's parts; and under the panes the double-encoding warning (with
 * "Decode until stable") and the core's other notes.
 */
import { Icon } from '#app/components/icon.tsx'
import { ToolErrorSlot, ToolOutput, type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { type UrlOptions } from '../core.ts'
import { urlActions, type UrlAction, type UrlMode } from '../view.ts'
import { isDecodeResult, isParseResult, Stats, type Result } from './controls.tsx'
import { UrlParts } from './url-parts.tsx'

type ResultProps = { tool: ToolState; action: UrlAction; mode: UrlMode; result: Result | null }

export function UrlResult({ tool, action, mode, result }: ResultProps) {
	if (action === 'parse') {
		if (isParseResult(result)) return <UrlParts parsed={result.parsed} summary={result.output} hydrated={tool.hydrated} running={tool.running} />
		return (
			<section aria-labelledby="url-parts-title" className="flex min-w-0 flex-col">
				<h2 id="url-parts-title" className="font-semibold">
					URL parts
				</h2>
				<ToolErrorSlot tool={tool} className="mt-2" />
				<p className="mt-2 flex min-h-64 items-center justify-center rounded-lg border border-dashed border-border bg-surface-2 p-6 text-center text-sm text-muted">
					Scheme, user, host, port, path, query and fragment appear here.
				</p>
			</section>
		)
	}
	const actionInfo = urlActions.find((each) => each.id === action)!
	const textResult = result && !isParseResult(result) ? result : null
	return (
		<ToolOutput
			tool={tool}
			label={actionInfo.outputLabel}
			output={textResult?.output ?? ''}
			placeholder={actionInfo.outputPlaceholder}
			filename={action === 'decode' ? 'url-decoded.txt' : `url-encoded-${mode}.txt`}
			note={textResult ? <Stats result={textResult} /> : undefined}
		/>
	)
}

type NotesProps = { action: UrlAction; result: Result | null; decodeUntilStable: boolean; setOption: SetOption<UrlOptions>; hydrated: boolean }

export function UrlNotes({ action, result, decodeUntilStable, setOption, hydrated }: NotesProps) {
	const decodeResult = action === 'decode' && isDecodeResult(result) ? result : null
	const notes = result?.notes ?? []
	const doubleNote = decodeResult?.doubleEncoded ? (notes[0] ?? null) : null
	const otherNotes = doubleNote ? notes.slice(1) : notes
	return (
		<>
			{doubleNote ? (
				<div
					className="mt-4 flex flex-col gap-3 rounded-lg border border-warning bg-warning/10 p-4 text-sm sm:flex-row sm:items-center"
					data-testid="url-double-encoded"
				>
					<p className="flex min-w-0 flex-1 items-start gap-2 text-fg">
						<Icon name="warning" className="size-5 shrink-0 text-warning" />
						<span className="min-w-0">{doubleNote}</span>
					</p>
					{!decodeUntilStable ? (
						// Without JavaScript it posts the form with the option on.
						<button
							type={hydrated ? 'button' : 'submit'}
							name={hydrated ? undefined : 'decodeUntilStable'}
							value="on"
							className="button-primary self-start sm:self-auto"
							data-testid="url-decode-until-stable"
							onClick={hydrated ? () => setOption('decodeUntilStable', true) : undefined}
						>
							Decode until stable
						</button>
					) : null}
				</div>
			) : null}
			{otherNotes.length > 0 ? (
				<ul className="mt-4 space-y-2 text-sm" data-testid="url-notes">
					{otherNotes.map((note) => (
						<li key={note} className="flex gap-2 rounded-lg bg-accent-soft p-3 text-fg">
							<Icon name="info" className="size-5 shrink-0" />
							<span className="min-w-0">{note}</span>
						</li>
					))}
				</ul>
			) : null}
		</>
	)
}
