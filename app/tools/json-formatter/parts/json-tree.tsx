/**
 * The JSON Formatter's tree view (JavaScript on): the document as foldable
 * objects and arrays, each value with its key, type and value (numbers as
 * written), item counts, "Expand all" / "Collapse all", and "Copy path" on
 * every node (its JSONPath). The model comes from the core's `parseJsonTree`
 * (built in a Web Worker for large documents); rows are rendered lazily:
 * an object's members only once it is open, 100 at a time. Values are only
 * ever rendered as text.
 */
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { useCopy } from '#app/tools/kit/tool-controls.tsx'
import { type ErrorBody } from '#app/utils/errors.ts'
import { cn } from '#app/utils/misc.ts'
import { DEFAULT_MAX_NODES, jsonPath, type JsonFormatResult, type JsonNode } from '../core.ts'
import { buildJsonTree, cancelTreeBuild, TREE_WORKER_THRESHOLD, type BuiltTree } from '../tree-runner.client.ts'
import {
	childId,
	countLabel,
	expandAllIds,
	isContainer,
	PAGE_SIZE,
	pathSegment,
	ROOT_ID,
	shownCount,
	valueText,
	type ContainerNode,
} from '../tree-view.ts'

type TreeState =
	| { status: 'empty' }
	| { status: 'error' }
	| { status: 'too-many'; values: number }
	| { status: 'building' }
	| { status: 'failed'; message: string }
	| { status: 'ready'; tree: BuiltTree; key: string }

type SectionProps = {
	input: string
	lenient: boolean
	result: JsonFormatResult | null
	error: ErrorBody | null
	running: boolean
}

/** The tree view section under the tool: builds the tree when a run succeeds, shows why not otherwise. */
export function JsonTreeSection({ input, lenient, result, error, running }: SectionProps) {
	const [state, setState] = useState<TreeState>({ status: 'empty' })
	const latest = useRef({ input, lenient })
	latest.current = { input, lenient }
	const builds = useRef(0)

	useEffect(() => {
		if (error) {
			cancelTreeBuild()
			setState({ status: 'error' })
			return
		}
		if (!result) {
			cancelTreeBuild()
			if (!running) setState({ status: 'empty' })
			return
		}
		// A result for older input: wait for the current run.
		if (running) return
		if (result.stats.values > DEFAULT_MAX_NODES) {
			setState({ status: 'too-many', values: result.stats.values })
			return
		}
		const { input: text, lenient: relaxed } = latest.current
		let current = true
		const build = ++builds.current
		setState((previous) => (previous.status === 'ready' && text.length <= TREE_WORKER_THRESHOLD ? previous : { status: 'building' }))
		buildJsonTree(text, { lenient: relaxed, maxNodes: DEFAULT_MAX_NODES })
			.then((tree) => {
				if (!current) return
				if (tree.truncated) setState({ status: 'too-many', values: result.stats.values })
				// Small documents keep what is open across edits; a large one always starts folded to its first level.
				else setState({ status: 'ready', tree, key: text.length <= TREE_WORKER_THRESHOLD ? 'small' : `large-${build}` })
			})
			.catch((caught: unknown) => {
				if (!current || (caught instanceof DOMException && caught.name === 'AbortError')) return
				setState({ status: 'failed', message: caught instanceof Error ? caught.message : 'The tree view could not be built.' })
			})
		return () => {
			current = false
		}
	}, [result, error, running])

	useEffect(() => cancelTreeBuild, [])

	return (
		<section aria-labelledby="json-tree-heading" className="card mt-6 p-4 sm:p-6" data-testid="json-tree-section">
			<h2 id="json-tree-heading" className="text-lg font-semibold">
				Tree view
			</h2>
			<p className="mt-1 text-sm text-muted">Fold and unfold objects and arrays, and copy the JSONPath of any value.</p>
			<div className="mt-4">
				{state.status === 'ready' ? (
					<JsonTree key={state.key} root={state.tree.root} busy={running} />
				) : (
					<p className="rounded-lg bg-surface-2 p-4 text-sm text-muted" data-testid="json-tree-message" aria-live="polite">
						{treeMessage(state)}
					</p>
				)}
			</div>
		</section>
	)
}

