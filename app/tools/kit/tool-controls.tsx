/**
 * The controls every text tool page shares: the input pane (open a file or
 * drop one, load the example, clear, share a link), the output pane (copy
 * with a 'Copied' toast, download), the error notice (message, line and
 * column, the offending line with a caret, every problem found) and the
 * progress line. Tool output is only ever rendered as text (SECURITY.md M9).
 */
import { useMemo, useState, type DragEvent, type ReactNode, type RefObject } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { excerptAt, MAX_INPUT_BYTES, type ToolProblem } from '#app/tools/kit/core.ts'
import { MAX_SHARE_LINK } from '#app/tools/kit/use-tool.ts'
import { type ErrorBody } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'

const textareaClass =
	'mt-2 min-h-64 w-full resize-y rounded-lg border p-3 font-mono text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

export function downloadText(text: string, filename: string, type = 'text/plain;charset=utf-8') {
	downloadBlob(new Blob([text], { type }), filename)
}

export function downloadBlob(blob: Blob, filename: string) {
	const url = URL.createObjectURL(blob)
	const link = document.createElement('a')
	link.href = url
	link.download = filename
	document.body.append(link)
	link.click()
	link.remove()
	setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function useCopy() {
	const { toast } = useToast()
	return async (text: string) => {
		try {
			await navigator.clipboard.writeText(text)
			toast({ message: 'Copied', type: 'success' })
		} catch {
			toast({ message: 'Could not copy: your browser blocked the clipboard. Select the text and copy it by hand.', type: 'error' })
		}
	}
}

type InputPaneProps = {
	id?: string
	label: string
	name?: string
	placeholder: string
	defaultValue: string
	inputRef: RefObject<HTMLTextAreaElement>
	hydrated: boolean
	input: string
	onInput: (text: string) => void
	onExample?: () => void
	/** Where "Load example" leads before JavaScript runs: the page with that example filled in (default `?example=1`). */
	exampleHref?: string
	/** Accepted file types for "Open file" (an `accept` attribute). */
	accept?: string
	/** Receives a dropped or opened file instead of reading it as text (e.g. Base64 encodes bytes). */
	onFile?: (file: File) => void
	shareLink?: () => string
	invalid?: boolean
	describedBy?: string
	children?: ReactNode
}

export function InputPane({
	id = 'tool-input',
	label,
	name = 'input',
	placeholder,
	defaultValue,
	inputRef,
	hydrated,
	input,
	onInput,
	onExample,
	exampleHref = '?example=1',
	accept = '.txt,.json,.js,.ts,.css,.html,.xml,.sql,.csv,.md,text/*,application/json',
	onFile,
	shareLink,
	invalid,
	describedBy,
	children,
}: InputPaneProps) {
	const { toast } = useToast()
	const [dragging, setDragging] = useState(false)

	async function readFile(file: File) {
		if (onFile) return onFile(file)
		if (file.size > MAX_INPUT_BYTES) {
			toast({ message: `${file.name} is too large: ${formatBytes(file.size)} (limit ${formatBytes(MAX_INPUT_BYTES)}).`, type: 'error' })
			return
		}
		onInput(await file.text())
	}

	function onDrop(event: DragEvent<HTMLDivElement>) {
		const file = event.dataTransfer.files[0]
		if (!file) return
		event.preventDefault()
		setDragging(false)
		void readFile(file)
	}

	return (
		<div
			className={cn('flex min-w-0 flex-col rounded-lg', dragging && 'outline-2 outline-offset-4 outline-accent outline-dashed')}
			onDragOver={(event) => {
				if (!hydrated || !event.dataTransfer.types.includes('Files')) return
				event.preventDefault()
				setDragging(true)
			}}
			onDragLeave={() => setDragging(false)}
			onDrop={onDrop}
		>
			<label htmlFor={id} className="font-semibold">
				{label}
			</label>
			<textarea
				ref={inputRef}
				id={id}
				name={name}
				data-testid="tool-input"
				defaultValue={defaultValue}
				onChange={(event) => onInput(event.target.value)}
				rows={14}
				spellCheck={false}
				autoCapitalize="off"
				autoComplete="off"
				placeholder={placeholder}
				aria-invalid={invalid ? true : undefined}
				aria-describedby={cn(`${id}-size`, describedBy) || undefined}
				className={cn(textareaClass, 'bg-bg', invalid ? 'border-danger' : 'border-border')}
			/>
			<p id={`${id}-size`} className="mt-2 text-sm text-muted tabular-nums">
				{sizeLine(input)}
				{hydrated ? ' · drop a file here to open it' : null}
			</p>
			<div className="mt-3 flex flex-wrap gap-2">
				{children}
				{onExample ? (
					hydrated ? (
						<button type="button" className="button-secondary" data-testid="tool-example" onClick={onExample}>
							Load example
						</button>
					) : (
						// Without JavaScript the button could not work: a link to the page with the example filled in (the loader's `?example=N`).
						<a href={exampleHref} className="button-secondary" data-testid="tool-example">
							Load example
						</a>
					)
				) : null}
				<label className={cn('button-secondary cursor-pointer', !hydrated && 'pointer-events-none opacity-60')}>
					Open file
					<input
						type="file"
						className="sr-only"
						accept={accept}
						disabled={!hydrated}
						data-testid="tool-open-file"
						onChange={(event) => {
							const file = event.target.files?.[0]
							if (file) void readFile(file)
							event.target.value = ''
						}}
					/>
				</label>
				<button
					type="button"
					className="button-secondary"
					data-testid="tool-clear"
					disabled={!hydrated || input === ''}
					onClick={() => {
						onInput('')
						inputRef.current?.focus()
					}}
				>
					Clear
				</button>
				{shareLink ? <ShareLinkButton shareLink={shareLink} disabled={!hydrated || input === ''} /> : null}
			</div>
		</div>
	)
}

/** Copies a link that opens the tool with this input and these options (the input pane's, or a page's own row of buttons). */
export function ShareLinkButton({ shareLink, disabled }: { shareLink: () => string; disabled: boolean }) {
	const { toast } = useToast()
	const copy = useCopy()
	async function share() {
		const link = shareLink()
		if (link.length > MAX_SHARE_LINK) {
			toast({ message: `This input is too long to share as a link (links hold up to ${formatBytes(MAX_SHARE_LINK)}). Download it instead.`, type: 'error' })
			return
		}
		await copy(link)
	}
	return (
		<button type="button" className="button-secondary" data-testid="tool-share" disabled={disabled} onClick={() => void share()}>
			Copy share link
		</button>
	)
}

/** About 150 ms of layout at most: a textarea costs Chromium about 30 µs per line. */
export const PREVIEW_MAX_LINES = 5000
export const PREVIEW_MAX_CHARS = 1_000_000

/** The first lines of `text` (at most PREVIEW_MAX_LINES lines and PREVIEW_MAX_CHARS characters), and how many lines it has. */
export function previewOf(text: string): { preview: string; lines: number; cut: boolean } {
	if (text === '') return { preview: '', lines: 0, cut: false }
	let lines = 1
	let end = -1
	for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
		if (lines === PREVIEW_MAX_LINES && end === -1) end = index
		lines++
	}
	if (end === -1 && text.length <= PREVIEW_MAX_CHARS) return { preview: text, lines, cut: false }
	const stop = Math.min(end === -1 ? text.length : end, PREVIEW_MAX_CHARS)
	return { preview: text.slice(0, stop), lines, cut: true }
}

