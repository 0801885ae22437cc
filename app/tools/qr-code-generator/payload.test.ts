/**
 * The payload builders: each content type's text, with its format's escaping
 * and folding (the bugs peers ship: an unescaped Wi-Fi SSID, unfolded vCards).
 */
import { describe, expect, test } from 'vitest'
import { errorOf } from '#tests/setup/tool-error.ts'
import {
	buildPayload,
	escapeText,
	escapeWifi,
	eventPayload,
	foldLine,
	geoPayload,
	mailtoPayload,
	smsPayload,
	telPayload,
	vcardPayload,
	wifiPayload,
} from './payload.ts'

describe('Wi-Fi', () => {
	test('escapes \\ ; , : " in the SSID and password', () => {
		expect(escapeWifi('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f')
		expect(wifiPayload({ ssid: ';:,\\"', password: 'p;w' })).toBe('WIFI:T:WPA;S:\\;\\:\\,\\\\\\";P:p\\;w;;')
	})

	test('WPA, WEP, open and hidden networks', () => {
		expect(wifiPayload({ ssid: 'Home', password: 'secret123' })).toBe('WIFI:T:WPA;S:Home;P:secret123;;')
		expect(wifiPayload({ ssid: 'Old', password: '12345', security: 'WEP' })).toBe('WIFI:T:WEP;S:Old;P:12345;;')
		expect(wifiPayload({ ssid: 'Café', security: 'nopass', password: 'ignored' })).toBe('WIFI:T:nopass;S:Café;;')
		expect(wifiPayload({ ssid: 'Secret', password: 'pw123456', hidden: true })).toBe('WIFI:T:WPA;S:Secret;P:pw123456;H:true;;')
	})

	test('a name that reads as hexadecimal is quoted (ZXing), emoji and RTL pass through', () => {
		expect(wifiPayload({ ssid: 'CAFE', password: 'deadbeef' })).toBe('WIFI:T:WPA;S:"CAFE";P:"deadbeef";;')
		expect(wifiPayload({ ssid: 'שלום 👋 é', password: 'x:y' })).toBe('WIFI:T:WPA;S:שלום 👋 é;P:x\\:y;;')
	})

	test('clear messages for a missing name or password and a bad WEP key', () => {
		expect(errorOf(() => wifiPayload({ ssid: '' })).message).toBe('Enter the network name (SSID).')
		expect(errorOf(() => wifiPayload({ ssid: 'a', password: '' })).message).toMatch(/Enter the Wi-Fi password/)
		expect(errorOf(() => wifiPayload({ ssid: 'a', password: '123', security: 'WEP' })).message).toMatch(/WEP key/)
	})
})

describe('email, phone and SMS', () => {
	test('mailto: with percent-encoded subject and body, CRLF line breaks (RFC 6068)', () => {
		expect(mailtoPayload({ to: 'ana@example.com', subject: 'Hi & bye?', body: 'Line 1\nLine 2' })).toBe(
			'mailto:ana@example.com?subject=Hi%20%26%20bye%3F&body=Line%201%0D%0ALine%202',
		)
		expect(mailtoPayload({ to: 'a@x.org, b+tag@y.org' })).toBe('mailto:a@x.org,b%2Btag@y.org')
		expect(errorOf(() => mailtoPayload({ to: 'nobody' })).message).toBe('"nobody" is not an email address.')
	})

	test('tel: keeps + and separators, drops spaces', () => {
		expect(telPayload('+44 20 7946-0958')).toBe('tel:+44207946-0958')
		expect(telPayload('(555) 123.4567')).toBe('tel:(555)123.4567')
		expect(errorOf(() => telPayload('call me')).message).toMatch(/phone number has digits/)
	})

	test('SMSTO: and sms: forms', () => {
		expect(smsPayload({ number: '+1 555 0100', message: 'On my way: 5 min' })).toBe('SMSTO:+15550100:On my way: 5 min')
		expect(smsPayload({ number: '+15550100', message: 'Hi there', format: 'sms' })).toBe('sms:+15550100?body=Hi%20there')
	})
})

describe('vCard 3.0', () => {
	test('escapes text values and ends lines with CRLF', () => {
		const card = vcardPayload({
			firstName: 'Ana',
			lastName: 'García; Jr.',
			org: 'Acme, Inc.',
			mobile: '+34 600 000 000',
			email: 'ana@example.com',
			website: 'https://example.com/a,b',
			street: 'Calle Mayor 1\nPiso 2',
			city: 'Madrid',
			country: 'Spain',
		})
		expect(card.split('\r\n')).toEqual([
			'BEGIN:VCARD',
			'VERSION:3.0',
			'N:García\\; Jr.;Ana;;;',
			'FN:Ana García\\; Jr.',
			'ORG:Acme\\, Inc.',
			'TEL;TYPE=CELL:+34600000000',
			'EMAIL;TYPE=INTERNET:ana@example.com',
			'URL:https://example.com/a,b',
			'ADR;TYPE=WORK:;;Calle Mayor 1\\nPiso 2;Madrid;;;Spain',
			'END:VCARD',
		])
		expect(escapeText('a\\b')).toBe('a\\\\b')
	})

	test('long lines fold at 75 octets without splitting a UTF-8 character', () => {
		const line = `ORG:${'é'.repeat(60)}${'👋'.repeat(10)}`
		const folded = foldLine(line)
		const parts = folded.split('\r\n')
		expect(parts.length).toBeGreaterThan(1)
		for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75)
		expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true)
		// Unfolding (RFC 6350 §3.2) gives the line back.
		expect(folded.replace(/\r\n /g, '')).toBe(line)
		expect(folded).not.toContain('\uFFFD')
	})

	test('needs a name or an organisation', () => {
		expect(errorOf(() => vcardPayload({})).message).toBe('Enter a name or an organisation for the contact.')
		expect(vcardPayload({ org: 'Acme' })).toContain('FN:Acme')
	})
})

