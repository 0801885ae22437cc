/**
 * The account pages end to end against the real database: the loaders and
 * actions of /login, /register, /logout, /profile, the admin area and
 * Google's redirect flow (/auth/google → /auth/google/callback), called the
 * way Remix calls them. Covers SECURITY.md 2.B (B1–B11), 2.C, 2.E and the
 * admin rows G1, G2, G4 and G11. Every refused request is also checked for
 * having changed nothing in the database.
 */
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest'
import * as adminDashboardRoute from '#app/routes/admin.dashboard.tsx'
import * as adminIndexRoute from '#app/routes/admin._index.ts'
import * as adminRoute from '#app/routes/admin.tsx'
import * as googleCallbackRoute from '#app/routes/auth.google.callback.ts'
import * as googleRoute from '#app/routes/auth.google.ts'
import * as loginRoute from '#app/routes/login.tsx'
import * as logoutRoute from '#app/routes/logout.tsx'
import * as profileRoute from '#app/routes/profile.tsx'
import * as registerRoute from '#app/routes/register.tsx'
import { ACCOUNT_DELAY_MAX_MS, ACCOUNT_LIMITED_MESSAGE, getAuthState, loginThrottle, resetAuthenticator } from '#app/accounts/auth.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { knownDeviceCookie, readKnownDevices } from '#app/accounts/known-device.server.ts'
import { GOOGLE_AUTHORIZE_URL, mockAuthorizationCode, type MockGoogleProfile } from '#tests/mocks/google.ts'
import { findSession, sessionCookie, sessionIdFor } from '#app/accounts/session.server.ts'
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, verifyLogin } from '#app/accounts/user.server.ts'
import { createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { toastOf } from '#tests/setup/custom-matchers.ts'
import { callRoute, type Json, type RouteHandler, type RouteOutcome } from '#tests/setup/routes.ts'

// Failed logins are logged (console.warn); keep the output readable.
let warn: MockInstance<typeof console.warn>
beforeEach(async () => {
	await resetDatabase()
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
	warn.mockRestore()
})

// ---------------------------------------------------------------------------
// Helpers

type Outcome = RouteOutcome

const KB = 1024
const GOOD_PASSWORD = 'a perfectly fine passphrase'
const NO_STORE_ARGS = { actionHeaders: new Headers(), loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }

/** callRoute with a random client IP unless one is given; bodies are parsed as JSON whatever their type. */
function call(handler: RouteHandler, request: Request, clientIp?: string): Promise<RouteOutcome> {
	return callRoute(handler, request, {}, { clientIp, json: 'always' })
}

function post(path: string, form: Record<string, string>, cookie?: string) {
	return makeRequest(path, { method: 'POST', form, cookie })
}

function get(path: string, cookie?: string) {
	return makeRequest(path, { cookie })
}

/** The Set-Cookie header of the named cookie, if any. */
function setCookieFor(headers: Headers, name: string): string | undefined {
	return headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
}

/** The session token that a Set-Cookie header hands to the browser. */
async function sessionTokenFrom(headers: Headers): Promise<string | null> {
	const header = setCookieFor(headers, 'session')
	if (!header) return null
	const value: unknown = await sessionCookie().parse(header.split(';')[0]!)
	return typeof value === 'string' && value ? value : null
}

/** The Cookie request header a browser would send back after these Set-Cookie headers. */
function cookiesFrom(headers: Headers): string {
	return headers
		.getSetCookie()
		.filter((cookie) => !/Max-Age=0\b|Expires=Thu, 01 Jan 1970/i.test(cookie))
		.map((cookie) => cookie.split(';')[0]!)
		.join('; ')
}

function isClearing(setCookie: string | undefined): boolean {
	return Boolean(setCookie && /Max-Age=0\b|Expires=Thu, 01 Jan 1970/i.test(setCookie))
}

async function counts() {
	const [users, sessions, connections] = await Promise.all([prisma.user.count(), prisma.session.count(), prisma.connection.count()])
	return { users, sessions, connections }
}

/** The known-device Set-Cookie headers of a response (one per path the log-in form posts to). */
function deviceCookiesOf(headers: Headers): Array<string> {
	return headers.getSetCookie().filter((cookie) => cookie.startsWith(`${knownDeviceCookie().name}=`))
}

/** The Cookie header a browser sends to /login after a response that made it a known device. */
function deviceCookieFrom(headers: Headers): string {
	const cookie = deviceCookiesOf(headers).find((c) => /Path=\/login(;|$)/.test(c))
	expect(cookie, 'a known-device cookie for /login').toBeTruthy()
	return cookie!.split(';')[0]!
}

/** The accounts a known-device cookie names, as the server reads them. */
function devicesIn(cookie: string) {
	return readKnownDevices(makeRequest('/login', { cookie }))
}

/** A form 429: the message on the page, Retry-After and RateLimit-* on the response and on the page's headers. */
function expectFormRateLimited(outcome: Outcome, message: string | RegExp, limit: number, maxSeconds: number) {
	expect(outcome.status).toBe(429)
	const shown = outcome.body.result.error[''][0]
	if (typeof message === 'string') expect(shown).toBe(message)
	else expect(shown).toMatch(message)
	const retryAfter = outcome.headers.get('Retry-After')
	expect(Number(retryAfter)).toBeGreaterThan(0)
	expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds)
	expect(outcome.headers.get('RateLimit-Limit')).toBe(String(limit))
	expect(outcome.headers.get('RateLimit-Remaining')).toBe('0')
	expect(outcome.headers.get('RateLimit-Reset')).toBe(retryAfter)
	expect(setCookieFor(outcome.headers, 'session')).toBeUndefined()
	// The page keeps them (headers export).
	const page = new Headers(loginRoute.headers({ ...NO_STORE_ARGS, actionHeaders: outcome.headers } as never) as HeadersInit)
	for (const name of ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) expect(page.get(name), name).toBe(outcome.headers.get(name))
}

/** As if a minute had passed: the per-address windows (AUTH_RATE_LIMIT_PER_MINUTE) end, the 15-minute ones do not. */
async function aMinuteLater() {
	await prisma.rateLimit.updateMany({ where: { key: { contains: ':ip:' } }, data: { resetAt: new Date(Date.now() - 1) } })
}

