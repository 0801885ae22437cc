/**
 * /admin/users in Chromium against the shared server: search, role changes,
 * disabling a user who is signed in elsewhere, deleting with a confirmation,
 * with JavaScript and without. Every test works on accounts it makes itself
 * (unique names), so parallel tests are never affected.
 */
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { accountNav, createAccount, E2E_ADMIN, logIn, uniqueEmail } from './fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from './utils.ts'

async function hydrated(page: Page) {
	await page.waitForFunction(() => '__remixRouter' in window)
	await page.waitForLoadState('networkidle')
}

function uniqueName(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
}

function row(page: Page, email: string) {
	return page.locator(`tr[data-email="${email}"]`)
}

async function searchFor(page: Page, text: string) {
	await page.getByLabel('Search by name or email').fill(text)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`))
}

/** A separate browser (its own cookies) signed in as the account. */
async function signedInElsewhere(browser: Browser, account: { email: string; password: string }) {
	const context = await browser.newContext()
	const page = await context.newPage()
	await logIn(page, account)
	return { context, page }
}

// Every test signs in as the admin and as the accounts it changes (deliberately slow
// password hashes), then works through several full pages: over 30 s on a busy machine.
test.beforeEach(() => test.slow())

test.describe('with JavaScript', () => {
	test('search by name, make a user admin and back, with toasts; no axe violations', async ({ page, request }) => {
		const errors = collectConsoleErrors(page)
		const name = uniqueName('Searchable')
		const account = await createAccount(request, { name })
		await createAccount(request, { name: uniqueName('Other') })
		await logIn(page, E2E_ADMIN, '/admin/users')
		await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
		await hydrated(page)
		await expectNoSeriousA11yViolations(page)

		await searchFor(page, name)
		await expect(page.getByTestId('user-row')).toHaveCount(1)
		const user = row(page, account.email)
		await expect(user).toContainText(name)
		await expect(user).toContainText('Password')
		await expect(user.getByTestId('user-role')).toHaveText('User')
		await expect(user.getByTestId('user-status')).toContainText('Active')

		await user.getByRole('button', { name: `Make admin ${account.email}` }).click()
		await expect(page.getByText(`${account.email} is now an administrator.`)).toBeVisible()
		await expect(user.getByTestId('user-role')).toHaveText('Admin')
		// The search is kept.
		await expect(page.getByLabel('Search by name or email')).toHaveValue(name)

		await user.getByRole('button', { name: `Remove admin role from ${account.email}` }).click()
		await expect(page.getByText(`${account.email} is no longer an administrator.`)).toBeVisible()
		await expect(user.getByTestId('user-role')).toHaveText('User')

		// The admin's own row offers no self-demotion, disabling or deletion.
		await searchFor(page, E2E_ADMIN.email)
		const self = row(page, E2E_ADMIN.email)
		await expect(self).toContainText('You')
		await expect(self.getByRole('button', { name: /Remove admin|Disable|Delete/ })).toHaveCount(0)
		expect(errors).toEqual([])
	})

	test('disabling a user signed in elsewhere logs them out on their next page, and they cannot log back in', async ({ page, request, browser }) => {
		const account = await createAccount(request, { name: uniqueName('Disabled') })
		const elsewhere = await signedInElsewhere(browser, account)
		try {
			await elsewhere.page.goto('/profile')
			await expect(elsewhere.page.getByRole('heading', { name: 'Your profile' })).toBeVisible()

			await logIn(page, E2E_ADMIN, `/admin/users?q=${encodeURIComponent(account.email)}`)
			const user = row(page, account.email)
			// The web session elsewhere and the API token registration made.
			await expect(user.getByTestId('user-status')).toContainText('2 sessions')
			await user.getByRole('button', { name: `Disable ${account.email}` }).click()
			await expect(page.getByText(`${account.email} is disabled and was logged out of 2 sessions.`)).toBeVisible()
			await expect(user.getByTestId('user-status')).toContainText('Disabled')
			await expect(user.getByTestId('user-status')).toContainText('0 sessions')

			// Their very next page: logged out.
			await elsewhere.page.goto('/profile')
			await expect(elsewhere.page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
			await expect(accountNav(elsewhere.page).getByRole('link', { name: 'Login' })).toBeVisible()
			await elsewhere.page.getByLabel('Email').fill(account.email)
			await elsewhere.page.getByLabel('Password', { exact: true }).fill(account.password)
			await elsewhere.page.getByRole('button', { name: 'Log in', exact: true }).click()
			await expect(elsewhere.page.getByText('This account has been disabled.')).toBeVisible()
			// The API refuses it too.
			const api = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
			expect(api.status()).toBe(403)

			// Enabled again: they can log in.
			await user.getByRole('button', { name: `Enable ${account.email}` }).click()
			await expect(page.getByText(`${account.email} can sign in again.`)).toBeVisible()
			await logIn(elsewhere.page, account)
		} finally {
			await elsewhere.context.close()
		}
	})

	test('delete asks for confirmation in a dialog; Cancel keeps the user, confirming deletes them', async ({ page, request }) => {
		const account = await createAccount(request, { name: uniqueName('Deleted') })
		await logIn(page, E2E_ADMIN, `/admin/users?q=${encodeURIComponent(account.email)}`)
		await hydrated(page)
		const user = row(page, account.email)
		await user.getByRole('button', { name: `Delete ${account.email}…` }).click()
		const dialog = page.getByRole('dialog', { name: 'Delete this user?' })
		await expect(dialog).toBeVisible()
		await expect(dialog).toContainText(account.email)
		await expectNoSeriousA11yViolations(page)
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await expect(dialog).toBeHidden()
		await expect(user).toBeVisible()

		await user.getByRole('button', { name: `Delete ${account.email}…` }).click()
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()

		await user.getByRole('button', { name: `Delete ${account.email}…` }).click()
		await dialog.getByRole('button', { name: `Delete ${account.email}` }).click()
		await expect(page.getByText(`${account.email} was deleted.`)).toBeVisible()
		await expect(user).toHaveCount(0)
		const api = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
		expect(api.status()).toBe(401)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('search, change a role, disable, and delete through the confirmation step', async ({ page, request, browser }) => {
		const prefix = uniqueName('NoJs')
		const account = await createAccount(request, { name: `${prefix} one`, email: uniqueEmail('nojs-admin-users') })
		await logIn(page, E2E_ADMIN, '/admin/users')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
		await searchFor(page, prefix)
		const user = row(page, account.email)
		await expect(user).toBeVisible()

		await user.getByRole('button', { name: `Make admin ${account.email}` }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=`))
		await expect(page.getByText(`${account.email} is now an administrator.`)).toBeVisible()
		await expect(user.getByTestId('user-role')).toHaveText('Admin')
		await user.getByRole('button', { name: `Remove admin role from ${account.email}` }).click()
		await expect(user.getByTestId('user-role')).toHaveText('User')

		await user.getByRole('button', { name: `Disable ${account.email}` }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=`))
		await expect(user.getByTestId('user-status')).toContainText('Disabled')

		await user.getByRole('button', { name: `Delete ${account.email}…` }).click()
		await expect(page).toHaveURL(/[?&]delete=/)
		const confirmation = page.getByTestId('delete-confirmation')
		await expect(confirmation).toContainText(account.email)
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
		await confirmation.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByTestId('delete-confirmation')).toHaveCount(0)
		await expect(user).toBeVisible()

		await user.getByRole('button', { name: `Delete ${account.email}…` }).click()
		await page.getByTestId('delete-confirmation').getByRole('button', { name: `Delete ${account.email}` }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=`))
		await expect(user).toHaveCount(0)
		await expect(page.getByText('No users found.')).toBeVisible()
	})

})
