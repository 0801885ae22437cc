/**
 * How the dashboard's "Conversion queue" panel writes a wait: tenths of a
 * second below ten seconds, whole seconds below a minute, then minutes and
 * hours; a dash when no job has started in the last hour.
 */
import { describe, expect, test } from 'vitest'
import { formatWait } from './queue-figures.ts'

describe('formatWait', () => {
	test('no wait measured: a dash', () => {
		expect(formatWait(null)).toBe('—')
	})

	test('below ten seconds: tenths ("0.4 s"), never "0 s" for a wait that happened', () => {
		expect(formatWait(400)).toBe('0.4 s')
		expect(formatWait(449)).toBe('0.4 s')
		expect(formatWait(1000)).toBe('1 s')
		expect(formatWait(2_350)).toBe('2.4 s')
		expect(formatWait(9_940)).toBe('9.9 s')
		expect(formatWait(0)).toBe('< 0.1 s')
		expect(formatWait(49)).toBe('< 0.1 s')
		expect(formatWait(50)).toBe('0.1 s')
	})

	test('ten seconds to a minute: whole seconds ("12 s")', () => {
		expect(formatWait(9_950)).toBe('10 s')
		expect(formatWait(12_000)).toBe('12 s')
		expect(formatWait(12_499)).toBe('12 s')
		expect(formatWait(59_499)).toBe('59 s')
	})

	test('a minute or more: minutes and seconds, then hours and minutes', () => {
		expect(formatWait(59_500)).toBe('1 min')
		expect(formatWait(90_000)).toBe('1 min 30 s')
		expect(formatWait(10 * 60_000 + 5_000)).toBe('10 min 5 s')
		expect(formatWait(3_600_000)).toBe('1 h')
		expect(formatWait(3_600_000 + 25 * 60_000 + 10_000)).toBe('1 h 25 min')
		expect(formatWait(30 * 3_600_000)).toBe('30 h')
	})
})
