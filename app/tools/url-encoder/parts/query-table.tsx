/**
 * The query parameters of a parsed URL as an editable table (decoded keys
 * and values: edit, add, delete) and the URL rebuilt from it as you type
 * (`buildUrl`), with copy and download.
 *
 * Big queries stay responsive: only the first rows are rendered (200 more
 * per "Show more"; rows you add are always shown), the table's rows are
 * memoised, and the URL is rebuilt from a deferred copy of the rows so
 * typing is never held up by rebuilding a URL of 100,000 parameters.
 *
 * Without JavaScript the table is read-only text.
 */
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { downloadText, useCopy } from '#app/tools/kit/tool-controls.tsx'
import { cn } from '#app/utils/misc.ts'
import { type ParsedUrl } from '../core.ts'
import { plural, rebuildUrl, rowsFromQuery, type QueryRow } from '../view.ts'

/** Rows rendered at first, and added by each "Show more". */
export const ROWS_PER_PAGE = 200

type TableState = { base: ReadonlyArray<QueryRow>; rows: ReadonlyArray<QueryRow>; visible: number; edited: boolean; focusId: number | null }

let nextAddedId = -1

export function QueryEditor({ parsed, hydrated }: { parsed: ParsedUrl; hydrated: boolean }) {
	const copy = useCopy()
	const base = useMemo(() => rowsFromQuery(parsed.query), [parsed])
	const [state, setState] = useState<TableState | null>(null)
	// A new parse starts a fresh table; edits belong to the URL they were made on.
	const current: TableState = state && state.base === base ? state : { base, rows: base, visible: ROWS_PER_PAGE, edited: false, focusId: null }
	const { rows, visible, edited, focusId } = current

	const update = useCallback(
		(change: (state: TableState) => Partial<TableState>) =>
			setState((previous) => {
				const from = previous && previous.base === base ? previous : { base, rows: base, visible: ROWS_PER_PAGE, edited: false, focusId: null }
				return { ...from, ...change(from) }
			}),
		[base],
	)

	const onChange = useCallback(
		(id: number, field: 'key' | 'value', text: string) =>
			update(({ rows }) => {
				const index = rows.findIndex((row) => row.id === id)
				if (index === -1) return {}
				const next = rows.slice()
				next[index] = { ...rows[index]!, [field]: text }
				return { rows: next, edited: true }
			}),
		[update],
	)
	const onDelete = useCallback((id: number) => update(({ rows }) => ({ rows: rows.filter((row) => row.id !== id), edited: true, focusId: null })), [update])
	const onAdd = () =>
		update(({ rows }) => {
			const id = nextAddedId--
			return { rows: [...rows, { id, key: '', value: '', added: true }], edited: true, focusId: id }
		})

	// Shown: the first `visible` rows, then every row added in the page (they come last).
	const firstAdded = rows.findIndex((row) => row.added)
	const head = rows.slice(0, visible)
	const tailStart = firstAdded === -1 ? rows.length : Math.max(visible, firstAdded)
	const tail = rows.slice(tailStart)
	const hidden = rows.length - head.length - tail.length

	const deferredRows = useDeferredValue(rows)
	const rebuilt = useMemo(() => rebuildUrl(parsed, deferredRows), [parsed, deferredRows])
	const stale = deferredRows !== rows

	return (
		<section aria-labelledby="url-query-title" className="card mt-6 p-4 sm:p-6" data-testid="url-query">
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h2 id="url-query-title" className="text-lg font-semibold">
					Query parameters
				</h2>
				<p className="text-sm text-muted tabular-nums" data-testid="url-query-count">
					{plural(rows.length, 'parameter')}
				</p>
			</div>
			<p className="mt-1 text-sm text-muted">
				{hydrated
					? 'Keys and values are shown decoded. Edit them, add or delete parameters: the URL below is rebuilt as you type.'
					: 'Keys and values are shown decoded. Turn on JavaScript to edit them and rebuild the URL.'}
			</p>

			{rows.length === 0 ? (
				<p className="mt-4 rounded-lg border border-dashed border-border p-4 text-sm text-muted" data-testid="url-query-empty">
					This URL has no query string.{hydrated ? ' Add a parameter to give it one.' : null}
				</p>
			) : (
				// Long queries scroll inside the table, so the rebuilt URL stays near. Without JavaScript the
				// cells hold no controls, so the region itself takes focus for keyboard scrolling.
				<div
					className="mt-4 max-h-[36rem] overflow-auto rounded-lg border border-border"
					role="region"
					aria-labelledby="url-query-title"
					tabIndex={hydrated ? undefined : 0}
				>
					<table className="w-full table-fixed border-collapse text-sm" data-testid="url-query-table">
						<caption className="sr-only">Query parameters of the URL, decoded</caption>
						<thead className="sticky top-0 z-10 bg-surface-2 text-left shadow-[0_1px_0_var(--border)]">
							<tr>
								<th scope="col" className="hidden w-16 px-3 py-2 font-medium text-muted sm:table-cell">
									#
								</th>
								<th scope="col" className="w-[40%] px-2 py-2 font-medium sm:px-3">
									Key
								</th>
								<th scope="col" className="px-2 py-2 font-medium sm:px-3">
									Value
								</th>
								{hydrated ? (
									<th scope="col" className="w-12 px-1 py-2">
										<span className="sr-only">Delete</span>
									</th>
								) : null}
							</tr>
						</thead>
						<tbody className="divide-y divide-border">
							{head.map((row, index) => (
								<Row key={row.id} row={row} number={index + 1} hydrated={hydrated} autoFocus={row.id === focusId} onChange={onChange} onDelete={onDelete} />
							))}
							{hidden > 0 ? (
								<tr>
									{/* The number column is hidden on phones; a colSpan over it would add a column there. */}
									<td className="hidden sm:table-cell" />
									<td colSpan={hydrated ? 3 : 2} className="px-2 py-3 text-muted sm:px-3" data-testid="url-query-more">
										<div className="flex flex-wrap items-center gap-3">
											<span>
												{plural(hidden, 'more parameter')} not shown{hydrated ? '' : '; turn on JavaScript to see them all'}. The URL below includes
												them all.
											</span>
											{hydrated ? (
												<button
													type="button"
													className="button-secondary"
													data-testid="url-query-show-more"
													onClick={() => update(({ visible }) => ({ visible: visible + ROWS_PER_PAGE }))}
												>
													Show {Math.min(hidden, ROWS_PER_PAGE).toLocaleString('en-US')} more
												</button>
											) : null}
										</div>
									</td>
								</tr>
							) : null}
							{tail.map((row, index) => (
								<Row
									key={row.id}
									row={row}
									number={tailStart + index + 1}
									hydrated={hydrated}
									autoFocus={row.id === focusId}
									onChange={onChange}
									onDelete={onDelete}
								/>
							))}
						</tbody>
					</table>
				</div>
			)}

			{hydrated ? (
				<div className="mt-3 flex flex-wrap gap-2">
					<button type="button" className="button-secondary" data-testid="url-query-add" onClick={onAdd}>
						Add parameter
					</button>
					{edited ? (
						<button
							type="button"
							className="button-secondary"
							data-testid="url-query-reset"
							onClick={() => update(() => ({ rows: base, edited: false, focusId: null }))}
						>
							Undo all changes
						</button>
					) : null}
				</div>
			) : null}

			<div className="mt-6 flex min-w-0 flex-col">
				<label htmlFor="url-rebuilt" className="font-semibold">
					URL rebuilt from the table
				</label>
				<textarea
					id="url-rebuilt"
					data-testid="url-rebuilt"
					readOnly
					value={rebuilt.url}
					rows={4}
					spellCheck={false}
					aria-describedby="url-rebuilt-note"
					aria-busy={stale || undefined}
					aria-invalid={rebuilt.error ? true : undefined}
					className={cn(
						'mt-2 w-full resize-y rounded-lg border bg-surface-2 p-3 font-mono text-sm break-all text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]',
						rebuilt.error ? 'border-danger' : 'border-border',
						stale && 'opacity-70',
					)}
				/>
				<p id="url-rebuilt-note" className={cn('mt-2 text-sm tabular-nums', rebuilt.error ? 'text-danger' : 'text-muted')} aria-live="polite" data-testid="url-rebuilt-note">
					{rebuilt.error ??
						`${rebuilt.url.length.toLocaleString('en-US')} characters${edited ? ' · changed from the parsed URL' : ''}. Keys and values are percent-encoded where they need it; spaces become %20.`}
				</p>
				<div className="mt-3 flex flex-wrap gap-2">
					<button
						type="button"
						className="button-secondary"
						data-testid="url-rebuilt-copy"
						disabled={!hydrated || rebuilt.url === ''}
						onClick={() => void copy(rebuilt.url)}
					>
						Copy URL
					</button>
					<button
						type="button"
						className="button-secondary"
						data-testid="url-rebuilt-download"
						disabled={!hydrated || rebuilt.url === ''}
						onClick={() => downloadText(rebuilt.url, 'url.txt')}
					>
						Download URL
					</button>
				</div>
			</div>
		</section>
	)
}

