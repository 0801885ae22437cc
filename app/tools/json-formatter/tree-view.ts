/**
 * The tree view's logic, apart from React: ids of nodes (their child indices,
 * so folding survives an edit of the document), labels, how values are shown,
 * and which nodes "Expand all" opens without rendering a giant tree.
 * Every walk uses an explicit queue or stack: documents nest 1,000 levels.
 */
import type { JsonNode } from './core.ts'

/** The root's id; a child's id is its parent's plus `/<index>`. */
export const ROOT_ID = '$'

/** Members or items rendered at first in an open object or array; "Show more" adds as many again. */
export const PAGE_SIZE = 100

/** "Expand all" stops opening nodes before the tree would show more rows than this. */
export const EXPAND_ALL_ROWS = 2000

/** Long strings are cut to this many characters in the tree (the text output has them whole). */
export const MAX_VALUE_CHARS = 300

export type ContainerNode = JsonNode & { type: 'object' | 'array'; children: JsonNode[] }

export function isContainer(node: JsonNode): node is ContainerNode {
	return (node.type === 'object' || node.type === 'array') && Array.isArray(node.children)
}

export function childId(parentId: string, index: number): string {
	return `${parentId}/${index}`
}

/** The JSONPath segment of a parent's child: its key in an object, its index in an array. */
export function pathSegment(parent: JsonNode, child: JsonNode, index: number): string | number {
	return parent.type === 'object' ? (child.key ?? '') : index
}

/** Whether the tree hit its node limit anywhere (some container has children left out). */
export function isTruncated(root: JsonNode): boolean {
	const stack: JsonNode[] = [root]
	while (stack.length > 0) {
		const node = stack.pop()!
		if (node.truncated) return true
		if (node.children) for (const child of node.children) if (child.children && child.count > 0) stack.push(child)
	}
	return false
}

function plural(count: number, one: string, many: string): string {
	return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

/** "{3 keys}", "[12 items]", "{}" style counts for objects and arrays; '' for other values. */
export function countLabel(node: JsonNode): string {
	if (node.type === 'object') return `{${plural(node.count, 'key', 'keys')}}`
	if (node.type === 'array') return `[${plural(node.count, 'item', 'items')}]`
	return ''
}

/**
 * A value as the tree shows it: numbers exactly as written, strings as
 * written in the JSON (quotes and escapes), cut when very long.
 */
export function valueText(node: JsonNode): { text: string; cutFrom: number | null } {
	switch (node.type) {
		case 'number':
			return { text: node.raw ?? '', cutFrom: null }
		case 'boolean':
			return { text: node.value ? 'true' : 'false', cutFrom: null }
		case 'null':
			return { text: 'null', cutFrom: null }
		case 'string': {
			const raw = node.raw ?? JSON.stringify(node.value ?? '')
			if (raw.length <= MAX_VALUE_CHARS) return { text: raw, cutFrom: null }
			return { text: `${raw.slice(0, MAX_VALUE_CHARS)}…`, cutFrom: typeof node.value === 'string' ? node.value.length : raw.length }
		}
		default:
			return { text: countLabel(node), cutFrom: null }
	}
}

/**
 * The ids "Expand all" opens: breadth first, level by level, while the rows
 * on screen stay under `maxRows` (each open container shows up to `shown(id)`
 * children). `complete` is false when it had to stop early; `paged` is true
 * when some open container lists only its first children ("Show more").
 */
export function expandAllIds(
	root: JsonNode,
	shown: (id: string) => number,
	maxRows = EXPAND_ALL_ROWS,
): { ids: Set<string>; complete: boolean; paged: boolean } {
	const ids = new Set<string>()
	let paged = false
	let rows = 1
	const queue: Array<{ node: JsonNode; id: string }> = [{ node: root, id: ROOT_ID }]
	for (let head = 0; head < queue.length; head++) {
		const { node, id } = queue[head]!
		if (!isContainer(node) || node.children.length === 0) continue
		const visible = Math.min(node.children.length, shown(id))
		if (rows + visible > maxRows) return { ids, complete: false, paged }
		ids.add(id)
		rows += visible
		if (visible < node.children.length) paged = true
		for (let index = 0; index < visible; index++) {
			const child = node.children[index]!
			if (isContainer(child) && child.children.length > 0) queue.push({ node: child, id: childId(id, index) })
		}
	}
	return { ids, complete: true, paged }
}

/** How many children an open container shows: a page at first, more after "Show more". */
export function shownCount(node: ContainerNode, shown: number | undefined): number {
	return Math.min(node.children.length, shown ?? PAGE_SIZE)
}
