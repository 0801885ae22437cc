/**
 * The viewer's two toolbars. Viewing: thumbnails, previous/next page and
 * the page number, zoom (out, in, fit width, fit page, percentages) and
 * search. Editing: the tools (select, highlight, free text, ink, image,
 * signature), the chosen tool's colour, size, thickness and opacity, undo,
 * redo, delete, and the two ways to save. Every button is labelled for
 * screen readers and reachable with Tab; the tools are toggle buttons.
 */
import { useState, type ReactNode } from 'react'
import { type PdfjsLib } from './engine.client.ts'

export type ToolName = 'none' | 'highlight' | 'freetext' | 'ink' | 'stamp' | 'signature'

export type EditorParams = {
	highlightColor: string
	highlightThickness: number
	freetextColor: string
	freetextSize: number
	inkColor: string
	inkThickness: number
	inkOpacity: number
}

export type EditStates = { hasSomethingToUndo: boolean; hasSomethingToRedo: boolean; hasSelectedEditor: boolean; isEmpty: boolean }

/** pdf.js's highlight colours (its defaults: yellow, green, blue, pink, red). */
const HIGHLIGHT_COLORS: Array<[string, string]> = [
	['Yellow', '#FFFF98'],
	['Green', '#53FFBC'],
	['Blue', '#80EBFF'],
	['Pink', '#FFCBE6'],
	['Red', '#FF4F5F'],
]

const ZOOMS: Array<[string, string]> = [
	['page-width', 'Fit width'],
	['page-fit', 'Fit page'],
	['auto', 'Automatic'],
	['0.5', '50%'],
	['0.75', '75%'],
	['1', '100%'],
	['1.5', '150%'],
	['2', '200%'],
	['4', '400%'],
]

/**
 * A toolbar: one row at desktop widths (its buttons narrower there, from
 * `lg`), wrapping onto more rows on narrower screens.
 */
function Bar({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 p-2 lg:gap-1.5 lg:[&_.button-primary]:px-2.5 lg:[&_.button-secondary]:px-2.5">
			{children}
		</div>
	)
}

export function ViewToolbar({
	page,
	pages,
	scale,
	thumbnails,
	find,
	onThumbnails,
	onPage,
	onZoom,
	onFind,
}: {
	page: number
	pages: number
	scale: string
	thumbnails: boolean
	find: { current: number; total: number; state: 'idle' | 'found' | 'not-found' | 'pending' }
	onThumbnails: () => void
	onPage: (page: number) => void
	onZoom: (value: string) => void
	onFind: (query: string, again: boolean, previous: boolean) => void
}) {
	const [query, setQuery] = useState('')
	const [typed, setTyped] = useState(String(page))
	const [editingPage, setEditingPage] = useState(false)
	const shownScale = ZOOMS.some(([value]) => value === scale) ? scale : 'custom'
	return (
		<Bar label="View">
			<button type="button" className="button-secondary" aria-pressed={thumbnails} onClick={onThumbnails} data-testid="pdf-thumbnails-toggle">
				Thumbnails
			</button>
			<span className="flex items-center gap-1">
				<button type="button" className="button-secondary" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
					‹
				</button>
				<label className="flex items-center gap-1 text-sm">
					<span className="sr-only">Page</span>
					<input
						className="w-14 rounded border border-border bg-surface px-1 py-1 text-center"
						inputMode="numeric"
						value={editingPage ? typed : String(page)}
						onFocus={() => {
							setTyped(String(page))
							setEditingPage(true)
						}}
						onBlur={() => setEditingPage(false)}
						onChange={(event) => setTyped(event.currentTarget.value)}
						onKeyDown={(event) => {
							if (event.key !== 'Enter') return
							const number = Number.parseInt(typed, 10)
							if (Number.isFinite(number)) onPage(number)
							event.currentTarget.blur()
						}}
						data-testid="pdf-page-number"
					/>
					<span data-testid="pdf-page-count">of {pages}</span>
				</label>
				<button type="button" className="button-secondary" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label="Next page">
					›
				</button>
			</span>
			<span className="flex items-center gap-1">
				<button type="button" className="button-secondary" onClick={() => onZoom('out')} aria-label="Zoom out">
					−
				</button>
				<label className="text-sm">
					<span className="sr-only">Zoom</span>
					<select className="rounded border border-border bg-surface px-1 py-1" value={shownScale} onChange={(event) => onZoom(event.currentTarget.value)} data-testid="pdf-zoom">
						{ZOOMS.map(([value, label]) => (
							<option key={value} value={value}>
								{label}
							</option>
						))}
						{shownScale === 'custom' ? <option value="custom">{Math.round(Number(scale) * 100)}%</option> : null}
					</select>
				</label>
				<button type="button" className="button-secondary" onClick={() => onZoom('in')} aria-label="Zoom in">
					+
				</button>
			</span>
			<form
				role="search"
				className="flex items-center gap-1"
				onSubmit={(event) => {
					event.preventDefault()
					if (query) onFind(query, true, false)
				}}
			>
				<label className="text-sm">
					<span className="sr-only">Find in the document</span>
					<input
						type="search"
						className="w-40 rounded border border-border bg-surface px-2 py-1"
						placeholder="Find in document"
						value={query}
						onChange={(event) => {
							setQuery(event.currentTarget.value)
							onFind(event.currentTarget.value, false, false)
						}}
						onKeyDown={(event) => {
							if (event.key === 'Enter' && event.shiftKey) {
								event.preventDefault()
								onFind(query, true, true)
							}
						}}
						data-testid="pdf-find"
					/>
				</label>
				<button type="button" className="button-secondary" onClick={() => onFind(query, true, true)} disabled={!query} aria-label="Previous match">
					↑
				</button>
				<button type="submit" className="button-secondary" disabled={!query} aria-label="Next match">
					↓
				</button>
				<span className="text-sm text-muted" aria-live="polite" data-testid="pdf-find-count">
					{query && find.state === 'not-found' ? 'No matches' : query && find.total ? `${find.current} of ${find.total}` : ''}
				</span>
			</form>
		</Bar>
	)
}

