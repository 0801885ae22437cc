/**
 * Revalidation of shared pages (ETag/304) through the real Express app, with
 * a minimal Remix build whose resource routes answer like the blog's pages:
 * HTML carrying the response's CSP nonce, `Cache-Control: public, no-cache`.
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { markContentChanged } from '#app/utils/content-changes.server.ts'
import { minimalBuild } from '#tests/fixtures/remix-build.ts'
import { allowConsoleError } from '#tests/setup/console-error.ts'
import { createApp } from './app.ts'
import { answerClientErrors } from './request-guards.ts'

let content = 'first version'

type LoaderArgs = { request: Request; context: { cspNonce?: string } }

function page({ context }: LoaderArgs, cacheControl: string) {
	const nonce = context.cspNonce ?? ''
	return new Response(`<!doctype html><html><body><p>${content}</p><script nonce="${nonce}">1</script></body></html>`, {
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl, Vary: 'Cookie, Sec-CH-Prefers-Color-Scheme' },
	})
}

function route(id: string, path: string, loader: (args: LoaderArgs) => Response) {
	return [id, { path, module: { loader } }] as const
}

const build = minimalBuild(
	Object.fromEntries([
		route('routes/public', 'public', (args) => page(args, 'public, no-cache')),
		route('routes/private', 'private', (args) => page(args, 'private, no-cache')),
		route('routes/cookie', 'cookie', (args) => {
			const response = page(args, 'public, no-cache')
			response.headers.append('Set-Cookie', 'toast=; Max-Age=0')
			return response
		}),
		route(
			'routes/file',
			'file',
			() =>
				new Response('GIF89a', {
					headers: {
						'Content-Type': 'image/gif',
						'Content-Security-Policy': "default-src 'none'; sandbox",
						'Cross-Origin-Resource-Policy': 'cross-origin',
						'Set-Cookie': 'a=1',
					},
				}),
		),
		route(
			'routes/feed',
			'feed',
			() => new Response(`<rss version="2.0"><channel><title>${content}</title></channel></rss>`, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, no-cache' } }),
		),
		route('routes/throws', 'throws', () => {
			throw new Error('a loader bug at /secret/path.ts')
		}),
	]),
)

async function startApp(pageCacheMs: number, clientDir = '/nonexistent') {
	const app = createApp({ mode: 'production', build, https: false, logRequests: false, siteOrigin: 'http://localhost:3000', pageCacheMs, clientDir })
	const server = app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
	return {
		server,
		url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
	}
}

describe.each([
	['without the page cache', 0],
	['with the page cache', 60_000],
])('ETag and 304 %s', (_name, pageCacheMs) => {
	let app: Awaited<ReturnType<typeof startApp>>
	beforeAll(async () => {
		app = await startApp(pageCacheMs)
	})
	afterAll(() => new Promise<void>((resolve) => app.server.close(() => resolve())))

	test('a public page gets a weak ETag that ignores the nonce; a matching If-None-Match gets 304 with no body and no CSP', async () => {
		content = `first version ${pageCacheMs}`
		const first = await fetch(app.url('/public'))
		expect(first.status).toBe(200)
		const etag = first.headers.get('ETag')
		expect(etag).toMatch(/^W\/"[\w-]+"$/)
		expect(first.headers.get('Cache-Control')).toBe('public, no-cache')
		const body = await first.text()
		const second = await fetch(app.url('/public'))
		if (pageCacheMs === 0) {
			// Rendered for each response: a new nonce every time, the same ETag.
			expect(first.headers.get('Content-Security-Policy')).toContain('nonce-')
			const nonce = /nonce="([^"]+)"/.exec(body)?.[1]
			expect(nonce).toBeTruthy()
			expect(/nonce="([^"]+)"/.exec(await second.text())?.[1]).not.toBe(nonce)
		} else {
			// Cached: the same bytes for everyone, the script named by its hash (the next test).
			expect(first.headers.get('Content-Security-Policy')).toContain("'sha256-")
			expect(await second.text()).toBe(body)
		}
		expect(second.headers.get('ETag')).toBe(etag)

		const revalidated = await fetch(app.url('/public'), { headers: { 'If-None-Match': etag! } })
		expect(revalidated.status).toBe(304)
		expect(await revalidated.text()).toBe('')
		expect(revalidated.headers.get('ETag')).toBe(etag)
		expect(revalidated.headers.get('Content-Security-Policy')).toBeNull()
		expect(revalidated.headers.get('Cache-Control')).toBe('public, no-cache')
		expect(revalidated.headers.get('Vary')).toContain('Cookie')
		expect(revalidated.headers.get('Content-Type')).toBeNull()

		// Weak comparison, lists and `*`.
		const strong = etag!.replace(/^W\//, '')
		expect((await fetch(app.url('/public'), { headers: { 'If-None-Match': `"other", ${strong}` } })).status).toBe(304)
		expect((await fetch(app.url('/public'), { headers: { 'If-None-Match': '*' } })).status).toBe(304)
		expect((await fetch(app.url('/public'), { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
	})

	// A save marks content changed (posts.server.ts, settings.server.ts), which the page cache honours at once.
	test('changed content gets a new ETag and the full page (a saved post shows at once)', async () => {
		content = 'before the save'
		const before = (await fetch(app.url('/public'))).headers.get('ETag')!
		content = 'after the save'
		markContentChanged()
		const after = await fetch(app.url('/public'), { headers: { 'If-None-Match': before } })
		expect(after.status).toBe(200)
		expect(after.headers.get('ETag')).not.toBe(before)
		expect(await after.text()).toContain('after the save')
	})

	test('a signed-in reader (session cookie) gets private, no-cache, no shared ETag and never a 304', async () => {
		const anonymous = (await fetch(app.url('/public'))).headers.get('ETag')!
		const signedIn = await fetch(app.url('/public'), { headers: { Cookie: 'session=abc', 'If-None-Match': anonymous } })
		expect(signedIn.status).toBe(200)
		expect(signedIn.headers.get('Cache-Control')).toBe('private, no-cache')
		expect(signedIn.headers.get('ETag')).toBeNull()
		// Display preferences alone keep a reader anonymous.
		const themed = await fetch(app.url('/public'), { headers: { Cookie: 'theme=dark' } })
		expect(themed.headers.get('Cache-Control')).toBe('public, no-cache')
		expect(themed.headers.get('ETag')).toMatch(/^W\//)
		// An Authorization header too makes it personal.
		const bearer = await fetch(app.url('/public'), { headers: { Authorization: 'Bearer x' } })
		expect(bearer.headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test('private pages and pages that set a cookie are not revalidated', async () => {
		const privatePage = await fetch(app.url('/private'))
		const etag = privatePage.headers.get('ETag')
		if (etag) expect((await fetch(app.url('/private'), { headers: { 'If-None-Match': etag } })).status).toBe(200)
		const cookie = await fetch(app.url('/cookie'))
		expect(cookie.headers.get('ETag')).toBeNull()
		expect(cookie.headers.get('Set-Cookie')).toContain('toast=')
	})

	test('the RSS feed is revalidated too', async () => {
		const feed = await fetch(app.url('/feed'))
		expect(feed.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
		const etag = feed.headers.get('ETag')!
		expect(etag).toMatch(/^W\//)
		expect((await fetch(app.url('/feed'), { headers: { 'If-None-Match': etag } })).status).toBe(304)
	})

	test('X-Forwarded-Host and X-Forwarded-Proto do not change the page (SECURITY H6)', async () => {
		const plain = await fetch(app.url('/public'))
		const spoofed = await fetch(app.url('/public'), { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Scheme': 'https' } })
		expect(spoofed.headers.get('ETag')).toBe(plain.headers.get('ETag'))
		expect(spoofed.headers.get('Vary')).toBe(plain.headers.get('Vary'))
	})
})

// Found by the hostile-input sweep: Remix's own answer was a bare {"message":"Unexpected Server Error"}.
test('a resource route without an action answers other methods 405 in the catalogue with Allow; a throwing loader a catalogue 500', async () => {
	// This build has no handleError: Remix's default logs each refusal.
	allowConsoleError()
	const app = await startApp(0)
	try {
		for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
			const response = await fetch(app.url('/feed'), { method, body: method === 'DELETE' ? undefined : 'x' })
			expect(response.status).toBe(405)
			expect(response.headers.get('Allow')).toBe('GET, HEAD')
			expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
			expect(await response.json()).toEqual({ message: 'Method not allowed (use GET or HEAD)', status: 405, code: 'METHOD_NOT_ALLOWED' })
		}
		const thrown = await fetch(app.url('/throws'))
		expect(thrown.status).toBe(500)
		expect(await thrown.json()).toEqual({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' })
		expect((await fetch(app.url('/feed'))).status).toBe(200)
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
	}
})

// Found by the hostile-input sweep: Node's own 431 had no body at all.
test('a request Node refuses before Express (headers over 16 KB, a malformed request line) gets a JSON error', async () => {
	const app = await startApp(0)
	answerClientErrors(app.server)
	const port = (app.server.address() as AddressInfo).port
	const raw = (request: string) =>
		new Promise<string>((resolve, reject) => {
			const socket = net.connect(port, '127.0.0.1', () => socket.end(request))
			let answer = ''
			socket.on('data', (chunk) => (answer += chunk))
			socket.on('close', () => resolve(answer))
			socket.on('error', reject)
		})
	try {
		const huge = await raw(`GET /api/pdf/x HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${'A'.repeat(20_000)}\r\n\r\n`)
		expect(huge).toMatch(/^HTTP\/1\.1 431 /)
		expect(huge).toContain('Content-Type: application/json')
		expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Request headers too large (limit 16 KB)', status: 431, code: 'HEADERS_TOO_LARGE' })
		const malformed = await raw('GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n')
		expect(malformed).toMatch(/^HTTP\/1\.1 400 /)
		expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Malformed request', status: 400, code: 'VALIDATION_ERROR' })
		expect((await fetch(app.url('/feed'))).status).toBe(200)
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
	}
})

test("a response's own security headers replace the middleware's defaults instead of joining them; Set-Cookie may repeat", async () => {
	const app = await startApp(0)
	try {
		const response = await fetch(app.url('/file'))
		expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
		expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(response.headers.getSetCookie()).toEqual(['a=1'])
		// Pages keep the middleware's policy with their nonce.
		expect((await fetch(app.url('/public'))).headers.get('Content-Security-Policy')).toContain('nonce-')
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
	}
})

test('files at the build root are served by name; page URLs never touch the disk', async () => {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolsite-client-'))
	await fs.writeFile(path.join(dir, 'favicon.ico'), 'icon')
	await fs.mkdir(path.join(dir, 'public'))
	await fs.writeFile(path.join(dir, 'public', 'index.html'), 'not a page')
	const app = await startApp(0, dir)
	try {
		const icon = await fetch(app.url('/favicon.ico'))
		expect(await icon.text()).toBe('icon')
		expect(icon.headers.get('Cache-Control')).toBe('public, max-age=3600')
		// A folder of the same name as a page is Remix's.
		expect(await (await fetch(app.url('/public'))).text()).toMatch(/^<!doctype html>/)
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
		await fs.rm(dir, { recursive: true, force: true })
	}
})

test('a cached page is sealed: no nonce, its inline scripts hashed in the policy, compressed once in br or gzip', async () => {
	const app = await startApp(60_000)
	try {
		content = 'sealed'
		const plain = await fetch(app.url('/public'), { headers: { 'Accept-Encoding': 'identity' } })
		const html = await plain.text()
		expect(html).toBe('<!doctype html><html><body><p>sealed</p><script>1</script></body></html>')
		// sha256("1")
		const hash = "'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s='"
		expect(plain.headers.get('Content-Security-Policy')).toMatch(new RegExp(`script-src 'self' ${hash} 'strict-dynamic'`))
		expect(plain.headers.get('Content-Encoding')).toBeNull()

		for (const [accept, coding, decode] of [
			['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
			['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
		] as const) {
			const response = await rawGet(app.url('/public'), accept)
			expect(response.headers['content-encoding'], accept).toBe(coding)
			expect(response.headers.vary).toMatch(/Accept-Encoding/)
			expect(response.headers['content-security-policy']).toContain(hash)
			expect(decode(response.body).toString()).toBe(html)
		}
		// The cache's fast path (before Express) sends what the Express chain sent for the same page.
		// (A URL not cached yet: the first answer is rendered through Express, the second comes from the cache.)
		const viaExpress = await rawGet(app.url('/public?fast=1'), 'gzip')
		const viaFastPath = await rawGet(app.url('/public?fast=1'), 'gzip')
		const comparable = (headers: http.IncomingHttpHeaders) => {
			const { date: _date, 'x-request-id': id, ...rest } = headers
			expect(id).toMatch(/^[\w-]{36}$/)
			return rest
		}
		expect(comparable(viaFastPath.headers)).toEqual(comparable(viaExpress.headers))
		expect(viaFastPath.body).toEqual(viaExpress.body)
		// A personal request is rendered for itself, with a nonce.
		const personal = await fetch(app.url('/public'), { headers: { Cookie: 'session=x' } })
		expect(personal.headers.get('Content-Security-Policy')).toContain("'nonce-")
		expect(await personal.text()).toMatch(/<script nonce="[^"]+">1<\/script>/)
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
	}
})

/** A GET that keeps the body as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string, extraHeaders: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'Accept-Encoding': acceptEncoding, ...extraHeaders } }, (response) => {
				const chunks: Array<Buffer> = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

test('hashed assets are answered before Express with the headers Express gives them; conditional and unknown requests go through Express', async () => {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolsite-client-'))
	await fs.mkdir(path.join(dir, 'assets'))
	const source = 'export const answer = 42\n'.repeat(20)
	await fs.writeFile(path.join(dir, 'assets', 'app-Ab12Cd34.js'), source)
	await fs.writeFile(path.join(dir, 'assets', 'app-Ab12Cd34.js.br'), zlib.brotliCompressSync(source))
	await fs.writeFile(path.join(dir, 'assets', 'app-Ab12Cd34.js.gz'), zlib.gzipSync(source))
	const app = await startApp(0, dir)
	const asset = app.url('/assets/app-Ab12Cd34.js')
	// An If-Modified-Since from before the file: the Express chain answers, in full.
	const viaExpress = (accept: string) => rawGet(asset, accept, { 'If-Modified-Since': new Date(0).toUTCString() })
	const comparable = (headers: http.IncomingHttpHeaders) => {
		const { date: _date, 'x-request-id': id, 'content-security-policy': policy, ...rest } = headers
		expect(id).toMatch(/^[\w-]{36}$/)
		return { ...rest, policy: String(policy).replace(/'nonce-[^']+'/, "'nonce-…'") }
	}
	try {
		for (const [accept, decode] of [
			['gzip, deflate, br', zlib.brotliDecompressSync],
			['gzip', zlib.gunzipSync],
			['identity', (body: Buffer) => body],
		] as const) {
			const fast = await rawGet(asset, accept)
			const express = await viaExpress(accept)
			expect(decode(fast.body).toString(), accept).toBe(source)
			expect(fast.body).toEqual(express.body)
			expect(comparable(fast.headers), accept).toEqual(comparable(express.headers))
			expect(fast.headers['content-type']).toBe('text/javascript; charset=utf-8')
			expect(fast.headers['cache-control']).toBe('public, max-age=31536000, immutable')
			expect(fast.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
			expect(fast.headers['x-content-type-options']).toBe('nosniff')
		}
		const head = await fetch(asset, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } })
		expect(head.status).toBe(200)
		expect(head.headers.get('Content-Encoding')).toBe('br')
		expect(await head.text()).toBe('')
		// Revalidation and ranges are express.static's.
		const etag = (await rawGet(asset, 'identity')).headers.etag!
		expect((await rawGet(asset, 'identity', { 'If-None-Match': etag })).status).toBe(304)
		const range = await rawGet(asset, 'identity', { Range: 'bytes=0-5' })
		expect(range.status).toBe(206)
		expect(range.body.toString()).toBe('export')
	} finally {
		await new Promise<void>((resolve) => app.server.close(() => resolve()))
		await fs.rm(dir, { recursive: true, force: true })
	}
})
