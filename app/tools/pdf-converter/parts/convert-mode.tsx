/**
 * The page's Convert mode: files, operation, its options, then the run
 * and its result. One form: without JavaScript it posts to the page's
 * action (`files` in the order picked, the operation's fields by their API
 * names); with JavaScript the list's files, in the list's order, go to
 * `POST /api/convert/upload` with upload and processing progress, checked
 * first as the engine checks them.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { type ErrorBody } from '#app/utils/errors.ts'
import { type PdfOperation } from '../options.ts'
import { deleteResult, UploadFailed, uploadForConversion } from '../upload.client.ts'
import { FilePicker, type PickedFile } from './files.tsx'
import { checkFiles, checkOptions, defaultValues, operationSpec, optionsToSend, type FieldErrors, type OptionValues } from './operations.ts'
import { OperationOptions, OperationPicker } from './options.tsx'
import { ProtectionFields, readsPdfs, writesPdfs } from './protection.tsx'
import { ANSWER_ID, ResultCard, RetentionNotice, RunProgress, type Run, type ShownResult } from './result.tsx'

export const PAGE_PATH = '/tools/pdf-converter'

/** The field an error is about (`details.field`, or the first of `details.fields`). */
export function errorField(error: ErrorBody | null): string | null {
	if (!error) return null
	const details = (error.details ?? {}) as { field?: unknown; fields?: unknown }
	if (typeof details.field === 'string') return details.field
	if (details.fields && typeof details.fields === 'object') return Object.keys(details.fields)[0] ?? null
	return null
}

function reasonOf(error: ErrorBody): unknown {
	return (error.details as { reason?: unknown } | undefined)?.reason
}

function isEncrypted(error: ErrorBody): boolean {
	return reasonOf(error) === 'encrypted'
}

/** A PDF that needs its password, or was given a wrong one: said under the password field. */
function isAboutPassword(error: ErrorBody): boolean {
	return isEncrypted(error) || reasonOf(error) === 'wrong-password' || errorField(error) === 'password'
}

/** An error the file box says: about the files, or a 413 naming no field (the upload's size). */
function isAboutFiles(error: ErrorBody): boolean {
	const field = errorField(error)
	return field === 'files' || field === 'file' || (error.status === 413 && !field)
}

/** The error; next to a field (`field`), the engine's words for that field alone when it has them. */
export function ErrorAlert({ error, field, id }: { error: ErrorBody; field?: string; id?: string }) {
	const details = (error.details ?? {}) as { fields?: Record<string, unknown>; file?: unknown }
	if (isEncrypted(error)) {
		const name = typeof details.file === 'string' ? `“${details.file}”` : 'This PDF'
		return (
			<div id={id} role="alert" data-testid="pdf-error" data-reason="encrypted" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm">
				<p className="font-semibold text-danger">{name} is password-protected.</p>
				<p className="mt-1 text-fg">Enter its password in “PDF password” and run it again.</p>
			</div>
		)
	}
	if ((details as { reason?: unknown }).reason === 'wrong-password') {
		return (
			<div id={id} role="alert" data-testid="pdf-error" data-reason="wrong-password" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm">
				<p className="font-semibold text-danger">{error.message}</p>
			</div>
		)
	}
	const own = field ? details.fields?.[field] : undefined
	if (typeof own === 'string' && own !== 'Unknown field') {
		return (
			<div id={id} role="alert" data-testid="pdf-error" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm">
				<p className="font-semibold text-danger">{own}</p>
			</div>
		)
	}
	const hints = Object.values(details.fields ?? {}).filter((hint): hint is string => typeof hint === 'string' && hint !== 'Unknown field' && !error.message.includes(hint))
	return (
		<div id={id} role="alert" data-testid="pdf-error" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm">
			<p className="font-semibold text-danger">{error.message}</p>
			{hints.length > 0 ? <p className="mt-1 text-fg">{hints.join(' ')}</p> : null}
		</div>
	)
}

type Props = {
	hydrated: boolean
	operation: PdfOperation
	retentionHours: number
	perFileLimit: number
	/** What the action answered a form posted without JavaScript. */
	posted: { result: ShownResult | null; deleted: string | null; error: ErrorBody | null; options: { operation: PdfOperation; values: OptionValues } | null }
}

let nextKey = 0

