import vm from 'node:vm'
import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { countUtf8, MAX_INPUT_BYTES, ToolError, utf8Length } from '#app/tools/kit/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import { brotliQualityFor, compressionChunkSize, core, nodeEngines } from './core.node.ts'
import {
	BEAUTIFY_CAPS,
	EMPTY_INPUT_MESSAGE,
	minifyOptionsSchema,
	savingPercent,
	type MinifyOptions,
	type MinifyResult,
} from './core.ts'
import { samples } from './samples.test-data.ts'

function run(input: string, options: Partial<MinifyOptions> = {}): Promise<MinifyResult> {
	return core.run(input, minifyOptionsSchema.parse(options)) as Promise<MinifyResult>
}

async function failure(input: string, options: Partial<MinifyOptions> = {}): Promise<ToolError & { details: Record<string, unknown> }> {
	try {
		await run(input, options)
	} catch (error) {
		expect(error).toBeInstanceOf(ToolError)
		return error as ToolError & { details: Record<string, unknown> }
	}
	throw new Error(`Expected ${JSON.stringify(input.slice(0, 60))} to fail`)
}

/** Runs CommonJS-style code in a fresh context and returns its module.exports. */
function evaluate(code: string): Record<string, unknown> {
	const module = { exports: {} as Record<string, unknown> }
	vm.runInNewContext(code, { module, exports: module.exports, Math })
	return module.exports
}

describe('options', () => {
	test('every field has a default', () => {
		expect(minifyOptionsSchema.parse({})).toEqual({
			action: 'beautify',
			language: 'auto',
			indent: '2',
			printWidth: 80,
			quotes: 'double',
			sizes: true,
			target: 'defaults, iOS >= 15, Safari >= 15',
		})
	})

	test('unknown keys and out-of-range values are refused', () => {
		expect(minifyOptionsSchema.safeParse({ mode: 'minify' }).success).toBe(false)
		expect(minifyOptionsSchema.safeParse({ language: 'php' }).success).toBe(false)
		expect(minifyOptionsSchema.safeParse({ printWidth: 39 }).success).toBe(false)
		expect(minifyOptionsSchema.safeParse({ printWidth: 201 }).success).toBe(false)
		expect(minifyOptionsSchema.safeParse({ printWidth: 80.5 }).success).toBe(false)
		expect(minifyOptionsSchema.safeParse({ indent: 3 }).success).toBe(false)
	})

	test('a posted form’s strings are read', () => {
		expect(minifyOptionsSchema.parse({ printWidth: '120', indent: '4' })).toMatchObject({ printWidth: 120, indent: '4' })
	})
})

