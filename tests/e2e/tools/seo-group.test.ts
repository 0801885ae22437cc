/**
 * The SEO Tools group page (/tools/seo), live now that its first tools are:
 * server-rendered (JavaScript off) with its own title, description and
 * canonical link, listing each SEO tool with its description and link, and
 * passing axe. The other group pages list only their own tools, and the
 * menu names PDF Tools once (SPEC.md §2 lists it twice; the second entry is
 * the PDF editor).
 */
import { expect, test } from '../fixtures.ts'
import { expectNoSeriousA11yViolationsWithoutJs } from '../utils.ts'

test.use({ javaScriptEnabled: false })

test('/tools/seo is server-rendered with its meta tags and lists its tools; the other groups and the menu are right', async ({ page, browser }) => {
	const response = await page.goto('/tools/seo')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'SEO Tools' })).toBeVisible()
	await expect(page).toHaveTitle(/SEO Tools/)
	await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Tools for marketing pages and links.')
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools\/seo$/)
	await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /SEO Tools/)

	const cards = page.getByRole('main').getByTestId('tool-card')
	// In menu order: the QR code generator (its link is what most QR codes carry), then the five SEO tools.
	const expected = [
		['/tools/qr-code-generator', 'QR Code Generator'],
		['/tools/slug-utm', 'strip tracking parameters'],
		['/tools/keyword-density', 'Flesch reading ease'],
		['/tools/meta-tag-generator', 'Google, Facebook and X previews'],
		['/tools/robots-txt', 'the way Google decides'],
		['/tools/sitemap-xml', 'sitemaps.org rules'],
	] as const
	await expect(cards).toHaveCount(expected.length)
	for (const [index, [href, text]] of expected.entries()) {
		await expect(cards.nth(index)).toHaveAttribute('href', href)
		await expect(cards.nth(index)).toContainText(text)
	}
	await expectNoSeriousA11yViolationsWithoutJs(page, browser)

	// PDF Tools, which has no group page, is in no group's list, and each menu names it once.
	for (const [path, slugs] of [
		['/tools/dev', ['/tools/json-formatter', '/tools/base64-encoder', '/tools/url-encoder', '/tools/minify-beautify']],
		['/tools/text', ['/tools/text-case-converter']],
	] as const) {
		await page.goto(path)
		const hrefs = await page.getByRole('main').getByTestId('tool-card').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
		expect(hrefs, path).toEqual(slugs)
	}
	const menus = await page.locator('nav, aside').evaluateAll((lists) =>
		lists.map((list) => Array.from(list.querySelectorAll('a')).filter((a) => a.textContent?.trim() === 'PDF Tools').length),
	)
	for (const count of menus) expect(count).toBeLessThanOrEqual(1)
	expect(menus.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0)
})
