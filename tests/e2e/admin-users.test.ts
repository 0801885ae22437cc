/**
 * /admin/users in Chromium against the shared server: search, role changes,
 * disabling a user who is signed in elsewhere, deleting with a confirmation,
 * with JavaScript and without. Every test works on accounts it makes itself
 * (unique names), so parallel tests are never affected.
 */
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { accountNav, createAccount, E2E_ADMIN, logIn, uniqueEmail } from './fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs, expectPhoneWidthAndAxeInBothThemes } from './utils.ts'

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

test.describe('on a phone (390 × 844)', () => {
	test('each user is a card: nothing scrolls sideways, names wrap between words, every action is on screen and works; axe in both themes', async ({ page, request }) => {
		const errors = collectConsoleErrors(page)
		const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
		const long = await createAccount(request, { name: `Maximiliana Konstantinopoulou-Wetherington ${token}`, email: uniqueEmail(`a-rather-long-address-for-a-phone-${token}`) })
		const short = await createAccount(request, { name: `Phone Card ${token}` })
		// Signed in at desktop width (the top bar's Logout that logIn waits for is in the menu on a phone).
		await logIn(page, E2E_ADMIN)
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(`/admin/users?q=${token}`)
		await hydrated(page)
		await expect(page.getByTestId('user-row')).toHaveCount(2)

		// No sideways scrolling of the page, nor inside the list.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		const list = page.getByTestId('users-list')
		expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)

		// Cards: stacked one above the other, each as wide as the list, its parts one under another.
		const first = await row(page, long.email).boundingBox()
		const second = await row(page, short.email).boundingBox()
		const listBox = await list.boundingBox()
		for (const box of [first!, second!]) {
			expect(box.x).toBeGreaterThanOrEqual(listBox!.x)
			expect(box.x + box.width).toBeLessThanOrEqual(listBox!.x + listBox!.width + 0.5)
			expect(box.width).toBeGreaterThan(listBox!.width * 0.8)
		}
		expect(Math.min(first!.y, second!.y) + Math.min(first!.height, second!.height)).toBeLessThanOrEqual(Math.max(first!.y, second!.y))
		const card = row(page, long.email)
		const who = await card.getByTestId('user-identity').boundingBox()
		const role = await card.getByTestId('user-role').boundingBox()
		const actions = await card.getByTestId('user-actions').boundingBox()
		expect(role!.y).toBeGreaterThanOrEqual(who!.y + who!.height - 0.5)
		expect(actions!.y).toBeGreaterThan(role!.y)
		// Each cell says what it is (the table's headers are not shown on a card).
		await expect(card.getByTestId('user-role')).toHaveAttribute('data-label', 'Role')

		// The name wraps between words, never inside one (each word's box is on one line).
		const wordsSplit = await card.getByTestId('user-name').evaluate((element) => {
			const text = element.firstChild as Text
			const split: Array<string> = []
			for (const match of text.data.matchAll(/\S+/g)) {
				const range = document.createRange()
				range.setStart(text, match.index)
				range.setEnd(text, match.index + match[0].length)
				const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
				if (tops.size > 1) split.push(match[0])
			}
			return split
		})
		expect(wordsSplit).toEqual([])
		await expect(card.getByTestId('user-name')).toContainText('Konstantinopoulou-Wetherington')

		// Every action of the card is inside the screen and works.
		for (const name of [`Make admin ${long.email}`, `Disable ${long.email}`, `End all sessions of ${long.email}`, `Delete ${long.email}…`]) {
			const button = card.getByRole('button', { name })
			await button.scrollIntoViewIfNeeded()
			await expect(button).toBeInViewport({ ratio: 1 })
			const box = await button.boundingBox()
			expect(box!.x).toBeGreaterThanOrEqual(0)
			expect(box!.x + box!.width).toBeLessThanOrEqual(390)
		}
		await page.screenshot({ path: '/tmp/misc-admin-users-phone-light.png', fullPage: true })
		await card.getByRole('button', { name: `Make admin ${long.email}` }).click()
		await expect(page.getByText(`${long.email} is now an administrator.`)).toBeVisible()
		await expect(card.getByTestId('user-role')).toHaveText('Admin')
		await card.getByRole('button', { name: `Delete ${long.email}…` }).click()
		const dialog = page.getByRole('dialog', { name: 'Delete this user?' })
		await expect(dialog).toBeVisible()
		await page.screenshot({ path: '/tmp/misc-admin-users-phone-dialog.png' })
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await expect(dialog).toBeHidden()

		await expectPhoneWidthAndAxeInBothThemes(page, 390)
		expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
		await page.screenshot({ path: '/tmp/misc-admin-users-phone-dark.png', fullPage: true })
		expect(errors).toEqual([])
	})

	test('at desktop width the list is still a table with its headers', async ({ page, request }) => {
		await page.setViewportSize({ width: 1366, height: 900 })
		const account = await createAccount(request, { name: uniqueName('Desktop Table') })
		await logIn(page, E2E_ADMIN, `/admin/users?q=${encodeURIComponent(account.email)}`)
		await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible()
		const cells = await row(page, account.email).locator('td').evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)))
		expect(new Set(cells).size).toBe(1)
		await page.screenshot({ path: '/tmp/misc-admin-users-desktop.png' })
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
