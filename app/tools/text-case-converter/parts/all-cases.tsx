/**
 * Every case at once, each with its own copy button, and the counts of the
 * input. Computed during render from the pure core (so the page without
 * JavaScript shows them too, from the posted text), on a deferred value so
 * typing stays quick; longer text than ALL_CASES_LIVE_LIMIT is left to the
 * chosen case above, which runs in the kit's Web Worker.
 */
import { useDeferredValue, useMemo } from 'react'
import { useCopy } from '#app/tools/kit/tool-controls.tsx'
import { caseModes, convertAll, textCounts, type CaseOptions, type TextCounts, type TextStats } from '../core.ts'

/** Characters of input up to which every case is shown as you type (and counts are made on the page). */
export const ALL_CASES_LIVE_LIMIT = 100_000
/** Counting is linear and cheap: the page counts up to a million characters itself; beyond that it shows the worker's counts. */
const COUNTS_LIVE_LIMIT = 1_000_000
/** Each case shows this many characters; Copy gives all of them. */
const PREVIEW = 600

export function AllCases({ input, options, hydrated }: { input: string; options: CaseOptions; hydrated: boolean }) {
	const deferred = useDeferredValue(input)
	const copy = useCopy()
	const cases = useMemo(() => (deferred && deferred.length <= ALL_CASES_LIVE_LIMIT ? convertAll(deferred, options) : null), [deferred, options])
	return (
		<section aria-labelledby="all-cases-heading" className="mt-8" data-testid="all-cases">
			<h2 id="all-cases-heading" className="text-lg font-semibold">
				Every case at once
			</h2>
			{!deferred ? (
				<p className="form-help">Type or paste text above to see it in every case.</p>
			) : !cases ? (
				<p className="form-help" data-testid="all-cases-too-long">
					Every case at once is shown for up to {ALL_CASES_LIVE_LIMIT.toLocaleString('en-US')} characters; this text has{' '}
					{deferred.length.toLocaleString('en-US')}. Pick a case under “Convert to” for the result, which handles up to 10 MB.
				</p>
			) : (
				<ul className="mt-3 grid gap-3 md:grid-cols-2">
					{caseModes.map((info) => {
						const text = cases[info.id]
						return (
							<li key={info.id} className="min-w-0 rounded-lg border border-border p-3">
								<div className="flex items-center justify-between gap-2">
									<h3 className="text-sm font-semibold" id={`case-${info.id}-label`}>
										{info.label}
									</h3>
									{hydrated ? (
										<button
											type="button"
											className="button-secondary px-3 py-1"
											aria-label={`Copy ${info.name}`}
											data-testid={`copy-${info.id}`}
											onClick={() => void copy(text)}
										>
											Copy
										</button>
									) : null}
								</div>
								<pre
									className="mt-2 max-h-40 overflow-y-auto font-mono text-sm whitespace-pre-wrap text-fg [overflow-wrap:anywhere]"
									aria-labelledby={`case-${info.id}-label`}
									data-testid={`case-${info.id}`}
								>
									{text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text}
								</pre>
							</li>
						)
					})}
				</ul>
			)}
		</section>
	)
}

export function Counts({ input, fallback }: { input: string; fallback: TextStats | undefined }) {
	const deferred = useDeferredValue(input)
	const counts: Partial<TextCounts> | undefined = useMemo(() => (deferred.length <= COUNTS_LIVE_LIMIT ? textCounts(deferred) : fallback), [deferred, fallback])
	if (!counts) return null
	const rows: Array<[string, number | undefined]> = [
		['Characters', counts.characters],
		['Without spaces', counts.charactersWithoutSpaces],
		['Words', counts.words],
		['Lines', counts.lines],
		['Sentences', counts.sentences],
	]
	return (
		<dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Counts of your text" data-testid="case-counts">
			{rows
				.filter((row): row is [string, number] => row[1] !== undefined)
				.map(([label, value]) => (
					<div key={label} className="flex gap-1.5">
						<dt className="text-muted">{label}</dt>
						<dd className="font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
					</div>
				))}
		</dl>
	)
}
