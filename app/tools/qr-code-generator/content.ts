import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'qr-code-generator',
	howTo: {
		title: 'How to make a QR code',
		steps: [
			'Choose what the code holds: text or a link, Wi-Fi, an email, a phone number, an SMS, a contact card, a location or a calendar event.',
			'Fill in the fields. The preview updates as you type, and the capacity meter shows how much room is left.',
			'Pick the error correction (M suits most uses; H if you add a logo), the size, the margin and the colours. Dark on light scans best.',
			'Watch the self-check under the code: an independent decoder reads the image and says whether it scans back to exactly what you entered.',
			'Download the PNG or SVG, or copy the image.',
		],
	},
	examples: [
		{ title: 'A link', input: 'https://example.com/menu?utm_source=poster', note: 'A URL with campaign tags, for a poster or a table card.' },
		{ title: 'A short text', input: 'Grüße aus Köln 👋 — שלום', note: 'Any language and emoji: the text is encoded as UTF-8.' },
	],
	faq: [
		{
			question: 'Which error-correction level should I choose?',
			answer:
				'L repairs about 7% damage and holds the most (2,953 bytes), M 15%, Q 25% and H 30% (1,273 bytes). M is a good default; choose H for codes with a logo or codes that will get dirty or scratched, and L when the content is long.',
		},
		{
			question: 'Why does the Wi-Fi code escape some characters?',
			answer:
				'The Wi-Fi format (WIFI:T:WPA;S:name;P:password;;) uses ; : and , as separators, so a backslash goes in front of \\ ; , : and " in the network name and password. Generators that skip this make codes that join the wrong network or fail when the name contains one of them. A name that looks like hexadecimal is put in quotes so phones read it as text.',
		},
		{
			question: 'What does the self-check do?',
			answer:
				'After every change, the page decodes its own image with jsQR, a decoder that has nothing to do with the library that drew it, and compares what it reads with your content, byte for byte. Red means a phone may not read it either: usually the contrast is too low, the colours are inverted or the logo is too large.',
		},
		{
			question: 'Is what I type sent anywhere?',
			answer:
				'Not while JavaScript is on: the code is made in your browser, and a logo never leaves it. Without JavaScript, pressing the button sends the content to our server, which draws the code and keeps nothing.',
		},
		{
			question: 'PNG or SVG?',
			answer: 'SVG stays sharp at any size: use it for print and design tools. PNG suits documents, slides and messages.',
		},
	],
	api: {
		input: 'WIFI:T:WPA;S:Home\\;Net;P:secret123;;',
		options: { format: 'svg', errorCorrection: 'Q' },
		note: 'input is the exact text to encode. Options: format (svg or png), errorCorrection (L, M, Q, H; M), size (64–2048 px; 512), margin (0–16 modules; 4), dark and light (#rrggbb), transparent (false). The answer has version, errorCorrection, capacity (used, limit, max bytes), modules, width and warnings; png answers a data URI, and the SVG text as svg.',
	},
})
