import { afterEach, expect, test, vi } from 'vitest'
import { createContentCache, markContentChanged } from './content-changes.server.ts'

afterEach(() => {
	vi.useRealTimers()
})

function counter() {
	let reads = 0
	return { load: async () => `read ${++reads}`, reads: () => reads }
}

test('a read is kept until it expires, per key', async () => {
	vi.useFakeTimers()
	const cache = createContentCache<string>({ ttlMs: 1_000 })
	const source = counter()
	expect(await cache.read('a', source.load)).toBe('read 1')
	expect(await cache.read('a', source.load)).toBe('read 1')
	expect(await cache.read('b', source.load)).toBe('read 2')
	vi.advanceTimersByTime(1_001)
	expect(await cache.read('a', source.load)).toBe('read 3')
	expect(source.reads()).toBe(3)
})

test('a content change in this process is seen at once', async () => {
	const cache = createContentCache<string>({ ttlMs: 60_000 })
	const source = counter()
	expect(await cache.read('a', source.load)).toBe('read 1')
	markContentChanged()
	expect(await cache.read('a', source.load)).toBe('read 2')
})

test('concurrent readers share one read, and a failed read is not kept', async () => {
	const cache = createContentCache<string>({ ttlMs: 60_000 })
	let calls = 0
	const failing = async () => {
		calls++
		throw new Error('database unavailable')
	}
	const both = await Promise.allSettled([cache.read('a', failing), cache.read('a', failing)])
	expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected'])
	expect(calls).toBe(1)
	expect(await cache.read('a', async () => 'recovered')).toBe('recovered')
})

test('no time to live reads every time; the number of keys is bounded', async () => {
	const uncached = createContentCache<string>({ ttlMs: 0 })
	const source = counter()
	await uncached.read('a', source.load)
	await uncached.read('a', source.load)
	expect(source.reads()).toBe(2)

	const small = createContentCache<string>({ ttlMs: 60_000, maxEntries: 2 })
	const other = counter()
	for (const key of ['a', 'b', 'c']) await small.read(key, other.load)
	expect(await small.read('c', other.load)).toBe('read 3')
	// 'a' was the oldest and made room for 'c'.
	expect(await small.read('a', other.load)).toBe('read 4')
})
