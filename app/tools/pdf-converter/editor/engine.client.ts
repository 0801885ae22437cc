/**
 * pdf.js's viewer components, wired as pdf.js's own viewer wires them
 * (EventBus → PDFLinkService → PDFFindController → PDFViewer), with what the
 * built `pdfjs-dist` leaves off switched on here: the listener that lets the
 * editor change its own mode (the full viewer's app.js has it), alt text
 * through our dialog (an `altTextManager`), the new alt-text flow with its
 * missing / review / added states, the floating "Highlight" button on a text
 * selection, and the document's permissions.
 *
 * Loaded only on the PDF page, only in the browser, and only when the viewer
 * opens: importing pdf.js touches the DOM and canvas, so it never runs
 * during server rendering. The worker, character maps, standard fonts, ICC
 * profiles and wasm decoders come from this site (`/pdfjs/<version>/`,
 * server/pdfjs-assets.ts), never a CDN; no eval and no document scripts.
 */
import 'pdfjs-dist/web/pdf_viewer.css'
import './viewer.css'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

export type PdfjsLib = typeof import('pdfjs-dist')
export type ViewerModule = typeof import('pdfjs-dist/web/pdf_viewer.mjs')
export type PdfDocument = import('pdfjs-dist').PDFDocumentProxy
export type LoadingTask = import('pdfjs-dist').PDFDocumentLoadingTask
export type Viewer = InstanceType<ViewerModule['PDFViewer']>
export type Bus = InstanceType<ViewerModule['EventBus']>

/**
 * The annotation editor pdf.js hands to our alt-text dialog (a subset of
 * its AnnotationEditor: what the dialog reads and sets).
 */
export type AltTextEditor = {
	/** The annotation's element in the page (its picture is the canvas inside). */
	div?: HTMLElement | null
	altTextData?: { altText: string | null; decorative: boolean }
	guessedAltText?: string | null
	altTextFinish(): void
	setGuessedAltText(text: string): Promise<void>
}

/** What pdf.js's UI manager exposes that the page uses (undocumented but stable since 4.x). */
export type EditorUiManager = {
	firstSelectedEditor?: AltTextEditor | null
	hasSelection?: boolean
}

export type Engine = {
	pdfjs: PdfjsLib
	bus: Bus
	viewer: Viewer
	findController: InstanceType<ViewerModule['PDFFindController']>
	linkService: InstanceType<ViewerModule['PDFLinkService']>
	/** Set once a document has an editor (pdf.js creates one per document). */
	uiManager: EditorUiManager | null
	destroy(): void
}

/** Where this site serves pdf.js's data directories (each URL needs its trailing slash). */
export function assetBase(version: string) {
	const base = `/pdfjs/${encodeURIComponent(version)}`
	return {
		cMapUrl: `${base}/cmaps/`,
		standardFontDataUrl: `${base}/standard_fonts/`,
		wasmUrl: `${base}/wasm/`,
		iccUrl: `${base}/iccs/`,
	}
}

/** pdf.js, then its viewer components (which read the library from `globalThis.pdfjsLib`, so the order matters). */
export async function loadPdfjs(): Promise<{ pdfjs: PdfjsLib; components: ViewerModule }> {
	const pdfjs = await import('pdfjs-dist')
	pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
	const components = await import('pdfjs-dist/web/pdf_viewer.mjs')
	return { pdfjs, components }
}

/**
 * pdf.js's highlight colours by name, as its full viewer passes them
 * (`highlightEditorColors`): the highlight editor reports a colour by name,
 * and without this list it threw on every highlight. The `_HCM` ones are
 * for high-contrast mode.
 */
export const HIGHLIGHT_COLORS = 'yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F,yellow_HCM=#FFFFCC,green_HCM=#53FFBC,blue_HCM=#80EBFF,pink_HCM=#F6B8FF,red_HCM=#C50043'

/**
 * The alt-text "ML manager" pdf.js asks for a guessed description of every
 * new picture. This site guesses nothing (the signature dialog suggests its
 * own text): without a manager pdf.js threw `No ML.` as an unhandled
 * rejection, and a disabled one throws too, so this one answers every guess
 * with pdf.js's "cancelled", which leaves the picture's alt text missing.
 */
const NO_GUESSES = {
	isEnabledFor: async () => true,
	guess: async () => ({ cancel: true }),
	loadModel: async () => {},
	isReady: () => false,
	toggleService: async () => {},
	destroy: () => {},
}

/** The id of pdf.js's English string for a generated alt text, which it suffixes with a disclaimer. */
const GENERATED_ALT_TEXT = 'pdfjs-editor-new-alt-text-generated-alt-text-with-disclaimer'

