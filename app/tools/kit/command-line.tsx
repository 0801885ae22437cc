/**
 * A tool page's "Use it from the command line" section: what the API takes
 * (the tool's own words), the curl commands in a focusable block and a
 * copy button once the page is interactive. The converters' pages use it.
 */
import { type ReactNode } from 'react'
import { useCopy } from './tool-controls.tsx'

export function CommandLineSection({ hydrated, curl, testId, children }: { hydrated: boolean; curl: string; testId: string; children: ReactNode }) {
	const copy = useCopy()
	return (
		<section aria-labelledby="api" className="mt-12 max-w-3xl">
			<h2 id="api" className="text-xl font-semibold">
				Use it from the command line
			</h2>
			<p className="mt-3 text-muted">{children}</p>
			{/* Focusable: it scrolls sideways on a phone, and keyboard users must be able to scroll it too. */}
			<pre tabIndex={0} aria-label="curl example" className="mt-4 overflow-x-auto rounded-lg bg-surface-2 p-4 font-mono text-sm" data-testid={testId}>
				{curl}
			</pre>
			{hydrated ? (
				<button type="button" className="button-secondary mt-3" data-testid={`${testId}-copy`} onClick={() => void copy(curl)}>
					Copy the command
				</button>
			) : null}
		</section>
	)
}
