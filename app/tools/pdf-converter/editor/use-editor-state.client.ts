/**
 * The annotation editor's state as the page shows it: whether this document
 * can be edited (permissions, XFA), the chosen tool and its settings, what
 * can be undone, redone or deleted, unsaved changes, and the two dialogs
 * (alt text, signature). Pictures and signatures are placed in the middle
 * of the visible page at a size of their own: a signature a quarter of the
 * page's width, a picture at most half the page each way (pdf.js alone
 * placed them at their pixel size, up to three quarters of the page).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { type AltTextRequest } from './dialogs.tsx'
import { editorMode, setEditorMode, type AltTextEditor, type Engine, type PdfDocument } from './engine.client.ts'
import { type EditorParams, type EditStates, type ToolName } from './toolbars.tsx'

const NO_EDIT_STATES: EditStates = {
	hasSomethingToUndo: false,
	hasSomethingToRedo: false,
	hasSelectedEditor: false,
	isEmpty: true,
}

export const DEFAULT_PARAMS: EditorParams = {
	highlightColor: '#FFFF98',
	highlightThickness: 12,
	freetextColor: '#000000',
	freetextSize: 16,
	inkColor: '#1d4ed8',
	inkThickness: 3,
	inkOpacity: 1,
}

/** A signature's width, and the most a picture takes each way, as fractions of the page. */
export const SIGNATURE_WIDTH = 0.25
export const PICTURE_MAX = 0.5

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

/**
 * The part of pdf.js's AnnotationEditor that sizing uses: its box as
 * fractions of the page (x, y the top-left corner in the page's unrotated
 * frame), and its methods that apply them.
 */
type PlacedEditor = AltTextEditor & {
	x: number
	y: number
	width: number | null
	height: number | null
	pageDimensions: [number, number]
	setDims(): void
	fixAndSetPosition(): void
}

/** Sizes a new picture (keeping its centre and shape): `signature` a quarter of the page's width, else at most half the page. */
export function sizePlaced(editor: PlacedEditor, signature: boolean) {
	const { width, height } = editor
	if (!width || !height) return
	const [pageWidth, pageHeight] = editor.pageDimensions
	// Fractions of the page → the picture's own proportions, in page units.
	const aspect = (height * pageHeight) / (width * pageWidth)
	let nextWidth = signature ? SIGNATURE_WIDTH : width
	if (!signature) nextWidth = Math.min(width, PICTURE_MAX, (PICTURE_MAX * pageHeight) / (aspect * pageWidth))
	const nextHeight = (nextWidth * pageWidth * aspect) / pageHeight
	const centreX = editor.x + width / 2
	const centreY = editor.y + height / 2
	editor.width = nextWidth
	editor.height = nextHeight
	editor.x = centreX - nextWidth / 2
	editor.y = centreY - nextHeight / 2
	editor.setDims()
	editor.fixAndSetPosition()
}

export function useEditorState(engine: Engine | null, docRef: RefObject<PdfDocument | null>) {
	const [editing, setEditing] = useState<{
		available: boolean
		reason: string | null
	}>({ available: false, reason: null })
	const [mode, setMode] = useState(0)
	const [params, setParams] = useState<EditorParams>(DEFAULT_PARAMS)
	const paramsRef = useRef(params)
	paramsRef.current = params
	const [states, setStates] = useState<EditStates>(NO_EDIT_STATES)
	const [dirty, setDirty] = useState(false)
	const [altText, setAltText] = useState<AltTextRequest | null>(null)
	const [signing, setSigning] = useState(false)

	useEffect(() => {
		if (!engine) return
		const { bus, pdfjs, viewer } = engine
		const listeners: Array<[string, (event: never) => void]> = [
			[
				'pagesinit',
				() => {
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
				},
			],
			['annotationeditormodechanged', ({ mode: next }: { mode: number }) => setMode(next)],
			['editingstateschanged', ({ details }: { details: Partial<EditStates> }) => setStates((previous) => ({ ...previous, ...details }))],
			[
				'annotationeditorparamschanged',
				({ details }: { details: Array<[number, unknown]> }) => {
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
				},
			],
		]
		for (const [name, listener] of listeners) bus.on(name, listener)
		return () => {
			for (const [name, listener] of listeners) bus.off(name, listener)
		}
	}, [engine, docRef])

	/** A document is open: pdf.js calls these when the first change is made, and when saving resets it. */
	const watchChanges = useCallback((doc: PdfDocument) => {
		const storage = doc.annotationStorage as unknown as {
			onSetModified: () => void
			onResetModified: () => void
		}
		storage.onSetModified = () => setDirty(true)
		storage.onResetModified = () => setDirty(false)
	}, [])

	const reset = useCallback(() => {
		setEditing({ available: false, reason: null })
		setStates(NO_EDIT_STATES)
		setDirty(false)
		setMode(0)
	}, [])

	const chooseTool = (tool: ToolName) => {
		if (!engine || !editing.available) return
		if (tool === 'signature') {
			setSigning(true)
			return
		}
		const types = engine.pdfjs.AnnotationEditorType
		const next = {
			none: types.NONE,
			highlight: types.HIGHLIGHT,
			freetext: types.FREETEXT,
			ink: types.INK,
			stamp: types.STAMP,
		}[tool]
		setEditorMode(engine.viewer, {
			mode: mode === next && tool !== 'none' ? types.NONE : next,
		})
	}

	const changeParam = (name: keyof EditorParams, value: string | number) => {
		if (!engine) return
		setParams((previous) => ({ ...previous, [name]: value }))
		dispatchParam(engine.pdfjs, engine.bus, name, value)
	}

	const editingAction = (name: 'undo' | 'redo' | 'delete' | 'selectAll') => engine?.bus.dispatch('editingaction', { source: null, name })

	/**
	 * Places a picture (an image file, or a signature with its suggested alt text) as a stamp in the middle of
	 * the visible page, then sizes it.
	 */
	const placeImage = async (file: File, signature: { suggestedAltText: string } | null) => {
		if (!engine || !editing.available) return
		const types = engine.pdfjs.AnnotationEditorType
		if (mode !== types.STAMP) setEditorMode(engine.viewer, { mode: types.STAMP })
		// The mode switch resolves before the layer takes new editors.
		await new Promise((resolve) => setTimeout(resolve, 50))
		const before = engine.uiManager?.firstSelectedEditor ?? null
		engine.bus.dispatch('switchannotationeditorparams', {
			source: null,
			type: engine.pdfjs.AnnotationEditorParamsType.CREATE,
			value: { bitmapFile: file },
		})
		// pdf.js selects the new stamp once its picture is decoded and it has a size; then it is sized here, and a
		// signature's alt text suggested (the "review" state). Decoding took over 3 s on a busy machine; 15 s, polled,
		// costs nothing when it is quick.
		for (let waited = 0; waited < 15_000; waited += 50) {
			await new Promise((resolve) => setTimeout(resolve, 50))
			const editor = engine.uiManager?.firstSelectedEditor as PlacedEditor | null | undefined
			if (!editor || editor === before || !editor.width || editor.altTextData === undefined) continue
			sizePlaced(editor, Boolean(signature))
			if (signature) await editor.setGuessedAltText(signature.suggestedAltText)
			return
		}
	}

	return {
		editing,
		mode,
		params,
		states,
		dirty,
		altText,
		setAltText,
		signing,
		setSigning,
		watchChanges,
		reset,
		chooseTool,
		changeParam,
		editingAction,
		placeImage,
	}
}
