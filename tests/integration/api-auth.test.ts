/**
 * The JSON account API (/api/auth/*) end to end against the real database:
 * the route handlers are called the way Remix calls them, with a Request and
 * the load context. Covers SECURITY.md 2.F (bearer-token API) and the
 * sign-up/sign-in rows B1–B8 as they apply to the API, and the error
 * catalogue's body shape (SPEC.md §8).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as googleRoute from '#app/routes/api.auth.google.ts'
import * as loginRoute from '#app/routes/api.auth.login.ts'
import * as logoutRoute from '#app/routes/api.auth.logout.ts'
import * as profileRoute from '#app/routes/api.auth.profile.ts'
import * as registerRoute from '#app/routes/api.auth.register.ts'
import * as verifyRoute from '#app/routes/api.auth.verify.ts'
import { prisma } from '#app/utils/db.server.ts'
import { ACCOUNT_DELAY_MAX_MS, ACCOUNT_LIMITED_MESSAGE, accountDelayMs, loginThrottle, SESSION_UNVERIFIED_MESSAGE } from '#app/accounts/auth.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { sessionIdFor } from '#app/accounts/session.server.ts'
import { changePassword, EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '#app/accounts/user.server.ts'
import { createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type RouteHandler } from '#tests/setup/routes.ts'

beforeEach(resetDatabase)

// Failed logins are logged (without secrets): keep the output readable, and check what is logged.
let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
	warn.mockRestore()
})

// ---------------------------------------------------------------------------
// Helpers

type Handler = (args: never) => Response | Promise<Response>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const KB = 1024
const MB = 1024 * KB
const GOOD_PASSWORD = 'a perfectly fine passphrase'

/** The Response the API handler returns (callRoute; a different client IP per call unless one is given). The API never throws one. */
async function call(handler: RouteHandler, request: Request, clientIp?: string): Promise<Response> {
	const { response, thrown } = await callRoute(handler, request, {}, { clientIp })
	expect(thrown).toBe(false)
	expect(response).toBeInstanceOf(Response)
	return response!
}

function postJson(path: string, json: unknown, headers?: HeadersInit) {
	return makeRequest(path, { method: 'POST', json, headers })
}

function postRaw(path: string, body: BodyInit | null, contentType: string | null = 'application/json', extra?: HeadersInit) {
	const headers = new Headers(extra)
	if (contentType !== null) headers.set('Content-Type', contentType)
	return makeRequest(path, { method: 'POST', body, headers })
}

function withBearer(path: string, token: string, init: RequestInit = {}) {
	const headers = new Headers(init.headers)
	headers.set('Authorization', `Bearer ${token}`)
	return makeRequest(path, { ...init, headers })
}

const register = (json: unknown, ip?: string) => call(registerRoute.action, postJson('/api/auth/register', json), ip)
const login = (json: unknown, ip?: string) => call(loginRoute.action, postJson('/api/auth/login', json), ip)
const logout = (token?: string) =>
	call(logoutRoute.action, token ? withBearer('/api/auth/logout', token, { method: 'POST' }) : makeRequest('/api/auth/logout', { method: 'POST' }))
const verify = (token: string) => call(verifyRoute.loader, withBearer('/api/auth/verify', token))
const profile = (token: string) => call(profileRoute.loader, withBearer('/api/auth/profile', token))

/** A successful JSON response: status, headers, and the parsed body with its text. */
async function expectJson(response: Response, status: number): Promise<{ body: Json; text: string }> {
	const text = await response.text()
	expect(response.status, text).toBe(status)
	expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
	expect(response.headers.get('Cache-Control')).toBe('no-store')
	return { body: JSON.parse(text) as Json, text }
}

/** A catalogue error: `{ message, status, code, details? }` and nothing else (no stack, no internals). */
async function expectApiError(response: Response, status: number, code: string, message?: string | RegExp): Promise<Json> {
	const { body, text } = await expectJson(response, status)
	expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'status']))
	for (const key of Object.keys(body)) expect(['code', 'details', 'message', 'status']).toContain(key)
	expect(body.status).toBe(status)
	expect(body.code).toBe(code)
	expect(typeof body.message).toBe('string')
	expect(body.message.length).toBeGreaterThan(0)
	if (typeof message === 'string') expect(body.message).toBe(message)
	else if (message) expect(body.message).toMatch(message)
	expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/) // no stack trace
	expect(text).not.toMatch(/prisma|PrismaClient|PGlite|postgres/i)
	if (status === 401) expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer\b/)
	return body
}

/** A 429's Retry-After and RateLimit-* headers: the limit, nothing left, and the reset in Retry-After's seconds. */
function expectRateLimitHeaders(response: Response, limit: number, maxSeconds: number) {
	const retryAfter = response.headers.get('Retry-After')
	expect(retryAfter).toMatch(/^\d+$/)
	expect(Number(retryAfter)).toBeGreaterThan(0)
	expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds)
	expect(response.headers.get('RateLimit-Limit')).toBe(String(limit))
	expect(response.headers.get('RateLimit-Remaining')).toBe('0')
	expect(response.headers.get('RateLimit-Reset')).toBe(retryAfter)
}

/** As if a minute had passed: the per-address windows (AUTH_RATE_LIMIT_PER_MINUTE) end, the 15-minute ones do not. */
async function aMinuteLater() {
	await prisma.rateLimit.updateMany({ where: { key: { contains: ':ip:' } }, data: { resetAt: new Date(Date.now() - 1) } })
}

/** The response text holds no password, password hash or session id (the stored SHA-256 of a token). */
async function expectNoSecrets(text: string, ...secrets: Array<string>) {
	expect(text).not.toMatch(/passwordHash|scrypt\$/i)
	for (const secret of secrets) expect(text).not.toContain(secret)
	const sessions = await prisma.session.findMany({ select: { id: true } })
	for (const { id } of sessions) expect(text).not.toContain(id)
	const users = await prisma.user.findMany({ select: { passwordHash: true } })
	for (const { passwordHash } of users) if (passwordHash) expect(text).not.toContain(passwordHash)
}

/**
 * Replaces a method for one test. (vi.spyOn cannot be used on Prisma's model
 * delegates: its restore deletes the property, which leaves them broken.)
 */
function stub<T extends object, K extends keyof T>(target: T, key: K, fake: T[K]): () => void {
	const original = target[key]
	target[key] = fake
	return () => {
		target[key] = original
	}
}

function rejecting(message: string) {
	return (async () => {
		throw new Error(message)
	}) as never
}

async function counts() {
	return { users: await prisma.user.count(), sessions: await prisma.session.count() }
}

function userRow(id: string) {
	return prisma.user.findUniqueOrThrow({ where: { id } })
}

