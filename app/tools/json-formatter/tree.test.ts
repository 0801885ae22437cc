import { describe, expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import { DEFAULT_MAX_NODES, jsonPath, type JsonNode, parseJsonTree } from './core.ts'
import { errorOf } from '#tests/setup/tool-error.ts'

/** Nodes in document order, without recursion. */
function walk(root: JsonNode): JsonNode[] {
	const nodes: JsonNode[] = []
	const stack = [root]
	while (stack.length > 0) {
		const node = stack.pop()!
		nodes.push(node)
		for (let index = (node.children?.length ?? 0) - 1; index >= 0; index--) stack.push(node.children![index]!)
	}
	return nodes
}

describe('parseJsonTree', () => {
	test('builds the tree: types, keys, decoded strings, raw numbers, counts and offsets', () => {
		const input = '{"name": "Ad\\u0061", "n": 1.50, "ok": true, "none": null, "list": [1e400, {}], "empty": []}'
		expect(parseJsonTree(input)).toEqual({
			type: 'object',
			count: 6,
			offset: 0,
			children: [
				{ type: 'string', key: 'name', value: 'Ada', raw: '"Ad\\u0061"', count: 0, offset: 9 },
				{ type: 'number', key: 'n', raw: '1.50', count: 0, offset: 26 },
				{ type: 'boolean', key: 'ok', value: true, count: 0, offset: 38 },
				{ type: 'null', key: 'none', count: 0, offset: 52 },
				{
					type: 'array',
					key: 'list',
					count: 2,
					offset: 66,
					children: [
						{ type: 'number', raw: '1e400', count: 0, offset: 67 },
						{ type: 'object', count: 0, offset: 74, children: [] },
					],
				},
				{ type: 'array', key: 'empty', count: 0, offset: 88, children: [] },
			],
		})
	})

	test('scalars at the top level', () => {
		expect(parseJsonTree(' 12345678901234567890 ')).toEqual({ type: 'number', raw: '12345678901234567890', count: 0, offset: 1 })
		expect(parseJsonTree('"x"')).toEqual({ type: 'string', value: 'x', raw: '"x"', count: 0, offset: 0 })
		expect(parseJsonTree('false')).toEqual({ type: 'boolean', value: false, count: 0, offset: 0 })
	})

	test('is lossless: duplicate keys stay, in order; __proto__ is an ordinary key', () => {
		const root = parseJsonTree('{"a": 1, "__proto__": {"x": 1}, "a": 2}')
		expect(root.children!.map((child) => [child.key, child.type])).toEqual([
			['a', 'number'],
			['__proto__', 'object'],
			['a', 'number'],
		])
		expect(Object.getPrototypeOf(root.children![1])).toBe(Object.prototype)
		expect(({} as Record<string, unknown>).x).toBeUndefined()
	})

	test('lenient mode gives the rewritten JSON', () => {
		const root = parseJsonTree("{a: 'it\\'s', b: 0x10, // c\n c: [1,],}", { lenient: true })
		expect(root.children!.map((child) => [child.key, child.raw, child.value])).toEqual([
			['a', `"it's"`, "it's"],
			['b', '16', undefined],
			['c', undefined, undefined],
		])
		expect(() => parseJsonTree("{a: 'x'}")).toThrow(ToolError)
	})

	test('throws the formatter errors, and 422 past 1,000 levels without recursion', () => {
		expect(errorOf(() => parseJsonTree('[1,]')).message).toBe("Trailing comma before ']' (line 1, column 3)")
		expect(errorOf(() => parseJsonTree('')).message).toBe('Enter some JSON to format.')
		const deep = parseJsonTree('['.repeat(1000) + ']'.repeat(1000))
		expect(walk(deep)).toHaveLength(1000)
		for (const depth of [1001, 10_000, 1_000_000]) {
			const error = errorOf(() => parseJsonTree('['.repeat(depth)))
			expect(error.status).toBe(422)
		}
	})

	test('stops at maxNodes and marks the cut containers, keeping true counts', () => {
		const input = JSON.stringify({ a: Array.from({ length: 100 }, (_, index) => index), b: { c: 1 } })
		const root = parseJsonTree(input, { maxNodes: 10 })
		expect(walk(root)).toHaveLength(10)
		expect(root.truncated).toBe(true)
		const a = root.children![0]!
		expect(a).toMatchObject({ key: 'a', count: 100, truncated: true })
		expect(a.children).toHaveLength(8)
		expect(walk(parseJsonTree(input))).toHaveLength(104)
	})

	test('handles wide documents, up to DEFAULT_MAX_NODES nodes', () => {
		const wide = (count: number) => JSON.stringify(Array.from({ length: count }, (_, id) => ({ id, tags: ['x'] })))
		const root = parseJsonTree(wide(40_000))
		expect(root.count).toBe(40_000)
		expect(walk(root)).toHaveLength(1 + 40_000 * 4)
		expect(root.truncated).toBeUndefined()
		const cut = parseJsonTree(wide(60_000))
		expect(cut).toMatchObject({ count: 60_000, truncated: true })
		expect(walk(cut)).toHaveLength(DEFAULT_MAX_NODES)
	})
})

describe('jsonPath', () => {
	test('dots for identifiers, brackets for indices and other keys', () => {
		expect(jsonPath([])).toBe('$')
		expect(jsonPath(['store', 'book', 0, 'odd key'])).toBe("$.store.book[0]['odd key']")
		expect(jsonPath(['$id', '_x1', 'a-b', '1st', ''])).toBe("$.$id._x1['a-b']['1st']['']")
		expect(jsonPath(["it's", 'back\\slash', 'line\nbreak', 'é'])).toBe("$['it\\'s']['back\\\\slash']['line\\nbreak']['é']")
		expect(jsonPath([0, 1, '__proto__'])).toBe('$[0][1].__proto__')
	})
})
