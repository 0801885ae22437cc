/**
 * What goes inside the QR code: one builder per content type, turning the
 * form's fields into the text a phone's camera app understands. Pure
 * functions (no React, DOM or Node), shared by the page (as the user types)
 * and the form posted without JavaScript (the route's action).
 *
 * Escaping is where peers go wrong (omni-tools writes the Wi-Fi SSID
 * unescaped), so each builder follows its format's own rules:
 * - Wi-Fi: ZXing's `WIFI:` format; `\ ; , : "` are escaped with a backslash.
 * - vCard 3.0 (RFC 2426, with RFC 6350's rules): `\ , ;` and line breaks
 *   escaped in text values, CRLF line ends, lines folded at 75 octets
 *   without splitting a UTF-8 character.
 * - iCalendar (RFC 5545): the same text escaping and folding, in a VEVENT
 *   inside BEGIN:VCALENDAR.
 * - mailto: (RFC 6068), tel: (RFC 3966), sms:/SMSTO:, geo: (RFC 5870).
 */
import { ToolError } from '#app/tools/kit/core.ts'

export const contentTypes = ['text', 'wifi', 'email', 'phone', 'sms', 'vcard', 'geo', 'event'] as const
export type ContentType = (typeof contentTypes)[number]

export const contentTypeLabels: Record<ContentType, string> = {
	text: 'Text or URL',
	wifi: 'Wi-Fi',
	email: 'Email',
	phone: 'Phone',
	sms: 'SMS',
	vcard: 'Contact (vCard)',
	geo: 'Location',
	event: 'Calendar event',
}

export function isContentType(value: unknown): value is ContentType {
	return typeof value === 'string' && (contentTypes as ReadonlyArray<string>).includes(value)
}

/** The form's fields for each type (the `text` type uses the tool's input box). Checkboxes are 'on' or ''. */
export const contentFields = {
	text: [],
	wifi: ['ssid', 'password', 'security', 'hidden'],
	email: ['to', 'subject', 'body'],
	phone: ['phone'],
	sms: ['smsNumber', 'smsMessage', 'smsFormat'],
	vcard: ['firstName', 'lastName', 'org', 'jobTitle', 'mobile', 'workPhone', 'vcardEmail', 'website', 'street', 'city', 'region', 'postcode', 'country'],
	geo: ['latitude', 'longitude'],
	event: ['summary', 'start', 'end', 'allDay', 'location', 'description'],
} as const satisfies Record<ContentType, ReadonlyArray<string>>

export type FieldName = (typeof contentFields)[ContentType][number]
export type Fields = Partial<Record<FieldName, string>>

export const fieldDefaults: Fields = { security: 'WPA', smsFormat: 'smsto' }

/** Reads a type's fields from a posted form (the page without JavaScript). */
export function fieldsFromForm(type: ContentType, form: FormData): Fields {
	const fields: Fields = {}
	for (const name of contentFields[type]) {
		const value = form.get(name)
		if (typeof value === 'string') fields[name] = value
	}
	return fields
}

function need(value: string | undefined, field: FieldName, message: string): string {
	const text = (value ?? '').trim()
	if (text === '') throw new ToolError(message, { field })
	return text
}

// ---------------------------------------------------------------- Wi-Fi

