/**
 * The viewer's document: pdf.js and its viewer started once (every document
 * opens in the same viewer), a PDF opened from bytes, a file or a
 * conversion's result (with its password prompt and the refusals made
 * before opening), and what the view shows: the page, the zoom, search
 * matches. Fit width, fit page and automatic zoom are redone whenever the
 * viewer's box changes size (thumbnails shown or hidden, the window
 * resized), as pdf.js's full viewer does on its own resizes.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { largePageNote, looksLikePdf, notAPdfMessage, openFailureMessage, refuseBeforeOpening } from './checks.ts'
import { createEngine, loadPdfjs, openDocument, type AltTextEditor, type Engine, type LoadingTask, type PdfDocument } from './engine.client.ts'

export type Status =
	| { state: 'empty' }
	| { state: 'loading'; name: string }
	| {
			state: 'password'
			name: string
			wrong: boolean
			submit: (password: string) => void
			cancel: () => void
	  }
	| { state: 'ready'; name: string; pages: number }
	| { state: 'error'; message: string }

export type FindState = {
	current: number
	total: number
	state: 'idle' | 'found' | 'not-found' | 'pending'
}

const NO_MATCHES: FindState = { current: 0, total: 0, state: 'idle' }

/** The zooms that depend on the viewer's size, redone when it changes. */
const FITTED_SCALES = new Set(['page-width', 'page-fit', 'auto'])

export function usePdfDocument({
	containerRef,
	viewerRef,
	perFileLimit,
	openUrl,
	onAltText,
	onOpened,
	onClosed,
	confirmDiscard,
}: {
	containerRef: RefObject<HTMLDivElement | null>
	viewerRef: RefObject<HTMLDivElement | null>
	perFileLimit: number
	openUrl: string | null
	/** pdf.js asks for a stamp's alt text. */
	onAltText: (editor: AltTextEditor, firstTime: boolean) => void
	/** A document is set in the viewer. */
	onOpened: (doc: PdfDocument, name: string) => void
	/** The document is closed (another one is opening, or it failed). */
	onClosed: () => void
	/** Whether the open document's unsaved changes may be thrown away. */
	confirmDiscard: () => boolean
}) {
	const engineRef = useRef<Engine | null>(null)
	const docRef = useRef<PdfDocument | null>(null)
	const taskRef = useRef<LoadingTask | null>(null)
	// The callbacks of the latest render, for the engine's listeners made once.
	const callbacks = useRef({ onAltText, onOpened, onClosed, confirmDiscard })
	callbacks.current = { onAltText, onOpened, onClosed, confirmDiscard }
	const [engineReady, setEngineReady] = useState(false)
	const [status, setStatus] = useState<Status>({ state: 'empty' })
	const [firstRendered, setFirstRendered] = useState(false)
	const [page, setPage] = useState(1)
	const [scale, setScale] = useState('page-width')
	const [find, setFind] = useState<FindState>(NO_MATCHES)
	const [note, setNote] = useState<string | null>(null)

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
					editAltText: (editor, firstTime) => callbacks.current.onAltText(editor, firstTime),
				})
				const { bus, viewer } = engine
				bus.on('pagesinit', () => {
					viewer.currentScaleValue = 'page-width'
				})
				bus.on('pagerendered', ({ pageNumber }: { pageNumber: number }) => {
					if (pageNumber === 1 || viewer.currentPageNumber === pageNumber) setFirstRendered(true)
				})
				bus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => setPage(pageNumber))
				bus.on('scalechanging', ({ presetValue, scale: value }: { presetValue?: string; scale: number }) => setScale(presetValue ?? String(value)))
				bus.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
					setFind((previous) => ({
						...previous,
						current: matchesCount.current,
						total: matchesCount.total,
					})),
				)
				bus.on('updatefindcontrolstate', ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) =>
					// FindState: FOUND 0, NOT_FOUND 1, WRAPPED 2, PENDING 3
					setFind({
						current: matchesCount.current,
						total: matchesCount.total,
						state: state === 1 ? 'not-found' : state === 3 ? 'pending' : 'found',
					}),
				)
				engineRef.current = engine
				setEngineReady(true)
			} catch (error) {
				if (!cancelled)
					setStatus({
						state: 'error',
						message: `The viewer could not start in this browser (${error instanceof Error ? error.message : 'unknown error'}). Please reload the page.`,
					})
			}
		})()
		return () => {
			cancelled = true
			void taskRef.current?.destroy()
			engine?.destroy()
			engineRef.current = null
		}
	}, [containerRef, viewerRef])

	// Fit width (and fit page, automatic) again on every change of the viewer's size.
	useEffect(() => {
		const container = containerRef.current
		if (!engineReady || !container) return
		let width = container.clientWidth
		let height = container.clientHeight
		const observer = new ResizeObserver(() => {
			if (container.clientWidth === width && container.clientHeight === height) return
			width = container.clientWidth
			height = container.clientHeight
			const viewer = engineRef.current?.viewer
			if (!viewer || !docRef.current || !viewer.pagesCount) return
			const current = viewer.currentScaleValue
			if (FITTED_SCALES.has(current)) viewer.currentScaleValue = current
		})
		observer.observe(container)
		return () => observer.disconnect()
	}, [containerRef, engineReady])

	const closeDocument = useCallback(async () => {
		const task = taskRef.current
		taskRef.current = null
		docRef.current = null
		engineRef.current?.destroy()
		setFirstRendered(false)
		setNote(null)
		setPage(1)
		setFind(NO_MATCHES)
		callbacks.current.onClosed()
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
						setStatus({
							state: 'error',
							message: `“${name}” is protected by a password. Open it again and enter the password to view it.`,
						})
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
			callbacks.current.onOpened(doc, name)
			engine.viewer.setDocument(doc)
			engine.linkService.setDocument(doc, null)
			engine.findController.setDocument(doc)
			setStatus({ state: 'ready', name, pages: doc.numPages })
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
			if (!callbacks.current.confirmDiscard()) return
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
				setStatus({
					state: 'error',
					message: `“${file.name}” could not be read. Please choose it again.`,
				})
				return
			}
			if (!looksLikePdf(data)) {
				await closeDocument()
				setStatus({ state: 'error', message: notAPdfMessage(file.name) })
				return
			}
			await openBytes(data, file.name)
		},
		[closeDocument, openBytes, perFileLimit],
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
				if (!cancelled)
					setStatus({
						state: 'error',
						message: `The result could not be opened: ${error instanceof Error ? error.message : 'please try again.'}`,
					})
			}
		})()
		return () => {
			cancelled = true
		}
	}, [engineReady, openUrl, openFile])

	return {
		engine: engineReady ? engineRef.current : null,
		engineReady,
		docRef,
		status,
		firstRendered,
		page,
		scale,
		find,
		note,
		openFile,
	}
}