describe('JavaScript', () => {
	test('beautify with Prettier', async () => {
		const result = await run(samples.javascript, { language: 'javascript' })
		expect(result.output).toBe(
			[
				'/*! mylib v1.2.3 | MIT License */',
				'"use strict";',
				'// Compute totals for an order.',
				'function total(items, taxRate = 0.2) {',
				'  const subtotal = items.reduce(',
				'    (sum, item) => sum + item.price * item.quantity,',
				'    0,',
				'  );',
				'  return Math.round(subtotal * (1 + taxRate) * 100) / 100;',
				'}',
				'const closing = "</script>";',
				'module.exports = { total, closing };',
				'',
			].join('\n'),
		)
		expect(result).toMatchObject({ language: 'javascript', detected: false, notes: [] })
	})

	test('minify with esbuild: smaller, same behaviour, licence comment kept, </script> escaped', async () => {
		const result = await run(samples.javascript, { action: 'minify', language: 'javascript' })
		expect(result.output).toContain('/*! mylib v1.2.3 | MIT License */')
		expect(result.output).not.toContain('Compute totals')
		expect(result.output).toContain('"<\\/script>"')
		expect(result.sizes.after.raw).toBeLessThan(result.sizes.before.raw)
		const original = evaluate(samples.javascript) as { total: (items: unknown[]) => number; closing: string }
		const minified = evaluate(result.output) as typeof original
		const items = [
			{ price: 9.99, quantity: 3 },
			{ price: 0.5, quantity: 7 },
		]
		expect(minified.total(items)).toBe(original.total(items))
		expect(minified.closing).toBe('</script>')
	})

	test('@license and //! comments are kept too', async () => {
		const input = '// @license Apache-2.0\nvar a = 1\n//! keep me\nvar b = 2\n/* drop me */\nvar c = 3\n'
		const { output } = await run(input, { action: 'minify', language: 'javascript' })
		expect(output).toContain('// @license Apache-2.0')
		expect(output).toContain('//! keep me')
		expect(output).not.toContain('drop me')
	})

	test('JSX is beautified and minified as JSX', async () => {
		const pretty = await run(samples.jsx, { language: 'javascript' })
		expect(pretty.output).toContain('    <div className="counter">\n      <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>\n')
		const small = await run(samples.jsx, { action: 'minify', language: 'javascript' })
		expect(small.output).toMatch(/^import\{useState as (\w)\}from"react";export function Counter\(\{start:(\w)=0\}\)\{const\[(\w),(\w)\]=\1\(\2\);return<div className="counter">/)
		expect(small.output).not.toContain('React.createElement')
	})

	test('</script> inside strings is only text', async () => {
		const input = 'const html = "<script>alert(1)</script>"\nconst tpl = `</script><!--`\n'
		const pretty = await run(input, { language: 'javascript' })
		expect(pretty.output).toBe('const html = "<script>alert(1)</script>";\nconst tpl = `</script><!--`;\n')
		const small = await run(input, { action: 'minify', language: 'javascript' })
		expect(small.output).toBe('const html="<script>alert(1)<\\/script>",tpl="<\\/script><!--";\n')
	})

	test('warnings from esbuild become notes', async () => {
		const { notes } = await run('if (x == -0) y()\n', { action: 'minify', language: 'javascript' })
		expect(notes.join('\n')).toMatch(/^Warning \(line 1, column 10\): Comparison with -0/)
	})
})

describe('TypeScript', () => {
	test('beautify with Prettier (generics, enums, decorators, parameter properties)', async () => {
		const { output } = await run(samples.typescript, { language: 'typescript' })
		expect(output).toBe(
			[
				'enum Color {',
				'  Red,',
				'  Green = "green",',
				'  Blue = 4,',
				'}',
				'',
				'interface Shape<T extends object = {}> {',
				'  readonly id: string;',
				'  meta?: T;',
				'}',
				'',
				'function first<T>(items: Array<T>): T | undefined {',
				'  return items[0];',
				'}',
				'',
				'@sealed',
				'class Circle implements Shape {',
				'  constructor(',
				'    public readonly id: string,',
				'    private radius: number,',
				'  ) {}',
				'  area(): number {',
				'    return Math.PI * this.radius ** 2;',
				'  }',
				'}',
				'',
				'export const colors = [Color.Red, Color.Blue] as const;',
				'',
			].join('\n'),
		)
	})

	test('minify strips the types and says so', async () => {
		const result = await run(samples.typescript, { action: 'minify', language: 'typescript' })
		expect(result.output).not.toMatch(/interface|: string|: number|readonly|implements|as const/)
		expect(result.output).toContain('.Green="green"')
		expect(result.output).toContain('@sealed class')
		expect(result.output).toContain('this.radius=')
		expect(result.notes[0]).toMatch(/^TypeScript types were removed: the output is JavaScript/)
	})

	test('declarations only: nothing is left, and the note says why', async () => {
		const result = await run('declare module "x" {\n  export const a: string\n}\ninterface B { c: number }\n', { action: 'minify', language: 'typescript' })
		expect(result.output).toBe('')
		expect(result.notes).toContain('Nothing is left: the input holds only comments, whitespace or type declarations.')
		expect(result.saving).toBe(100)
	})

	test('<T>value casts (ts) and JSX (tsx) both minify', async () => {
		const cast = await run('const n = <number>value\nexport default n\n', { action: 'minify', language: 'typescript' })
		expect(cast.output).toMatch(/^const (\w)=value;export default \1;\n$/)
		const jsx = await run('const el = <div title={name as string}>hi</div>\nexport default el\n', { action: 'minify', language: 'typescript' })
		expect(jsx.output).toMatch(/^const (\w)=<div title=\{name\}>hi<\/div>;export default \1;\n$/)
	})

	test('syntax errors point at the TypeScript', async () => {
		const error = await failure('interface A {\n  x: string\n}\nlet y: = 1\n', { action: 'minify', language: 'typescript' })
		expect(error.details).toMatchObject({ line: 4, column: 8 })
		expect(error.message).toBe('TypeScript syntax error at line 4, column 8: Unexpected "="')
		const pretty = await failure('interface A {\n  x: string\n}\nlet y: = 1\n', { language: 'typescript' })
		expect(pretty.details).toMatchObject({ line: 4, column: 8 })
		expect(pretty.message).toBe('TypeScript syntax error at line 4, column 8: Type expected.')
	})
})

describe('CSS', () => {
	test('beautify with Prettier (nesting, @media)', async () => {
		const { output } = await run(samples.css, { language: 'css' })
		expect(output).toBe(
			[
				'/*! theme.css | MIT */',
				':root {',
				'  --brand: #ff0000;',
				'}',
				'',
				'.card {',
				'  margin: 0px 0px 10px 0px;',
				'  color: var(--brand);',
				'',
				'  & .title {',
				'    font-weight: bold;',
				'  }',
				'}',
				'',
				'@media (min-width: 768px) {',
				'  .card {',
				'    padding: 20px;',
				'  }',
				'}',
				'',
			].join('\n'),
		)
	})

	test('minify with lightningcss for the default browsers (Safari 15 among them): nesting lowered, min-width kept, values shortened, licence kept', async () => {
		const { output } = await run(samples.css, { action: 'minify', language: 'css' })
		expect(output).toBe(
			'/*! theme.css | MIT */\n:root{--brand:red}.card{color:var(--brand);margin:0 0 10px}.card .title{font-weight:700}@media (min-width:768px){.card{padding:20px}}',
		)
	})

	test('minify for a modern target: nesting kept and range syntax used', async () => {
		const { output } = await run(samples.css, { action: 'minify', language: 'css', target: 'chrome 120' })
		expect(output).toBe(
			'/*! theme.css | MIT */\n:root{--brand:red}.card{color:var(--brand);margin:0 0 10px;& .title{font-weight:700}}@media (width>=768px){.card{padding:20px}}',
		)
	})

	test('licence comments after the first rule are moved to the top, not lost', async () => {
		const result = await run('.a { color: red }\n/*! second licence */\n.b { color: blue }\n/* plain */\n', { action: 'minify', language: 'css' })
		expect(result.output).toBe('/*! second licence */\n.a{color:red}.b{color:#00f}')
		expect(result.notes).toEqual(['One licence comment (/*! … */) moved to the top: the CSS minifier keeps them only there.'])
	})

	test('unknown at-rules are kept and reported', async () => {
		const result = await run('@tailwind base;\n.btn { @apply px-4; }\n', { action: 'minify', language: 'css' })
		expect(result.output).toBe('@tailwind base;.btn{@apply px-4;}')
		expect(result.notes[0]).toBe('Warning (line 1, column 10): Unknown at rule: @tailwind')
	})

	test.each([
		['an unclosed block (lightningcss would silently drop it)', '.a { color: red; }\n.b { color: blue;\n', { line: 2, column: 4 }, "Unclosed '{': add '}'"],
		['a stray brace', '.a {\n  color: red;\n}\n}\n', { line: 4, column: 1 }, "Unexpected '}': there is no '{' to close"],
		['an unclosed comment', '.a { color: red }\n/* note\n.b {}', { line: 2, column: 1 }, 'Unclosed comment: add */'],
		['an unclosed string', '.a::after { content: "x;\n}\n', { line: 1, column: 22 }, 'Unclosed string: a string cannot run past the end of the line'],
		['a mismatched bracket', '.a { width: calc(1px + 2px]; }', { line: 1, column: 27 }, "Expected ')' to close the '(' opened earlier, found ']'"],
	])('syntax error: %s', async (_name, input, position, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: 'css' })
			expect(error.details).toMatchObject(position)
			expect(error.message).toBe(`CSS syntax error at line ${position.line}, column ${position.column}: ${message}`)
		}
	})

	test('syntax errors found by lightningcss and Prettier have positions', async () => {
		const minify = await failure('.a {\n  color: red !ie;\n}\n', { action: 'minify', language: 'css' })
		expect(minify.details).toMatchObject({ line: 2, column: 14 })
		const pretty = await failure('.a {\n  color: red;\n  b\n}\n', { language: 'css' })
		expect(pretty.message).toBe('CSS syntax error at line 3, column 3: Unknown word b')
	})
})

