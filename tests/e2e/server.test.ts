import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from './fixtures.ts'
import { liveTools, toolHref } from '#app/tools/registry.ts'
import { publicPages } from './utils.ts'
import { startServer } from './server-process.ts'

/** The status of a request sent exactly as given (method and path untouched). */
function rawStatus(baseURL: string | undefined, method: string, path: string): Promise<number> {
	const url = new URL(baseURL ?? '')
	return new Promise((resolve, reject) => {
		const req = http.request({ hostname: url.hostname, port: url.port, path, method }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		req.on('error', reject)
		req.end()
	})
}

test.describe('security headers', () => {
	test('every kind of response carries them', async ({ request }) => {
		for (const path of ['/', '/no-such-page', '/api/nope', '/healthz', '/robots.txt', '/favicon.svg']) {
			const headers = (await request.get(path)).headers()
			expect(headers['x-content-type-options'], path).toBe('nosniff')
			expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
			expect(headers['permissions-policy'], path).toContain('camera=()')
			expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
			expect(headers['x-powered-by'], path).toBeUndefined()
		}
	})

	test('the CSP is enforced: a personal page gets a fresh nonce that every script carries; a shared page names its scripts by hash', async ({ request }) => {
		const checkPolicy = (csp: string) => {
			for (const directive of ["object-src 'none'", "base-uri 'none'", "script-src-attr 'none'", "'strict-dynamic'"]) expect(csp).toContain(directive)
			// No WebAssembly compilation here ('wasm-unsafe-eval' is for the minify tool only); JavaScript eval never.
			expect(csp).not.toContain('wasm-unsafe-eval')
			expect(csp).not.toContain("'unsafe-eval'")
			expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
		}
		// Any cookie but the display preferences makes the page personal: rendered for this response alone.
		const nonces = new Set<string>()
		for (let i = 0; i < 3; i++) {
			const response = await request.get('/', { headers: { Cookie: 'someone=1' } })
			const csp = response.headers()['content-security-policy'] ?? ''
			expect(response.headers()['content-security-policy-report-only']).toBeUndefined()
			checkPolicy(csp)
			const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
			expect(nonce).toBeTruthy()
			nonces.add(nonce ?? '')
			const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? []
			expect(scripts.length).toBeGreaterThan(0)
			for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
		}
		expect(nonces.size).toBe(3)

		// An anonymous visitor's page is the same bytes for everyone (so it is compressed once):
		// no nonce anywhere, and the policy lists the SHA-256 of each inline script and nothing else.
		const bodies = new Set<string>()
		for (let i = 0; i < 2; i++) {
			const response = await request.get('/')
			const csp = response.headers()['content-security-policy'] ?? ''
			checkPolicy(csp)
			expect(csp).not.toContain("'nonce-")
			const html = await response.text()
			bodies.add(html)
			const executable = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes ?? ''))
			expect(executable.length).toBeGreaterThan(0)
			const hashes = new Set(executable.map(([, , text]) => `'sha256-${createHash('sha256').update(text ?? '').digest('base64')}'`))
			const listed = new Set(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ').filter((source) => source.startsWith("'sha256-")))
			expect(listed).toEqual(hashes)
			expect(html).not.toContain('nonce=')
		}
		expect(bodies.size).toBe(1)
	})

	test("only the minify tool's and the PDF page, and their workers' scripts, may compile WebAssembly ('wasm-unsafe-eval')", async ({ request }) => {
		const cspOf = async (url: string) => {
			const response = await request.get(url)
			expect(response.status(), url).toBe(200)
			return response.headers()['content-security-policy'] ?? ''
		}
		for (const { path: page } of publicPages) {
			const csp = await cspOf(page)
			expect(csp, page).toMatch(/script-src [^;]*'strict-dynamic'/)
			// pdf.js's worker decodes JPEG 2000 and colour profiles with wasm on the PDF page.
			if (page === '/tools/minify-beautify' || page === '/tools/pdf-converter') expect(csp, page).toMatch(/script-src [^;]*'wasm-unsafe-eval'/)
			else expect(csp, page).not.toContain('wasm-unsafe-eval')
			expect(csp, page).not.toContain("'unsafe-eval'")
		}
		// A worker loaded from a same-origin URL runs under its script's own CSP: the minify
		// tool's worker gets WebAssembly, the other tools' workers and every other script do not.
		const assets = readdirSync(path.resolve('build/client/assets')).filter((name) => name.endsWith('.js'))
		const workers = assets.filter((name) => /-worker-[\w-]+\.js$/.test(name))
		expect(workers.filter((name) => name.startsWith('minify-worker-'))).toHaveLength(1)
		expect(workers.length).toBeGreaterThan(1)
		for (const name of workers) {
			const csp = await cspOf(`/assets/${name}`)
			if (name.startsWith('minify-worker-')) expect(csp, name).toMatch(/script-src [^;]*'wasm-unsafe-eval'/)
			else expect(csp, name).not.toContain('wasm-unsafe-eval')
		}
		const pdfWorkers = readdirSync(path.resolve('build/client/assets')).filter((name) => /^pdf\.worker\.min-[\w-]+\.mjs$/.test(name))
		expect(pdfWorkers).toHaveLength(1)
		expect(await cspOf(`/assets/${pdfWorkers[0]}`)).toMatch(/script-src [^;]*'wasm-unsafe-eval'/)
		for (const name of assets.filter((name) => /^(core\.browser|browser|entry\.client|pdf|pdf_viewer)-/.test(name))) {
			expect(await cspOf(`/assets/${name}`), name).not.toContain('wasm-unsafe-eval')
		}
	})

	test('a page runs under its CSP without violations', async ({ page }) => {
		const violations: Array<string> = []
		page.on('console', (message) => {
			if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
		})
		await page.goto('/tools/text-case-converter')
		await page.waitForLoadState('networkidle')
		await page.getByRole('banner').getByRole('link', { name: 'About' }).click()
		await expect(page).toHaveURL(/about/)
		expect(violations).toEqual([])
	})
})

