import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from './fixtures.ts'
import { adminContext, createPost, uniqueSuffix } from './blog-fixtures.ts'
import { E2E_ADMIN, E2E_PASSWORD, uniqueEmail } from './fixtures.ts'
import { startServer, startTcpProxy, waitFor } from './server-process.ts'

// These start their own server processes; run them one at a time.
test.describe.configure({ mode: 'serial' })

test.describe('embedded database lifecycle', () => {
	test.skip(Boolean(process.env.DATABASE_URL), 'the embedded database is used only when DATABASE_URL is unset')

	test('SIGTERM shuts down cleanly; a restart, and a restart after kill -9, reuse the data', async () => {
		test.setTimeout(120_000)
		const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-lifecycle-'))
		try {
			const first = await startServer({ DATA_DIR: dataDir })
			expect((await fetch(`${first.url}/`)).status).toBe(200)
			// A second process on the same data directory is refused, not allowed to corrupt it.
			const intruder = await startServer({ DATA_DIR: dataDir }).then(
				async (server) => (await server.stop(), 'started'),
				(error: Error) => error.message,
			)
			expect(intruder).not.toBe('started')

			expect(await first.stop('SIGTERM')).toBe(0)
			expect(first.output()).toContain('Database closed')
			expect(existsSync(path.join(dataDir, 'lock'))).toBe(false)

			const second = await startServer({ DATA_DIR: dataDir })
			expect((await fetch(`${second.url}/about`)).status).toBe(200)
			expect(await second.stop('SIGKILL')).toBeNull()

			// After a kill the stale lock is taken over and the data directory still opens.
			const third = await startServer({ DATA_DIR: dataDir })
			expect((await fetch(`${third.url}/healthz`)).status).toBe(200)
			expect(await third.stop('SIGINT')).toBe(0)
		} finally {
			rmSync(dataDir, { recursive: true, force: true })
		}
	})
})

test.describe('graceful shutdown', () => {
	test('a request in flight when SIGTERM arrives still gets its answer; new connections are refused', async () => {
		test.setTimeout(120_000)
		const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-inflight-'))
		try {
			const server = await startServer(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir })
			const { hostname, port } = new URL(server.url)
			// A form post whose body arrives slowly: the action is running (waiting
			// for its body) when the signal comes.
			const body = 'theme=dark&redirectTo=%2Fabout'
			const answer = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
				const request = http.request(
					{
						hostname,
						port,
						path: '/resources/theme',
						method: 'POST',
						headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
					},
					(response) => {
						response.resume()
						resolve({ status: response.statusCode ?? 0, location: response.headers.location })
					},
				)
				request.on('error', reject)
				request.write(body.slice(0, 5))
				setTimeout(() => {
					void server.stop('SIGTERM')
					setTimeout(() => request.end(body.slice(5)), 1_000)
				}, 500)
			})
			expect(await answer).toEqual({ status: 302, location: '/about' })
			expect(await server.stop()).toBe(0)
			expect(server.output()).toContain('SIGTERM: finishing in-flight requests')
			expect(server.output()).toContain('Database closed')
			await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
		} finally {
			rmSync(dataDir, { recursive: true, force: true })
		}
	})
})

test.describe('behind a TLS-terminating proxy', () => {
	test('pages asked for over plain HTTP redirect to https; the API and posts do not; HSTS is sent', async () => {
		test.setTimeout(120_000)
		const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-https-'))
		try {
			const server = await startServer({
				...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir }),
				SITE_URL: 'https://tools.example',
				TRUST_PROXY: '1',
			})
			try {
				const plain = { 'X-Forwarded-Proto': 'http' }
				const page = await fetch(`${server.url}/about?x=1`, { headers: plain, redirect: 'manual' })
				expect(page.status).toBe(301)
				expect(page.headers.get('location')).toBe('https://tools.example/about?x=1')
				const api = await fetch(`${server.url}/api/nope`, { headers: plain, redirect: 'manual' })
				expect(api.status).toBe(404)
				const post = await fetch(`${server.url}/resources/theme`, { method: 'POST', headers: plain, redirect: 'manual' })
				expect(post.status).not.toBe(301)
				const secure = await fetch(`${server.url}/about`, { headers: { 'X-Forwarded-Proto': 'https' } })
				expect(secure.status).toBe(200)
				expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
				expect(secure.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
			} finally {
				await server.stop()
			}
		} finally {
			rmSync(dataDir, { recursive: true, force: true })
		}
	})
})

