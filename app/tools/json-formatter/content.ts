import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'json-formatter',
	howTo: {
		title: 'How to format, validate and minify JSON',
		steps: [
			'Paste your JSON into the box, open a .json file, drop one onto the box, or press Load example.',
			'Choose what to do: Format lays it out with 2 spaces, 4 spaces or tabs, Minify removes every space it can, and Validate only checks it.',
			'Turn on Sort keys to order the properties of every object from A to Z, and Lenient to accept comments, trailing commas, single quotes and the other relaxed syntax of JSON5 and JSONC.',
			'If the JSON has a mistake, the error tells you the line and column and shows the line with a caret under the problem, together with every other problem found.',
			'Copy or download the result, and use the tree view below to fold and unfold the data and copy the JSONPath of any value.',
		],
	},
	examples: [
		{
			title: 'A compact API response',
			input:
				'{"store":{"open":true,"book":[{"title":"Moby Dick","price":8.99,"tags":["classic","sea"]},{"title":"Sayings of the Century","price":8.95,"isbn":null}]},"orderId":12345678901234567890}',
			options: { mode: 'format', indent: '2' },
			note: 'Formatting lays out the nested objects and arrays; the 20-digit order id keeps every digit, which JSON.parse would round.',
		},
		{
			title: 'A config file with comments (JSON5 / JSONC)',
			input: "// Settings for the build\n{\n  name: 'my-app', port: 0x1F90, /* dev only */ debug: true,\n  plugins: ['lint', 'test',],\n}",
			options: { mode: 'format', indent: '2', lenient: true },
			note: 'Lenient mode removes the comments and the trailing commas, quotes the keys, converts the single quotes and the hexadecimal port, and lists every change it made.',
		},
		{
			title: 'Find the mistakes',
			input: '{\n  "name": "Ada Lovelace",\n  "skills": ["math", "poetry",],\n  \'born\': 1815\n}',
			options: { mode: 'validate' },
			note: 'Validation does not stop at the first mistake: it reports the trailing comma and the single-quoted key, each with its line and column.',
		},
		{
			title: 'Sort keys and minify',
			input: '{"zeta": 1e400, "alpha": {"mu": -0, "beta": 0.10000000000000000001}, "gamma": [3, 2, 1]}',
			options: { mode: 'minify', sortKeys: true },
			note: 'Keys are sorted at every level while arrays keep their order; 1e400, -0 and the long decimal are written exactly as they were.',
		},
	],
	faq: [
		{
			question: 'Will formatting change my numbers?',
			answer:
				'No. Numbers are copied exactly as you wrote them: 12345678901234567890 stays 12345678901234567890, 1e400 stays 1e400 and -0 stays -0. Many online formatters run your JSON through JavaScript’s JSON.parse, which quietly rounds large integers and long decimals; this one never converts numbers, so formatting, minifying and sorting keys only ever change the spaces and the order of keys.',
		},
		{
			question: 'What does Lenient mode accept?',
			answer:
				'Lenient mode reads the relaxed JSON of JSON5 and JSONC (the format of VS Code and tsconfig files): // and /* */ comments, trailing commas, single-quoted strings, unquoted keys, hexadecimal numbers, a leading + or a bare decimal point, and NaN or Infinity (which JSON cannot hold, so they become null). The output is always strict JSON, and every change is listed under the result so nothing happens silently.',
		},
		{
			question: 'What happens with duplicate keys?',
			answer:
				'Strict JSON does not forbid an object from having the same key twice, but most programs keep only the last one, which hides data. The formatter keeps both in the output, so nothing is lost, and shows a warning for each duplicate with the line where it appears and where the key was first seen.',
		},
		{
			question: 'Is my JSON sent to a server?',
			answer:
				'Not while JavaScript is on: formatting, validation and the tree view all run in your browser as you type, and large documents run in a background worker so the page stays responsive. If JavaScript is off or has not loaded yet, pressing the button sends the JSON to our server, which formats it, sends the result back and keeps nothing: the content is not saved or logged.',
		},
		{
			question: 'My JSON is all on one line with backslashes before every quote. What is it?',
			answer:
				'That is stringified JSON: a JSON document saved as a string inside another document, as logs and message queues often do ("{\\"id\\":1}"). The formatter recognises it and offers an Unescape button, which replaces your input with the JSON inside the string so you can format and explore it.',
		},
		{
			question: 'How do I get the path of a value for my code?',
			answer:
				'Open the tree view under the result, unfold the objects and arrays down to the value, and press Copy path next to it. You get its JSONPath, such as $.store.book[0].title, ready for jq-style tools, JSONPath libraries and test assertions. Keys that are not plain identifiers are written in brackets, like $[\'first name\'].',
		},
		{
			question: 'How big and how deep can my JSON be?',
			answer:
				'Up to 10 MB of text, nested up to 1,000 levels. Deeper documents are refused with a clear error instead of crashing the page, because that nesting is almost always a mistake or an attack. The tree view shows documents of up to 200,000 values; larger ones can still be formatted, minified and validated.',
		},
	],
	api: {
		input: '{"b":2,"a":[1.50,1e400]}',
		options: { sortKeys: true },
		note: 'The answer also carries warnings (duplicate keys, with their line), the changes lenient mode made, stats (keys, values, depth, sizes) and stringified. Invalid JSON is a 400 with details.line, details.column and details.errors; nesting deeper than 1,000 levels is a 422.',
	},
})