describe('HTML', () => {
	test('beautify with Prettier, inline <style> and <script> formatted too', async () => {
		const { output } = await run(samples.html, { language: 'html' })
		expect(output).toBe(
			[
				'<!DOCTYPE html>',
				'<html lang="en">',
				'  <head>',
				'    <title>Demo</title>',
				'    <style>',
				'      body {',
				'        margin: 0;',
				'        font-family: sans-serif;',
				'      }',
				'    </style>',
				'  </head>',
				'  <body>',
				'    <!-- a comment -->',
				'    <p class="lead">Hello, <b>world</b>!</p>',
				'    <script>',
				'      /*! app.js | MIT */',
				'      document.querySelector(".lead").addEventListener("click", function () {',
				'        alert("hi");',
				'      });',
				'    </script>',
				'  </body>',
				'</html>',
				'',
			].join('\n'),
		)
	})

	test('minify with html-minifier-terser: comments and whitespace go, inline CSS and JS minified', async () => {
		const { output } = await run(samples.html, { action: 'minify', language: 'html' })
		expect(output).toBe(
			'<!DOCTYPE html><html lang="en"><head><title>Demo</title><style>body{margin:0;font-family:sans-serif}</style></head><body><p class="lead">Hello, <b>world</b>!</p><script>/*! app.js | MIT */\ndocument.querySelector(".lead").addEventListener("click",function(){alert("hi")})</script></body></html>',
		)
	})

	test('conditional comments and <!--! --> comments stay', async () => {
		const input = '<!--[if IE]><p>Old browser</p><![endif]-->\n<!--! licence -->\n<!-- gone -->\n<p>x</p>'
		const { output } = await run(input, { action: 'minify', language: 'html' })
		expect(output).toBe('<!--[if IE]><p>Old browser</p><![endif]--><!--! licence --><p>x</p>')
	})

	test.each([
		['a stray closing tag', '<div>\n  <span>hi</div>', { line: 2, column: 11 }, 'Unexpected closing tag "div".'],
		['an unclosed attribute quote', '<p>\n<a href="/x>link</a>\n</p>', { line: 3, column: 5 }, 'Unexpected character "EOF"'],
		['an unclosed comment', '<p>a</p>\n<!-- never closed', { line: 2, column: 18 }, 'Unexpected character "EOF"'],
		['an end tag on a void element', '<p>a<br></br></p>', { line: 1, column: 9 }, 'Void elements do not have end tags "br"'],
	])('syntax error: %s', async (_name, input, position, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: 'html' })
			expect(error.details).toMatchObject(position)
			expect(error.message).toBe(`HTML syntax error at line ${position.line}, column ${position.column}: ${message}`)
		}
	})

	test('errors inside inline scripts, styles and attributes point into the page', async () => {
		const script = await failure('<p>x</p>\n<script>\n  var a = 1;\n  var b = (;\n</script>', { action: 'minify', language: 'html' })
		expect(script.details).toMatchObject({ line: 4, column: 12 })
		expect(script.message).toBe('HTML syntax error at line 4, column 12: In an inline script: Unexpected token')
		const style = await failure('<style>\n.a { color: red;\n</style>', { action: 'minify', language: 'html' })
		expect(style.details).toMatchObject({ line: 2, column: 4 })
		const attribute = await failure('<p style="color: red; }">x</p>', { language: 'html' })
		expect(attribute.details).toMatchObject({ line: 1, column: 23 })
		const json = await failure('<script type="application/ld+json">\n{"@type": "Thing",}\n</script>', { action: 'minify', language: 'html' })
		expect(json.details).toMatchObject({ line: 2, column: 18 })
		const handler = await failure('<button onclick="go(">x</button>', { action: 'minify', language: 'html' })
		expect(handler.details.line).toBe(1)
		expect(handler.message).toContain('In an inline script')
	})

	test('module scripts may use top-level await', async () => {
		const input = '<script type="module">\n  const response = await fetch("/data.json")\n  console.log(await response.json())\n</script>'
		const { output } = await run(input, { action: 'minify', language: 'html' })
		expect(output).toMatch(/^<script type="module">const (\w)=await fetch\("\/data.json"\);console.log\(await \1.json\(\)\)<\/script>$/)
	})

	test('scripts that are not JavaScript are left alone', async () => {
		const input = '<script type="text/template"><div>{{ name }</div></script><p>x</p>'
		const { output } = await run(input, { action: 'minify', language: 'html' })
		expect(output).toBe(input)
	})
})

