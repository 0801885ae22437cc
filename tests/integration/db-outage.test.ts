/**
 * Database outages are reported truthfully (issue 11, item 4): the one
 * recogniser (isDatabaseUnavailable) against the errors a real dead
 * database produces, and the routes outside the page renderer (the JSON
 * API, feeds, files, logout) answering 503 with Retry-After while the
 * database cannot be reached, then recovering without a restart. Pages (the
 * 503 "Something went wrong" screen) are covered end to end in
 * tests/e2e/lifecycle.test.ts, which cuts a real PostgreSQL server.
 *
 * The outage here is real, not a mock: DATABASE_URL points at a port where
 * nothing listens, so the shared client (getPrisma) connects there and gets
 * refused, exactly as after a database crash.
 */
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { freePort } from '#tests/setup/ports.ts'
import { AuthorizationError } from 'remix-auth'
import { handleDataRequest, handleError } from '#app/entry.server.tsx'
import * as loginPage from '#app/routes/login.tsx'
import * as logoutRoute from '#app/routes/logout.tsx'
import * as apiLogin from '#app/routes/api.auth.login.ts'
import * as apiRegister from '#app/routes/api.auth.register.ts'
import * as apiVerify from '#app/routes/api.auth.verify.ts'
import * as apiTools from '#app/routes/api.tools.$slug.ts'
import * as files from '#app/routes/files.$id.ts'
import * as rss from '#app/routes/blog.rss[.]xml.ts'
import * as sitemap from '#app/routes/sitemap[.]xml.ts'
import * as manifest from '#app/routes/site[.]webmanifest.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { createPrismaClient, isDatabaseUnavailable, prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { storeFile } from '#app/files/files.server.ts'
import { forgetCachedSiteSettings } from '#app/site/settings.server.ts'
import { createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type RouteHandler } from '#tests/setup/routes.ts'

async function caught(promise: Promise<unknown>): Promise<unknown> {
	return promise.then(
		() => {
			throw new Error('expected a rejection')
		},
		(error: unknown) => error,
	)
}

describe('isDatabaseUnavailable', () => {
	test('recognises what a refused connection throws: model queries, raw queries, transactions', async () => {
		const client = createPrismaClient(`postgresql://app@127.0.0.1:${await freePort()}/app`)
		try {
			const errors = [
				await caught(client.user.findFirst()),
				await caught(client.user.create({ data: { email: 'x@example.com', name: 'X' } })),
				await caught(client.$queryRawUnsafe('SELECT 1')),
				await caught(client.$executeRawUnsafe('SELECT 1')),
				await caught(client.$transaction(async (tx) => tx.user.count())),
				await caught(client.$transaction([client.user.count()])),
			]
			for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(true)
			// remix-auth wraps what a strategy threw: still an outage.
			expect(isDatabaseUnavailable(new AuthorizationError('Unknown error', errors[0] as Error))).toBe(true)
		} finally {
			await client.$disconnect()
		}
	})

	test('recognises a connection that is accepted but never answers (timeout)', async () => {
		const sockets = new Set<net.Socket>()
		const silent = net.createServer((socket) => sockets.add(socket))
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		const { port } = silent.address() as net.AddressInfo
		const client = createPrismaClient(`postgresql://app@127.0.0.1:${port}/app`)
		try {
			// connectionTimeoutMillis (5 s) ends the wait: node-postgres' own error, no code.
			const error = await caught(client.user.findFirst())
			expect(isDatabaseUnavailable(error), String(error)).toBe(true)
		} finally {
			for (const socket of sockets) socket.destroy()
			silent.close()
			await client.$disconnect().catch(() => {})
		}
	})

	test("recognises node-postgres' connection cut mid-query and the adapter's shapes", () => {
		// As thrown when the connection dies during a query (seen with a cut TCP proxy).
		expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
		expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true)
		expect(isDatabaseUnavailable({ name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } })).toBe(true)
		expect(isDatabaseUnavailable(Object.assign(new Error('the database system is shutting down'), { code: '57P01' }))).toBe(true)
		expect(isDatabaseUnavailable(Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' }))).toBe(true)
	})

	test('is false for errors that are not an outage', async () => {
		await resetDatabase()
		const user = await createUser()
		const duplicate = await caught(prisma.user.create({ data: { email: user.email, name: 'Twin' } }))
		expect(isDatabaseUnavailable(duplicate)).toBe(false)
		const missingFile = await caught(readFile('/nonexistent/toolsite-file'))
		expect(isDatabaseUnavailable(missingFile)).toBe(false) // ENOENT
		// A message that merely mentions a refusal is no driver error.
		expect(isDatabaseUnavailable(new Error('connect ECONNREFUSED 10.0.0.5:5432'))).toBe(false)
		expect(isDatabaseUnavailable(new AppError('VALIDATION_ERROR'))).toBe(false)
		expect(isDatabaseUnavailable(new Error('relation "User" does not exist'))).toBe(false)
		expect(isDatabaseUnavailable(null)).toBe(false)
	})
})

