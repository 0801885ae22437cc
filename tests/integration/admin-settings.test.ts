/**
 * /admin/settings against the real database, and the settings taking effect
 * at once across the site: registration closed (/register, its action and
 * the API), Google sign-in off (buttons, the redirect flow and the API), the
 * announcement, the site name and the default theme in the root loader.
 */
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest'
import * as adminSettingsRoute from '#app/routes/admin.settings.tsx'
import * as apiGoogleRoute from '#app/routes/api.auth.google.ts'
import * as apiRegisterRoute from '#app/routes/api.auth.register.ts'
import * as googleCallbackRoute from '#app/routes/auth.google.callback.ts'
import * as googleRoute from '#app/routes/auth.google.ts'
import * as loginRoute from '#app/routes/login.tsx'
import * as registerRoute from '#app/routes/register.tsx'
import * as root from '#app/root.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { GOOGLE_NOT_CONFIGURED, resolveGoogleUser } from '#app/accounts/google.server.ts'
import { DEFAULT_SITE_SETTINGS, getSiteSettings, updateSiteSettings } from '#app/site/settings.server.ts'
import { themeScriptFor } from '#app/utils/theme.ts'
import { REGISTRATION_CLOSED_MESSAGE } from '#app/accounts/user.server.ts'
import { createGoogleIdToken } from '#tests/mocks/google.ts'
import { context, createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type Json } from '#tests/setup/routes.ts'

let warn: MockInstance<typeof console.warn>
beforeEach(async () => {
	await resetDatabase()
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
	warn.mockRestore()
})

const call = callRoute

/** A full, valid settings form (what the page posts), with overrides. A checkbox is sent only when ticked. */
function settingsForm(overrides: Record<string, string | null> = {}): Record<string, string> {
	const form: Record<string, string | null> = {
		siteName: 'ToolNest',
		tagline: 'Tools',
		registrationOpen: 'on',
		googleSignIn: 'on',
		uploadLimitMb: '25',
		fileRetentionHours: '1',
		postsPerPage: '10',
		announcement: '',
		defaultTheme: 'system',
		...overrides,
	}
	return Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== null))
}

const save = (form: Record<string, string>, cookie?: string) =>
	call(adminSettingsRoute.action, makeRequest('/admin/settings', { method: 'POST', form, cookie }))

async function adminCookie() {
	const user = await createUser({ role: 'admin' })
	return { user, cookie: (await loginAs(user.id)).cookie }
}

const storedRow = () => prisma.siteSetting.findUnique({ where: { id: 1 }, omit: { updatedAt: true } })

const rootData = async (cookie?: string, headers?: Record<string, string>) =>
	(await call(root.loader, makeRequest('/', { cookie, headers }))).body as Json

describe('who may use /admin/settings', () => {
	test('anonymous visitors and plain users are sent to /login by the loader and the action; nothing is stored', async () => {
		await getSiteSettings()
		const before = await storedRow()
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		for (const who of [undefined, cookie]) {
			const page = await call(adminSettingsRoute.loader, makeRequest('/admin/settings', { cookie: who }))
			expect(page).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fsettings')
			const post = await save(settingsForm({ siteName: 'Hijacked', registrationOpen: null }), who)
			expect(post).toHaveRedirect(/^\/login/)
		}
		expect(await storedRow()).toEqual(before)
		expect(await prisma.auditLog.count()).toBe(0)
	})

	test('an admin sees the current settings and whether Google is configured', async () => {
		const { cookie } = await adminCookie()
		const page = await call(adminSettingsRoute.loader, makeRequest('/admin/settings', { cookie }))
		expect(page.status).toBe(200)
		expect(page.body.settings).toEqual(DEFAULT_SITE_SETTINGS)
		expect(page.body.googleConfigured).toBe(true)
	})
})

