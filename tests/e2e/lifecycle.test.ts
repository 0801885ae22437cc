import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
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

	test('pages show the error screen and /healthz answers 503, both recover without a restart', async ({ browser }) => {
		test.setTimeout(120_000)
		const databaseUrl = new URL(process.env.DATABASE_URL ?? '')
		const proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) })
		const viaProxy = new URL(databaseUrl)
		viaProxy.hostname = '127.0.0.1'
		viaProxy.port = String(proxy.port)
		const server = await startServer({ DATABASE_URL: viaProxy.toString() })
		const page = await browser.newPage()
		try {
			expect((await page.goto(`${server.url}/about`))?.status()).toBe(200)

			await proxy.stop()
			await waitFor(async () => (await fetch(`${server.url}/healthz`)).status === 503, 20_000, '/healthz to answer 503')
			const health = await fetch(`${server.url}/healthz`)
			expect(health.headers.get('retry-after')).toBeTruthy()
			expect(await health.json()).toMatchObject({ status: 'error', database: 'unavailable' })
			// Site settings are cached for a second; after that every page needs the database.
			await waitFor(async () => (await fetch(`${server.url}/tools`)).status === 503, 10_000, 'pages to answer 503')
			const down = await page.goto(`${server.url}/tools`)
			expect(down?.status()).toBe(503)
			await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
			await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
			expect(await page.content()).not.toMatch(/ECONNREFUSED|prisma|stack/i)

			await proxy.start()
			await waitFor(async () => (await fetch(`${server.url}/healthz`)).ok, 30_000, '/healthz to recover')
			await page.getByRole('button', { name: 'Refresh Page' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
		} finally {
			await page.close()
			await server.stop()
			await proxy.stop()
		}
	})
})
