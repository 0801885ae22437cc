/**
 * Every date the site shows or writes, formatted here. Pages use UTC and a
 * fixed locale (en-GB), so the server's text and the browser's hydration
 * always match whatever the visitor's time zone.
 */
export type DateInput = Date | string | number

function formatter(options: Intl.DateTimeFormatOptions) {
	const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })
	return (value: DateInput) => format.format(new Date(value))
}

/** "25 Nov 2026" */
export const formatDate = formatter({ dateStyle: 'medium' })

/** "25 Nov 2026, 14:05" (UTC, unlabelled) */
export const formatDateTime = formatter({ dateStyle: 'medium', timeStyle: 'short' })

/** "25 Nov 2026, 14:05 UTC" */
export function formatDateTimeUtc(value: DateInput): string {
	return `${formatDateTime(value)} UTC`
}

/** "25 November 2026" (the blog) */
export const formatLongDate = formatter({ day: 'numeric', month: 'long', year: 'numeric' })

const longDateTime = formatter({ dateStyle: 'long', timeStyle: 'short' })

/** "25 November 2026 at 14:05 UTC" (the blog) */
export function formatLongDateTimeUtc(value: DateInput): string {
	return `${longDateTime(value)} UTC`
}

/** "25 Nov" (chart axes) */
export const formatShortDay = formatter({ day: 'numeric', month: 'short' })

/** "Wed, 25 Nov 2026" (chart tooltips and tables) */
export const formatWeekday = formatter({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })

/** A UTC day as `YYYY-MM-DD`. */
export function isoDay(value: DateInput): string {
	return new Date(value).toISOString().slice(0, 10)
}

/** The `YYYY-MM-DDTHH:mm` of a datetime-local field, read as UTC; empty for no date. */
export function formatDateTimeInput(value: DateInput | null | undefined): string {
	if (value === null || value === undefined || value === '') return ''
	return new Date(value).toISOString().slice(0, 16)
}

/** An HTTP date (RFC 7231, the RFC 822 form RSS uses too): "Wed, 25 Nov 2026 14:05:00 GMT". */
export function httpDate(value: DateInput): string {
	return new Date(value).toUTCString()
}