const login = (form: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
	call(loginRoute.action, post('/login', form, options.cookie), options.ip)
const register = (form: Record<string, string>, ip?: string) => call(registerRoute.action, post('/register', form), ip)
const profileAction = (form: Record<string, string>, cookie?: string) => call(profileRoute.action, post('/profile', form, cookie))
const profileLoader = (cookie?: string) => call(profileRoute.loader, get('/profile', cookie))

// ---------------------------------------------------------------------------

describe('login action', () => {
	test('missing and empty fields → 400 with field errors', async () => {
		const empty = await login({ email: '', password: '' })
		expect(empty.status).toBe(400)
		expect(empty.body.result.status).toBe('error')
		expect(empty.body.result.error.email).toEqual(['Enter your email address'])
		expect(empty.body.result.error.password).toEqual(['Enter your password'])

		const missing = await login({})
		expect(missing.status).toBe(400)
		expect(missing.body.result.error.email?.length).toBeGreaterThan(0)
		expect(missing.body.result.error.password?.length).toBeGreaterThan(0)

		const badEmail = await login({ email: 'not-an-email', password: 'something' })
		expect(badEmail.status).toBe(400)
		expect(badEmail.body.result.error.email).toEqual(['Enter a valid email address'])
		expect(setCookieFor(badEmail.headers, 'session')).toBeUndefined()
		expect(await counts()).toEqual({ users: 0, sessions: 0, connections: 0 })
	})

	test('wrong password and unknown email → 401 with the identical form error, no session', async () => {
		const user = await createUser()
		const wrong = await login({ email: user.email, password: 'not the password at all' })
		const unknown = await login({ email: 'nobody@example.com', password: 'not the password at all' })
		for (const outcome of [wrong, unknown]) {
			expect(outcome.status).toBe(401)
			expect(outcome.body.result.error).toEqual({ '': [INVALID_CREDENTIALS_MESSAGE] })
			expect(outcome.headers.getSetCookie()).toEqual([])
		}
		expect(Object.keys(wrong.body.result)).toEqual(Object.keys(unknown.body.result))
		expect(await prisma.session.count()).toBe(0)
	})

	test('the password is never echoed back in the result', async () => {
		const user = await createUser()
		const secret = 'MY-SECRET-PASSWORD-123'
		for (const outcome of [await login({ email: user.email, password: secret }), await login({ email: 'bad', password: secret })]) {
			expect(outcome.status).toBeGreaterThanOrEqual(400)
			expect(JSON.stringify(outcome.body)).not.toContain(secret)
			expect(outcome.body.result.initialValue ?? {}).not.toHaveProperty('password')
		}
	})

	test('success → 302 to redirectTo, a session cookie for the user and a toast', async () => {
		const user = await createUser({ name: 'Ada' })
		const outcome = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD, redirectTo: '/profile?tab=1' })
		expect(outcome).toHaveRedirect('/profile?tab=1')
		const token = await sessionTokenFrom(outcome.headers)
		expect(token).toMatch(/^[\w-]{43}$/)
		expect(await findSession(token!, 'web')).toMatchObject({ user: { id: user.id } })
		const session = setCookieFor(outcome.headers, 'session')!
		expect(session).toMatch(/HttpOnly/i)
		expect(session).toMatch(/SameSite=Lax/i)
		expect(session).toMatch(/Path=\//)
		await expect(outcome).toSendToast({ type: 'success', message: 'Welcome back, Ada!' })
	})

	test.each([
		['//evil.example'],
		['https://evil.example'],
		['/\\evil.example'],
		['/..//evil.example'],
		['javascript:alert(1)'],
		['/\t/evil.example'],
		['%2F%2Fevil.example'],
	])('redirectTo %j → /', async (redirectTo) => {
		const user = await createUser()
		const outcome = await login({ email: user.email, password: TEST_PASSWORD, redirectTo })
		expect(outcome).toHaveRedirect('/')
		expect(await sessionTokenFrom(outcome.headers)).toBeTruthy()
	})

	test('session fixation (B10): a new token is issued even with a valid session cookie; the old one is not promoted', async () => {
		const user = await createUser()
		const planted = await loginAs(user.id)
		const outcome = await login({ email: user.email, password: TEST_PASSWORD }, { cookie: planted.cookie })
		expect(outcome).toHaveRedirect('/')
		const token = await sessionTokenFrom(outcome.headers)
		expect(token).toBeTruthy()
		expect(token).not.toBe(planted.token)
		expect(await findSession(token!, 'web')).toMatchObject({ user: { id: user.id } })
		// The cookie the browser held before logging in no longer works (SECURITY.md B10: "old one invalid").
		expect(await findSession(planted.token, 'web')).toBeNull()

		// An attacker's own session planted in the victim's browser stays the attacker's.
		const attacker = await createUser()
		const attackerSession = await loginAs(attacker.id)
		const victim = await createUser()
		const switched = await login({ email: victim.email, password: TEST_PASSWORD }, { cookie: attackerSession.cookie })
		const victimToken = await sessionTokenFrom(switched.headers)
		expect(victimToken).not.toBe(attackerSession.token)
		expect(await findSession(victimToken!, 'web')).toMatchObject({ user: { id: victim.id } })
		const leftover = await findSession(attackerSession.token, 'web')
		expect(leftover?.user.id ?? null).not.toBe(victim.id)
	})

	test('a 100 KB body → 413 naming the 64 KB limit', async () => {
		const outcome = await login({ email: 'a@example.com', password: 'x'.repeat(100 * KB) })
		expect(outcome.status).toBe(413)
		expect(outcome.body.result.error[''][0]).toContain('64 KB')
		expect(JSON.stringify(outcome.body)).not.toContain('xxxxxxxx')
	})

	test('a malformed multipart body → 400, not 500', async () => {
		const request = makeRequest('/login', {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=----right' },
			body: '------wrong\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n------wro',
		})
		const outcome = await call(loginRoute.action, request)
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.status).toBe('error')

		const noBoundary = makeRequest('/login', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'garbage' })
		expect((await call(loginRoute.action, noBoundary)).status).toBe(400)
	})

	test('the 11th attempt from one IP in a minute → 429 with Retry-After, even with the right password', async () => {
		const user = await createUser()
		const ip = '203.0.113.50'
		for (let i = 0; i < 10; i++) {
			const outcome = await login({ email: `nobody-${i}@example.com`, password: 'wrong password here' }, { ip })
			expect(outcome.status).toBe(401)
		}
		const refused = await login({ email: user.email, password: TEST_PASSWORD }, { ip })
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
		expect(refused.body.result.error[''][0]).toMatch(/Too many/)
		expect(setCookieFor(refused.headers, 'session')).toBeUndefined()
		expect(await prisma.session.count()).toBe(0)
		// The page keeps the Retry-After (headers export), and the RateLimit-* headers come along.
		const pageHeaders = new Headers(loginRoute.headers({ ...NO_STORE_ARGS, actionHeaders: refused.headers } as never) as HeadersInit)
		expect(pageHeaders.get('Retry-After')).toBe(refused.headers.get('Retry-After'))
		expectFormRateLimited(refused, 'Too many attempts. Please wait a moment and try again.', 10, 60)
		// Another IP is not affected.
		expect((await login({ email: user.email, password: TEST_PASSWORD }, { ip: '203.0.113.51' })).status).toBe(302)
	})
})