describe('while the database is unreachable', () => {
	const liveUrl = process.env.DATABASE_URL
	let logged: ReturnType<typeof vi.spyOn>
	let warned: ReturnType<typeof vi.spyOn>

	async function cutDatabase() {
		forgetCachedSiteSettings()
		process.env.DATABASE_URL = `postgresql://app@127.0.0.1:${await freePort()}/app`
	}

	beforeEach(async () => {
		await resetDatabase()
		logged = vi.spyOn(console, 'error').mockImplementation(() => {})
		warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
	})
	afterEach(async () => {
		process.env.DATABASE_URL = liveUrl
		await settleRunRecords()
		forgetCachedSiteSettings()
		logged.mockRestore()
		warned.mockRestore()
	})

	function expectUnavailable(outcome: { status: number; headers: Headers; body: unknown }, what: string) {
		expect(outcome.status, what).toBe(503)
		expect(outcome.headers.get('Retry-After'), what).toBe('5')
		expect(outcome.headers.get('Cache-Control'), what).toBe('no-store')
		expect(outcome.body, what).toEqual({ message: 'Service temporarily unavailable', status: 503, code: 'SERVICE_UNAVAILABLE', details: { retryAfter: 5 } })
	}

	test('the API, feeds, sitemap, manifest and files answer 503 + Retry-After in the catalogue shape, then recover', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id, 'api')
		const file = await storeFile({ name: 'a.png', mediaType: 'image/png', data: new Uint8Array([1, 2, 3]), kept: true })
		const requests: Array<[string, RouteHandler, () => Request, Record<string, string>?]> = [
			['POST /api/auth/login', apiLogin.action, () => makeRequest('/api/auth/login', { method: 'POST', json: { email: user.email, password: TEST_PASSWORD } })],
			[
				'POST /api/auth/register',
				apiRegister.action,
				() => makeRequest('/api/auth/register', { method: 'POST', json: { name: 'New', email: uniqueEmail('new'), password: 'a long enough passphrase 42' } }),
			],
			['GET /sitemap.xml', sitemap.loader, () => makeRequest('/sitemap.xml')],
			['GET /blog/rss.xml', rss.loader, () => makeRequest('/blog/rss.xml')],
			['GET /site.webmanifest', manifest.loader, () => makeRequest('/site.webmanifest')],
			['GET /files/<id>', files.loader, () => makeRequest(`/files/${file.id}`), { id: file.id }],
		]

		await cutDatabase()
		for (const [what, handler, request, params] of requests) {
			expectUnavailable(await callRoute(handler, request(), params), what)
		}
		// The bearer check keeps its own message, with the same status and Retry-After.
		const verify = await callRoute(apiVerify.loader, makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } }))
		expect(verify.status).toBe(503)
		expect(verify.headers.get('Retry-After')).toBe('5')
		// Nothing about the connection leaks into the logs' neighbours: the answers carry no internals.
		expect(logged.mock.calls.flat().join(' ')).toMatch(/refused|unreachable/)

		// Back: the same process answers normally.
		process.env.DATABASE_URL = liveUrl
		for (const [what, handler, request, params] of requests) {
			const outcome = await callRoute(handler, request(), params)
			expect([200, 201], what).toContain(outcome.status)
		}
	})

	test('a tool run still answers when only its usage count (and its rate-limit count) cannot be written', async () => {
		await cutDatabase()
		const outcome = await callRoute(
			apiTools.action,
			makeRequest('/api/tools/json-formatter', { method: 'POST', json: { input: '{"a":1}', options: {} } }),
			{ slug: 'json-formatter' },
		)
		expect(outcome.status).toBe(200)
		expect(outcome.body.output).toContain('"a": 1')
		await settleRunRecords()
		expect(warned.mock.calls.flat().join(' ')).toMatch(/Could not record a tool run: .*(refused|unreachable)/)
		// The per-address limit is let through, not turned into a 503 (app/site/rate-limit.server.ts).
		expect(warned.mock.calls.flat().join(' ')).toMatch(/Could not count a tools request against its rate limit: .*(refused|unreachable)/)
	})

	test('logout answers 503 + Retry-After and still clears this browser\'s cookie', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		await cutDatabase()
		const outcome = await callRoute(logoutRoute.action, makeRequest('/logout', { method: 'POST', form: {}, cookie }))
		expectUnavailable(outcome, 'POST /logout')
		const cleared = outcome.headers.getSetCookie().find((line) => line.startsWith('session='))
		expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
	})

	test('a password sign-in through the form is an outage (a 503 page), never "Invalid email or password"', async () => {
		const user = await createUser()
		await cutDatabase()
		const request = makeRequest('/login', { method: 'POST', form: { email: user.email, password: TEST_PASSWORD } })
		const error = await caught(callRoute(loginPage.action, request))
		expect(isDatabaseUnavailable(error)).toBe(true)

		// What Remix then does with it (app/entry.server.tsx): the error is
		// reported, and the answer (here a client-side navigation's data) is a 503.
		handleError(error, { request })
		const answer = handleDataRequest(new Response('x', { status: 500 }), { request })
		expect(answer.status).toBe(503)
		expect(answer.headers.get('Retry-After')).toBe('5')
		// Other failures of other requests stay 500.
		const other = makeRequest('/blog')
		handleError(new Error('a bug'), { request: other })
		expect(handleDataRequest(new Response('x', { status: 500 }), { request: other }).status).toBe(500)

		process.env.DATABASE_URL = liveUrl
		const outcome = await callRoute(loginPage.action, makeRequest('/login', { method: 'POST', form: { email: user.email, password: TEST_PASSWORD } }))
		expect(outcome.status).toBe(302)
	})
})
