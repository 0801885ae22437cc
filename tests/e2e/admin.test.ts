/**
 * The admin area as a whole, in Chromium against the production build:
 * (a) every admin page refuses anonymous visitors and plain users (a redirect
 * to /login, with no admin data, also for Remix's data requests) and is never
 * cached; (b) axe finds no serious or critical violation on any admin page in
 * the light and the dark theme, with the side panel open and collapsed;
 * (c) the dashboard's charts are drawn on the server (SVG and a data table,
 * JavaScript off) after a few runs of the JSON API; (d) the panel collapses
 * and expands from the keyboard and its Logout button logs out; (e) no admin
 * page scrolls sideways on a phone.
 *
 * Shared server: nothing here changes a site setting, and counts are compared
 * with "at least" (other tests run tools at the same time).
 */
import { expect, test, type Page } from './fixtures.ts'
import { accountNav, createAccount, E2E_ADMIN, logIn } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from './utils.ts'

const ADMIN_PAGES = [
	{ path: '/admin/dashboard', heading: 'Dashboard', routeId: 'routes/admin.dashboard' },
	{ path: '/admin/posts', heading: /posts/i, routeId: 'routes/admin.posts._index' },
	{ path: '/admin/posts/new', heading: /post/i, routeId: 'routes/admin.posts.new' },
	{ path: '/admin/users', heading: 'Users', routeId: 'routes/admin.users' },
	{ path: '/admin/settings', heading: 'Settings', routeId: 'routes/admin.settings' },
] as const

/** Words that only an admin page's data holds (the admin's own email is on the dashboard and the user list). */
const ADMIN_DATA = [E2E_ADMIN.email, 'routes/admin', 'toolUsage', 'activeSessions', 'errorRates']

async function hydrated(page: Page) {
	await page.waitForFunction(() => '__remixRouter' in window)
	await page.waitForLoadState('networkidle')
}

function expectNoAdminData(text: string, what: string) {
	for (const word of ADMIN_DATA) expect(text, `${what} leaks ${word}`).not.toContain(word)
}

/** GETs a path without following redirects: the document, the single-fetch data request and the legacy `_data` one. */
async function requestsFor(page: Page, { path, routeId }: { path: string; routeId: string }) {
	return [
		{ what: `${path} (document)`, url: path },
		{ what: `${path}.data (single fetch)`, url: `${path}.data` },
		{ what: `${path}.data?_routes=… (single fetch, named routes)`, url: `${path}.data?_routes=${encodeURIComponent(`routes/admin,${routeId}`)}` },
		{ what: `${path}?_data=… (Remix v1 style)`, url: `${path}?_data=${encodeURIComponent(routeId)}` },
	].map(({ what, url }) => ({ what, response: page.request.get(url, { maxRedirects: 0 }) }))
}

/**
 * A refused request: a redirect to /login. Documents get a 302; single
 * fetch's data requests (`.data`) a 202 with the redirect inside the body;
 * a v1-style `?_data=` request a 204 with X-Remix-Redirect.
 */
async function expectRefused(page: Page, adminPage: { path: string; routeId: string }) {
	for (const { what, response: pending } of await requestsFor(page, adminPage)) {
		const response = await pending
		const text = await response.text()
		expectNoAdminData(text, what)
		const headers = response.headers()
		if (response.status() === 302) {
			expect(headers['location'], what).toMatch(/^\/login\?redirectTo=%2Fadmin/)
		} else if (response.status() === 204) {
			expect(headers['x-remix-redirect'], what).toMatch(/^\/login\?redirectTo=%2Fadmin/)
		} else {
			expect(response.status(), what).toBe(202)
			expect(text, what).toContain('/login?redirectTo=')
		}
	}
}

test.describe('(a) access: anonymous visitors and plain users get nothing', () => {
	test('anonymous: every admin page and its data requests redirect to /login with no data', async ({ page }) => {
		for (const adminPage of ADMIN_PAGES) await expectRefused(page, adminPage)
		// Following the redirect lands on the login form, which brings the visitor back.
		await page.goto('/admin/users')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/)
	})

	test('a signed-in user who is not an admin: the same', async ({ page, request }) => {
		const account = await createAccount(request)
		await logIn(page, account)
		for (const adminPage of ADMIN_PAGES) await expectRefused(page, adminPage)
		await page.goto('/admin/settings')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fsettings$/)
		await expect(page.getByTestId('signed-in-notice')).toContainText('That page needs an administrator account')
	})

	test('an admin gets every page and its data, never cacheable (Cache-Control: no-store)', async ({ page }) => {
		await logIn(page, E2E_ADMIN)
		for (const { path } of ADMIN_PAGES) {
			const document = await page.request.get(path, { maxRedirects: 0 })
			expect(document.status(), path).toBe(200)
			expect(document.headers()['cache-control'], path).toBe('no-store')
			const data = await page.request.get(`${path}.data`, { maxRedirects: 0 })
			expect(data.status(), `${path}.data`).toBe(200)
			expect(data.headers()['cache-control'], `${path}.data`).toMatch(/no-store/)
			expect(await data.text(), `${path}.data`).toContain('routes/admin')
		}
	})
})