describe('nobody can lock someone else out (issue 11)', () => {
	test('a sign-in makes the browser a known device: a signed, httpOnly, SameSite=Lax, year-long cookie sent only to the log-in form', async () => {
		const ada = await createUser({ email: 'ada@example.com' })
		const first = await login({ email: ada.email, password: TEST_PASSWORD })
		expect(first.status).toBe(302)
		const cookies = deviceCookiesOf(first.headers)
		// /login without JavaScript, /login.data with it (Remix single fetch): never any other route.
		expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/login', '/login.data'])
		for (const cookie of cookies) {
			expect(cookie).toMatch(/; HttpOnly/i)
			expect(cookie).toMatch(/; SameSite=Lax/i)
			expect(cookie).toMatch(/; Max-Age=31536000/)
		}
		const cookie = deviceCookieFrom(first.headers)
		const [device] = await devicesIn(cookie)
		expect(device).toMatchObject({ userId: ada.id, deviceId: expect.stringMatching(/^[\w-]{22}$/) })
		// Signing in again keeps the device id; another account signing in here is added in front.
		const again = await login({ email: ada.email, password: TEST_PASSWORD }, { cookie })
		expect(await devicesIn(deviceCookieFrom(again.headers))).toEqual([device])
		const bob = await createUser({ email: 'bob@example.com' })
		const shared = await login({ email: bob.email, password: TEST_PASSWORD }, { cookie })
		expect(await devicesIn(deviceCookieFrom(shared.headers))).toEqual([{ userId: bob.id, deviceId: expect.any(String) }, device])
		// A registration makes one too; a failed sign-in does not.
		const registered = await register({ name: 'Cy', email: uniqueEmail('cy'), password: GOOD_PASSWORD })
		expect(registered.status).toBe(302)
		expect(await devicesIn(deviceCookieFrom(registered.headers))).toHaveLength(1)
		expect(deviceCookiesOf((await login({ email: ada.email, password: 'wrong password here' })).headers)).toEqual([])
		// Tampered with: not a known device of anything.
		const [name, value] = cookie.split('=') as [string, string]
		expect(await devicesIn(`${name}=${value.slice(0, -3)}AAA`)).toEqual([])
	})

	test('an attacker hammering one account from many addresses cannot keep the owner’s known browser out, and stays throttled', async () => {
		const owner = await createUser({ email: 'owner@example.com', role: 'admin' })
		const signedIn = await login({ email: owner.email, password: TEST_PASSWORD }, { ip: '198.51.100.10' })
		expect(signedIn.status).toBe(302)
		const knownBrowser = deviceCookieFrom(signedIn.headers)
		await prisma.session.deleteMany()

		const wait = vi.spyOn(loginThrottle, 'wait').mockResolvedValue(undefined) // which waits, not their seconds
		try {
			// Three addresses guess in parallel, each until it is refused: ten wrong passwords, then (a
			// minute later, past the per-address limit) 429 for this account from that address.
			const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3']
			await Promise.all(
				attackers.map(async (ip) => {
					for (let i = 0; i < 10; i++) {
						const guess = await login({ email: owner.email, password: `guess ${ip} ${i}` }, { ip })
						expect(guess.status).toBe(401)
						expect(guess.body.result.error[''][0]).toBe(INVALID_CREDENTIALS_MESSAGE)
					}
				}),
			)
			await aMinuteLater()
			for (const ip of attackers) {
				expectFormRateLimited(await login({ email: owner.email, password: `one more ${ip}` }, { ip }), ACCOUNT_LIMITED_MESSAGE, 10, 15 * 60)
			}
			// Beyond the first ten failures every guess waited, growing to the cap: 20 waits.
			const attackerWaits = wait.mock.calls.map(([ms]) => ms)
			expect(attackerWaits).toHaveLength(20)
			expect(attackerWaits.every((ms) => ms > 0 && ms <= ACCOUNT_DELAY_MAX_MS)).toBe(true)
			expect(attackerWaits).toContain(ACCOUNT_DELAY_MAX_MS)
			expect(await prisma.session.count()).toBe(0)

			// The owner's browser signs in, even from an attacker's own address (one network), without waiting.
			wait.mockClear()
			const owned = await login({ email: owner.email, password: TEST_PASSWORD }, { ip: attackers[0], cookie: knownBrowser })
			expect(owned).toHaveRedirect('/')
			expect(await sessionTokenFrom(owned.headers)).toBeTruthy()
			expect(wait).not.toHaveBeenCalled()

			// The attackers stay refused (their pairs are theirs), even with the right password.
			for (const ip of attackers) {
				expectFormRateLimited(await login({ email: owner.email, password: TEST_PASSWORD }, { ip }), ACCOUNT_LIMITED_MESSAGE, 10, 15 * 60)
			}

			// More addresses keep failing: the owner from a fresh address without the cookie is delayed, not refused.
			await Promise.all(
				['203.0.113.4', '203.0.113.5'].map(async (ip) => {
					for (let i = 0; i < 7; i++) expect((await login({ email: owner.email, password: `again ${ip} ${i}` }, { ip })).status).toBe(401)
				}),
			)
			wait.mockClear()
			const fresh = await login({ email: owner.email, password: TEST_PASSWORD }, { ip: '192.0.2.99' })
			expect(fresh).toHaveRedirect('/')
			expect(wait.mock.calls).toEqual([[ACCOUNT_DELAY_MAX_MS]])
		} finally {
			wait.mockRestore()
		}
	}, 240_000)

	test('a known-device cookie is no master key: another account’s, a forged one, or one used for 10 failures gets the ordinary limits', async () => {
		const owner = await createUser({ email: 'owner@example.com' })
		const other = await createUser({ email: 'other@example.com' })
		const ownerBrowser = deviceCookieFrom((await login({ email: owner.email, password: TEST_PASSWORD })).headers)
		const otherBrowser = deviceCookieFrom((await login({ email: other.email, password: TEST_PASSWORD })).headers)
		const ip = '203.0.113.20'
		for (let i = 0; i < 10; i++) expect((await login({ email: owner.email, password: `guess ${i}` }, { ip })).status).toBe(401)
		await aMinuteLater()
		// Another account's cookie, and a forged one, do not pass this account's limit.
		expectFormRateLimited(await login({ email: owner.email, password: TEST_PASSWORD }, { ip, cookie: otherBrowser }), ACCOUNT_LIMITED_MESSAGE, 10, 15 * 60)
		const [name, value] = ownerBrowser.split('=') as [string, string]
		const forged = `${name}=${value.slice(0, -3)}AAA`
		expectFormRateLimited(await login({ email: owner.email, password: TEST_PASSWORD }, { ip, cookie: forged }), ACCOUNT_LIMITED_MESSAGE, 10, 15 * 60)
		// The owner's cookie passes it, for ten failures in the window (someone at the owner's computer) ...
		await aMinuteLater()
		for (let i = 0; i < 10; i++) {
			expect((await login({ email: owner.email, password: `at the desk ${i}` }, { ip, cookie: ownerBrowser })).status).toBe(401)
		}
		// ... after which it is trusted no more: the address's 429 applies again, right password or not.
		await aMinuteLater()
		expectFormRateLimited(await login({ email: owner.email, password: TEST_PASSWORD }, { ip, cookie: ownerBrowser }), ACCOUNT_LIMITED_MESSAGE, 10, 15 * 60)
		expect(await prisma.session.count()).toBe(2)
	}, 240_000)
})

