/**
 * Account rules that need servers of their own: the real rate limit (the
 * shared test server's is raised for the suite), oversized bodies over real
 * sockets, and two instances sharing one PostgreSQL database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './fixtures.ts'
import { E2E_PASSWORD, uniqueEmail } from './fixtures.ts'
import { startServer, type ServerProcess } from './server-process.ts'

test.describe.configure({ mode: 'serial' })

/** A server of its own (on the embedded database, a throwaway data directory), stopped afterwards. */
async function withServer(env: Record<string, string>, run: (server: ServerProcess) => Promise<void>) {
	const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-accounts-'))
	const server = await startServer({ ...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir }), ...env })
	try {
		await run(server)
	} finally {
		await server.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

function sessionCookie(response: Response): string {
	const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-session=') && !/Max-Age=0/i.test(c))
	expect(cookie, 'a session cookie').toBeTruthy()
	return cookie!.split(';')[0]!
}

test('logins are limited per client address (10 a minute) in a way spoofed X-Forwarded-For cannot reset', async () => {
	test.setTimeout(120_000)
	await withServer({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '10' }, async (server) => {
		// The proxy appends the real address last; whatever the client put before it is ignored.
		// Unique per run: on PostgreSQL the counters outlive a run (and a retry).
		const email = uniqueEmail('nobody')
		const client = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`
		const attempt = (i: number) =>
			fetch(`${server.url}/api/auth/login`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${i}.1, ${client}` },
				body: JSON.stringify({ email, password: 'wrong password' }),
			})
		for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(401)
		const refused = await attempt(10)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expectRateLimitHeaders(refused, 10, 60)
		expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
		// The login form is limited by the same counter.
		const form = await fetch(`${server.url}/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': client },
			body: new URLSearchParams({ email, password: 'wrong password' }),
		})
		expect(form.status).toBe(429)
		expect(form.headers.get('retry-after')).toBeTruthy()
		expectRateLimitHeaders(form, 10, 60)
		expect(await form.text()).toContain('Too many attempts. Please wait a moment and try again.')
	})
})

/** A 429's Retry-After and RateLimit-* headers over a real socket. */
function expectRateLimitHeaders(response: Response, limit: number, maxSeconds: number) {
	const retryAfter = response.headers.get('retry-after')
	expect(Number(retryAfter)).toBeGreaterThan(0)
	expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds)
	expect(response.headers.get('ratelimit-limit')).toBe(String(limit))
	expect(response.headers.get('ratelimit-remaining')).toBe('0')
	expect(response.headers.get('ratelimit-reset')).toBe(retryAfter)
}

/** A sign-in hashes a password (scrypt, ~32 MB): seconds on a machine busy with other tests. */
const SIGN_IN_TIMEOUT = 30_000
const ACCOUNT_LIMITED = 'Too many failed attempts for this account. Please wait a few minutes and try again.'

test('a stranger guessing from the owner’s own address cannot keep the owner’s browser out, and stays refused', async ({ browser }) => {
	test.setTimeout(180_000)
	// The per-address limit is lifted so that only the per-account limits are at work.
	await withServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, async (server) => {
		const email = uniqueEmail('owner')
		const registered = await fetch(`${server.url}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ name: 'Owner', email, password: E2E_PASSWORD }),
		})
		expect(registered.status).toBe(201)

		const logInWith = async (page: Page, password: string) => {
			await page.goto(`${server.url}/login`)
			await page.waitForFunction(() => '__remixRouter' in window)
			await page.getByLabel('Email').fill(email)
			await page.getByLabel('Password', { exact: true }).fill(password)
			await page.getByRole('button', { name: 'Log in', exact: true }).click()
		}

		// The owner signs in once in their browser (with JavaScript: the form posts to /login.data).
		const owner = await browser.newContext()
		const ownerPage = await owner.newPage()
		await logInWith(ownerPage, E2E_PASSWORD)
		await expect(ownerPage.getByText('Welcome back, Owner!')).toBeVisible({ timeout: SIGN_IN_TIMEOUT })
		const device = (await owner.cookies()).filter((cookie) => cookie.name === '__Secure-known-device')
		expect(device.map((cookie) => cookie.path).sort()).toEqual(['/login', '/login.data'])
		for (const cookie of device) expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' })
		await owner.clearCookies({ name: '__Host-session' })

		// A stranger on the same address (this machine) guesses: ten wrong passwords, then 429 for this account.
		const guess = (password: string) =>
			fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
		for (let i = 0; i < 10; i++) expect((await guess(`wrong guess ${i}`)).status).toBe(401)
		const refused = await guess(E2E_PASSWORD)
		expect(refused.status).toBe(429)
		expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: ACCOUNT_LIMITED })
		expectRateLimitHeaders(refused, 10, 15 * 60)
		const form = await fetch(`${server.url}/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ email, password: 'one more guess' }),
		})
		expect(form.status).toBe(429)
		expectRateLimitHeaders(form, 10, 15 * 60)
		expect(await form.text()).toContain(ACCOUNT_LIMITED)

		// The owner's browser still signs in.
		await logInWith(ownerPage, E2E_PASSWORD)
		await expect(ownerPage.getByText('Welcome back, Owner!')).toBeVisible({ timeout: SIGN_IN_TIMEOUT })
		expect((await owner.cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(true)
		await owner.close()

		// Without the cookie, this address stays refused for this account, with the message on the page.
		const stranger = await browser.newContext()
		const strangerPage = await stranger.newPage()
		await logInWith(strangerPage, E2E_PASSWORD)
		await expect(strangerPage.getByText(ACCOUNT_LIMITED)).toBeVisible({ timeout: SIGN_IN_TIMEOUT })
		expect((await stranger.cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(false)
		await stranger.close()
	})
})

test('an oversized body gets its 413 over a real socket, also when sent without Content-Length', async () => {
	test.setTimeout(120_000)
	await withServer({}, async (server) => {
		const big = JSON.stringify({ name: 'x', email: 'big@example.com', password: 'p'.repeat(10 * 1024 * 1024) })
		const honest = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big })
		expect(honest.status).toBe(413)
		expect(await honest.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large (limit 64 KB)' })

		// Chunked, no Content-Length: the server stops reading at the limit and still answers.
		const { hostname, port } = new URL(server.url)
		const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
			const request = http.request({ hostname, port, path: '/login', method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, (response) => {
				let body = ''
				response.on('data', (chunk: Buffer) => (body += chunk.toString()))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
			})
			request.on('error', reject)
			const chunk = `password=${'a'.repeat(64 * 1024)}`
			let sent = 0
			const pump = () => {
				while (sent < 160 && request.write(chunk)) sent++
				if (sent < 160) request.once('drain', pump)
				else request.end()
			}
			pump()
		})
		expect(chunked.status).toBe(413)
		expect(chunked.body).toContain('Request body too large (limit 64 KB)')
		// And the server is still there for others.
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
	})
})

test.describe('two instances, one database', () => {
	test.skip(!process.env.DATABASE_URL, 'needs a PostgreSQL server (DATABASE_URL); .ci/run provides one')

	test('a session made on one instance is valid on the other, and a logout on one is seen by the other', async () => {
		test.setTimeout(120_000)
		const env = { SESSION_SECRET: `two-instances-${Math.random().toString(36).slice(2)}-secret` }
		const [a, b] = await Promise.all([startServer(env), startServer(env)])
		try {
			// API tokens.
			const email = uniqueEmail('twins')
			const registered = await fetch(`${a.url}/api/auth/register`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ name: 'Twin', email, password: E2E_PASSWORD }),
			})
			expect(registered.status).toBe(201)
			const { token } = (await registered.json()) as { token: string }
			const bearer = { Authorization: `Bearer ${token}` }
			expect(await (await fetch(`${b.url}/api/auth/verify`, { headers: bearer })).json()).toMatchObject({ user: { email } })
			expect((await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: bearer })).status).toBe(204)
			expect((await fetch(`${a.url}/api/auth/verify`, { headers: bearer })).status).toBe(401)

			// Browser sessions.
			const login = await fetch(`${a.url}/login`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ email, password: E2E_PASSWORD, redirectTo: '/profile' }),
			})
			expect(login.status).toBe(302)
			const cookie = sessionCookie(login)
			const onB = await fetch(`${b.url}/profile`, { headers: { Cookie: cookie }, redirect: 'manual' })
			expect(onB.status).toBe(200)
			expect(await onB.text()).toContain(email)
			const logout = await fetch(`${b.url}/logout`, { method: 'POST', headers: { Cookie: cookie }, redirect: 'manual' })
			expect(logout.status).toBe(302)
			const onA = await fetch(`${a.url}/profile`, { headers: { Cookie: cookie }, redirect: 'manual' })
			expect(onA.status).toBe(302)
			expect(onA.headers.get('location')).toBe('/login?redirectTo=%2Fprofile')
		} finally {
			await Promise.all([a.stop(), b.stop()])
		}
	})
})
