/**
 * View & edit mode of the PDF page, as the server renders it: what the mode
 * does and, once the page's script runs, the viewer itself, fetched only
 * now (pdf.js and its viewer are a separate chunk no other page loads, and
 * never run on the server). Without JavaScript the mode says what it needs
 * and points to Convert, which works without it.
 */
import { lazy, Suspense } from 'react'
import { Link } from '@remix-run/react'

const PdfViewer = lazy(() => import('./viewer.client.tsx'))

export function EditMode({ hydrated, perFileLimit, retentionHours, openUrl }: { hydrated: boolean; perFileLimit: number; retentionHours: number; openUrl: string | null }) {
	return (
		<section aria-labelledby="pdf-edit-title" className="space-y-3">
			<h2 id="pdf-edit-title" className="sr-only">
				View and edit a PDF
			</h2>
			<p>
				Read a PDF, search it, and annotate it: highlight text, add text, draw, place pictures and signatures, describe pictures with alt text. Everything happens in your browser; save the result
				to your device, or to our server for a link.
			</p>
			{hydrated ? (
				<Suspense
					fallback={
						<p role="status" data-testid="pdf-viewer-loading">
							Loading the viewer…
						</p>
					}
				>
					<PdfViewer perFileLimit={perFileLimit} retentionHours={retentionHours} openUrl={openUrl} />
				</Suspense>
			) : (
				<p className="rounded-lg border border-border bg-surface-2 p-3" data-testid="pdf-viewer-needs-js">
					The viewer and editor run in your browser and need JavaScript, which has not started (or is off). <Link to="?operation=merge">Convert</Link> works without it.
				</p>
			)}
		</section>
	)
}
