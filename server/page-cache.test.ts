import type { Request as ExpressRequest } from 'express'
import { expect, test, vi } from 'vitest'
import { markContentChanged } from '#app/utils/content-changes.server.ts'
import { acceptsEncoding, anonymousPreferences, createPageCache, etagFor, isRevalidatable, matchesIfNoneMatch, policyWithHashes, sealPage, withNonce } from './page-cache.ts'

function request(init: { method?: string; url?: string; headers?: Record<string, string> }): ExpressRequest {
	return { method: init.method ?? 'GET', originalUrl: init.url ?? '/', headers: init.headers ?? {} } as unknown as ExpressRequest
}

test('only anonymous GETs are cached, keyed by URL and display preferences', () => {
	const cache = createPageCache({ ttlMs: 1000 })
	expect(cache.keyFor(request({}))).not.toBeNull()
	expect(cache.keyFor(request({ method: 'POST' }))).toBeNull()
	expect(cache.keyFor(request({ method: 'HEAD' }))).toBeNull()
	expect(cache.keyFor(request({ headers: { authorization: 'Bearer x' } }))).toBeNull()
	// A session or a queued toast makes the page personal.
	expect(cache.keyFor(request({ headers: { cookie: 'theme=dark; session=abc' } }))).toBeNull()
	expect(cache.keyFor(request({ headers: { cookie: 'toast=abc' } }))).toBeNull()
	const dark = cache.keyFor(request({ headers: { cookie: 'theme=dark' } }))
	const light = cache.keyFor(request({ headers: { cookie: 'theme=light' } }))
	const closed = cache.keyFor(request({ headers: { cookie: 'theme=dark; sidebar=closed' } }))
	const hinted = cache.keyFor(request({ headers: { 'sec-ch-prefers-color-scheme': 'dark' } }))
	expect(new Set([dark, light, closed, hinted, cache.keyFor(request({}))]).size).toBe(5)
	expect(cache.keyFor(request({ url: '/tools' }))).not.toBe(cache.keyFor(request({ url: '/about' })))
	expect(createPageCache({ ttlMs: 0 }).keyFor(request({}))).toBeNull()
})

