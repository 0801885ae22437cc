/**
 * Property tests: generated values and mutated documents, compared with
 * what V8's JSON.parse and JSON.stringify do. Seeded, so a failure repeats.
 */
import { describe, expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import { formatJson } from './core.ts'

type Random = () => number

function seeded(seed: number): Random {
	let state = seed >>> 0
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0
		return state / 4294967296
	}
}

const pick = <T>(random: Random, items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)]!

const CHARACTERS = [
	'a',
	'b',
	'Z',
	' ',
	'"',
	'\\',
	'/',
	'\n',
	'\t',
	'\u0001',
	'\u001f',
	'é',
	'ß',
	'東',
	'😀',
	'\u2028',
	'\u00a0',
	'{',
	'}',
	'[',
	']',
	',',
	':',
	'0',
]

function randomString(random: Random, max = 8): string {
	let text = ''
	const length = Math.floor(random() * max)
	for (let index = 0; index < length; index++) text += pick(random, CHARACTERS)
	return text
}

/** Keys JavaScript objects keep in insertion order (no integer-like keys), so JSON.stringify sees the source order. */
function randomKey(random: Random): string {
	if (random() < 0.05) return pick(random, ['__proto__', 'constructor', 'toString', 'hasOwnProperty', ''])
	return pick(random, ['k', 'name', 'x', 'Id', '_', '$']) + randomString(random, 5)
}

function randomNumber(random: Random): number {
	switch (Math.floor(random() * 7)) {
		case 0:
			return Math.floor(random() * 100)
		case 1:
			return -Math.floor(random() * 1e9)
		case 2:
			return (random() - 0.5) * 1e6
		case 3:
			return random() * 1e-9
		case 4:
			return pick(random, [1e21, 1.5e300, -2e-300, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 0.1, -0])
		case 5:
			return random()
		default:
			return Math.round(random() * 1e15) / 1000
	}
}

function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
	// defineProperty: "__proto__" must become an own key, as JSON.parse makes it.
	Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}

function randomValue(random: Random, depth = 0): unknown {
	const roll = random()
	if (depth < 6 && roll < 0.2) {
		const object: Record<string, unknown> = {}
		const size = Math.floor(random() * 6)
		for (let index = 0; index < size; index++) setMember(object, randomKey(random), randomValue(random, depth + 1))
		return object
	}
	if (depth < 6 && roll < 0.4) return Array.from({ length: Math.floor(random() * 6) }, () => randomValue(random, depth + 1))
	if (roll < 0.6) return randomString(random)
	if (roll < 0.85) return randomNumber(random)
	return pick(random, [true, false, null])
}

const SPACES = ['', '', ' ', '  ', '\t', '\n', '\r\n', '\n    ', ' \t\r\n ']

/** JSON text of `value` with random whitespace between every two tokens. */
function noisy(value: unknown, random: Random): string {
	const space = () => pick(random, SPACES)
	const parts: string[] = []
	// An explicit stack: the generator nests at most 6 levels, but keep the habit.
	const stack: Array<{ value: unknown; key?: string; close?: string }> = [{ value }]
	while (stack.length > 0) {
		const item = stack.pop()!
		if (item.close !== undefined) {
			parts.push(space(), item.close)
			continue
		}
		if (item.key !== undefined) parts.push(space(), JSON.stringify(item.key), space(), ':')
		const current = item.value
		parts.push(space())
		if (Array.isArray(current)) {
			parts.push('[')
			stack.push({ value: null, close: ']' })
			for (let index = current.length - 1; index >= 0; index--) {
				stack.push({ value: current[index] })
				if (index > 0) stack.push({ value: null, close: ',' })
			}
		} else if (current !== null && typeof current === 'object') {
			parts.push('{')
			stack.push({ value: null, close: '}' })
			const keys = Object.keys(current)
			for (let index = keys.length - 1; index >= 0; index--) {
				stack.push({ value: (current as Record<string, unknown>)[keys[index]!], key: keys[index]! })
				if (index > 0) stack.push({ value: null, close: ',' })
			}
		} else parts.push(JSON.stringify(current))
	}
	parts.push(space())
	return parts.join('')
}

/** A copy with every object's keys in sorted order (UTF-16 code units, what Array.prototype.sort does). */
function sortDeep(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortDeep)
	if (value === null || typeof value !== 'object') return value
	const sorted: Record<string, unknown> = {}
	for (const key of Object.keys(value).sort()) setMember(sorted, key, sortDeep((value as Record<string, unknown>)[key]))
	return sorted
}

