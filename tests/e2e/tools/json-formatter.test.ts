/**
 * The JSON Formatter page (/tools/json-formatter) in a real browser: formats
 * as you type (2 spaces, 4 spaces, tabs), minifies, validates, sorts keys,
 * keeps numbers exactly, warns about duplicate keys, shows errors with their
 * line, column and caret, lenient mode's changes, stringified JSON and its
 * Unescape button, the tree view (expand/collapse all, Copy path, keyboard),
 * copy and download, Ctrl+Enter, remembered options, nesting bombs that must
 * not freeze the page; and without JavaScript: the form post, errors and
 * example links.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, pasteInput } from '../utils.ts'

const PATH = '/tools/json-formatter'

test.describe('with JavaScript', () => {
	test('formats as you type with 2 spaces, 4 spaces or tabs, minifies and sorts keys', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		const output = page.getByTestId('tool-output')
		await page.getByTestId('tool-input').fill('{"b":{"d":1,"c":[true,null]},"a":"x"}')
		await expect(output).toHaveValue('{\n  "b": {\n    "d": 1,\n    "c": [\n      true,\n      null\n    ]\n  },\n  "a": "x"\n}')
		await expect(page.locator('#tool-output-note')).toContainText('→')

		await page.getByRole('radio', { name: '4 spaces' }).check({ force: true })
		await expect(output).toHaveValue('{\n    "b": {\n        "d": 1,\n        "c": [\n            true,\n            null\n        ]\n    },\n    "a": "x"\n}')

		await page.getByRole('radio', { name: 'Tabs' }).check({ force: true })
		await expect(output).toHaveValue('{\n\t"b": {\n\t\t"d": 1,\n\t\t"c": [\n\t\t\ttrue,\n\t\t\tnull\n\t\t]\n\t},\n\t"a": "x"\n}')

		await page.getByRole('checkbox', { name: 'Sort keys A to Z' }).check()
		await expect(output).toHaveValue('{\n\t"a": "x",\n\t"b": {\n\t\t"c": [\n\t\t\ttrue,\n\t\t\tnull\n\t\t],\n\t\t"d": 1\n\t}\n}')

		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await expect(page.getByLabel('Minified JSON')).toHaveValue('{"a":"x","b":{"c":[true,null],"d":1}}')
		await expect(page.getByTestId('tool-status')).toHaveText('Minified')
		expect(errors).toEqual([])
	})

	test('numbers are kept exactly as written', async ({ page }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('[12345678901234567890, 1e400, -0, 0.10000000000000000001, 2.50]')
		await expect(page.getByTestId('tool-output')).toHaveValue('[\n  12345678901234567890,\n  1e400,\n  -0,\n  0.10000000000000000001,\n  2.50\n]')
		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await expect(page.getByTestId('tool-output')).toHaveValue('[12345678901234567890,1e400,-0,0.10000000000000000001,2.50]')
	})

	test('validate mode shows a clear success state with stats', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Validate', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill('{"a":[1,2,{"b":null}],"c":"d"}')
		const valid = page.getByTestId('json-valid')
		await expect(valid).toContainText('Valid JSON')
		await expect(valid.getByText('Keys', { exact: true }).locator('..')).toContainText('3')
		await expect(valid.getByText('Values', { exact: true }).locator('..')).toContainText('7')
		await expect(valid.getByText('Depth', { exact: true }).locator('..')).toContainText('3')
		await expect(valid.getByText('Size', { exact: true }).locator('..')).toContainText('30 bytes')
		await expect(page.getByTestId('tool-output')).toHaveCount(0)

		await page.getByTestId('tool-input').fill('{"a":[1,2,{"b":nul}],"c":"d"}')
		await expect(page.getByTestId('json-valid')).toHaveCount(0)
		await expect(page.getByTestId('json-invalid')).toContainText('Not valid JSON')
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 1, column 16')
	})

	test('duplicate keys are kept and warned about with their line', async ({ page }) => {
		await page.goto(PATH)
		await pasteInput(page, '{\n  "id": 1,\n  "name": "a",\n  "id": 2\n}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "id": 1,\n  "name": "a",\n  "id": 2\n}')
		const warnings = page.getByTestId('json-warnings')
		await expect(warnings).toContainText('1 warning')
		await expect(warnings.getByRole('listitem')).toHaveText([/^Line 4, column 3: Duplicate key "id" \(first seen on line 2\)/])
	})

	test('an error shows its line, column, the line with a caret, every problem, and no stale output', async ({ page }) => {
		await page.goto(PATH)
		const input = page.getByTestId('tool-input')
		await input.fill('{"ok": true}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "ok": true\n}')

		await input.fill('{\n  "a": 1,\n  "b": [1, 2,],\n  \'c\': 3\n}')
		const error = page.getByTestId('tool-error')
		await expect(error).toContainText("2 problems found; the first: Trailing comma before ']' (line 3, column 13)")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 3, column 13')
		await expect(error.getByLabel('The line with the error')).toHaveText('  "b": [1, 2,],\n            ^')
		await error.getByText('All 2 problems').click()
		await expect(page.getByTestId('tool-error-list').getByRole('listitem')).toHaveText([
			"Line 3, column 13: Trailing comma before ']'",
			'Line 4, column 3: Strings must use double quotes',
		])
		// The previous result is gone, not left looking like the answer.
		await expect(page.getByTestId('tool-output')).toHaveValue('')
		await expect(page.getByTestId('tool-copy')).toBeDisabled()
		await expect(page.getByTestId('tool-download')).toBeDisabled()
		await expect(input).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByTestId('json-tree-message')).toHaveText('Fix the errors above to see the tree.')
		await expectNoSeriousA11yViolations(page)
	})

	test('lenient mode accepts JSON5/JSONC and lists every change', async ({ page }) => {
		await page.goto(PATH)
		const input = "// settings\n{\n  name: 'app', /* inline */\n  port: 0x1F90,\n  list: [1, 2,],\n}"
		await pasteInput(page, input)
		await expect(page.getByTestId('tool-error')).toBeVisible()
		await page.getByRole('checkbox', { name: 'Lenient' }).check()
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "name": "app",\n  "port": 8080,\n  "list": [\n    1,\n    2\n  ]\n}')
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
		const changes = page.getByTestId('json-changes')
		await expect(changes).toContainText('Lenient mode changed')
		await expect(changes.getByRole('listitem')).toHaveText([
			'Removed 2 comments',
			'Removed 2 trailing commas',
			'Converted 1 single-quoted string',
			'Quoted 3 keys',
			"Rewrote 1 number in JSON form (hexadecimal, leading '+' or bare '.')",
		])
		// The tree reads it leniently too.
		await expect(page.getByTestId('json-tree').locator('li[data-path="$.port"]')).toContainText('8080')
	})

	test('stringified JSON is detected and Unescape replaces the input with the JSON inside', async ({ page }) => {
		await page.goto(PATH)
		await pasteInput(page, '"{\\"id\\":7,\\"tags\\":[\\"a\\",\\"b\\"]}"')
		const notice = page.getByTestId('json-stringified')
		await expect(notice).toContainText('This is stringified JSON')
		await notice.getByRole('button', { name: 'Unescape' }).click()
		await expect(page.getByTestId('tool-input')).toHaveValue('{"id":7,"tags":["a","b"]}')
		await expect(page.getByTestId('tool-input')).toBeFocused()
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "id": 7,\n  "tags": [\n    "a",\n    "b"\n  ]\n}')
		await expect(page.getByTestId('json-stringified')).toHaveCount(0)
	})

	test('tree view: first level open, expand all, collapse all, keyboard, Copy path', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await pasteInput(page, '{"store":{"book":[{"title":"Sayings","price":8.95},{"title":"Moby \\"Dick\\"","id":12345678901234567890}],"open":true},"odd key":null,"empty":[]}')
		const tree = page.getByTestId('json-tree')
		const store = tree.getByRole('button', { name: 'store {2 keys}', exact: true })
		await expect(tree.getByRole('button', { name: '$ {3 keys}', exact: true })).toHaveAttribute('aria-expanded', 'true')
		await expect(store).toHaveAttribute('aria-expanded', 'false')
		await expect(tree.locator('li[data-path="$[\'odd key\']"]')).toContainText("odd key: nullnull")
		await expect(tree.locator('li[data-path="$.empty"]')).toContainText('[0 items]')
		await expect(tree.getByText('Sayings')).toHaveCount(0)

		await page.getByTestId('json-tree-expand').click()
		await expect(page.getByTestId('json-tree-note')).toHaveText('Expanded every object and array.')
		await expect(store).toHaveAttribute('aria-expanded', 'true')
		await expect(tree.getByRole('button', { name: 'book [2 items]', exact: true })).toHaveAttribute('aria-expanded', 'true')
		const title = tree.locator('li[data-path="$.store.book[0].title"]')
		await expect(title).toContainText('title: "Sayings"string')
		// Numbers as written, strings with their escapes.
		await expect(tree.locator('li[data-path="$.store.book[1].id"]')).toContainText('12345678901234567890number')
		await expect(tree.locator('li[data-path="$.store.book[1].title"]')).toContainText('"Moby \\"Dick\\""')
		await expectNoSeriousA11yViolations(page)

		await tree.getByRole('button', { name: 'Copy path $.store.book[0].title', exact: true }).click()
		await expect(page.getByTestId('toast').filter({ hasText: 'Copied' })).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('$.store.book[0].title')
		await tree.getByRole('button', { name: "Copy path $['odd key']", exact: true }).click()
		await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("$['odd key']")

		await page.getByTestId('json-tree-collapse').click()
		await expect(store).toHaveAttribute('aria-expanded', 'false')
		await expect(tree.getByText('Sayings')).toHaveCount(0)

		// Keyboard: Enter opens, ArrowLeft closes, ArrowRight opens; Tab reaches Copy path.
		await store.focus()
		await page.keyboard.press('Enter')
		await expect(store).toHaveAttribute('aria-expanded', 'true')
		await page.keyboard.press('ArrowLeft')
		await expect(store).toHaveAttribute('aria-expanded', 'false')
		await page.keyboard.press('ArrowRight')
		await expect(store).toHaveAttribute('aria-expanded', 'true')
		await page.keyboard.press('Tab')
		await expect(tree.getByRole('button', { name: 'Copy path $.store', exact: true })).toBeFocused()
		await page.keyboard.press('Enter')
		await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('$.store')
	})

	test('a large document: a preview in the box, the whole result copied, a tree built off the main thread and folded', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		const items = Array.from({ length: 25_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: 1.5 }))
		const workers: Array<string> = []
		page.on('worker', (worker) => workers.push(worker.url()))
		await pasteInput(page, JSON.stringify(items))
		const expected = JSON.stringify(items, null, 2)

		// 225,002 lines would take seconds to lay out in a textarea: the box shows the first 5,000.
		await expect(page.getByTestId('tool-output-preview')).toContainText('The result has 225,002 lines; the box shows the first 5,000', { timeout: 20_000 })
		expect(await page.getByTestId('tool-output').evaluate((element) => (element as HTMLTextAreaElement).value.split('\n').length)).toBe(5000)
		await page.getByTestId('tool-copy').click()
		await expect.poll(() => page.evaluate(() => navigator.clipboard.readText().then((text) => text.length))).toBe(expected.length)

		const tree = page.getByTestId('json-tree')
		await expect(tree.getByRole('button', { name: '$ [25,000 items]', exact: true })).toHaveAttribute('aria-expanded', 'true', { timeout: 20_000 })
		await expect(tree.getByTestId('json-tree-row')).toHaveCount(101)
		await expect(tree.getByRole('button', { name: '0 {4 keys}', exact: true })).toHaveAttribute('aria-expanded', 'false')
		await tree.getByRole('button', { name: 'Show 100 more (100 of 25,000 shown)' }).click()
		await expect(tree.getByTestId('json-tree-row')).toHaveCount(201)
		// Expand all opens what is listed, not 225,000 rows.
		await page.getByTestId('json-tree-expand').click()
		await expect(page.getByTestId('json-tree-note')).toHaveText('Expanded every object and array listed; “Show more” lists the rest.')
		await expect(tree.getByTestId('json-tree-row')).toHaveCount(201 + 200 * 4 + 200 * 2)
		expect(workers.some((url) => /tree-worker/.test(url))).toBe(true)
	})

	test('a document with more values than the tree holds shows a message instead', async ({ page }) => {
		await page.goto(PATH)
		await pasteInput(page, `[${Array.from({ length: 210_000 }, (_, i) => i % 10).join(',')}]`)
		await expect(page.getByTestId('json-tree-message')).toContainText('This JSON has 210,001 values, more than the tree view shows (200,000)', {
			timeout: 20_000,
		})
		await expect(page.getByTestId('tool-output-preview')).toContainText('The result has 210,002 lines')
	})

	test('copies with a toast and downloads formatted.json / minified.json', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('{"a":[1,2]}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "a": [\n    1,\n    2\n  ]\n}')
		await page.getByTestId('tool-copy').click()
		await expect(page.getByTestId('toast').filter({ hasText: 'Copied' })).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')

		let downloading = page.waitForEvent('download')
		await page.getByTestId('tool-download').click()
		let download = await downloading
		expect(download.suggestedFilename()).toBe('formatted.json')
		expect(await readFile((await download.path())!, 'utf8')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')

		await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
		await expect(page.getByTestId('tool-output')).toHaveValue('{"a":[1,2]}')
		downloading = page.waitForEvent('download')
		await page.getByTestId('tool-download').click()
		download = await downloading
		expect(download.suggestedFilename()).toBe('minified.json')
		expect(await readFile((await download.path())!, 'utf8')).toBe('{"a":[1,2]}')
	})

	test('Ctrl+Enter runs, and the options are remembered after a reload', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: '4 spaces' }).check({ force: true })
		await page.getByRole('checkbox', { name: 'Sort keys A to Z' }).check()
		await expect
			.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tool:json-formatter:options') ?? '{}') as unknown))
			.toEqual({ mode: 'format', indent: '4', sortKeys: true, lenient: false })
		await page.reload()
		await expect(page.getByRole('radio', { name: '4 spaces' })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Sort keys A to Z' })).toBeChecked()
		await expect(page.getByTestId('tool-run')).toHaveText('Format')

		await page.getByTestId('tool-input').fill('{"b":1,"a":2}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n    "a": 2,\n    "b": 1\n}')
		await page.getByTestId('tool-input').focus()
		await page.keyboard.press('Control+Enter')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n    "a": 2,\n    "b": 1\n}')
		await expect(page.getByTestId('tool-status')).toHaveText('Formatted')
	})

	// No timing here (the machine may be busy): the error comes without the page freezing, and typing still works.
	test('a 1,000,000-deep [[[… paste is a clear error, and the page stays usable', async ({ page }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('{"fine": true}')
		await expect(page.getByTestId('tool-output')).not.toHaveValue('')
		await pasteInput(page, '['.repeat(1_000_000))
		await expect(page.getByTestId('tool-error')).toContainText('Nesting is too deep: more than 1,000 levels (line 1, column 1001)')
		await expect(page.getByTestId('tool-output')).toHaveValue('')
		// Not frozen: typing still reaches the input.
		const input = page.getByTestId('tool-input')
		await input.focus()
		await page.keyboard.press('Control+End')
		await page.keyboard.type('x')
		await expect.poll(() => input.evaluate((element) => (element as HTMLTextAreaElement).value.slice(-3))).toBe('[[x')
		await pasteInput(page, '[1]')
		await expect(page.getByTestId('tool-output')).toHaveValue('[\n  1\n]')
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
	})

	test('the page has its head and its examples load', async ({ page }) => {
		await page.goto(PATH)
		await expect(page).toHaveTitle(/^JSON Formatter \| /)
		await expect(page.getByTestId('tool-curl')).toContainText('/api/tools/json-formatter')
		await page.getByTestId('tool-example').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/"orderId": 12345678901234567890/)
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts and the server formats with the chosen options', async ({ page }) => {
		await page.goto(PATH)
		await expect(page.getByTestId('json-tree-section')).toHaveCount(0)
		await page.getByRole('radio', { name: '4 spaces' }).check({ force: true })
		await page.getByRole('checkbox', { name: 'Sort keys A to Z' }).check()
		await page.getByTestId('tool-input').fill('{"b":[1e400,-0],"a":12345678901234567890}')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n    "a": 12345678901234567890,\n    "b": [\n        1e400,\n        -0\n    ]\n}')
		await expect(page.getByTestId('tool-input')).toHaveValue('{"b":[1e400,-0],"a":12345678901234567890}')
		await expect(page.getByRole('radio', { name: '4 spaces' })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Sort keys A to Z' })).toBeChecked()

		await page.getByRole('radio', { name: 'Validate', exact: true }).check({ force: true })
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('json-valid')).toContainText('Valid JSON')
	})

	test('an error shows with its line, column and caret', async ({ page }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('{\n  "a": tru\n}')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 8')
		await expect(page.getByTestId('tool-error').getByLabel('The line with the error')).toHaveText('  "a": tru\n       ^')
		await expect(page.getByTestId('tool-output')).toHaveValue('')
	})

	test('?example= fills the form, and Unescape works as a second button', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('link', { name: 'Try it' }).nth(1).click()
		await expect(page).toHaveURL(/\?example=2$/)
		await expect(page.getByTestId('tool-input')).toHaveValue(/\/\/ Settings for the build/)
		await expect(page.getByRole('checkbox', { name: 'Lenient' })).toBeChecked()
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/"port": 8080/)
		await expect(page.getByTestId('json-changes')).toContainText('Removed 2 comments')

		await page.goto(`${PATH}?example=1`)
		await expect(page.getByTestId('tool-input')).toHaveValue(/"orderId":12345678901234567890/)

		await page.getByTestId('tool-input').fill('"{\\"b\\":1,\\"a\\":true}"')
		await page.getByTestId('tool-run').click()
		await page.getByTestId('json-stringified').getByRole('button', { name: 'Unescape' }).click()
		await expect(page.getByTestId('tool-input')).toHaveValue('{"b":1,"a":true}')
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "b": 1,\n  "a": true\n}')
		// The next post goes to the page itself, not to the unescape action again.
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "b": 1,\n  "a": true\n}')
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
	})

	// axe cannot run in a page whose JavaScript is off (its promise never settles there), so the
	// server-rendered page is checked in a browser whose JavaScript is on but never gets the
	// site's scripts: the page stays exactly what a browser without JavaScript shows.
	test('the server-rendered page passes axe, with a result and with an error', async ({ browser }) => {
		// Two form posts and two axe runs over the full tool page: long by nature on a busy machine.
		test.slow()
		const context = await browser.newContext({ javaScriptEnabled: true })
		await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort())
		const page = await context.newPage()
		await page.goto(PATH)
		await page.getByRole('checkbox', { name: 'Sort keys A to Z' }).check()
		await page.getByTestId('tool-input').fill('{"b":1,"a":{"c":[1,2]}}')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('{\n  "a": {\n    "c": [\n      1,\n      2\n    ]\n  },\n  "b": 1\n}')
		await expect(page.getByTestId('json-tree-section')).toHaveCount(0)
		await expectNoSeriousA11yViolations(page)

		await page.getByTestId('tool-input').fill('{\n  "a": [1,,2]\n}')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 11')
		await expectNoSeriousA11yViolations(page)
		await context.close()
	})
})
