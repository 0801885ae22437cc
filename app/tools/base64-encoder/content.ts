import { defineToolContent } from '#app/tools/kit/content.ts'

/** An 8×8 checkerboard PNG (85 bytes) as a data URI: decoding it shows the hex dump and the image. */
export const EXAMPLE_PNG_DATA_URI =
	'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAHElEQVR42mP4Oo8bjlSTX8MRAxUlkDnIiqgoAQBcAmIhrwzOCAAAAABJRU5ErkJggg=='

export const content = defineToolContent({
	slug: 'base64-encoder',
	howTo: {
		title: 'How to encode and decode Base64',
		steps: [
			'Choose Encode to turn text into Base64, or Decode to turn Base64 back into text.',
			'Type or paste into the box. The result updates as you type; the sizes before and after are shown under it.',
			'Pick the character set of the text (UTF-8 unless you know otherwise), the alphabet (standard, or URL-safe for URLs, file names and JWTs), padding and line wrapping.',
			'Decoded data that is not text — an image, a PDF, a ZIP file — is shown as a hex dump with its type; images get a preview, and you can download the bytes.',
			'To encode a whole file (up to 50 MB), open or drop it under “Files”: you get Base64 or a ready-made data URI to copy or download. A Base64 file can be decoded back to a file there too.',
		],
	},
	examples: [
		{
			title: 'Text with accents and emoji',
			input: 'Grüße aus Köln! 👋 こんにちは',
			options: { action: 'encode', charset: 'utf-8' },
			note: 'UTF-8 turns each character into one to four bytes, so non-English text and emoji survive the round trip.',
		},
		{
			title: 'A JSON Web Token’s payload (URL-safe, no padding)',
			input: 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFkYSBMb3ZlbGFjZSIsImFkbWluIjp0cnVlfQ',
			options: { action: 'decode', alphabet: 'url', padding: false },
			note: 'JWTs use the URL-safe alphabet (- and _) without = padding; the decoder accepts both alphabets and missing padding unless strict mode is on.',
		},
		{
			title: 'A small PNG image as a data URI',
			input: EXAMPLE_PNG_DATA_URI,
			options: { action: 'decode' },
			note: 'The data: prefix is removed for you. The bytes are not text, so they are shown as a hex dump, with a preview of the image and a download.',
		},
	],
	faq: [
		{
			question: 'What is Base64 used for?',
			answer:
				'Base64 writes any bytes using only 64 safe characters (A–Z, a–z, 0–9, + and /), so binary data can travel through places made for text: email attachments (MIME), data URIs in HTML and CSS, JSON and XML fields, HTTP Basic authentication and JSON Web Tokens. It is an encoding, not encryption: anyone can decode it. Every 3 bytes become 4 characters, so the result is about a third larger than the original.',
		},
		{
			question: 'What are the URL-safe alphabet and padding?',
			answer:
				'The URL-safe alphabet (RFC 4648 §5, “base64url”) uses - and _ instead of + and /, which have special meanings in URLs and file names; JSON Web Tokens use it. Padding is the = or == at the end that makes the length a multiple of 4; URL-safe Base64 usually leaves it out. When decoding, both alphabets and missing padding are accepted unless you turn on strict mode.',
		},
		{
			question: 'Why do I get a hex dump instead of text when decoding?',
			answer:
				'Because the decoded bytes are not valid text in the character set you chose: they are an image, a PDF, a compressed file, or text in another character set. Rather than show broken characters, the tool shows the bytes as a hex dump, names the file type it recognises, previews images and lets you download the bytes with the right extension. If you expected text, try another character set: Windows programs often use UTF-16LE.',
		},
		{
			question: 'What does strict mode check?',
			answer:
				'Strict mode follows RFC 4648 to the letter: only the chosen alphabet, padding exactly as the Padding option says, nothing after the padding, and no stray bits in the last character (so each piece of data has exactly one encoding). The first problem is reported with its line and column. Without strict mode, whitespace, line breaks, a data: prefix, either alphabet and missing padding are all accepted; characters that are not Base64 at all are errors either way.',
		},
		{
			question: 'What is MIME line wrapping?',
			answer:
				'Email (MIME, RFC 2045) requires Base64 in lines of at most 76 characters. Turn on “Wrap lines at 76” to get that layout, for example to paste into an email source or a PEM-like file. Decoding ignores line breaks, so wrapped and unwrapped Base64 decode the same.',
		},
		{
			question: 'Are my text and files sent to a server?',
			answer:
				'Not while JavaScript is on: text is encoded and decoded in your browser as you type, and files up to 50 MB are encoded and decoded in your browser too, so they never leave your device. If JavaScript is off, pressing the button sends the text (up to 10 MB) to our server, which converts it, sends the result back and keeps nothing: it is not saved or logged. Files need JavaScript.',
		},
	],
	api: {
		input: 'Hello 👋',
		options: { action: 'encode', alphabet: 'url' },
		note: 'Options: action (encode or decode), charset (utf-8, utf-16le or latin1), alphabet (standard or url), padding (true), wrap (false) and strict (false). A decode of binary data answers the hex dump with binary: true and the detected type.',
	},
})