describe('login loader', () => {
	const savedSecret = process.env.GOOGLE_CLIENT_SECRET
	afterEach(() => {
		if (savedSecret === undefined) delete process.env.GOOGLE_CLIENT_SECRET
		else process.env.GOOGLE_CLIENT_SECRET = savedSecret
		resetEnvCache()
		resetAuthenticator()
	})

	test('google is true with the mock configuration and false without the client secret', async () => {
		expect((await call(loginRoute.loader, get('/login'))).body).toMatchObject({ google: true, currentUser: null, redirectTo: null })
		expect((await call(registerRoute.loader, get('/register'))).body).toMatchObject({ google: true })
		delete process.env.GOOGLE_CLIENT_SECRET
		resetEnvCache()
		resetAuthenticator()
		expect((await call(loginRoute.loader, get('/login'))).body).toMatchObject({ google: false })
		expect((await call(registerRoute.loader, get('/register'))).body).toMatchObject({ google: false })
		// And the redirect flow is off: POST /auth/google goes back to /login.
		const start = await call(googleRoute.action, post('/auth/google', { redirectTo: '/about' }))
		expect(start).toHaveRedirect('/login')
		expect(setCookieFor(start.headers, 'auth_flow')).toBeUndefined()
	})

	test('a signed-in non-admin sent from the admin area gets needsAdmin; an admin and others do not', async () => {
		const user = await createUser({ name: 'Plain' })
		const { cookie } = await loginAs(user.id)
		const fromAdmin = await call(loginRoute.loader, get('/login?redirectTo=%2Fadmin%2Fdashboard', cookie))
		expect(fromAdmin.body).toMatchObject({ needsAdmin: true, redirectTo: '/admin/dashboard', currentUser: { name: 'Plain', role: 'user' } })
		expect((await call(loginRoute.loader, get('/login?redirectTo=%2Fprofile', cookie))).body).toMatchObject({ needsAdmin: false })
		expect((await call(loginRoute.loader, get('/login?redirectTo=%2Fadmin%2Fdashboard'))).body).toMatchObject({ needsAdmin: false, currentUser: null })
		const admin = await createUser({ role: 'admin' })
		const adminCookie = (await loginAs(admin.id)).cookie
		expect((await call(loginRoute.loader, get('/login?redirectTo=%2Fadmin%2Fdashboard', adminCookie))).body).toMatchObject({ needsAdmin: false })
		// An off-site redirectTo is dropped.
		expect((await call(loginRoute.loader, get('/login?redirectTo=https%3A%2F%2Fevil.example'))).body).toMatchObject({ redirectTo: null })
	})

	test('the page is never cached', () => {
		expect(new Headers(loginRoute.headers(NO_STORE_ARGS as never) as HeadersInit).get('Cache-Control')).toBe('no-store')
		expect(new Headers(registerRoute.headers(NO_STORE_ARGS as never) as HeadersInit).get('Cache-Control')).toBe('no-store')
	})
})

describe('register action', () => {
	test('success → 302, a user with role "user", a session cookie', async () => {
		const email = uniqueEmail('new')
		const outcome = await register({ name: 'New Person', email, password: GOOD_PASSWORD, redirectTo: '/profile' })
		expect(outcome).toHaveRedirect('/profile')
		const row = await prisma.user.findUniqueOrThrow({ where: { email } })
		expect(row).toMatchObject({ name: 'New Person', role: 'user', emailVerified: false })
		expect(row.passwordHash).not.toContain(GOOD_PASSWORD)
		const token = await sessionTokenFrom(outcome.headers)
		expect(await findSession(token!, 'web')).toMatchObject({ user: { id: row.id } })
		await expect(outcome).toSendToast({ type: 'success' })
		expect(await verifyLogin(email, GOOD_PASSWORD)).toMatchObject({ id: row.id })
	})

	test('registering while signed in switches to the new account and ends the old session (B10)', async () => {
		const before = await loginAs((await createUser()).id)
		const email = uniqueEmail('switch')
		const outcome = await call(registerRoute.action, post('/register', { name: 'Switcher', email, password: GOOD_PASSWORD }, before.cookie))
		expect(outcome).toHaveRedirect('/')
		const token = await sessionTokenFrom(outcome.headers)
		expect(token).not.toBe(before.token)
		expect(await findSession(token!, 'web')).toMatchObject({ user: { email } })
		expect(await findSession(before.token, 'web')).toBeNull()
	})

	test('mass assignment (B8, G4): role, isAdmin, emailVerified and id are ignored', async () => {
		const email = uniqueEmail('mass')
		const outcome = await register({
			name: 'Sneaky',
			email,
			password: GOOD_PASSWORD,
			role: 'admin',
			isAdmin: 'true',
			emailVerified: 'true',
			id: 'chosen-id',
			passwordHash: 'x',
		})
		expect(outcome).toHaveRedirect('/')
		const row = await prisma.user.findUniqueOrThrow({ where: { email } })
		expect(row.role).toBe('user')
		expect(row.emailVerified).toBe(false)
		expect(row.id).not.toBe('chosen-id')
		expect(row.passwordHash).not.toBe('x')
	})

	test('an email taken in another case → 409 with the error on the email field, nothing created', async () => {
		await createUser({ email: 'taken@example.com' })
		const outcome = await register({ name: 'Other', email: 'TAKEN@Example.com', password: GOOD_PASSWORD })
		expect(outcome.status).toBe(409)
		expect(outcome.body.result.error.email).toEqual([EMAIL_TAKEN_MESSAGE])
		expect(JSON.stringify(outcome.body)).not.toContain(GOOD_PASSWORD)
		expect(setCookieFor(outcome.headers, 'session')).toBeUndefined()
		expect(await counts()).toEqual({ users: 1, sessions: 0, connections: 0 })
	})

	test.each([
		['a common password', { password: 'password123' }, 'password', /most common/],
		['7 characters', { password: 'abcdefg' }, 'password', /at least 8/],
		['129 characters', { password: 'x'.repeat(129) }, 'password', /at most 128/],
		['an empty name', { name: '' }, 'name', /Enter your name/],
		// Conform turns the trimmed '' into undefined inside NameSchema's pipe, whose inner
		['a name of spaces only', { name: '   ' }, 'name', /Enter your name/],
		['a name of 101 characters', { name: 'n'.repeat(101) }, 'name', /at most 100/],
		['a name with control characters', { name: 'Bad\u0000Name' }, 'name', /control characters/],
		['an invalid email', { email: 'not an email' }, 'email', /valid email/],
	])('%s → 400 on that field, nothing created', async (_label, overrides, field, message) => {
		const outcome = await register({ name: 'Fine Name', email: uniqueEmail('bad'), password: GOOD_PASSWORD, ...overrides })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error[field]?.[0]).toMatch(message)
		expect(outcome.body.result.initialValue ?? {}).not.toHaveProperty('password')
		expect(await counts()).toEqual({ users: 0, sessions: 0, connections: 0 })
	})

	test('8 and 128 characters are accepted', async () => {
		expect((await register({ name: 'Eight', email: uniqueEmail('eight'), password: 'qZ7#vK2m' })).status).toBe(302)
		expect((await register({ name: 'Long', email: uniqueEmail('long'), password: 'y'.repeat(127) + 'z' })).status).toBe(302)
		expect(await prisma.user.count()).toBe(2)
	})

	test('HTML and SQL in the name are stored verbatim (escaped when shown, never executed)', async () => {
		const names = ['<script>alert(1)</script>', "Robert'); DROP TABLE \"User\";--", '<img src=x onerror=alert(1)>']
		for (const name of names) {
			const email = uniqueEmail('xss')
			expect(await register({ name, email, password: GOOD_PASSWORD })).toHaveRedirect('/')
			expect((await prisma.user.findUniqueOrThrow({ where: { email } })).name).toBe(name)
		}
		expect(await prisma.user.count()).toBe(names.length)
	})

	test('50 concurrent registrations of one email (different IPs) → exactly one 302 and one user', async () => {
		const email = uniqueEmail('race')
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, (_, i) =>
				register({ name: `Racer ${i}`, email: i % 2 ? email : email.toUpperCase(), password: GOOD_PASSWORD }, `198.18.${Math.floor(i / 250)}.${i % 250}`),
			),
		)
		const statuses = outcomes.map((o) => o.status)
		expect(statuses.filter((s) => s === 302)).toHaveLength(1)
		expect(statuses.filter((s) => s === 409)).toHaveLength(49)
		expect(await prisma.user.count({ where: { email } })).toBe(1)
		expect(await prisma.session.count()).toBe(1)
		// 50 scrypt hashes (N = 2^15, by design): seconds on a quiet machine, far more beside a CPU hog.
	}, 120_000)

	test('the 11th registration from one IP in a minute → 429 with Retry-After', async () => {
		const ip = '203.0.113.60'
		for (let i = 0; i < 10; i++) {
			expect((await register({ name: 'Batch', email: uniqueEmail('batch'), password: GOOD_PASSWORD }, ip)).status).toBe(302)
		}
		const refused = await register({ name: 'Batch', email: uniqueEmail('batch'), password: GOOD_PASSWORD }, ip)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		expectFormRateLimited(refused, 'Too many attempts. Please wait a moment and try again.', 10, 60)
		expect(await prisma.user.count()).toBe(10)
		// Ten sign-ups, each an scrypt hash, one after another.
	}, 120_000)

	test('a 100 KB body → 413', async () => {
		const outcome = await register({ name: 'Big', email: uniqueEmail('big'), password: 'p'.repeat(100 * KB) })
		expect(outcome.status).toBe(413)
		expect(outcome.body.result.error[''][0]).toContain('64 KB')
		expect(await prisma.user.count()).toBe(0)
	})
})

