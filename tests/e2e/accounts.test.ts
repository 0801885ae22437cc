import { expect, test, type Page } from './fixtures.ts'
import { accountNav, createAccount, E2E_ADMIN, E2E_PASSWORD, logIn, uniqueEmail } from './fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations } from './utils.ts'

/** Remix has hydrated (its router exists and the page's effects have run). */
async function hydrated(page: Page) {
	await page.waitForFunction(() => '__remixRouter' in window)
	await page.waitForLoadState('networkidle')
}

test.describe('register', () => {
	test('validates in the browser, then signs the new user in and returns where they came from', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		const email = uniqueEmail('register')
		await page.goto('/tools/text-case-converter')
		await accountNav(page).getByRole('link', { name: 'Register' }).click()
		await expect(page).toHaveURL(/\/register\?redirectTo=%2Ftools%2Ftext-case-converter$/)
		await hydrated(page)

		await page.getByLabel('Name').fill('Grace Hopper')
		await page.getByLabel('Email').fill('not an email')
		await page.getByLabel('Password', { exact: true }).fill('short')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByText('Enter a valid email address')).toBeVisible()
		await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill('password123')
		await expect(page.getByText('This password is one of the most common ones.', { exact: false })).toBeVisible()
		await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD)
		await page.getByRole('button', { name: 'Show password' }).click()
		await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
		await page.getByRole('button', { name: 'Create account' }).click()

		await expect(page).toHaveURL(/\/tools\/text-case-converter$/)
		await expect(page.getByText('Welcome, Grace Hopper! Your account is ready.')).toBeVisible()
		await expect(accountNav(page).getByRole('link', { name: 'Profile' })).toBeVisible()
		await expect(accountNav(page).getByRole('link', { name: 'Register' })).toHaveCount(0)
		await expect(accountNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0)
		const cookies = await page.context().cookies()
		const session = cookies.find((cookie) => cookie.name === '__Host-session')
		expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
		expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)
		// Nothing secret in the browser's storage: only the user's id, for other tabs.
		const storage = await page.evaluate(() => JSON.stringify(localStorage))
		expect(storage).not.toMatch(/token|session/i)
		expect(errors).toEqual([])
	})

	// axe in tests of their own (on a busy machine axe and a sign-up in one test passed 30 s).
	test('the sign-up form passes axe', async ({ page }) => {
		await page.goto('/register?redirectTo=%2Ftools%2Ftext-case-converter')
		await hydrated(page)
		await expectNoSeriousA11yViolations(page)
	})

	test('an address already registered (in any case) is refused with a clear message', async ({ page, request }) => {
		const account = await createAccount(request)
		await page.goto('/register')
		await hydrated(page)
		await page.getByLabel('Name').fill('Someone Else')
		await page.getByLabel('Email').fill(account.email.toUpperCase())
		await page.getByLabel('Password', { exact: true }).fill('another long password')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByText('An account with this email address already exists. Log in instead?')).toBeVisible()
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
		await expect(page.getByLabel('Name')).toHaveValue('Someone Else')
	})
})

