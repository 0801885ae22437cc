import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'minify-beautify',
	howTo: {
		title: 'How to minify or beautify code',
		steps: [
			'Paste your code into the box, open a file, drop one onto the box, or press Load example.',
			'Choose Beautify to lay the code out readably, or Minify to make it as small as possible.',
			'Leave the language on “Detect automatically” or pick JavaScript, TypeScript, CSS, HTML, JSON, XML or SQL yourself.',
			'When beautifying, choose the indent (2 spaces, 4 spaces or tabs), the print width and the quotes for strings.',
			'Read the size report: the raw, gzip and Brotli sizes before and after, and how much was saved. Then copy the result or download it as a file.',
		],
	},
	examples: [
		{
			title: 'Minify JavaScript and keep the licence',
			input: `/*! cart.js v2.1.0 | MIT License */
// The total of a cart, tax included.
export function cartTotal(items, taxRate = 0.2) {
  const sum = items.reduce((total, item) => total + item.price, 0)
  return Math.round(sum * (1 + taxRate) * 100) / 100
}
`,
			options: { action: 'minify', language: 'auto' },
			note: 'esbuild shortens names and removes spaces and ordinary comments; the /*! … */ licence comment stays.',
		},
		{
			title: 'Beautify minified CSS',
			input:
				':root{--brand:#4338ca;--radius:8px}.button{display:inline-flex;padding:.5rem 1rem;border-radius:var(--radius);background:var(--brand);color:#fff}.button:hover{opacity:.9}@media (max-width:600px){.button{width:100%}}',
			options: { action: 'beautify', language: 'auto', indent: '2' },
			note: 'Prettier puts each rule and declaration on its own line, indented with two spaces.',
		},
		{
			title: 'Tidy up a SQL query',
			input:
				"select c.id, c.name, sum(o.total) as revenue from customers c join orders o on o.customer_id = c.id where o.status = 'paid' group by c.id, c.name order by revenue desc limit 20;",
			options: { action: 'beautify', language: 'sql', indent: '4' },
			note: 'Each clause goes on its own line with four-space indents; keywords keep the case you wrote them in.',
		},
		{
			title: 'TypeScript to minified JavaScript',
			input: `interface Point { x: number; y: number }

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y)
}
`,
			options: { action: 'minify', language: 'auto' },
			note: 'The types and the interface are removed, so the result is plain JavaScript, ready for the browser.',
		},
		{
			title: 'Minify HTML',
			input: `<ul class="menu">
  <!-- main navigation -->
  <li><a href="/">Home</a></li>
  <li><a href="/blog"   title="Our blog">Blog</a></li>
</ul>
`,
			options: { action: 'minify', language: 'html' },
			note: 'Comments and the spaces between tags go; inline styles and scripts would be minified too.',
		},
	],
	faq: [
		{
			question: 'Is my code sent to a server?',
			answer:
				'Not while JavaScript is on: the code is beautified or minified in your browser, in a background worker, and nothing leaves your device. If JavaScript is off or has not loaded yet, pressing the button sends the code to our server, which processes it, sends the result back and keeps nothing: the code is not saved or logged.',
		},
		{
			question: 'Which tools do the work?',
			answer:
				'Beautifying uses Prettier for JavaScript (with JSX), TypeScript, CSS, HTML and XML, and sql-formatter for SQL. Minifying uses esbuild for JavaScript and TypeScript, Lightning CSS for CSS and html-minifier-terser for HTML, whose inline scripts and styles are minified as well. JSON and XML are minified by our own scanners, and JSON numbers are always kept exactly as written. Each engine is downloaded only the first time you use its language, so the page itself stays light.',
		},
		{
			question: 'Are licence comments kept?',
			answer:
				'Yes. When minifying JavaScript, TypeScript and CSS, comments that start with /*! or contain @license or @preserve stay in the output, as most open-source licences require (the CSS minifier keeps them only at the top, so they are moved there, with a note). Ordinary comments are removed. Beautifying keeps every comment.',
		},
		{
			question: 'Why does Brotli say n/a?',
			answer:
				'Browsers can compress with gzip but have no Brotli compressor built in, so the size report in your browser shows gzip sizes and n/a for Brotli. When the form is sent without JavaScript, or through the API, the server measures Brotli as well. Compressed sizes show what visitors actually download when your server compresses its responses.',
		},
		{
			question: 'Which browsers is the minified CSS for?',
			answer:
				'For the ones in “Browsers for minified CSS”, a Browserslist query. The default, “defaults, iOS >= 15, Safari >= 15”, keeps media queries such as (max-width: 600px) as written, because Safari before 16.4 (iPhones that stay on iOS 15, Macs on Catalina) ignores the shorter (width <= 600px), and it writes out nested rules, which Safari 15 does not read. Enter a newer target, such as “chrome >= 120”, for the shortest modern syntax. Under the field the page shows the oldest version of each browser the output was made for.',
		},
		{
			question: 'What happens to TypeScript when it is minified?',
			answer:
				'Minifying TypeScript removes the types, so the result is JavaScript: enums and constructor parameter properties are compiled to plain JavaScript, and decorators are kept. The download is therefore named code.min.js. Beautifying TypeScript keeps it TypeScript.',
		},
		{
			question: 'How is the language detected?',
			answer:
				'The start of your code is checked: markup is HTML or XML (an XML declaration or an unknown root element means XML), a leading { or [ that parses is JSON, statements such as SELECT or CREATE TABLE are SQL, selectors followed by declarations are CSS, and type annotations, interfaces or enums mean TypeScript; anything else is treated as JavaScript. The detected language is shown beside the menu. If it guesses wrong, choose the language yourself.',
		},
		{
			question: 'What if my code has a syntax error?',
			answer:
				'Nothing is output. The error names the language, the line and the column, and shows the line with a caret under the problem, so you can fix it and try again. Code is always checked before it is changed, so broken input never comes back looking like a result.',
		},
		{
			question: 'How much code can I process?',
			answer:
				'Up to 10 MB. Beautifying is slower than minifying, so it is limited per language: 2 MB of JavaScript, 1 MB of TypeScript, CSS or XML, and 512 KB of HTML or SQL; JSON can be beautified up to 10 MB. Minifying HTML is limited to 2 MB; the other languages can be minified up to 10 MB.',
		},
	],
	api: {
		input: 'const add = (a, b) => a + b',
		options: { action: 'minify' },
		note: 'The result has the output, the language used, the raw, gzip and Brotli sizes before and after, the saving in percent and any notes; a CSS minify also says which browsers it was made for (option target, a Browserslist query).',
	},
})