describe('logout', () => {
	test('POST deletes this session and clears the cookie; the old cookie is then anonymous', async () => {
		const user = await createUser()
		const mine = await loginAs(user.id)
		const other = await loginAs(user.id)
		const outcome = await call(logoutRoute.action, post('/logout', {}, mine.cookie))
		expect(outcome).toHaveRedirect('/')
		expect(isClearing(setCookieFor(outcome.headers, 'session'))).toBe(true)
		await expect(outcome).toSendToast({ message: 'You have been logged out.' })
		expect(await prisma.session.count({ where: { id: sessionIdFor(mine.token) } })).toBe(0)
		// Only this browser's session ends.
		expect(await findSession(other.token, 'web')).not.toBeNull()
		// Replay (B11).
		const replay = await getAuthState(makeRequest('/', { cookie: mine.cookie }))
		expect(replay.status).toBe('anonymous')
		expect(isClearing(replay.setCookie ?? undefined)).toBe(true)
		expect(await profileLoader(mine.cookie)).toHaveRedirect('/login?redirectTo=%2Fprofile')
	})

	test('GET /logout (an <img> on another site) does not log out', async () => {
		const user = await createUser()
		const { cookie, token } = await loginAs(user.id)
		const outcome = await call(logoutRoute.loader, get('/logout', cookie))
		expect(outcome).toHaveRedirect('/')
		expect(setCookieFor(outcome.headers, 'session')).toBeUndefined()
		expect(await findSession(token, 'web')).not.toBeNull()
	})

	test('logout without a cookie, or with a forged one → 302, no error', async () => {
		const user = await createUser()
		await loginAs(user.id)
		expect(await call(logoutRoute.action, post('/logout', {}))).toHaveRedirect('/')
		expect(await call(logoutRoute.action, post('/logout', {}, 'session=forged'))).toHaveRedirect('/')
		expect(await prisma.session.count()).toBe(1)
	})
})