function treeMessage(state: Exclude<TreeState, { status: 'ready' }>): string {
	switch (state.status) {
		case 'empty':
			return 'Paste or type JSON above to explore it as a tree.'
		case 'error':
			return 'Fix the errors above to see the tree.'
		case 'too-many':
			return `This JSON has ${state.values.toLocaleString('en-US')} values, more than the tree view shows (${DEFAULT_MAX_NODES.toLocaleString('en-US')}). Formatting, minifying and validating still work on all of it.`
		case 'building':
			return 'Building the tree…'
		case 'failed':
			return state.message
	}
}

type TreeContextValue = {
	expanded: ReadonlySet<string>
	shown: ReadonlyMap<string, number>
	domId: (id: string) => string
	setOpen: (id: string, open: boolean) => void
	showMore: (id: string) => void
	copyPath: (path: ReadonlyArray<string | number>) => void
}

const TreeContext = createContext<TreeContextValue | null>(null)

function useTree(): TreeContextValue {
	const tree = useContext(TreeContext)
	if (!tree) throw new Error('Tree rows must be inside <JsonTree>')
	return tree
}

/** The tree itself: opens at the first level; "Expand all" opens as much as stays fast to show. */
export function JsonTree({ root, busy = false }: { root: JsonNode; busy?: boolean }) {
	const prefix = useId().replace(/:/g, '')
	const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([ROOT_ID]))
	const [shown, setShown] = useState<ReadonlyMap<string, number>>(() => new Map())
	const [note, setNote] = useState('')
	const copy = useCopy()

	const tree: TreeContextValue = {
		expanded,
		shown,
		domId: (id) => `${prefix}-node${id.slice(ROOT_ID.length).replaceAll('/', '-')}`,
		setOpen: (id, open) => {
			setNote('')
			setExpanded((current) => {
				if (current.has(id) === open) return current
				const next = new Set(current)
				if (open) next.add(id)
				else next.delete(id)
				return next
			})
		},
		showMore: (id) => setShown((current) => new Map(current).set(id, (current.get(id) ?? PAGE_SIZE) + PAGE_SIZE)),
		copyPath: (path) => void copy(jsonPath(path)),
	}

	function expandAll() {
		const { ids, complete, paged } = expandAllIds(root, (id) => shown.get(id) ?? PAGE_SIZE)
		setExpanded(ids)
		setNote(
			!complete
				? 'Expanded as much as fits on the page at once; open the deeper objects and arrays one by one.'
				: paged
					? 'Expanded every object and array listed; “Show more” lists the rest.'
					: 'Expanded every object and array.',
		)
	}

	function collapseAll() {
		setExpanded(new Set([ROOT_ID]))
		setShown(new Map())
		setNote('Collapsed to the first level.')
	}

	const rootIsContainer = isContainer(root) && root.children.length > 0

	return (
		<TreeContext.Provider value={tree}>
			<div className="flex flex-wrap items-center gap-2">
				<button type="button" className="button-secondary" data-testid="json-tree-expand" disabled={!rootIsContainer} onClick={expandAll}>
					Expand all
				</button>
				<button type="button" className="button-secondary" data-testid="json-tree-collapse" disabled={!rootIsContainer} onClick={collapseAll}>
					Collapse all
				</button>
				<p className="min-h-5 text-sm text-muted" aria-live="polite" data-testid="json-tree-note">
					{note}
				</p>
			</div>
			<div
				className={cn('mt-3 max-h-[36rem] overflow-auto rounded-lg border border-border bg-bg p-2 font-mono text-sm', busy && 'opacity-70')}
				aria-busy={busy || undefined}
				data-testid="json-tree"
			>
				<ul aria-label="JSON tree">
					<TreeRow node={root} id={ROOT_ID} path={[]} name="$" nameClass="text-muted" />
				</ul>
			</div>
		</TreeContext.Provider>
	)
}

type RowProps = {
	node: JsonNode
	id: string
	path: ReadonlyArray<string | number>
	/** The key, the index, or $ for the root. */
	name: string
	nameClass: string
}