/** ZXing's WIFI: format escapes these with a backslash. */
export function escapeWifi(text: string): string {
	return text.replace(/[\\;,:"]/g, (char) => `\\${char}`)
}

export type WifiSecurity = 'WPA' | 'WEP' | 'nopass'

export function wifiPayload({ ssid, password = '', security = 'WPA', hidden = false }: { ssid: string; password?: string; security?: WifiSecurity; hidden?: boolean }): string {
	if (ssid === '') throw new ToolError('Enter the network name (SSID).', { field: 'ssid' })
	if (security !== 'nopass' && password === '') {
		throw new ToolError('Enter the Wi-Fi password, or choose "No password" for an open network.', { field: 'password' })
	}
	if (security === 'WEP' && !/^(?:.{5}|.{13}|[0-9A-Fa-f]{10}|[0-9A-Fa-f]{26})$/u.test(password)) {
		throw new ToolError('A WEP key is 5 or 13 characters, or 10 or 26 hexadecimal digits.', { field: 'password' })
	}
	// ZXing: a name that could be read as hexadecimal is quoted, so it stays text.
	const quote = (text: string) => (/^(?:[0-9A-Fa-f]{2})+$/.test(text) ? `"${text}"` : escapeWifi(text))
	let payload = `WIFI:T:${security};S:${quote(ssid)};`
	if (security !== 'nopass') payload += `P:${quote(password)};`
	if (hidden) payload += 'H:true;'
	return `${payload};`
}

// ---------------------------------------------------------------- email, phone, SMS

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u

/** RFC 6068: addresses and header values percent-encoded, line breaks as %0D%0A. */
export function mailtoPayload({ to, subject = '', body = '' }: { to: string; subject?: string; body?: string }): string {
	const addresses = to.split(',').map((address) => address.trim()).filter(Boolean)
	if (addresses.length === 0) throw new ToolError('Enter the email address to write to.', { field: 'to' })
	const bad = addresses.find((address) => !EMAIL.test(address))
	if (bad) throw new ToolError(`"${bad}" is not an email address.`, { field: 'to' })
	const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'))
	const query = [subject && `subject=${encode(subject)}`, body && `body=${encode(body)}`].filter(Boolean).join('&')
	return `mailto:${addresses.map((address) => encodeURIComponent(address).replace(/%40/g, '@')).join(',')}${query ? `?${query}` : ''}`
}

/** A phone number as RFC 3966 allows it: digits, a leading +, and the separators - . ( ). Spaces are dropped. */
export function phoneNumber(value: string, field: FieldName): string {
	const number = need(value, field, 'Enter a phone number.').replace(/\s+/g, '')
	if (!/^\+?[0-9().-]+$/.test(number) || !/\d/.test(number)) {
		throw new ToolError('A phone number has digits, an optional + in front, and - . ( ) as separators.', { field })
	}
	return number
}

export function telPayload(phone: string): string {
	return `tel:${phoneNumber(phone, 'phone')}`
}

/**
 * `SMSTO:number:message` is the format most QR readers understand;
 * `sms:number?body=…` (RFC 5724) is the URI form.
 */
export function smsPayload({ number, message = '', format = 'smsto' }: { number: string; message?: string; format?: 'smsto' | 'sms' }): string {
	const phone = phoneNumber(number, 'smsNumber')
	if (format === 'sms') return `sms:${phone}${message ? `?body=${encodeURIComponent(message)}` : ''}`
	return `SMSTO:${phone}:${message}`
}

// ---------------------------------------------------------------- vCard and iCalendar

/** RFC 6350 §3.4 / RFC 5545 §3.3.11: backslash, comma, semicolon and line breaks in text values. */
export function escapeText(text: string): string {
	return text.replace(/[\\,;]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/**
 * Folds a content line at 75 octets (RFC 6350 §3.2, RFC 5545 §3.1): CRLF and
 * one space start each continuation, and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
	const parts: Array<string> = []
	let current = ''
	let octets = 0
	for (const char of line) {
		const size = encoder.encode(char).length
		// The continuation's leading space counts towards its 75.
		const limit = parts.length === 0 ? 75 : 74
		if (octets + size > limit) {
			parts.push(current)
			current = ''
			octets = 0
		}
		current += char
		octets += size
	}
	parts.push(current)
	return parts.join('\r\n ')
}

function contentLines(lines: ReadonlyArray<string>): string {
	return lines.map(foldLine).join('\r\n')
}

export type VCardFields = {
	firstName?: string
	lastName?: string
	org?: string
	jobTitle?: string
	mobile?: string
	workPhone?: string
	email?: string
	website?: string
	street?: string
	city?: string
	region?: string
	postcode?: string
	country?: string
}

export function vcardPayload(card: VCardFields): string {
	const value = (text: string | undefined) => (text ?? '').trim()
	const first = value(card.firstName)
	const last = value(card.lastName)
	const org = value(card.org)
	const fullName = [first, last].filter(Boolean).join(' ') || org
	if (fullName === '') throw new ToolError('Enter a name or an organisation for the contact.', { field: 'firstName' })
	const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${escapeText(last)};${escapeText(first)};;;`, `FN:${escapeText(fullName)}`]
	if (org) lines.push(`ORG:${escapeText(org)}`)
	if (value(card.jobTitle)) lines.push(`TITLE:${escapeText(value(card.jobTitle))}`)
	if (value(card.mobile)) lines.push(`TEL;TYPE=CELL:${phoneNumber(value(card.mobile), 'mobile')}`)
	if (value(card.workPhone)) lines.push(`TEL;TYPE=WORK,VOICE:${phoneNumber(value(card.workPhone), 'workPhone')}`)
	const email = value(card.email)
	if (email) {
		if (!EMAIL.test(email)) throw new ToolError(`"${email}" is not an email address.`, { field: 'vcardEmail' })
		lines.push(`EMAIL;TYPE=INTERNET:${escapeText(email)}`)
	}
	// A URI value is not a text value: it is written as typed (RFC 6350 §5.10).
	if (value(card.website)) lines.push(`URL:${value(card.website)}`)
	const address = [card.street, card.city, card.region, card.postcode, card.country].map(value)
	if (address.some(Boolean)) lines.push(`ADR;TYPE=WORK:;;${address.map(escapeText).join(';')}`)
	lines.push('END:VCARD')
	return contentLines(lines)
}

/** `2026-11-26T18:30` (a datetime-local field) → `20261126T183000`; `2026-11-26` → `20261126`. */
function icalDate(value: string, allDay: boolean, field: FieldName): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim())
	if (!match) throw new ToolError(allDay ? 'Enter the date as YYYY-MM-DD.' : 'Enter the date and time as YYYY-MM-DD HH:MM.', { field })
	const [, year, month, day, hour = '00', minute = '00', second = '00'] = match
	const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)))
	if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
		throw new ToolError(`${value.trim()} is not a real date.`, { field })
	}
	return allDay ? `${year}${month}${day}` : `${year}${month}${day}T${hour}${minute}${second}`
}

