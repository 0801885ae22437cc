/**
 * The Markdown box and its files. With JavaScript: one picker (and the box
 * as a drop target) for the Markdown file and its pictures together, the
 * pictures listed with a thumbnail and a Remove button. Without JavaScript:
 * a file field for the Markdown and one for the pictures, posted as the
 * API's `file` and `images`.
 */
import { useState, type DragEvent, type ReactNode, type RefObject } from 'react'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'
import { IMAGE_ACCEPT, lineCount, MARKDOWN_ACCEPT, MAX_MARKDOWN_BYTES } from './files.ts'

export type OpenedImage = { file: File; url: string }

type Props = {
	hydrated: boolean
	inputRef: RefObject<HTMLTextAreaElement>
	defaultValue: string
	markdown: string
	markdownBytes: number
	onMarkdown: (text: string) => void
	fileName: string | null
	images: ReadonlyArray<OpenedImage>
	onFiles: (files: Array<File>) => void
	onRemoveImage: (image: OpenedImage) => void
	onExample: () => void
	onClear: () => void
	/** Problems with files the browser refused, one sentence each. */
	problems: ReadonlyArray<string>
	invalid: boolean
	/** The error alert about the Markdown or the pictures, if any. */
	alert: ReactNode
}

export function MarkdownEditor(props: Props) {
	const { hydrated, inputRef, defaultValue, markdown, markdownBytes, onMarkdown, fileName, images, onFiles, problems, invalid, alert } = props
	const [dragging, setDragging] = useState(false)

	function onDrop(event: DragEvent<HTMLDivElement>) {
		const files = [...event.dataTransfer.files]
		if (files.length === 0) return
		event.preventDefault()
		setDragging(false)
		onFiles(files)
	}

	const lines = lineCount(markdown)
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
			data-testid="md-editor"
		>
			<label htmlFor="md-input" className="font-semibold">
				Your Markdown
			</label>
			<textarea
				ref={inputRef}
				id="md-input"
				name="markdown"
				data-testid="md-input"
				defaultValue={defaultValue}
				onChange={(event) => onMarkdown(event.target.value)}
				rows={18}
				spellCheck={false}
				autoCapitalize="off"
				autoComplete="off"
				placeholder={'# My document\n\nWrite or paste Markdown here, or open a .md file.'}
				aria-invalid={invalid ? true : undefined}
				aria-describedby={cn('md-input-size', invalid && 'md-error')}
				className={cn(
					'mt-2 min-h-72 w-full resize-y rounded-lg border bg-bg p-3 font-mono text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]',
					invalid ? 'border-danger' : 'border-border',
				)}
			/>
			<p id="md-input-size" className={cn('mt-2 text-sm tabular-nums', markdownBytes > MAX_MARKDOWN_BYTES ? 'font-medium text-danger' : 'text-muted')}>
				{markdown.length.toLocaleString('en-US')} characters · {lines.toLocaleString('en-US')} line{lines === 1 ? '' : 's'} · {formatBytes(markdownBytes)} of{' '}
				{formatBytes(MAX_MARKDOWN_BYTES)}
				{fileName ? <> · from {fileName}</> : null}
				{hydrated ? ' · drop files here to open them' : null}
			</p>
			{alert}

			{hydrated ? (
				<div className="mt-3 flex flex-wrap gap-2">
					<label className="button-secondary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[color:var(--focus)]">
						Open Markdown and pictures
						<input
							type="file"
							multiple
							className="sr-only"
							accept={`${MARKDOWN_ACCEPT},${IMAGE_ACCEPT}`}
							data-testid="md-open-files"
							onChange={(event) => {
								const files = [...(event.target.files ?? [])]
								event.target.value = ''
								if (files.length > 0) onFiles(files)
							}}
						/>
					</label>
					<button type="button" className="button-secondary" data-testid="md-example" onClick={props.onExample}>
						Load example
					</button>
					<button type="button" className="button-secondary" data-testid="md-clear" disabled={markdown === '' && images.length === 0} onClick={props.onClear}>
						Clear
					</button>
				</div>
			) : (
				<div className="mt-4 grid gap-4 sm:grid-cols-2">
					<div>
						<label htmlFor="md-file" className="form-label">
							Or a Markdown file
						</label>
						<input id="md-file" name="file" type="file" accept={MARKDOWN_ACCEPT} aria-describedby="md-file-hint" className="mt-1.5 block w-full text-sm" />
						<p id="md-file-hint" className="form-help">
							.md, .markdown or .txt in UTF-8, up to {formatBytes(MAX_MARKDOWN_BYTES)}. Leave the box above empty to use it.
						</p>
					</div>
					<div>
						<label htmlFor="md-images" className="form-label">
							Pictures it uses
						</label>
						<input id="md-images" name="images" type="file" multiple accept={IMAGE_ACCEPT} aria-describedby="md-images-hint" className="mt-1.5 block w-full text-sm" />
						<p id="md-images-hint" className="form-help">
							PNG, JPEG or GIF, matched by file name: ![logo](img/logo.png) uses logo.png.
						</p>
					</div>
				</div>
			)}

			{problems.length > 0 ? (
				<div role="alert" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm" data-testid="md-file-problems">
					<ul className="list-disc space-y-1 pl-5">
						{problems.map((problem) => (
							<li key={problem}>{problem}</li>
						))}
					</ul>
				</div>
			) : null}

			{images.length > 0 ? (
				<div className="mt-4">
					<h3 id="md-images-title" className="text-sm font-semibold">
						Pictures ({images.length})
					</h3>
					<ul aria-labelledby="md-images-title" className="mt-2 flex flex-wrap gap-3" data-testid="md-image-list">
						{images.map((image) => (
							<li key={image.url} className="flex items-center gap-2 rounded-lg border border-border bg-surface-2 p-2 text-sm">
								<img src={image.url} alt="" className="size-10 rounded object-cover" />
								<span className="max-w-40 truncate" title={image.file.name}>
									{image.file.name}
								</span>
								<span className="text-muted tabular-nums">{formatBytes(image.file.size)}</span>
								<button type="button" className="link text-sm" aria-label={`Remove ${image.file.name}`} onClick={() => props.onRemoveImage(image)}>
									Remove
								</button>
							</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	)
}