/** A body sent as a stream with no Content-Length (chunked), counting how much of it was ever pulled. */
function streamedRequest(path: string, totalBytes: number, byte = 0x20) {
	let pulled = 0
	const chunkSize = 64 * KB
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (pulled >= totalBytes) return controller.close()
			const size = Math.min(chunkSize, totalBytes - pulled)
			pulled += size
			controller.enqueue(new Uint8Array(size).fill(byte))
		},
	})
	const init = {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: stream,
		duplex: 'half',
	} as RequestInit & { duplex: 'half' }
	const request = new Request(`http://localhost:3000${path}`, init)
	expect(request.headers.get('Content-Length')).toBeNull()
	return { request, pulled: () => pulled }
}

// ---------------------------------------------------------------------------

describe('POST /api/auth/register', () => {
	test('creates an account: 201 with a 43-character token and the public user; the token works on /verify and /profile', async () => {
		const response = await register({ name: 'Ada Lovelace', email: 'ada@example.com', password: GOOD_PASSWORD })
		const { body, text } = await expectJson(response, 201)
		expect(Object.keys(body).sort()).toEqual(['token', 'user'])
		expect(body.token).toMatch(TOKEN_SHAPE)
		expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role'])
		expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' })
		expect(body.user.createdAt).toMatch(ISO_DATE)

		const row = await userRow(body.user.id)
		expect(row).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'user', emailVerified: false })
		expect(row.createdAt.toISOString()).toBe(body.user.createdAt)
		expect(row.passwordHash).toMatch(/^scrypt\$/)
		expect(row.passwordHash).not.toContain(GOOD_PASSWORD)

		// Only the token's SHA-256 is stored, as an API session of this user.
		const session = await prisma.session.findUniqueOrThrow({ where: { id: sessionIdFor(body.token) } })
		expect(session).toMatchObject({ userId: row.id, kind: 'api' })
		expect(await prisma.session.count({ where: { id: body.token } })).toBe(0)
		await expectNoSecrets(text, GOOD_PASSWORD)

		const verified = await expectJson(await verify(body.token), 200)
		expect(verified.body).toEqual({ user: body.user })
		const profiled = await expectJson(await profile(body.token), 200)
		expect(profiled.body.user).toMatchObject({ ...body.user, hasPassword: true, signInMethods: ['password'], emailVerified: false })
		await expectNoSecrets(verified.text + profiled.text, GOOD_PASSWORD, body.token)
	})

	test('normalises the email (NFKC, trim, lower-case) before storing it', async () => {
		const { body } = await expectJson(await register({ name: 'Mixed', email: '  ＭＩＸＥＤ@Example.COM ', password: GOOD_PASSWORD }), 201)
		expect(body.user.email).toBe('mixed@example.com')
		expect((await userRow(body.user.id)).email).toBe('mixed@example.com')
	})

	test('accepts the boundaries: 8- and 128-character passwords, a 100-character name', async () => {
		const eight = await register({ name: 'n'.repeat(100), email: uniqueEmail(), password: 'kq8#Lm2!' })
		expect((await expectJson(eight, 201)).body.user.name).toBe('n'.repeat(100))
		const long = await register({ name: 'Long', email: uniqueEmail(), password: 'Zx9'.repeat(42) + 'ab' })
		await expectJson(long, 201)
		expect(await prisma.user.count()).toBe(2)
	})

	const invalidBodies: Array<[string, Json, string, string]> = [
		['missing name', { email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Enter your name'],
		['blank name', { name: '   ', email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Enter your name'],
		['empty name', { name: '', email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Enter your name'],
		['missing email', { name: 'A', password: GOOD_PASSWORD }, 'email', 'Enter your email address'],
		['empty email', { name: 'A', email: '', password: GOOD_PASSWORD }, 'email', 'Enter your email address'],
		['missing password', { name: 'A', email: 'a@example.com' }, 'password', 'Enter a password'],
		['empty password', { name: 'A', email: 'a@example.com', password: '' }, 'password', 'Enter a password'],
		['invalid email', { name: 'A', email: 'not-an-email', password: GOOD_PASSWORD }, 'email', 'Enter a valid email address'],
		['email without domain dot', { name: 'A', email: 'a@localhost', password: GOOD_PASSWORD }, 'email', 'Enter a valid email address'],
		['SQL in email', { name: 'A', email: "a@example.com' OR '1'='1", password: GOOD_PASSWORD }, 'email', 'Enter a valid email address'],
		['Cyrillic look-alike email', { name: 'A', email: 'аdmin@example.com', password: GOOD_PASSWORD }, 'email', 'Enter a valid email address'],
		['7-character password', { name: 'A', email: 'a@example.com', password: 'kq8#Lm2' }, 'password', 'Password must be at least 8 characters'],
		['129-character password', { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
		['10 KB password (refused before hashing)', { name: 'A', email: 'a@example.com', password: 'x'.repeat(10 * KB) }, 'password', 'Password must be at most 128 characters'],
		[
			'common password password123',
			{ name: 'A', email: 'a@example.com', password: 'password123' },
			'password',
			'This password is one of the most common ones. Choose one that is harder to guess.',
		],
		[
			'common password qwertyuiop (any case)',
			{ name: 'A', email: 'a@example.com', password: 'QwertyUIOP' },
			'password',
			'This password is one of the most common ones. Choose one that is harder to guess.',
		],
		['101-character name', { name: 'n'.repeat(101), email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Name must be at most 100 characters'],
		['control character in name', { name: 'A\u0000B', email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Name cannot contain control characters'],
		['email as an array', { name: 'A', email: [], password: GOOD_PASSWORD }, 'email', 'Enter your email address'],
		['email as an object', { name: 'A', email: { $ne: null }, password: GOOD_PASSWORD }, 'email', 'Enter your email address'],
		['password as a number', { name: 'A', email: 'a@example.com', password: 123 }, 'password', 'Enter a password'],
		['password as true', { name: 'A', email: 'a@example.com', password: true }, 'password', 'Enter a password'],
		['name as null', { name: null, email: 'a@example.com', password: GOOD_PASSWORD }, 'name', 'Enter your name'],
	]

	const invalidCases = invalidBodies.map(([name, json, field, message]) => [name, field, json, message] as const)
	test.each(invalidCases)('%s → 400 with details.fields.%s; nothing is created', async (_case, field, json, message) => {
		await createUser({ email: 'existing@example.com' })
		const before = await counts()
		const body = await expectApiError(await register(json), 400, 'VALIDATION_ERROR', `Validation failed: ${message}`)
		expect(body.details.fields[field]).toBe(message)
		expect(await counts()).toEqual(before)
		expect(await prisma.user.count({ where: { email: 'a@example.com' } })).toBe(0)
	})

	test('an empty object lists every missing field', async () => {
		const body = await expectApiError(await register({}), 400, 'VALIDATION_ERROR')
		expect(body.details.fields).toEqual({ name: 'Enter your name', email: 'Enter your email address', password: 'Enter a password' })
		expect(await counts()).toEqual({ users: 0, sessions: 0 })
	})

	test('ignores extra fields (role, isAdmin, emailVerified, id, passwordHash): no mass assignment', async () => {
		const forgedHash = 'scrypt$15$8$3$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
		const response = await register({
			name: 'Mallory',
			email: 'mallory@example.com',
			password: GOOD_PASSWORD,
			role: 'admin',
			isAdmin: true,
			emailVerified: true,
			id: 'attacker-chosen-id',
			createdAt: '2000-01-01T00:00:00.000Z',
			passwordHash: forgedHash,
		})
		const { body } = await expectJson(response, 201)
		expect(body.user.role).toBe('user')
		expect(body.user.id).not.toBe('attacker-chosen-id')
		const row = await userRow(body.user.id)
		expect(row.role).toBe('user')
		expect(row.emailVerified).toBe(false)
		expect(row.passwordHash).not.toBe(forgedHash)
		expect(row.createdAt.getFullYear()).toBeGreaterThan(2000)
		expect(await prisma.user.count({ where: { role: 'admin' } })).toBe(0)
		expect((await expectJson(await verify(body.token), 200)).body.user.role).toBe('user')
	})

	test.each([
		['another case', 'Taken@Example.COM'],
		['surrounding spaces', '  taken@example.com  '],
		['full-width letters', 'ＴＡＫＥＮ@example.com'],
		['full-width letters and at sign', 'ｔａｋｅｎ＠ｅｘａｍｐｌｅ．ｃｏｍ'],
	])('a taken email in %s → 409, and nothing changes', async (_case, email) => {
		const existing = await createUser({ email: 'taken@example.com', name: 'Original' })
		const before = await userRow(existing.id)
		const body = await expectApiError(await register({ name: 'Second', email, password: GOOD_PASSWORD }), 409, 'CONFLICT', EMAIL_TAKEN_MESSAGE)
		expect(body.message).toBe('An account with this email address already exists. Log in instead?')
		expect(await prisma.user.count()).toBe(1)
		expect(await prisma.session.count()).toBe(0)
		expect(await userRow(existing.id)).toEqual(before)
	})

	test("full-width 'ＡＢＣ@example.com' and 'abc@example.com' are the same account", async () => {
		await expectJson(await register({ name: 'First', email: 'ＡＢＣ@example.com', password: GOOD_PASSWORD }), 201)
		expect((await prisma.user.findFirstOrThrow()).email).toBe('abc@example.com')
		await expectApiError(await register({ name: 'Second', email: 'abc@example.com', password: GOOD_PASSWORD }), 409, 'CONFLICT', EMAIL_TAKEN_MESSAGE)
		expect(await prisma.user.count()).toBe(1)
	})

	test("a Cyrillic look-alike of an existing 'admin@example.com' is refused as invalid (400), not created", async () => {
		await createUser({ email: 'admin@example.com', role: 'admin' })
		const body = await expectApiError(await register({ name: 'Fake admin', email: 'аdmin@example.com', password: GOOD_PASSWORD }), 400, 'VALIDATION_ERROR')
		expect(body.details.fields.email).toBe('Enter a valid email address')
		expect(await prisma.user.count()).toBe(1)
	})

	test('SQL and HTML in the name are stored verbatim as text and returned as JSON text', async () => {
		const sqlName = `'; DROP TABLE "User"; --`
		const htmlName = '<script>alert(1)</script>'
		const sql = await expectJson(await register({ name: sqlName, email: uniqueEmail('sql'), password: GOOD_PASSWORD }), 201)
		const html = await expectJson(await register({ name: htmlName, email: uniqueEmail('html'), password: GOOD_PASSWORD }), 201)
		expect(sql.body.user.name).toBe(sqlName)
		expect(html.body.user.name).toBe(htmlName)
		// JSON, never HTML: the markup is only a string value.
		expect(html.text).toContain(JSON.stringify(htmlName))
		expect((await userRow(sql.body.user.id)).name).toBe(sqlName)
		expect((await userRow(html.body.user.id)).name).toBe(htmlName)
		// The table is still there, with both rows.
		const [table] = await prisma.$queryRaw<Array<{ name: string | null }>>`SELECT to_regclass('"User"')::text AS name`
		expect(table?.name).toBe('"User"')
		expect(await prisma.user.count()).toBe(2)
		expect((await expectJson(await profile(html.body.token), 200)).body.user.name).toBe(htmlName)
	})

	test(
		'50 concurrent sign-ups with the same email (different IPs): exactly one 201, 49 × 409, one row',
		async () => {
			const email = uniqueEmail('race')
			const responses = await Promise.all(
				Array.from({ length: 50 }, (_, i) => register({ name: `Racer ${i}`, email, password: GOOD_PASSWORD }, `10.50.${i}.1`)),
			)
			const statuses = responses.map((r) => r.status)
			expect(statuses.filter((s) => s === 201)).toHaveLength(1)
			expect(statuses.filter((s) => s === 409)).toHaveLength(49)
			for (const response of responses) {
				if (response.status === 409) await expectApiError(response, 409, 'CONFLICT', EMAIL_TAKEN_MESSAGE)
			}
			const winner = responses.find((r) => r.status === 201)!
			const { body } = await expectJson(winner, 201)
			expect(await prisma.user.count({ where: { email } })).toBe(1)
			expect(await prisma.user.count()).toBe(1)
			// Only the winner got a session.
			expect(await prisma.session.count()).toBe(1)
			expect(await prisma.session.count({ where: { id: sessionIdFor(body.token), userId: body.user.id } })).toBe(1)
		},
		120_000,
	)

	test('the 11th sign-up attempt from one IP within a minute → 429 with Retry-After (invalid attempts count too)', async () => {
		const ip = '10.11.11.11'
		for (let i = 0; i < 10; i++) await expectApiError(await register({ name: '', email: 'x', password: '' }, ip), 400, 'VALIDATION_ERROR')
		const refused = await register({ name: 'Late', email: uniqueEmail(), password: GOOD_PASSWORD }, ip)
		const body = await expectApiError(refused, 429, 'RATE_LIMITED')
		const retryAfter = Number(refused.headers.get('Retry-After'))
		expect(Number.isInteger(retryAfter)).toBe(true)
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(60)
		expect(body.details.retryAfter).toBe(retryAfter)
		expectRateLimitHeaders(refused, 10, 60)
		expect(await counts()).toEqual({ users: 0, sessions: 0 })
		// Another client is not affected.
		await expectJson(await register({ name: 'Other', email: uniqueEmail(), password: GOOD_PASSWORD }, '10.11.11.12'), 201)
	})
})

describe('POST /api/auth/login', () => {
	test('logs in with the email in any case: 200 {token, user}; each login is a new session', async () => {
		const user = await createUser({ email: 'login@example.com', name: 'Login User' })
		const first = await expectJson(await login({ email: '  LOGIN@Example.com', password: TEST_PASSWORD }), 200)
		expect(Object.keys(first.body).sort()).toEqual(['token', 'user'])
		expect(first.body.token).toMatch(TOKEN_SHAPE)
		expect(first.body.user).toEqual({ id: user.id, name: 'Login User', email: 'login@example.com', role: 'user', createdAt: user.createdAt.toISOString() })
		await expectNoSecrets(first.text, TEST_PASSWORD)

		const second = await expectJson(await login({ email: 'login@example.com', password: TEST_PASSWORD }), 200)
		expect(second.body.token).not.toBe(first.body.token)
		expect(await prisma.session.count({ where: { userId: user.id, kind: 'api' } })).toBe(2)
		expect((await expectJson(await verify(first.body.token), 200)).body.user.id).toBe(user.id)
		expect((await expectJson(await verify(second.body.token), 200)).body.user.id).toBe(user.id)
	})

	test('logs in with a full-width spelling of the address (NFKC)', async () => {
		const user = await createUser({ email: 'wide@example.com' })
		const { body } = await expectJson(await login({ email: 'ＷＩＤＥ@example.com', password: TEST_PASSWORD }), 200)
		expect(body.user.id).toBe(user.id)
	})

	test('an admin logs in and /verify reports the role', async () => {
		const admin = await createUser({ role: 'admin' })
		const { body } = await expectJson(await login({ email: admin.email, password: TEST_PASSWORD }), 200)
		expect(body.user.role).toBe('admin')
		expect((await expectJson(await verify(body.token), 200)).body.user).toMatchObject({ id: admin.id, role: 'admin' })
	})

	test('unknown email, wrong password and a Google-only account: identical 401 status, headers and body', async () => {
		const user = await createUser({ email: 'known@example.com' })
		const googleOnly = await createUser({ email: 'google-only@example.com', password: null })
		const before = await userRow(user.id)
		const wrongPassword = await login({ email: 'known@example.com', password: 'not the right one' })
		const unknownEmail = await login({ email: 'unknown@example.com', password: 'not the right one' })
		const noPassword = await login({ email: googleOnly.email, password: 'not the right one' })
		const bodies: Array<string> = []
		for (const response of [wrongPassword, unknownEmail, noPassword]) {
			expect(response.headers.get('WWW-Authenticate')).toBe(wrongPassword.headers.get('WWW-Authenticate'))
			bodies.push(JSON.stringify(await expectApiError(response, 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)))
		}
		expect(bodies[0]).toBe('{"message":"Invalid email or password","status":401,"code":"AUTHENTICATION_ERROR"}')
		expect(new Set(bodies).size).toBe(1)
		expect(await prisma.session.count()).toBe(0)
		expect(await userRow(user.id)).toEqual(before)
		// Failures are logged without the email or the password.
		const logged = warn.mock.calls.flat().map(String).join('\n')
		expect(logged).toContain('Login failed')
		expect(logged).not.toContain('not the right one')
		expect(logged).not.toContain('known@example.com')
	})

	test('the password is compared exactly: no trimming, no case folding', async () => {
		const user = await createUser({ password: 'Case Sensitive Secret' })
		for (const password of ['case sensitive secret', ' Case Sensitive Secret', 'Case Sensitive Secret ']) {
			await expectApiError(await login({ email: user.email, password }), 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
		}
		await expectJson(await login({ email: user.email, password: 'Case Sensitive Secret' }), 200)
	})

	test.each<[string, Json, Record<string, string>]>([
		['an empty body', {}, { email: 'Enter your email address', password: 'Enter your password' }],
		['a missing password', { email: 'a@example.com' }, { password: 'Enter your password' }],
		['an empty password', { email: 'a@example.com', password: '' }, { password: 'Enter your password' }],
		['a missing email', { password: TEST_PASSWORD }, { email: 'Enter your email address' }],
		['an email array', { email: [], password: TEST_PASSWORD }, { email: 'Enter your email address' }],
		['a NoSQL-style operator object', { email: { $gt: '' }, password: { $gt: '' } }, { email: 'Enter your email address', password: 'Enter your password' }],
		['a number password', { email: 'a@example.com', password: 12345678 }, { password: 'Enter your password' }],
		['SQL in the email', { email: "' OR '1'='1' --", password: TEST_PASSWORD }, { email: 'Enter a valid email address' }],
	])('%s → 400 with field errors; no session', async (_case, json, fields) => {
		await createUser({ email: 'a@example.com' })
		const body = await expectApiError(await login(json), 400, 'VALIDATION_ERROR')
		expect(body.details.fields).toEqual(fields)
		expect(await prisma.session.count()).toBe(0)
	})

	test('a 100 KB password in a JSON body → 413 naming the 64 KB limit', async () => {
		const user = await createUser()
		const before = await userRow(user.id)
		const body = await expectApiError(await login({ email: user.email, password: 'p'.repeat(100 * KB) }), 413, 'PAYLOAD_TOO_LARGE')
		expect(body.message).toMatch(/64 KB/)
		expect(body.details).toEqual({ limit: 64 * KB })
		expect(await prisma.session.count()).toBe(0)
		expect(await userRow(user.id)).toEqual(before)
	})

	test('a 60 KB password (under the body limit) → the generic 401, never a 500', async () => {
		const user = await createUser()
		const before = await userRow(user.id)
		const response = await login({ email: user.email, password: 'p'.repeat(60 * KB) })
		await expectApiError(response, 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
		expect(await prisma.session.count()).toBe(0)
		expect(await userRow(user.id)).toEqual(before)
	})
})

describe('POST /api/auth/logout', () => {
	test('204 with no body; the token then gets 401 on /verify and /profile; the user’s other sessions live on', async () => {
		const user = await createUser()
		const { body } = await expectJson(await login({ email: user.email, password: TEST_PASSWORD }), 200)
		const other = await loginAs(user.id, 'api')
		await expectJson(await verify(body.token), 200)

		const response = await logout(body.token)
		expect(response.status).toBe(204)
		expect(await response.text()).toBe('')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(await prisma.session.count({ where: { id: sessionIdFor(body.token) } })).toBe(0)

		await expectApiError(await verify(body.token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
		await expectApiError(await profile(body.token), 401, 'AUTHENTICATION_ERROR')
		expect((await expectJson(await verify(other.token), 200)).body.user.id).toBe(user.id)
		expect(await prisma.session.count()).toBe(1)
	})

	test('is idempotent: logging out twice → 204 both times', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		expect((await logout(token)).status).toBe(204)
		expect((await logout(token)).status).toBe(204)
		expect(await prisma.session.count()).toBe(0)
	})

	test.each<[string, HeadersInit]>([
		['no Authorization header', {}],
		['a malformed token', { Authorization: 'Bearer not-a-real-token' }],
		['an unknown well-formed token', { Authorization: `Bearer ${'A'.repeat(43)}` }],
		['Basic credentials', { Authorization: 'Basic dXNlcjpwYXNz' }],
	])('with %s → 204 and no session is touched', async (_case, headers) => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		const response = await call(logoutRoute.action, makeRequest('/api/auth/logout', { method: 'POST', headers }))
		expect(response.status).toBe(204)
		expect(await prisma.session.count()).toBe(1)
		await expectJson(await verify(token), 200)
	})

	test('reads no body: a text/plain, malformed or 10 MB streamed body still logs the token out (204)', async () => {
		const user = await createUser()
		const tokens = await Promise.all([loginAs(user.id, 'api'), loginAs(user.id, 'api'), loginAs(user.id, 'api')])
		const plain = withBearer('/api/auth/logout', tokens[0].token, { method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain' } })
		const malformed = withBearer('/api/auth/logout', tokens[1].token, { method: 'POST', body: '{"x":', headers: { 'Content-Type': 'application/json' } })
		const streamed = streamedRequest('/api/auth/logout', 10 * MB)
		streamed.request.headers.set('Authorization', `Bearer ${tokens[2].token}`)
		for (const request of [plain, malformed, streamed.request]) expect((await call(logoutRoute.action, request)).status).toBe(204)
		expect(streamed.pulled()).toBeLessThan(1 * MB)
		expect(await prisma.session.count()).toBe(0)
	})
})

describe('GET /api/auth/verify and /api/auth/profile', () => {
	test('/verify returns exactly the public user with its role', async () => {
		const user = await createUser({ name: 'Verified', role: 'admin' })
		const { token } = await loginAs(user.id, 'api')
		const { body, text } = await expectJson(await verify(token), 200)
		expect(body).toEqual({
			user: { id: user.id, name: 'Verified', email: user.email, role: 'admin', createdAt: user.createdAt.toISOString() },
		})
		await expectNoSecrets(text, TEST_PASSWORD, token)
	})

	test('/profile returns the profile fields of a password account', async () => {
		const user = await createUser({ name: 'Profile' })
		const { token } = await loginAs(user.id, 'api')
		const { body, text } = await expectJson(await profile(token), 200)
		const row = await userRow(user.id)
		expect(body).toEqual({
			user: {
				id: user.id,
				name: 'Profile',
				email: user.email,
				role: 'user',
				createdAt: user.createdAt.toISOString(),
				emailVerified: false,
				hasPassword: true,
				signInMethods: ['password'],
				updatedAt: row.updatedAt.toISOString(),
			},
		})
		await expectNoSecrets(text, TEST_PASSWORD, token)
	})

	test('/profile of a Google-only account: no password, signInMethods ["google"], verified', async () => {
		const user = await createUser({ password: null, emailVerified: true })
		await prisma.connection.create({ data: { provider: 'google', providerId: '1234567890', email: user.email, userId: user.id } })
		const { token } = await loginAs(user.id, 'api')
		const { body, text } = await expectJson(await profile(token), 200)
		expect(body.user).toMatchObject({ id: user.id, hasPassword: false, signInMethods: ['google'], emailVerified: true })
		expect(text).not.toContain('1234567890') // the provider's account id is not needed by the client
	})

	const badAuthorizations: Array<[string, (token: string) => Request]> = [
		['no Authorization header', () => makeRequest('/api/auth/verify')],
		['"Bearer" with no token', () => makeRequest('/api/auth/verify', { headers: { Authorization: 'Bearer' } })],
		['"Bearer " with only spaces', () => makeRequest('/api/auth/verify', { headers: { Authorization: 'Bearer     ' } })],
		['Basic credentials', () => makeRequest('/api/auth/verify', { headers: { Authorization: 'Basic dXNlcjpwYXNzd29yZA==' } })],
		['Basic carrying the token', (token) => makeRequest('/api/auth/verify', { headers: { Authorization: `Basic ${token}` } })],
		['the token with no scheme', (token) => makeRequest('/api/auth/verify', { headers: { Authorization: token } })],
		[
			'two Authorization values joined by ", "',
			(token) => {
				const headers = new Headers()
				headers.append('Authorization', `Bearer ${token}`)
				headers.append('Authorization', `Bearer ${token}`)
				expect(headers.get('Authorization')).toBe(`Bearer ${token}, Bearer ${token}`)
				return makeRequest('/api/auth/verify', { headers })
			},
		],
		['an 8 KB token', () => makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${'a'.repeat(8 * KB)}` } })],
		['the token with a trailing extra part', (token) => makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${token} extra` } })],
		['the token one character short', (token) => makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${token.slice(0, -1)}` } })],
		['a well-formed unknown token', () => makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${'B'.repeat(43)}` } })],
		['the token in ?token= only', (token) => makeRequest(`/api/auth/verify?token=${token}`)],
		['the token in ?access_token= only', (token) => makeRequest(`/api/auth/verify?access_token=${token}`)],
		['the token in a session cookie only', (token) => makeRequest('/api/auth/verify', { headers: { Cookie: `session=${token}` } })],
	]

	test.each(badAuthorizations)('%s → 401 with WWW-Authenticate: Bearer on /verify and /profile', async (_case, build) => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		for (const handler of [verifyRoute.loader, profileRoute.loader]) {
			const request = build(token)
			const target = handler === verifyRoute.loader ? request : new Request(request.url.replace('/verify', '/profile'), request)
			const response = await call(handler, target)
			const body = await expectApiError(response, 401, 'AUTHENTICATION_ERROR')
			expect(body.message).toMatch(/^(Authentication required: send Authorization: Bearer <token>|Invalid or expired token)$/)
			expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"')
			expect(JSON.stringify(body)).not.toContain(user.email)
		}
		// The refused requests did not end the session.
		await expectJson(await verify(token), 200)
	})

	test('a signed browser session cookie is not accepted by the API (bearer only)', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id, 'web')
		await expectApiError(await call(verifyRoute.loader, makeRequest('/api/auth/verify', { cookie })), 401, 'AUTHENTICATION_ERROR')
	})

	// Documented choice: the scheme is case-insensitive (RFC 9110 §11.1), and
	// several spaces after it are tolerated (RFC 6750 allows 1*SP).
	test.each(['bearer', 'BEARER', 'BeArEr'])('the scheme "%s" is accepted like "Bearer"', async (scheme) => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		for (const value of [`${scheme} ${token}`, `${scheme}   ${token}`]) {
			const response = await call(verifyRoute.loader, makeRequest('/api/auth/verify', { headers: { Authorization: value } }))
			expect((await expectJson(response, 200)).body.user.id).toBe(user.id)
		}
	})

	test('a token is refused after logout', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		expect((await logout(token)).status).toBe(204)
		await expectApiError(await verify(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
		await expectApiError(await profile(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
	})

	test('a token is refused after its user is deleted (sessions go with the account)', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		await prisma.user.delete({ where: { id: user.id } })
		expect(await prisma.session.count()).toBe(0)
		await expectApiError(await verify(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
		await expectApiError(await profile(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
	})

	test('an expired token is refused and its session row deleted', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		await prisma.session.update({ where: { id: sessionIdFor(token) }, data: { expiresAt: new Date(Date.now() - 1000) } })
		await expectApiError(await verify(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
		expect(await prisma.session.count({ where: { id: sessionIdFor(token) } })).toBe(0)
		await expectApiError(await profile(token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
	})

	test('a token is refused after the password is changed from another session; that session stays', async () => {
		const user = await createUser()
		const stolen = await loginAs(user.id, 'api')
		const owner = await loginAs(user.id, 'api')
		await expectJson(await verify(stolen.token), 200)
		await changePassword({
			userId: user.id,
			currentPassword: TEST_PASSWORD,
			newPassword: 'a brand new passphrase',
			keepSessionId: sessionIdFor(owner.token),
		})
		await expectApiError(await verify(stolen.token), 401, 'AUTHENTICATION_ERROR', 'Invalid or expired token')
		await expectApiError(await profile(stolen.token), 401, 'AUTHENTICATION_ERROR')
		await expectJson(await verify(owner.token), 200)
		// The old password no longer logs in; the new one does.
		await expectApiError(await login({ email: user.email, password: TEST_PASSWORD }), 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
		await expectJson(await login({ email: user.email, password: 'a brand new passphrase' }), 200)
	})
})

describe('database failures', () => {
	test('/verify and /profile answer 503 with Retry-After (not 401, not 500) when the session cannot be checked', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		const error = vi.spyOn(console, 'error').mockImplementation(() => {})
		const restore = stub(prisma.session, 'findUnique', rejecting('connect ECONNREFUSED 127.0.0.1:5432'))
		try {
			for (const response of [await verify(token), await profile(token)]) {
				const body = await expectApiError(response, 503, 'SERVICE_UNAVAILABLE', SESSION_UNVERIFIED_MESSAGE)
				expect(response.headers.get('Retry-After')).toBe('5')
				expect(JSON.stringify(body)).not.toContain('ECONNREFUSED')
			}
		} finally {
			restore()
			error.mockRestore()
		}
		await expectJson(await verify(token), 200)
	})

	test('an unexpected database error on sign-up → generic 500 in the catalogue shape, no internals, nothing created', async () => {
		const error = vi.spyOn(console, 'error').mockImplementation(() => {})
		const restore = stub(prisma.user, 'create', rejecting('relation "User" does not exist at /srv/app/db.ts:12'))
		try {
			const response = await register({ name: 'Oops', email: uniqueEmail(), password: GOOD_PASSWORD })
			const body = await expectApiError(response, 500, 'INTERNAL_ERROR', 'Internal server error')
			expect(body.details).toBeUndefined()
			expect(JSON.stringify(body)).not.toMatch(/relation|srv|db\.ts/)
		} finally {
			restore()
			error.mockRestore()
		}
		expect(await counts()).toEqual({ users: 0, sessions: 0 })
	})
})

describe('request bodies of the JSON endpoints', () => {
	const endpoints: Array<[string, Handler]> = [
		['/api/auth/register', registerRoute.action],
		['/api/auth/login', loginRoute.action],
		['/api/auth/google', googleRoute.action],
	]

	describe.each(endpoints)('POST %s', (path, action) => {
		const validJson = JSON.stringify({ name: 'A', email: 'a@example.com', password: GOOD_PASSWORD, token: 'x.y.z' })

		afterEach(async () => {
			// A refused body creates nothing.
			expect(await counts()).toEqual({ users: 0, sessions: 0 })
		})

		test.each([
			['text/plain', 'text/plain'],
			['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
			['form-urlencoded', 'application/x-www-form-urlencoded'],
			['multipart', 'multipart/form-data; boundary=x'],
			['a JSON look-alike type', 'application/json-patch+json'],
			['no Content-Type', null],
		])('%s carrying JSON → 415', async (_case, type) => {
			const response = await call(action, postRaw(path, validJson, type))
			await expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
		})

		test.each(['application/json; charset=utf-8', 'Application/JSON'])('Content-Type %s is accepted as JSON', async (type) => {
			// An empty object passes the body checks and fails on the fields (400 with field errors), not 415.
			const body = await expectApiError(await call(action, postRaw(path, '{}', type)), 400, 'VALIDATION_ERROR')
			expect(body.message).not.toMatch(/Malformed|JSON object/)
		})

		test.each([
			['truncated JSON', '{"email":'],
			['an empty body', ''],
			['single quotes', "{'email':'a@example.com'}"],
			['a trailing comma', '{"email":"a@example.com",}'],
			['NaN', '{"password":NaN}'],
		])('%s → 400 Malformed JSON', async (_case, text) => {
			const body = await expectApiError(await call(action, postRaw(path, text)), 400, 'VALIDATION_ERROR', 'Malformed JSON')
			expect(typeof body.details.reason).toBe('string')
			expect(body.details.reason.length).toBeLessThanOrEqual(200)
		})

		test.each([
			['an array', '[]'],
			['an array of objects', '[{"email":"a@example.com"}]'],
			['null', 'null'],
			['a string', '"hello"'],
			['a number', '42'],
			['true', 'true'],
		])('%s → 400: the body must be a JSON object', async (_case, text) => {
			await expectApiError(await call(action, postRaw(path, text)), 400, 'VALIDATION_ERROR', 'Validation failed: the body must be a JSON object')
		})

		test.each([
			['a lone 0xFF byte', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]],
			['an overlong "/" (C0 AF)', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]],
			['a lone surrogate (ED A0 80)', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]],
			['a truncated sequence', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d]],
		])('invalid UTF-8 (%s) → 400', async (_case, bytes) => {
			const response = await call(action, postRaw(path, new Uint8Array(bytes)))
			await expectApiError(response, 400, 'VALIDATION_ERROR', 'Malformed JSON: the body is not valid UTF-8')
		})

		test('a 10 MB body with an honest Content-Length → 413 naming the limit', async () => {
			const big = JSON.stringify({ email: 'a@example.com', password: 'p'.repeat(10 * MB) })
			const request = postRaw(path, big, 'application/json', { 'Content-Length': String(Buffer.byteLength(big)) })
			const body = await expectApiError(await call(action, request), 413, 'PAYLOAD_TOO_LARGE', 'Request body too large (limit 64 KB)')
			expect(body.details).toEqual({ limit: 65536 })
		})

		test('a 10 MB body sent without Content-Length → 413, cut off after the limit (never read whole)', async () => {
			const { request, pulled } = streamedRequest(path, 10 * MB)
			await expectApiError(await call(action, request), 413, 'PAYLOAD_TOO_LARGE', 'Request body too large (limit 64 KB)')
			expect(pulled()).toBeLessThan(1 * MB)
		})

		test('a Content-Length that understates the body does not bypass the limit', async () => {
			const big = JSON.stringify({ email: 'a@example.com', password: 'p'.repeat(200 * KB) })
			const request = postRaw(path, big, 'application/json', { 'Content-Length': '10' })
			await expectApiError(await call(action, request), 413, 'PAYLOAD_TOO_LARGE')
		})

		test('a 1,000,000-deep [[[…]]] → 413 (over the limit), not a crash', async () => {
			const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000)
			await expectApiError(await call(action, postRaw(path, deep)), 413, 'PAYLOAD_TOO_LARGE')
			const streamed = streamedRequest(path, 2_000_000, 0x5b) // '[' bytes, no Content-Length
			await expectApiError(await call(action, streamed.request), 413, 'PAYLOAD_TOO_LARGE')
		})

		test('deep nesting under the size limit (32,000-deep array, 10,000-deep object) → 422 before parsing, not a crash', async () => {
			const deepArray = '['.repeat(32_000) + ']'.repeat(32_000)
			await expectApiError(await call(action, postRaw(path, deepArray)), 422, 'VALIDATION_ERROR', 'The JSON body is nested too deeply (limit 32 levels)')
			const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)
			expect(deepObject.length).toBeLessThan(64 * KB)
			await expectApiError(await call(action, postRaw(path, deepObject)), 422, 'VALIDATION_ERROR', 'The JSON body is nested too deeply (limit 32 levels)')
		})

		test('__proto__ and constructor keys do not pollute Object.prototype', async () => {
			const payloads = [
				'{"__proto__":{"polluted":true}}',
				'{"constructor":{"prototype":{"polluted":true}}}',
				'{"email":"a@example.com","password":"x","__proto__":{"polluted":true,"role":"admin"}}',
			]
			for (const text of payloads) {
				const response = await call(action, postRaw(path, text))
				expect(response.status).toBeGreaterThanOrEqual(400)
				expect(response.status).toBeLessThan(500)
				await response.text()
			}
			expect(({} as Record<string, unknown>).polluted).toBeUndefined()
			expect(Object.prototype).not.toHaveProperty('polluted')
			expect(({} as Record<string, unknown>).role).toBeUndefined()
		})
	})

	test('google: no token, tokenId or credential field → 400 Invalid login payload', async () => {
		for (const json of [{}, { token: '' }, { token: 123 }, { tokenId: null }, { credential: ['x'] }, { idToken: 'a.b.c' }]) {
			await expectApiError(await call(googleRoute.action, postJson('/api/auth/google', json)), 400, 'VALIDATION_ERROR', 'Invalid login payload')
		}
		expect(await counts()).toEqual({ users: 0, sessions: 0 })
	})

	test('register: __proto__ carrying role=admin next to valid fields → 201 as a plain user', async () => {
		const text = `{"name":"Proto","email":"proto@example.com","password":"${GOOD_PASSWORD}","__proto__":{"role":"admin","isAdmin":true}}`
		const { body } = await expectJson(await call(registerRoute.action, postRaw('/api/auth/register', text)), 201)
		expect(body.user.role).toBe('user')
		expect((await prisma.user.findUniqueOrThrow({ where: { email: 'proto@example.com' } })).role).toBe('user')
		expect(({} as Record<string, unknown>).role).toBeUndefined()
	})

	test('register: duplicate keys take the last value (JSON.parse), validated as usual', async () => {
		const text = `{"name":"Dup","email":"first@example.com","email":"second@example.com","password":"${GOOD_PASSWORD}"}`
		const { body } = await expectJson(await call(registerRoute.action, postRaw('/api/auth/register', text)), 201)
		expect(body.user.email).toBe('second@example.com')
		expect(await prisma.user.count({ where: { email: 'first@example.com' } })).toBe(0)
		const bad = `{"name":"Dup","email":"ok@example.com","email":[],"password":"${GOOD_PASSWORD}"}`
		await expectApiError(await call(registerRoute.action, postRaw('/api/auth/register', bad)), 400, 'VALIDATION_ERROR')
		expect(await prisma.user.count()).toBe(1)
	})
})

describe('methods', () => {
	test.each([
		['register', registerRoute.loader as Handler, '/api/auth/register'],
		['login', loginRoute.loader as Handler, '/api/auth/login'],
		['logout', logoutRoute.loader as Handler, '/api/auth/logout'],
		['google', googleRoute.loader as Handler, '/api/auth/google'],
	])('GET /api/auth/%s → 405 with Allow: POST', async (_name, loader, path) => {
		const response = await call(loader, makeRequest(path))
		await expectApiError(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed (use POST)')
		expect(response.headers.get('Allow')).toBe('POST')
	})

	test.each(['PUT', 'PATCH', 'DELETE'])('%s on the POST endpoints → 405 with Allow: POST', async (method) => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		for (const [action, path] of [
			[registerRoute.action, '/api/auth/register'],
			[loginRoute.action, '/api/auth/login'],
			[logoutRoute.action, '/api/auth/logout'],
			[googleRoute.action, '/api/auth/google'],
		] as Array<[Handler, string]>) {
			const request = withBearer(path, token, {
				method,
				body: JSON.stringify({ name: 'A', email: uniqueEmail(), password: GOOD_PASSWORD }),
				headers: { 'Content-Type': 'application/json' },
			})
			const response = await call(action, request)
			await expectApiError(response, 405, 'METHOD_NOT_ALLOWED')
			expect(response.headers.get('Allow')).toBe('POST')
		}
		// Nothing happened: no account, and the token was not logged out.
		expect(await prisma.user.count()).toBe(1)
		await expectJson(await verify(token), 200)
	})

	test.each([
		['verify', verifyRoute.action as Handler, '/api/auth/verify'],
		['profile', profileRoute.action as Handler, '/api/auth/profile'],
	])('POST /api/auth/%s → 405 with Allow: GET', async (_name, action, path) => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		const response = await call(action, withBearer(path, token, { method: 'POST' }))
		await expectApiError(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed (use GET)')
		expect(response.headers.get('Allow')).toBe('GET')
	})
})

describe('rate limits through the API', () => {
	test('the 11th login from one IP within a minute → 429 with Retry-After, even with the right password', async () => {
		const user = await createUser()
		const ip = '203.0.113.77'
		for (let i = 0; i < 10; i++) {
			const password = i % 2 === 0 ? TEST_PASSWORD : 'wrong password here'
			const response = await login({ email: user.email, password }, ip)
			expect(response.status).toBe(i % 2 === 0 ? 200 : 401)
			await response.text()
		}
		const sessionsBefore = await prisma.session.count()
		const refused = await login({ email: user.email, password: TEST_PASSWORD }, ip)
		const body = await expectApiError(refused, 429, 'RATE_LIMITED')
		const retryAfter = refused.headers.get('Retry-After')
		expect(retryAfter).toMatch(/^\d+$/)
		expect(Number(retryAfter)).toBeGreaterThan(0)
		expect(Number(retryAfter)).toBeLessThanOrEqual(60)
		expect(body.details).toEqual({ retryAfter: Number(retryAfter) })
		expectRateLimitHeaders(refused, 10, 60)
		expect(await prisma.session.count()).toBe(sessionsBefore)
		// Another client is not affected.
		await expectJson(await login({ email: user.email, password: TEST_PASSWORD }, '203.0.113.78'), 200)
	})

	test('10 failed logins for one account from one address → that address’s 11th (right password) is 429 with RateLimit-*; nobody else is paused', async () => {
		const victim = await createUser({ email: 'victim@example.com' })
		const bystander = await createUser({ email: 'bystander@example.com' })
		const before = await userRow(victim.id)
		const ip = '198.51.100.7'
		for (let i = 0; i < 10; i++) {
			// Any spelling of the address counts against the same account.
			const email = i % 2 === 0 ? 'victim@example.com' : ' VICTIM@Example.com'
			await expectApiError(await login({ email, password: `wrong guess ${i}` }, ip), 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
		}
		// A minute later the address may try again (AUTH_RATE_LIMIT_PER_MINUTE), but not this account.
		await aMinuteLater()
		const refused = await login({ email: 'victim@example.com', password: TEST_PASSWORD }, ip)
		const body = await expectApiError(refused, 429, 'RATE_LIMITED', ACCOUNT_LIMITED_MESSAGE)
		const retryAfter = Number(refused.headers.get('Retry-After'))
		expect(retryAfter).toBeGreaterThan(60)
		expect(body.details.retryAfter).toBe(retryAfter)
		expectRateLimitHeaders(refused, 10, 15 * 60)
		expect(await prisma.session.count()).toBe(0)
		expect(await userRow(victim.id)).toEqual(before)
		// That address can still sign in to other accounts; the owner signs in from any other address.
		await expectJson(await login({ email: bystander.email, password: TEST_PASSWORD }, ip), 200)
		await expectJson(await login({ email: 'victim@example.com', password: TEST_PASSWORD }, '198.51.100.8'), 200)
		// The owner's success elsewhere does not release the guesser's address; its window's end does.
		await expectApiError(await login({ email: 'victim@example.com', password: TEST_PASSWORD }, ip), 429, 'RATE_LIMITED', ACCOUNT_LIMITED_MESSAGE)
		await prisma.rateLimit.updateMany({ where: { key: { startsWith: 'login:pair:' } }, data: { resetAt: new Date(Date.now() - 1) } })
		await expectJson(await login({ email: 'victim@example.com', password: TEST_PASSWORD }, ip), 200)
	})

	test('an unknown email is paused the same way (the answers never tell whether an account exists)', async () => {
		const ip = '198.51.100.9'
		for (let i = 0; i < 10; i++) {
			await expectApiError(await login({ email: 'nobody@example.com', password: `guess ${i}` }, ip), 401, 'AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
		}
		await aMinuteLater()
		const refused = await login({ email: 'nobody@example.com', password: TEST_PASSWORD }, ip)
		await expectApiError(refused, 429, 'RATE_LIMITED', ACCOUNT_LIMITED_MESSAGE)
		expectRateLimitHeaders(refused, 10, 15 * 60)
	})

	test('failures for one account from many addresses never lock the owner out: later attempts are only delayed', async () => {
		const victim = await createUser({ email: 'victim@example.com' })
		const before = await userRow(victim.id)
		const wait = vi.spyOn(loginThrottle, 'wait').mockResolvedValue(undefined) // which waits, not their seconds
		try {
			for (let i = 0; i < 12; i++) {
				await expectApiError(await login({ email: 'victim@example.com', password: `wrong guess ${i}` }, `198.51.100.${i + 1}`), 401, 'AUTHENTICATION_ERROR')
			}
			// Ten failures cost nothing extra; from the 11th attempt on each waits, growing (250 ms, then doubling).
			expect(wait.mock.calls.map(([ms]) => ms)).toEqual([250, 500])
			expect(await userRow(victim.id)).toEqual(before)
			// The owner, from yet another address and without any cookie, gets in after the (capped) wait.
			await expectJson(await login({ email: 'victim@example.com', password: TEST_PASSWORD }, '198.51.100.200'), 200)
			expect(wait.mock.calls.map(([ms]) => ms)).toEqual([250, 500, 1000])
		} finally {
			wait.mockRestore()
		}
		expect(accountDelayMs(9)).toBe(0)
		expect(accountDelayMs(13)).toBe(ACCOUNT_DELAY_MAX_MS)
		expect(accountDelayMs(10_000)).toBe(ACCOUNT_DELAY_MAX_MS)
		expect(ACCOUNT_DELAY_MAX_MS).toBeLessThanOrEqual(2_000)
	})

	// Each attempt is counted before the password is checked, so guesses sent
	// at the same moment cannot all slip in under the limit.
	test('concurrent guesses from one address cannot exceed the per-(account, address) limit of 10', async () => {
		const user = await createUser()
		// Lift the per-address limit so that only the account's limit is at work here.
		const saved = process.env.AUTH_RATE_LIMIT_PER_MINUTE
		process.env.AUTH_RATE_LIMIT_PER_MINUTE = '1000'
		resetEnvCache()
		try {
			const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email: user.email, password: `parallel guess ${i}` }, '192.0.2.1')))
			const statuses = responses.map((r) => r.status)
			expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
			expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10)
			expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20)
			for (const refused of responses.filter((r) => r.status === 429)) expectRateLimitHeaders(refused, 10, 15 * 60)
		} finally {
			if (saved === undefined) delete process.env.AUTH_RATE_LIMIT_PER_MINUTE
			else process.env.AUTH_RATE_LIMIT_PER_MINUTE = saved
			resetEnvCache()
		}
	}, 60_000)

	test('concurrent guesses from many addresses are all delayed beyond the first 10, never refused', async () => {
		const user = await createUser()
		const wait = vi.spyOn(loginThrottle, 'wait').mockResolvedValue(undefined) // which waits, not their seconds
		try {
			const responses = await Promise.all(
				Array.from({ length: 20 }, (_, i) => login({ email: user.email, password: `parallel guess ${i}` }, `192.0.2.${i + 1}`)),
			)
			expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 401))
			// The attempts are counted exactly (one upsert each), so exactly 10 waited, growing up to the cap.
			const waits = wait.mock.calls.map(([ms]) => ms).sort((a, b) => a - b)
			expect(waits).toEqual([250, 500, 1000, ...Array.from({ length: 7 }, () => ACCOUNT_DELAY_MAX_MS)])
		} finally {
			wait.mockRestore()
		}
	}, 120_000)

	test('a successful login clears the account’s failure count', async () => {
		const user = await createUser()
		for (let i = 0; i < 9; i++) await expectApiError(await login({ email: user.email, password: `nope ${i}` }), 401, 'AUTHENTICATION_ERROR')
		await expectJson(await login({ email: user.email, password: TEST_PASSWORD }), 200)
		for (let i = 0; i < 9; i++) await expectApiError(await login({ email: user.email, password: `nope again ${i}` }), 401, 'AUTHENTICATION_ERROR')
		await expectJson(await login({ email: user.email, password: TEST_PASSWORD }), 200)
	}, 60_000)
})