test.describe('log in and out', () => {
	test('a wrong password and an unknown email get the same message; the right one signs in', async ({ page, request }) => {
		const account = await createAccount(request)
		await page.goto('/login')
		await hydrated(page)
		for (const attempt of [
			{ email: account.email, password: 'not the password at all' },
			{ email: uniqueEmail('nobody'), password: E2E_PASSWORD },
		]) {
			await page.getByLabel('Email').fill(attempt.email)
			await page.getByLabel('Password', { exact: true }).fill(attempt.password)
			await page.getByRole('button', { name: 'Log in', exact: true }).click()
			await expect(page.locator('#login-error')).toHaveText('Invalid email or password')
		}
		await page.getByLabel('Email').fill(account.email)
		await page.getByLabel('Password', { exact: true }).fill(account.password)
		await page.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page).toHaveURL(/\/$/)
		await expect(page.getByText(`Welcome back, ${account.name}!`)).toBeVisible()

		await accountNav(page).getByRole('button', { name: 'Logout' }).click()
		await expect(page.getByText('You have been logged out.')).toBeVisible()
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
		expect((await page.context().cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(false)
		const profile = await page.goto('/profile')
		expect(profile?.url()).toMatch(/\/login\?redirectTo=%2Fprofile$/)
	})

	test('the log-in form passes axe', async ({ page }) => {
		await page.goto('/login')
		await hydrated(page)
		await expectNoSeriousA11yViolations(page)
	})

	test('redirectTo is honoured for same-site paths only', async ({ page, request }) => {
		// Seven sign-ins, each a deliberately slow password hash: over 30 s on a busy machine.
		test.slow()
		const account = await createAccount(request)
		await logIn(page, account, '/about?x=1')
		await expect(page).toHaveURL(/\/about\?x=1$/)
		for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/..//evil.example', 'javascript:alert(1)']) {
			await page.context().clearCookies()
			await logIn(page, account, hostile)
			expect(page.url()).not.toContain('evil.example')
			expect(new URL(page.url()).pathname).toBe('/')
		}
	})

	test('a tampered session cookie is cleared and the page shows the logged-out state', async ({ page, request }) => {
		const account = await createAccount(request)
		await logIn(page, account)
		const [session] = (await page.context().cookies()).filter((cookie) => cookie.name === '__Host-session')
		expect(session).toBeDefined()
		await page.context().addCookies([{ ...session!, value: `${session!.value.slice(0, -4)}AAAA` }])
		const response = await page.goto('/about')
		expect(response?.status()).toBe(200)
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
		expect((await page.context().cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(false)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('register, see server-rendered errors, log out and log back in', async ({ page }) => {
		// A sign-up and a sign-in (deliberately slow password hashes) and eight full page loads.
		test.slow()
		const email = uniqueEmail('nojs')
		await page.goto('/register')
		await page.getByLabel('Name').fill('No Script')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill('qwertyuiop')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByText('This password is one of the most common ones.', { exact: false })).toBeVisible()
		// The server renders the typed name and email back, never the password.
		await expect(page.getByLabel('Email')).toHaveValue(email)
		await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')

		await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD)
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page).toHaveURL(/\/$/)
		await expect(accountNav(page).getByRole('link', { name: 'Profile' })).toBeVisible()

		await accountNav(page).getByRole('button', { name: 'Logout' }).click()
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()

		await page.goto('/login?redirectTo=/profile')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill('wrong password here')
		await page.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page.getByText('Invalid email or password')).toBeVisible()
		await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD)
		await page.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page).toHaveURL(/\/profile$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
	})

	test('profile forms work as plain forms', async ({ page, request }) => {
		const account = await createAccount(request)
		await logIn(page, account, '/profile')
		await page.getByLabel('Name').fill('Renamed Without Script')
		await page.getByRole('button', { name: 'Save name' }).click()
		await expect(page.getByText('Your name was saved.')).toBeVisible()
		await expect(page.getByLabel('Name')).toHaveValue('Renamed Without Script')

		await page.getByLabel('Current password').fill('wrong current password')
		await page.getByLabel('New password').fill('a brand new password')
		await page.getByRole('button', { name: 'Change password' }).click()
		await expect(page.getByText('Your current password is not correct')).toBeVisible()
	})
})