describe('profile', () => {
	test('anonymous loader and action → redirect to /login?redirectTo=%2Fprofile', async () => {
		const loader = await profileLoader()
		expect(loader).toHaveRedirect('/login?redirectTo=%2Fprofile')
		expect(loader.thrown).toBe(true)
		const user = await createUser()
		const action = await profileAction({ intent: 'delete-account', confirmation: user.email })
		expect(action).toHaveRedirect('/login?redirectTo=%2Fprofile')
		const forged = await profileAction({ intent: 'update-name', name: 'Hacked' }, 'session=forged')
		expect(forged).toHaveRedirect('/login?redirectTo=%2Fprofile')
		expect(isClearing(setCookieFor(forged.headers, 'session'))).toBe(true)
		expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: 'Test User' })
	})

	test('the loader lists the sessions, marks this one, and never exposes tokens or hashes', async () => {
		const user = await createUser({ name: 'Lister' })
		const mine = await loginAs(user.id)
		const other = await loginAs(user.id)
		const api = await loginAs(user.id, 'api')
		const stranger = await loginAs((await createUser()).id)
		const outcome = await profileLoader(mine.cookie)
		expect(outcome.status).toBe(200)
		const { profile, sessions } = outcome.body as { profile: Json; sessions: Array<Json> }
		expect(profile).toMatchObject({ name: 'Lister', email: user.email, role: 'user', hasPassword: true, google: null })
		expect(sessions).toHaveLength(3)
		expect(sessions.filter((s) => s.current)).toEqual([expect.objectContaining({ id: sessionIdFor(mine.token), kind: 'web' })])
		expect(sessions.map((s) => s.id).sort()).toEqual([mine, other, api].map((s) => sessionIdFor(s.token)).sort())
		const text = JSON.stringify(outcome.body)
		for (const secret of [mine.token, other.token, api.token, stranger.token, sessionIdFor(stranger.token)]) expect(text).not.toContain(secret)
		expect(text).not.toMatch(/passwordHash|scrypt/)
		expect(new Headers(profileRoute.headers(NO_STORE_ARGS as never) as HeadersInit).get('Cache-Control')).toBe('no-store')
	})

	test('update-name: valid → saved; empty, 101 characters or control characters → 400, unchanged', async () => {
		const user = await createUser({ name: 'Before' })
		const { cookie } = await loginAs(user.id)
		const saved = await profileAction({ intent: 'update-name', name: '  After  ' }, cookie)
		expect(saved).toHaveRedirect('/profile')
		await expect(saved).toSendToast({ message: 'Your name was saved.' })
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('After')
		for (const [name, message] of [
			['', /Enter your name/],
			['n'.repeat(101), /at most 100/],
			['Line\nbreak', /control characters/],
			['Bell\u0007', /control characters/],
			['Sep\u2028arator', /control characters/],
		] as const) {
			const outcome = await profileAction({ intent: 'update-name', name }, cookie)
			expect(outcome.status, JSON.stringify(name)).toBe(400)
			expect(outcome.body).toMatchObject({ intent: 'update-name' })
			expect(outcome.body.result.error.name[0]).toMatch(message)
		}
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('After')
		// Fields other than the name are never written (G4).
		await profileAction({ intent: 'update-name', name: 'Again', role: 'admin', email: 'other@example.com' }, cookie)
		expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: 'Again', role: 'user', email: user.email })
	})

	test('change-password: a wrong current password → 400 on that field, nothing changed', async () => {
		const user = await createUser()
		const mine = await loginAs(user.id)
		const other = await loginAs(user.id)
		const before = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		const outcome = await profileAction({ intent: 'change-password', currentPassword: 'wrong current one', newPassword: GOOD_PASSWORD }, mine.cookie)
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.currentPassword).toEqual(['Your current password is not correct'])
		expect(JSON.stringify(outcome.body)).not.toContain(GOOD_PASSWORD)
		expect(JSON.stringify(outcome.body)).not.toContain('wrong current one')
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before.passwordHash)
		expect(await findSession(other.token, 'web')).not.toBeNull()

		// Without the current password (B13).
		const missing = await profileAction({ intent: 'change-password', newPassword: GOOD_PASSWORD }, mine.cookie)
		expect(missing.status).toBe(400)
		expect(missing.body.result.error.currentPassword).toEqual(['Enter your current password'])
		// A new password that breaks the rules.
		const weak = await profileAction({ intent: 'change-password', currentPassword: TEST_PASSWORD, newPassword: 'short' }, mine.cookie)
		expect(weak.status).toBe(400)
		expect(weak.body.result.error.newPassword[0]).toMatch(/at least 8/)
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before.passwordHash)
		expect(await prisma.session.count()).toBe(2)
	})

	test('change-password with the right one: saved, other sessions ended, this one kept', async () => {
		const user = await createUser()
		const mine = await loginAs(user.id)
		const others = [await loginAs(user.id), await loginAs(user.id, 'api')]
		const outcome = await profileAction({ intent: 'change-password', currentPassword: TEST_PASSWORD, newPassword: GOOD_PASSWORD }, mine.cookie)
		expect(outcome).toHaveRedirect('/profile')
		await expect(outcome).toSendToast({ message: 'Password saved. 2 other sessions were logged out.' })
		expect(await findSession(mine.token, 'web')).not.toBeNull()
		for (const other of others) expect(await findSession(other.token, other.kind)).toBeNull()
		expect(await verifyLogin(user.email, GOOD_PASSWORD)).toMatchObject({ id: user.id })
		expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull()
	})

	test('a Google-only account sets its first password without currentPassword', async () => {
		const user = await createUser({ password: null })
		const { cookie } = await loginAs(user.id)
		expect((await profileLoader(cookie)).body.profile).toMatchObject({ hasPassword: false })
		expect(await profileAction({ intent: 'change-password', newPassword: GOOD_PASSWORD }, cookie)).toHaveRedirect('/profile')
		expect(await verifyLogin(user.email, GOOD_PASSWORD)).toMatchObject({ id: user.id })
		expect((await profileLoader(cookie)).body.profile).toMatchObject({ hasPassword: true })
	})

	test('end-session with another user’s session id (IDOR) → that session still exists', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		const victim = await loginAs((await createUser()).id)
		const outcome = await profileAction({ intent: 'end-session', sessionId: sessionIdFor(victim.token) }, cookie)
		expect(outcome).toHaveRedirect('/profile')
		await expect(outcome).toSendToast({ message: 'That session had already ended.' })
		expect(await findSession(victim.token, 'web')).not.toBeNull()
		// Nor by the raw token, nor with no id.
		await profileAction({ intent: 'end-session', sessionId: victim.token }, cookie)
		await profileAction({ intent: 'end-session' }, cookie)
		expect(await findSession(victim.token, 'web')).not.toBeNull()
		expect(await prisma.session.count()).toBe(2)
	})

	test('end-session with an own other session → deleted; the current one is never ended this way', async () => {
		const user = await createUser()
		const mine = await loginAs(user.id)
		const other = await loginAs(user.id)
		const outcome = await profileAction({ intent: 'end-session', sessionId: sessionIdFor(other.token) }, mine.cookie)
		expect(outcome).toHaveRedirect('/profile')
		await expect(outcome).toSendToast({ message: 'That session was logged out.' })
		expect(await findSession(other.token, 'web')).toBeNull()
		await profileAction({ intent: 'end-session', sessionId: sessionIdFor(mine.token) }, mine.cookie)
		expect(await findSession(mine.token, 'web')).not.toBeNull()
	})

	test('end-other-sessions ends every other session of this user only', async () => {
		const user = await createUser()
		const mine = await loginAs(user.id)
		await loginAs(user.id)
		await loginAs(user.id, 'api')
		const stranger = await loginAs((await createUser()).id)
		const outcome = await profileAction({ intent: 'end-other-sessions' }, mine.cookie)
		expect(outcome).toHaveRedirect('/profile')
		await expect(outcome).toSendToast({ message: 'Logged out of 2 other sessions.' })
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1)
		expect(await findSession(mine.token, 'web')).not.toBeNull()
		expect(await findSession(stranger.token, 'web')).not.toBeNull()
		const again = await profileAction({ intent: 'end-other-sessions' }, mine.cookie)
		await expect(again).toSendToast({ message: 'There were no other sessions.' })
	})

	test('delete-account: a wrong confirmation → 400 and the user stays', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		for (const confirmation of ['someone@example.com', user.email.replace('@', ''), `${user.email}x`]) {
			const outcome = await profileAction({ intent: 'delete-account', confirmation }, cookie)
			expect(outcome.status).toBe(400)
			expect(outcome.body.result.error.confirmation).toEqual([`Type ${user.email} to confirm`])
		}
		for (const form of [{ intent: 'delete-account', confirmation: '' }, { intent: 'delete-account' }] as Array<Record<string, string>>) {
			const outcome = await profileAction(form, cookie)
			expect(outcome.status).toBe(400)
			expect(outcome.body.result.error.confirmation).toEqual(['Type your email address to confirm'])
		}
		expect(await prisma.user.count({ where: { id: user.id } })).toBe(1)
		expect(await prisma.session.count()).toBe(1)
	})

	test('delete-account with the email typed in upper case → user, sessions and connections gone, cookie cleared', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		await loginAs(user.id, 'api')
		await prisma.connection.create({ data: { provider: 'google', providerId: '1234567890', email: user.email, userId: user.id } })
		const bystander = await createUser()
		await loginAs(bystander.id)
		const outcome = await profileAction({ intent: 'delete-account', confirmation: ` ${user.email.toUpperCase()} ` }, cookie)
		expect(outcome).toHaveRedirect('/')
		expect(isClearing(setCookieFor(outcome.headers, 'session'))).toBe(true)
		await expect(outcome).toSendToast({ message: 'Your account and everything in it has been deleted.' })
		expect(await prisma.user.count({ where: { id: user.id } })).toBe(0)
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
		expect(await prisma.connection.count({ where: { userId: user.id } })).toBe(0)
		expect(await counts()).toEqual({ users: 1, sessions: 1, connections: 0 })
		expect(await profileLoader(cookie)).toHaveRedirect('/login?redirectTo=%2Fprofile')
	})

	test('an unknown or missing intent → 400; a body over 64 KB → 413; nothing changed', async () => {
		const user = await createUser({ name: 'Stable' })
		const { cookie } = await loginAs(user.id)
		for (const form of [{ intent: 'make-admin', role: 'admin' }, { intent: '' }, {}] as Array<Record<string, string>>) {
			const outcome = await profileAction(form, cookie)
			expect(outcome.status).toBe(400)
			expect(outcome.body.result.error[''][0]).toMatch(/unknown action/)
		}
		const big = await profileAction({ intent: 'update-name', name: 'n'.repeat(65 * KB) }, cookie)
		expect(big.status).toBe(413)
		expect(big.body.result.error[''][0]).toContain('64 KB')
		expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: 'Stable', role: 'user' })
	})
})

