import { beforeEach, describe, expect, test } from 'vitest'
import { checkCredentials, getAuthState } from '#app/accounts/auth.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { hit, RateLimitError, rateLimitHeaders } from '#app/site/rate-limit.server.ts'
import {
	createSession,
	deleteUserSessions,
	findSession,
	purgeExpiredSessions,
	sessionIdFor,
	SESSION_TTL_MS,
	TOUCH_INTERVAL_MS,
} from '#app/accounts/session.server.ts'
import { changePassword, createPasswordUser, EMAIL_TAKEN_MESSAGE, ensureAdmin, verifyLogin } from '#app/accounts/user.server.ts'
import { hashPassword, PRODUCTION_PARAMS, verifyPassword } from '#app/accounts/password.server.ts'
import { createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)

describe('accounts', () => {
	test('a password account is created with a normalised email and a scrypt hash, never the password', async () => {
		const user = await createPasswordUser({ name: 'Ada', email: '  ＡＤＡ@Example.COM ', password: 'a long enough secret' })
		expect(user.email).toBe('ada@example.com')
		const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		// Tests hash with the smallest parameters (password.server.ts); the server with N = 2^15, r = 8, p = 3.
		expect(row.passwordHash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
		expect(row.passwordHash).not.toContain('secret')
		expect(row.role).toBe('user')
	})

	test("the server's parameters are OWASP's (N = 2^15, r = 8, p = 3), and their hashes verify", async () => {
		expect(PRODUCTION_PARAMS).toEqual({ logN: 15, r: 8, p: 3 })
		const hash = await hashPassword('a long enough secret', PRODUCTION_PARAMS)
		expect(hash).toMatch(/^scrypt\$15\$8\$3\$[\w-]{22}\$[\w-]{43}$/)
		expect(await verifyPassword('a long enough secret', hash)).toBe(true)
		expect(await verifyPassword('a long enough secreT', hash)).toBe(false)
	})

	test('the same address in another case is taken (409)', async () => {
		await createUser({ email: 'taken@example.com' })
		const attempt = createPasswordUser({ name: 'B', email: 'TAKEN@example.com', password: 'another good secret' })
		await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', status: 409, message: EMAIL_TAKEN_MESSAGE })
	})

	test('50 concurrent sign-ups with one email make exactly one account', async () => {
		const email = uniqueEmail('race')
		const results = await Promise.allSettled(
			Array.from({ length: 50 }, (_, i) => createPasswordUser({ name: `Racer ${i}`, email, password: 'racing for this one' })),
		)
		const created = results.filter((r) => r.status === 'fulfilled')
		const refused = results.filter((r) => r.status === 'rejected')
		expect(created).toHaveLength(1)
		expect(refused).toHaveLength(49)
		for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' })
		expect(await prisma.user.count({ where: { email } })).toBe(1)
	}, 120_000)

	test('verifyLogin: right password, wrong password and unknown email', async () => {
		const user = await createUser({ email: 'login@example.com' })
		expect(await verifyLogin('LOGIN@example.com', TEST_PASSWORD)).toMatchObject({ id: user.id })
		expect(await verifyLogin('login@example.com', 'wrong password!')).toBeNull()
		expect(await verifyLogin('nobody@example.com', TEST_PASSWORD)).toBeNull()
	})

	test('changing the password needs the current one and ends the other sessions', async () => {
		const user = await createUser()
		const current = await loginAs(user.id)
		const other = await loginAs(user.id)
		const keep = sessionIdFor(current.token)
		await expect(changePassword({ userId: user.id, currentPassword: 'not it at all', newPassword: 'a new good password', keepSessionId: keep })).rejects.toMatchObject({
			code: 'VALIDATION_ERROR',
		})
		expect(await findSession(other.token, other.kind)).not.toBeNull()
		const { endedSessions } = await changePassword({ userId: user.id, currentPassword: TEST_PASSWORD, newPassword: 'a new good password', keepSessionId: keep })
		expect(endedSessions).toBe(1)
		expect(await findSession(other.token, other.kind)).toBeNull()
		expect(await findSession(current.token, current.kind)).not.toBeNull()
		expect(await verifyLogin(user.email, 'a new good password')).not.toBeNull()
		expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull()
	})

	test('a Google-only account sets its first password without a current one', async () => {
		const user = await createUser({ password: null })
		await changePassword({ userId: user.id, currentPassword: undefined, newPassword: 'first password here' })
		expect(await verifyLogin(user.email, 'first password here')).not.toBeNull()
	})

	test('ensureAdmin creates the admin, or promotes an existing account without touching its password', async () => {
		expect(await ensureAdmin({ email: 'Boss@Example.com', password: 'the admin password 1' })).toEqual({ created: true, promoted: false })
		expect(await prisma.user.findUniqueOrThrow({ where: { email: 'boss@example.com' } })).toMatchObject({ role: 'admin' })
		const user = await createUser({ email: 'later@example.com' })
		expect(await ensureAdmin({ email: 'later@example.com', password: 'ignored password 1' })).toEqual({ created: false, promoted: true })
		expect(await verifyLogin(user.email, TEST_PASSWORD)).toMatchObject({ role: 'admin' })
		expect(await ensureAdmin({ email: 'nobody@example.com' })).toBeNull()
	})
})

describe('sessions', () => {
	test("a browser session's token is no API token, and the reverse", async () => {
		const user = await createUser()
		const web = await loginAs(user.id, 'web')
		const api = await loginAs(user.id, 'api')
		expect(await findSession(web.token, 'web')).not.toBeNull()
		expect(await findSession(web.token, 'api')).toBeNull()
		expect(await findSession(api.token, 'api')).not.toBeNull()
		expect(await findSession(api.token, 'web')).toBeNull()
	})

	test('tokens are 256-bit and only their SHA-256 is stored', async () => {
		const user = await createUser()
		const { token } = await createSession({ userId: user.id, kind: 'api' })
		expect(token).toMatch(/^[\w-]{43}$/)
		const rows = await prisma.session.findMany()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.id).toBe(sessionIdFor(token))
		expect(JSON.stringify(rows)).not.toContain(token)
	})

	test('an expired session is refused and deleted; an old last use renews it for 30 days', async () => {
		const user = await createUser()
		const expired = await createSession({ userId: user.id, kind: 'web' })
		await prisma.session.update({ where: { id: sessionIdFor(expired.token) }, data: { expiresAt: new Date(Date.now() - 1000) } })
		expect(await findSession(expired.token, 'web')).toBeNull()
		expect(await prisma.session.count({ where: { id: sessionIdFor(expired.token) } })).toBe(0)

		const stale = await createSession({ userId: user.id, kind: 'web' })
		const id = sessionIdFor(stale.token)
		await prisma.session.update({
			where: { id },
			data: { lastUsedAt: new Date(Date.now() - TOUCH_INTERVAL_MS - 1000), expiresAt: new Date(Date.now() + 1000 * 60) },
		})
		const found = await findSession(stale.token, 'web')
		expect(found?.renewed).toBe(true)
		const row = await prisma.session.findUniqueOrThrow({ where: { id } })
		expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000)
		expect((await findSession(stale.token, 'web'))?.renewed).toBe(false)
	})

	test('purge removes only expired sessions', async () => {
		const user = await createUser()
		const live = await createSession({ userId: user.id, kind: 'web' })
		const old = await createSession({ userId: user.id, kind: 'web' })
		await prisma.session.update({ where: { id: sessionIdFor(old.token) }, data: { expiresAt: new Date(Date.now() - 1) } })
		expect(await purgeExpiredSessions()).toBe(1)
		expect(await findSession(live.token, 'web')).not.toBeNull()
	})

	test('a tampered, forged or revoked cookie makes the request anonymous and clears the cookie', async () => {
		const user = await createUser()
		const { cookie, token } = await loginAs(user.id)
		const ok = await getAuthState(makeRequest('/', { cookie }))
		expect(ok).toMatchObject({ status: 'authenticated', user: { id: user.id } })

		const [name, value] = cookie.split('=') as [string, string]
		const flipped = `${name}=${value.slice(0, -3)}${value.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`
		for (const bad of [flipped, `${name}=forged`, `${name}=${Buffer.from(JSON.stringify(token)).toString('base64')}`]) {
			const state = await getAuthState(makeRequest('/', { cookie: bad }))
			expect(state.status).toBe('anonymous')
			expect(state.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
		}

		await deleteUserSessions(user.id)
		const revoked = await getAuthState(makeRequest('/', { cookie }))
		expect(revoked.status).toBe('anonymous')
		expect(revoked.setCookie).toBeTruthy()
	})
})

