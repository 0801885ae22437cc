/**
 * The Slug, UTM & Link Cleaner page (/tools/slug-utm): slugs as you type
 * with the options, UTM tags, link cleaning, copy, axe in both themes, a
 * phone-sized screen without sideways scrolling; and the form posted
 * without JavaScript, in each mode's fieldset.
 */
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolationsWithoutJs, expectPhoneWidthAndAxeInBothThemes } from '../utils.ts'

const PATH = '/tools/slug-utm'

test('with JavaScript: slugs, UTM links and clean links as you type, copy, a phone screen, axe', async ({ page, context }) => {
	const errors = collectConsoleErrors(page)
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(PATH)
	const input = page.getByTestId('tool-input')
	const output = page.getByTestId('tool-output')

	await input.fill('The Best Cafés in Köln — Привет!\n中文 title')
	await expect(output).toHaveValue('the-best-cafes-in-koeln-privet\n中文-title')
	await page.getByRole('checkbox', { name: 'Remove stop words' }).check()
	await page.getByLabel('Maximum length').fill('16')
	await expect(output).toHaveValue('best-cafes-koeln\n中文-title')
	await expect(page.getByTestId('slug-utm-notes')).toContainText('Removed the stop words “the” and “in”.')

	await page.getByRole('radio', { name: 'UTM link' }).check({ force: true })
	await expect(page.getByTestId('slug-options')).toBeHidden()
	await input.fill('https://example.com/sale?color=red#top')
	await expect(page.getByTestId('tool-error')).toContainText('utm_source')
	await page.getByLabel('Source (required)').fill('news letter')
	await page.getByLabel('Campaign utm_campaign').fill('spring&sale')
	await expect(output).toHaveValue('https://example.com/sale?color=red&utm_source=news%20letter&utm_campaign=spring%26sale#top')

	await page.getByRole('radio', { name: 'Clean link' }).check({ force: true })
	await input.fill('https://shop.example/p?id=7&utm_source=fb&fbclid=IwAR2&gclid=x#reviews')
	await expect(output).toHaveValue('https://shop.example/p?id=7#reviews')
	await expect(page.getByTestId('slug-utm-notes')).toContainText('Removed: utm_source, fbclid, gclid')
	await page.getByTestId('tool-copy').click()
	await expect(page.getByText('Copied')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://shop.example/p?id=7#reviews')

	// A phone: nothing scrolls sideways.
	await expectPhoneWidthAndAxeInBothThemes(page, 390)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts: a slug, then UTM tags from the UTM fieldset, then a bad link with its line', async ({ page, browser }) => {
		await page.goto(PATH)
		await expect(page.getByTestId('utm-options')).toBeHidden()
		await page.getByTestId('tool-input').fill('Grüße aus Köln')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('gruesse-aus-koeln')

		await page.getByRole('radio', { name: 'UTM link' }).check({ force: true })
		// The :has() rules show the chosen mode's fieldset before JavaScript.
		await expect(page.getByTestId('utm-options')).toBeVisible()
		await expect(page.getByTestId('slug-options')).toBeHidden()
		await page.getByLabel('Source (required)').fill('newsletter')
		await page.getByTestId('tool-input').fill('example.com/a?b=1')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('https://example.com/a?b=1&utm_source=newsletter')
		await expect(page.getByRole('radio', { name: 'UTM link' })).toBeChecked()

		await page.getByTestId('tool-input').fill('https://ok.example/\nnot a link')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('Line 2: a web address cannot contain spaces')
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 1')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
