/**
 * The Text Case Converter's own features in Chromium (the framework's shared
 * behaviour is in framework.test.ts): every case at once with a copy button
 * each, the style guide and locale options, the counts, on a phone without
 * sideways scrolling; and the form without JavaScript. Axe on both.
 */
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from '../utils.ts'

const PATH = '/tools/text-case-converter'

test.describe('with JavaScript', () => {
	test('every case at once, each copied with its own button; style guide and locale change the result', async ({ page, context }) => {
		const errors = collectConsoleErrors(page)
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('a walk through HTTPServerError and userID2 with NASA')
		const all = page.getByTestId('all-cases')
		await expect(all.getByTestId('case-snake')).toHaveText('a_walk_through_http_server_error_and_user_id2_with_nasa')
		await expect(all.getByTestId('case-train')).toHaveText('A-Walk-Through-Http-Server-Error-And-User-Id2-With-Nasa')
		await expect(all.getByTestId('case-title')).toHaveText('A Walk Through HTTPServerError and userID2 With NASA')
		await expect(all.locator('[data-testid^="copy-"]')).toHaveCount(15)

		await page.getByRole('button', { name: 'Copy kebab case' }).click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a-walk-through-http-server-error-and-user-id2-with-nasa')

		// Chicago lowers every preposition; the result box and the list follow the option.
		await page.getByLabel('Title Case style guide').selectOption('chicago')
		await expect(page.getByTestId('tool-output')).toHaveValue('A Walk through HTTPServerError and userID2 with NASA')
		await expect(all.getByTestId('case-title')).toHaveText('A Walk through HTTPServerError and userID2 with NASA')

		await page.getByLabel('Language rules for upper and lower case').selectOption('tr')
		await page.getByTestId('tool-input').fill('istanbul ırmak. ikinci cümle!')
		await expect(all.getByTestId('case-upper')).toHaveText('İSTANBUL IRMAK. İKİNCİ CÜMLE!')
		await expect(page.getByTestId('case-counts')).toContainText('Characters29')
		await expect(page.getByTestId('case-counts')).toContainText('Sentences2')
		await expectNoSeriousA11yViolations(page)
		expect(errors).toEqual([])
	})

	test('on a 390 px phone the page does not scroll sideways, even with a long identifier, and works from the keyboard', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill(`${'averyveryverylongidentifier'.repeat(8)} done`)
		await expect(page.getByTestId('case-pascal')).toContainText('Averyveryverylongidentifier')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		// The options are reachable with Tab and change with the keyboard.
		await page.getByLabel('Keep acronyms (NASA, HTTP)').focus()
		await page.keyboard.press('Space')
		await page.getByTestId('tool-input').fill('the NASA story')
		await expect(page.getByTestId('case-title')).toHaveText('The Nasa Story')
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts with its options; the server shows the result, every case and the counts', async ({ page, browser }) => {
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Title Case' }).check({ force: true })
		await page.getByLabel('Title Case style guide').selectOption('mla')
		await page.getByTestId('tool-input').fill('so long and thanks for all the fish from https://Example.com/So')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('So Long and Thanks for All the Fish from https://Example.com/So')
		await expect(page.getByLabel('Title Case style guide')).toHaveValue('mla')
		await expect(page.getByTestId('case-constant')).toHaveText('SO_LONG_AND_THANKS_FOR_ALL_THE_FISH_FROM_HTTPS_EXAMPLE_COM_SO')
		await expect(page.getByTestId('case-counts')).toContainText('Words10')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
