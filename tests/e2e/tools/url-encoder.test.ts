/**
 * The URL Encoder/Decoder page (/tools/url-encoder): encode in each mode,
 * decode with + as a space, malformed escapes with their position, double
 * encoding and "Decode until stable", the URL parser (international host,
 * hidden password, editable query table, URL rebuilt live, copy and
 * download), remembered options, a 100,000-parameter URL, accessibility,
 * and the same page with JavaScript off (form posts rendered by the server).
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type Page } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs, pasteInput } from '../utils.ts'

const PATH = '/tools/url-encoder'
/** Spaces, URL delimiters, the five characters only strict RFC 3986 escapes, an emoji, CJK. */
const MIXED = "a b&=?#/!'()*😀中文"
const IDN_URL = 'https://user:pw@bücher.example:8080/a%20b/c?q=1&q=2&x=%E2%9C%93#frag'
const IDN_HREF = 'https://user:pw@xn--bcher-kva.example:8080/a%20b/c?q=1&q=2&x=%E2%9C%93#frag'

function action(page: Page, name: 'Encode' | 'Decode' | 'Parse URL') {
	return page.getByRole('radio', { name, exact: true })
}

test.describe('with JavaScript', () => {
	test('encodes in each mode as you type; copies with a toast and downloads', async ({ page, context }) => {
		const errors = collectConsoleErrors(page)
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await expect(action(page, 'Encode')).toBeChecked()
		await page.getByTestId('tool-input').fill(MIXED)
		const output = page.getByTestId('tool-output')
		await expect(output).toHaveValue("a%20b%26%3D%3F%23%2F!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87")

		const modes = [
			['Whole URI', "a%20b&=?#/!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87"],
			['Strict RFC 3986', 'a%20b%26%3D%3F%23%2F%21%27%28%29%2A%F0%9F%98%80%E4%B8%AD%E6%96%87'],
			['Form data', 'a+b%26%3D%3F%23%2F%21%27%28%29*%F0%9F%98%80%E4%B8%AD%E6%96%87'],
			['Component', "a%20b%26%3D%3F%23%2F!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87"],
		] as const
		for (const [name, expected] of modes) {
			await page.getByRole('radio', { name, exact: true }).check()
			await expect(output, name).toHaveValue(expected)
		}
		// Each mode is explained in plain words.
		await expect(page.getByRole('radio', { name: 'Form data', exact: true })).toHaveAccessibleDescription(/a space becomes \+/)
		await expect(page.locator('#tool-output-note')).toHaveText('16 characters → 55 characters · 55 bytes of UTF-8')

		await page.getByTestId('tool-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("a%20b%26%3D%3F%23%2F!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87")

		const downloading = page.waitForEvent('download')
		await page.getByTestId('tool-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('url-encoded-component.txt')
		expect(await readFile((await download.path())!, 'utf8')).toBe("a%20b%26%3D%3F%23%2F!'()*%F0%9F%98%80%E4%B8%AD%E6%96%87")
		expect(errors).toEqual([])
	})

	test('decodes, with + read as a space when asked', async ({ page }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		await page.getByTestId('tool-input').fill('a+b%20c%F0%9F%98%80%E4%B8%AD')
		await expect(page.getByTestId('tool-output')).toHaveValue('a+b c😀中')
		await page.getByRole('checkbox', { name: 'Read + as a space' }).check()
		await expect(page.getByTestId('tool-output')).toHaveValue('a b c😀中')
		// Form data always reads + as a space.
		await page.getByRole('checkbox', { name: 'Read + as a space' }).uncheck()
		await page.getByRole('radio', { name: 'Form data', exact: true }).check()
		await expect(page.getByRole('checkbox', { name: 'Read + as a space' })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Read + as a space' })).toBeDisabled()
		await expect(page.getByTestId('tool-output')).toHaveValue('a b c😀中')
		await expect(page.getByTestId('tool-run')).toHaveText('Decode')
	})

	test('a malformed escape is an error naming its position, with the line and a caret', async ({ page }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		await page.getByTestId('tool-input').fill('%E0%A4%A')
		const error = page.getByTestId('tool-error')
		await expect(error).toContainText("Incomplete UTF-8 sequence '%E0%A4' at line 1, column 1: %E0 starts a 3-byte character, but only 1 continuation byte follows.")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 1, column 1')
		await expect(page.getByTestId('tool-input')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByTestId('tool-output')).toHaveValue('')
		await error.getByText('All 2 problems').click()
		await expect(page.getByTestId('tool-error-list')).toContainText("Incomplete percent-escape '%A' at line 1, column 7")
		await expectNoSeriousA11yViolations(page)

		await page.getByTestId('tool-input').fill('%E0%A4%AA')
		await expect(page.getByTestId('tool-output')).toHaveValue('प')
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
	})

	test('double encoding is flagged; "Decode until stable" decodes it fully and reports the rounds', async ({ page }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		await page.getByTestId('tool-input').fill('https%253A%252F%252Fexample.com%252Fmy%2520file.pdf')
		await expect(page.getByTestId('tool-output')).toHaveValue('https%3A%2F%2Fexample.com%2Fmy%20file.pdf')
		const notice = page.getByTestId('url-double-encoded')
		await expect(notice).toContainText('The text looks double-encoded: %253A decodes to %3A')

		await notice.getByRole('button', { name: 'Decode until stable' }).click()
		await expect(page.getByTestId('tool-output')).toHaveValue('https://example.com/my file.pdf')
		await expect(page.getByRole('checkbox', { name: 'Decode until stable' })).toBeChecked()
		await expect(notice).toContainText('decoded 2 times')
		await expect(notice.getByRole('button')).toHaveCount(0)
		await expect(page.locator('#tool-output-note')).toContainText('decoded 2 times')
		await expect(page.getByTestId('tool-status')).toHaveText('Decoded in 2 rounds')
	})

	test('parses an international URL; the query table edits rebuild the URL; copy and download', async ({ page, context }) => {
		const errors = collectConsoleErrors(page)
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await action(page, 'Parse URL').check({ force: true })
		await expect(page.getByTestId('url-mode')).toBeHidden()
		await expect(page.getByLabel('URL to parse')).toBeVisible()
		await page.getByTestId('tool-input').fill(IDN_URL)

		const part = (name: string) => page.getByTestId(`url-part-${name}`)
		await expect(part('scheme')).toHaveText('https')
		await expect(part('username')).toHaveText('user')
		await expect(part('host')).toHaveText('bücher.example')
		await expect(part('host-punycode')).toContainText('xn--bcher-kva.example')
		await expect(part('port')).toHaveText('8080(the default for https is 443)')
		await expect(part('path')).toHaveText('/a%20b/cdecoded: /a b/c')
		await expect(part('query')).toHaveText('3 parameters, in the table below')
		await expect(part('fragment')).toHaveText('frag')
		await expect(part('origin')).toHaveText('https://xn--bcher-kva.example:8080')
		await expect(page.getByTestId('url-notes')).toContainText('international domain name')

		// The password is hidden until asked for.
		await expect(page.getByTestId('url-password-value')).toBeHidden()
		await page.getByText('Show password').click()
		await expect(page.getByRole('checkbox', { name: 'Show password' })).toBeChecked()
		await expect(page.getByTestId('url-password-value')).toHaveText('pw')

		// The query, decoded, in an editable table.
		await expect(page.getByTestId('url-query-row')).toHaveCount(3)
		await expect(page.getByLabel('Key 1', { exact: true })).toHaveValue('q')
		await expect(page.getByLabel('Value 2', { exact: true })).toHaveValue('2')
		await expect(page.getByLabel('Value 3', { exact: true })).toHaveValue('✓')
		const rebuilt = page.getByTestId('url-rebuilt')
		await expect(rebuilt).toHaveValue(IDN_HREF)

		await page.getByLabel('Value 2', { exact: true }).fill('two & more')
		await expect(rebuilt).toHaveValue('https://user:pw@xn--bcher-kva.example:8080/a%20b/c?q=1&q=two%20%26%20more&x=%E2%9C%93#frag')
		await page.getByTestId('url-query-add').click()
		await expect(page.getByLabel('Key 4', { exact: true })).toBeFocused()
		await page.keyboard.type('lang')
		await page.getByLabel('Value 4', { exact: true }).fill('de-AT')
		await expect(rebuilt).toHaveValue('https://user:pw@xn--bcher-kva.example:8080/a%20b/c?q=1&q=two%20%26%20more&x=%E2%9C%93&lang=de-AT#frag')
		await page.getByRole('button', { name: 'Delete parameter 1', exact: true }).click()
		await expect(page.getByTestId('url-query-count')).toHaveText('3 parameters')
		const expected = 'https://user:pw@xn--bcher-kva.example:8080/a%20b/c?q=two%20%26%20more&x=%E2%9C%93&lang=de-AT#frag'
		await expect(rebuilt).toHaveValue(expected)
		await expect(page.getByTestId('url-rebuilt-note')).toContainText('changed from the parsed URL')

		await page.getByTestId('url-rebuilt-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected)
		const downloading = page.waitForEvent('download')
		await page.getByTestId('url-rebuilt-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('url.txt')
		expect(await readFile((await download.path())!, 'utf8')).toBe(expected)

		const partsDownload = page.waitForEvent('download')
		await page.getByTestId('url-parts-download').click()
		const parts = await partsDownload
		expect(parts.suggestedFilename()).toBe('url-parts.txt')
		expect(await readFile((await parts.path())!, 'utf8')).toContain('Host (punycode): xn--bcher-kva.example')

		await page.getByTestId('url-query-reset').click()
		await expect(rebuilt).toHaveValue(IDN_HREF)
		await expectNoSeriousA11yViolations(page)
		expect(errors).toEqual([])
	})

	test('remembers the options in localStorage', async ({ page }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		await page.getByRole('radio', { name: 'Whole URI', exact: true }).check()
		await page.getByRole('checkbox', { name: 'Decode until stable' }).check()
		await expect
			.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tool:url-encoder:options') ?? 'null') as unknown))
			.toEqual({ action: 'decode', mode: 'uri', plusAsSpace: false, decodeUntilStable: true })
		await page.reload()
		await expect(action(page, 'Decode')).toBeChecked()
		await expect(page.getByRole('radio', { name: 'Whole URI', exact: true })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Decode until stable' })).toBeChecked()
		await page.getByTestId('tool-input').fill('a%2520b%2Fc')
		// Whole URI keeps the escaped '/'.
		await expect(page.getByTestId('tool-output')).toHaveValue('a b%2Fc')
	})

	test('a URL with 100,000 query parameters parses and the page stays usable', async ({ page }) => {
		test.setTimeout(90_000)
		const errors = collectConsoleErrors(page)
		const count = 100_000
		const query = Array.from({ length: count }, (_, index) => `k${index}=v${index}`).join('&')
		const url = `https://example.com/search?${query}`
		await page.goto(PATH)
		await action(page, 'Parse URL').check({ force: true })
		await pasteInput(page, url)

		await expect(page.getByTestId('url-query-count')).toHaveText('100,000 parameters', { timeout: 30_000 })
		// Only the first rows are in the page; the rest wait for "Show more".
		await expect(page.getByTestId('url-query-row')).toHaveCount(200)
		await expect(page.getByTestId('url-query-more')).toContainText('99,800 more parameters not shown')
		const rebuilt = page.getByTestId('url-rebuilt')
		await expect.poll(() => rebuilt.evaluate((element) => (element as HTMLTextAreaElement).value.length)).toBe(url.length)
		expect(await rebuilt.evaluate((element) => (element as HTMLTextAreaElement).value)).toBe(url)

		// Typing in the table reaches it (no timing here: the machine may be busy), and the rebuilt URL
		// follows with every parameter kept.
		await page.getByLabel('Value 1', { exact: true }).fill('changed value')
		await expect(page.getByLabel('Value 1', { exact: true })).toHaveValue('changed value')
		const edited = url.replace('k0=v0&', 'k0=changed%20value&')
		await expect.poll(() => rebuilt.evaluate((element, want) => (element as HTMLTextAreaElement).value === want, edited)).toBe(true)

		await page.getByTestId('url-query-show-more').click()
		await expect(page.getByTestId('url-query-row')).toHaveCount(400)
		await expect(page.getByLabel('Key 400', { exact: true })).toHaveValue('k399')

		// A row added at the end is shown although the rows before it are not.
		await page.getByTestId('url-query-add').click()
		await expect(page.getByLabel('Key 100001', { exact: true })).toBeFocused()
		await page.keyboard.type('added')
		await expect
			.poll(() => rebuilt.evaluate((element) => (element as HTMLTextAreaElement).value.endsWith('&k99999=v99999&added=')))
			.toBe(true)
		await expect(page.getByTestId('url-query-count')).toHaveText('100,001 parameters')
		expect(errors).toEqual([])
	})

	test('the page has its head and no serious accessibility problems', async ({ page }) => {
		await page.goto(PATH)
		await expect(page).toHaveTitle(/^URL Encoder\/Decoder \| /)
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools\/url-encoder$/)
		await expect(page.getByTestId('tool-curl')).toContainText('/api/tools/url-encoder')
		await page.getByTestId('tool-input').fill(MIXED)
		await expect(page.getByTestId('tool-output')).not.toHaveValue('')
		await expectNoSeriousA11yViolations(page)
		await action(page, 'Decode').check({ force: true })
		await page.getByTestId('tool-input').fill('a%2520b')
		await expect(page.getByTestId('url-double-encoded')).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})

	test('an example link opens the parser with the example', async ({ page }) => {
		await page.goto(`${PATH}?example=4`)
		await expect(action(page, 'Parse URL')).toBeChecked()
		await expect(page.getByTestId('url-part-host-punycode')).toContainText('xn--bcher-kva.example')
		await expect(page.getByTestId('url-rebuilt')).toHaveValue(IDN_HREF)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts and the server encodes; the choices are kept', async ({ page, browser }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Form data', exact: true }).check({ force: true })
		await page.getByTestId('tool-input').fill(MIXED)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('a+b%26%3D%3F%23%2F%21%27%28%29*%F0%9F%98%80%E4%B8%AD%E6%96%87')
		await expect(page.getByTestId('tool-input')).toHaveValue(MIXED)
		await expect(page.getByRole('radio', { name: 'Form data', exact: true })).toBeChecked()
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})

	test('a malformed escape comes back as an error with its position', async ({ page, browser }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		// The button follows the chosen action before JavaScript too.
		await expect(page.getByTestId('tool-run')).toHaveAccessibleName('Decode')
		await page.getByTestId('tool-input').fill('%E0%A4%A')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText("Incomplete UTF-8 sequence '%E0%A4' at line 1, column 1")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 1, column 1')
		await expect(page.getByTestId('tool-input')).toHaveValue('%E0%A4%A')
		await expect(action(page, 'Decode')).toBeChecked()
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})

	test('double encoding: the notice’s button posts again with "Decode until stable"', async ({ page }) => {
		await page.goto(PATH)
		await action(page, 'Decode').check({ force: true })
		await page.getByTestId('tool-input').fill('my%2520file.pdf')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('my%20file.pdf')
		await page.getByTestId('url-decode-until-stable').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('my file.pdf')
		await expect(page.getByRole('checkbox', { name: 'Decode until stable' })).toBeChecked()
		await expect(page.getByTestId('url-double-encoded')).toContainText('decoded 2 times')
	})

	test('parse: the server renders the parts and a read-only query table', async ({ page, browser }) => {
		await page.goto(PATH)
		await action(page, 'Parse URL').check({ force: true })
		await expect(page.getByTestId('url-mode')).toBeHidden()
		await page.getByTestId('tool-input').fill(IDN_URL)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('url-part-host')).toHaveText('bücher.example')
		await expect(page.getByTestId('url-part-host-punycode')).toContainText('xn--bcher-kva.example')
		await expect(page.getByTestId('url-part-port')).toContainText('8080')
		await expect(page.getByTestId('url-password-value')).toBeHidden()
		await page.getByText('Show password').click()
		await expect(page.getByRole('checkbox', { name: 'Show password' })).toBeChecked()
		await expect(page.getByTestId('url-password-value')).toHaveText('pw')

		const rows = page.getByTestId('url-query-row')
		await expect(rows).toHaveCount(3)
		await expect(rows.nth(2)).toContainText('x')
		await expect(rows.nth(2)).toContainText('✓')
		await expect(page.getByTestId('url-query').getByRole('textbox', { name: /^(Key|Value) / })).toHaveCount(0)
		await expect(page.getByTestId('url-rebuilt')).toHaveValue(IDN_HREF)
		await expect(page.getByTestId('url-query')).toContainText('Turn on JavaScript to edit them')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