describe('JSON', () => {
	test('beautify keeps every number and string as written', async () => {
		const { output } = await run(samples.json, { language: 'json' })
		expect(output).toBe(
			[
				'{',
				'  "name": "demo",',
				'  "version": "1.0.0",',
				'  "price": 1.50,',
				'  "big": 12345678901234567890,',
				'  "exp": 1E5,',
				'  "tags": [',
				'    "a",',
				'    "b"',
				'  ],',
				'  "nested": {',
				'    "empty": {},',
				'    "list": []',
				'  },',
				'  "html": "</script>"',
				'}',
				'',
			].join('\n'),
		)
	})

	test('minify keeps every number and string as written', async () => {
		const pretty = (await run(samples.json, { language: 'json' })).output
		const result = await run(pretty, { action: 'minify', language: 'json' })
		expect(result.output).toBe(samples.json)
		expect(result.saving).toBeGreaterThan(25)
	})

	test.each([
		['a trailing comma', '{\n  "a": 1,\n}', { line: 2, column: 9 }, "Trailing comma before '}'"],
		['a missing value', '{"a":1,\n"b":}', { line: 2, column: 5 }, "Expected a value after ':' but found '}'"],
		['single quotes', "{'a': 1}", { line: 1, column: 2 }, 'Strings must use double quotes'],
		['a comment', '{\n  // note\n  "a": 1\n}', { line: 2, column: 3 }, 'Comments are not allowed in JSON'],
		['NaN', '[1, NaN]', { line: 1, column: 5 }, 'NaN is not valid JSON (use null or a string)'],
		['a leading zero', '[007]', { line: 1, column: 2 }, 'Leading zeros are not allowed'],
		['text after the value', '{} {}', { line: 1, column: 4 }, "Unexpected '{' after the end of the JSON value"],
		['an unterminated string', '["abc', { line: 1, column: 2 }, "Unterminated string: no closing '\"' before the end of the input"],
	])('syntax error: %s', async (_name, input, position, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: 'json' })
			expect(error.details).toMatchObject(position)
			expect(error.message).toBe(`JSON syntax error at line ${position.line}, column ${position.column}: ${message}`)
		}
	})

	test('a byte order mark is left out, with a warning (as the JSON Formatter does)', async () => {
		const warning = 'Warning (line 1, column 1): The input starts with a byte order mark (U+FEFF); it is left out of the output'
		const minified = await run('\ufeff{}', { action: 'minify', language: 'json' })
		expect(minified.output).toBe('{}')
		expect(minified.notes).toEqual([warning])
		const beautified = await run('\ufeff{}', { language: 'json' })
		expect(beautified.output).toBe('{}\n')
		expect(beautified.notes).toEqual([warning])
	})
})