test('logging in or out in one tab updates every other tab', async ({ browser, request }) => {
	// A sign-up and a sign-in (deliberately slow password hashes), two tabs hydrated and reloaded.
	test.slow()
	const account = await createAccount(request)
	const context = await browser.newContext()
	const first = await context.newPage()
	const second = await context.newPage()
	await second.goto('/about')
	await hydrated(second)
	await expect(accountNav(second).getByRole('link', { name: 'Login' })).toBeVisible()

	await logIn(first, account)
	// The other tab learns through the auth_sync channel and reloads its data.
	await expect(accountNav(second).getByRole('link', { name: 'Profile' })).toBeVisible()

	await second.goto('/profile')
	await hydrated(second)
	await expect(second.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
	await hydrated(first)
	await accountNav(first).getByRole('button', { name: 'Logout' }).click()
	await expect(accountNav(first).getByRole('link', { name: 'Login' })).toBeVisible()
	// The tab on a page that needs an account is sent to the login page.
	await expect(second).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
	await expect(accountNav(second).getByRole('link', { name: 'Login' })).toBeVisible()
	await context.close()
})

test.describe('profile', () => {
	test('edit the name, change the password (other sessions end), end sessions, delete the account', async ({ browser, request }) => {
		// Five sign-ins and three password hashes in one test: on a loaded 2-core CI machine it can pass 30 s.
		test.slow()
		const account = await createAccount(request)
		const elsewhere = await browser.newContext()
		const other = await elsewhere.newPage()
		await logIn(other, account)

		const context = await browser.newContext()
		const page = await context.newPage()
		const errors = collectConsoleErrors(page)
		await logIn(page, account, '/profile')
		await hydrated(page)
		await expectNoSeriousA11yViolations(page)
		const response = await page.reload()
		expect(response?.headers()['cache-control']).toBe('no-store')

		// Two browsers and the API token from sign-up.
		await expect(page.getByTestId('session-list').getByRole('listitem')).toHaveCount(3)
		await expect(page.getByText('This browser')).toBeVisible()
		await expect(page.getByTestId('sign-in-methods')).toHaveText('Password')

		await page.getByLabel('Name').fill('')
		await page.getByRole('button', { name: 'Save name' }).click()
		await expect(page.getByText('Enter your name')).toBeVisible()
		await page.getByLabel('Name').fill('Renamed <b>Person</b>')
		await page.getByRole('button', { name: 'Save name' }).click()
		await expect(page.getByText('Your name was saved.')).toBeVisible()
		await expect(page.getByLabel('Name')).toHaveValue('Renamed <b>Person</b>')

		await page.getByLabel('Current password').fill(account.password)
		await page.getByLabel('New password').fill('my new and better password')
		await page.getByRole('button', { name: 'Change password' }).click()
		await expect(page.getByText('Password saved. 2 other sessions were logged out.')).toBeVisible()
		await expect(page.getByTestId('session-list').getByRole('listitem')).toHaveCount(1)
		// The other browser is logged out on its next request.
		await other.goto('/about')
		await expect(accountNav(other).getByRole('link', { name: 'Login' })).toBeVisible()

		await logIn(other, { email: account.email, password: 'my new and better password' })
		await page.reload()
		await expect(page.getByTestId('session-list').getByRole('listitem')).toHaveCount(2)
		await page.getByRole('button', { name: 'Log out of all other sessions' }).click()
		await expect(page.getByText('Logged out of 1 other session.')).toBeVisible()
		await other.goto('/about')
		await expect(accountNav(other).getByRole('link', { name: 'Login' })).toBeVisible()

		await page.getByText('Delete my account…').click()
		await page.getByLabel(/Type your email address/).fill('someone-else@example.com')
		await page.getByRole('button', { name: 'Delete my account permanently' }).click()
		await expect(page.getByText(`Type ${account.email} to confirm`)).toBeVisible()
		await page.getByLabel(/Type your email address/).fill(account.email)
		await page.getByRole('button', { name: 'Delete my account permanently' }).click()
		await expect(page.getByText('Your account and everything in it has been deleted.')).toBeVisible()
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
		const login = await request.post('/api/auth/login', { data: { email: account.email, password: 'my new and better password' } })
		expect(login.status()).toBe(401)
		expect(errors).toEqual([])
		await context.close()
		await elsewhere.close()
	})
})

test.describe('admin area', () => {
	test('anonymous visitors are sent to log in, and come back after', async ({ page }) => {
		// Signs in (a deliberately slow password hash), runs axe on the dashboard and logs out.
		test.slow()
		const response = await page.goto('/admin/dashboard')
		expect(response?.status()).toBe(200)
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/)
		await page.getByLabel('Email').fill(E2E_ADMIN.email)
		await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
		await page.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
		await expect(page.getByTestId('admin-stats')).toContainText('Users')
		await expect(accountNav(page).getByRole('link', { name: 'Admin' })).toBeVisible()
		await hydrated(page)
		await expectNoSeriousA11yViolations(page)
		// The panel collapses to icons and its Logout button logs out.
		await page.getByRole('button', { name: 'Collapse admin panel' }).click()
		await expect(page.getByTestId('admin-panel')).toHaveAttribute('data-state', 'closed')
		await page.getByTestId('admin-panel').getByRole('button', { name: 'Logout' }).click()
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
	})

	test('a signed-in user who is not an admin is sent to /login, and the data route gives nothing away', async ({ page, request }) => {
		const account = await createAccount(request)
		await logIn(page, account)
		await expect(accountNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0)
		await page.goto('/admin')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/)
		await expect(page.getByTestId('signed-in-notice')).toContainText('That page needs an administrator account')
		// Remix's data requests for the admin routes, with the user's cookie.
		const data = await page.request.get('/admin/dashboard.data?_routes=routes%2Fadmin%2Croutes%2Fadmin.dashboard')
		expect(await data.text()).not.toMatch(/e2e-admin@example\.com|activeSessions|latest/)
	})
})
