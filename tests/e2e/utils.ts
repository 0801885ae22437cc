import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'

/** Public pages that exist now (SPEC.md §2's table, as far as it is built). */
export const publicPages = [
	{ path: '/', heading: /ToolNest/ },
	{ path: '/tools', heading: 'All tools' },
	{ path: '/about', heading: /About/ },
	{ path: '/blog', heading: 'Blog' },
	{ path: '/tools/text', heading: 'Text Tools' },
	{ path: '/tools/text-case-converter', heading: 'Text Case Converter' },
	{ path: '/tools/dev', heading: 'Dev Tools' },
	{ path: '/tools/json-formatter', heading: 'JSON Formatter' },
	{ path: '/tools/base64-encoder', heading: 'Base64 Encoder/Decoder' },
	{ path: '/tools/url-encoder', heading: 'URL Encoder/Decoder' },
	{ path: '/tools/minify-beautify', heading: 'Minify & Beautify Code' },
	{ path: '/tools/seo', heading: 'SEO Tools' },
	{ path: '/tools/qr-code-generator', heading: 'QR Code Generator' },
	{ path: '/tools/slug-utm', heading: 'Slug, UTM & Link Cleaner' },
	{ path: '/tools/keyword-density', heading: 'Keyword Density & Readability' },
	{ path: '/tools/meta-tag-generator', heading: 'Meta Tag Generator' },
	{ path: '/tools/robots-txt', heading: 'robots.txt Generator & Tester' },
	{ path: '/tools/sitemap-xml', heading: 'XML Sitemap Generator & Validator' },
	{ path: '/tools/markdown-to-docx', heading: 'Markdown to DOCX' },
	{ path: '/tools/pdf-converter', heading: 'PDF Tools' },
	{ path: '/login', heading: 'Log in' },
	{ path: '/register', heading: 'Create an account' },
] as const

/**
 * A tool page at phone width (the test sets the viewport) scrolls nothing
 * sideways, and passes axe in the light theme and, through the toggle, the
 * dark one.
 */
export async function expectPhoneWidthAndAxeInBothThemes(page: Page, maxWidth: number) {
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(maxWidth)
	await expectNoSeriousA11yViolations(page)
	await page.getByTestId('theme-toggle').first().click()
	await expect(page.locator('html')).toHaveClass(/\bdark\b/)
	await expectNoSeriousA11yViolations(page)
}

/**
 * Fails on any serious or critical axe violation, naming each. Every rule
 * runs; only violations are reported in full (`resultTypes`): axe otherwise
 * builds a selector for each of the 400–750 nodes that passed, results nobody
 * reads (10–20 % of a run on the tool pages, measured side by side).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
	const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
	const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
	const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
	expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Collects console errors (CSP violations, hydration errors, failed scripts). */
export function collectConsoleErrors(page: Page): Array<string> {
	const errors: Array<string> = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	return errors
}

/** Puts text in the tool's input as a paste would (one input event), fast even for megabytes. */
export async function pasteInput(page: Page, text: string) {
	await page.getByTestId('tool-input').evaluate((element, value) => {
		const textarea = element as HTMLTextAreaElement
		const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
		setter.call(textarea, value)
		textarea.dispatchEvent(new Event('input', { bubbles: true }))
	}, text)
}

/**
 * axe resolves each rule through setTimeout, and timers never fire in a page
 * whose JavaScript is off (the check then hangs or its promise is collected),
 * so the server-rendered page is checked as it is, scripts removed, in a
 * page with JavaScript on.
 */
export async function expectNoSeriousA11yViolationsWithoutJs(page: Page, browser: Browser) {
	const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
	expect(html).not.toMatch(/<script/i)
	// Contexts made in a test inherit its options: JavaScript goes back on explicitly.
	const context = await browser.newContext({ javaScriptEnabled: true })
	try {
		const checker = await context.newPage()
		await checker.route(page.url(), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }))
		await checker.goto(page.url())
		await expectNoSeriousA11yViolations(checker)
	} finally {
		await context.close()
	}
}
