/**
 * Under the form: the Convert button, what the conversion is doing (upload
 * progress, converting), the Download button with the document's name, and
 * the conversion report, every entry with its line.
 */
import { type ReactNode } from 'react'
import { formatBytes } from '#app/utils/format.ts'
import { type ErrorBody } from '#app/utils/errors.ts'
import { type ConvertProgress, type ShownReportEntry } from '../convert.client.ts'

export type Conversion =
	| { state: 'idle' }
	| { state: 'busy'; progress: ConvertProgress }
	| { state: 'done'; url: string; fileName: string; size: number; report: Array<ShownReportEntry>; stale: boolean }

type Props = {
	hydrated: boolean
	conversion: Conversion
	onCancel: () => void
	/** The error alert that belongs to no one field. */
	alert: ReactNode
}

export function ConvertPanel({ hydrated, conversion, onCancel, alert }: Props) {
	const busy = conversion.state === 'busy'
	return (
		<div className="mt-8 border-t border-border pt-6">
			<div className="flex flex-wrap items-center gap-3">
				<button type="submit" className="button-primary" data-testid="md-convert" disabled={busy} aria-describedby="md-status">
					Convert to DOCX
				</button>
				{busy ? (
					<button type="button" className="button-secondary" onClick={onCancel}>
						Cancel
					</button>
				) : null}
				{conversion.state === 'done' ? (
					<a href={conversion.url} download={conversion.fileName} className="button-secondary" data-testid="md-download">
						Download {conversion.fileName}
					</a>
				) : null}
			</div>
			<div id="md-status" className="mt-3 min-h-6 text-sm text-muted" aria-live="polite" data-testid="md-status">
				{busy ? <Progress progress={conversion.progress} /> : null}
				{conversion.state === 'done' ? (
					<>
						Converted: {conversion.fileName} ({formatBytes(conversion.size)}).
						{conversion.stale ? ' The Markdown or the options changed since: convert again to update it.' : null}
					</>
				) : null}
				{conversion.state === 'idle' ? (hydrated ? 'Convert, then download the .docx.' : 'Press Convert to DOCX: the .docx downloads at once.') : null}
			</div>
			{alert}
			{conversion.state === 'done' ? <ConversionReport report={conversion.report} /> : null}
		</div>
	)
}

function Progress({ progress }: { progress: ConvertProgress }) {
	if (progress.phase === 'converting') return <>Converting…</>
	return (
		<span className="inline-flex flex-wrap items-center gap-3">
			Uploading…
			{progress.fraction !== null ? (
				<progress className="h-2 w-40" max={1} value={progress.fraction} aria-label="Upload progress">
					{Math.round(progress.fraction * 100)}%
				</progress>
			) : null}
		</span>
	)
}

export function ConversionReport({ report }: { report: ReadonlyArray<ShownReportEntry> }) {
	const entries = report.filter((entry) => entry.kind !== 'truncated')
	const truncated = report.find((entry) => entry.kind === 'truncated')
	return (
		<section aria-labelledby="md-report-title" className="mt-4 rounded-lg border border-border bg-surface-2 p-4 text-sm" data-testid="md-report">
			<h2 id="md-report-title" className="font-semibold">
				Conversion report
			</h2>
			{entries.length === 0 && !truncated ? (
				<p className="mt-2" data-testid="md-report-empty">
					Nothing was dropped: everything in your Markdown is in the document.
				</p>
			) : (
				<>
					<p className="mt-1 text-muted">
						{entries.length === 1 ? 'One thing' : `${entries.length.toLocaleString('en-US')}${truncated ? ' or more' : ''} things`} could not go into the document as written:
					</p>
					<ul className="mt-2 space-y-1">
						{entries.map((entry, index) => (
							<li key={index} data-testid="md-report-entry" data-kind={entry.kind}>
								<span className="font-semibold tabular-nums">{entry.line > 0 ? `Line ${entry.line}` : 'Whole document'}</span>: {entry.message}
							</li>
						))}
					</ul>
					{truncated ? (
						<p className="mt-2 font-medium" data-testid="md-report-truncated">
							{truncated.message} Fix the entries above and convert again to see the rest.
						</p>
					) : null}
				</>
			)}
		</section>
	)
}