const cellInput =
	'w-full min-w-0 rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

type RowProps = {
	row: QueryRow
	number: number
	hydrated: boolean
	autoFocus: boolean
	onChange: (id: number, field: 'key' | 'value', text: string) => void
	onDelete: (id: number) => void
}

const Row = memo(function Row({ row, number, hydrated, autoFocus, onChange, onDelete }: RowProps) {
	if (!hydrated) {
		return (
			<tr data-testid="url-query-row">
				<td className="hidden px-3 py-2 text-muted tabular-nums sm:table-cell">{number.toLocaleString('en-US')}</td>
				<td className="px-2 py-2 font-mono break-all sm:px-3">{row.key === '' ? <span className="text-muted">(empty)</span> : row.key}</td>
				<td className="px-2 py-2 font-mono break-all sm:px-3">
					{row.noEquals ? <span className="text-muted">(no value)</span> : row.value === '' ? <span className="text-muted">(empty)</span> : row.value}
				</td>
			</tr>
		)
	}
	return (
		<tr data-testid="url-query-row">
			<td className="hidden px-3 py-1.5 text-muted tabular-nums sm:table-cell">{number.toLocaleString('en-US')}</td>
			<td className="px-2 py-1.5 sm:px-3">
				<input
					type="text"
					className={cellInput}
					aria-label={`Key ${number}`}
					value={row.key}
					autoFocus={autoFocus}
					spellCheck={false}
					autoCapitalize="off"
					autoComplete="off"
					onChange={(event) => onChange(row.id, 'key', event.target.value)}
				/>
			</td>
			<td className="px-2 py-1.5 sm:px-3">
				<input
					type="text"
					className={cellInput}
					aria-label={`Value ${number}`}
					value={row.value}
					placeholder={row.noEquals ? '(no value)' : undefined}
					spellCheck={false}
					autoCapitalize="off"
					autoComplete="off"
					onChange={(event) => onChange(row.id, 'value', event.target.value)}
				/>
			</td>
			<td className="px-1 py-1.5 text-center">
				<button
					type="button"
					className="icon-button size-9 hover:text-danger"
					aria-label={`Delete parameter ${number}`}
					title="Delete"
					onClick={() => onDelete(row.id)}
				>
					<Icon name="close" />
				</button>
			</td>
		</tr>
	)
})
