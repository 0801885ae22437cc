/**
 * The robots.txt Generator & Tester page (/tools/robots-txt): the generator
 * as you type (preset, a group per user agent, block AI crawlers, sitemap),
 * copy and download as robots.txt, "Test this file", the tester's verdicts
 * with the deciding line, Unicode paths, a phone-sized screen and axe in both
 * themes; and both forms posted without JavaScript.
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolationsWithoutJs, expectPhoneWidthAndAxeInBothThemes } from '../utils.ts'

const PATH = '/tools/robots-txt'

test('with JavaScript: generate, copy, download, test the file, a phone screen, axe', async ({ page, context }) => {
	const errors = collectConsoleErrors(page)
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto(PATH)
	const generator = page.getByTestId('robots-generator')
	const generated = generator.getByTestId('tool-output')
	await expect(generated).toHaveValue('User-agent: *\nDisallow:\n')

	await generator.getByRole('radio', { name: 'WordPress' }).check({ force: true })
	await generator.getByLabel('User agents').fill('Googlebot')
	await generator.getByLabel('Disallow (one path a line)').fill('/drafts/\n/שלום/')
	await generator.getByRole('checkbox', { name: 'Also block AI crawlers' }).check()
	await generator.getByLabel('Sitemap URLs (one a line)').fill('https://example.com/sitemap.xml')
	await expect(generated).toHaveValue(/^User-agent: \*\nDisallow: \/wp-admin\/\n[\s\S]*\n\nUser-agent: Googlebot\nDisallow: \/drafts\/\nDisallow: \/שלום\/\n\nUser-agent: GPTBot\n[\s\S]*\nSitemap: https:\/\/example.com\/sitemap.xml\n$/)
	const file = await generated.inputValue()

	await generator.getByTestId('tool-copy').click()
	await expect(page.getByText('Copied')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file)
	const downloading = page.waitForEvent('download')
	await generator.getByTestId('tool-download').click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('robots.txt')
	expect(await readFile((await download.path())!, 'utf8')).toBe(file)

	// The generated file goes to the tester: Googlebot's own group decides, with its line.
	await generator.getByTestId('robots-test-this').click()
	const tester = page.getByTestId('robots-tester')
	await expect(tester.getByTestId('tool-input')).toHaveValue(file)
	await tester.getByLabel('URLs or paths (one a line)').fill('/drafts/post\n/שלום/עולם\n/wp-admin/')
	const verdicts = tester.getByTestId('robots-verdict')
	await expect(verdicts).toHaveText(['Blocked', 'Blocked', 'Allowed'])
	await expect(tester.getByTestId('robots-verdicts')).toContainText('Disallow: /drafts/ on line 9')
	await tester.getByLabel('Crawler').fill('GPTBot')
	await expect(verdicts).toHaveText(['Blocked', 'Blocked', 'Blocked'])
	await expect(tester.getByTestId('tool-status')).toHaveText('0 allowed, 3 blocked')

	await expectPhoneWidthAndAxeInBothThemes(page, 375)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the generator and the tester post; the server renders the file, the verdicts and the warnings', async ({ page, browser }) => {
		await page.goto(PATH)
		const generator = page.getByTestId('robots-generator')
		await expect(generator.getByTestId('robots-row')).toHaveCount(3)
		await generator.getByRole('radio', { name: 'Block all' }).check({ force: true })
		await generator.getByLabel('User agents').first().fill('Bingbot')
		await generator.getByLabel('Allow (one path a line)', { exact: true }).first().fill('/public/')
		await generator.getByTestId('robots-generate').click()
		await expect(page.getByTestId('robots-generator').getByTestId('tool-output')).toHaveValue('User-agent: *\nDisallow: /\n\nUser-agent: Bingbot\nAllow: /public/\n')
		await expect(page.getByTestId('robots-generator').getByLabel('User agents').first()).toHaveValue('Bingbot')

		const tester = page.getByTestId('robots-tester')
		await tester.getByTestId('tool-input').fill('User-agent: *\nDisallow: /private/\nNoindex: /x\nAllow: /private/ok$')
		await tester.getByLabel('URLs or paths (one a line)').fill('/private/a\n/private/ok')
		await tester.getByLabel('Crawler').fill('Bingbot')
		await tester.getByTestId('tool-run').click()
		await expect(page.getByTestId('robots-verdict')).toHaveText(['Blocked', 'Allowed'])
		await expect(page.getByTestId('robots-warnings')).toContainText('Line 3: Noindex')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
