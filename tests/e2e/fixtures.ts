/**
 * Accounts for the end-to-end tests: made through the site's own API and
 * forms (the server under test is another process), with unique emails so
 * tests never collide, also on a shared PostgreSQL database.
 */
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'

export { MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET } from '../mocks/google-code.ts'

// Every test imports `test` and `expect` from here: Playwright's own, with the page-error check below.
export * from '@playwright/test'

/**
 * Playwright's `test`, failing any test in which a page threw an uncaught
 * error or left a promise rejection unhandled (`pageerror`), in every page
 * of the test's own context and of the contexts and pages it makes with
 * `browser`. A test that needs the errors themselves listens for them too.
 */
export const test = base.extend<{ failOnPageErrors: void }>({
	failOnPageErrors: [
		async ({ context, browser }, use) => {
			const errors: Array<string> = []
			const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`))
			const watchContext = (watched: BrowserContext) => {
				watched.pages().forEach(watch)
				watched.on('page', watch)
				return watched
			}
			watchContext(context)
			// Contexts the test makes itself (browser.newPage() makes one through newContext()).
			const newContext = browser.newContext
			browser.newContext = async (...args) => watchContext(await newContext.apply(browser, args))
			try {
				await use()
			} finally {
				browser.newContext = newContext
			}
			expect(errors, 'uncaught errors in the page').toEqual([])
		},
		{ auto: true },
	],
})

/** Created by the server at start from ADMIN_EMAIL/ADMIN_PASSWORD (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password, long enough' }

export const E2E_PASSWORD = 'a perfectly fine e2e password'

export function uniqueEmail(prefix = 'e2e') {
	return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export type TestAccount = { name: string; email: string; password: string }

/** A new account, made through POST /api/auth/register. */
export async function createAccount(request: APIRequestContext, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
	const account = { name: overrides.name ?? 'E2E Tester', email: overrides.email ?? uniqueEmail(), password: overrides.password ?? E2E_PASSWORD }
	const response = await request.post('/api/auth/register', { data: account })
	expect(response.status(), await response.text()).toBe(201)
	return account
}

/** Logs in through the login form (works with JavaScript on or off). */
export async function logIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>, redirectTo?: string) {
	await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
	await page.getByLabel('Email').fill(account.email)
	await page.getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('button', { name: 'Log in', exact: true }).click()
	await expect(accountNav(page).getByRole('button', { name: 'Logout' })).toBeVisible()
}

/** The top bar's account links (Register/Login or Profile/Admin/Logout). */
export function accountNav(page: Page) {
	return page.getByRole('navigation', { name: 'Account' })
}
