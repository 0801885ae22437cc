import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Public pages that exist now (SPEC.md §2's table, as far as it is built). */
export const publicPages = [
	{ path: '/', heading: /ToolNest/ },
	{ path: '/tools', heading: 'All tools' },
	{ path: '/about', heading: /About/ },
	{ path: '/tools/text', heading: 'Text Tools' },
	{ path: '/tools/text-case-converter', heading: 'Text Case Converter' },
	{ path: '/tools/dev', heading: 'Dev Tools' },
	{ path: '/tools/json-formatter', heading: 'JSON Formatter' },
	{ path: '/tools/base64-encoder', heading: 'Base64 Encoder/Decoder' },
	{ path: '/tools/url-encoder', heading: 'URL Encoder/Decoder' },
	{ path: '/tools/minify-beautify', heading: 'Minify & Beautify Code' },
	{ path: '/login', heading: 'Log in' },
	{ path: '/register', heading: 'Create an account' },
] as const

/** Fails on any serious or critical axe violation, naming each. */
export async function expectNoSeriousA11yViolations(page: Page) {
	const results = await new AxeBuilder({ page }).analyze()
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
