/**
 * Minify & Beautify through `POST /api/tools/minify-beautify` (and its page's
 * form action, without JavaScript), against the real worker pool (native
 * esbuild, lightningcss and zlib's Brotli) and database: every language and
 * action, language detection, options, syntax errors with their position,
 * the size report with Brotli, size limits, nesting bombs, and the usage
 * record of each run.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import * as pageRoute from '#app/tools/minify-beautify/page.tsx'
import { languageIds } from '#app/tools/minify-beautify/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { samples } from '#tests/fixtures/minify-samples.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

async function post(json: unknown): Promise<{ status: number; body: Json }> {
	const request = makeRequest('/api/tools/minify-beautify', { method: 'POST', json })
	const response = await apiRoute.action({ request, params: { slug: 'minify-beautify' }, context: context() } as never)
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}


/** What each language's beautified and minified output must be (native engines, default options). */
const expected: Record<keyof typeof samples, { language: string; beautify: string; minify: string }> = {
	javascript: {
		language: 'javascript',
		beautify:
			'/*! greet.js v1.0.0 | MIT License */\n// Say hello to someone.\nfunction greet(name, greeting = "Hello") {\n  const message = greeting + ", " + name + "!";\n  return message;\n}\nconsole.log(greet("Ada"));\n',
		minify: '/*! greet.js v1.0.0 | MIT License */function greet(e,o="Hello"){return o+", "+e+"!"}console.log(greet("Ada"));\n',
	},
	jsx: {
		language: 'javascript',
		beautify:
			'import { useState } from "react";\n\nexport function Counter({ start = 0 }) {\n  const [count, setCount] = useState(start);\n  return (\n    <button className="counter" onClick={() => setCount(count + 1)}>\n      Clicked {count} times\n    </button>\n  );\n}\n',
		minify:
			'import{useState as e}from"react";export function Counter({start:o=0}){const[t,n]=e(o);return<button className="counter"onClick={()=>n(t+1)}>Clicked {t} times</button>}\n',
	},
	typescript: {
		language: 'typescript',
		beautify:
			'interface User {\n  id: number;\n  name: string;\n}\n\nexport function findUser(users: Array<User>, id: number): User | undefined {\n  return users.find((user) => user.id === id);\n}\n',
		minify: 'export function findUser(e,r){return e.find(n=>n.id===r)}\n',
	},
	css: {
		language: 'css',
		beautify: '/*! theme.css | MIT */\n.card {\n  margin: 0px 0px 10px 0px;\n  color: #ff0000;\n}\n\n@media (min-width: 768px) {\n  .card {\n    padding: 20px;\n  }\n}\n',
		// The default target keeps min-width for Safari 15 (issue 29).
		minify: '/*! theme.css | MIT */\n.card{color:red;margin:0 0 10px}@media (min-width:768px){.card{padding:20px}}',
	},
	html: {
		language: 'html',
		beautify:
			'<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <title>Demo</title>\n    <style>\n      body {\n        margin: 0;\n        font-family: sans-serif;\n      }\n    </style>\n  </head>\n  <body>\n    <!-- a comment -->\n    <p class="lead">Hello, <b>world</b>!</p>\n    <script>\n      document.querySelector(".lead").title = "Greeting";\n    </script>\n  </body>\n</html>\n',
		minify:
			'<!DOCTYPE html><html lang="en"><head><title>Demo</title><style>body{margin:0;font-family:sans-serif}</style></head><body><p class="lead">Hello, <b>world</b>!</p><script>document.querySelector(".lead").title="Greeting"</script></body></html>',
	},
	json: {
		language: 'json',
		beautify: '{\n  "name": "demo",\n  "price": 1.50,\n  "big": 12345678901234567890,\n  "tags": [\n    "a",\n    "b"\n  ],\n  "nested": {\n    "empty": {}\n  }\n}\n',
		minify: '{"name":"demo","price":1.50,"big":12345678901234567890,"tags":["a","b"],"nested":{"empty":{}}}',
	},
	xml: {
		language: 'xml',
		beautify:
			'<?xml version="1.0" encoding="UTF-8" ?>\n<catalog>\n  <!-- books -->\n  <book id="b1">\n    <title>Dune</title>\n    <price currency="EUR">9.99</price>\n  </book>\n</catalog>\n',
		minify: '<?xml version="1.0" encoding="UTF-8"?><catalog><book id="b1"><title>Dune</title><price currency="EUR">9.99</price></book></catalog>',
	},
	sql: {
		language: 'sql',
		beautify:
			'-- active users and their orders\nSELECT\n  u.id,\n  u.name,\n  count(o.id) AS orders\nFROM\n  users u\n  LEFT JOIN orders o ON o.user_id = u.id\nWHERE\n  u.active = true\nGROUP BY\n  u.id,\n  u.name\nORDER BY\n  orders DESC;\n',
		minify: 'SELECT u.id,u.name,count(o.id)AS orders FROM users u LEFT JOIN orders o ON o.user_id=u.id WHERE u.active=true GROUP BY u.id,u.name ORDER BY orders DESC;',
	},
}