function TreeRow({ node, id, path, name, nameClass }: RowProps) {
	const tree = useTree()
	const label = <span className={nameClass}>{name}</span>
	const foldable = isContainer(node) && node.children.length > 0
	const open = foldable && tree.expanded.has(id)
	const listId = tree.domId(id)
	const pathText = jsonPath(path)

	function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
		if (event.key === 'ArrowRight' && !open) {
			event.preventDefault()
			tree.setOpen(id, true)
		} else if (event.key === 'ArrowLeft' && open) {
			event.preventDefault()
			tree.setOpen(id, false)
		}
	}

	return (
		<li data-path={pathText}>
			<div className="group flex flex-wrap items-baseline gap-x-2 gap-y-0.5 rounded px-1 py-0.5 hover:bg-surface-2" data-testid="json-tree-row">
				{foldable ? (
					<button
						type="button"
						aria-expanded={open}
						aria-label={`${name} ${countLabel(node)}`}
						aria-controls={open ? listId : undefined}
						onClick={() => tree.setOpen(id, !open)}
						onKeyDown={onKeyDown}
						className="inline-flex min-w-0 items-baseline gap-1.5 rounded text-left hover:text-accent"
					>
						<Icon name="chevron-right" className={cn('size-3.5 shrink-0 self-center transition-transform', open && 'rotate-90')} />
						<span className="break-all">{label}</span>
						<span className="text-muted">{countLabel(node)}</span>
					</button>
				) : (
					<span className="inline-flex min-w-0 items-baseline gap-1.5">
						<span className="inline-block size-3.5 shrink-0" aria-hidden="true" />
						<span className="break-all">
							{label}
							<span className="text-muted">: </span>
							<Value node={node} />
						</span>
					</span>
				)}
				<span className="text-xs text-muted">{node.type}</span>
				<button
					type="button"
					className={cn(
						'rounded px-1.5 text-xs font-sans font-medium text-accent underline-offset-2 hover:underline',
						'sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:focus-visible:opacity-100',
					)}
					aria-label={`Copy path ${pathText}`}
					data-testid="json-tree-copy-path"
					onClick={() => tree.copyPath(path)}
				>
					Copy path
				</button>
			</div>
			{open ? <Children node={node as ContainerNode} id={id} path={path} listId={listId} /> : null}
		</li>
	)
}

function Children({ node, id, path, listId }: { node: ContainerNode; id: string; path: ReadonlyArray<string | number>; listId: string }) {
	const tree = useTree()
	const visible = shownCount(node, tree.shown.get(id))
	const rows: ReactNode[] = []
	for (let index = 0; index < visible; index++) {
		const child = node.children[index]!
		const segment = pathSegment(node, child, index)
		rows.push(
			<TreeRow
				key={index}
				node={child}
				id={childId(id, index)}
				path={[...path, segment]}
				name={node.type === 'object' ? (child.key === '' ? '""' : (child.key ?? '')) : String(index)}
				nameClass={node.type === 'object' ? 'text-fg' : 'text-muted'}
			/>,
		)
	}
	const more = node.children.length - visible
	return (
		<ul id={listId} className="ml-2 border-l border-border pl-3">
			{rows}
			{more > 0 ? (
				<li className="py-1 pl-5">
					<button type="button" className="text-xs font-sans font-semibold text-accent underline-offset-2 hover:underline" onClick={() => tree.showMore(id)}>
						Show {Math.min(more, PAGE_SIZE).toLocaleString('en-US')} more ({visible.toLocaleString('en-US')} of {node.children.length.toLocaleString('en-US')}{' '}
						shown)
					</button>
				</li>
			) : null}
		</ul>
	)
}

const valueClass: Record<JsonNode['type'], string> = {
	string: 'text-success',
	number: 'text-accent',
	boolean: 'text-warning',
	null: 'text-warning',
	object: 'text-muted',
	array: 'text-muted',
}

function Value({ node }: { node: JsonNode }) {
	const { text, cutFrom } = valueText(node)
	return (
		<>
			<span className={valueClass[node.type]}>{text}</span>
			{cutFrom !== null ? <span className="font-sans text-xs text-muted"> ({cutFrom.toLocaleString('en-US')} characters; the text result has it all)</span> : null}
		</>
	)
}
