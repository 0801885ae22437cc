import { describe, expect, test } from 'vitest'
import { parseJsonTree } from './core.ts'
import { countLabel, expandAllIds, isTruncated, PAGE_SIZE, pathSegment, ROOT_ID, valueText, MAX_VALUE_CHARS } from './tree-view.ts'

const shownDefault = () => PAGE_SIZE

describe('tree view helpers', () => {
	test('counts and values as the tree shows them', () => {
		const root = parseJsonTree('{"a":[1,2,3],"b":{},"n":1.50,"s":"x\\u00e9","t":true,"z":null,"big":12345678901234567890}')
		const [a, b, n, s, t, z, big] = root.children!
		expect(countLabel(root)).toBe('{7 keys}')
		expect(countLabel(a!)).toBe('[3 items]')
		expect(countLabel(b!)).toBe('{0 keys}')
		expect(countLabel(parseJsonTree('[1]'))).toBe('[1 item]')
		expect(valueText(n!).text).toBe('1.50')
		expect(valueText(big!).text).toBe('12345678901234567890')
		expect(valueText(s!).text).toBe('"x\\u00e9"')
		expect(valueText(t!).text).toBe('true')
		expect(valueText(z!).text).toBe('null')
		expect(pathSegment(root, a!, 0)).toBe('a')
		expect(pathSegment(a!, a!.children![2]!, 2)).toBe(2)
	})

	test('long strings are cut, with their full length', () => {
		const long = 'x'.repeat(5000)
		const { text, cutFrom } = valueText(parseJsonTree(JSON.stringify(long)))
		expect(text).toHaveLength(MAX_VALUE_CHARS + 1)
		expect(text.endsWith('…')).toBe(true)
		expect(cutFrom).toBe(5000)
	})

	test('expand all opens everything in a small tree', () => {
		const root = parseJsonTree('{"a":{"b":[1,{"c":2}]},"d":[]}')
		const { ids, complete, paged } = expandAllIds(root, shownDefault)
		expect([...ids].sort()).toEqual([ROOT_ID, `${ROOT_ID}/0`, `${ROOT_ID}/0/0`, `${ROOT_ID}/0/0/1`].sort())
		expect(complete).toBe(true)
		expect(paged).toBe(false)
	})

	test('expand all stops, level by level, before too many rows', () => {
		const root = parseJsonTree(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, tags: Array.from({ length: 30 }, () => 'x') }))))
		// 1 + 50 rows, then 2 per object (51 + 100 = 151), then 30 per tags array.
		const { ids, complete } = expandAllIds(root, shownDefault, 400)
		expect(complete).toBe(false)
		expect(ids.has(ROOT_ID)).toBe(true)
		expect([...ids].filter((id) => id.split('/').length === 2)).toHaveLength(50)
		// 151 + 8 × 30 = 391 ≤ 400: eight tags arrays open, the ninth would pass the limit.
		expect([...ids].filter((id) => id.split('/').length === 3)).toHaveLength(8)
	})

	test('paged containers are reported', () => {
		const root = parseJsonTree(JSON.stringify(Array.from({ length: 250 }, (_, i) => i)))
		expect(expandAllIds(root, shownDefault)).toMatchObject({ complete: true, paged: true })
	})

	test('a tree cut at its node limit is reported as truncated', () => {
		const text = JSON.stringify(Array.from({ length: 100 }, (_, i) => [i, i]))
		expect(isTruncated(parseJsonTree(text))).toBe(false)
		expect(isTruncated(parseJsonTree(text, { maxNodes: 50 }))).toBe(true)
	})
})