const sampleNames = Object.keys(samples) as Array<keyof typeof samples>

describe('POST /api/tools/minify-beautify', () => {
	test('every language beautifies and minifies with the native engines, with the size report and Brotli', async () => {
		for (const name of sampleNames) {
			const input = samples[name]
			const { language } = expected[name]
			for (const action of ['beautify', 'minify'] as const) {
				const { status, body } = await post({ input, options: { action, language } })
				expect(status, `${name} ${action}: ${JSON.stringify(body)}`).toBe(200)
				expect(body.output, `${name} ${action}`).toBe(expected[name][action])
				expect(body.language).toBe(language)
				expect(body.detected).toBe(false)
				expect(Array.isArray(body.notes)).toBe(true)
				const { before, after } = body.sizes
				expect(before.raw).toBe(Buffer.byteLength(input))
				expect(after.raw).toBe(Buffer.byteLength(body.output))
				// On the server both compressed sizes are measured (the browser has no Brotli encoder).
				for (const size of [before, after]) {
					expect(size.gzip).toBeGreaterThan(0)
					expect(size.brotli).toBeGreaterThan(0)
				}
				expect(body.saving).toBe(Math.round(((before.raw - after.raw) / before.raw) * 1000) / 10)
				if (action === 'minify') expect(body.saving, `${name} minify`).toBeGreaterThan(0)
			}
		}
	}, 120_000)

	test('sizes: false answers raw sizes only (null gzip and brotli); anything but a boolean is a 400', async () => {
		const input = samples.javascript
		const { status, body } = await post({ input, options: { action: 'minify', language: 'javascript', sizes: false } })
		expect(status).toBe(200)
		expect(body.output).toBe(expected.javascript.minify)
		expect(body.sizes).toEqual({
			before: { raw: Buffer.byteLength(input), gzip: null, brotli: null },
			after: { raw: Buffer.byteLength(body.output), gzip: null, brotli: null },
		})
		const refused = await post({ input, options: { action: 'minify', sizes: 'no' } })
		expect(refused.status).toBe(400)
	})

	test('every language is detected automatically', async () => {
		for (const name of sampleNames) {
			const { status, body } = await post({ input: samples[name], options: { action: 'minify' } })
			expect(status, name).toBe(200)
			expect(body.language, name).toBe(expected[name].language)
			expect(body.detected).toBe(true)
			expect(body.output).toBe(expected[name].minify)
		}
		// Beautify is the default action, and auto the default language.
		const { body } = await post({ input: samples.css })
		expect(body).toMatchObject({ language: 'css', detected: true, output: expected.css.beautify })
	}, 60_000)

	test('licence comments stay and TypeScript types are removed, with notes', async () => {
		const js = await post({ input: samples.javascript, options: { action: 'minify' } })
		expect(js.body.output).toMatch(/^\/\*! greet\.js v1\.0\.0 \| MIT License \*\//)
		expect(js.body.output).not.toContain('Say hello')

		const ts = await post({ input: samples.typescript, options: { action: 'minify', language: 'typescript' } })
		expect(ts.body.output).not.toMatch(/interface|: number/)
		expect(ts.body.notes).toEqual([expect.stringMatching(/^TypeScript types were removed/)])

		const xml = await post({ input: samples.xml, options: { action: 'minify' } })
		expect(xml.body.notes).toEqual([expect.stringMatching(/^Comments and whitespace-only text between tags were removed/)])
	})

	test('indent, print width and quotes change the beautified output', async () => {
		const input = "const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' }\n"
		const base = { action: 'beautify', language: 'javascript' }
		const two = await post({ input, options: base })
		expect(two.body.output).toBe(
			'const user = {\n  name: "Ada",\n  languages: ["English", "French"],\n  born: 1815,\n  city: "London",\n};\n',
		)
		const four = await post({ input, options: { ...base, indent: '4' } })
		expect(four.body.output).toContain('\n    name: "Ada",\n')
		const tabs = await post({ input, options: { ...base, indent: 'tab' } })
		expect(tabs.body.output).toContain('\n\tname: "Ada",\n')
		const single = await post({ input, options: { ...base, quotes: 'single' } })
		expect(single.body.output).toContain("\n  name: 'Ada',\n")
		const wide = await post({ input, options: { ...base, printWidth: 120 } })
		expect(wide.body.output).toBe('const user = { name: "Ada", languages: ["English", "French"], born: 1815, city: "London" };\n')

		const json = await post({ input: samples.json, options: { action: 'beautify', indent: 'tab' } })
		expect(json.body.output).toContain('\n\t"name": "demo",\n')
		const sql = await post({ input: samples.sql, options: { action: 'beautify', indent: '4' } })
		expect(sql.body.output).toContain('SELECT\n    u.id,\n')
		const xml = await post({ input: samples.xml, options: { action: 'beautify', quotes: 'single' } })
		expect(xml.body.output).toContain("<book id='b1'>")
	})

	test('syntax errors are 400 with the language, line and column', async () => {
		const cases = [
			{ language: 'javascript', input: 'const a = 1\nconst b = (2 +;\n', action: 'beautify', line: 2, column: 15 },
			{ language: 'javascript', input: 'let x = 1\nfunction (', action: 'minify', line: 2, column: 10 },
			{ language: 'typescript', input: 'interface A {\n  b: string\n\nconst c = 1', action: 'minify' },
			{ language: 'css', input: '.a { color: red; }\n}', action: 'beautify', line: 2, column: 1 },
			{ language: 'css', input: '.a { color: red;\n.b { }', action: 'minify', line: 1, column: 4 },
			{ language: 'html', input: '<div>\n<p>hi</span>\n</div>', action: 'beautify', line: 2, column: 6 },
			{ language: 'html', input: '<div>\n<script>let = ;</script>\n</div>', action: 'minify', line: 2 },
			{ language: 'json', input: '{"a": 1,\n "b": }', action: 'minify', line: 2, column: 7 },
			{ language: 'xml', input: '<a>\n<b></c>\n</a>', action: 'minify', line: 2, column: 4 },
			{ language: 'sql', input: 'SELECT * FROM (a', action: 'beautify', line: 1, column: 15 },
		]
		for (const { language, input, action, line, column } of cases) {
			const { status, body } = await post({ input, options: { action, language } })
			const label = `${language} ${action} ${JSON.stringify(input)}`
			expect(status, label).toBe(400)
			expect(body.code, label).toBe('VALIDATION_ERROR')
			expect(body.message, label).toMatch(/syntax error at line \d+, column \d+: /)
			expect(body.details.language, label).toBe(language)
			expect(body.details.line, label).toBeGreaterThanOrEqual(1)
			expect(body.details.column, label).toBeGreaterThanOrEqual(1)
			if (line !== undefined) expect(body.details.line, label).toBe(line)
			if (column !== undefined) expect(body.details.column, label).toBe(column)
			expect(body.output, label).toBeUndefined()
		}
	}, 60_000)

	test('a detected language is named in the error, so a wrong guess can be corrected', async () => {
		const { status, body } = await post({ input: '.a { color: red;', options: { action: 'minify' } })
		expect(status).toBe(400)
		expect(body.message).toMatch(/^CSS syntax error .*\(The input was detected as CSS: choose the language if that is wrong\.\)$/)
	})

	test('10,000 opening brackets are a clean 4xx in every language and action, never a 500', async () => {
		const input = '('.repeat(10_000)
		for (const language of ['auto', ...languageIds]) {
			for (const action of ['beautify', 'minify']) {
				const { status, body } = await post({ input, options: { action, language } })
				const label = `${language} ${action}: ${body.message}`
				// Answered by the parser, not stopped by the job's time limit (no clock: the test's timeout is the hang guard).
				expect(body.details?.limitSeconds, label).toBeUndefined()
				if (language === 'html') {
					// In HTML the brackets are just text.
					expect(status, label).toBe(200)
					continue
				}
				expect(status, label).toBeGreaterThanOrEqual(400)
				expect(status, label).toBeLessThan(500)
				expect(body.code, label).toBe('VALIDATION_ERROR')
			}
		}
		// Balanced, too deep to parse safely.
		const nested = await post({ input: '('.repeat(10_000) + ')'.repeat(10_000), options: { action: 'minify', language: 'javascript' } })
		expect(nested.status).toBe(422)
		expect(nested.body.message).toMatch(/nested too deeply/)
	}, 120_000)

	test('more than 10 MB is 413; empty input and bad options are 400', async () => {
		const large = await post({ input: 'a'.repeat(10 * 1024 * 1024 + 1), options: { action: 'minify', language: 'javascript' } })
		expect(large.status).toBe(413)
		expect(large.body.code).toBe('PAYLOAD_TOO_LARGE')

		const empty = await post({ input: '  \n', options: { action: 'minify' } })
		expect(empty.status).toBe(400)
		expect(empty.body.message).toBe('Enter some code to minify or beautify.')

		for (const [options, field] of [
			[{ action: 'shrink' }, 'options.action'],
			[{ language: 'python' }, 'options.language'],
			[{ indent: '3' }, 'options.indent'],
			[{ printWidth: 20 }, 'options.printWidth'],
			[{ printWidth: 500 }, 'options.printWidth'],
			[{ quotes: 'backtick' }, 'options.quotes'],
		] as const) {
			const { status, body } = await post({ input: 'a', options })
			expect(status, JSON.stringify(options)).toBe(400)
			expect(body.message).toMatch(new RegExp(`^Validation failed: ${field.replace('.', '\\.')}: `))
		}
		const unknown = await post({ input: 'a', options: { mangle: false } })
		expect(unknown.status).toBe(400)
		expect(unknown.body.message).toMatch(/Unrecognized key/)
	}, 60_000)

	test('output with </script> is returned as data, escaped only as the language needs', async () => {
		const { status, body } = await post({ input: 'const closing = "</script><img src=x onerror=alert(1)>"\n', options: { action: 'minify', language: 'javascript' } })
		expect(status).toBe(200)
		expect(body.output).toBe('const closing="<\\/script><img src=x onerror=alert(1)>";\n')
	})

	test('each run is recorded with its outcome, never its content', async () => {
		await post({ input: 'const secret = "value"', options: { action: 'minify' } })
		await post({ input: 'const secret = ', options: { action: 'minify', language: 'javascript' } })
		await post({ input: '('.repeat(10_000), options: { action: 'minify', language: 'javascript' } })
		await post({ input: 'a'.repeat(10 * 1024 * 1024 + 1) })
		await settleRunRecords()
		// Counts are written without blocking the answers, so they land in any order: sort by size.
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes }) => ({ tool, via, outcome, inputBytes }))).toEqual([
			{ tool: 'minify-beautify', via: 'api', outcome: 'invalid', inputBytes: 15 },
			{ tool: 'minify-beautify', via: 'api', outcome: 'ok', inputBytes: 22 },
			{ tool: 'minify-beautify', via: 'api', outcome: 'invalid', inputBytes: 10_000 },
			{ tool: 'minify-beautify', via: 'api', outcome: 'too_large', inputBytes: 10 * 1024 * 1024 + 1 },
		])
		expect(runs[1]!.outputBytes).toBe('const secret="value";\n'.length)
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret/)
	}, 60_000)
})

