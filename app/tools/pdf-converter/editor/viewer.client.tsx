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
import { ResultCard, RunProgress } from '../parts/result.tsx'
import { AltTextDialog, PasswordForm } from './dialogs.tsx'
import { SignatureDialog } from './signature-dialog.tsx'
import { Thumbnails } from './thumbnails.tsx'
import { EditToolbar, ViewToolbar } from './toolbars.tsx'
import { useEditorState } from './use-editor-state.client.ts'
import { usePdfDocument } from './use-pdf-document.client.ts'
import { useSaving } from './use-saving.client.ts'

export default function PdfViewer({ perFileLimit, retentionHours, openUrl }: { perFileLimit: number; retentionHours: number; openUrl: string | null }) {
	const containerRef = useRef<HTMLDivElement>(null)
	const viewerRef = useRef<HTMLDivElement>(null)
	const topRef = useRef<HTMLDivElement>(null)
	const [thumbnails, setThumbnails] = useState(false)
	const [dropping, setDropping] = useState(false)
	const [announcement, setAnnouncement] = useState('')
	// The document's hooks call each other through these (the editor's state resets when a document closes).
	const dirtyRef = useRef(false)
	const resetRef = useRef<() => void>(() => {})

	const pdf = usePdfDocument({
		containerRef,
		viewerRef,
		perFileLimit,
		openUrl,
		onAltText: (target, firstTime) => editor.setAltText({ editor: target, firstTime }),
		onOpened: (doc, name) => {
			editor.watchChanges(doc)
			setAnnouncement(`${name} opened: ${doc.numPages} ${doc.numPages === 1 ? 'page' : 'pages'}.`)
		},
		onClosed: () => resetRef.current(),
		confirmDiscard: () => !dirtyRef.current || window.confirm('Open another file? The changes to this one are not saved and will be lost.'),
	})
	const { engine, status } = pdf
	const ready = status.state === 'ready'
	const editor = useEditorState(engine, pdf.docRef)
	const saving = useSaving({
		engine,
		docRef: pdf.docRef,
		name: ready ? status.name : null,
		announce: setAnnouncement,
	})
	dirtyRef.current = editor.dirty
	resetRef.current = () => {
		editor.reset()
		saving.reset()
	}
	const { dirty } = editor

	// The opened PDF in view: its toolbars at the top of the window, the pages below them.
	useEffect(() => {
		if (ready) topRef.current?.scrollIntoView({ block: 'start' })
	}, [ready])

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

	const saved = saving.save.state === 'done' ? saving.save.result : null
	const { altText } = editor

	const onDrop = (event: DragEvent<HTMLDivElement>) => {
		event.preventDefault()
		setDropping(false)
		const file = event.dataTransfer.files[0]
		if (file) void pdf.openFile(file)
	}

	return (
		<div
			className="space-y-3"
			data-testid="pdf-viewer"
			data-state={status.state}
			data-pages={ready ? status.pages : undefined}
			data-first-page-rendered={pdf.firstRendered ? 'true' : undefined}
			data-dirty={dirty ? 'true' : undefined}
		>
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
						type="file"
						accept="application/pdf,.pdf"
						className="sr-only"
						disabled={!pdf.engineReady}
						data-testid="pdf-viewer-input"
						onChange={(event) => {
							const file = event.currentTarget.files?.[0]
							event.currentTarget.value = ''
							if (file) void pdf.openFile(file)
						}}
					/>
				</label>
				<p className="mt-2 text-sm text-muted">
					or drop it here. It opens in your browser: nothing is uploaded until you press Save to server.
					{pdf.engineReady ? null : ' Loading the viewer…'}
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

			{/* The toolbars and pages, brought into view when a document opens (below the site's fixed 4rem header). */}
			<div ref={topRef} className="scroll-mt-[4.5rem] space-y-3">
				{ready && engine ? (
					<>
						<ViewToolbar
							page={pdf.page}
							pages={status.pages}
							scale={pdf.scale}
							thumbnails={thumbnails}
							find={pdf.find}
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
								engine.bus.dispatch('find', {
									source: null,
									type: again ? 'again' : '',
									query,
									caseSensitive: false,
									entireWord: false,
									highlightAll: true,
									findPrevious: previous,
									matchDiacritics: false,
								})
							}
						/>
						{editor.editing.available ? (
							<EditToolbar
								pdfjs={engine.pdfjs}
								mode={editor.mode}
								params={editor.params}
								states={editor.states}
								dirty={dirty}
								saving={saving.save.state === 'busy'}
								onTool={editor.chooseTool}
								onParam={editor.changeParam}
								onAction={editor.editingAction}
								onImage={(file) => void editor.placeImage(file, null)}
								onDownload={() => void saving.download()}
								onStore={() => void saving.store()}
							/>
						) : (
							<div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2 p-3">
								<p className="grow text-sm" data-testid="pdf-editing-unavailable">
									{editor.editing.reason ?? 'Preparing the editor…'}
								</p>
								<button type="button" className="button-secondary" onClick={() => void saving.download()} data-testid="pdf-download-local">
									Download
								</button>
							</div>
						)}
						{pdf.note ? (
							<p className="text-sm text-muted" data-testid="pdf-viewer-note">
								{pdf.note}
							</p>
						) : null}
					</>
				) : null}

				{/* Shown from 'loading' on: pdf.js measures the container when the document is set (fit width, the pages in view). */}
				<div className={`flex gap-3 ${ready || status.state === 'loading' ? '' : 'hidden'}`}>
					{ready && engine && thumbnails ? <Thumbnails doc={pdf.docRef.current} pages={status.pages} current={pdf.page} onPick={(next) => (engine.viewer.currentPageNumber = next)} /> : null}
					<div className="relative h-[calc(100dvh-17rem)] min-h-[24rem] min-w-0 grow overflow-hidden rounded-lg border border-border bg-surface-2">
						<div
							ref={containerRef}
							className="absolute inset-0 overflow-auto"
							tabIndex={0}
							role="region"
							aria-label={ready ? `${status.name}, page ${pdf.page} of ${status.pages}` : 'PDF pages'}
							data-testid="pdf-viewer-container"
						>
							<div ref={viewerRef} className="pdfViewer" />
						</div>
					</div>
				</div>
			</div>

			{saving.save.state === 'busy' ? <RunProgress progress={saving.save.progress} doing="Saving the PDF" /> : null}
			{saving.save.state === 'failed' ? <ErrorAlert error={saving.save.error} /> : null}
			{saved ? <ResultCard result={saved} retentionHours={retentionHours} onDelete={() => void saving.deleteSaved(saved)} deleting={saving.deleting} /> : null}

			{altText ? (
				<AltTextDialog
					request={altText}
					onClose={() => {
						altText.editor.altTextFinish()
						editor.setAltText(null)
					}}
					onSave={(text, decorative) => {
						altText.editor.altTextData = { altText: decorative ? null : text, decorative }
						altText.editor.div?.querySelector('canvas[role="img"]')?.setAttribute('aria-label', decorative ? 'Decorative picture' : text)
						altText.editor.altTextFinish()
						editor.setAltText(null)
					}}
				/>
			) : null}
			{editor.signing ? (
				<SignatureDialog
					onClose={() => editor.setSigning(false)}
					onPlace={(file, suggestedAltText) => {
						editor.setSigning(false)
						void editor.placeImage(file, { suggestedAltText })
					}}
				/>
			) : null}
		</div>
	)
}
