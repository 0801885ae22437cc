/**
 * What every text tool page shares (app/tools/use-tool.ts,
 * app/tools/kit/tool-controls.tsx, app/tools/kit/tool-page.tsx), shown on
 * the Text Case Converter: live runs, the worker for big inputs, copy,
 * download, clear, example, open file, remembered options, share links,
 * Ctrl+Enter, the form post without JavaScript, and the page's head.
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations } from '../utils.ts'

const PATH = '/tools/text-case-converter'

test.describe('with JavaScript', () => {
	test('converts as you type, copies with a toast, downloads, clears', async ({ page, context }) => {
		const errors = collectConsoleErrors(page)
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'snake_case' }).check({ force: true })
		await page.getByTestId('tool-input').fill('parseHTTPResponse\nuser id')
		await expect(page.getByTestId('tool-output')).toHaveValue('parse_http_response\nuser_id')

		await page.getByTestId('tool-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('parse_http_response\nuser_id')

		const downloading = page.waitForEvent('download')
		await page.getByTestId('tool-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('text-snake-case.txt')
		expect(await readFile((await download.path())!, 'utf8')).toBe('parse_http_response\nuser_id')

		await page.getByTestId('tool-clear').click()
		await expect(page.getByTestId('tool-input')).toHaveValue('')
		await expect(page.getByTestId('tool-output')).toHaveValue('')
		await expect(page.getByTestId('tool-input')).toBeFocused()
		expect(errors).toEqual([])
	})

	test('remembers the options in localStorage', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'CONSTANT_CASE' }).check({ force: true })
		await expect
			.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tool:text-case-converter:options') ?? 'null') as unknown))
			.toMatchObject({ mode: 'constant' })
		await page.reload()
		await expect(page.getByRole('radio', { name: 'CONSTANT_CASE' })).toBeChecked()
		await page.getByTestId('tool-input').fill('max retries')
		await expect(page.getByTestId('tool-output')).toHaveValue('MAX_RETRIES')
	})

	test('a share link carries the input in the fragment, never to the server', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'kebab-case' }).check({ force: true })
		await page.getByTestId('tool-input').fill('Hello shared world & more')
		await page.getByTestId('tool-share').click()
		const link = await page.evaluate(() => navigator.clipboard.readText())
		expect(link).toMatch(/\/tools\/text-case-converter#input=Hello\+shared\+world\+%26\+more&options=/)

		const requested: Array<string> = []
		const fresh = await context.newPage()
		fresh.on('request', (request) => requested.push(request.url()))
		await fresh.goto(link)
		await expect(fresh.getByTestId('tool-input')).toHaveValue('Hello shared world & more')
		await expect(fresh.getByTestId('tool-output')).toHaveValue('hello-shared-world-more')
		// The input travelled in the fragment only: no request carried it.
		expect(requested.length).toBeGreaterThan(0)
		expect(requested.filter((url) => url.includes('Hello'))).toEqual([])
	})

	test('Ctrl+Enter runs, Load example and Open file fill the input', async ({ page }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-example').click()
		await expect(page.getByTestId('tool-input')).toHaveValue(/how to write a great README/)
		await expect(page.getByTestId('tool-output')).toHaveValue(/How to Write a Great README/)

		await page.getByTestId('tool-open-file').setInputFiles({ name: 'names.txt', mimeType: 'text/plain', buffer: Buffer.from('from a file') })
		await expect(page.getByTestId('tool-input')).toHaveValue('from a file')
		await expect(page.getByTestId('tool-output')).toHaveValue('From a File')

		await page.getByTestId('tool-input').focus()
		await page.keyboard.press('Control+Enter')
		await expect(page.getByTestId('tool-output')).toHaveValue('From a File')
	})

	test('a 3 MB input runs in the Web Worker and the page stays responsive', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'UPPER CASE' }).check({ force: true })
		const workers: Array<string> = []
		page.on('worker', (worker) => workers.push(worker.url()))
		await page.getByTestId('tool-input').evaluate((element, size) => {
			const textarea = element as HTMLTextAreaElement
			const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
			setter.call(textarea, 'abc '.repeat(size / 4))
			textarea.dispatchEvent(new Event('input', { bubbles: true }))
		}, 3_000_000)
		// The box previews the first million characters; Copy and Download give all three.
		await expect(page.getByTestId('tool-output-preview')).toContainText('The result has 3,000,000 characters; the box shows the first 1,000,000', { timeout: 20_000 })
		expect(await page.getByTestId('tool-output').evaluate((element) => (element as HTMLTextAreaElement).value.slice(0, 8))).toBe('ABC ABC ')
		const downloading = page.waitForEvent('download')
		await page.getByTestId('tool-download').click()
		expect((await readFile((await (await downloading).path())!, 'utf8')).length).toBe(3_000_000)
		expect(workers.some((url) => /browser-worker/.test(url))).toBe(true)
	})

	test('more than 10 MB is refused in the page with the limit', async ({ page }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').evaluate((element) => {
			const textarea = element as HTMLTextAreaElement
			const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
			setter.call(textarea, 'é'.repeat(5 * 1024 * 1024 + 1))
			textarea.dispatchEvent(new Event('input', { bubbles: true }))
		})
		await expect(page.getByTestId('tool-error')).toContainText('Input is too large: 10 MB (limit 10 MB).', { timeout: 20_000 })
	})

	test('the page has its head: title, description, canonical and JSON-LD', async ({ page }) => {
		await page.goto(PATH)
		await expect(page).toHaveTitle(/^Text Case Converter \| /)
		const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
		const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type'])
		expect(types).toEqual(expect.arrayContaining(['WebApplication', 'FAQPage']))
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools\/text-case-converter$/)
		await expect(page.getByTestId('tool-curl')).toContainText("curl -X POST")
		await expect(page.getByTestId('tool-curl')).toContainText('/api/tools/text-case-converter')
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts, the server converts, the result and choices are kept', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'PascalCase' }).check({ force: true })
		await page.getByTestId('tool-input').fill('hello big world')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('HelloBigWorld')
		await expect(page.getByTestId('tool-input')).toHaveValue('hello big world')
		await expect(page.getByRole('radio', { name: 'PascalCase' })).toBeChecked()
	})

	test('an example link fills the form', async ({ page }) => {
		await page.goto(PATH)
		await page.getByRole('link', { name: 'Try it' }).nth(1).click()
		await expect(page).toHaveURL(/\?example=2$/)
		await expect(page.getByTestId('tool-input')).toHaveValue(/parseHTTPResponse/)
		await expect(page.getByRole('radio', { name: 'snake_case' })).toBeChecked()
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/parse_http_response/)
	})
})