describe('saving', () => {
	test('a valid form is stored at once, with a toast and an audit entry of the changed fields (old → new)', async () => {
		const { user, cookie } = await adminCookie()
		const outcome = await save(
			settingsForm({
				siteName: '  Converter Hub ',
				tagline: DEFAULT_SITE_SETTINGS.tagline,
				registrationOpen: null,
				uploadLimitMb: '50',
				fileRetentionHours: '24',
				postsPerPage: '5',
				announcement: 'Maintenance tonight',
				defaultTheme: 'dark',
			}),
			cookie,
		)
		expect(outcome).toHaveRedirect('/admin/settings')
		await expect(outcome).toSendToast({ type: 'success', message: 'Settings saved. They apply at once.' })
		expect(await getSiteSettings()).toEqual({
			siteName: 'Converter Hub',
			tagline: DEFAULT_SITE_SETTINGS.tagline,
			registrationOpen: false,
			googleSignIn: true,
			uploadLimitMb: 50,
			fileRetentionHours: 24,
			postsPerPage: 5,
			announcement: 'Maintenance tonight',
			defaultTheme: 'dark',
		})
		const entries = await prisma.auditLog.findMany({ where: { action: 'settings.update' } })
		expect(entries).toHaveLength(1)
		expect(entries[0]).toMatchObject({ actorId: user.id, actorEmail: user.email, target: 'settings' })
		const details = entries[0]!.details as Json
		expect(details.fields).toEqual(['siteName', 'registrationOpen', 'uploadLimitMb', 'fileRetentionHours', 'postsPerPage', 'announcement', 'defaultTheme'])
		expect(details.changes.siteName).toEqual({ from: 'ToolNest', to: 'Converter Hub' })
		expect(details.changes.registrationOpen).toEqual({ from: true, to: false })
		expect(details.changes.uploadLimitMb).toEqual({ from: 25, to: 50 })

		// Saving the same values again: nothing changed, nothing audited.
		const again = await save(
			settingsForm({
				siteName: 'Converter Hub',
				tagline: DEFAULT_SITE_SETTINGS.tagline,
				registrationOpen: null,
				uploadLimitMb: '50',
				fileRetentionHours: '24',
				postsPerPage: '5',
				announcement: 'Maintenance tonight',
				defaultTheme: 'dark',
			}),
			cookie,
		)
		await expect(again).toSendToast({ type: 'info', message: 'Nothing changed.' })
		expect(await prisma.auditLog.count()).toBe(1)
	})

	test.each([
		['uploadLimitMb', '-1', 'Upload limit must be at least 1'],
		['uploadLimitMb', '0', 'Upload limit must be at least 1'],
		['uploadLimitMb', '1000000000000', 'Upload limit must be at most 100'],
		['uploadLimitMb', 'abc', 'Upload limit must be a number'],
		['uploadLimitMb', '2.5', 'Upload limit must be a whole number'],
		['uploadLimitMb', '', 'Upload limit must be a number'],
		['fileRetentionHours', '-1', 'Retention must be at least 1'],
		['fileRetentionHours', '1000000000000', 'Retention must be at most 720'],
		['postsPerPage', '0', 'Posts per page must be at least 1'],
		['postsPerPage', 'abc', 'Posts per page must be a number'],
		['siteName', '', 'Enter a site name'],
		['siteName', '    ', 'Enter a site name'],
		['siteName', 'x'.repeat(101), 'At most 100 characters'],
		['announcement', 'x'.repeat(501), 'At most 500 characters'],
		['defaultTheme', 'purple', 'Choose system, light or dark'],
	])('%s = %j → 400 with the field error, nothing stored', async (field, value, message) => {
		const { cookie } = await adminCookie()
		await getSiteSettings()
		const before = await storedRow()
		const outcome = await save(settingsForm({ [field]: value, siteName: field === 'siteName' ? value : 'Changed' }), cookie)
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.status).toBe('error')
		expect(outcome.body.result.error[field]).toEqual([message])
		expect(await storedRow()).toEqual(before)
		expect(await prisma.auditLog.count()).toBe(0)
	})

	test('HTML in the site name and announcement is stored as text and reaches pages as text (React escapes it)', async () => {
		const { cookie } = await adminCookie()
		const html = '<img src=x onerror=alert(1)><b>Bold</b>'
		const outcome = await save(settingsForm({ siteName: html, announcement: `<script>alert(1)</script> & more` }), cookie)
		expect(outcome.status).toBe(302)
		expect((await storedRow())!.siteName).toBe(html)
		const data = await rootData()
		expect(data.siteName).toBe(html)
		expect(data.announcement).toBe('<script>alert(1)</script> & more')
	})

	test('a body over the limit → 413, nothing stored', async () => {
		const { cookie } = await adminCookie()
		await getSiteSettings()
		const before = await storedRow()
		const outcome = await save(settingsForm({ announcement: 'x'.repeat(100_000) }), cookie)
		expect(outcome.status).toBe(413)
		expect(await storedRow()).toEqual(before)
	})
})

describe('registration closed', () => {
	test('/register shows the message instead of the form; its action and the API answer 403; nobody is created', async () => {
		await updateSiteSettings({ registrationOpen: false })
		const page = await call(registerRoute.loader, makeRequest('/register'))
		expect(page.status).toBe(200)
		expect(page.body.closedMessage).toBe(REGISTRATION_CLOSED_MESSAGE)
		expect(page.body.google).toBe(false)

		const email = uniqueEmail()
		const form = await call(
			registerRoute.action,
			makeRequest('/register', { method: 'POST', form: { name: 'New', email, password: 'a perfectly fine passphrase' } }),
		)
		expect(form.status).toBe(403)
		expect(form.body.result.error).toEqual({ '': [REGISTRATION_CLOSED_MESSAGE] })
		expect(form.headers.getSetCookie()).toEqual([])

		const api = await call(
			apiRegisterRoute.action,
			makeRequest('/api/auth/register', { method: 'POST', json: { name: 'New', email, password: 'a perfectly fine passphrase' } }),
		)
		expect(api.status).toBe(403)
		expect(api.body).toEqual({ message: REGISTRATION_CLOSED_MESSAGE, status: 403, code: 'AUTHORIZATION_ERROR' })

		// A new account through Google is a registration too.
		await expect(resolveGoogleUser({ sub: 'new-sub', email, emailVerified: true, name: 'New' })).rejects.toMatchObject({
			status: 403,
			message: REGISTRATION_CLOSED_MESSAGE,
		})
		expect(await prisma.user.count()).toBe(0)

		// The top bar hides Register; the login page does not offer it.
		expect((await rootData()).registrationOpen).toBe(false)
		expect((await call(loginRoute.loader, makeRequest('/login'))).body.registrationOpen).toBe(false)

		// Existing users still log in.
		const user = await createUser()
		const login = await call(loginRoute.action, makeRequest('/login', { method: 'POST', form: { email: user.email, password: TEST_PASSWORD } }))
		expect(login.status).toBe(302)

		// Opened again: it works at once.
		await updateSiteSettings({ registrationOpen: true })
		expect((await call(registerRoute.loader, makeRequest('/register'))).body.closedMessage).toBeNull()
		const created = await call(
			apiRegisterRoute.action,
			makeRequest('/api/auth/register', { method: 'POST', json: { name: 'New', email, password: 'a perfectly fine passphrase' } }),
		)
		expect(created.status).toBe(201)
	})
})

