/**
 * View & edit: a PDF opened in pdf.js's viewer (picked, dropped, or a
 * conversion's stored result), with page navigation, zoom, search and
 * thumbnails, and pdf.js's annotation editor: highlight, free text, ink,
 * stamp, and signatures drawn or typed in our dialog and placed as stamps.
 * Select, move, resize, copy, paste, delete, undo and redo are pdf.js's own
 * (SPEC.md §9's constants are its constants); the page gives them buttons.
 * Save writes the annotations into the PDF (`saveDocument()`), then either
 * downloads it straight from the browser or stores it through
 * `POST /api/edit-pdf` with upload progress.
 */
import { useBeforeUnload, useBlocker } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react'
import { ErrorAlert } from '../parts/convert-mode.tsx'
import { ResultCard, RunProgress, type Progress, type ShownResult } from '../parts/result.tsx'
import { deleteResult, UploadFailed, uploadForConversion } from '../upload.client.ts'
import { editedName } from './names.ts'
import { largePageNote, looksLikePdf, notAPdfMessage, openFailureMessage, refuseBeforeOpening } from './checks.ts'
import { AltTextDialog, PasswordForm, type AltTextRequest } from './dialogs.tsx'
import { createEngine, editorMode, loadPdfjs, openDocument, setEditorMode, type AltTextEditor, type Engine, type LoadingTask, type PdfDocument } from './engine.client.ts'
import { SignatureDialog } from './signature-dialog.tsx'
import { Thumbnails } from './thumbnails.tsx'
import { EditToolbar, ViewToolbar, type EditorParams, type EditStates, type ToolName } from './toolbars.tsx'
import { type ErrorBody } from '#app/utils/errors.ts'

export const EDIT_API_PATH = '/api/edit-pdf'

type Status =
	| { state: 'empty' }
	| { state: 'loading'; name: string }
	| { state: 'password'; name: string; wrong: boolean; submit: (password: string) => void; cancel: () => void }
	| { state: 'ready'; name: string; pages: number }
	| { state: 'error'; message: string }

type SaveRun = { state: 'idle' } | { state: 'busy'; progress: Progress } | { state: 'done'; result: ShownResult } | { state: 'failed'; error: ErrorBody }

const NO_EDIT_STATES: EditStates = { hasSomethingToUndo: false, hasSomethingToRedo: false, hasSelectedEditor: false, isEmpty: true }

export const DEFAULT_PARAMS: EditorParams = {
	highlightColor: '#FFFF98',
	highlightThickness: 12,
	freetextColor: '#000000',
	freetextSize: 16,
	inkColor: '#1d4ed8',
	inkThickness: 3,
	inkOpacity: 1,
}

/** One of the toolbar's settings, sent to pdf.js (the selected annotations take it, else the tool's default does). */
function dispatchParam(pdfjs: Engine['pdfjs'], bus: Engine['bus'], name: keyof EditorParams, value: string | number) {
	const types = pdfjs.AnnotationEditorParamsType
	const type = {
		highlightColor: types.HIGHLIGHT_COLOR,
		highlightThickness: types.HIGHLIGHT_THICKNESS,
		freetextColor: types.FREETEXT_COLOR,
		freetextSize: types.FREETEXT_SIZE,
		inkColor: types.INK_COLOR,
		inkThickness: types.INK_THICKNESS,
		inkOpacity: types.INK_OPACITY,
	}[name]
	bus.dispatch('switchannotationeditorparams', { source: null, type, value })
}