describe('calendar event', () => {
	test('a VEVENT inside a VCALENDAR, escaped', () => {
		const event = eventPayload({ summary: 'Launch; party, v2', start: '2026-12-01T18:30', end: '2026-12-01T21:00', location: 'Room 1\\2', description: 'Bring:\nfood' })
		expect(event.split('\r\n')).toEqual([
			'BEGIN:VCALENDAR',
			'VERSION:2.0',
			'PRODID:-//ToolNest//QR Code Generator//EN',
			'BEGIN:VEVENT',
			'SUMMARY:Launch\\; party\\, v2',
			'DTSTART:20261201T183000',
			'DTEND:20261201T210000',
			'LOCATION:Room 1\\\\2',
			'DESCRIPTION:Bring:\\nfood',
			'END:VEVENT',
			'END:VCALENDAR',
		])
	})

	test('all-day events end the next day; bad dates and reversed times are refused', () => {
		const event = eventPayload({ summary: 'Holiday', start: '2026-12-31', allDay: true })
		expect(event).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101')
		expect(errorOf(() => eventPayload({ summary: 'x', start: '2026-02-30T10:00' })).message).toBe('2026-02-30T10:00 is not a real date.')
		expect(errorOf(() => eventPayload({ summary: 'x', start: '2026-02-03T10:00', end: '2026-02-03T09:00' })).message).toBe('The event ends before it starts.')
	})
})

describe('location', () => {
	test('geo: with at most six decimals, ranges checked', () => {
		expect(geoPayload({ latitude: '48.858370', longitude: '2.2944813' })).toBe('geo:48.85837,2.294481')
		expect(geoPayload({ latitude: '-0.0000001', longitude: '0' })).toBe('geo:0,0')
		expect(errorOf(() => geoPayload({ latitude: '91', longitude: '0' })).message).toMatch(/latitude is a number from -90 to 90/)
	})
})

test('buildPayload reads the form fields of each type', () => {
	expect(buildPayload('text', {}, 'https://example.com')).toBe('https://example.com')
	expect(buildPayload('wifi', { ssid: 'Net', security: 'nopass', hidden: 'on' })).toBe('WIFI:T:nopass;S:Net;H:true;;')
	expect(buildPayload('sms', { smsNumber: '123', smsMessage: 'hi', smsFormat: 'sms' })).toBe('sms:123?body=hi')
	expect(buildPayload('geo', { latitude: '1,5', longitude: '2' })).toBe('geo:1.5,2')
})