describe('XML', () => {
	test('beautify with @prettier/plugin-xml (namespaces, CDATA)', async () => {
		const { output } = await run(samples.xml, { language: 'xml' })
		expect(output).toBe(
			[
				'<?xml version="1.0" encoding="UTF-8" ?>',
				'<feed',
				'  xmlns="http://www.w3.org/2005/Atom"',
				'  xmlns:media="http://search.yahoo.com/mrss/"',
				'>',
				'  <!-- entries -->',
				'  <entry>',
				'    <title>First post</title>',
				'    <media:thumbnail url="https://example.com/a.png" />',
				'    <content type="html"><![CDATA[<p>Hello   <b>world</b></p>]]></content>',
				'    <empty />',
				'  </entry>',
				'</feed>',
				'',
			].join('\n'),
		)
	})

	test('minify keeps namespace prefixes and CDATA exactly', async () => {
		const { output } = await run(samples.xml, { action: 'minify', language: 'xml' })
		expect(output).toBe(
			'<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><entry><title>First post</title><media:thumbnail url="https://example.com/a.png"/><content type="html"><![CDATA[<p>Hello   <b>world</b></p>]]></content><empty/></entry></feed>',
		)
	})

	test('beautify re-indents text but respects xml:space="preserve"', async () => {
		const { output } = await run('<r><p xml:space="preserve">  a   <b>b</b>  c </p><q>  x   y  </q></r>', { language: 'xml' })
		expect(output).toBe('<r>\n  <p xml:space="preserve">  a   <b>b</b>  c </p>\n  <q>x y</q>\n</r>\n')
	})

	test('QName references in attribute values keep working (no prefix shortening)', async () => {
		const input = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="n" type="xs:string"/>\n</xs:schema>'
		const { output } = await run(input, { action: 'minify', language: 'xml' })
		expect(output).toBe('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="n" type="xs:string"/></xs:schema>')
	})

	test.each([
		['a mismatched closing tag', '<a>\n  <b></a>', { line: 2, column: 6 }, "Expected closing tag 'b' (opened in line 2, col 3) instead of closing tag 'a'"],
		['an unclosed tag', '<root>\n  <item>', { line: 2, column: 3 }, "Unclosed tags: 'root', 'item'"],
		['an unclosed root', '<root>\n  <item/>', { line: 1, column: 1 }, "Unclosed tag 'root'"],
		['a repeated attribute', '<a x="1"\n   x="2"/>', { line: 2, column: 4 }, "Attribute 'x' is repeated"],
		['text before the root', 'hello <a/>', { line: 1, column: 1 }, "char 'h' is not expected"],
	])('syntax error: %s', async (_name, input, position, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: 'xml' })
			expect(error.details).toMatchObject(position)
			expect(error.message).toBe(`XML syntax error at line ${position.line}, column ${position.column}: ${message}`)
		}
	})
})

