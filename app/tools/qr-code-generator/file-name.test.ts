/** A downloaded code is named for what it holds (issue 29, item 23): `qr-wifi-GuestNet.png`, not `qr-code.png`. */
import { expect, test } from 'vitest'
import { qrFileName } from './file-name.ts'
import { buildPayload } from './payload.ts'

test.each([
	[buildPayload('wifi', { ssid: 'GuestNet', password: 'secret', security: 'WPA' }), '.png', 'qr-wifi-GuestNet.png'],
	[buildPayload('wifi', { ssid: 'Café;Guest', password: 'x' }), '.svg', 'qr-wifi-Café-Guest.svg'],
	['https://example.com', '.png', 'qr-url-example-com.png'],
	['https://www.example.com/shoes?color=red#reviews', '.svg', 'qr-url-example-com-shoes-color-red-reviews.svg'],
	['Hello there, this is a note to scan', '.png', 'qr-text-Hello-there-this-is-a-note-to-scan.png'],
	[buildPayload('email', { to: 'ada@example.com', subject: 'Hi' }), '.png', 'qr-email-ada-example-com.png'],
	[buildPayload('phone', { phone: '+44 20 7946 0958' }), '.png', 'qr-phone-442079460958.png'],
	[buildPayload('sms', { smsNumber: '+1 555 0100', smsMessage: 'hey', smsFormat: 'sms' }), '.png', 'qr-sms-15550100.png'],
	[buildPayload('vcard', { firstName: 'Ada', lastName: 'Lovelace', org: 'X' }), '.png', 'qr-contact-Ada-Lovelace.png'],
	[buildPayload('geo', { latitude: '51.5', longitude: '-0.12' }), '.png', 'qr-location-51-5-0-12.png'],
	[buildPayload('event', { summary: 'Team lunch', start: '2026-12-01T12:00', end: '2026-12-01T13:00' }), '.svg', 'qr-event-Team-lunch.svg'],
	['', '.png', 'qr-text.png'],
])('%j → %s', (payload, extension, expected) => {
	expect(qrFileName(payload, extension)).toBe(expected)
})

test('short and safe whatever the content', () => {
	const long = qrFileName(`https://example.com/${'a-very-long-path/'.repeat(40)}`, '.png')
	expect(long.length).toBeLessThanOrEqual(60)
	expect(qrFileName('../../CON\u202e\u0000 <x>', '.png')).toBe('qr-text-CON-x.png')
	expect(qrFileName('北京欢迎你', '.svg')).toBe('qr-text-北京欢迎你.svg')
})