test('stores only 200 HTML responses that set no cookie', () => {
	const cache = createPageCache({ ttlMs: 1000 })
	const html = { 'Content-Type': 'text/html; charset=utf-8' }
	expect(cache.isCacheable(new Response('x', { headers: html }))).toBe(true)
	expect(cache.isCacheable(new Response('x', { status: 404, headers: html }))).toBe(false)
	expect(cache.isCacheable(new Response('x', { status: 503, headers: html }))).toBe(false)
	expect(cache.isCacheable(new Response('x', { headers: { ...html, 'Set-Cookie': 'toast=; Max-Age=0' } }))).toBe(false)
	expect(cache.isCacheable(new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBe(false)
})

test('entries expire, and the oldest goes first when full', () => {
	vi.useFakeTimers({ toFake: ['Date'] })
	try {
		const cache = createPageCache({ ttlMs: 1000, maxEntries: 2 })
		const page = { status: 200, headers: [], body: 'b', nonce: 'n' }
		cache.set('a', page)
		cache.set('b', page)
		cache.set('c', page)
		expect(cache.get('a')).toBeNull()
		expect(cache.get('c')).not.toBeNull()
		vi.setSystemTime(Date.now() + 1001)
		expect(cache.get('c')).toBeNull()
	} finally {
		vi.useRealTimers()
	}
})

test("every response gets its own nonce in place of the stored page's", () => {
	const page = { status: 200, headers: [], nonce: 'OLD+/=', expires: 0, body: '<script nonce="OLD+/=">a</script><script nonce="OLD+/=" src="/x.js"></script>' }
	expect(withNonce(page, 'NEW')).toBe('<script nonce="NEW">a</script><script nonce="NEW" src="/x.js"></script>')
})

test('concurrent misses render once; an expired page is served while it renders again, and dropped if that fails', async () => {
	vi.useFakeTimers({ toFake: ['Date'] })
	try {
		const cache = createPageCache({ ttlMs: 1000 })
		const first = await cache.lookup('k')
		expect('store' in first).toBe(true)
		const waiting = cache.lookup('k')
		if (!('store' in first)) throw new Error('expected to render')
		first.store({ status: 200, headers: [], body: 'v1', nonce: 'n' })
		const second = await waiting
		expect('page' in second && second.page.body).toBe('v1')

		vi.setSystemTime(Date.now() + 1001)
		const refresh = await cache.lookup('k')
		expect('store' in refresh).toBe(true)
		// Meanwhile others get the previous copy instead of rendering too.
		const meanwhile = await cache.lookup('k')
		expect('page' in meanwhile && meanwhile.page.body).toBe('v1')
		if ('store' in refresh) refresh.store(null)
		// The render failed (say, the database is down): the old copy is gone.
		expect('store' in (await cache.lookup('k'))).toBe(true)
	} finally {
		vi.useRealTimers()
	}
})

test('ETags ignore the nonce and change with the content; If-None-Match uses weak comparison', () => {
	const a = etagFor('<script nonce="AAA">x</script>', 'AAA')
	expect(a).toMatch(/^W\/"[\w-]+"$/)
	expect(etagFor('<script nonce="BBB">x</script>', 'BBB')).toBe(a)
	expect(etagFor('<script nonce="BBB">y</script>', 'BBB')).not.toBe(a)
	expect(matchesIfNoneMatch(a, a)).toBe(true)
	expect(matchesIfNoneMatch(a.slice(2), a)).toBe(true)
	expect(matchesIfNoneMatch(`"x", ${a}`, a)).toBe(true)
	expect(matchesIfNoneMatch('*', a)).toBe(true)
	expect(matchesIfNoneMatch('"x"', a)).toBe(false)
	expect(matchesIfNoneMatch(undefined, a)).toBe(false)
})

test('only public 200 pages and feeds that set no cookie are revalidated; HEAD counts as anonymous', () => {
	const html = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, no-cache' }
	expect(isRevalidatable(new Response('x', { headers: html }))).toBe(true)
	expect(isRevalidatable(new Response('x', { headers: { ...html, 'Content-Type': 'application/rss+xml; charset=utf-8' } }))).toBe(true)
	expect(isRevalidatable(new Response('x', { headers: { ...html, 'Cache-Control': 'private, no-cache' } }))).toBe(false)
	expect(isRevalidatable(new Response('x', { headers: { ...html, 'Cache-Control': 'no-store' } }))).toBe(false)
	expect(isRevalidatable(new Response('x', { status: 404, headers: html }))).toBe(false)
	expect(isRevalidatable(new Response('x', { headers: { ...html, 'Set-Cookie': 'a=b' } }))).toBe(false)
	expect(isRevalidatable(new Response('{}', { headers: { ...html, 'Content-Type': 'application/json' } }))).toBe(false)
	expect(anonymousPreferences(request({ method: 'HEAD' }))).toEqual({})
	expect(anonymousPreferences(request({ headers: { cookie: 'theme=dark' } }))).toEqual({ theme: 'dark' })
	expect(anonymousPreferences(request({ headers: { cookie: 'session=x' } }))).toBeNull()
	expect(anonymousPreferences(request({ method: 'POST' }))).toBeNull()
})

test('a save (post or settings) makes every stored page stale at once, also one rendered while the save happened', async () => {
	const cache = createPageCache({ ttlMs: 60_000 })
	const first = await cache.lookup('k')
	if (!('store' in first)) throw new Error('expected to render')
	first.store({ status: 200, headers: [], body: 'before', nonce: 'n' })
	expect(cache.get('k')?.body).toBe('before')

	markContentChanged()
	expect(cache.get('k')).toBeNull()
	const again = await cache.lookup('k')
	expect('store' in again).toBe(true)
	if (!('store' in again)) return
	// A render that started before the next save is stored, but not served after it.
	markContentChanged()
	again.store({ status: 200, headers: [], body: 'rendered before the second save', nonce: 'n' })
	expect('store' in (await cache.lookup('k'))).toBe(true)
})

test('sealing a page: nonce attributes out, one hash per distinct inline script; a page that needs its nonce stays as it was', () => {
	const body = '<script nonce="N+/=">a()</script><script type="application/ld+json">{"x":"</p>"}</script><script nonce="N+/=" type="module" async="">a()</script><script nonce="N+/=">b()</script>'
	const sealed = sealPage(body, 'N+/=')
	expect(sealed.body).toBe('<script>a()</script><script type="application/ld+json">{"x":"</p>"}</script><script type="module" async="">a()</script><script>b()</script>')
	expect(sealed.scriptHashes.split(' ')).toHaveLength(2)
	expect(sealed.scriptHashes).toMatch(/^'sha256-[\w+/]+=*' 'sha256-[\w+/]+=*'$/)
	expect(policyWithHashes("script-src 'self' 'nonce-N+/=' 'strict-dynamic'", 'N+/=', sealed.scriptHashes)).toBe(`script-src 'self' ${sealed.scriptHashes} 'strict-dynamic'`)
	// An external script, or the nonce anywhere else, needs the nonce itself.
	expect(sealPage('<script nonce="N" src="/x.js"></script>', 'N')).toEqual({ body: '<script nonce="N" src="/x.js"></script>', scriptHashes: '' })
	expect(sealPage('<script nonce="N">x</script><p data-n="N"></p>', 'N').scriptHashes).toBe('')
	// No scripts at all: nothing to allow.
	expect(policyWithHashes("script-src 'self' 'nonce-N' 'strict-dynamic'", 'N', '')).toBe("script-src 'self' 'none' 'strict-dynamic'")
})

test('Accept-Encoding: a listed coding is accepted unless its q is 0', () => {
	expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true)
	expect(acceptsEncoding('gzip;q=1.0, BR;q=0.5', 'br')).toBe(true)
	expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false)
	expect(acceptsEncoding('br;q=0.000', 'br')).toBe(false)
	expect(acceptsEncoding('brotli', 'br')).toBe(false)
	expect(acceptsEncoding('', 'gzip')).toBe(false)
})