test.describe('PostgreSQL going away', () => {
	test.skip(!process.env.DATABASE_URL, 'needs a PostgreSQL server (DATABASE_URL); .ci/run provides one')

	test('tools keep working, a signed-in user stays signed in and is told the session cannot be verified, every route that needs the database answers 503 + Retry-After, and all recovers without a restart', async ({
		browser,
	}) => {
		test.setTimeout(120_000)
		const databaseUrl = new URL(process.env.DATABASE_URL ?? '')
		const proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) })
		const viaProxy = new URL(databaseUrl)
		viaProxy.hostname = '127.0.0.1'
		viaProxy.port = String(proxy.port)
		const server = await startServer({ DATABASE_URL: viaProxy.toString(), ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password })
		const context = await browser.newContext()
		const page = await context.newPage()
		const admin = await adminContext(server.url)
		try {
			const post = await createPost(admin, { title: `Outage ${uniqueSuffix()}`, slug: `outage-${uniqueSuffix()}` })
			const adminCookie = (await admin.storageState()).cookies.find((cookie) => cookie.name === '__Host-session')
			expect(adminCookie).toBeTruthy()
			const asAdmin = { Cookie: `__Host-session=${adminCookie?.value}` }
			const account = { email: uniqueEmail('outage'), password: E2E_PASSWORD }
			const registered = await fetch(`${server.url}/api/auth/register`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ name: 'Outage', ...account }),
			})
			expect(registered.status).toBe(201)
			await page.goto(`${server.url}/login`)
			await page.getByLabel('Email').fill(account.email)
			await page.getByLabel('Password', { exact: true }).fill(account.password)
			await page.getByRole('button', { name: 'Log in', exact: true }).click()
			await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toBeVisible()

			await proxy.stop()
			await waitFor(async () => (await fetch(`${server.url}/healthz`)).status === 503, 20_000, '/healthz to answer 503')
			const health = await fetch(`${server.url}/healthz`)
			expect(health.headers.get('retry-after')).toBeTruthy()
			expect(await health.json()).toMatchObject({ status: 'error', database: 'unavailable' })

			// A tool needs no database: it still works, with the last known site name.
			const tools = await page.goto(`${server.url}/tools`)
			expect(tools?.status()).toBe(200)
			await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
			// The user stays signed in (cookie kept, Logout shown) and is told why nothing is personal.
			await expect(page.getByRole('alert')).toHaveText('Unable to verify session. Please try again later.')
			await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' })).toBeVisible()
			expect((await context.cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(true)
			// A page that needs the database shows the error screen, with no internals.
			const profile = await page.goto(`${server.url}/profile`)
			expect(profile?.status()).toBe(503)
			await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
			expect(await page.content()).not.toMatch(/ECONNREFUSED|prisma|stack/i)
			// The API says the same in its own terms.
			const apiToken = ((await registered.json()) as { token: string }).token
			const verify = await fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${apiToken}` } })
			expect(verify.status).toBe(503)
			expect(await verify.json()).toMatchObject({ message: 'Unable to verify session. Please try again later.' })

			// Every route that touches the database, GET and POST with valid bodies:
			// 503 with Retry-After (never 401, never 500), the error screen for
			// pages, the catalogue's JSON for the API and other resources.
			const userCookie = (await context.cookies()).find((cookie) => cookie.name === '__Host-session')
			const asUser = { Cookie: `__Host-session=${userCookie?.value}` }
			const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
				body: new URLSearchParams(fields).toString(),
				redirect: 'manual' as const,
			})
			const json = (body: unknown, headers: Record<string, string> = {}) => ({
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...headers },
				body: JSON.stringify(body),
				redirect: 'manual' as const,
			})
			const newAccount = () => ({ name: 'Outage Two', email: uniqueEmail('outage-new'), password: E2E_PASSWORD })
			const pages: Array<[string, RequestInit?]> = [
				['/blog'],
				[`/blog/${post.slug}`],
				['/blog?tag=none'],
				['/profile', { headers: asUser }],
				['/profile', form({ intent: 'update-name', name: 'Renamed' }, asUser)],
				['/login', form({ email: account.email, password: account.password })],
				['/register', form(newAccount())],
				...['/admin/dashboard', '/admin/posts', '/admin/posts/new', `/admin/posts/${post.id}/edit`, '/admin/users', '/admin/settings'].map(
					(path): [string, RequestInit] => [path, { headers: asAdmin }],
				),
				['/admin/settings', form({ siteName: 'Renamed', intent: 'save' }, asAdmin)],
			]
			const resources: Array<[string, RequestInit?]> = [
				['/sitemap.xml'],
				['/blog/rss.xml'],
				['/site.webmanifest'],
				['/files/AAAAAAAAAAAAAAAAAAAAAA'],
				['/logout', form({}, asUser)],
				['/api/auth/login', json({ email: account.email, password: account.password })],
				['/api/auth/register', json(newAccount())],
				['/api/auth/profile', { headers: { Authorization: `Bearer ${apiToken}` } }],
				['/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${apiToken}` } }],
			]
			for (const [path, init] of pages) {
				const what = `${init?.method ?? 'GET'} ${path}`
				const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
				expect(response.status, what).toBe(503)
				expect(Number(response.headers.get('retry-after')), what).toBeGreaterThan(0)
				const html = await response.text()
				expect(html, what).toContain('Something went wrong')
				expect(html, what).not.toMatch(/ECONNREFUSED|prisma|Invalid email or password/i)
			}
			for (const [path, init] of resources) {
				const what = `${init?.method ?? 'GET'} ${path}`
				// The manifest reads the site settings, which may be answered from their one-second cache
				// (site/settings.server.ts) just after the server went away: wait for the state, not a time.
				if (path === '/site.webmanifest') {
					await expect.poll(async () => (await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })).status, { message: what }).toBe(503)
				}
				const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
				expect(response.status, what).toBe(503)
				expect(Number(response.headers.get('retry-after')), what).toBeGreaterThan(0)
				expect(await response.json(), what).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
			}
			// The log-in form in the browser: the error screen, not "Invalid email or password".
			const anonymous = await browser.newContext()
			try {
				const loginPage = await anonymous.newPage()
				await loginPage.goto(`${server.url}/login`)
				await loginPage.getByLabel('Email').fill(account.email)
				await loginPage.getByLabel('Password', { exact: true }).fill(account.password)
				await loginPage.getByRole('button', { name: 'Log in', exact: true }).click()
				await expect(loginPage.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
				await expect(loginPage.getByText('Invalid email or password')).toHaveCount(0)
			} finally {
				await anonymous.close()
			}
			// What needs no database still answers: pages, and a tool run (only its usage count is lost).
			for (const path of ['/', '/about', '/tools', '/tools/json-formatter', '/login', '/register']) {
				const response = await fetch(`${server.url}${path}`)
				expect(response.status, path).toBe(200)
				if (path === '/') expect(await response.text()).not.toContain('Latest from the blog')
			}
			const run = await fetch(`${server.url}/api/tools/json-formatter`, json({ input: '{"a":1}', options: {} }))
			expect(run.status).toBe(200)
			expect(((await run.json()) as { output: string }).output).toContain('"a": 1')

			await proxy.start()
			await waitFor(async () => (await fetch(`${server.url}/healthz`)).ok, 30_000, '/healthz to recover')
			await page.getByRole('button', { name: 'Refresh Page' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
			await expect(page.getByRole('alert')).toHaveCount(0)
			// The same process serves every database route again.
			for (const path of ['/blog', `/blog/${post.slug}`, '/sitemap.xml', '/blog/rss.xml', '/site.webmanifest']) {
				expect((await fetch(`${server.url}${path}`)).status, path).toBe(200)
			}
			for (const path of ['/admin/dashboard', '/admin/posts', '/admin/users', '/admin/settings']) {
				expect((await fetch(`${server.url}${path}`, { headers: asAdmin })).status, path).toBe(200)
			}
			expect((await fetch(`${server.url}/files/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404)
			const login = await fetch(`${server.url}/api/auth/login`, json({ email: account.email, password: account.password }))
			expect(login.status).toBe(200)
			expect((await fetch(`${server.url}/api/auth/register`, json(newAccount()))).status).toBe(201)
		} finally {
			await admin.dispose()
			await context.close()
			await server.stop()
			await proxy.stop()
		}
	})
})
