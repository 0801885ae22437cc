/**
 * The Minify & Beautify page (/tools/minify-beautify) in a real browser: every
 * language beautified and minified in the tool Web Worker (Prettier,
 * esbuild-wasm, lightningcss-wasm…) with the same output as the server,
 * automatic detection, licence comments, the size report (gzip measured,
 * Brotli n/a in the browser), options, syntax errors with line, column and
 * caret, copy and download names, engines downloaded only for the language
 * used and never on other pages, no console errors (the CSP must let the
 * worker compile WebAssembly), axe; and without JavaScript: the form post,
 * with Brotli measured by the server, and an error.
 */
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, pasteInput } from '../utils.ts'
import { samples } from '#tests/fixtures/minify-samples.ts'

const PATH = '/tools/minify-beautify'

/**
 * Marks a test that waits for a first result from esbuild's or lightningcss's
 * WebAssembly (14 and 16 MB, downloaded and compiled in each test's fresh
 * browser context) or Prettier: a few seconds on an idle machine, over 15 s
 * on a busy one.
 */
function loadsEngines() {
	test.slow()
}


type SampleName = keyof typeof samples

const detectedNames: Record<SampleName, string> = {
	javascript: 'JavaScript',
	jsx: 'JavaScript',
	typescript: 'TypeScript',
	css: 'CSS',
	html: 'HTML',
	json: 'JSON',
	xml: 'XML',
	sql: 'SQL',
}

/** What the page must show for each sample, beside matching the server's output exactly. */
const fragments: Record<SampleName, { beautify: string; minify: string }> = {
	javascript: { beautify: 'function greet(name, greeting = "Hello") {\n  const message', minify: '/*! greet.js v1.0.0 | MIT License */function greet(' },
	jsx: { beautify: '  return (\n    <button className="counter"', minify: 'return<button className="counter"onClick={()=>' },
	typescript: { beautify: 'interface User {\n  id: number;\n', minify: 'export function findUser(e,r){return e.find(n=>n.id===r)}' },
	css: { beautify: '@media (min-width: 768px) {\n  .card {\n    padding: 20px;\n  }\n}', minify: '.card{color:red;margin:0 0 10px}' },
	html: { beautify: '    <p class="lead">Hello, <b>world</b>!</p>', minify: '<style>body{margin:0;font-family:sans-serif}</style>' },
	json: { beautify: '{\n  "name": "demo",\n  "price": 1.50,\n  "big": 12345678901234567890,', minify: '{"name":"demo","price":1.50,"big":12345678901234567890,' },
	xml: { beautify: '  <book id="b1">\n    <title>Dune</title>', minify: '<catalog><book id="b1"><title>Dune</title>' },
	sql: { beautify: 'SELECT\n  u.id,\n  u.name,', minify: 'SELECT u.id,u.name,count(o.id)AS orders FROM users u' },
}

/** Requests that belong to the heavy engines (names from the package files Vite bundles). */
const heavy = {
	esbuildWasm: /\/assets\/esbuild-[\w-]+\.wasm$/,
	// esbuild-wasm's browser.js (not the tool worker, browser-worker-*.js).
	esbuildJs: /\/assets\/browser-(?!worker-)[\w-]+\.js$/,
	lightningcssWasm: /\/assets\/lightningcss_node-[\w-]+\.wasm$/,
	prettier: /\/assets\/standalone-[\w-]+\.js$/,
	prettierBabel: /\/assets\/babel-[\w-]+\.js$/,
	prettierPostcss: /\/assets\/postcss-[\w-]+\.js$/,
	htmlMinifier: /\/assets\/htmlminifier\.esm\.bundle-[\w-]+\.js$/,
	core: /\/assets\/core\.browser-[\w-]+\.js$/,
}

/** Every request of the context, the tool worker's included. */
function recordRequests(context: BrowserContext): Array<string> {
	const urls: Array<string> = []
	context.on('request', (request) => urls.push(new URL(request.url()).pathname))
	return urls
}

function requested(urls: ReadonlyArray<string>, pattern: RegExp): boolean {
	return urls.some((url) => pattern.test(url))
}

/** Records every status the page shows, in order (`statusesOf`), to see which ones said "Loading…". */
async function recordStatuses(page: Page) {
	await page.addInitScript(() => {
		const statuses: Array<string> = []
		;(window as unknown as { statuses: Array<string> }).statuses = statuses
		new MutationObserver(() => {
			const text = document.querySelector('[data-testid="tool-status"]')?.textContent ?? ''
			if (text !== statuses.at(-1)) statuses.push(text)
		}).observe(document, { subtree: true, childList: true, characterData: true })
	})
}