describe('the page’s form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>) {
		const request = makeRequest('/tools/minify-beautify', { method: 'POST', form: fields })
		const response = (await pageRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('beautifies with the posted options (print width as text) and measures Brotli', async () => {
		const input = "const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' }\n"
		const { status, data } = await postForm({ input, action: 'beautify', language: 'auto', indent: '4', printWidth: '120', quotes: 'single' })
		expect(status).toBe(200)
		expect(data.options).toEqual({ action: 'beautify', language: 'auto', indent: '4', printWidth: 120, quotes: 'single' })
		expect(data.result.output).toBe("const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' };\n")
		expect(data.result).toMatchObject({ language: 'javascript', detected: true })
		expect(data.result.sizes.after.brotli).toBeGreaterThan(0)
		expect(data.error).toBeNull()
	})

	test('minifies, and the run is recorded as a form run', async () => {
		const { status, data } = await postForm({ input: samples.css, action: 'minify', language: 'css', indent: '2', printWidth: '80', quotes: 'double' })
		expect(status).toBe(200)
		expect(data.result.output).toBe(expected.css.minify)
		expect(data.result.saving).toBeGreaterThan(0)
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { tool: true, via: true, outcome: true } })).toEqual([{ tool: 'minify-beautify', via: 'form', outcome: 'ok' }])
	})

	test('an error comes back with its position and the input kept', async () => {
		const input = '<catalog>\n  <book>\n</catalog>'
		const { status, data } = await postForm({ input, action: 'minify', language: 'xml' })
		expect(status).toBe(400)
		expect(data.input).toBe(input)
		expect(data.result).toBeNull()
		expect(data.error.message).toMatch(/^XML syntax error at line \d+, column \d+/)
		expect(data.error.details).toMatchObject({ language: 'xml', line: expect.any(Number), column: expect.any(Number) })
	})

	test('an invalid print width is a 400 naming the option', async () => {
		const { status, data } = await postForm({ input: 'a', action: 'beautify', printWidth: '7' })
		expect(status).toBe(400)
		expect(data.error.message).toMatch(/^Validation failed: options\.printWidth: /)
	})
})

