import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'url-encoder',
	howTo: {
		title: 'How to encode, decode or take apart a URL',
		steps: [
			'Choose what to do: Encode turns text into percent-escapes (%20), Decode turns them back into text, Parse URL splits a whole URL into its parts.',
			'To encode, pick how: Component for a single query value or path segment, Whole URI for a complete link, Strict RFC 3986 for signed requests (OAuth, AWS), Form data for what HTML forms send.',
			'Type or paste your text or URL, open a file, or press Load example. The result updates as you type.',
			'When decoding, tick “Read + as a space” for query strings and form data. If the text was encoded twice (%2520), press “Decode until stable”.',
			'When parsing, edit, add or delete query parameters in the table: the URL is rebuilt below as you type, ready to copy.',
		],
	},
	examples: [
		{
			title: 'Encode a search term for a link',
			input: 'café & crêpes: 100% "fresh"?',
			options: { action: 'encode', mode: 'component' },
			note: 'Component encoding escapes & ? " and % too, so the text is safe as one query value: ?q=caf%C3%A9%20%26%20cr%C3%AApes…',
		},
		{
			title: 'Decode a query string from a form',
			input: 'q=hello+world&city=S%C3%A3o+Paulo&tags=news%2Cweather',
			options: { action: 'decode', mode: 'component', plusAsSpace: true },
			note: 'With “Read + as a space” on, hello+world decodes to “hello world”; %C3%A3 is the UTF-8 of ã.',
		},
		{
			title: 'Fix text that was encoded twice',
			input: 'https%253A%252F%252Fexample.com%252Fmy%2520file.pdf',
			options: { action: 'decode', mode: 'component', decodeUntilStable: true },
			note: '%2520 is an encoded %20. Decode until stable decodes again until no escape is left, and says how many rounds it took.',
		},
		{
			title: 'Take apart an international URL',
			input: 'https://user:pw@bücher.example:8080/a%20b/c?q=1&q=2&x=%E2%9C%93#frag',
			options: { action: 'parse' },
			note: 'The host is shown in Unicode and as punycode (xn--bcher-kva.example); the query parameters, decoded, go into an editable table.',
		},
	],
	faq: [
		{
			question: 'What is the difference between encodeURIComponent and encodeURI?',
			answer:
				'encodeURIComponent (the Component mode) is for one piece of a URL, such as a query value or a path segment: it escapes everything that has a meaning in a URL, including / ? # & = and +. encodeURI (the Whole URI mode) is for a complete URL: it keeps those characters so the URL still works and only escapes spaces, non-ASCII letters and other characters a URL cannot hold. Encode a value with encodeURI and an & in it will split your parameter in two; encode a whole URL with encodeURIComponent and https:// becomes https%3A%2F%2F.',
		},
		{
			question: 'Should a space be %20 or +?',
			answer:
				'Both are common. %20 is a space anywhere in a URL. + means a space only in query strings and form data (application/x-www-form-urlencoded), which is what HTML forms send and what URLSearchParams writes; in a path, + is a plus sign. The Form data mode writes spaces as +; when decoding a query string, tick “Read + as a space”.',
		},
		{
			question: 'When do I need strict RFC 3986 encoding?',
			answer:
				'When a signature depends on the exact bytes, as in OAuth 1.0 and AWS Signature Version 4. encodeURIComponent leaves ! \' ( ) and * unescaped; RFC 3986 only allows letters, digits and - . _ ~ unescaped, so strict mode escapes those five as well (%21 %27 %28 %29 %2A).',
		},
		{
			question: 'What is double encoding and how do I fix it?',
			answer:
				'Text is double-encoded when something encodes it that was already encoded: the % of %20 becomes %25, giving %2520. Decoding once gives %20 back instead of a space. The decoder notices this and offers “Decode until stable”, which decodes again until no percent-escape is left (at most 10 rounds) and tells you how many rounds it took.',
		},
		{
			question: 'What does “Incomplete UTF-8 sequence” or “Invalid percent-escape” mean?',
			answer:
				'A percent-escape is % followed by two hexadecimal digits, one byte of UTF-8. “Invalid percent-escape” means a % is followed by something else (%zz) or is cut short (%A); write %25 for a literal %. “Incomplete UTF-8 sequence” means the bytes stop in the middle of a character, as in %E0%A4 without its third byte. The error names the position, shows the line with a caret under it and lists every other malformed escape.',
		},
		{
			question: 'Why does the host show as xn--… (punycode)?',
			answer:
				'Domain names with letters outside ASCII, such as bücher.example, travel over the network in an ASCII form called punycode: xn--bcher-kva.example. Browsers show the Unicode form in the address bar but send the punycode one. The parser shows both, so you can check which name a link really points to.',
		},
		{
			question: 'Is my text sent to a server?',
			answer:
				'Not while JavaScript is on: encoding, decoding and parsing run in your browser as you type, and nothing leaves your device. If JavaScript is off or has not loaded yet, pressing the button sends the text to our server, which works on it, sends the result back and keeps nothing: the text is not saved or logged.',
		},
	],
	api: {
		input: 'café & crêpes',
		options: { action: 'encode', mode: 'component' },
		note: 'Set "action" to "decode" (with "plusAsSpace" and "decodeUntilStable") or "parse"; a parse answers "parsed" with every part of the URL and its query as a list of { "key", "value" } pairs.',
	},
})