function statusesOf(page: Page): Promise<Array<string>> {
	return page.evaluate(() => (window as unknown as { statuses: Array<string> }).statuses)
}

/** The engines the tool's worker has loaded (warmed, or by a run), as the form says. */
function enginesReady(page: Page) {
	return page.getByRole('form', { name: 'Minify and beautify code' })
}

async function choose(page: Page, action: 'Beautify' | 'Minify') {
	await page.getByRole('radio', { name: action, exact: true }).check({ force: true })
}

async function serverOutput(request: APIRequestContext, input: string, options: Record<string, unknown>): Promise<string> {
	const response = await request.post('/api/tools/minify-beautify', { data: { input, options } })
	expect(response.status()).toBe(200)
	return ((await response.json()) as { output: string }).output
}

/** Beautifies and minifies each sample with "Detect automatically": the page's output is the server's, byte for byte. */
async function checkSamples(page: Page, request: APIRequestContext, names: ReadonlyArray<SampleName>) {
	const output = page.getByTestId('tool-output')
	for (const name of names) {
		for (const action of ['Beautify', 'Minify'] as const) {
			await choose(page, action)
			await pasteInput(page, samples[name])
			await expect(page.getByTestId('minify-detected'), name).toHaveText(`Detected: ${detectedNames[name]}`)
			const expected = await serverOutput(request, samples[name], { action: action.toLowerCase() })
			await expect(output, `${name} ${action}`).toHaveValue(expected, { timeout: 30_000 })
			expect(expected).toContain(fragments[name][action === 'Beautify' ? 'beautify' : 'minify'])
			await expect(page.getByTestId('tool-status')).toHaveText(`${action === 'Minify' ? 'Minified' : 'Beautified'} ${detectedNames[name]} (detected)`)
			await expect(page.getByTestId('size-report')).toBeVisible()
		}
	}
}