test('with PORT and no SITE_URL, canonical, Open Graph, sitemap and robots URLs use http://localhost:$PORT', async () => {
	test.slow() // starts a server of its own
	const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-site-url-'))
	const server = await startServer({ SITE_URL: undefined, ...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir }) })
	try {
		const origin = server.url // http://localhost:<PORT>, the port startServer chose
		expect(origin).not.toBe('http://localhost:3000')
		const html = await (await fetch(`${origin}/tools/json-formatter`)).text()
		expect(html).toContain(`<link rel="canonical" href="${origin}/tools/json-formatter"/>`)
		expect(html).toContain(`<meta property="og:url" content="${origin}/tools/json-formatter"/>`)
		expect(html).toContain(`<meta property="og:image" content="${origin}/og-image.png"/>`)
		const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
		expect(sitemap).toContain(`<loc>${origin}/tools/json-formatter</loc>`)
		expect(sitemap).not.toContain('localhost:3000')
		expect(await (await fetch(`${origin}/robots.txt`)).text()).toContain(`Sitemap: ${origin}/sitemap.xml`)
		expect(server.output()).toContain(`Serving ${origin} `)
	} finally {
		await server.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('HTML is compressed and hashed assets are cached for a year', async ({ request }) => {
	const page = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } })
	expect(page.headers()['content-encoding']).toBe('gzip')
	const html = await page.text()
	const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
	expect(asset).toBeTruthy()
	const response = await request.get(asset ?? '', { headers: { 'Accept-Encoding': 'gzip' } })
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(response.headers()['content-encoding']).toBe('gzip')
})

test('/healthz reports the database and the conversion queue', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toBe('no-store')
	const body = await response.json()
	expect(Object.keys(body)).toEqual(['status', 'database', 'workers', 'queue'])
	expect(body).toMatchObject({ status: 'ok', database: 'ok', queue: { waiting: expect.any(Number), running: expect.any(Number) } })
	// Other tests convert files at the same time: the runner's figures, or "none" in the moment before it first reports.
	if (body.workers !== 'none') expect(body.workers).toEqual({ alive: expect.any(Number), slots: expect.any(Number) })
})