function nextDay(date: string): string {
	const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) + 1))
	return next.toISOString().slice(0, 10).replace(/-/g, '')
}

export type EventFields = { summary: string; start: string; end?: string; allDay?: boolean; location?: string; description?: string }

/**
 * A VEVENT in a VCALENDAR. Times are floating (the reader's local time, as
 * typed). UID and DTSTAMP are left out: they would make the code change on
 * every run and calendar apps importing from a QR code do not need them.
 */
export function eventPayload({ summary, start, end = '', allDay = false, location = '', description = '' }: EventFields): string {
	const title = need(summary, 'summary', 'Enter the event’s title.')
	const from = icalDate(need(start, 'start', 'Enter when the event starts.'), allDay, 'start')
	// All-day events end on the next day (DTEND is exclusive, RFC 5545 §3.6.1).
	let to = end.trim() ? icalDate(end, allDay, 'end') : null
	if (allDay) to = nextDay(to ?? from)
	if (to !== null && to < from) throw new ToolError('The event ends before it starts.', { field: 'end' })
	const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//ToolNest//QR Code Generator//EN', 'BEGIN:VEVENT', `SUMMARY:${escapeText(title)}`]
	lines.push(allDay ? `DTSTART;VALUE=DATE:${from}` : `DTSTART:${from}`)
	if (to !== null) lines.push(allDay ? `DTEND;VALUE=DATE:${to}` : `DTEND:${to}`)
	if (location.trim()) lines.push(`LOCATION:${escapeText(location.trim())}`)
	if (description.trim()) lines.push(`DESCRIPTION:${escapeText(description.trim())}`)
	lines.push('END:VEVENT', 'END:VCALENDAR')
	return contentLines(lines)
}

// ---------------------------------------------------------------- location

function coordinate(value: string | undefined, field: 'latitude' | 'longitude', limit: number): string {
	const text = need(value, field, `Enter the ${field}.`).replace(',', '.')
	const number = Number(text)
	if (!/^[+-]?\d+(?:\.\d+)?$/.test(text) || Math.abs(number) > limit) {
		throw new ToolError(`The ${field} is a number from -${limit} to ${limit}, such as ${field === 'latitude' ? '48.8584' : '2.2945'}.`, { field })
	}
	// Six decimals are about 10 cm; never an exponent such as 1e-7.
	return number.toFixed(6).replace(/\.?0+$/, '').replace(/^-0$/, '0')
}

export function geoPayload({ latitude, longitude }: { latitude: string; longitude: string }): string {
	return `geo:${coordinate(latitude, 'latitude', 90)},${coordinate(longitude, 'longitude', 180)}`
}

// ---------------------------------------------------------------- all types

/** The payload for a content type from the form's fields; `text` is the input box's text as typed. */
export function buildPayload(type: ContentType, fields: Fields, text = ''): string {
	const on = (value: string | undefined) => value === 'on' || value === 'true'
	switch (type) {
		case 'text':
			return text
		case 'wifi': {
			const security = fields.security === 'WEP' || fields.security === 'nopass' ? fields.security : 'WPA'
			return wifiPayload({ ssid: fields.ssid ?? '', password: fields.password ?? '', security, hidden: on(fields.hidden) })
		}
		case 'email':
			return mailtoPayload({ to: fields.to ?? '', subject: fields.subject ?? '', body: fields.body ?? '' })
		case 'phone':
			return telPayload(fields.phone ?? '')
		case 'sms':
			return smsPayload({ number: fields.smsNumber ?? '', message: fields.smsMessage ?? '', format: fields.smsFormat === 'sms' ? 'sms' : 'smsto' })
		case 'vcard':
			return vcardPayload({ ...fields, email: fields.vcardEmail })
		case 'geo':
			return geoPayload({ latitude: fields.latitude ?? '', longitude: fields.longitude ?? '' })
		case 'event':
			return eventPayload({
				summary: fields.summary ?? '',
				start: fields.start ?? '',
				end: fields.end ?? '',
				allDay: on(fields.allDay),
				location: fields.location ?? '',
				description: fields.description ?? '',
			})
	}
}
