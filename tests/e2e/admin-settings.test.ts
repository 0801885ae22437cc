/**
 * /admin/settings in Chromium, and the settings taking effect at once on
 * public pages. These settings change what every page shows (site name,
 * registration, Google, theme, banner), so they are changed on a server of
 * this file's own with its own embedded database, never on the suite's
 * shared server. The two-instance test (PostgreSQL) changes only the file
 * retention period upwards on the shared database, and puts it back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './fixtures.ts'
import { E2E_ADMIN, E2E_PASSWORD, MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET, uniqueEmail } from './fixtures.ts'
import { startServer, type ServerProcess } from './server-process.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations } from './utils.ts'

test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let dataDir: string

test.beforeAll(async () => {
	test.setTimeout(120_000)
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-admin-settings-'))
	server = await startServer({
		// Always an embedded database of its own, also when the suite runs on PostgreSQL.
		DATABASE_URL: '',
		DATA_DIR: dataDir,
		MOCKS: 'true',
		GOOGLE_CLIENT_ID: MOCK_GOOGLE_CLIENT_ID,
		GOOGLE_CLIENT_SECRET: MOCK_GOOGLE_CLIENT_SECRET,
		ADMIN_EMAIL: E2E_ADMIN.email,
		ADMIN_PASSWORD: E2E_ADMIN.password,
	})
})

test.afterAll(async () => {
	await server?.stop()
	if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const url = (p: string) => `${server.url}${p}`

async function hydrated(page: Page) {
	await page.waitForFunction(() => '__remixRouter' in window)
	await page.waitForLoadState('networkidle')
}

async function logInAdmin(page: Page) {
	await page.goto(url('/login?redirectTo=%2Fadmin%2Fsettings'))
	await page.getByLabel('Email').fill(E2E_ADMIN.email)
	await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Log in', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
}

test('invalid values are refused with field errors in the browser', async ({ page }) => {
	await logInAdmin(page)
	await hydrated(page)
	await expectNoSeriousA11yViolations(page)
	await page.getByLabel('Upload size limit (MB)').fill('-1')
	await page.getByLabel('Posts per page').fill('1000000000000')
	// (Text like "abc" cannot be typed into a number field; the integration tests post it.)
	await page.getByLabel('File retention (hours)').fill('0')
	await page.getByLabel('Site name').fill('')
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByText('Upload limit must be at least 1')).toBeVisible()
	await expect(page.getByText('Posts per page must be at most 50')).toBeVisible()
	await expect(page.getByText('Retention must be at least 1')).toBeVisible()
	await expect(page.getByText('Enter a site name')).toBeVisible()
	await expect(page.getByLabel('Upload size limit (MB)')).toHaveAttribute('aria-invalid', 'true')
})

// A test of its own (two sign-ins, axe and two forms in one test passed 30 s on a busy machine).
test('without JavaScript the server refuses the same values and stores nothing', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	try {
		const noJs = await context.newPage()
		await logInAdmin(noJs)
		await noJs.getByLabel('Upload size limit (MB)').fill('1000000000000')
		await noJs.getByLabel('Site name').fill('Not saved')
		const [response] = await Promise.all([
			noJs.waitForResponse((r) => r.url().endsWith('/admin/settings') && r.request().method() === 'POST'),
			noJs.getByRole('button', { name: 'Save settings' }).click(),
		])
		expect(response.status()).toBe(400)
		await expect(noJs.getByText('Upload limit must be at most 100')).toBeVisible()
		await noJs.goto(url('/'))
		await expect(noJs.getByRole('banner')).toContainText('ToolNest')
	} finally {
		await context.close()
	}
})

test('site name (HTML shown as text), announcement, default theme, registration and Google take effect at once', async ({ page, browser }) => {
	// Five settings saved in turn, each checked in a second browser context: long by nature.
	test.slow()
	const errors = collectConsoleErrors(page)
	await logInAdmin(page)
	await hydrated(page)
	const siteName = 'Hub <b>bold</b>'
	await page.getByLabel('Site name').fill(siteName)
	await page.getByLabel('Tagline').fill('Tools for everyone')
	await page.getByRole('textbox', { name: 'Announcement' }).fill('Maintenance at 22:00 UTC <script>alert(1)</script>')
	await page.getByLabel('Default theme').selectOption('dark')
	await page.getByLabel('Registration open').uncheck()
	await page.getByLabel('Google sign-in').uncheck()
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByText('Settings saved. They apply at once.')).toBeVisible()
	await expect(page.getByLabel('Registration open')).not.toBeChecked()

	// A visitor with no cookies and a light system theme.
	const visitor = await browser.newContext({ colorScheme: 'light' })
	try {
		const home = await visitor.newPage()
		const visitorErrors = collectConsoleErrors(home)
		let dialogs = 0
		home.on('dialog', (dialog) => {
			dialogs++
			void dialog.dismiss()
		})
		await home.goto(url('/'))
		await expect(home.getByRole('banner').getByRole('link', { name: siteName })).toBeVisible()
		await expect(home).toHaveTitle(/Hub <b>bold<\/b>/)
		await expect(home.getByRole('contentinfo')).toContainText(siteName)
		await expect(home.getByRole('contentinfo')).toContainText('Tools for everyone')
		const banner = home.getByRole('region', { name: 'Announcement' })
		await expect(banner.locator('p')).toHaveText('Maintenance at 22:00 UTC <script>alert(1)</script>')
		await expect(home.locator('html')).toHaveClass(/\bdark\b/)
		await expect(home.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Register' })).toHaveCount(0)
		await hydrated(home)
		await expectNoSeriousA11yViolations(home)

		// Every page shows the banner; with JavaScript it can be dismissed for the session.
		await home.goto(url('/tools'))
		await expect(home.getByRole('region', { name: 'Announcement' })).toBeVisible()
		await hydrated(home)
		await home.getByRole('button', { name: 'Dismiss announcement' }).click()
		await expect(home.getByRole('region', { name: 'Announcement' })).toHaveCount(0)
		await home.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
		await expect(home).toHaveURL(/\/about$/)
		await hydrated(home)
		await expect(home.getByRole('region', { name: 'Announcement' })).toHaveCount(0)

		await home.goto(url('/register'))
		await expect(home.getByTestId('registration-closed')).toContainText('Registration is closed.')
		await expect(home.getByLabel('Password', { exact: true })).toHaveCount(0)
		const api = await home.request.post(url('/api/auth/register'), { data: { name: 'X', email: uniqueEmail('closed'), password: E2E_PASSWORD } })
		expect(api.status()).toBe(403)
		expect(await api.json()).toMatchObject({ message: 'Registration is closed.', code: 'AUTHORIZATION_ERROR' })

		await home.goto(url('/login'))
		await expect(home.getByTestId('google-sign-in')).toHaveCount(0)
		const google = await home.request.post(url('/api/auth/google'), { data: { token: 'a.b.c' } })
		expect(google.status()).toBe(503)
		expect(await google.json()).toMatchObject({ message: 'Google sign-in is not available on this site.' })

		// A visitor who chose light keeps it.
		await visitor.addCookies([{ name: 'theme', value: 'light', url: server.url }])
		await home.goto(url('/'))
		await expect(home.locator('html')).not.toHaveClass(/\bdark\b/)
		expect(dialogs).toBe(0)
		expect(visitorErrors).toEqual([])
	} finally {
		await visitor.close()
	}

	// Back to the defaults: all of it is undone at once.
	await page.getByLabel('Site name').fill('ToolNest')
	await page.getByRole('textbox', { name: 'Announcement' }).fill('')
	await page.getByLabel('Default theme').selectOption('system')
	await page.getByLabel('Registration open').check()
	await page.getByLabel('Google sign-in').check()
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByText('Settings saved. They apply at once.')).toBeVisible()
	const again = await browser.newContext({ colorScheme: 'light' })
	try {
		const home = await again.newPage()
		// Pages for anonymous visitors are cached for up to a second (server/page-cache.ts):
		// the one rendered above for the first visitor may still be served for that long.
		await expect(async () => {
			await home.goto(url('/register'))
			// The server-rendered form is there once the page has loaded, or this is the old page.
			expect(await home.getByLabel('Password', { exact: true }).count()).toBe(1)
		}).toPass()
		await expect(home.getByLabel('Password', { exact: true })).toBeVisible()
		await expect(home.getByRole('region', { name: 'Announcement' })).toHaveCount(0)
		await expect(home.getByTestId('google-sign-in')).toBeVisible()
		await expect(home.locator('html')).not.toHaveClass(/\bdark\b/)
		await expect(home.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Register' })).toBeVisible()
	} finally {
		await again.close()
	}
	expect(errors).toEqual([])
})

test.describe('two instances, one database', () => {
	test.skip(!process.env.DATABASE_URL, 'needs a PostgreSQL server (DATABASE_URL)')

	test('a setting saved on one instance is used by the other within its cache second', async () => {
		test.setTimeout(120_000)
		const env = { SESSION_SECRET: `settings-twins-${Math.random().toString(36).slice(2)}-secret`, ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password }
		const [a, b] = await Promise.all([startServer(env), startServer(env)])
		try {
			const login = await fetch(`${a.url}/login`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
			})
			expect(login.status).toBe(302)
			const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-session=') && !/Max-Age=0/i.test(c))!.split(';')[0]!
			const retention = async (server: ServerProcess) => {
				const html = await (await fetch(`${server.url}/admin/settings`, { headers: { Cookie: cookie } })).text()
				return Number(/name="fileRetentionHours"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="fileRetentionHours"/.exec(html)?.slice(1).find(Boolean))
			}
			// Only the retention period changes, and only upwards (files kept
			// longer harm no parallel test); other fields are posted as they are.
			const original = await retention(a)
			expect(original).toBeGreaterThan(0)
			const formFor = async (hours: number) => {
				const page = await (await fetch(`${a.url}/admin/settings`, { headers: { Cookie: cookie } })).text()
				const value = (name: string) =>
					/* the server renders each field's current value */
					new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(page)?.slice(1).find((v) => v !== undefined) ?? ''
				const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
				const checked = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*checked`).test(page)
				const announcement = decode(/<textarea[^>]*name="announcement"[^>]*>([\s\S]*?)<\/textarea>/.exec(page)?.[1] ?? '')
				const theme = /<option value="(system|light|dark)" selected/.exec(page)?.[1] ?? 'system'
				const form = new URLSearchParams({
					siteName: decode(value('siteName')),
					tagline: decode(value('tagline')),
					uploadLimitMb: value('uploadLimitMb'),
					fileRetentionHours: String(hours),
					postsPerPage: value('postsPerPage'),
					announcement,
					defaultTheme: theme,
				})
				if (checked('registrationOpen')) form.set('registrationOpen', 'on')
				if (checked('googleSignIn')) form.set('googleSignIn', 'on')
				return form
			}
			const raised = Math.min(original + 1, 720)
			const saved = await fetch(`${a.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie }, body: await formFor(raised) })
			expect(saved.status).toBe(302)
			try {
				await expect.poll(() => retention(b)).toBe(raised)
			} finally {
				const restored = await fetch(`${a.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie }, body: await formFor(original) })
				expect(restored.status).toBe(302)
			}
		} finally {
			await Promise.all([a.stop(), b.stop()])
		}
	})
})