describe('SQL', () => {
	test('beautify with sql-formatter: keywords as written, strings with -- and /* intact', async () => {
		const { output } = await run(samples.sql, { language: 'sql' })
		expect(output).toBe(
			[
				'-- monthly report',
				'SELECT',
				'  u.id,',
				'  u.name,',
				'  count(o.id) AS orders',
				'FROM',
				'  users u',
				'  LEFT JOIN orders o ON o.user_id = u.id /* only paid */',
				"  AND o.status = 'paid -- not a comment /* nor this */'",
				'WHERE',
				"  u.created_at >= '2024-01-01'",
				'GROUP BY',
				'  u.id,',
				'  u.name',
				'ORDER BY',
				'  orders DESC;',
				'',
			].join('\n'),
		)
	})

	test('minify: comments go, strings with -- and /* stay', async () => {
		const { output } = await run(samples.sql, { action: 'minify', language: 'sql' })
		expect(output).toBe(
			"SELECT u.id,u.name,count(o.id)AS orders FROM users u LEFT JOIN orders o ON o.user_id=u.id AND o.status='paid -- not a comment /* nor this */' WHERE u.created_at >='2024-01-01' GROUP BY u.id,u.name ORDER BY orders DESC;",
		)
	})

	test('MySQL input (backticks, backslash escapes) is formatted with the MySQL dialect', async () => {
		const input = "SELECT `name` FROM `users` WHERE bio = 'It\\'s here' LIMIT 1"
		const { output } = await run(input, { language: 'sql' })
		expect(output).toBe("SELECT\n  `name`\nFROM\n  `users`\nWHERE\n  bio = 'It\\'s here'\nLIMIT\n  1\n")
		const small = await run(input, { action: 'minify', language: 'sql' })
		expect(small.output).toBe("SELECT `name` FROM `users` WHERE bio='It\\'s here' LIMIT 1")
	})

	test.each([
		['an unclosed string', "SELECT *\nFROM t\nWHERE name = 'abc", { line: 3, column: 14 }, "Unclosed string: add '"],
		['an unclosed parenthesis', 'SELECT count(*\nFROM t', { line: 1, column: 13 }, "Unclosed '(': add ')'"],
		['a stray parenthesis', 'SELECT 1)\n', { line: 1, column: 9 }, "Unexpected ')': there is no '(' to close"],
		['an unclosed comment', 'SELECT 1 /* note\nFROM t', { line: 1, column: 10 }, 'Unclosed comment: add */'],
		['an unclosed quoted identifier', 'SELECT "name FROM t', { line: 1, column: 8 }, 'Unclosed quoted identifier: add "'],
		['an unclosed dollar-quoted string', 'SELECT $body$ text', { line: 1, column: 8 }, 'Unclosed dollar-quoted string: add $body$'],
	])('syntax error: %s', async (_name, input, position, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: 'sql' })
			expect(error.details).toMatchObject(position)
			expect(error.message).toBe(`SQL syntax error at line ${position.line}, column ${position.column}: ${message}`)
		}
	})

	test('a parse error from sql-formatter keeps its position', async () => {
		const error = await failure('SELECT a FROM t\nWHERE x = 1 {', { language: 'sql' })
		expect(error.message).toBe('SQL syntax error at line 2, column 13: Unexpected "{"')
		expect(error.details).toMatchObject({ line: 2, column: 13 })
	})
})

describe('JavaScript syntax errors', () => {
	test('esbuild (minify) and Prettier (beautify) report line and column', async () => {
		const input = 'const a = {\n  b: 1,\n  c: [\n};\n'
		const minify = await failure(input, { action: 'minify', language: 'javascript' })
		expect(minify.message).toBe('JavaScript syntax error at line 4, column 1: Unexpected "}"')
		expect(minify.details).toMatchObject({ line: 4, column: 1, language: 'javascript' })
		const beautify = await failure(input, { language: 'javascript' })
		expect(beautify.message).toBe('JavaScript syntax error at line 4, column 1: Unexpected token')
		expect(beautify.details).toMatchObject({ line: 4, column: 1 })
	})

	test('columns count characters, not UTF-8 bytes', async () => {
		const error = await failure('const s = "ééé😀" +;\n', { action: 'minify', language: 'javascript' })
		expect(error.details).toMatchObject({ line: 1, column: 19 })
	})

	test('a detected language is named in the message', async () => {
		const error = await failure('function f( {\n}\n', { action: 'minify' })
		expect(error.message).toMatch(/\(The input was detected as JavaScript: choose the language if that is wrong\.\)$/)
	})
})

describe('indent, print width and quotes', () => {
	const js = "function greet(name) { if (name) { return 'Hello, ' + name + '! Welcome back to the site.' } return \"Hi\" }\n"

	test('indent 4 and tabs', async () => {
		const four = await run(js, { language: 'javascript', indent: '4' })
		expect(four.output.split('\n')[1]).toBe('    if (name) {')
		const tabs = await run(js, { language: 'javascript', indent: 'tab' })
		expect(tabs.output.split('\n')[1]).toBe('\tif (name) {')
		const json = await run('{"a":{"b":1}}', { language: 'json', indent: 'tab' })
		expect(json.output).toBe('{\n\t"a": {\n\t\t"b": 1\n\t}\n}\n')
		const sql = await run('select a from t', { language: 'sql', indent: '4' })
		expect(sql.output).toBe('select\n    a\nfrom\n    t\n')
		const css = await run('.a{color:red}', { language: 'css', indent: 'tab' })
		expect(css.output).toBe('.a {\n\tcolor: red;\n}\n')
	})

	test('print width', async () => {
		const narrow = await run(js, { language: 'javascript', printWidth: 40 })
		expect(Math.max(...narrow.output.split('\n').map((line) => line.length))).toBeLessThanOrEqual(40)
		const wide = await run(js, { language: 'javascript', printWidth: 120 })
		expect(wide.output).toContain("    return 'Hello, ' + name + '! Welcome back to the site.';".replaceAll("'", '"'))
	})

	test('quotes', async () => {
		const single = await run(js, { language: 'javascript', quotes: 'single' })
		expect(single.output).toContain("return 'Hi';")
		const double = await run(js, { language: 'javascript', quotes: 'double' })
		expect(double.output).toContain('return "Hi";')
		const css = await run('.a::after { content: "x" }', { language: 'css', quotes: 'single' })
		expect(css.output).toBe(".a::after {\n  content: 'x';\n}\n")
		const xml = await run('<a b="1" c=\'say "hi"\'/>', { language: 'xml', quotes: 'single' })
		expect(xml.output).toBe('<a b=\'1\' c=\'say "hi"\' />\n')
	})
})