describe('admin guard (G1, G11)', () => {
	const guarded = [
		{ name: 'admin.tsx loader', loader: adminRoute.loader },
		{ name: 'admin.dashboard.tsx loader', loader: adminDashboardRoute.loader },
	]

	test.each(guarded)('$name: anonymous → 302 to /login with redirectTo=/admin/dashboard, no data', async ({ loader }) => {
		const outcome = await call(loader, get('/admin/dashboard'))
		expect(outcome).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fdashboard')
		expect(JSON.stringify(outcome.body ?? '')).not.toMatch(/stats|admin":/)
	})

	test.each(guarded)('$name: a signed-in user → 302 to /login, no data', async ({ loader }) => {
		const user = await createUser({ email: 'plain@example.com' })
		const { cookie } = await loginAs(user.id)
		const outcome = await call(loader, get('/admin/dashboard?x=1', cookie))
		expect(outcome).toHaveRedirect(`/login?redirectTo=${encodeURIComponent('/admin/dashboard?x=1')}`)
		expect(JSON.stringify(outcome.body ?? '')).not.toContain('plain@example.com')
		// The Remix data request of the same page is guarded the same way.
		const dataRequest = await call(loader, get('/admin/dashboard.data', cookie))
		expect(dataRequest).toHaveRedirect(/^\/login\?redirectTo=/)
	})

	test('an admin gets the data, with stats.users equal to the real count', async () => {
		const admin = await createUser({ role: 'admin', name: 'Boss' })
		await createUser()
		await createUser({ password: null })
		const { cookie } = await loginAs(admin.id)
		const layout = await call(adminRoute.loader, get('/admin/dashboard', cookie))
		expect(layout.status).toBe(200)
		expect(layout.body).toEqual({ admin: { name: 'Boss' } })
		const dashboard = await call(adminDashboardRoute.loader, get('/admin/dashboard', cookie))
		expect(dashboard.status).toBe(200)
		expect(dashboard.body.stats).toMatchObject({ users: await prisma.user.count(), admins: 1, activeSessions: 1 })
		expect(dashboard.body.stats.users).toBe(3)
		expect(dashboard.body.latest).toHaveLength(3)
		expect(JSON.stringify(dashboard.body)).not.toMatch(/passwordHash|scrypt/)
	})

	test('Cache-Control: no-store comes from the headers exports', () => {
		for (const headers of [adminRoute.headers, adminDashboardRoute.headers]) {
			expect(new Headers(headers(NO_STORE_ARGS as never) as HeadersInit).get('Cache-Control')).toBe('no-store')
		}
	})

	test('/admin redirects to /admin/dashboard for anyone', async () => {
		expect(await call(adminIndexRoute.loader, get('/admin'))).toHaveRedirect('/admin/dashboard')
	})

	test('the role is read from the database on every request: promotion and demotion take effect at once', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		expect((await call(adminDashboardRoute.loader, get('/admin/dashboard', cookie))).status).toBe(302)
		await prisma.user.update({ where: { id: user.id }, data: { role: 'admin' } })
		const promoted = await call(adminDashboardRoute.loader, get('/admin/dashboard', cookie))
		expect(promoted.status).toBe(200)
		expect(promoted.body.stats.admins).toBe(1)
		await prisma.user.update({ where: { id: user.id }, data: { role: 'user' } })
		expect(await call(adminDashboardRoute.loader, get('/admin/dashboard', cookie))).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fdashboard')
		expect(await call(adminRoute.loader, get('/admin/dashboard', cookie))).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fdashboard')
	})
})

