/**
 * The name of a downloaded code, saying what it holds (issue 29, item 23):
 * `qr-<kind>-<a short piece of the content>.png|svg`, read from the encoded
 * text itself (so a Wi-Fi string typed in the text box is a Wi-Fi code too):
 * `qr-wifi-GuestNet.png`, `qr-url-example-com.png`, `qr-text-Hello-there.svg`.
 */
import { safeFileName, slugPart } from '#app/utils/file-names.ts'

/** The value of `key` in a `WIFI:` string (`\;`, `\,`, `\:`, `\\`, `\"` are escapes). */
function wifiField(payload: string, key: string): string {
	const match = new RegExp(`[:;]${key}:((?:\\\\.|[^;\\\\])*)`).exec(payload)
	return match ? match[1]!.replace(/\\(.)/g, '$1') : ''
}

/** The value of a vCard or iCalendar property line (`FN:`, `SUMMARY:`), unescaped. */
function property(payload: string, name: string): string {
	const match = new RegExp(`(?:^|\\n)${name}(?:;[^:\\r\\n]*)?:([^\\r\\n]*)`, 'i').exec(payload)
	return match ? match[1]!.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ') : ''
}

function decoded(text: string): string {
	try {
		return decodeURIComponent(text)
	} catch {
		return text
	}
}

/** What the code holds, and a piece of it that tells it apart. */
export function qrContent(payload: string): { kind: string; label: string } {
	const text = payload.trim()
	if (/^WIFI:/i.test(text)) return { kind: 'wifi', label: wifiField(text, 'S') }
	if (/^mailto:/i.test(text)) return { kind: 'email', label: decoded(text.slice(7).split('?')[0] ?? '') }
	if (/^tel:/i.test(text)) return { kind: 'phone', label: text.slice(4) }
	if (/^smsto:/i.test(text)) return { kind: 'sms', label: text.slice(6).split(':')[0] ?? '' }
	if (/^sms:/i.test(text)) return { kind: 'sms', label: text.slice(4).split('?')[0] ?? '' }
	if (/^BEGIN:VCARD/i.test(text)) return { kind: 'contact', label: property(text, 'FN') || property(text, 'N').replace(/;+/g, ' ') }
	if (/^BEGIN:(VCALENDAR|VEVENT)/i.test(text)) return { kind: 'event', label: property(text, 'SUMMARY') }
	if (/^geo:/i.test(text)) return { kind: 'location', label: text.slice(4).split('?')[0] ?? '' }
	if (/^(https?:\/\/|www\.)\S+$/i.test(text)) return { kind: 'url', label: text.replace(/^https?:\/\//i, '').replace(/^www\./i, '') }
	return { kind: 'text', label: text }
}

/** `qr-wifi-GuestNet.png`: `extension` is `.png` or `.svg`. */
export function qrFileName(payload: string, extension: string): string {
	const { kind, label } = qrContent(payload)
	const slug = slugPart(label, 40)
	return safeFileName(`qr-${kind}`, slug ? `-${slug}` : '', extension, 'qr-code')
}
