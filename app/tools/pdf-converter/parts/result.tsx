/**
 * Under the form: the button, what the run is doing (the upload's percent
 * and bytes, then the processing: the server's stage and count when it
 * streams them, else the seconds spent), and the stored result: its name,
 * size and pages, Download, Delete now, and when it is deleted anyway.
 */
import { Link } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { ToolNotes } from '#app/tools/kit/tool-panes.tsx'
import { formatBytes } from '#app/utils/format.ts'
import { useHydrated } from '#app/utils/misc.ts'
import { retentionText, untilText } from './operations.ts'
import { PDF_MEDIA_TYPE, type StoredResult } from '../options.ts'

/**
 * What a form posted without JavaScript is answered with (the result, the
 * deletion, or the one error shown) has this id, and the forms post to it
 * (`#…` in their action), so the answer page opens scrolled to it.
 */
export const ANSWER_ID = 'pdf-answer'

/** The stored result as the page shows it (the 201's fields). */
export type ShownResult = StoredResult

export type Progress =
	| { phase: 'uploading'; loaded: number; total: number | null }
	| { phase: 'processing'; done: number; total: number; stage: string | null; since: number }

export type Run =
	| { state: 'idle' }
	| { state: 'busy'; progress: Progress; doing: string }
	| { state: 'done'; result: ShownResult; stale: boolean }
	| { state: 'deleted'; fileName: string }

/** The retention period, stated before anything is uploaded. */
export function RetentionNotice({ hours }: { hours: number }) {
	return (
		<p className="rounded-lg border border-border bg-surface-2 p-3 text-sm" data-testid="pdf-retention">
			Results are deleted after {retentionText(hours)}. Files are processed on our server and never shared; the files you upload are not kept.
		</p>
	)
}

function useSeconds(since: number | null): number {
	const [now, setNow] = useState(() => Date.now())
	useEffect(() => {
		if (since === null) return
		setNow(Date.now())
		const timer = setInterval(() => setNow(Date.now()), 1000)
		return () => clearInterval(timer)
	}, [since])
	return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000))
}

export function RunProgress({ progress, doing }: { progress: Progress; doing: string }) {
	const seconds = useSeconds(progress.phase === 'processing' ? progress.since : null)
	if (progress.phase === 'uploading') {
		const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : null
		return (
			<div data-testid="pdf-progress" data-phase="uploading">
				<p className="font-medium">
					Uploading… {percent !== null ? <span data-testid="pdf-upload-percent">{percent}%</span> : null}
					<span className="text-muted">
						{' '}
						({formatBytes(progress.loaded)}
						{progress.total ? ` of ${formatBytes(progress.total)}` : ''})
					</span>
				</p>
				<Bar label="Upload progress" value={progress.total ? progress.loaded : undefined} max={progress.total ?? 1} />
			</div>
		)
	}
	const counted = progress.total > 0
	return (
		<div data-testid="pdf-progress" data-phase="processing">
			<p className="font-medium">
				{doing}… <span className="text-muted tabular-nums">{seconds} s</span>
			</p>
			{/* What the server says it is doing, as it streams it (with JavaScript; a plain answer says nothing until the end). */}
			{progress.stage ? (
				<p className="text-muted" data-testid="pdf-stage">
					{progress.stage}
					{counted ? `: ${progress.done} of ${progress.total}` : progress.done > 0 ? `: ${progress.done} done` : null}
				</p>
			) : null}
			{/* Indeterminate while there is no count to show. */}
			<Bar label="Processing progress" value={counted ? progress.done : undefined} max={progress.total} />
		</div>
	)
}

/** A progress bar in the site's colours; without a value, a moving bar that says only "working". */
function Bar({ label, value, max }: { label: string; value: number | undefined; max: number }) {
	if (value === undefined) {
		return (
			<div role="progressbar" aria-label={label} className="mt-2 h-2 w-full max-w-md overflow-hidden rounded-full bg-surface-2">
				<div className="loading-bar h-2" />
			</div>
		)
	}
	return (
		<progress
			aria-label={label}
			max={max}
			value={value}
			className="mt-2 block h-2 w-full max-w-md appearance-none overflow-hidden rounded-full bg-surface-2 [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-2 [&::-webkit-progress-value]:bg-accent"
		/>
	)
}

