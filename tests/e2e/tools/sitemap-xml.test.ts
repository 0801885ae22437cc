/**
 * The XML Sitemap Generator & Validator page (/tools/sitemap-xml): a
 * sitemap as you type from URLs in any script, the options, copy and
 * download as sitemap.xml, a .xml file opened switches to Validate and
 * gets its report, a malformed sitemap its line; a 375 px phone screen
 * without sideways scrolling and axe in both themes; and the form posted
 * without JavaScript in each mode (pages.test.ts runs axe on the page
 * without JavaScript; here axe checks the page with a report shown).
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectPhoneWidthAndAxeInBothThemes } from '../utils.ts'

const PATH = '/tools/sitemap-xml'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const BROKEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>https://example.com/café</loc><changefreq>Daily</changefreq></url>\n</urlset>`

test('with JavaScript: generate as you type, copy, download, open a sitemap to validate, a phone screen, axe', async ({ page, context }) => {
	const errors = collectConsoleErrors(page)
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto(PATH)
	const input = page.getByTestId('tool-input')
	const output = page.getByTestId('tool-output')

	// An international host, right-to-left text, an emoji and a combining accent: punycode and percent-encoding.
	await input.fill('https://bücher.example/\n/שלום/😀/cafe\u0301?a=1&b=2\nhttps://bücher.example/')
	await expect(page.getByTestId('tool-error')).toContainText('Line 2: “/שלום/😀/cafe\u0301?a=1&b=2” is a relative URL')
	await page.getByLabel('Base URL (optional)').fill('https://bücher.example')
	await page.getByLabel('Priority').selectOption('0.8')
	await expect(output).toHaveValue(/<loc>https:\/\/xn--bcher-kva\.example\/%D7%A9%D7%9C%D7%95%D7%9D\/%F0%9F%98%80\/cafe%CC%81\?a=1&amp;b=2<\/loc>\n {4}<priority>0\.8<\/priority>/)
	await expect(page.getByTestId('tool-status')).toHaveText('Generated a sitemap of 2 URLs')
	await expect(page.getByTestId('sitemap-notes')).toContainText('Line 3: https://xn--bcher-kva.example/ is a duplicate of line 1; skipped.')
	const xml = await output.inputValue()

	await page.getByTestId('tool-copy').click()
	await expect(page.getByText('Copied')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(xml)
	const downloading = page.waitForEvent('download')
	await page.getByTestId('tool-download').click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('sitemap.xml')
	expect(await readFile((await download.path())!, 'utf8')).toBe(xml)

	// Opening a .xml file switches to Validate.
	await page.getByTestId('tool-open-file').setInputFiles({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) })
	await expect(page.getByRole('radio', { name: 'Validate a sitemap' })).toBeChecked()
	await expect(page.getByTestId('sitemap-generate-options')).toBeHidden()
	await expect(page.getByRole('heading', { name: 'Valid sitemap: 2 URLs, no errors, 0 warnings.' })).toBeVisible()

	await input.fill(BROKEN)
	await expect(page.getByRole('heading', { name: 'Not a valid sitemap: 2 errors, 0 warnings.' })).toBeVisible()
	await expect(page.getByTestId('sitemap-errors')).toContainText('Line 3, column 13: <loc>: the URL is not percent-encoded (U+00E9 is not allowed in a URI): write https://example.com/caf%C3%A9')
	await expect(output).toHaveValue(/^Not a valid sitemap: 2 errors/)
	await input.fill(BROKEN.replace('</url>', ''))
	await expect(page.getByTestId('tool-error')).toContainText('Not well-formed XML: Expected </url> (opened on line 3) but found </urlset>.')
	await expect(page.getByTestId('tool-error-position')).toHaveText('Line 4, column 1')

	// The report shown: a phone screen without sideways scrolling, axe in both themes.
	await input.fill(BROKEN)
	await expect(page.getByTestId('sitemap-report')).toBeVisible()
	await expectPhoneWidthAndAxeInBothThemes(page, 375)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts: a sitemap from URLs, then a report from the Validate fieldset, then a malformed sitemap with its line', async ({ page }) => {
		await page.goto(PATH)
		await expect(page.getByTestId('sitemap-validate-options')).toBeHidden()
		await page.getByTestId('tool-input').fill('https://example.com/\nhttps://example.com/a?b=1&c=2')
		await page.getByLabel('Change frequency').selectOption('weekly')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/<loc>https:\/\/example\.com\/a\?b=1&amp;c=2<\/loc>\n {4}<changefreq>weekly<\/changefreq>/)

		await page.getByRole('radio', { name: 'Validate a sitemap' }).check({ force: true })
		// The :has() rules show the chosen mode's fieldset before JavaScript.
		await expect(page.getByTestId('sitemap-validate-options')).toBeVisible()
		await expect(page.getByTestId('sitemap-generate-options')).toBeHidden()
		await page.getByTestId('tool-input').fill(BROKEN)
		await page.getByTestId('tool-run').click()
		await expect(page.getByRole('heading', { name: 'Not a valid sitemap: 2 errors, 0 warnings.' })).toBeVisible()
		await expect(page.getByTestId('sitemap-errors')).toContainText('“Daily” is not one of always, hourly, daily')
		await expect(page.getByRole('radio', { name: 'Validate a sitemap' })).toBeChecked()

		await page.getByTestId('tool-input').fill('<urlset>\n<url>')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('Not well-formed XML: Unclosed tags <urlset>, <url>')
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 1')
	})
})
