import { expect, test } from './fixtures.ts'
import { createGoogleIdToken } from '../mocks/google.ts'
import { accountNav, createAccount, uniqueEmail } from './fixtures.ts'
import { answerGoogleConsent } from './google-consent.ts'

function newGoogleProfile(overrides: { email?: string; name?: string } = {}) {
	return { sub: `google-${Math.random().toString(36).slice(2)}`, email: overrides.email ?? uniqueEmail('google'), name: overrides.name ?? 'Ada Google' }
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`Google redirect flow, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('a new Google user gets an account, is signed in and returns where they were', async ({ page }) => {
			const profile = newGoogleProfile()
			const consent = await answerGoogleConsent(page, profile)
			await page.goto('/login?redirectTo=%2Fabout')
			await page.getByRole('button', { name: 'Continue with Google' }).click()
			await expect(page).toHaveURL(/\/about$/)
			await expect(page.getByText('Welcome! Your account was created with Google.')).toBeVisible()
			await expect(accountNav(page).getByRole('link', { name: 'Profile' })).toBeVisible()

			// What we asked Google for: our client, our callback (from SITE_URL), minimal scopes, a state.
			const asked = consent[0]!
			expect(asked.searchParams.get('client_id')).toBe('MOCK_client-id.apps.googleusercontent.com')
			expect(asked.searchParams.get('redirect_uri')).toMatch(/^http:\/\/localhost:\d+\/auth\/google\/callback$/)
			expect(asked.searchParams.get('scope')).toBe('openid email profile')
			expect(asked.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/)

			await page.goto('/profile')
			await expect(page.getByTestId('sign-in-methods')).toHaveText(`Google (${profile.email})`)
			await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible()
		})
	})
}

test('signing in with Google to an address registered with an unconfirmed password removes that password first', async ({ page, request }) => {
	const account = await createAccount(request)
	await answerGoogleConsent(page, newGoogleProfile({ email: account.email }))
	await page.goto('/login')
	await page.getByRole('button', { name: 'Continue with Google' }).click()
	await expect(page).toHaveURL(/\/profile$/)
	await expect(page.getByText('The password set earlier for this address was removed', { exact: false })).toBeVisible()
	await expect(page.getByTestId('sign-in-methods')).toHaveText(`Google (${account.email})`)
	// The API token made at sign-up ended with the password.
	const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
	expect(login.status()).toBe(401)
})

test('cancelling on Google, a forged callback and a replayed one all end on the login page, signed out', async ({ page, browser }) => {
	await answerGoogleConsent(page, newGoogleProfile(), { deny: true })
	await page.goto('/login')
	await page.getByRole('button', { name: 'Continue with Google' }).click()
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByText('Google sign-in was cancelled.')).toBeVisible()

	// A callback this browser never started (no state cookie): login CSRF refused.
	const forged = await page.goto('/auth/google/callback?code=mock-code.e30.x&state=00000000-0000-4000-8000-000000000000&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E')
	expect(forged?.status()).toBe(200)
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByText('Google sign-in failed. Please try again.')).toBeVisible()
	expect(await page.content()).not.toContain('<script>alert(1)')
	await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()

	// A completed callback URL, replayed in another browser: its state cookie is missing there.
	const context = await browser.newContext()
	const victim = await context.newPage()
	let callbackUrl = ''
	victim.on('request', (request) => {
		if (request.url().includes('/auth/google/callback')) callbackUrl = request.url()
	})
	await answerGoogleConsent(victim, newGoogleProfile())
	await victim.goto('/login')
	await victim.getByRole('button', { name: 'Continue with Google' }).click()
	await expect(accountNav(victim).getByRole('link', { name: 'Profile' })).toBeVisible()
	await context.close()
	expect(callbackUrl).toContain('code=mock-code.')
	await page.goto(callbackUrl)
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByText('Google sign-in failed. Please try again.')).toBeVisible()
	await expect(accountNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
})

test('POST /api/auth/google verifies an ID token against the (mocked) Google keys', async ({ request }) => {
	const profile = newGoogleProfile()
	const response = await request.post('/api/auth/google', { data: { credential: await createGoogleIdToken(profile) } })
	expect(response.status()).toBe(200)
	const body = (await response.json()) as { token: string; user: { email: string; role: string } }
	expect(body.user).toMatchObject({ email: profile.email, role: 'user' })
	const verify = await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${body.token}` } })
	expect(await verify.json()).toMatchObject({ user: { email: profile.email } })

	const wrongAudience = await request.post('/api/auth/google', {
		data: { token: await createGoogleIdToken(newGoogleProfile(), { claims: { aud: 'someone-else.apps.googleusercontent.com' } }) },
	})
	expect(wrongAudience.status()).toBe(401)
	const none = await request.post('/api/auth/google', { data: { idToken: 'x' } })
	expect(none.status()).toBe(400)
	expect(await none.json()).toMatchObject({ message: 'Invalid login payload', status: 400, code: 'VALIDATION_ERROR' })
})
