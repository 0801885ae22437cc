/**
 * Page thumbnails beside the viewer (pdf.js's thumbnail viewer is not in
 * the components bundle): each page drawn small when its slot scrolls into
 * view, the current page marked, a click or Enter going to the page.
 */
import { useEffect, useRef } from 'react'
import { type PdfDocument } from './engine.client.ts'

const THUMB_WIDTH = 96

function Thumbnail({ doc, number, current, onPick }: { doc: PdfDocument; number: number; current: boolean; onPick: (page: number) => void }) {
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const buttonRef = useRef<HTMLButtonElement>(null)
	useEffect(() => {
		const button = buttonRef.current
		if (!button) return
		let task: { cancel(): void; promise: Promise<void> } | null = null
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting) || task) return
				observer.disconnect()
				void (async () => {
					try {
						const page = await doc.getPage(number)
						const base = page.getViewport({ scale: 1 })
						const viewport = page.getViewport({ scale: THUMB_WIDTH / base.width })
						const canvas = canvasRef.current
						if (!canvas) return
						canvas.width = Math.max(1, Math.floor(viewport.width))
						canvas.height = Math.max(1, Math.floor(viewport.height))
						task = page.render({ canvas, viewport })
						await task.promise
					} catch {
						// A page that cannot be drawn keeps its empty slot; the viewer says why.
					}
				})()
			},
			{ rootMargin: '200px' },
		)
		observer.observe(button)
		return () => {
			observer.disconnect()
			task?.cancel()
		}
	}, [doc, number])
	useEffect(() => {
		if (current) buttonRef.current?.scrollIntoView({ block: 'nearest' })
	}, [current])
	return (
		<li>
			<button
				ref={buttonRef}
				type="button"
				className={`block w-full rounded border-2 p-1 text-center text-xs ${current ? 'border-accent' : 'border-transparent'}`}
				aria-current={current ? 'page' : undefined}
				aria-label={`Page ${number}`}
				onClick={() => onPick(number)}
			>
				<canvas ref={canvasRef} className="mx-auto block bg-white shadow" style={{ width: THUMB_WIDTH }} width={THUMB_WIDTH} height={Math.round(THUMB_WIDTH * 1.3)} />
				<span aria-hidden="true">{number}</span>
			</button>
		</li>
	)
}

export function Thumbnails({ doc, pages, current, onPick }: { doc: PdfDocument | null; pages: number; current: number; onPick: (page: number) => void }) {
	if (!doc) return null
	return (
		<nav aria-label="Pages" className="h-[75vh] min-h-[24rem] w-32 shrink-0 overflow-y-auto rounded-lg border border-border bg-surface-2 p-1" data-testid="pdf-thumbnails">
			<ol className="space-y-1">
				{Array.from({ length: pages }, (_, index) => (
					<Thumbnail key={index + 1} doc={doc} number={index + 1} current={current === index + 1} onPick={onPick} />
				))}
			</ol>
		</nav>
	)
}