describe('the output is what JSON.stringify writes, for ordinary inputs', () => {
	test('format with 2, 4 and tab indents, and minify, over 400 generated values', () => {
		const random = seeded(20_261_122)
		for (let round = 0; round < 400; round++) {
			const value = randomValue(random)
			const inputs = [JSON.stringify(value), JSON.stringify(value, null, 3), noisy(value, random)]
			for (const input of inputs) {
				expect(formatJson(input, { indent: '2' }).output, input).toBe(JSON.stringify(value, null, 2))
				expect(formatJson(input, { indent: '4' }).output, input).toBe(JSON.stringify(value, null, 4))
				expect(formatJson(input, { indent: 'tab' }).output, input).toBe(JSON.stringify(value, null, '\t'))
				expect(formatJson(input, { mode: 'minify' }).output, input).toBe(JSON.stringify(value))
				expect(formatJson(input, { mode: 'validate' }).valid).toBe(true)
				expect(formatJson(input, { lenient: true }).output, input).toBe(JSON.stringify(value, null, 2))
			}
		}
	})

	test('sortKeys matches JSON.stringify of the value with sorted keys', () => {
		const random = seeded(42)
		for (let round = 0; round < 300; round++) {
			const value = randomValue(random)
			const input = noisy(value, random)
			const sorted = sortDeep(value)
			expect(formatJson(input, { sortKeys: true }).output, input).toBe(JSON.stringify(sorted, null, 2))
			expect(formatJson(input, { sortKeys: true, indent: 'tab' }).output, input).toBe(JSON.stringify(sorted, null, '\t'))
			expect(formatJson(input, { sortKeys: true, mode: 'minify' }).output, input).toBe(JSON.stringify(sorted))
		}
	})

	test('a 2 MB document formats like JSON.stringify, and minifies back to the input', () => {
		const random = seeded(7)
		const records = Array.from({ length: 16_000 }, (_, id) => ({
			id,
			name: randomString(random, 20),
			value: randomNumber(random),
			tags: [randomString(random), null, true],
			nested: { deep: [id, { ok: id % 2 === 0 }] },
		}))
		const input = JSON.stringify(records)
		expect(input.length).toBeGreaterThan(2_000_000)
		const pretty = formatJson(input).output
		expect(pretty).toBe(JSON.stringify(records, null, 2))
		expect(formatJson(pretty, { mode: 'minify' }).output).toBe(input)
	})
})

/** Small edits of valid JSON: the strict scanner must agree with JSON.parse on what is valid. */
function mutate(text: string, random: Random): string {
	let result = text
	const edits = 1 + Math.floor(random() * 3)
	const inserts = ['"', ',', ':', '[', ']', '{', '}', '\\', '0', '-', '.', 'e', 'a', ' ', '\n', '/', '*', "'", '\u0000', '\ud800', 't', 'n', '1', '+']
	for (let edit = 0; edit < edits; edit++) {
		const at = Math.floor(random() * (result.length + 1))
		const roll = random()
		if (roll < 0.4) result = result.slice(0, at) + result.slice(at + 1)
		else if (roll < 0.8) result = result.slice(0, at) + pick(random, inserts) + result.slice(at)
		else
			result =
				result.slice(0, at) +
				result
					.slice(at, at + 3)
					.split('')
					.reverse()
					.join('') +
				result.slice(at + 3)
	}
	return result
}

function parses(text: string): boolean {
	try {
		JSON.parse(text)
		return true
	} catch {
		return false
	}
}

describe('valid exactly when JSON.parse says so', () => {
	test('3,000 mutated documents: same verdict as JSON.parse; ToolError, never a crash', () => {
		const random = seeded(99)
		let invalid = 0
		for (let round = 0; round < 3000; round++) {
			const value = randomValue(random)
			const input = mutate(random() < 0.5 ? JSON.stringify(value) : JSON.stringify(value, null, 2), random)
			if (input.trim() === '') continue
			const expected = parses(input)
			let output: string | null = null
			try {
				output = formatJson(input).output
			} catch (error) {
				if (!(error instanceof ToolError)) throw error
				expect(error.status).toBe(400)
				expect(error.details).toMatchObject({ line: expect.any(Number), column: expect.any(Number) })
			}
			expect(output !== null, input).toBe(expected)
			if (output === null) invalid++
			// Same data: the output parses to what the input parses to.
			else expect(JSON.stringify(JSON.parse(output)), input).toBe(JSON.stringify(JSON.parse(input)))
		}
		expect(invalid).toBeGreaterThan(1000)
	})

	test('lenient mode never outputs invalid JSON', () => {
		const random = seeded(5)
		for (let round = 0; round < 3000; round++) {
			const input = mutate(noisy(randomValue(random), random), random)
			if (input.trim() === '') continue
			for (const mode of ['format', 'minify'] as const) {
				let output: string | null = null
				try {
					output = formatJson(input, { lenient: true, mode }).output
				} catch (error) {
					if (!(error instanceof ToolError)) throw error
				}
				if (output !== null) expect(parses(output), `${input} → ${output}`).toBe(true)
			}
		}
	})

	test('random characters: a ToolError with a position, never a crash', () => {
		const random = seeded(1234)
		for (let round = 0; round < 500; round++) {
			const length = 1 + Math.floor(random() * 40)
			let input = ''
			for (let index = 0; index < length; index++) input += String.fromCharCode(Math.floor(random() * (random() < 0.5 ? 128 : 65536)))
			for (const options of [{}, { lenient: true }, { sortKeys: true }] as const) {
				try {
					const result = formatJson(input, options)
					expect(parses(result.output)).toBe(true)
				} catch (error) {
					if (!(error instanceof ToolError)) throw error
				}
			}
		}
	})
})
