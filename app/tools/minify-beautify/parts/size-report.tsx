/**
 * The size report under the result: raw, gzip and Brotli bytes before and
 * after, and what was saved. Brotli is measured on the server only (browsers
 * have no Brotli encoder), so in the browser its row says n/a and why.
 */
import { type Action, type MinifyResult } from '../core.ts'
import { formatByteCount, formatSaving, sizeRows } from '../view.ts'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'

export function SizeReport({ result, action }: { result: MinifyResult; action: Action }) {
	const rows = sizeRows(result.sizes)
	const saved = result.sizes.before.raw - result.sizes.after.raw
	const brotliMissing = result.sizes.before.brotli === null || result.sizes.after.brotli === null
	return (
		<section aria-labelledby="size-report-title" className="rounded-lg border border-border p-4" data-testid="size-report">
			<div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
				<h2 id="size-report-title" className="font-semibold">
					Size report
				</h2>
				<p className={cn('text-sm font-semibold tabular-nums', result.saving > 0 ? 'text-success' : 'text-fg')} data-testid="size-saving">
					{result.saving > 0
						? `Saved ${formatSaving(result.saving)} (${formatBytes(saved)})`
						: result.saving < 0
							? `${formatSaving(result.saving)} (${formatBytes(-saved)} more${action === 'beautify' ? ': indentation and line breaks' : ''})`
							: 'Same size'}
				</p>
			</div>
			{/* Focusable: on a narrow phone with large numbers the table scrolls sideways. */}
			<div
				className="mt-3 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
				role="region"
				aria-label="Sizes before and after"
				tabIndex={0}
			>
				<table className="w-full text-sm tabular-nums" data-testid="size-table">
					<caption className="sr-only">Sizes in bytes before and after, uncompressed and compressed</caption>
					<thead>
						<tr className="border-b border-border text-left">
							<th scope="col" className="py-1.5 pr-2 sm:pr-3 font-semibold">
								Bytes
							</th>
							<th scope="col" className="px-2 py-1.5 text-right font-semibold sm:px-3">
								Before
							</th>
							<th scope="col" className="px-2 py-1.5 text-right font-semibold sm:px-3">
								After
							</th>
							<th scope="col" className="py-1.5 pl-2 sm:pl-3 text-right font-semibold">
								Saved
							</th>
						</tr>
					</thead>
					<tbody>
						{rows.map((row) => (
							<tr key={row.id} className="border-b border-border last:border-b-0" data-testid={`size-row-${row.id}`}>
								<th scope="row" className="py-1.5 pr-2 sm:pr-3 text-left font-medium">
									{row.label}
									{row.id === 'brotli' && brotliMissing ? <sup aria-hidden="true">*</sup> : null}
								</th>
								<td className="px-2 py-1.5 text-right sm:px-3">{row.before === null ? 'n/a' : formatByteCount(row.before)}</td>
								<td className="px-2 py-1.5 text-right sm:px-3">{row.after === null ? 'n/a' : formatByteCount(row.after)}</td>
								<td className="py-1.5 pl-2 sm:pl-3 text-right">{row.saving === null ? 'n/a' : formatSaving(row.saving)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{brotliMissing ? (
				<p className="mt-2 text-sm text-muted" data-testid="size-brotli-note">
					<span aria-hidden="true">* </span>Brotli: n/a. Browsers can compress with gzip but have no Brotli compressor, and your code never leaves your browser.
					The API measures Brotli on the server.
				</p>
			) : null}
		</section>
	)
}
