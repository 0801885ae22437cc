/**
 * The files to convert. Without JavaScript: a file field (`files`) posted
 * with the form, in the order picked. With JavaScript: the same picker and
 * a drop zone add to a list (name, size, kind), which can be reordered by
 * dragging a row or with Move up / Move down (for keyboards), and each
 * file removed; every change is announced in a live region.
 */
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'
import { PDF_OPERATION_FILES, type PdfOperation } from '../options.ts'
import { acceptFor, FILE_KIND_LABELS, fileKind } from './operations.ts'

export type PickedFile = { key: string; file: File }

type Props = {
	hydrated: boolean
	operation: PdfOperation
	files: ReadonlyArray<PickedFile>
	onAdd: (files: Array<File>) => void
	onMove: (from: number, to: number) => void
	onRemove: (index: number) => void
	onClear: () => void
	/** The sentence the live region says after a change. */
	announcement: string
	/** The per-file limit, for the hint. */
	perFileLimit: number
	/** A problem with the files (count, kind, size), shown under the list. */
	error: string | null
	/** The server's error about the files, if any. */
	alert: ReactNode
	/** Without JavaScript, after an error: the browser has forgotten the files. */
	pickAgain?: boolean
}

function DropHint({ operation }: { operation: PdfOperation }) {
	const rule = PDF_OPERATION_FILES[operation]
	if (rule.kind === 'image') return <>PNG or JPEG images, one page each, in the order listed.</>
	if (rule.max === 1) return <>One PDF.</>
	return <>Two or more PDFs, joined in the order listed.</>
}