function Range({ label, value, min, max, step, unit, onChange, testId }: { label: string; value: number; min: number; max: number; step: number; unit?: string; onChange: (value: number) => void; testId: string }) {
	return (
		<label className="flex items-center gap-1 text-sm">
			{label}
			<input type="range" min={min} max={max} step={step} value={value} onChange={(event) => onChange(Number(event.currentTarget.value))} data-testid={testId} />
			<span className="w-10 tabular-nums">
				{unit === '%' ? `${Math.round(value * 100)}%` : value}
			</span>
		</label>
	)
}

function Colour({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
	return (
		<label className="flex items-center gap-1 text-sm">
			{label}
			<input type="color" className="h-8 w-10 rounded border border-border" value={value.toLowerCase()} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />
		</label>
	)
}

export function EditToolbar({
	pdfjs,
	mode,
	params,
	states,
	dirty,
	saving,
	onTool,
	onParam,
	onAction,
	onImage,
	onDownload,
	onStore,
}: {
	pdfjs: PdfjsLib
	mode: number
	params: EditorParams
	states: EditStates
	dirty: boolean
	saving: boolean
	onTool: (tool: ToolName) => void
	onParam: (name: keyof EditorParams, value: string | number) => void
	onAction: (name: 'undo' | 'redo' | 'delete' | 'selectAll') => void
	onImage: (file: File) => void
	onDownload: () => void
	onStore: () => void
}) {
	const types = pdfjs.AnnotationEditorType
	const tools: Array<[ToolName, string, number | null]> = [
		// NONE: no tool; the page reads as a document (text selection, links). Annotations are selected within a tool.
		['none', 'Read', types.NONE],
		['highlight', 'Highlight', types.HIGHLIGHT],
		['freetext', 'Text', types.FREETEXT],
		['ink', 'Draw', types.INK],
		['stamp', 'Image', types.STAMP],
		['signature', 'Signature', null],
	]
	return (
		<div className="space-y-2">
			<Bar label="Edit">
				{tools.map(([tool, label, value]) => (
					<button
						key={tool}
						type="button"
						className={mode === value ? 'button-primary' : 'button-secondary'}
						aria-pressed={value === null ? undefined : mode === value}
						onClick={() => onTool(tool)}
						data-testid={`pdf-tool-${tool}`}
					>
						{label}
					</button>
				))}
				<span className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
				<button type="button" className="button-secondary" onClick={() => onAction('undo')} disabled={!states.hasSomethingToUndo} data-testid="pdf-undo" aria-keyshortcuts="Control+Z">
					Undo
				</button>
				<button type="button" className="button-secondary" onClick={() => onAction('redo')} disabled={!states.hasSomethingToRedo} data-testid="pdf-redo" aria-keyshortcuts="Control+Y">
					Redo
				</button>
				<button type="button" className="button-secondary" onClick={() => onAction('delete')} disabled={!states.hasSelectedEditor} data-testid="pdf-delete-annotation" aria-keyshortcuts="Delete">
					Delete
				</button>
				<span className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
				<button type="button" className="button-secondary" onClick={onDownload} data-testid="pdf-download-local">
					Download
				</button>
				<button type="button" className="button-primary" onClick={onStore} disabled={saving} data-testid="pdf-save">
					{saving ? 'Saving…' : 'Save to server'}
				</button>
				{dirty ? (
					<span className="text-sm text-muted" data-testid="pdf-unsaved">
						Unsaved changes
					</span>
				) : null}
			</Bar>
			<ToolOptions types={types} mode={mode} params={params} onParam={onParam} onImage={onImage} />
		</div>
	)
}

function ToolOptions({
	types,
	mode,
	params,
	onParam,
	onImage,
}: {
	types: PdfjsLib['AnnotationEditorType']
	mode: number
	params: EditorParams
	onParam: (name: keyof EditorParams, value: string | number) => void
	onImage: (file: File) => void
}) {
	let body: ReactNode
	if (mode === types.HIGHLIGHT) {
		body = (
			<>
				<fieldset className="flex items-center gap-1 text-sm">
					<legend className="sr-only">Highlight colour</legend>
					{HIGHLIGHT_COLORS.map(([name, value]) => (
						<button
							key={value}
							type="button"
							aria-label={name}
							aria-pressed={params.highlightColor.toLowerCase() === value.toLowerCase()}
							className="h-7 w-7 rounded-full border-2 border-border aria-pressed:border-fg"
							style={{ backgroundColor: value }}
							onClick={() => onParam('highlightColor', value)}
							data-testid={`pdf-highlight-${name.toLowerCase()}`}
						/>
					))}
				</fieldset>
				<Range label="Free-hand thickness" value={params.highlightThickness} min={8} max={24} step={1} onChange={(value) => onParam('highlightThickness', value)} testId="pdf-highlight-thickness" />
				<span className="text-sm text-muted">Select text to highlight it, or drag anywhere else to highlight free-hand.</span>
			</>
		)
	} else if (mode === types.FREETEXT) {
		body = (
			<>
				<Colour label="Colour" value={params.freetextColor} onChange={(value) => onParam('freetextColor', value)} testId="pdf-freetext-color" />
				<Range label="Size" value={params.freetextSize} min={5} max={100} step={1} onChange={(value) => onParam('freetextSize', value)} testId="pdf-freetext-size" />
				<span className="text-sm text-muted">Click on a page where the text goes, type, then press Escape or click outside.</span>
			</>
		)
	} else if (mode === types.INK) {
		body = (
			<>
				<Colour label="Colour" value={params.inkColor} onChange={(value) => onParam('inkColor', value)} testId="pdf-ink-color" />
				<Range label="Thickness" value={params.inkThickness} min={1} max={20} step={1} onChange={(value) => onParam('inkThickness', value)} testId="pdf-ink-thickness" />
				<Range label="Opacity" value={params.inkOpacity} min={0.05} max={1} step={0.05} unit="%" onChange={(value) => onParam('inkOpacity', value)} testId="pdf-ink-opacity" />
				<span className="text-sm text-muted">Draw on a page with the mouse, a pen or a finger.</span>
			</>
		)
	} else if (mode === types.STAMP) {
		body = (
			<>
				<label className="button-secondary cursor-pointer">
					Add an image…
					<input
						type="file"
						accept="image/png,image/jpeg,image/gif,image/webp,image/bmp,image/svg+xml"
						className="sr-only"
						onChange={(event) => {
							const file = event.currentTarget.files?.[0]
							event.currentTarget.value = ''
							if (file) onImage(file)
						}}
						data-testid="pdf-stamp-input"
					/>
				</label>
				<span className="text-sm text-muted">The picture is placed in the middle of the page; drag it where it goes. Describe it with its Alt text button.</span>
			</>
		)
	} else {
		body = <span className="text-sm text-muted">Choose a tool to annotate. With any tool on, click an annotation to select it: drag it, resize it from its corners, or move it with the arrow keys (Ctrl with an arrow moves it 10 times further); Ctrl+C, Ctrl+V and Delete copy, paste and delete.</span>
	}
	return (
		<div className="flex flex-wrap items-center gap-3 px-1" data-testid="pdf-tool-options">
			{body}
		</div>
	)
}