describe('Google redirect flow (2.E)', () => {
	let subCounter = 0
	function newProfile(overrides: Partial<MockGoogleProfile> = {}): MockGoogleProfile {
		subCounter++
		return { sub: `2${Date.now()}${String(subCounter).padStart(4, '0')}`, email: uniqueEmail('google'), name: 'Grace Hopper', ...overrides }
	}

	/** POST /auth/google: the redirect to Google, its state and the cookies the browser keeps. */
	async function start(redirectTo = '/about') {
		const outcome = await call(googleRoute.action, post('/auth/google', { redirectTo }))
		expect(outcome.status).toBe(302)
		const location = new URL(outcome.headers.get('Location') ?? '')
		return { outcome, location, state: location.searchParams.get('state') ?? '', cookie: cookiesFrom(outcome.headers) }
	}

	function callback(query: Record<string, string>, cookie?: string) {
		return call(googleCallbackRoute.loader, get(`/auth/google/callback?${new URLSearchParams(query)}`, cookie))
	}

	/** A refused callback: back to /login with a toast, no session, nothing created. */
	async function expectRefused(outcome: Outcome, before: Awaited<ReturnType<typeof counts>>) {
		expect(outcome).toHaveRedirect('/login')
		expect(setCookieFor(outcome.headers, 'session')).toBeUndefined()
		expect(deviceCookiesOf(outcome.headers)).toEqual([])
		await expect(outcome).toSendToast({ type: 'error' })
		expect(await counts()).toEqual(before)
	}

	test('the start redirects to Google with state, scopes and configured redirect_uri, and sets auth_flow and auth_redirect', async () => {
		const { outcome, location, state } = await start('/about')
		expect(outcome.thrown).toBe(true)
		expect(`${location.origin}${location.pathname}`).toBe(GOOGLE_AUTHORIZE_URL)
		expect(state.length).toBeGreaterThanOrEqual(16)
		expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback')
		expect(location.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile'])
		expect(location.searchParams.get('client_id')).toBe(process.env.GOOGLE_CLIENT_ID)
		expect(location.searchParams.has('client_secret')).toBe(false)
		for (const name of ['auth_flow', 'auth_redirect']) {
			const cookie = setCookieFor(outcome.headers, name)
			expect(cookie, name).toBeTruthy()
			expect(cookie).toMatch(/HttpOnly/i)
			expect(cookie).toMatch(/Path=\/auth/)
		}
		// A spoofed Host header does not change redirect_uri (E6).
		const spoofed = await call(
			googleRoute.action,
			makeRequest('/auth/google', { method: 'POST', form: { redirectTo: '/' }, headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } }),
		)
		expect(new URL(spoofed.headers.get('Location')!).searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback')
		// GET /auth/google does not start anything.
		expect(await call(googleRoute.loader, get('/auth/google'))).toHaveRedirect('/login')
	})

	test('the full round trip: 302 to redirectTo, a session, a user and its connection', async () => {
		const profile = newProfile({ name: 'Round Trip' })
		const { state, cookie } = await start('/about')
		const outcome = await callback({ code: mockAuthorizationCode(profile), state }, cookie)
		expect(outcome).toHaveRedirect('/about')
		const token = await sessionTokenFrom(outcome.headers)
		const user = await prisma.user.findUniqueOrThrow({ where: { email: profile.email }, include: { connections: true } })
		expect(user).toMatchObject({ name: 'Round Trip', role: 'user', emailVerified: true, passwordHash: null })
		expect(user.connections).toEqual([expect.objectContaining({ provider: 'google', providerId: profile.sub })])
		expect(await findSession(token!, 'web')).toMatchObject({ user: { id: user.id } })
		expect(await devicesIn(deviceCookieFrom(outcome.headers))).toEqual([{ userId: user.id, deviceId: expect.any(String) }])
		expect(isClearing(setCookieFor(outcome.headers, 'auth_redirect'))).toBe(true)
		await expect(outcome).toSendToast({ type: 'success', message: 'Welcome! Your account was created with Google.' })

		// Signing in again with the same Google account: the same user.
		const again = await start('/')
		const second = await callback({ code: mockAuthorizationCode(profile), state: again.state }, again.cookie)
		expect(second).toHaveRedirect('/')
		await expect(second).toSendToast({ message: 'Signed in with Google.' })
		expect(await counts()).toEqual({ users: 1, sessions: 2, connections: 1 })

		// A browser that still holds a session gets a new token, and the old one ends (B10).
		const third = await start('/')
		const held = `${third.cookie}; ${setCookieFor(second.headers, 'session')!.split(';')[0]}`
		const switched = await callback({ code: mockAuthorizationCode(profile), state: third.state }, held)
		expect(switched).toHaveRedirect('/')
		expect(await sessionTokenFrom(switched.headers)).not.toBe(await sessionTokenFrom(second.headers))
		expect(await findSession((await sessionTokenFrom(second.headers))!, 'web')).toBeNull()
		expect(await counts()).toEqual({ users: 1, sessions: 2, connections: 1 })
	})

	test('a wrong state, no auth_flow cookie, or no code → 302 /login, no session, no user (E1)', async () => {
		const before = await counts()
		const { state, cookie } = await start()
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()), state: `${state}x` }, cookie), before)
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()), state: '' }, cookie), before)
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()) }, cookie), before)
		const withoutFlow = cookie
			.split('; ')
			.filter((c) => !c.startsWith('auth_flow='))
			.join('; ')
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()), state }, withoutFlow), before)
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()), state }), before)
		await expectRefused(await callback({ state }, cookie), before)
		await expectRefused(await callback({ code: 'not-a-code', state }, cookie), before)
		// A forged auth_flow cookie (unsigned) is no better.
		const forged = `auth_flow=${Buffer.from(JSON.stringify({ 'oauth2:state': 'chosen' })).toString('base64')}`
		await expectRefused(await callback({ code: mockAuthorizationCode(newProfile()), state: 'chosen' }, forged), before)
	})

	test('error=access_denied → /login with the cancelled toast; the description is never echoed (E2)', async () => {
		const { state, cookie } = await start()
		const outcome = await callback({ error: 'access_denied', error_description: '<script>alert(1)</script>', state }, cookie)
		expect(outcome).toHaveRedirect('/login')
		await expect(outcome).toSendToast({ type: 'info', message: 'Google sign-in was cancelled.' })
		expect(setCookieFor(outcome.headers, 'session')).toBeUndefined()
		expect(JSON.stringify(outcome.body ?? '')).not.toContain('<script>')
		expect(await counts()).toEqual({ users: 0, sessions: 0, connections: 0 })
		// Any other error from Google: the generic failure, nothing echoed.
		const other = await callback({ error: 'server_error', error_description: '<b>boom</b>', state }, cookie)
		expect(other).toHaveRedirect('/login')
		expect((await toastOf(other.headers))?.message).not.toContain('boom')
	})

	test('the same code used twice → the second fails (E3)', async () => {
		const profile = newProfile()
		const code = mockAuthorizationCode(profile)
		const { state, cookie } = await start()
		expect(await callback({ code, state }, cookie)).toHaveRedirect('/about')
		const before = await counts()
		await expectRefused(await callback({ code, state }, cookie), before)
	})

	test('a profile with email_verified false → /login, no user', async () => {
		const { state, cookie } = await start()
		const outcome = await callback({ code: mockAuthorizationCode(newProfile({ email_verified: false })), state }, cookie)
		await expectRefused(outcome, { users: 0, sessions: 0, connections: 0 })
		expect((await toastOf(outcome.headers))?.message).toMatch(/not verified/)
	})

	test('an existing unverified password account with that email → linked, password removed, 302 /profile (B16)', async () => {
		const squatter = await createUser({ email: 'victim@example.com', emailVerified: false })
		const squatterSession = await loginAs(squatter.id)
		const { state, cookie } = await start('/about')
		const outcome = await callback({ code: mockAuthorizationCode(newProfile({ email: 'victim@example.com' })), state }, cookie)
		expect(outcome).toHaveRedirect('/profile')
		await expect(outcome).toSendToast({ type: 'warning' })
		const row = await prisma.user.findUniqueOrThrow({ where: { id: squatter.id }, include: { connections: true } })
		expect(row.passwordHash).toBeNull()
		expect(row.emailVerified).toBe(true)
		expect(row.connections).toHaveLength(1)
		expect(await findSession(squatterSession.token, 'web')).toBeNull()
		expect(await verifyLogin('victim@example.com', TEST_PASSWORD)).toBeNull()
		expect(await findSession((await sessionTokenFrom(outcome.headers))!, 'web')).toMatchObject({ user: { id: squatter.id } })
	})

	test('redirectTo=https://evil.example in the first step → the callback redirects to / (E5)', async () => {
		for (const redirectTo of ['https://evil.example', '//evil.example', '/\\evil.example']) {
			const { state, cookie } = await start(redirectTo)
			expect(await callback({ code: mockAuthorizationCode(newProfile()), state }, cookie)).toHaveRedirect('/')
		}
	})

	test('the state is single-use: the callback clears auth_flow, so a leaked state cannot start a second sign-in in that browser', async () => {
		const { state, cookie } = await start('/about')
		const first = await callback({ code: mockAuthorizationCode(newProfile()), state }, cookie)
		expect(first).toHaveRedirect('/about')
		expect(isClearing(setCookieFor(first.headers, 'auth_flow'))).toBe(true)
		expect(setCookieFor(first.headers, 'auth_flow')).toMatch(/; Path=\/auth(;|$)/)
		expect(isClearing(setCookieFor(first.headers, 'auth_redirect'))).toBe(true)
		// The browser's cookies afterwards, then a callback forged with the same (leaked) state and the attacker's code.
		const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const))
		for (const set of first.headers.getSetCookie()) {
			const pair = set.split(';')[0]!
			const name = pair.split('=')[0]!
			if (isClearing(set)) jar.delete(name)
			else jar.set(name, pair)
		}
		const before = await counts()
		const attacker = newProfile({ email: 'attacker@example.com' })
		await expectRefused(await callback({ code: mockAuthorizationCode(attacker), state }, [...jar.values()].join('; ')), before)
		// Failures and cancellations clear it too.
		const cancelled = await start()
		expect(isClearing(setCookieFor((await callback({ error: 'access_denied', state: cancelled.state }, cancelled.cookie)).headers, 'auth_flow'))).toBe(true)
		const failed = await start()
		expect(isClearing(setCookieFor((await callback({ code: 'x', state: failed.state }, failed.cookie)).headers, 'auth_flow'))).toBe(true)
	})

	test('a stolen callback URL opened in another browser (no state cookie) signs nobody in (E4)', async () => {
		const attacker = await start()
		const code = mockAuthorizationCode(newProfile())
		const victimBrowser = await start()
		await expectRefused(await callback({ code, state: attacker.state }, victimBrowser.cookie), { users: 0, sessions: 0, connections: 0 })
	})
})