export function FilePicker({ hydrated, operation, files, onAdd, onMove, onRemove, onClear, announcement, perFileLimit, error, alert, pickAgain }: Props) {
	const inputRef = useRef<HTMLInputElement>(null)
	const [dropping, setDropping] = useState(false)
	const [dragged, setDragged] = useState<number | null>(null)
	const [over, setOver] = useState<number | null>(null)
	const rule = PDF_OPERATION_FILES[operation]
	const many = rule.max > 1

	// Files picked before the page's script ran join the list (the field is no longer posted).
	useEffect(() => {
		const input = inputRef.current
		if (!hydrated || !input?.files?.length) return
		const picked = [...input.files]
		input.value = ''
		onAdd(picked)
		// Once, when the script takes over.
	}, [hydrated])

	// Files dropped beside the zone would make the browser leave the page to show them (and lose the list).
	useEffect(() => {
		if (!hydrated) return
		const keep = (event: globalThis.DragEvent) => {
			if (!event.dataTransfer?.types.includes('Files') || event.defaultPrevented) return
			event.preventDefault()
			if (event.type === 'dragover') event.dataTransfer.dropEffect = 'none'
		}
		window.addEventListener('dragover', keep)
		window.addEventListener('drop', keep)
		return () => {
			window.removeEventListener('dragover', keep)
			window.removeEventListener('drop', keep)
		}
	}, [hydrated])

	function dropFiles(event: DragEvent<HTMLDivElement>) {
		if (dragged !== null) return
		const dropped = [...event.dataTransfer.files]
		event.preventDefault()
		setDropping(false)
		if (dropped.length > 0) onAdd(dropped)
	}

	function dropOnRow(event: DragEvent<HTMLLIElement>, index: number) {
		if (dragged === null) return
		event.preventDefault()
		event.stopPropagation()
		if (dragged !== index) onMove(dragged, index)
		setDragged(null)
		setOver(null)
	}

	const describedBy = cn('pdf-files-hint', error && 'pdf-files-error') || undefined

	return (
		<section aria-labelledby="pdf-files-title" data-testid="pdf-files">
			<h2 id="pdf-files-title" className="text-lg font-semibold">
				2. {many ? 'Add your files' : 'Add your file'}
			</h2>
			<div
				data-testid="pdf-dropzone"
				className={cn(
					'mt-3 rounded-lg border-2 border-dashed border-border p-4 sm:p-6',
					dropping && 'border-accent bg-accent-soft',
					error && 'border-danger',
				)}
				onDragOver={(event) => {
					if (!hydrated || dragged !== null || !event.dataTransfer.types.includes('Files')) return
					event.preventDefault()
					event.dataTransfer.dropEffect = 'copy'
					setDropping(true)
				}}
				onDragLeave={() => setDropping(false)}
				onDrop={hydrated ? dropFiles : undefined}
			>
				<div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
					<Icon name="document" className="size-8 shrink-0 text-muted" />
					<div className="min-w-0">
						<label htmlFor="pdf-file-input" className="form-label">
							{hydrated ? (many ? 'Choose files or drop them here' : 'Choose a file or drop it here') : many ? 'Choose the files' : 'Choose the file'}
						</label>
						<input
							ref={inputRef}
							id="pdf-file-input"
							data-testid="pdf-file-input"
							type="file"
							// Without JavaScript the field itself is posted; with it, the list below is.
							name={hydrated ? undefined : 'files'}
							multiple={many}
							accept={acceptFor(operation)}
							aria-describedby={describedBy}
							aria-invalid={error ? true : undefined}
							className="mt-2 block w-full max-w-full text-sm text-fg file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:py-1.5 file:font-semibold file:text-fg"
							onChange={
								hydrated
									? (event) => {
											const picked = [...(event.target.files ?? [])]
											event.target.value = ''
											if (picked.length > 0) onAdd(picked)
										}
									: undefined
							}
						/>
						<p id="pdf-files-hint" className="form-help">
							<DropHint operation={operation} /> Each file up to {formatBytes(perFileLimit)}.
							{!hydrated && many ? ' They are used in the order you pick them: to change the order, pick them again in the order you want.' : null}
							{pickAgain ? (many ? ' Choose the files again before you send the form again.' : ' Choose the file again before you send the form again.') : null}
						</p>
					</div>
				</div>
			</div>

			{hydrated && files.length > 0 ? (
				<>
					<ol className="mt-3 space-y-2" aria-label={many ? 'Files, in order' : 'File'} data-testid="pdf-file-list">
						{files.map(({ key, file }, index) => {
							const kind = fileKind(file)
							return (
								<li
									key={key}
									data-testid="pdf-file"
									data-name={file.name}
									draggable={files.length > 1}
									onDragStart={(event) => {
										setDragged(index)
										event.dataTransfer.effectAllowed = 'move'
										// Firefox starts a drag only with some data.
										event.dataTransfer.setData('text/plain', file.name)
									}}
									onDragOver={(event) => {
										if (dragged === null) return
										event.preventDefault()
										event.dataTransfer.dropEffect = 'move'
										setOver(index)
									}}
									onDragLeave={() => setOver((current) => (current === index ? null : current))}
									onDrop={(event) => dropOnRow(event, index)}
									onDragEnd={() => {
										setDragged(null)
										setOver(null)
									}}
									className={cn(
										'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-surface-2 p-3',
										files.length > 1 && 'cursor-grab',
										dragged === index && 'opacity-60',
										over === index && dragged !== index && 'border-accent ring-1 ring-accent',
									)}
								>
									<span className="w-6 shrink-0 text-right text-sm font-semibold text-muted tabular-nums" aria-hidden="true">
										{index + 1}.
									</span>
									<div className="min-w-0 flex-1">
										<p className="truncate font-medium" title={file.name}>
											{file.name}
										</p>
										<p className="text-sm text-muted">
											{FILE_KIND_LABELS[kind]} · {formatBytes(file.size)}
										</p>
									</div>
									<div className="flex shrink-0 flex-wrap gap-1">
										{files.length > 1 ? (
											<>
												<button
													type="button"
													className="icon-button disabled:cursor-not-allowed disabled:opacity-40"
													aria-label={`Move ${file.name} up`}
													disabled={index === 0}
													onClick={() => onMove(index, index - 1)}
												>
													<Icon name="arrow-up" className="size-5" />
												</button>
												<button
													type="button"
													className="icon-button disabled:cursor-not-allowed disabled:opacity-40"
													aria-label={`Move ${file.name} down`}
													disabled={index === files.length - 1}
													onClick={() => onMove(index, index + 1)}
												>
													<Icon name="arrow-up" className="size-5 rotate-180" />
												</button>
											</>
										) : null}
										<button type="button" className="icon-button disabled:cursor-not-allowed disabled:opacity-40" aria-label={`Remove ${file.name}`} onClick={() => onRemove(index)}>
											<Icon name="close" className="size-5" />
										</button>
									</div>
								</li>
							)
						})}
					</ol>
					<div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
						<span>
							{files.length === 1 ? '1 file' : `${files.length} files`}, {formatBytes(files.reduce((sum, each) => sum + each.file.size, 0))}
							{files.length > 1 ? '. Drag a row, or use its arrows, to change the order.' : '.'}
						</span>
						<button type="button" className="link" onClick={onClear}>
							Remove all
						</button>
					</div>
				</>
			) : null}
			<p className="sr-only" aria-live="polite" data-testid="pdf-announce">
				{announcement}
			</p>
			{error ? (
				<p id="pdf-files-error" className="form-error" data-testid="pdf-files-error">
					{error}
				</p>
			) : null}
			{alert}
		</section>
	)
}