export function ConvertMode({ hydrated, operation, retentionHours, perFileLimit, posted }: Props) {
	const spec = operationSpec(operation)
	const [files, setFiles] = useState<Array<PickedFile>>([])
	const [valuesByOperation, setValuesByOperation] = useState<Partial<Record<PdfOperation, OptionValues>>>(() => ({
		[operation]: { ...defaultValues(operation), ...(posted.options?.operation === operation ? posted.options.values : {}) },
	}))
	const values = valuesByOperation[operation] ?? defaultValues(operation)
	const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
	const [filesError, setFilesError] = useState<string | null>(null)
	const [error, setError] = useState<ErrorBody | null>(posted.error)
	const [run, setRun] = useState<Run>(() => (posted.result ? { state: 'done', result: posted.result, stale: false } : posted.deleted ? { state: 'deleted', fileName: posted.deleted } : { state: 'idle' }))
	const [deleting, setDeleting] = useState(false)
	// The password is kept here only, for the next run: never in the URL, the options or storage.
	const [password, setPassword] = useState('')
	const [keepProtection, setKeepProtection] = useState(false)
	const [announcement, setAnnouncement] = useState('')
	const abortRef = useRef<AbortController | null>(null)
	const resultRef = useRef<HTMLDivElement>(null)

	// A new answer to a form posted without JavaScript.
	useEffect(() => {
		setError(posted.error)
		if (posted.result) setRun({ state: 'done', result: posted.result, stale: false })
		else if (posted.deleted) setRun({ state: 'deleted', fileName: posted.deleted })
	}, [posted])

	// Another operation: the problems shown were the last one's.
	const shownFor = useRef(operation)
	useEffect(() => {
		if (shownFor.current === operation) return
		shownFor.current = operation
		setFieldErrors({})
		setFilesError(null)
		setError(null)
	}, [operation])

	function changed() {
		setRun((current) => (current.state === 'done' && !current.stale ? { ...current, stale: true } : current))
	}

	function setValue(name: string, value: string) {
		setValuesByOperation((current) => ({ ...current, [operation]: { ...(current[operation] ?? defaultValues(operation)), [name]: value } }))
		setFieldErrors((current) => {
			const { [name]: _gone, ...rest } = current
			return rest
		})
		setError((current) => (current && errorField(current) === name ? null : current))
		changed()
	}

	/** The list changed: what was said about the files no longer holds. */
	function forgetFileProblems() {
		setFilesError(null)
		setError((current) => (current && isAboutFiles(current) ? null : current))
	}

	function addFiles(added: Array<File>) {
		setFiles((current) => [...current, ...added.map((file) => ({ key: `f${nextKey++}`, file }))])
		forgetFileProblems()
		setAnnouncement(added.length === 1 ? `Added ${added[0]!.name}.` : `Added ${added.length} files.`)
		changed()
	}

	function moveFile(from: number, to: number) {
		if (to < 0 || to >= files.length || from === to) return
		const next = [...files]
		const [moved] = next.splice(from, 1)
		next.splice(to, 0, moved!)
		setFiles(next)
		setAnnouncement(`Moved ${moved!.file.name} to position ${to + 1} of ${next.length}.`)
		changed()
		// Keep the keyboard on the moved file's button that still makes sense.
		requestAnimationFrame(() => {
			const row = document.querySelectorAll<HTMLElement>('[data-testid="pdf-file"]')[to]
			const label = to > from ? `Move ${moved!.file.name} down` : `Move ${moved!.file.name} up`
			const button = row?.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]:not([disabled])`) ?? row?.querySelector<HTMLButtonElement>('button:not([disabled])')
			button?.focus()
		})
	}

	function removeFile(index: number) {
		const removed = files[index]
		if (!removed) return
		setFiles(files.filter((_, each) => each !== index))
		forgetFileProblems()
		setAnnouncement(`Removed ${removed.file.name}.`)
		changed()
		requestAnimationFrame(() => {
			const rows = document.querySelectorAll<HTMLElement>('[data-testid="pdf-file"]')
			const row = rows[Math.min(index, rows.length - 1)]
			;(row?.querySelector<HTMLButtonElement>('button:not([disabled])') ?? document.getElementById('pdf-file-input'))?.focus()
		})
	}

	function clearFiles() {
		setFiles([])
		forgetFileProblems()
		setAnnouncement('Removed all files.')
		changed()
		document.getElementById('pdf-file-input')?.focus()
	}

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (run.state === 'busy') return
		const problem = checkFiles(
			operation,
			files.map(({ file }) => file),
			perFileLimit,
		)
		const problems = checkOptions(operation, values)
		setFilesError(problem)
		setFieldErrors(problems)
		setError(null)
		if (problem) {
			document.getElementById('pdf-file-input')?.focus()
			return
		}
		const first = Object.keys(problems)[0]
		if (first) {
			document.getElementById(`pdf-opt-${first}`)?.focus()
			return
		}
		const form = new FormData()
		form.append('operation', operation)
		for (const { file } of files) form.append('files', file, file.name)
		for (const [name, value] of Object.entries(optionsToSend(operation, values))) form.append(name, value)
		if (readsPdfs(operation) && password) form.append('password', password)
		if (writesPdfs(operation) && keepProtection) form.append('keepProtection', 'true')

		const controller = new AbortController()
		abortRef.current = controller
		const previous = run
		let since: number | null = null
		setRun({ state: 'busy', doing: spec.doing, progress: { phase: 'uploading', loaded: 0, total: null } })
		try {
			const result = await uploadForConversion(form, {
				signal: controller.signal,
				onProgress: (progress) => {
					const update = () => setRun({ state: 'busy', doing: spec.doing, progress: progress.phase === 'processing' ? { ...progress, since: since! } : progress })
					if (progress.phase !== 'processing' || since !== null) return update()
					since = Date.now()
					// The upload has just ended: show "Merging PDFs…" now. Left to React's
					// batching, a quick answer arriving in the next network task would be
					// rendered in the same pass, and the phase would never appear.
					flushSync(update)
				},
			})
			setRun({ state: 'done', result, stale: false })
			setAnnouncement(`Done: ${result.fileName} is ready to download.`)
			requestAnimationFrame(() => resultRef.current?.querySelector<HTMLElement>('[data-testid="pdf-download"]')?.focus())
		} catch (thrown) {
			setRun(previous)
			if (thrown instanceof UploadFailed) setError(thrown.body)
			else if (thrown instanceof DOMException && thrown.name === 'AbortError') setAnnouncement('Cancelled.')
			else throw thrown
		} finally {
			abortRef.current = null
		}
	}

	async function deleteNow(result: ShownResult) {
		setDeleting(true)
		try {
			await deleteResult(result)
			setRun({ state: 'deleted', fileName: result.fileName })
			setAnnouncement(`${result.fileName} was deleted.`)
		} catch (thrown) {
			if (thrown instanceof UploadFailed) setError(thrown.body)
			else throw thrown
		} finally {
			setDeleting(false)
		}
	}

	const field = errorField(error)
	const place = !error ? null : isAboutPassword(error) && readsPdfs(operation) ? 'password' : isAboutFiles(error) || isEncrypted(error) ? 'files' : field && spec.fields.some((each) => each.name === field) ? field : 'panel'
	const alertAt = (where: string): ReactNode => (error && place === where ? <ErrorAlert error={error} field={where === 'panel' ? undefined : where} id={hydrated ? undefined : ANSWER_ID} /> : null)
	const busy = run.state === 'busy'

	return (
		<div className="space-y-6">
			<RetentionNotice hours={retentionHours} />
			<OperationPicker operation={operation} />
			<form
				method="post"
				encType="multipart/form-data"
				action={`${PAGE_PATH}?operation=${operation}#${ANSWER_ID}`}
				className="card space-y-8 p-4 sm:p-6"
				aria-label={`${spec.label}: files and options`}
				onSubmit={hydrated ? (event) => void submit(event) : undefined}
				noValidate={hydrated}
				data-hydrated={hydrated || undefined}
				data-testid="pdf-form"
			>
				<input type="hidden" name="operation" value={operation} />
				<FilePicker
					hydrated={hydrated}
					operation={operation}
					files={files}
					onAdd={addFiles}
					onMove={moveFile}
					onRemove={removeFile}
					onClear={clearFiles}
					announcement={announcement}
					perFileLimit={perFileLimit}
					error={filesError}
					alert={alertAt('files')}
					pickAgain={!hydrated && Boolean(posted.error)}
				/>
				<OperationOptions hydrated={hydrated} operation={operation} values={values} onChange={setValue} errors={fieldErrors} alertFor={alertAt} />
				<ProtectionFields
					operation={operation}
					password={password}
					keep={keepProtection}
					onPassword={(value) => {
						setPassword(value)
						setError((current) => (current && isAboutPassword(current) ? null : current))
						changed()
					}}
					onKeep={(value) => {
						setKeepProtection(value)
						changed()
					}}
					alert={alertAt('password')}
				/>
				<div className="border-t border-border pt-6">
					<div className="flex flex-wrap items-center gap-3">
						<button type="submit" className="button-primary" disabled={busy} data-testid="pdf-submit">
							{spec.label}
						</button>
						{busy ? (
							<button type="button" className="button-secondary" onClick={() => abortRef.current?.abort()} data-testid="pdf-cancel">
								Cancel
							</button>
						) : null}
					</div>
					<div className="mt-3 min-h-6 text-sm" data-testid="pdf-status">
						{run.state === 'busy' ? <RunProgress progress={run.progress} doing={run.doing} /> : null}
						{run.state === 'deleted' ? (
							<p id={hydrated ? undefined : ANSWER_ID} role="status" data-testid="pdf-deleted">
								{run.fileName} was deleted from our server.
							</p>
						) : null}
						{run.state === 'idle' ? <p className="text-muted">{hydrated ? 'The result appears here, ready to download.' : 'The page answers with a link to the result.'}</p> : null}
					</div>
					{alertAt('panel')}
				</div>
			</form>
			{/* Outside the form: without JavaScript, Delete now is a form of its own. */}
			<div ref={resultRef}>
				{run.state === 'done' ? (
					<ResultCard
						result={run.result}
						retentionHours={retentionHours}
						stale={run.stale}
						onDelete={hydrated ? () => void deleteNow(run.result) : undefined}
						deleting={deleting}
						deleteAction={`${PAGE_PATH}?operation=${operation}#${ANSWER_ID}`}
					/>
				) : null}
			</div>
		</div>
	)
}