test.describe('bad requests never reach a 500', () => {
	test('malformed percent-encoding in the path or query is a 400', async ({ request }) => {
		for (const path of ['/%E0%A4%A', '/%', '/tools/%ZZ', '/about?q=%E0%A4%A', '/api/x?y=%', '/about%00']) {
			const response = await request.get(path)
			expect(response.status(), path).toBe(400)
			expect((await response.json()).code, path).toBe('VALIDATION_ERROR')
		}
	})

	test('an oversized query string or header is a 4xx', async ({ request, baseURL }) => {
		const longQuery = await request.get(`/?q=${'a'.repeat(10_000)}`)
		expect(longQuery.status()).toBe(414)
		expect((await longQuery.json()).message).toContain('8192')
		// Past 16 KB the request line alone is more than Node accepts.
		expect((await request.get(`/?q=${'a'.repeat(20_000)}`)).status()).toBe(431)
		// Node answers 431 to headers over 16 KB; use a raw fetch so the client does not refuse first.
		const response = await fetch(`${baseURL}/`, { headers: { 'X-Big': 'b'.repeat(20_000) } })
		expect(response.status).toBe(431)
	})

	test('unexpected methods on pages do not crash; TRACE is refused', async ({ request, baseURL }) => {
		expect(await rawStatus(baseURL, 'TRACE', '/')).toBe(405)
		for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
			const response = await request.fetch('/about', { method })
			expect(response.status(), method).toBeLessThan(500)
			expect(response.status(), method).toBeGreaterThanOrEqual(400)
		}
	})

	test('a spoofed Host header does not change canonical links', async ({ request, baseURL }) => {
		for (const host of ['evil.example', 'example.com:evil', 'example.com/evil?', 'a b']) {
			const response = await request.get('/about', { headers: { Host: host, 'X-Forwarded-Host': 'evil.example' } })
			expect(response.status(), host).toBe(200)
			const html = await response.text()
			expect(html).not.toContain('evil')
			expect(html).toContain(`href="${baseURL}/about"`)
		}
	})

	test('production probes and path tricks are 404s', async ({ request, baseURL }) => {
		// Sent as is: a client library would take it for a protocol-relative URL.
		expect(await rawStatus(baseURL, 'GET', '//evil.example')).toBe(404)
		for (const path of [
			'/@vite/client',
			'/.env',
			'/.git/config',
			'/build/server/index.js',
			'/package.json',
			'/app/root.tsx',
			'/assets/..%2f..%2fpackage.json',
		]) {
			expect((await request.get(path)).status(), path).toBe(404)
		}
	})
})

test('state-changing requests from another site are refused; same-site and API clients pass', async ({ request, baseURL }) => {
	const form = { theme: 'dark', redirectTo: '/about' }
	for (const headers of <Array<Record<string, string>>>[
		{ Origin: 'https://evil.example' },
		{ Origin: 'null' },
		{ Origin: 'not a url' },
		{ Origin: baseURL ?? '', 'Sec-Fetch-Site': 'cross-site' },
	]) {
		for (const path of ['/resources/theme', '/resources/theme.data']) {
			const response = await request.post(path, { form, headers, maxRedirects: 0 })
			expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403)
			expect(await response.json()).toEqual({ message: 'Cross-site request refused', status: 403, code: 'AUTHORIZATION_ERROR' })
			expect(response.headers()['set-cookie']).toBeUndefined()
		}
	}
	const sameSite = await request.post('/resources/theme', { form, headers: { Origin: baseURL ?? '' }, maxRedirects: 0 })
	expect(sameSite.status()).toBe(302)
	const noOrigin = await request.post('/api/anything', { data: {} })
	expect(noOrigin.status()).toBe(404)
})

test.describe('SEO files', () => {
	test('robots.txt points at the sitemap', async ({ request, baseURL }) => {
		const response = await request.get('/robots.txt')
		expect(response.headers()['content-type']).toContain('text/plain')
		const text = await response.text()
		expect(text).toContain('User-agent: *')
		expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
	})

	test('sitemap.xml lists every public page, each of which answers 200', async ({ request, baseURL }) => {
		const response = await request.get('/sitemap.xml')
		expect(response.headers()['content-type']).toContain('application/xml')
		const xml = await response.text()
		expect(xml.startsWith('<?xml')).toBe(true)
		const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '')
		const expected = ['/', '/tools', '/about', ...liveTools.map(toolHref)].map((p) => `${baseURL}${p}`)
		for (const url of expected) expect(locs).toContain(url)
		for (const loc of locs) {
			expect((await request.get(loc.replace(baseURL ?? '', ''))).status(), loc).toBe(200)
		}
	})

	test('the web manifest and icons are served', async ({ request }) => {
		const manifest = await request.get('/site.webmanifest')
		expect(manifest.headers()['content-type']).toContain('application/manifest+json')
		const body = await manifest.json()
		expect(body.name).toBeTruthy()
		for (const icon of body.icons as Array<{ src: string }>) {
			expect((await request.get(icon.src)).status(), icon.src).toBe(200)
		}
		for (const path of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/og-image.png']) {
			expect((await request.get(path)).status(), path).toBe(200)
		}
	})
})
