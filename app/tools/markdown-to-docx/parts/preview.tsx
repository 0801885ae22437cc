/**
 * The live preview beside the box: the blog's renderer on this page
 * (preview.client.ts, loaded on first use), debounced so typing never waits
 * for it; the wait grows with the time the last render took, so a large
 * document renders once the typing pauses instead of on every key.
 */
import { useEffect, useRef, useState } from 'react'
import { type FrontMatter } from '../front-matter.ts'
import { type Preview } from '../preview.client.ts'

/** A short pause for a short document; up to a second for one that takes long to render. */
export function previewDelay(lastRenderMs: number, length: number): number {
	if (length < 20_000 && lastRenderMs < 30) return 80
	return Math.min(1_000, Math.max(200, lastRenderMs * 3))
}

export function usePreview(markdown: string, images: ReadonlyMap<string, string>, enabled: boolean) {
	const [preview, setPreview] = useState<Preview | null>(null)
	const [pending, setPending] = useState(false)
	const [renders, setRenders] = useState(0)
	const lastMs = useRef(0)

	useEffect(() => {
		if (!enabled) return
		let cancelled = false
		setPending(true)
		const timer = setTimeout(() => {
			void import('../preview.client.ts').then(({ renderPreview }) => {
				if (cancelled) return
				const next = renderPreview(markdown, images)
				lastMs.current = next.ms
				setPreview(next)
				setRenders((count) => count + 1)
				setPending(false)
			})
		}, previewDelay(lastMs.current, markdown.length))
		return () => {
			cancelled = true
			clearTimeout(timer)
		}
	}, [markdown, images, enabled])

	return { preview, pending, renders }
}

type PreviewProps = { hydrated: boolean; preview: Preview | null; pending: boolean; renders: number; empty: boolean }

export function MarkdownPreview({ hydrated, preview, pending, renders, empty }: PreviewProps) {
	return (
		<div className="flex min-w-0 flex-col">
			<h2 id="md-preview-title" className="font-semibold">
				Preview
			</h2>
			<div
				role="region"
				aria-labelledby="md-preview-title"
				aria-busy={pending || undefined}
				tabIndex={0}
				data-testid="md-preview"
				data-ms={preview ? Math.round(preview.ms) : undefined}
				data-renders={renders}
				// No visual change while pending (restyling a large preview would cost a key a repaint), and its
				// layout contained, so a key typed in the box beside it does not lay its thousands of nodes out again.
				className="mt-2 min-h-72 [contain:content] max-h-[36rem] overflow-auto rounded-lg border border-border bg-surface p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
			>
				{!hydrated ? (
					<p className="text-sm text-muted">The live preview needs JavaScript. Converting works without it: press Convert to DOCX.</p>
				) : empty ? (
					<p className="text-sm text-muted">Your Markdown appears here as the blog would show it, as you type.</p>
				) : preview?.error ? (
					<p className="text-sm text-muted" data-testid="md-preview-error">
						{preview.error}
					</p>
				) : preview ? (
					<>
						{preview.frontMatter ? <FrontMatterNote frontMatter={preview.frontMatter} /> : null}
						{/* Sanitised by the blog's renderer (DOMPurify, strict policy); pictures only ever point at blob: URLs this page made. */}
						<div className="prose-post" data-testid="md-preview-html" dangerouslySetInnerHTML={{ __html: preview.html }} />
					</>
				) : null}
			</div>
			<p className="mt-2 text-sm text-muted" aria-live="polite">
				{hydrated && pending && !empty ? 'Updating the preview…' : '\u00a0'}
			</p>
		</div>
	)
}

function FrontMatterNote({ frontMatter }: { frontMatter: FrontMatter }) {
	const rows = (
		[
			['Title', frontMatter.title],
			['Author', frontMatter.author],
			['Subject', frontMatter.subject],
			['Keywords', frontMatter.keywords?.join(', ')],
		] as const
	).filter(([, value]) => value)
	if (rows.length === 0) return null
	return (
		<dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-surface-2 p-3 text-sm" data-testid="md-front-matter">
			{rows.map(([name, value]) => (
				<div key={name} className="contents">
					<dt className="font-semibold">{name}</dt>
					<dd>{value}</dd>
				</div>
			))}
		</dl>
	)
}
