/**
 * The QR code generator page (/tools/qr-code-generator): a code made as you
 * type and read back by the page's own decoder (jsQR), a Wi-Fi code with
 * every character the format escapes, the self-check turning red when the
 * colours are inverted and green again after, content one byte too long,
 * a phone-width layout without sideways scrolling, axe; and the form posted
 * without JavaScript, answered with the image and its download links.
 */
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from '../utils.ts'

const PATH = '/tools/qr-code-generator'
/** A 1×1 PNG, as a logo. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

test.describe('with JavaScript', () => {
	test('a Wi-Fi code scans back exactly; inverted colours turn the self-check red, fixing them turns it green', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill('https://example.com/ünïcode?q=👋')
		await expect(page.getByTestId('qr-image')).toBeVisible()
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		// Named for what the code holds (issue 29, item 23).
		const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-download-svg').click()])
		expect(svgDownload.suggestedFilename()).toBe('qr-url-example-com-ünïcode-q.svg')

		await page.getByRole('link', { name: 'Wi-Fi' }).click()
		await expect(page).toHaveURL(/\?type=wifi$/)
		await page.getByLabel('Network name (SSID)').fill('Café ;:,\\"')
		await page.getByLabel('Password').fill('p@ss;word')
		await expect(page.getByTestId('qr-capacity')).toContainText('Capacity: 44 of 2,331 bytes at level M')
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		await expect(page.getByTestId('qr-self-check')).toContainText('Scans back to exactly your content')

		await page.getByTestId('qr-dark').fill('#ffffff')
		await page.getByTestId('qr-light').fill('#000000')
		await expect(page.getByTestId('qr-warnings')).toContainText('The colours are inverted')
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'unreadable')
		await expect(page.getByTestId('qr-self-check')).toHaveClass(/text-danger/)

		await page.getByTestId('qr-dark').fill('#1e3a8a')
		await page.getByTestId('qr-light').fill('#ffffff')
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		await expect(page.getByTestId('qr-warnings')).toHaveCount(0)

		// A different size is checked again, and the download is a PNG.
		await page.getByTestId('qr-size').fill('256')
		await expect(page.getByTestId('qr-image')).toHaveAttribute('width', '246')
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-download-png').click()])
		expect(download.suggestedFilename()).toBe('qr-wifi-Café.png')

		// A logo raises error correction to H, is checked again, and a large one is warned about.
		await page.getByTestId('qr-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO })
		await expect(page.getByRole('radio', { name: 'H · 30%' })).toBeChecked()
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		await page.getByLabel(/Logo width/).fill('40')
		await expect(page.getByTestId('qr-warnings')).toContainText('The logo covers 16% of the code')
		await expectNoSeriousA11yViolations(page)
		expect(errors).toEqual([])
	})

	test('one byte beyond capacity: a clear message with a hint; a phone-width page in the dark theme does not scroll sideways', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.emulateMedia({ colorScheme: 'dark' })
		await page.goto(PATH)
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await page.getByRole('radio', { name: 'Q · 25%' }).check({ force: true })
		await page.getByTestId('tool-input').fill('x'.repeat(1664))
		await expect(page.getByTestId('tool-error')).toContainText(
			'the content is 1,664 bytes and a code at error correction Q holds at most 1,663. To fit, switch error correction to M (it holds up to 2,331 bytes)',
		)
		await expect(page.getByTestId('qr-capacity')).toContainText('1 bytes too many.')
		await page.getByTestId('tool-input').fill('x'.repeat(1663))
		await expect(page.getByTestId('qr-self-check')).toHaveAttribute('data-state', 'ok')
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the Wi-Fi form posts: the server draws the code inline with PNG and SVG download links', async ({ page, browser }) => {
		await page.goto(`${PATH}?type=wifi`)
		await page.getByLabel('Network name (SSID)').fill('Home;Net')
		await page.getByLabel('Password').fill('secret123')
		await page.getByTestId('tool-run').click()
		await expect(page).toHaveURL(/\?type=wifi$/)
		await expect(page.getByTestId('qr-image')).toHaveAttribute('src', /^data:image\/svg\+xml/)
		await expect(page.getByTestId('qr-download-png')).toHaveAttribute('href', /^data:image\/png;base64,/)
		await expect(page.getByTestId('qr-download-png')).toHaveAttribute('download', 'qr-wifi-Home-Net.png')
		await expect(page.getByTestId('qr-download-svg')).toHaveAttribute('download', 'qr-wifi-Home-Net.svg')
		await expect(page.getByTestId('qr-capacity')).toContainText('Capacity: 36 of 2,331 bytes')
		await expect(page.getByLabel('Network name (SSID)')).toHaveValue('Home;Net')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