describe('sizes and saving', () => {
	test('raw, gzip (level 6) and brotli sizes of input and output', async () => {
		const input = samples.javascript
		const result = await run(input, { action: 'minify', language: 'javascript' })
		const quality = brotliQualityFor(Buffer.byteLength(input))
		const expected = (text: string) => ({
			raw: Buffer.byteLength(text),
			gzip: zlib.gzipSync(text, { level: 6 }).length,
			brotli: zlib.brotliCompressSync(text, {
				params: {
					[zlib.constants.BROTLI_PARAM_QUALITY]: quality,
					[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
					[zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
				},
			}).length,
		})
		expect(result.sizes).toEqual({ before: expected(input), after: expected(result.output) })
		expect(result.saving).toBe(Math.round(((result.sizes.before.raw - result.sizes.after.raw) / result.sizes.before.raw) * 1000) / 10)
	})

	test('beautify, whose output is larger, measures both at the output\'s effort', async () => {
		const input = 'a{b:c}'.repeat(25_000)
		const result = await run(input, { action: 'beautify', language: 'css' })
		expect(Buffer.byteLength(result.output)).toBeGreaterThan(128 * 1024)
		const brotli = (text: string) =>
			zlib.brotliCompressSync(text, {
				params: {
					[zlib.constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(Buffer.byteLength(result.output)),
					[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
					[zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
				},
			}).length
		expect(result.sizes.before.brotli).toBe(brotli(input))
		expect(result.sizes.after.brotli).toBe(brotli(result.output))
	})

	test('compressed sizes larger than one zlib buffer are counted whole', async () => {
		// Text that barely compresses: its gzip is larger than the 256 KB buffer zlib is given.
		let seed = 7
		const words = Array.from({ length: 60_000 }, () => (seed = (seed * 48271) % 2147483647).toString(36))
		const text = words.join(' ')
		expect(zlib.gzipSync(text, { level: 6 }).length).toBeGreaterThan(compressionChunkSize(Buffer.byteLength(text)))
		const sizes = await nodeEngines.compressedSizes(text)
		expect(sizes.gzip).toBe(zlib.gzipSync(text, { level: 6 }).length)
		expect(compressionChunkSize(100)).toBe(16 * 1024)
		expect(compressionChunkSize(10 * 1024 * 1024)).toBe(256 * 1024)
	})

	test('sizes: false leaves the compressed sizes out (null), and nothing else changes', async () => {
		const input = samples.javascript
		const full = await run(input, { action: 'minify', language: 'javascript' })
		const raw = await run(input, { action: 'minify', language: 'javascript', sizes: false })
		expect(raw.output).toBe(full.output)
		expect(raw.saving).toBe(full.saving)
		expect(raw.sizes).toEqual({ before: { raw: full.sizes.before.raw, gzip: null, brotli: null }, after: { raw: full.sizes.after.raw, gzip: null, brotli: null } })
		expect(minifyOptionsSchema.safeParse({ sizes: 'false' }).success).toBe(false)
	})

	test('a failed minify leaves no unhandled rejection from the sizes measured meanwhile', async () => {
		const error = await failure('function (', { action: 'minify', language: 'javascript' })
		expect(error.status).toBe(400)
	})

	test('raw sizes count UTF-8 bytes', async () => {
		const result = await run('{"é": "😀"}', { action: 'minify', language: 'json' })
		expect(result.sizes.before.raw).toBe(14)
		expect(utf8Length('é😀a')).toBe(7)
		expect(utf8Length('\ud800x')).toBe(4)
		// The browser's count (no Buffer there) agrees with Node's native one used on the server.
		for (const text of ['é😀a', '\ud800x', 'x\udc00', '\ud83d', 'abc', '', '\u07ff\u0800\uffff']) expect(countUtf8(text)).toBe(Buffer.byteLength(text))
	})

	test('saving is a percentage with one decimal, negative when the output grows', () => {
		expect(savingPercent(1000, 667)).toBe(33.3)
		expect(savingPercent(3, 2)).toBe(33.3)
		expect(savingPercent(100, 150)).toBe(-50)
		expect(savingPercent(0, 0)).toBe(0)
	})

	test('brotli effort shrinks for large inputs', () => {
		expect(brotliQualityFor(1000)).toBe(11)
		expect(brotliQualityFor(128 * 1024)).toBe(11)
		expect(brotliQualityFor(128 * 1024 + 1)).toBe(5)
		expect(brotliQualityFor(5 * 1024 * 1024)).toBe(5)
	})
})

describe('limits and bad input', () => {
	test('empty input', async () => {
		for (const input of ['', '   \n\t ']) {
			const error = await failure(input, { action: 'minify' })
			expect(error.message).toBe(EMPTY_INPUT_MESSAGE)
			expect(error.status).toBe(400)
		}
	})

	test('more than 10 MB is refused with 413', async () => {
		const error = await failure('a'.repeat(MAX_INPUT_BYTES + 1), { action: 'minify', language: 'javascript' })
		expect(error.status).toBe(413)
		expect(error.message).toBe('Input is too large: 10 MB (limit 10 MB).')
		expect(error.details).toEqual({ limit: MAX_INPUT_BYTES, size: MAX_INPUT_BYTES + 1 })
	})

	test('beautify caps per language answer 422 and name the cap', async () => {
		const html = '<p>' + 'x'.repeat(BEAUTIFY_CAPS.html) + '</p>'
		const error = await failure(html, { language: 'html' })
		expect(error.status).toBe(422)
		expect(error.message).toBe('Beautifying HTML is limited to 512 KB; this input is 512.01 KB.')
		expect(formatBytes(html.length)).toBe('512.01 KB')
		expect(formatBytes(1536 * 1024)).toBe('1.5 MB')
		expect(formatBytes(100)).toBe('100 bytes')
		// JSON has its own linear printer: no cap below the input limit.
		const json = await run('[' + '1,'.repeat(1_500_000) + '1]', { language: 'json' })
		expect(json.output.split('\n')).toHaveLength(1_500_004)
	})

	test.each([
		['JavaScript', 'javascript', 'x = ' + '('.repeat(10_000) + '1' + ')'.repeat(10_000), /nested too deeply/],
		['JavaScript (unbalanced)', 'javascript', 'x = ' + '('.repeat(10_000), /nested too deeply/],
		['TypeScript', 'typescript', 'let x: number = ' + '['.repeat(10_000), /nested too deeply/],
		['CSS', 'css', '.a { width: calc' + '('.repeat(10_000) + '1px' + ')'.repeat(10_000) + ' }', /nested too deeply/],
		['CSS (nested rules)', 'css', '.a {'.repeat(10_000) + '}'.repeat(10_000), /nested too deeply/],
		['SQL', 'sql', 'SELECT ' + '('.repeat(10_000) + '1' + ')'.repeat(10_000), /nested too deeply/],
		['JSON', 'json', '['.repeat(10_000) + ']'.repeat(10_000), /^Nesting is too deep: more than 1,000 levels\.$/],
		['HTML', 'html', '<div>'.repeat(10_000) + '</div>'.repeat(10_000), /nested too deeply/],
	])('10,000 levels of nesting (%s) → 422, not a crash', async (_name, language, input, message) => {
		for (const action of ['minify', 'beautify'] as const) {
			const error = await failure(input, { action, language: language as MinifyOptions['language'] })
			expect(error.status, action).toBe(422)
			expect(error.message, action).toMatch(message)
		}
	})

	test('deep XML is minified; beautifying it is refused cleanly', async () => {
		const input = '<a>'.repeat(10_000) + '</a>'.repeat(10_000)
		const { output } = await run(input, { action: 'minify', language: 'xml' })
		expect(output).toBe('<a>'.repeat(9_999) + '<a/>' + '</a>'.repeat(9_999))
		const error = await failure(input, { language: 'xml' })
		expect(error.status).toBe(422)
		expect(error.message).toBe('The XML is nested too deeply to beautify.')
	})

	test('the engines still work after refusing deep input', async () => {
		await failure('x = ' + '('.repeat(1_000_000), { action: 'minify', language: 'javascript' })
		const { output } = await run('let a = 1 + 2', { action: 'minify', language: 'javascript' })
		expect(output).toBe('let a=3;\n')
	})
})

describe('detection inside run', () => {
	test('auto picks the language and says it was detected', async () => {
		const cases: Array<[string, string]> = [
			[samples.javascript, 'javascript'],
			[samples.typescript, 'typescript'],
			[samples.css, 'css'],
			[samples.html, 'html'],
			[samples.json, 'json'],
			[samples.xml, 'xml'],
			[samples.sql, 'sql'],
		]
		for (const [input, language] of cases) {
			const result = await run(input, { action: 'minify' })
			expect(result.language).toBe(language)
			expect(result.detected).toBe(true)
		}
	})
})