type OutputPaneProps = {
	id?: string
	label: string
	output: string
	placeholder: string
	filename: string
	mime?: string
	hydrated: boolean
	running?: boolean
	/** The line under the output (sizes, stats); characters and lines when not given. */
	note?: ReactNode
	/** Shown above the result box: the run's error (kit/tool-panes.tsx), beside the input and in view. */
	notice?: ReactNode
	children?: ReactNode
}

/**
 * The result box. A very long result is shown as a preview (10 MB of
 * formatted JSON is 400,000 lines, seconds of layout); Copy and Download
 * always give all of it.
 */
export function OutputPane({ id = 'tool-output', label, output, placeholder, filename, mime, hydrated, running, note, notice, children }: OutputPaneProps) {
	const copy = useCopy()
	const { preview, lines, cut } = useMemo(() => previewOf(output), [output])
	return (
		<div className="flex min-w-0 flex-col">
			<label htmlFor={id} className="font-semibold">
				{label}
			</label>
			{notice}
			<textarea
				id={id}
				data-testid="tool-output"
				readOnly
				value={preview}
				rows={14}
				spellCheck={false}
				placeholder={placeholder}
				aria-describedby={`${id}-note`}
				aria-busy={running || undefined}
				className={cn(textareaClass, 'border-border bg-surface-2', running && 'opacity-70')}
			/>
			<p id={`${id}-note`} className="mt-2 text-sm text-muted tabular-nums">
				{output ? (note ?? sizeLine(output)) : '\u00a0'}
			</p>
			{cut ? (
				<p className="mt-1 text-sm font-medium text-fg" data-testid="tool-output-preview">
					{preview.length < PREVIEW_MAX_CHARS
						? `The result has ${lines.toLocaleString('en-US')} lines; the box shows the first ${PREVIEW_MAX_LINES.toLocaleString('en-US')} so the page stays fast.`
						: `The result has ${output.length.toLocaleString('en-US')} characters; the box shows the first ${preview.length.toLocaleString('en-US')} so the page stays fast.`}{' '}
					Copy and Download give all of it.
				</p>
			) : null}
			<div className="mt-3 flex flex-wrap gap-2">
				<button type="button" className="button-secondary" data-testid="tool-copy" disabled={!hydrated || output === ''} onClick={() => void copy(output)}>
					Copy
				</button>
				<button
					type="button"
					className="button-secondary"
					data-testid="tool-download"
					disabled={!hydrated || output === ''}
					onClick={() => downloadText(output, filename, mime)}
				>
					Download
				</button>
				{children}
			</div>
		</div>
	)
}