/** "at 10:42, in 1 hour" in the reader's time zone once the page runs; in UTC before (and without JavaScript). */
export function Expiry({ expiresAt, retentionHours }: { expiresAt: string; retentionHours: number }) {
	const hydrated = useHydrated()
	const date = new Date(expiresAt)
	if (!hydrated) {
		const time = date.toISOString().slice(11, 16)
		const day = date.toISOString().slice(0, 10)
		return (
			<time dateTime={expiresAt}>
				at {time} UTC on {day}, {retentionText(retentionHours)} after it was made
			</time>
		)
	}
	const sameDay = date.toDateString() === new Date().toDateString()
	const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
	const when = sameDay ? time : `${time} on ${date.toLocaleDateString([], { weekday: 'short', day: 'numeric', month: 'short' })}`
	return (
		<time dateTime={expiresAt}>
			at {when}, {untilText(date, new Date())}
		</time>
	)
}

type ResultProps = {
	result: ShownResult
	retentionHours: number
	/** With JavaScript: Delete now as a button (DELETE through the API). */
	onDelete?: () => void
	deleting?: boolean
	/** Without JavaScript: the page's URL the delete form posts to. */
	deleteAction?: string
	stale?: boolean
	alert?: ReactNode
}

export function ResultCard({ result, retentionHours, onDelete, deleting, deleteAction, stale, alert }: ResultProps) {
	const pages = result.pageCount === 1 ? '1 page' : `${result.pageCount.toLocaleString('en-US')} pages`
	return (
		<section id={onDelete ? undefined : ANSWER_ID} aria-labelledby="pdf-result-title" className="mt-4 rounded-lg border border-success bg-surface-2 p-4" data-testid="pdf-result">
			<h2 id="pdf-result-title" className="font-semibold">
				Your file is ready
			</h2>
			<p className="mt-1 break-all" data-testid="pdf-result-name">
				<span className="font-medium">{result.fileName}</span>{' '}
				<span className="text-muted">
					({formatBytes(result.size)}, {pages})
				</span>
			</p>
			{stale ? <p className="mt-1 text-sm text-muted">The files or options changed since: convert again to update it.</p> : null}
			{result.notes && result.notes.length > 0 ? (
				<div className="mt-3 text-sm" data-testid="pdf-notes">
					<ToolNotes notes={result.notes} />
				</div>
			) : null}
			<div className="mt-3 flex flex-wrap items-center gap-3">
				<a href={result.downloadUrl} download={result.fileName} className="button-primary" data-testid="pdf-download">
					Download {result.fileName}
				</a>
				{result.contentType === PDF_MEDIA_TYPE && onDelete ? (
					// Opened in the viewer from the stored result (the page fetches it from this site).
					<Link to={`?mode=edit&open=${encodeURIComponent(result.downloadUrl)}`} className="button-secondary" data-testid="pdf-open-in-viewer">
						View &amp; edit
					</Link>
				) : null}
				{onDelete ? (
					<button type="button" className="button-secondary" onClick={onDelete} disabled={deleting} data-testid="pdf-delete">
						{deleting ? 'Deleting…' : 'Delete now'}
					</button>
				) : deleteAction ? (
					<form method="post" action={deleteAction} data-testid="pdf-delete-form">
						<input type="hidden" name="intent" value="delete" />
						<input type="hidden" name="id" value={result.id} />
						{result.deleteToken ? <input type="hidden" name="token" value={result.deleteToken} /> : null}
						<input type="hidden" name="fileName" value={result.fileName} />
						<button type="submit" className="button-secondary" data-testid="pdf-delete">
							Delete now
						</button>
					</form>
				) : null}
			</div>
			<p className="mt-3 text-sm text-muted" data-testid="pdf-expiry">
				Deleted automatically <Expiry expiresAt={result.expiresAt} retentionHours={retentionHours} />.
				{result.deleteToken ? ' Until then anyone with the download link can fetch it.' : ' Until then it is also listed on your profile.'}
			</p>
			{alert}
		</section>
	)
}
