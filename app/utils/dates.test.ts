import { expect, test } from 'vitest'
import {
	formatDate,
	formatDateTime,
	formatDateTimeInput,
	formatDateTimeUtc,
	formatLongDate,
	formatLongDateTimeUtc,
	formatShortDay,
	formatWeekday,
	httpDate,
	isoDay,
} from './dates.ts'

// 23:30 UTC: a day later east of Greenwich, so a local-time format would show it.
const AT = '2026-11-25T23:30:00.000Z'

test('every format is in UTC with a fixed locale', () => {
	expect(formatDate(AT)).toBe('25 Nov 2026')
	expect(formatDateTime(AT)).toBe('25 Nov 2026, 23:30')
	expect(formatDateTimeUtc(new Date(AT))).toBe('25 Nov 2026, 23:30 UTC')
	expect(formatLongDate(AT)).toBe('25 November 2026')
	expect(formatLongDateTimeUtc(AT)).toBe('25 November 2026 at 23:30 UTC')
	expect(formatShortDay(AT)).toBe('25 Nov')
	expect(formatWeekday(AT)).toBe('Wed, 25 Nov 2026')
})

test('machine formats: ISO day, datetime-local field, HTTP date', () => {
	expect(isoDay(Date.parse(AT))).toBe('2026-11-25')
	expect(formatDateTimeInput(AT)).toBe('2026-11-25T23:30')
	expect(formatDateTimeInput(null)).toBe('')
	expect(formatDateTimeInput(undefined)).toBe('')
	expect(httpDate(AT)).toBe('Wed, 25 Nov 2026 23:30:00 GMT')
})