describe('Google sign-in off', () => {
	test('no button, and the redirect flow, its callback and the API answer as when Google is not configured', async () => {
		expect((await call(loginRoute.loader, makeRequest('/login'))).body.google).toBe(true)
		await updateSiteSettings({ googleSignIn: false })

		expect((await call(loginRoute.loader, makeRequest('/login'))).body.google).toBe(false)
		expect((await call(registerRoute.loader, makeRequest('/register'))).body.google).toBe(false)

		const start = await call(googleRoute.action, makeRequest('/auth/google', { method: 'POST', form: { redirectTo: '/' } }))
		expect(start).toHaveRedirect('/login')
		await expect(start).toSendToast({ type: 'error', message: GOOGLE_NOT_CONFIGURED })

		const callback = await call(googleCallbackRoute.loader, makeRequest('/auth/google/callback?code=x&state=y'))
		expect(callback.headers.get('Location')).toBe('/login')
		await expect(callback).toSendToast({ type: 'error', message: GOOGLE_NOT_CONFIGURED })

		const token = await createGoogleIdToken({ sub: '12345', email: uniqueEmail('google'), email_verified: true, name: 'G' })
		const api = await call(apiGoogleRoute.action, makeRequest('/api/auth/google', { method: 'POST', json: { token } }))
		expect(api.status).toBe(503)
		expect(api.body).toEqual({ message: GOOGLE_NOT_CONFIGURED, status: 503, code: 'SERVICE_UNAVAILABLE' })
		expect(await prisma.user.count()).toBe(0)

		// Back on: the same token signs in.
		await updateSiteSettings({ googleSignIn: true })
		const ok = await call(apiGoogleRoute.action, makeRequest('/api/auth/google', { method: 'POST', json: { token } }))
		expect(ok.status).toBe(200)
	})
})

describe('settings reach every page (root loader)', () => {
	test('site name, tagline and announcement', async () => {
		expect(await rootData()).toMatchObject({ siteName: 'ToolNest', announcement: '', registrationOpen: true })
		const { cookie } = await adminCookie()
		await save(settingsForm({ siteName: 'Hub', tagline: 'All the tools', announcement: 'Back at 10:00 UTC' }), cookie)
		expect(await rootData()).toMatchObject({ siteName: 'Hub', tagline: 'All the tools', announcement: 'Back at 10:00 UTC' })
	})

	test('default theme: used for visitors without a theme cookie; a chosen theme wins; "system" keeps the client hint', async () => {
		expect(await rootData()).toMatchObject({ defaultTheme: 'system', theme: null })
		expect(await rootData(undefined, { 'Sec-CH-Prefers-Color-Scheme': 'dark' })).toMatchObject({ theme: 'dark' })

		await updateSiteSettings({ defaultTheme: 'dark' })
		expect(await rootData()).toMatchObject({ defaultTheme: 'dark', theme: 'dark' })
		expect(await rootData('theme=light')).toMatchObject({ theme: 'light' })

		await updateSiteSettings({ defaultTheme: 'light' })
		expect(await rootData(undefined, { 'Sec-CH-Prefers-Color-Scheme': 'dark' })).toMatchObject({ theme: 'light' })
		expect(await rootData('theme=dark')).toMatchObject({ theme: 'dark' })
	})

	test('the inline theme script falls back to the default theme, and to the system preference for "system"', () => {
		expect(themeScriptFor('dark')).toContain(`var t=s||'dark'`)
		expect(themeScriptFor('light')).toContain(`var t=s||'light'`)
		expect(themeScriptFor('system')).toContain(`var t=s||(matchMedia('(prefers-color-scheme: dark)')`)
		// The default is never written to storage: only a visitor's own choice is.
		expect(themeScriptFor('dark')).not.toContain(`setItem('theme','dark')`)
	})
})