describe('rate limits', () => {
	test('counts concurrent hits exactly and refuses beyond the limit', async () => {
		const results = await Promise.all(Array.from({ length: 15 }, () => hit('test:burst', 10, 60_000)))
		expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
		expect(results.filter((r) => r.allowed)).toHaveLength(10)
		const refused = results.find((r) => !r.allowed)!
		expect(refused.retryAfter).toBeGreaterThan(0)
		expect(refused.retryAfter).toBeLessThanOrEqual(60)
	})

	test('a new window starts when the old one has ended', async () => {
		await hit('test:window', 1, 60_000)
		expect((await hit('test:window', 1, 60_000)).allowed).toBe(false)
		await prisma.rateLimit.update({ where: { key: 'test:window' }, data: { resetAt: new Date(Date.now() - 1) } })
		expect(await hit('test:window', 1, 60_000)).toMatchObject({ allowed: true, count: 1 })
	})

	test('logins: the 11th attempt from one IP in a minute is refused with 429', async () => {
		const user = await createUser()
		for (let i = 0; i < 10; i++) {
			await checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '203.0.113.7' })
		}
		const refused = await checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '203.0.113.7' }).catch((e: unknown) => e)
		expect(refused).toBeInstanceOf(AppError)
		expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
		// Another client is not affected.
		await expect(checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '203.0.113.8' })).resolves.toMatchObject({ id: user.id })
	})

	test('logins: 10 failures pause the account for that address only, not forever; other addresses are only delayed', async () => {
		const user = await createUser()
		for (let i = 0; i < 10; i++) {
			await expect(checkCredentials({ email: user.email, password: 'wrong password', clientIp: '198.51.100.1' })).rejects.toMatchObject({
				status: 401,
				message: 'Invalid email or password',
			})
		}
		// Past the per-address minute, that address is still paused for this account (15 minutes) ...
		await prisma.rateLimit.updateMany({ where: { key: { startsWith: 'login:ip:' } }, data: { resetAt: new Date(Date.now() - 1) } })
		const refused = await checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '198.51.100.1' }).catch((e: unknown) => e)
		expect(refused).toBeInstanceOf(RateLimitError)
		expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
		expect((refused as RateLimitError).headers).toMatchObject({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0' })
		expect((refused as RateLimitError).retryAfter).toBeGreaterThan(60)
		expect((refused as RateLimitError).retryAfter).toBeLessThanOrEqual(15 * 60)
		// ... and a known device of the account passes that pause (the password is still checked).
		const devices = [{ userId: user.id, deviceId: 'this-browser' }]
		await expect(checkCredentials({ email: user.email, password: 'wrong password', clientIp: '198.51.100.1', devices })).rejects.toMatchObject({ status: 401 })
		await expect(checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '198.51.100.1', devices })).resolves.toMatchObject({ id: user.id })
		// Another address is not paused; the paused one is released when its window ends.
		await expect(checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '198.51.100.99' })).resolves.toMatchObject({ id: user.id })
		await prisma.rateLimit.updateMany({ where: { key: { startsWith: 'login:pair:' } }, data: { resetAt: new Date(Date.now() - 1) } })
		await expect(checkCredentials({ email: user.email, password: TEST_PASSWORD, clientIp: '198.51.100.1' })).resolves.toMatchObject({ id: user.id })
	})

	test('rateLimitHeaders: Retry-After and RateLimit-Limit, -Remaining, -Reset', () => {
		expect(rateLimitHeaders({ allowed: false, count: 11, limit: 10, retryAfter: 42 })).toEqual({
			'Retry-After': '42',
			'RateLimit-Limit': '10',
			'RateLimit-Remaining': '0',
			'RateLimit-Reset': '42',
		})
		expect(rateLimitHeaders({ allowed: true, count: 3, limit: 10, retryAfter: 60 })['RateLimit-Remaining']).toBe('7')
	})
})