export default function PdfViewer({ perFileLimit, retentionHours, openUrl }: { perFileLimit: number; retentionHours: number; openUrl: string | null }) {
	const containerRef = useRef<HTMLDivElement>(null)
	const viewerRef = useRef<HTMLDivElement>(null)
	const inputRef = useRef<HTMLInputElement>(null)
	const engineRef = useRef<Engine | null>(null)
	const docRef = useRef<PdfDocument | null>(null)
	const taskRef = useRef<LoadingTask | null>(null)
	const [engineReady, setEngineReady] = useState(false)
	const [status, setStatus] = useState<Status>({ state: 'empty' })
	const [firstRendered, setFirstRendered] = useState(false)
	const [page, setPage] = useState(1)
	const [scale, setScale] = useState('page-width')
	const [thumbnails, setThumbnails] = useState(false)
	const [find, setFind] = useState<{ current: number; total: number; state: 'idle' | 'found' | 'not-found' | 'pending' }>({ current: 0, total: 0, state: 'idle' })
	const [editing, setEditing] = useState<{ available: boolean; reason: string | null }>({ available: false, reason: null })
	const [note, setNote] = useState<string | null>(null)
	const [mode, setMode] = useState(0)
	const [params, setParams] = useState<EditorParams>(DEFAULT_PARAMS)
	const paramsRef = useRef(params)
	paramsRef.current = params
	const [states, setStates] = useState<EditStates>(NO_EDIT_STATES)
	const [dirty, setDirty] = useState(false)
	const [altText, setAltText] = useState<AltTextRequest | null>(null)
	const [signing, setSigning] = useState(false)
	const [save, setSave] = useState<SaveRun>({ state: 'idle' })
	const [deleting, setDeleting] = useState(false)
	const [dropping, setDropping] = useState(false)
	const [announcement, setAnnouncement] = useState('')

	// pdf.js and its viewer, once: every document opens in the same viewer.
	useEffect(() => {
		let cancelled = false
		let engine: Engine | null = null
		void (async () => {
			try {
				const { pdfjs, components } = await loadPdfjs()
				if (cancelled || !containerRef.current || !viewerRef.current) return
				engine = createEngine({
					pdfjs,
					components,
					container: containerRef.current,
					viewerElement: viewerRef.current,
					editAltText: (editor, firstTime) => setAltText({ editor, firstTime }),
				})
				const { bus, viewer } = engine
				bus.on('pagesinit', () => {
					viewer.currentScaleValue = 'page-width'
					const available = editorMode(viewer) !== pdfjs.AnnotationEditorType.DISABLE
					// The tools start with the colours and sizes the toolbar shows (each document has a new editor).
					if (available) for (const [name, value] of Object.entries(paramsRef.current)) dispatchParam(pdfjs, bus, name as keyof EditorParams, value)
					const doc = docRef.current
					setEditing({
						available,
						reason: available
							? null
							: doc && (doc as unknown as { isPureXfa?: boolean }).isPureXfa
								? 'This is an XFA form: it is shown as pdf.js can draw it, and it cannot be annotated here.'
								: 'This PDF’s permissions forbid changes: you can read, search and download it, but the editing tools are off.',
					})
				})
				bus.on('pagerendered', ({ pageNumber }: { pageNumber: number }) => {
					if (pageNumber === 1 || viewer.currentPageNumber === pageNumber) setFirstRendered(true)
				})
				bus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => setPage(pageNumber))
				bus.on('scalechanging', ({ presetValue, scale: value }: { presetValue?: string; scale: number }) => setScale(presetValue ?? String(value)))
				bus.on('annotationeditormodechanged', ({ mode: next }: { mode: number }) => setMode(next))
				bus.on('editingstateschanged', ({ details }: { details: Partial<EditStates> }) => setStates((previous) => ({ ...previous, ...details })))
				bus.on('annotationeditorparamschanged', ({ details }: { details: Array<[number, unknown]> }) => {
					const types = pdfjs.AnnotationEditorParamsType
					setParams((previous) => {
						const next = { ...previous }
						for (const [type, value] of details) {
							if (type === types.HIGHLIGHT_COLOR && typeof value === 'string') next.highlightColor = value
							if (type === types.HIGHLIGHT_THICKNESS && typeof value === 'number') next.highlightThickness = value
							if (type === types.FREETEXT_COLOR && typeof value === 'string') next.freetextColor = value
							if (type === types.FREETEXT_SIZE && typeof value === 'number') next.freetextSize = value
							if (type === types.INK_COLOR && typeof value === 'string') next.inkColor = value
							if (type === types.INK_THICKNESS && typeof value === 'number') next.inkThickness = value
							if (type === types.INK_OPACITY && typeof value === 'number') next.inkOpacity = value
						}
						return next
					})
				})
				bus.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
					setFind((previous) => ({ ...previous, current: matchesCount.current, total: matchesCount.total })),
				)
				bus.on('updatefindcontrolstate', ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) =>
					// FindState: FOUND 0, NOT_FOUND 1, WRAPPED 2, PENDING 3
					setFind({ current: matchesCount.current, total: matchesCount.total, state: state === 1 ? 'not-found' : state === 3 ? 'pending' : 'found' }),
				)
				engineRef.current = engine
				setEngineReady(true)
			} catch (error) {
				if (!cancelled) setStatus({ state: 'error', message: `The viewer could not start in this browser (${error instanceof Error ? error.message : 'unknown error'}). Please reload the page.` })
			}
		})()
		return () => {
			cancelled = true
			void taskRef.current?.destroy()
			engine?.destroy()
			engineRef.current = null
		}
	}, [])

	const closeDocument = useCallback(async () => {
		const task = taskRef.current
		taskRef.current = null
		docRef.current = null
		engineRef.current?.destroy()
		setFirstRendered(false)
		setEditing({ available: false, reason: null })
		setStates(NO_EDIT_STATES)
		setDirty(false)
		setNote(null)
		setMode(0)
		setPage(1)
		setFind({ current: 0, total: 0, state: 'idle' })
		setSave({ state: 'idle' })
		await task?.destroy()
	}, [])

	const openBytes = useCallback(
		async (data: Uint8Array, name: string) => {
			const engine = engineRef.current
			if (!engine) return
			await closeDocument()
			setStatus({ state: 'loading', name })
			const task = openDocument(engine.pdfjs, data, (update, reason) => {
				setStatus({
					state: 'password',
					name,
					wrong: reason === engine.pdfjs.PasswordResponses.INCORRECT_PASSWORD,
					submit: (password) => {
						setStatus({ state: 'loading', name })
						update(password)
					},
					cancel: () => {
						void task.destroy()
						setStatus({ state: 'error', message: `“${name}” is protected by a password. Open it again and enter the password to view it.` })
					},
				})
			})
			taskRef.current = task
			let doc: PdfDocument
			try {
				doc = await task.promise
			} catch (error) {
				if (taskRef.current !== task) return
				taskRef.current = null
				// A cancelled password prompt has said so already.
				setStatus((previous) => (previous.state === 'error' ? previous : { state: 'error', message: openFailureMessage(name, error) }))
				return
			}
			if (taskRef.current !== task) return
			docRef.current = doc
			// pdf.js calls these when the first change is made, and when saving resets it.
			const storage = doc.annotationStorage as unknown as { onSetModified: () => void; onResetModified: () => void }
			storage.onSetModified = () => setDirty(true)
			storage.onResetModified = () => setDirty(false)
			engine.viewer.setDocument(doc)
			engine.linkService.setDocument(doc, null)
			engine.findController.setDocument(doc)
			setStatus({ state: 'ready', name, pages: doc.numPages })
			setAnnouncement(`${name} opened: ${doc.numPages} ${doc.numPages === 1 ? 'page' : 'pages'}.`)
			try {
				const first = await doc.getPage(1)
				const { width, height } = first.getViewport({ scale: 1 })
				setNote(largePageNote(width, height))
			} catch {
				// The viewer itself reports a page it cannot draw.
			}
		},
		[closeDocument],
	)

	const openFile = useCallback(
		async (file: File) => {
			if (dirty && !window.confirm('Open another file? The changes to this one are not saved and will be lost.')) return
			const refused = refuseBeforeOpening(file, perFileLimit)
			if (refused) {
				await closeDocument()
				setStatus({ state: 'error', message: refused })
				return
			}
			let data: Uint8Array
			try {
				data = new Uint8Array(await file.arrayBuffer())
			} catch {
				setStatus({ state: 'error', message: `“${file.name}” could not be read. Please choose it again.` })
				return
			}
			if (!looksLikePdf(data)) {
				await closeDocument()
				setStatus({ state: 'error', message: notAPdfMessage(file.name) })
				return
			}
			await openBytes(data, file.name)
		},
		[closeDocument, dirty, openBytes, perFileLimit],
	)

	// A conversion's result opened here (`?mode=edit&open=/api/pdf/<id>`): fetched from this site only.
	useEffect(() => {
		if (!engineReady || !openUrl || !/^\/api\/pdf\/[\w-]+$/.test(openUrl)) return
		let cancelled = false
		void (async () => {
			setStatus({ state: 'loading', name: 'the result' })
			try {
				const response = await fetch(openUrl, { credentials: 'same-origin' })
				if (!response.ok) throw new Error(response.status === 404 ? 'The result does not exist or has expired.' : `The server answered ${response.status}.`)
				const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1]
				const file = new File([await response.blob()], name ? decodeURIComponent(name) : 'result.pdf', { type: 'application/pdf' })
				if (!cancelled) await openFile(file)
			} catch (error) {
				if (!cancelled) setStatus({ state: 'error', message: `The result could not be opened: ${error instanceof Error ? error.message : 'please try again.'}` })
			}
		})()
		return () => {
			cancelled = true
		}
		// Once the engine is up; openFile changes with `dirty`, which is false here.
	}, [engineReady, openUrl])

	// Unsaved changes warn before the page is left (a reload, a closed tab, another page of the site).
	useBeforeUnload(
		useCallback(
			(event: BeforeUnloadEvent) => {
				if (!dirty) return
				event.preventDefault()
				event.returnValue = ''
			},
			[dirty],
		),
	)
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search))
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		if (window.confirm('Leave this page? Your changes to the PDF are not saved.')) blocker.proceed()
		else blocker.reset()
	}, [blocker])

	const engine = engineReady ? engineRef.current : null
	const ready = status.state === 'ready'

	const chooseTool = (tool: ToolName) => {
		if (!engine || !editing.available) return
		if (tool === 'signature') {
			setSigning(true)
			return
		}
		const types = engine.pdfjs.AnnotationEditorType
		const next = { none: types.NONE, highlight: types.HIGHLIGHT, freetext: types.FREETEXT, ink: types.INK, stamp: types.STAMP }[tool]
		setEditorMode(engine.viewer, { mode: mode === next && tool !== 'none' ? types.NONE : next })
	}

	const changeParam = (name: keyof EditorParams, value: string | number) => {
		if (!engine) return
		setParams((previous) => ({ ...previous, [name]: value }))
		dispatchParam(engine.pdfjs, engine.bus, name, value)
	}

	const editingAction = (name: 'undo' | 'redo' | 'delete' | 'selectAll') => engine?.bus.dispatch('editingaction', { source: null, name })

	/** Places a picture (an image file, or a signature) as a stamp in the middle of the visible page. */
	const placeImage = async (file: File, suggestedAltText: string | null) => {
		if (!engine || !editing.available) return
		const types = engine.pdfjs.AnnotationEditorType
		if (mode !== types.STAMP) setEditorMode(engine.viewer, { mode: types.STAMP })
		// The mode switch resolves before the layer takes new editors.
		await new Promise((resolve) => setTimeout(resolve, 50))
		engine.bus.dispatch('switchannotationeditorparams', { source: null, type: engine.pdfjs.AnnotationEditorParamsType.CREATE, value: { bitmapFile: file } })
		if (!suggestedAltText) return
		// pdf.js selects the new stamp once its picture is decoded; then its alt text can be suggested (the "review" state).
		// Decoding took over 3 s on a busy machine (the suggestion was lost); 15 s, polled, costs nothing when it is quick.
		for (let waited = 0; waited < 15_000; waited += 50) {
			await new Promise((resolve) => setTimeout(resolve, 50))
			const editor = engine.uiManager?.firstSelectedEditor
			if (editor?.altTextData !== undefined) {
				await editor.setGuessedAltText(suggestedAltText)
				return
			}
		}
	}

	const pdfBytes = async () => {
		const doc = docRef.current
		if (!doc) throw new Error('No document is open.')
		// pdf.js commits the text being typed in a free text box before it saves (the full viewer's dispatchWillSave).
		engine?.viewer.container.focus()
		return doc.saveDocument()
	}

	const download = async () => {
		if (!ready) return
		try {
			const bytes = await pdfBytes()
			const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }))
			const link = document.createElement('a')
			link.href = url
			link.download = editedName(status.name)
			document.body.append(link)
			link.click()
			link.remove()
			setTimeout(() => URL.revokeObjectURL(url), 60_000)
			docRef.current?.annotationStorage.resetModified()
			setAnnouncement(`${editedName(status.name)} downloaded.`)
		} catch (error) {
			setSave({ state: 'failed', error: { message: `Saving the PDF failed in the browser: ${error instanceof Error ? error.message : 'unknown error'}.`, status: 0, code: 'INTERNAL_ERROR' } })
		}
	}

	const store = async () => {
		if (!ready) return
		try {
			setSave({ state: 'busy', progress: { phase: 'uploading', loaded: 0, total: null } })
			const bytes = await pdfBytes()
			const form = new FormData()
			form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], editedName(status.name), { type: 'application/pdf' }))
			// The seconds counted from the first "processing" update, not reset by each progress line.
			let since: number | null = null
			const result = await uploadForConversion(form, {
				url: EDIT_API_PATH,
				onProgress: (progress) => setSave({ state: 'busy', progress: progress.phase === 'uploading' ? progress : { ...progress, since: (since ??= Date.now()) } }),
			})
			docRef.current?.annotationStorage.resetModified()
			setSave({ state: 'done', result })
			setAnnouncement(`${result.fileName} is saved and ready to download.`)
		} catch (error) {
			const body: ErrorBody =
				error instanceof UploadFailed ? error.body : { message: `Saving failed: ${error instanceof Error ? error.message : 'unknown error'}.`, status: 0, code: 'INTERNAL_ERROR' }
			setSave({ state: 'failed', error: body })
		}
	}

	const deleteSaved = async (result: ShownResult) => {
		setDeleting(true)
		try {
			await deleteResult(result)
			setSave({ state: 'idle' })
			setAnnouncement(`${result.fileName} was deleted from the server.`)
		} catch (error) {
			if (error instanceof UploadFailed) setSave({ state: 'failed', error: error.body })
		} finally {
			setDeleting(false)
		}
	}

	const onDrop = (event: DragEvent<HTMLDivElement>) => {
		event.preventDefault()
		setDropping(false)
		const file = event.dataTransfer.files[0]
		if (file) void openFile(file)
	}

	return (
		<div className="space-y-3" data-testid="pdf-viewer" data-state={status.state} data-pages={ready ? status.pages : undefined} data-first-page-rendered={firstRendered ? 'true' : undefined} data-dirty={dirty ? 'true' : undefined}>
			<div
				className={`rounded-lg border-2 border-dashed p-4 text-center ${dropping ? 'border-accent bg-surface-2' : 'border-border'}`}
				onDragOver={(event) => {
					event.preventDefault()
					setDropping(true)
				}}
				onDragLeave={() => setDropping(false)}
				onDrop={onDrop}
				data-testid="pdf-viewer-drop"
			>
				<label className="button-primary inline-block cursor-pointer">
					{ready ? 'Open another PDF' : 'Open a PDF'}
					<input
						ref={inputRef}
						type="file"
						accept="application/pdf,.pdf"
						className="sr-only"
						disabled={!engineReady}
						data-testid="pdf-viewer-input"
						onChange={(event) => {
							const file = event.currentTarget.files?.[0]
							event.currentTarget.value = ''
							if (file) void openFile(file)
						}}
					/>
				</label>
				<p className="mt-2 text-sm text-muted">
					or drop it here. It opens in your browser: nothing is uploaded until you press Save to server.
					{engineReady ? null : ' Loading the viewer…'}
				</p>
			</div>

			<p className="sr-only" aria-live="polite" data-testid="pdf-viewer-announcement">
				{announcement}
			</p>

			{status.state === 'error' ? (
				<p role="alert" className="rounded-lg border border-danger bg-surface-2 p-3" data-testid="pdf-viewer-error">
					{status.message}
				</p>
			) : null}
			{status.state === 'loading' ? (
				<p role="status" data-testid="pdf-viewer-loading">
					Opening {status.name}…
				</p>
			) : null}
			{status.state === 'password' ? <PasswordForm name={status.name} wrong={status.wrong} onSubmit={status.submit} onCancel={status.cancel} /> : null}

			{ready && engine ? (
				<>
					<ViewToolbar
						page={page}
						pages={status.pages}
						scale={scale}
						thumbnails={thumbnails}
						find={find}
						onThumbnails={() => setThumbnails((shown) => !shown)}
						onPage={(next) => {
							engine.viewer.currentPageNumber = Math.min(Math.max(1, next), status.pages)
						}}
						onZoom={(value) => {
							if (value === 'in') engine.viewer.increaseScale()
							else if (value === 'out') engine.viewer.decreaseScale()
							else engine.viewer.currentScaleValue = value
						}}
						onFind={(query, again, previous) =>
							engine.bus.dispatch('find', { source: null, type: again ? 'again' : '', query, caseSensitive: false, entireWord: false, highlightAll: true, findPrevious: previous, matchDiacritics: false })
						}
					/>
					{editing.available ? (
						<EditToolbar
							pdfjs={engine.pdfjs}
							mode={mode}
							params={params}
							states={states}
							dirty={dirty}
							saving={save.state === 'busy'}
							onTool={chooseTool}
							onParam={changeParam}
							onAction={editingAction}
							onImage={(file) => void placeImage(file, null)}
							onDownload={() => void download()}
							onStore={() => void store()}
						/>
					) : (
						<div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2 p-3">
							<p className="grow text-sm" data-testid="pdf-editing-unavailable">
								{editing.reason ?? 'Preparing the editor…'}
							</p>
							<button type="button" className="button-secondary" onClick={() => void download()} data-testid="pdf-download-local">
								Download
							</button>
						</div>
					)}
					{note ? (
						<p className="text-sm text-muted" data-testid="pdf-viewer-note">
							{note}
						</p>
					) : null}
				</>
			) : null}

			{/* Shown from 'loading' on: pdf.js measures the container when the document is set (fit width, the pages in view). */}
			<div className={`flex gap-3 ${ready || status.state === 'loading' ? '' : 'hidden'}`}>
				{ready && engine && thumbnails ? <Thumbnails doc={docRef.current} pages={status.pages} current={page} onPick={(next) => (engine.viewer.currentPageNumber = next)} /> : null}
				<div className="relative h-[75vh] min-h-[24rem] grow overflow-hidden rounded-lg border border-border bg-surface-2">
					<div
						ref={containerRef}
						className="absolute inset-0 overflow-auto"
						tabIndex={0}
						role="region"
						aria-label={ready ? `${status.name}, page ${page} of ${status.pages}` : 'PDF pages'}
						data-testid="pdf-viewer-container"
					>
						<div ref={viewerRef} className="pdfViewer" />
					</div>
				</div>
			</div>

			{save.state === 'busy' ? <RunProgress progress={save.progress} doing="Saving the PDF" /> : null}
			{save.state === 'failed' ? <ErrorAlert error={save.error} /> : null}
			{save.state === 'done' ? <ResultCard result={save.result} retentionHours={retentionHours} onDelete={() => void deleteSaved(save.result)} deleting={deleting} /> : null}

			{altText ? (
				<AltTextDialog
					request={altText}
					onClose={() => {
						altText.editor.altTextFinish()
						setAltText(null)
					}}
					onSave={(text, decorative) => {
						altText.editor.altTextData = { altText: decorative ? null : text, decorative }
						altText.editor.altTextFinish()
						setAltText(null)
					}}
				/>
			) : null}
			{signing ? (
				<SignatureDialog
					onClose={() => setSigning(false)}
					onPlace={(file, suggestedAltText) => {
						setSigning(false)
						void placeImage(file, suggestedAltText)
					}}
				/>
			) : null}
		</div>
	)
}

