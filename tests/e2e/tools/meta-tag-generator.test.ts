/**
 * The Meta Tag Generator page (/tools/meta-tag-generator): the head block,
 * previews and checks as you type, a JSON-LD type shown by its box, hostile
 * and right-to-left text, copy and download; a phone-sized screen and axe in
 * both themes; and the form posted without JavaScript.
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolationsWithoutJs, expectPhoneWidthAndAxeInBothThemes } from '../utils.ts'

const PATH = '/tools/meta-tag-generator'
const HOSTILE = '"><script>alert(1)</script>'

test('with JavaScript: tags, previews and checks as you type, copy, download, a phone screen, axe', async ({ page, context }) => {
	const errors = collectConsoleErrors(page)
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto(PATH)
	page.on('dialog', () => errors.push('a dialog opened'))

	await page.getByTestId('tool-input').fill('Handmade Ceramic Mugs, Fired Twice, Dishwasher Safe and Made to Last | Clay & Co')
	await page.getByLabel('Description').fill('Short.')
	await page.getByLabel('Canonical URL').fill('https://www.clay.example/shop/mugs')
	const output = page.getByTestId('tool-output')
	await expect(output).toHaveValue(/<title>Handmade Ceramic Mugs, Fired Twice, Dishwasher Safe and Made to Last \| Clay &amp; Co<\/title>/)
	await expect(output).toHaveValue(/<link rel="canonical" href="https:\/\/www\.clay\.example\/shop\/mugs">/)
	// Google's preview: cut by pixels, with the breadcrumb.
	const google = page.getByTestId('meta-preview-google')
	await expect(page.getByTestId('meta-google-title')).toHaveText(/ \.\.\.$/)
	await expect(google).toContainText('https://www.clay.example › shop › mugs')
	await expect(page.getByTestId('meta-title-note')).toContainText('cut in results')
	const checks = page.getByTestId('meta-checks')
	await expect(checks).toContainText('The description has 6 characters')
	await expect(checks).toContainText('Add a social image')

	// A JSON-LD type: its fields appear when ticked.
	await expect(page.getByTestId('meta-faq-fields')).toBeHidden()
	await page.getByRole('checkbox', { name: 'FAQ' }).check()
	await page.getByRole('textbox', { name: 'Questions and answers' }).fill(`Q: ${HOSTILE}\nA: שלום 😀 cafe\u0301`)
	await expect(output).toHaveValue(/"@type": "FAQPage"/)
	await expect(output).toHaveValue(/\\u003cscript\\u003ealert\(1\)\\u003c\/script\\u003e/)

	// Hostile, right-to-left and combining text in the title: escaped in the tags, shown as text in the previews.
	await page.getByTestId('tool-input').fill(`${HOSTILE} مرحبا e\u0301`)
	await expect(output).toHaveValue(/<title>&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; مرحبا e\u0301<\/title>/)
	await expect(page.getByTestId('meta-google-title')).toHaveText(`${HOSTILE} مرحبا e\u0301`)
	await expect(page.getByTestId('meta-preview-facebook')).toContainText('CLAY.EXAMPLE')
	await expect(page.getByTestId('meta-preview-x')).toContainText('large image card')
	await page.getByText('Summary', { exact: true }).click()
	await expect(page.getByTestId('meta-preview-x')).toContainText('summary card')

	await page.getByTestId('tool-copy').click()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<head>\n {2}<meta charset="utf-8">/)
	const downloading = page.waitForEvent('download')
	await page.getByTestId('tool-download').click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('meta-tags.html')
	expect(await readFile((await download.path())!, 'utf8')).toContain('<meta name="twitter:card" content="summary">')

	// A share link carries the title and the fields in its fragment: opened, it rebuilds the same tags.
	const tags = await output.inputValue()
	await page.getByTestId('tool-share').click()
	const link = await page.evaluate(() => navigator.clipboard.readText())
	expect(link).toMatch(/\/tools\/meta-tag-generator#/)
	await page.goto('about:blank')
	await page.goto(link)
	await expect(output).toHaveValue(tags)

	// The example fills every field it names (and resets the rest): the Article fields show.
	await page.getByTestId('tool-example').click()
	await expect(output).toHaveValue(/"@type": "BlogPosting"/)
	await expect(page.getByTestId('meta-article-fields')).toBeVisible()
	await expect(page.getByTestId('meta-faq-fields')).toBeHidden()
	await expectPhoneWidthAndAxeInBothThemes(page, 375)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts and the server renders the tags and previews; an empty title is a clear error', async ({ page, browser }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill(HOSTILE)
		await page.getByLabel('Canonical URL').fill('https://clay.example/a/b')
		await page.getByRole('checkbox', { name: 'Breadcrumbs' }).check()
		await expect(page.getByTestId('meta-breadcrumbs-fields')).toBeVisible()
		await page.getByLabel('Trail').fill('Home | https://clay.example/\nB')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/<title>&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/title>/)
		await expect(page.getByTestId('tool-output')).toHaveValue(/"@type": "BreadcrumbList"/)
		await expect(page.getByTestId('meta-google-title')).toHaveText(HOSTILE)
		await expect(page.getByTestId('meta-preview-google')).toContainText('https://clay.example › a › b')
		await expect(page.getByLabel('Trail')).toHaveValue('Home | https://clay.example/\nB')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
		await page.getByTestId('tool-input').fill('   ')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('Enter a title')
	})
})