function sizeLine(text: string): string {
	const lines = text === '' ? 0 : text.split('\n').length
	return `${text.length.toLocaleString('en-US')} characters · ${lines.toLocaleString('en-US')} line${lines === 1 ? '' : 's'}`
}

/**
 * An error from a run: its message, where it is (line and column), the line
 * itself with a caret, and every other problem found.
 */
export function ToolErrorNotice({ error, input }: { error: ErrorBody; input: string }) {
	const details = (error.details ?? {}) as { line?: number; column?: number; errors?: ReadonlyArray<ToolProblem> }
	const excerpt = details.line && details.column && input ? excerptAt(input, details.line, details.column) : null
	const others = (details.errors ?? []).slice(0, 50)
	return (
		<div role="alert" data-testid="tool-error" className="rounded-lg border border-danger bg-danger/10 p-4 text-sm">
			<p className="font-semibold text-danger">{error.message}</p>
			{details.line && details.column ? (
				<p className="mt-1 text-fg" data-testid="tool-error-position">
					Line {details.line}, column {details.column}
				</p>
			) : null}
			{excerpt ? (
				<pre className="mt-2 overflow-x-auto rounded bg-surface-2 p-2 font-mono text-xs" aria-label="The line with the error">
					{excerpt.text}
					{'\n'}
					<span className="text-danger">{excerpt.caret}</span>
				</pre>
			) : null}
			{others.length > 1 ? (
				<details className="mt-2">
					<summary className="cursor-pointer">All {details.errors!.length.toLocaleString('en-US')} problems</summary>
					<ul className="mt-2 list-disc space-y-1 pl-5" data-testid="tool-error-list">
						{others.map((problem, index) => (
							<li key={index}>
								{problem.line ? `Line ${problem.line}, column ${problem.column}: ` : null}
								{problem.message}
							</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}

/**
 * "Working…" (or what the run is doing, e.g. "Loading the CSS minifier…")
 * with a progress bar for long runs; announced politely.
 */
export function RunStatus({ running, progress, message, working = 'Working…' }: { running: boolean; progress: number | null; message: string; working?: ReactNode }) {
	return (
		<div className="mt-4 min-h-6 text-sm text-muted" aria-live="polite" data-testid="tool-status">
			{running ? (
				<span className="inline-flex flex-wrap items-center gap-3">
					{working}
					{progress !== null ? (
						<progress className="h-2 w-40" max={1} value={progress} aria-label="Progress">
							{Math.round(progress * 100)}%
						</progress>
					) : null}
				</span>
			) : (
				message
			)}
		</div>
	)
}

export function KeyboardHint({ hydrated, action }: { hydrated: boolean; action: string }) {
	return (
		<p className="mt-4 text-sm text-muted">
			{hydrated ? (
				<>
					The result updates as you type. Press <kbd className="font-mono">Ctrl</kbd>+<kbd className="font-mono">Enter</kbd> (
					<kbd className="font-mono">⌘</kbd>+<kbd className="font-mono">Enter</kbd> on a Mac) to {action} at any time.
				</>
			) : (
				<>Choose the options and press the button to see the result.</>
			)}
		</p>
	)
}