export function createEngine({
	pdfjs,
	components,
	container,
	viewerElement,
	editAltText,
}: {
	pdfjs: PdfjsLib
	components: ViewerModule
	container: HTMLDivElement
	viewerElement: HTMLDivElement
	/** Opens our alt-text dialog for a stamp or signature. */
	editAltText: (editor: AltTextEditor, firstTime: boolean) => void
}): Engine {
	const { EventBus, PDFLinkService, PDFFindController, PDFViewer, GenericL10n } = components
	const bus = new EventBus()
	const linkService = new PDFLinkService({
		eventBus: bus,
		externalLinkTarget: 2 /* LinkTarget.BLANK */,
		externalLinkRel: 'noopener noreferrer nofollow',
	})
	const findController = new PDFFindController({ eventBus: bus, linkService })
	// The suggestion in the review state comes from what the signer typed, not from a
	// model: pdf.js's English "(created automatically)" disclaimer would be wrong.
	const l10n = new GenericL10n('en-US')
	const get = l10n.get.bind(l10n)
	l10n.get = ((ids: string | Array<string>, args?: Record<string, unknown> | null, fallback?: string) =>
		ids === GENERATED_ALT_TEXT && args && typeof args.generatedAltText === 'string' ? Promise.resolve(args.generatedAltText) : get(ids, args as null, fallback)) as typeof l10n.get
	const viewer = new PDFViewer({
		container,
		viewer: viewerElement,
		eventBus: bus,
		linkService,
		findController,
		l10n,
		// NONE: the editor is on, with no tool chosen (DISABLE would leave it off).
		annotationEditorMode: pdfjs.AnnotationEditorType.NONE,
		annotationMode: pdfjs.AnnotationMode.ENABLE_FORMS,
		// A PDF whose permissions forbid changes opens for viewing only (pdf.js then disables the editor).
		enablePermissions: true,
		enableHighlightFloatingButton: true,
		// The alt-text button with the states missing, review and added.
		enableUpdatedAddImage: true,
		enableNewAltTextWhenAddingImage: false,
		annotationEditorHighlightColors: HIGHLIGHT_COLORS,
		mlManager: NO_GUESSES,
		altTextManager: {
			editAltText: (_uiManager: unknown, editor: AltTextEditor, firstTime: boolean) => editAltText(editor, firstTime),
			destroy: () => {},
		},
		// Rendering needs no eval; there is no scripting manager, so document JavaScript never runs.
		removePageBorders: false,
	} as ConstructorParameters<ViewerModule['PDFViewer']>[0])
	linkService.setViewer(viewer)
	// pdf.js's full viewer translates its whole page; given an l10n, PDFViewer translates nothing itself. The
	// editor's own buttons (the floating toolbar: "Missing alt text", "Remove image") take their names and
	// labels from pdf.js's English strings this way, including the ones added later.
	void l10n.translate(container)
	// pdf.js draws a placed picture on a canvas with role="img" and no name (axe: role-img-alt, serious). It gets
	// one: its alt text once given (viewer.client.tsx), "Picture" until then.
	const naming = new MutationObserver(() => {
		for (const canvas of container.querySelectorAll('canvas[role="img"]:not([aria-label])')) canvas.setAttribute('aria-label', 'Picture')
	})
	naming.observe(container, { childList: true, subtree: true })

	const engine: Engine = {
		pdfjs,
		bus,
		viewer,
		findController,
		linkService,
		uiManager: null,
		destroy() {
			viewer.setDocument(null as unknown as PdfDocument)
			linkService.setDocument(null)
			findController.setDocument(null as unknown as PdfDocument)
		},
	}
	// What app.js does in pdf.js's full viewer: the editor asks to change its own mode (a
	// double click on a free text, the floating Highlight button, keyboard shortcuts).
	bus.on('switchannotationeditormode', (event: { mode: number; editId?: string; isFromKeyboard?: boolean }) => {
		try {
			setEditorMode(viewer, event)
		} catch {
			// Editing is not available for this document (permissions, XFA): nothing to switch.
		}
	})
	bus.on('annotationeditoruimanager', ({ uiManager }: { uiManager: EditorUiManager }) => {
		engine.uiManager = uiManager
	})
	return engine
}

/** Opens bytes with the options this site always uses. */
export function openDocument(pdfjs: PdfjsLib, data: Uint8Array, onPassword: (update: (password: string) => void, reason: number) => void): LoadingTask {
	const task = pdfjs.getDocument({
		data,
		...assetBase(pdfjs.version),
		// Font programs are interpreted, never compiled to functions (CVE-2024-4367 and its kind).
		isEvalSupported: false,
		enableXfa: true,
		useSystemFonts: false,
	})
	task.onPassword = onPassword
	return task
}

/** pdf.js's setter takes `{ mode, editId, isFromKeyboard, … }` and throws when editing is unavailable. */
export function setEditorMode(viewer: Viewer, options: { mode: number; editId?: string; isFromKeyboard?: boolean }) {
	;(viewer as unknown as { annotationEditorMode: typeof options }).annotationEditorMode = options
}

/** DISABLE (-1) when this document cannot be edited (permissions, pure XFA), else the current mode. */
export function editorMode(viewer: Viewer): number {
	return (viewer as unknown as { annotationEditorMode: number }).annotationEditorMode
}