test.describe('(b) accessibility of every admin page', () => {
	// One test per page and theme (each runs axe twice on a large page: a test per
	// page with both themes took over 30 s on a busy machine). Even so each signs in (a
	// deliberately slow password hash) and runs axe twice: still about 30 s under a CPU hog.
	test.beforeEach(() => test.slow())
	for (const { path, heading } of ADMIN_PAGES) {
		for (const colorScheme of ['light', 'dark'] as const) {
			test(`${path} in the ${colorScheme} theme: axe with the panel open and collapsed`, async ({ page }) => {
				await logIn(page, E2E_ADMIN)
				await page.emulateMedia({ colorScheme })
				await page.goto(path)
				await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
				await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/)
				await hydrated(page)
				await expect(page.getByTestId('admin-panel')).toHaveAttribute('data-state', 'open')
				await expectNoSeriousA11yViolations(page)
				await page.getByRole('button', { name: 'Collapse admin panel' }).click()
				await expect(page.getByTestId('admin-panel')).toHaveAttribute('data-state', 'closed')
				await expectNoSeriousA11yViolations(page)
			})
		}
	}
})

test.describe('(c) dashboard charts without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('after runs of POST /api/tools/json-formatter the SVG chart, its legend, its data table and the error rates show', async ({ page, browser }) => {
		for (const input of ['{"a":1}', '[1,2,3]', '{"b":[true,null]}']) {
			const response = await page.request.post('/api/tools/json-formatter', { data: { input } })
			expect(response.status()).toBe(200)
		}
		const refused = await page.request.post('/api/tools/json-formatter', { data: { input: '{"a": 1,}' } })
		expect(refused.status()).toBe(400)

		await logIn(page, E2E_ADMIN, '/admin/dashboard')
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
		const usage = page.getByTestId('tool-usage')
		const table = usage.getByTestId('chart-table')
		const today = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date())
		// Runs are counted just after they are answered: reload until all four are in.
		await expect(async () => {
			await page.reload()
			const headers = await table.locator('thead th').allTextContents()
			const column = headers.indexOf('JSON Formatter')
			expect(column).toBeGreaterThan(0)
			const lastRow = table.locator('tbody tr').last()
			await expect(lastRow.locator('th')).toHaveText(today)
			const cells = await lastRow.locator('th, td').allTextContents()
			expect(Number(cells[column]!.replaceAll(',', ''))).toBeGreaterThanOrEqual(4)
		}).toPass()

		const chart = usage.locator('svg[role="img"]')
		await expect(chart).toBeVisible()
		expect(await chart.locator('rect').count()).toBeGreaterThan(0)
		await expect(chart.locator('desc')).toContainText('JSON Formatter')
		await expect(usage.getByRole('list', { name: 'Legend' })).toContainText('JSON Formatter')
		await expect(table.locator('tbody tr')).toHaveCount(30)
		// <details> opens without JavaScript.
		await expect(table).toBeHidden()
		await usage.getByText('Show data').click()
		await expect(table).toBeVisible()

		await expect(page.getByTestId('signups').locator('svg[role="img"]')).toBeVisible()
		const rates = page.getByTestId('error-rates').locator('tr[data-tool="json-formatter"]')
		await expect(rates).toBeVisible()
		const [runs, refusedCell] = await rates.locator('td').allTextContents()
		expect(Number(runs!.replaceAll(',', ''))).toBeGreaterThanOrEqual(4)
		expect(Number.parseInt(refusedCell!.replaceAll(',', ''), 10)).toBeGreaterThanOrEqual(1)
		await expect(page.getByTestId('audit-log')).toBeVisible()

		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})

test.describe('(d) the side panel from the keyboard', () => {
	test('collapses and expands with Enter and Space; its Logout logs out and /admin then asks to log in', async ({ page }) => {
		await logIn(page, E2E_ADMIN, '/admin/dashboard')
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
		await hydrated(page)
		const panel = page.getByTestId('admin-panel')
		const toggle = panel.getByRole('button', { name: 'Collapse admin panel' })
		await expect(toggle).toHaveAttribute('aria-expanded', 'true')
		await toggle.focus()
		await page.keyboard.press('Enter')
		await expect(panel).toHaveAttribute('data-state', 'closed')
		const expand = panel.getByRole('button', { name: 'Expand admin panel' })
		await expect(expand).toBeFocused()
		await expect(expand).toHaveAttribute('aria-expanded', 'false')
		// Collapsed to icons, the sections keep their names for screen readers.
		await expect(panel.getByRole('link', { name: 'Users' })).toBeVisible()
		await page.keyboard.press('Space')
		await expect(panel).toHaveAttribute('data-state', 'open')
		await expect(panel.getByRole('button', { name: 'Collapse admin panel' })).toBeFocused()

		// Tab through the panel to Logout and press Enter.
		const logout = panel.getByRole('button', { name: 'Logout' })
		for (let step = 0; step < 10 && !(await logout.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab')
		await expect(logout).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
		await page.goto('/admin')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/)
	})
})

test.describe('(e) phones', () => {
	test('no admin page scrolls sideways', async ({ page }) => {
		// Logged in at the desktop size (the top bar's Logout is in the menu on phones), then a phone's width.
		await logIn(page, E2E_ADMIN)
		await page.setViewportSize({ width: 375, height: 740 })
		for (const { path, heading } of ADMIN_PAGES) {
			await page.goto(path)
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			await expect(page.getByTestId('admin-panel').getByRole('link', { name: 'Settings' })).toBeVisible()
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
			expect(overflow, path).toBeLessThanOrEqual(0)
		}
	})
})