test.describe('with JavaScript', () => {
	test('JavaScript with JSX and TypeScript: detected, beautified and minified as on the server', async ({ page, request }) => {
		test.setTimeout(120_000)
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await checkSamples(page, request, ['javascript', 'jsx', 'typescript'])
		// The TypeScript minified last: its types are gone, and the page says so.
		await expect(page.getByTestId('minify-notes')).toContainText('TypeScript types were removed: the output is JavaScript')
		expect(errors).toEqual([])
	})

	test('CSS and HTML: detected, beautified and minified as on the server', async ({ page, request }) => {
		test.setTimeout(120_000)
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await checkSamples(page, request, ['css', 'html'])
		expect(errors).toEqual([])
	})

	test('JSON, XML and SQL: detected, beautified and minified as on the server', async ({ page, request }) => {
		test.setTimeout(120_000)
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await checkSamples(page, request, ['json', 'xml', 'sql'])
		await expect(page.getByTestId('minify-notes')).toHaveCount(0)
		expect(errors).toEqual([])
	})

	test('a language chosen by hand is used as it is, without a "Detected" label', async ({ page }) => {
		await page.goto(PATH)
		await choose(page, 'Minify')
		await page.getByLabel('Language').selectOption('json')
		await pasteInput(page, '[1, 2,\n 3]')
		await expect(page.getByTestId('tool-output')).toHaveValue('[1,2,3]', { timeout: 30_000 })
		await expect(page.getByTestId('minify-detected')).toHaveText('')
		await expect(page.getByTestId('tool-status')).toHaveText('Minified JSON')
		// Chosen by hand, XML is read as XML even though it looks like HTML.
		await page.getByLabel('Language').selectOption('xml')
		await pasteInput(page, '<div>\n  <p>kept as XML</p>\n</div>')
		await expect(page.getByTestId('tool-output')).toHaveValue('<div><p>kept as XML</p></div>', { timeout: 30_000 })
	})

	test('minifying JavaScript keeps the /*! licence */ comment and reports the sizes', async ({ page }) => {
		loadsEngines()
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await choose(page, 'Minify')
		await pasteInput(page, samples.javascript)
		const output = page.getByTestId('tool-output')
		await expect(output).toHaveValue(/^\/\*! greet\.js v1\.0\.0 \| MIT License \*\/function greet\(/, { timeout: 30_000 })
		await expect(output).not.toHaveValue(/Say hello/)

		const report = page.getByTestId('size-report')
		const before = Buffer.byteLength(samples.javascript)
		const after = Buffer.byteLength(await output.inputValue())
		const saving = Math.round(((before - after) / before) * 1000) / 10
		await expect(page.getByTestId('size-saving')).toHaveText(`Saved ${saving}% (${before - after} bytes)`)
		await expect(page.getByTestId('size-row-raw').getByRole('cell')).toHaveText([String(before), String(after), `${saving}%`])
		const gzip = page.getByTestId('size-row-gzip').getByRole('cell')
		await expect(gzip).toHaveText([/^\d+$/, /^\d+$/, /^\d+(\.\d)?%$/])
		// Brotli cannot be measured in a browser: n/a, with the reason.
		await expect(page.getByTestId('size-row-brotli').getByRole('cell')).toHaveText(['n/a', 'n/a', 'n/a'])
		await expect(page.getByTestId('size-brotli-note')).toContainText('Browsers can compress with gzip but have no Brotli compressor')
		await expect(report.getByRole('table')).toBeVisible()
		await expect(page.locator('#tool-output-note')).toHaveText(`JavaScript · ${after} bytes · 1 line`)

		// Beautifying makes the code larger: the report says so.
		await choose(page, 'Beautify')
		await expect(output).toHaveValue(/^\/\*! greet\.js/, { timeout: 30_000 })
		await expect(page.getByTestId('size-saving')).toHaveText(/^\d+(\.\d)?% larger \(\d+ bytes more: indentation and line breaks\)$/)
		expect(errors).toEqual([])
	})

	// axe on the size report, a test per theme: the beautified result (larger) in light,
	// the minified one (the saving in green) in dark.
	for (const theme of ['light', 'dark'] as const) {
		test(`the size report passes axe in the ${theme} theme`, async ({ page }) => {
			loadsEngines()
			const errors = collectConsoleErrors(page)
			await page.goto(PATH)
			const action = theme === 'light' ? 'Beautify' : 'Minify'
			await choose(page, action)
			await pasteInput(page, samples.javascript)
			await expect(page.getByTestId('tool-output')).toHaveValue(/^\/\*! greet\.js/, { timeout: 30_000 })
			await expect(page.getByTestId('size-saving')).toHaveText(theme === 'light' ? /% larger \(/ : /^Saved /)
			if (theme === 'dark') await page.getByTestId('theme-toggle').click()
			await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/)
			await expectNoSeriousA11yViolations(page)
			expect(errors).toEqual([])
		})
	}

	test('indent, print width and quotes change the output; they are disabled while minifying', async ({ page }) => {
		loadsEngines()
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		const input = "const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' }\n"
		const output = page.getByTestId('tool-output')
		await page.getByLabel('Language').selectOption('javascript')
		await pasteInput(page, input)
		await expect(output).toHaveValue('const user = {\n  name: "Ada",\n  languages: ["English", "French"],\n  born: 1815,\n  city: "London",\n};\n', {
			timeout: 30_000,
		})

		await page.getByRole('radio', { name: '4 spaces' }).check({ force: true })
		await expect(output).toHaveValue(/^const user = \{\n {4}name: "Ada",\n/)
		await page.getByRole('radio', { name: 'Tabs' }).check({ force: true })
		await expect(output).toHaveValue(/^const user = \{\n\tname: "Ada",\n/)
		await page.getByRole('radio', { name: /^Single/ }).check({ force: true })
		await expect(output).toHaveValue(/^const user = \{\n\tname: 'Ada',\n/)

		const width = page.getByLabel('Print width')
		await width.fill('120')
		await expect(output).toHaveValue("const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' };\n")
		// While a number is half typed (or out of range) the last valid width stays in use.
		await width.fill('12')
		await expect(width).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('A whole number from 40 to 200; 120 is used meanwhile.')).toBeVisible()
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
		await expect(output).toHaveValue("const user = { name: 'Ada', languages: ['English', 'French'], born: 1815, city: 'London' };\n")
		await width.fill('40')
		await expect(output).toHaveValue(/^const user = \{\n\tname: 'Ada',\n\tlanguages: \['English', 'French'\],\n/)
		await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tool:minify-beautify:options') ?? '{}') as unknown)).toMatchObject({
			indent: 'tab',
			printWidth: 40,
			quotes: 'single',
		})

		const options = page.getByTestId('minify-beautify-options')
		await expect(options).not.toHaveAttribute('disabled')
		await choose(page, 'Minify')
		await expect(options).toHaveAttribute('disabled', '')
		await expect(options).toContainText('Not used when minifying')
		await expect(page.getByRole('radio', { name: '4 spaces' })).toBeDisabled()
		await expect(width).toBeDisabled()
		await expect(output).toHaveValue('const user={name:"Ada",languages:["English","French"],born:1815,city:"London"};\n', { timeout: 30_000 })
		expect(errors).toEqual([])
	})

	test('syntax errors show the line, column and caret, and never an output', async ({ page }) => {
		test.setTimeout(90_000)
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		const output = page.getByTestId('tool-output')
		const cases = [
			{ language: 'javascript', action: 'Beautify', input: 'const a = 1\nconst b = (2 +;\n', position: 'Line 2, column 15', line: 'const b = (2 +;', caret: '              ^' },
			{ language: 'javascript', action: 'Minify', input: 'let x = 1\nfunction (', position: 'Line 2, column 10', line: 'function (', caret: '         ^' },
			{ language: 'css', action: 'Beautify', input: '.a { color: red; }\n}', position: 'Line 2, column 1', line: '}', caret: '^' },
			{ language: 'css', action: 'Minify', input: '.a { color: red;\n.b { }', position: 'Line 1, column 4', line: '.a { color: red;', caret: '   ^' },
			{ language: 'html', action: 'Beautify', input: '<div>\n<p>hi</span>\n</div>', position: 'Line 2, column 6', line: '<p>hi</span>', caret: '     ^' },
			{ language: 'xml', action: 'Minify', input: '<a>\n<b></c>\n</a>', position: 'Line 2, column 4', line: '<b></c>', caret: '   ^' },
			{ language: 'json', action: 'Minify', input: '{"a": 1,\n "b": }', position: 'Line 2, column 7', line: ' "b": }', caret: '      ^' },
			{ language: 'sql', action: 'Beautify', input: 'SELECT * FROM (a', position: 'Line 1, column 15', line: 'SELECT * FROM (a', caret: '              ^' },
		] as const
		for (const { language, action, input, position, line, caret } of cases) {
			await choose(page, action)
			await page.getByLabel('Language').selectOption(language)
			// A good result first, so the test shows it does not stay on screen.
			await pasteInput(page, language === 'json' ? '{"ok": true}' : language === 'xml' || language === 'html' ? '<a>ok</a>' : language === 'css' ? '.ok { color: red; }' : language === 'sql' ? 'SELECT 1;' : 'let ok = 1')
			await expect(output).not.toHaveValue('', { timeout: 30_000 })
			await pasteInput(page, input)
			const error = page.getByTestId('tool-error')
			await expect(error, `${language} ${action}`).toContainText(/syntax error at line \d+, column \d+/, { timeout: 30_000 })
			await expect(page.getByTestId('tool-error-position'), `${language} ${action}`).toHaveText(position)
			await expect(error.getByLabel('The line with the error'), `${language} ${action}`).toHaveText(`${line}\n${caret}`)
			await expect(output).toHaveValue('')
			await expect(page.getByTestId('size-report')).toHaveCount(0)
			await expect(page.getByTestId('tool-copy')).toBeDisabled()
			await expect(page.getByTestId('tool-download')).toBeDisabled()
			await expect(page.getByTestId('tool-input')).toHaveAttribute('aria-invalid', 'true')
		}
		await expectNoSeriousA11yViolations(page)
		// The framework's tool worker logs every failed run, expected syntax errors included; nothing else may appear.
		expect(errors.filter((message) => !/^ToolError: \w+ syntax error at line \d+, column \d+/.test(message))).toEqual([])
	})

	test('copy, and download with the language’s extension (minified: code.min.*)', async ({ page, context }) => {
		test.setTimeout(90_000)
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		const output = page.getByTestId('tool-output')

		async function download(): Promise<{ name: string; text: string }> {
			const downloading = page.waitForEvent('download')
			await page.getByTestId('tool-download').click()
			const file = await downloading
			return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') }
		}

		await choose(page, 'Minify')
		await pasteInput(page, samples.javascript)
		await expect(output).toHaveValue(/^\/\*! greet\.js/, { timeout: 30_000 })
		const minified = await output.inputValue()
		await page.getByTestId('tool-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(minified)
		expect(await download()).toEqual({ name: 'code.min.js', text: minified })

		const cases = [
			{ sample: 'css', action: 'Beautify', name: 'code.css' },
			{ sample: 'css', action: 'Minify', name: 'code.min.css' },
			{ sample: 'typescript', action: 'Beautify', name: 'code.ts' },
			// Minified TypeScript has its types removed: it is JavaScript.
			{ sample: 'typescript', action: 'Minify', name: 'code.min.js' },
			{ sample: 'html', action: 'Minify', name: 'code.min.html' },
			{ sample: 'json', action: 'Beautify', name: 'code.json' },
			{ sample: 'xml', action: 'Minify', name: 'code.min.xml' },
			{ sample: 'sql', action: 'Beautify', name: 'code.sql' },
		] as const
		for (const { sample, action, name } of cases) {
			await choose(page, action)
			await pasteInput(page, samples[sample])
			await expect(page.getByTestId('tool-status')).toHaveText(new RegExp(`^${action === 'Minify' ? 'Minified' : 'Beautified'} ${detectedNames[sample]}`), {
				timeout: 30_000,
			})
			const text = await output.inputValue()
			expect(text).toContain(fragments[sample][action === 'Minify' ? 'minify' : 'beautify'])
			expect(await download()).toEqual({ name, text })
		}
	})

	test('engines load only for the language used: CSS never fetches esbuild, JavaScript never lightningcss', async ({ browser }) => {
		test.setTimeout(90_000)
		for (const { language, engine, wanted, unwanted } of [
			{ language: 'css', engine: 'Loading the CSS minifier…', wanted: heavy.lightningcssWasm, unwanted: [heavy.esbuildWasm, heavy.esbuildJs, heavy.htmlMinifier] },
			{ language: 'javascript', engine: 'Loading the JavaScript minifier…', wanted: heavy.esbuildWasm, unwanted: [heavy.lightningcssWasm, heavy.htmlMinifier] },
		] as const) {
			// A context of its own: nothing cached from the other language.
			const context = await browser.newContext()
			const page = await context.newPage()
			const errors = collectConsoleErrors(page)
			const urls = recordRequests(context)
			await recordStatuses(page)
			await page.goto(PATH)
			await expect(page.getByTestId('tool-run')).toHaveText('Beautify')
			// Nothing heavy until there is code to work on.
			for (const pattern of Object.values(heavy)) expect(requested(urls, pattern), String(pattern)).toBe(false)

			// The language first: choosing Minify warms the chosen language's engine (after a pause, in
			// idle time), and the code comes at once, so this first run still loads it.
			await page.getByLabel('Language').selectOption(language)
			await choose(page, 'Minify')
			await pasteInput(page, samples[language])
			await expect(page.getByTestId('size-report')).toBeVisible({ timeout: 30_000 })
			const statuses = () => statusesOf(page)
			// "Loading the CSS minifier…" (a progress bar's text may follow).
			expect((await statuses()).some((status) => status.startsWith(engine)), (await statuses()).join(' | ')).toBe(true)
			// A worker's requests reach the test through a session of their own, which may lag
			// behind the page's text on a busy machine: wait for them, do not sample once.
			await expect.poll(() => requested(urls, heavy.core)).toBe(true)
			await expect.poll(() => requested(urls, wanted)).toBe(true)
			for (const pattern of unwanted) expect(requested(urls, pattern), `${language}: ${pattern}`).toBe(false)
			// Minifying needs no Prettier.
			expect(requested(urls, heavy.prettier)).toBe(false)

			// The engine is there now: the next run does not say "Loading…" again.
			const seen = (await statuses()).length
			await pasteInput(page, samples[language].replace('0px', '1px').replace('Hello', 'Hi'))
			await expect(page.getByTestId('tool-status')).toHaveText(/^Minified/)
			await expect(page.getByTestId('tool-output')).toHaveValue(/(1px|Hi)/)
			expect((await statuses()).slice(seen).filter((status) => status.startsWith('Loading'))).toEqual([])

			// Beautifying loads Prettier with the one plugin the language needs.
			await choose(page, 'Beautify')
			await expect(page.getByTestId('tool-status')).toHaveText(/^Beautified/, { timeout: 30_000 })
			await expect.poll(() => requested(urls, heavy.prettier)).toBe(true)
			await expect.poll(() => requested(urls, language === 'css' ? heavy.prettierPostcss : heavy.prettierBabel)).toBe(true)
			expect(requested(urls, heavy.prettierPostcss)).toBe(language === 'css')
			expect(requested(urls, heavy.prettierBabel)).toBe(language === 'javascript')
			expect(errors).toEqual([])
			await context.close()
		}
	})

	test('choosing Minify warms the engine in idle time: a first 1 KB minify never says "Loading…"', async ({ page, context, request }) => {
		loadsEngines()
		const errors = collectConsoleErrors(page)
		const urls = recordRequests(context)
		await recordStatuses(page)
		await page.goto(PATH)
		await expect(page.getByTestId('tool-run')).toHaveText('Beautify')
		await expect(enginesReady(page)).toHaveAttribute('data-engines-ready', '')
		// Minify with "Detect automatically" and no code yet: JavaScript's engine, and only it.
		await choose(page, 'Minify')
		await expect(enginesReady(page)).toHaveAttribute('data-engines-ready', /(^| )minify:javascript( |$)/, { timeout: 30_000 })
		await expect.poll(() => requested(urls, heavy.esbuildWasm)).toBe(true)
		expect(requested(urls, heavy.lightningcssWasm)).toBe(false)
		expect(requested(urls, heavy.prettier)).toBe(false)

		// About 1 KB of JavaScript, pasted once the engine is warm.
		const js = Array.from({ length: 24 }, (_, i) => `function add${i}(first, second) { return first + second + ${i} }`).join('\n')
		expect(Buffer.byteLength(js)).toBeGreaterThan(1000)
		const output = page.getByTestId('tool-output')
		await pasteInput(page, js)
		await expect(output).toHaveValue(await serverOutput(request, js, { action: 'minify' }))
		await expect(page.getByTestId('tool-status')).toHaveText('Minified JavaScript (detected)')

		// CSS chosen by hand (the box emptied first, or the JavaScript would run as CSS at once): its
		// engine is warmed too, and its first minify does not wait either.
		await pasteInput(page, '')
		await page.getByLabel('Language').selectOption('css')
		await expect(enginesReady(page)).toHaveAttribute('data-engines-ready', /(^| )minify:css( |$)/, { timeout: 30_000 })
		const css = Array.from({ length: 24 }, (_, i) => `.card-${i} > .item:hover {\n  margin: 0px 0px ${i}px 0px;\n}`).join('\n')
		expect(Buffer.byteLength(css)).toBeGreaterThan(1000)
		await pasteInput(page, css)
		await expect(output).toHaveValue(await serverOutput(request, css, { action: 'minify', language: 'css' }))
		await expect(page.getByTestId('tool-status')).toHaveText('Minified CSS')
		const statuses = await statusesOf(page)
		expect(statuses.filter((status) => status.startsWith('Loading')), statuses.join(' | ')).toEqual([])
		expect(errors).toEqual([])
	})

	test('with Data Saver on, choosing Minify downloads nothing until there is code', async ({ page, context }) => {
		loadsEngines()
		const urls = recordRequests(context)
		const workers: Array<string> = []
		page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
		await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } }))
		await recordStatuses(page)
		await page.goto(PATH)
		await expect(page.getByTestId('tool-run')).toHaveText('Beautify')
		await choose(page, 'Minify')
		await expect(page.getByTestId('tool-run')).toHaveText('Minify')
		// Longer than the warm-up's pause, then an idle callback queued after the warm-up's would be.
		await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 2000 }), 1000)))
		expect(workers).toEqual([])
		for (const pattern of Object.values(heavy)) expect(requested(urls, pattern), String(pattern)).toBe(false)
		await expect(enginesReady(page)).toHaveAttribute('data-engines-ready', '')

		// The code brings the engine, as before the warm-up existed.
		await pasteInput(page, samples.javascript)
		await expect(page.getByTestId('tool-output')).toHaveValue(/^\/\*! greet\.js v1\.0\.0 \| MIT License \*\/function greet\(/, { timeout: 30_000 })
		expect((await statusesOf(page)).some((status) => status.startsWith('Loading the JavaScript minifier…'))).toBe(true)
		await expect.poll(() => requested(urls, heavy.esbuildWasm)).toBe(true)
	})

	test('reached by client-side navigation from a page that may not compile WebAssembly, the tool’s worker still does', async ({ page }) => {
		loadsEngines()
		const errors = collectConsoleErrors(page)
		const workers: Array<string> = []
		page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
		// Whether this document's CSP lets it compile WebAssembly (the smallest module: magic and version).
		const documentCompilesWasm = () =>
			page.evaluate(() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => true, () => false))
		await page.goto('/tools/dev')
		await page.waitForFunction(() => '__remixRouter' in window)
		await page.evaluate(() => Object.assign(window, { firstDocument: true }))
		await page.getByRole('main').locator(`a[href="${PATH}"]`).first().click()
		await expect(page).toHaveURL(new RegExp(`${PATH}$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minify & Beautify Code')
		// Still the first document (no reload), so still its CSP.
		expect(await page.evaluate(() => 'firstDocument' in window)).toBe(true)

		await choose(page, 'Minify')
		await page.getByLabel('Language').selectOption('javascript')
		await pasteInput(page, samples.javascript)
		await expect(page.getByTestId('tool-output')).toHaveValue(/^\/\*! greet\.js v1\.0\.0 \| MIT License \*\/function greet\(/, { timeout: 30_000 })
		await expect(page.getByTestId('tool-status')).toHaveText('Minified JavaScript')
		// esbuild's WebAssembly ran in the tool's own worker, whose script's CSP allows it…
		expect(workers.filter((url) => /\/assets\/minify-worker-[\w-]+\.js$/.test(url))).toHaveLength(1)
		expect(errors).toEqual([])
		// …while this document, loaded as /tools/dev, still may not compile any.
		expect(await documentCompilesWasm()).toBe(false)
		await page.goto(PATH)
		expect(await documentCompilesWasm()).toBe(true)
	})

	test('other pages never download the minifier’s engines', async ({ page, context }) => {
		const urls = recordRequests(context)
		for (const path of ['/', '/tools', '/tools/dev', '/about']) {
			await page.goto(path)
			await expect(page.locator('h1')).toBeVisible()
		}
		await page.goto('/tools/json-formatter')
		await page.getByTestId('tool-input').fill('{"a":[1,2]}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "a": [\n    1,\n    2\n  ]\n}')
		await page.goto('/tools/text-case-converter')
		await page.getByTestId('tool-input').fill('hello world')
		await expect(page.getByTestId('tool-output')).not.toHaveValue('')
		expect(urls.length).toBeGreaterThan(10)
		for (const [name, pattern] of Object.entries(heavy)) expect(urls.filter((url) => pattern.test(url)), name).toEqual([])
	})

	test('Load example fills in the example with its options', async ({ page }) => {
		loadsEngines()
		await page.goto(PATH)
		await page.getByTestId('tool-example').click()
		await expect(page.getByTestId('tool-input')).toHaveValue(/^\/\*! cart\.js v2\.1\.0 \| MIT License \*\//)
		await expect(page.getByRole('radio', { name: 'Minify', exact: true })).toBeChecked()
		await expect(page.getByTestId('tool-output')).toHaveValue(/^\/\*! cart\.js v2\.1\.0 \| MIT License \*\/export function cartTotal\(/, { timeout: 30_000 })
		await expect(page.getByTestId('tool-output')).not.toHaveValue(/The total of a cart/)
		await expect(page.getByTestId('minify-detected')).toHaveText('Detected: JavaScript')
	})

	test('the page has its head and the curl example', async ({ page }) => {
		await page.goto(PATH)
		await expect(page).toHaveTitle(/^Minify & Beautify Code \| /)
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools\/minify-beautify$/)
		await expect(page.getByTestId('tool-curl')).toContainText('/api/tools/minify-beautify')
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('before JavaScript loads', () => {
	// axe cannot run in a page with JavaScript disabled ("Resulting promise was garbage
	// collected"), so the server-rendered page is checked with the site's scripts blocked
	// instead: the same HTML, never hydrated, and the form posted to the server.
	// One test per state (each runs axe on the large page).
	test('the posted result with its size report passes axe', async ({ page }) => {
		await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill(samples.html)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/^<!DOCTYPE html><html lang="en"><head><title>Demo<\/title>/)
		await expect(page.getByTestId('size-row-brotli').getByRole('cell')).toHaveText([/^\d+$/, /^\d+$/, /^\d+(\.\d)?%$/])
		await expectNoSeriousA11yViolations(page)
	})

	test('a posted error passes axe', async ({ page }) => {
		await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill('<a>\n  <b>\n</a>')
		await page.getByLabel('Language').selectOption('xml')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText(/^XML syntax error at line \d+, column \d+/)
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('on a phone', () => {
	test.use({ viewport: { width: 375, height: 800 } })

	test('nothing scrolls sideways and axe passes with a result', async ({ page }) => {
		loadsEngines()
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await pasteInput(page, samples.javascript)
		await expect(page.getByTestId('size-report')).toBeVisible({ timeout: 30_000 })
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
		expect(overflow).toBeLessThanOrEqual(0)
		// The shared page's example and curl boxes (tool-page.tsx, not this page's) scroll on a
		// phone without being focusable: left out here and reported.
		const results = await new AxeBuilder({ page }).exclude('[data-testid="tool-curl"]').exclude('#examples ~ ul pre').analyze()
		const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('beautify and minify post the form; the server answers with the output and a size report with Brotli', async ({ page }) => {
		await page.goto(PATH)
		await page.getByLabel('Language').selectOption('css')
		await page.getByRole('radio', { name: '4 spaces' }).check({ force: true })
		await page.getByTestId('tool-input').fill(samples.css)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/^\/\*! theme\.css \| MIT \*\/\n\.card \{\n {4}margin: 0px 0px 10px 0px;\n/)
		await expect(page.getByRole('radio', { name: '4 spaces' })).toBeChecked()
		await expect(page.getByLabel('Language')).toHaveValue('css')
		await expect(page.getByTestId('tool-status')).toHaveText('Beautified CSS')

		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await page.getByLabel('Language').selectOption('auto')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('/*! theme.css | MIT */\n.card{color:red;margin:0 0 10px}@media (min-width:768px){.card{padding:20px}}')
		await expect(page.getByTestId('minify-detected')).toHaveText('Detected: CSS')
		await expect(page.getByTestId('tool-input')).toHaveValue(samples.css)
		await expect(page.getByTestId('size-saving')).toHaveText(/^Saved \d+(\.\d)?% \(\d+ bytes\)$/)
		// The server measures Brotli too.
		await expect(page.getByTestId('size-row-brotli').getByRole('cell')).toHaveText([/^\d+$/, /^\d+$/, /^\d+(\.\d)?%$/])
		await expect(page.getByTestId('size-brotli-note')).toHaveCount(0)
	})

	test('a syntax error comes back with its line, column and caret, and no output', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill('function total(items) {\n  return items.reduce((a, b) => a + b, 0\n}')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('JavaScript syntax error at line 3, column 1')
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 3, column 1')
		await expect(page.getByTestId('tool-error').getByLabel('The line with the error')).toHaveText('}\n^')
		await expect(page.getByTestId('tool-output')).toHaveValue('')
		await expect(page.getByTestId('size-report')).toHaveCount(0)
	})

	test('an example link fills the form with its options', async ({ page }) => {
		await page.goto(`${PATH}?example=3`)
		await expect(page.getByTestId('tool-input')).toHaveValue(/^select c\.id, c\.name/)
		await expect(page.getByLabel('Language')).toHaveValue('sql')
		await expect(page.getByRole('radio', { name: '4 spaces' })).toBeChecked()
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/^select\n {4}c\.id,\n/)
	})
})

test.describe('the CSS browser target (issue 29, item 17)', () => {
	const css = '@media (max-width: 600px) {\n  .card { padding: 8px; }\n}\n'

	test('the default keeps max-width and is shown beside the output; a modern target uses range syntax, as the server does; a bad query is an error about the option', async ({ page, request }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await expect(page.getByLabel('Browsers for minified CSS')).toHaveValue('defaults, iOS >= 15, Safari >= 15')
		await page.getByTestId('tool-input').fill(css)
		await expect(page.getByTestId('tool-output')).toHaveValue('@media (max-width:600px){.card{padding:8px}}')
		await expect(page.getByTestId('minify-target')).toContainText('defaults, iOS >= 15, Safari >= 15')
		await expect(page.getByTestId('minify-target')).toContainText('Safari on iOS 15.0+')
		// The field and what the run was made for pass axe in both themes.
		await expectNoSeriousA11yViolations(page)
		await page.getByTestId('theme-toggle').first().click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await expectNoSeriousA11yViolations(page)

		await page.getByLabel('Browsers for minified CSS').fill('chrome 120')
		await expect(page.getByTestId('tool-output')).toHaveValue('@media (width<=600px){.card{padding:8px}}')
		await expect(page.getByTestId('minify-target')).toHaveText('Made for chrome 120: Chrome 120+.')
		// The server gives the same.
		const api = await request.post('/api/tools/minify-beautify', { data: { input: css, options: { action: 'minify', language: 'css', target: 'chrome 120' } } })
		expect(((await api.json()) as { output: string }).output).toBe('@media (width<=600px){.card{padding:8px}}')

		await page.getByLabel('Browsers for minified CSS').fill('chrome 9999')
		await expect(page.getByTestId('tool-error')).toContainText('options.target: Unknown version 9999 of chrome')
		// The code is fine: the input is not marked invalid.
		await expect(page.getByTestId('tool-input')).not.toHaveAttribute('aria-invalid', 'true')
		await page.getByTestId('minify-target-reset').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('@media (max-width:600px){.card{padding:8px}}')
		expect(errors).toEqual([])
	})

	test('without JavaScript the form posts the target', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill(css)
		await page.getByLabel('Browsers for minified CSS').fill('chrome 120')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('@media (width<=600px){.card{padding:8px}}')
		await expect(page.getByTestId('minify-target')).toHaveText('Made for chrome 120: Chrome 120+.')
		await expect(page.getByLabel('Browsers for minified CSS')).toHaveValue('chrome 120')
		await context.close()
	})
})
