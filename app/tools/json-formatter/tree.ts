/**
 * What works from the scanner's tape (every token as offsets into the
 * source): printing with sorted keys, and the tree model for the tree view.
 * Both walk with explicit stacks, never recursion, for the same reason the
 * scanner does.
 */
import { decodeString, K_ARRAY, K_FALSE, K_KEY, K_NUMBER, K_OBJECT, K_STRING, K_TRUE, type Layout, PartWriter, type Tape } from '#app/tools/shared/json/scanner.ts'

/** One value in the tree view. Lossless: duplicate keys are kept, numbers are as written. */
export type JsonNode = {
	type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null'
	/** The property name, for a member of an object. */
	key?: string
	/** Strings: the decoded text; booleans: the value. */
	value?: string | boolean
	/** The JSON text: numbers exactly as written; strings with their quotes and escapes as written. */
	raw?: string
	/** Members or items (object and array only; cut short when `truncated`). */
	children?: JsonNode[]
	/** How many members or items the container has (all of them, even when truncated); 0 for other values. */
	count: number
	/** Where the value starts in the input (UTF-16 offset). */
	offset: number
	/** Set on containers whose children were left out because the tree reached its node limit. */
	truncated?: true
}

/** Enough for the tree view of a 5 MB document without a runaway memory bill. */
export const DEFAULT_MAX_NODES = 200_000

function isContainer(kind: number): boolean {
	return kind === K_OBJECT || kind === K_ARRAY
}

/** The token after the value at `index` (past its whole subtree). */
function skip(tape: Tape, index: number): number {
	return isContainer(tape.kinds[index]!) ? tape.ends[index]! + 1 : index + 1
}

/** A key token's property name. */
function keyName(input: string, tape: Tape, index: number): string {
	const text = tape.text(input, index)
	return text.includes('\\') ? decodeString(text) : text.slice(1, -1)
}

/**
 * The object's members (key token indices), sorted by name in UTF-16 code
 * unit order, as `Object.keys(…).sort()` would; stable, so duplicate keys
 * keep their order.
 */
function sortedMembers(input: string, tape: Tape, open: number): number[] {
	const close = tape.ends[open]!
	const members: Array<{ index: number; name: string }> = []
	for (let k = open + 1; k < close; k = skip(tape, k + 1)) members.push({ index: k, name: keyName(input, tape, k) })
	members.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
	return members.map((member) => member.index)
}

type PrintFrame = { kind: number; close: number; cursor: number; order: number[] | null; written: number }

/** Prints the tape with `layout` (pretty or minified), keys sorted when asked. */
export function printTape(input: string, tape: Tape, layout: Layout, sortKeys: boolean): string {
	const out = new PartWriter()
	const stack: PrintFrame[] = []
	let pending = 0
	for (;;) {
		if (pending >= 0) {
			const kind = tape.kinds[pending]!
			if (isContainer(kind)) {
				const close = tape.ends[pending]!
				if (close === pending + 1) out.push(kind === K_OBJECT ? '{}' : '[]')
				else {
					out.push(kind === K_OBJECT ? '{' : '[')
					const order = sortKeys && kind === K_OBJECT ? sortedMembers(input, tape, pending) : null
					stack.push({ kind, close, cursor: pending + 1, order, written: 0 })
				}
			} else out.push(tape.text(input, pending))
			pending = -1
		}
		const frame = stack[stack.length - 1]
		if (frame === undefined) break
		const depth = stack.length
		let member = -1
		if (frame.order !== null) {
			if (frame.written < frame.order.length) member = frame.order[frame.written]!
		} else if (frame.cursor < frame.close) {
			member = frame.cursor
			frame.cursor = skip(tape, frame.kind === K_OBJECT ? member + 1 : member)
		}
		if (member < 0) {
			out.push(layout.first(depth - 1))
			out.push(frame.kind === K_OBJECT ? '}' : ']')
			stack.pop()
			continue
		}
		out.push(frame.written === 0 ? layout.first(depth) : layout.next(depth))
		frame.written++
		if (frame.kind === K_OBJECT) {
			out.push(tape.text(input, member))
			out.push(layout.colon)
			pending = member + 1
		} else pending = member
	}
	return out.finish()
}

type TreeFrame = { node: JsonNode; kind: number; close: number; cursor: number }

/** The tree model of the tape, at most `maxNodes` nodes. */
export function buildTree(input: string, tape: Tape, maxNodes = DEFAULT_MAX_NODES): JsonNode {
	let nodes = 0
	const stack: TreeFrame[] = []

	function makeNode(index: number, key: string | undefined): JsonNode {
		nodes++
		const kind = tape.kinds[index]!
		const offset = tape.starts[index]!
		let node: JsonNode
		if (isContainer(kind)) {
			const close = tape.ends[index]!
			let count = 0
			for (let k = index + 1; k < close; k = skip(tape, kind === K_OBJECT ? k + 1 : k)) count++
			node = { type: kind === K_OBJECT ? 'object' : 'array', children: [], count, offset }
			if (count > 0) stack.push({ node, kind, close, cursor: index + 1 })
		} else if (kind === K_STRING) {
			const raw = tape.text(input, index)
			node = { type: 'string', value: decodeString(raw), raw, count: 0, offset }
		} else if (kind === K_NUMBER) node = { type: 'number', raw: tape.text(input, index), count: 0, offset }
		else if (kind === K_TRUE || kind === K_FALSE) node = { type: 'boolean', value: kind === K_TRUE, count: 0, offset }
		else node = { type: 'null', count: 0, offset }
		if (key !== undefined) node.key = key
		return node
	}

	const root = makeNode(0, undefined)
	for (;;) {
		const frame = stack[stack.length - 1]
		if (frame === undefined) break
		if (frame.cursor >= frame.close) {
			stack.pop()
			continue
		}
		if (nodes >= maxNodes) {
			// Out of room: this container shows what it has so far.
			frame.node.truncated = true
			stack.pop()
			continue
		}
		const member = frame.cursor
		let key: string | undefined
		let value = member
		if (frame.kind === K_OBJECT && tape.kinds[member] === K_KEY) {
			key = keyName(input, tape, member)
			value = member + 1
		}
		frame.cursor = skip(tape, value)
		frame.node.children!.push(makeNode(value, key))
	}
	return root
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * A JSONPath for a node: `$.store.book[0]['odd key']`. Keys that are not
 * identifiers go in single-quoted brackets, with `\` and `'` escaped.
 */
export function jsonPath(segments: ReadonlyArray<string | number>): string {
	let path = '$'
	for (const segment of segments) {
		if (typeof segment === 'number') path += `[${segment}]`
		else if (IDENTIFIER.test(segment)) path += `.${segment}`
		else path += `['${escapePathKey(segment)}']`
	}
	return path
}

function escapePathKey(key: string): string {
	return key.replace(/[\\'\u0000-\u001f]/g, (char) => {
		if (char === '\\' || char === "'") return '\\' + char
		const code = char.charCodeAt(0)
		const short: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }
		return short[code] ?? '\\u' + code.toString(16).padStart(4, '0')
	})
}