describe('the CSS browser target (issue 29, item 17)', () => {
	const css = '@media (max-width: 600px) {\n  .card { padding: 8px; }\n}\n'

	test('by default the minified CSS keeps max-width (Safari before 16.4 ignores range syntax), and says which target it used', async () => {
		const { status, body } = await post({ input: css, options: { action: 'minify', language: 'css' } })
		expect(status).toBe(200)
		expect(body.output).toBe('@media (max-width:600px){.card{padding:8px}}')
		expect(body.target.query).toBe('defaults, iOS >= 15, Safari >= 15')
		expect(body.target.browsers).toEqual(expect.arrayContaining([{ id: 'ios_saf', name: 'Safari on iOS', version: '15.0' }]))
	})

	test('a modern target may use range syntax', async () => {
		const { status, body } = await post({ input: css, options: { action: 'minify', language: 'css', target: 'chrome 120' } })
		expect(status).toBe(200)
		expect(body.output).toBe('@media (width<=600px){.card{padding:8px}}')
		expect(body.target).toEqual({ query: 'chrome 120', browsers: [{ id: 'chrome', name: 'Chrome', version: '120' }] })
	})

	test('a bad query is a 400 naming options.target, in any language', async () => {
		for (const [target, reason] of [
			['chrome 9999', /Unknown version 9999 of chrome/],
			['foo bar', /Unknown browser query/],
			['extends some-package', /not supported here/],
			['> 5% in US', /not supported here/],
			['supports css-grid', /not supported here/],
			['last 2 years', /not supported here/],
			['', /Enter a browser query/],
		] as const) {
			for (const language of ['css', 'javascript'] as const) {
				const { status, body } = await post({ input: 'a { color: red }', options: { action: 'minify', language, target } })
				expect(status, target).toBe(400)
				expect(body.code).toBe('VALIDATION_ERROR')
				expect(body.message, target).toMatch(/^Validation failed: options\.target: /)
				expect(body.details.fields['options.target'][0], target).toMatch(reason)
			}
		}
	})

	test('the form without JavaScript posts the target too', async () => {
		const request = makeRequest('/tools/minify-beautify', { method: 'POST', form: { input: css, action: 'minify', language: 'css', target: 'chrome 120' } })
		const response = (await pageRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		expect(response.data.result.output).toBe('@media (width<=600px){.card{padding:8px}}')
		expect(response.data.result.target.query).toBe('chrome 120')
	})
})
