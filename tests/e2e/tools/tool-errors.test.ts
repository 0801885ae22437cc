/**
 * Every text tool built on the kit, for issue 29:
 *
 * - item 19: after an error at 1366×900 the message is in the viewport without scrolling (it is shown
 *   at the top of the result pane, beside the input, not under both panes) and announced (role=alert);
 * - item 26: without JavaScript, the buttons that cannot work (Copy, Download) are disabled and look it,
 *   and "Load example" is a link that works (`?example=1`); once hydrated they are buttons again.
 */
import { expect, test, type Page } from '../fixtures.ts'

type ErrorCase = {
	slug: string
	/** Puts the page in the state that errs (mode, input, run). */
	make: (page: Page) => Promise<void>
	message: string | RegExp
}

async function fillAndRun(page: Page, text: string) {
	await page.getByTestId('tool-input').fill(text)
	await page.getByTestId('tool-run').click()
}

const cases: ReadonlyArray<ErrorCase> = [
	{ slug: 'json-formatter', make: (page) => page.getByTestId('tool-input').fill('{\n  "a": tru\n}'), message: /line 2, column 8/ },
	{
		slug: 'json-formatter',
		make: async (page) => {
			await page.getByRole('radio', { name: 'Validate', exact: true }).check({ force: true })
			await page.getByTestId('tool-input').fill('{\n  "a": tru\n}')
		},
		message: /line 2, column 8/,
	},
	{ slug: 'minify-beautify', make: (page) => page.getByTestId('tool-input').fill('const a = 1\nfunction (}\n'), message: /JavaScript syntax error at line 2/ },
	{
		slug: 'minify-beautify',
		make: async (page) => {
			await page.getByRole('radio', { name: 'Minify', exact: true }).check({ force: true })
			await page.getByTestId('minify-language').selectOption('css')
			await page.getByTestId('tool-input').fill('a { color: red; }\n}}}')
		},
		message: /CSS syntax error/,
	},
	{
		slug: 'base64-encoder',
		make: async (page) => {
			await page.getByRole('radio', { name: 'Decode', exact: true }).check({ force: true })
			await page.getByTestId('tool-input').fill('SGVs\nbG!8=')
		},
		message: "Invalid character '!' (U+0021) at line 2, column 3",
	},
	{
		slug: 'url-encoder',
		make: async (page) => {
			await page.getByRole('radio', { name: 'Decode', exact: true }).check({ force: true })
			await fillAndRun(page, '%E0%A4%A')
		},
		message: "Incomplete UTF-8 sequence '%E0%A4' at line 1, column 1",
	},
	{ slug: 'sitemap-xml', make: (page) => page.getByTestId('tool-input').fill('https://a.example/\n/relative/page'), message: /Line 2: .* is a relative URL/ },
	{
		slug: 'slug-utm',
		make: async (page) => {
			await page.getByRole('radio', { name: 'UTM link' }).check({ force: true })
			await page.getByTestId('tool-input').fill('https://example.com/sale?color=red#top')
		},
		message: /utm_source/,
	},
	{ slug: 'keyword-density', make: (page) => fillAndRun(page, '   '), message: 'Enter some text to analyse.' },
	{ slug: 'meta-tag-generator', make: (page) => fillAndRun(page, '   '), message: 'Enter a title' },
	{ slug: 'qr-code-generator', make: (page) => page.getByTestId('tool-input').fill('x'.repeat(3000)), message: /holds at most/ },
]

test.describe('item 19: errors are seen at 1366×900 and announced', () => {
	test.use({ viewport: { width: 1366, height: 900 } })

	for (const [index, { slug, make, message }] of cases.entries()) {
		test(`${slug} (${index + 1}): the message is in the viewport, in an alert`, async ({ page }) => {
			await page.goto(`/tools/${slug}`)
			// Hydrated: the example button only works with JavaScript.
			await expect(page.getByTestId('tool-example')).toBeEnabled()
			await make(page)
			const alert = page.getByRole('alert').filter({ has: page.getByTestId('tool-error') }).or(page.getByTestId('tool-error'))
			await expect(alert).toHaveAttribute('role', 'alert')
			await expect(alert).toContainText(message)
			// The message itself (its first line), whole, where the page is (typing never scrolls; a click on
			// Run scrolled to the button, and the message is in view from there).
			await expect(alert.locator('p').first()).toBeInViewport({ ratio: 1 })
		})
	}

	test('minify-beautify: a form posted without JavaScript shows its error in view too', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })
		const page = await context.newPage()
		await page.goto('/tools/minify-beautify')
		await page.getByTestId('tool-input').fill('const a = 1\nfunction (}\n')
		await page.getByTestId('tool-run').click()
		const alert = page.getByTestId('tool-error')
		await expect(alert).toContainText(/JavaScript syntax error at line 2/)
		await page.evaluate(() => window.scrollTo(0, 0))
		await expect(alert.locator('p').first()).toBeInViewport({ ratio: 1 })
		await context.close()
	})
})

test.describe('item 26: buttons that cannot work without JavaScript', () => {
	const slugs = ['json-formatter', 'minify-beautify', 'text-case-converter', 'base64-encoder', 'url-encoder', 'keyword-density', 'sitemap-xml', 'slug-utm']

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		for (const slug of slugs) {
			test(`${slug}: Copy and Download are disabled and look it; Load example is a link that fills the input`, async ({ page }) => {
				await page.goto(`/tools/${slug}`)
				for (const id of ['tool-copy', 'tool-download']) {
					const button = page.getByTestId(id).first()
					await expect(button).toBeDisabled()
					// Looks disabled: dimmed, and no pointer that promises an action.
					expect(Number(await button.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(0.7)
					expect(await button.evaluate((element) => getComputedStyle(element).cursor)).toBe('not-allowed')
				}
				const example = page.getByRole('link', { name: 'Load example' })
				await expect(example).toHaveAttribute('href', /\?example=1$/)
				await example.click()
				await expect(page).toHaveURL(/\?example=1$/)
				await expect(page.getByTestId('tool-input')).not.toHaveValue('')
			})
		}
	})

	test.describe('with JavaScript', () => {
		for (const slug of slugs) {
			test(`${slug}: once hydrated, Load example is a button and Copy and Download work on a result`, async ({ page }) => {
				await page.goto(`/tools/${slug}`)
				const example = page.getByRole('button', { name: 'Load example' })
				await expect(example).toBeEnabled()
				await expect(page.getByRole('link', { name: 'Load example' })).toHaveCount(0)
				await example.click()
				await expect(page.getByTestId('tool-input')).not.toHaveValue('')
				if (slug === 'slug-utm' || slug === 'keyword-density' || slug === 'url-encoder') await page.getByTestId('tool-run').click()
				for (const id of ['tool-copy', 'tool-download']) {
					const button = page.getByTestId(id).first()
					await expect(button).toBeEnabled()
					expect(Number(await button.evaluate((element) => getComputedStyle(element).opacity))).toBe(1)
				}
			})
		}
	})
})
