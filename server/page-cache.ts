/**
 * A one-second cache of the pages anonymous visitors see: under load, most
 * requests for `/` or `/tools` are answered without routing or rendering.
 *
 * Only GET requests without credentials are considered, and only when every
 * cookie they carry is a display preference (`theme`, `sidebar`), which is
 * part of the key; any other cookie (a session, a queued toast) or an
 * Authorization header means a personal page, never cached. Only 200 HTML
 * responses that set no cookie are stored. A stored page is sealed
 * (`sealPage`): its inline scripts lose the nonce attribute and the policy
 * names them by SHA-256 instead, still with 'strict-dynamic', so the bytes
 * are the same for every reader and are compressed once per copy (br or
 * gzip), not once per response. Personal pages keep a nonce per response.
 * The one second matches the site settings' cache, so a change of settings
 * or a database outage shows within the same second with or without it.
 *
 * Revalidation (ETag/304): a page whose response says `Cache-Control:
 * public` (the public blog, the home page) is one every anonymous reader
 * may share. It gets a weak ETag computed from its body with the CSP nonce
 * left out (the nonce is new in every response, the content is not), and a
 * request whose If-None-Match names it gets 304 without a body and without
 * a Content-Security-Policy (the browser keeps the page it has, with the
 * policy that came with it; a new nonce would not match that page). A
 * request that is not anonymous never gets a public response: its
 * Cache-Control becomes `private, no-cache`.
 *
 * When an entry expires, one request renders the page again while the others
 * get the previous copy for those few milliseconds (no stampede of 50
 * renders at once); if that render fails or is not cacheable, the old copy
 * is dropped, so an outage is never hidden behind it.
 */
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import type { Request as ExpressRequest } from 'express'
import { contentGeneration } from '#app/utils/content-changes.server.ts'

export type CachedPage = {
	status: number
	headers: Array<[string, string]>
	body: string
	/** The nonce the page was rendered with, already taken out of `body` when `scriptHashes` is set. */
	nonce: string
	/**
	 * The CSP sources of the page's inline scripts ('sha256-…'), which the
	 * policy names instead of a nonce: the body is then the same for every
	 * reader, so its compressed forms are made once (`encoded`).
	 */
	scriptHashes?: string
	/** The body compressed, made on the first request that accepts each encoding. */
	encoded?: { br?: Buffer; gzip?: Buffer }
	expires: number
	/** For pages every anonymous reader shares: the ETag of the body without its nonce. */
	etag?: string
	/** contentGeneration() when its render started: a later save makes it stale. */
	generation?: number
}

const PREFERENCE_COOKIES = new Set(['theme', 'sidebar'])

export function createPageCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }) {
	const entries = new Map<string, CachedPage>()
	const pending = new Map<string, Promise<CachedPage | null>>()

	/** The cache key, or null when this request must be rendered for itself. */
	function keyFor(req: ExpressRequest): string | null {
		if (ttlMs <= 0 || req.method !== 'GET') return null
		const preferences = anonymousPreferences(req)
		if (!preferences) return null
		const hint = String(req.headers['sec-ch-prefers-color-scheme'] ?? '')
		return [req.originalUrl, preferences.theme ?? '', preferences.sidebar ?? '', hint].join('\n')
	}

	function isFresh(entry: CachedPage): boolean {
		return entry.expires > Date.now() && (entry.generation ?? 0) === contentGeneration()
	}

	function get(key: string): CachedPage | null {
		const entry = entries.get(key)
		if (!entry) return null
		if (!isFresh(entry)) {
			entries.delete(key)
			return null
		}
		return entry
	}

	/**
	 * The page for `key`: fresh from the cache, or the previous copy while
	 * another request renders it again; otherwise this request must render it
	 * and hand the result (or null: not cacheable, failed) to `store`.
	 */
	async function lookup(key: string): Promise<{ page: CachedPage } | { store: (page: Omit<CachedPage, 'expires'> | null) => void }> {
		let entry = entries.get(key)
		if (entry && isFresh(entry)) return { page: entry }
		// A copy from before the latest save is never served, not even while another request renders.
		if (entry && (entry.generation ?? 0) !== contentGeneration()) {
			entries.delete(key)
			entry = undefined
		}
		const inProgress = pending.get(key)
		if (inProgress) {
			if (entry) return { page: entry }
			const page = await inProgress
			if (page && (page.generation ?? 0) === contentGeneration()) return { page }
		}
		const generation = contentGeneration()
		let settle: (page: CachedPage | null) => void = () => {}
		const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve))
		pending.set(key, promise)
		return {
			store: (page) => {
				pending.delete(key)
				if (page) set(key, { ...page, generation })
				else entries.delete(key)
				settle(page ? (entries.get(key) ?? null) : null)
			},
		}
	}

	function isCacheable(response: Response): boolean {
		return (
			response.status === 200 &&
			!response.headers.has('Set-Cookie') &&
			(response.headers.get('Content-Type') ?? '').startsWith('text/html')
		)
	}

	function set(key: string, page: Omit<CachedPage, 'expires'>) {
		if (entries.size >= maxEntries) {
			// Drop the oldest entry (Map keeps insertion order).
			const oldest = entries.keys().next().value
			if (oldest !== undefined) entries.delete(oldest)
		}
		entries.set(key, { ...page, expires: Date.now() + ttlMs })
	}

	return { keyFor, get, set, lookup, isCacheable, size: () => entries.size }
}

/**
 * The display preferences of an anonymous GET or HEAD (one with no
 * credentials and no cookie but `theme` and `sidebar`), or null for any
 * other request.
 */
export function anonymousPreferences(req: ExpressRequest): Record<string, string> | null {
	if (req.method !== 'GET' && req.method !== 'HEAD') return null
	if (req.headers.authorization) return null
	const preferences: Record<string, string> = {}
	for (const part of (req.headers.cookie ?? '').split(';')) {
		const trimmed = part.trim()
		if (!trimmed) continue
		const [name = '', value = ''] = trimmed.split('=', 2)
		if (!PREFERENCE_COOKIES.has(name)) return null
		preferences[name] = value
	}
	return preferences
}

/** True for a response that says every reader may share it (`Cache-Control: public`). */
export function isPublicResponse(response: Response): boolean {
	return /(^|,)\s*public\s*(,|$)/i.test(response.headers.get('Cache-Control') ?? '')
}

/**
 * True when an anonymous reader's response can be revalidated with an ETag:
 * a 200 that says `public`, sets no cookie, and is a page or a feed.
 */
export function isRevalidatable(response: Response): boolean {
	const type = response.headers.get('Content-Type') ?? ''
	return (
		response.status === 200 &&
		isPublicResponse(response) &&
		!response.headers.has('Set-Cookie') &&
		(type.startsWith('text/html') || type.startsWith('application/rss+xml'))
	)
}

/** A weak ETag of the body with the CSP nonce removed: the same for every reader of the same content. */
export function etagFor(body: string, nonce: string): string {
	const stable = nonce ? body.replaceAll(nonce, '') : body
	return `W/"${createHash('sha256').update(stable).digest('base64url').slice(0, 32)}"`
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): true when any listed tag (or `*`) matches. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
	if (!header) return false
	const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
	const wanted = opaque(etag)
	return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}

/** The stored body with its nonce replaced by this response's own. */
export function withNonce(page: CachedPage, nonce: string): string {
	return page.nonce ? page.body.replaceAll(page.nonce, nonce) : page.body
}

/**
 * A page made the same for every reader: its inline scripts' nonce attribute
 * removed, and their SHA-256 hashes for the CSP instead (CSP3: with
 * 'strict-dynamic', a script a hashed script loads is trusted, as with a
 * nonce). The HTML parser reads a script's text raw up to the first
 * `</script>`, so that text, as UTF-8, is what the browser hashes.
 */
export function sealPage(body: string, nonce: string): { body: string; scriptHashes: string } {
	if (!nonce) return { body, scriptHashes: '' }
	const attribute = ` nonce="${nonce}"`
	const hashes = new Set<string>()
	let external = false
	const sealed = body.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (whole, attributes: string, text: string) => {
		if (!attributes.includes(attribute)) return whole
		if (/\bsrc\s*=/i.test(attributes)) external = true
		hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
		return `<script${attributes.replace(attribute, '')}>${text}</script>`
	})
	// A script loaded by the parser from a URL, or the nonce used anywhere else, needs the nonce: leave the page as it was.
	if (external || sealed.includes(nonce)) return { body, scriptHashes: '' }
	return { body: sealed, scriptHashes: [...hashes].join(' ') }
}

/** The policy of this response with the page's script hashes in place of its nonce. */
export function policyWithHashes(policy: string, nonce: string, scriptHashes: string): string {
	return policy.replace(`'nonce-${nonce}'`, scriptHashes || "'none'")
}

/** True when Accept-Encoding accepts `coding` (a q of 0 refuses it). */
export function acceptsEncoding(header: string, coding: string): boolean {
	return header.split(',').some((part) => {
		const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
		if (name !== coding) return false
		const q = params.find((param) => param.startsWith('q='))
		return q === undefined || Number(q.slice(2)) > 0
	})
}

/** The encoding to send a sealed page in (br, then gzip), made and kept on first use. */
export function encodedBody(page: CachedPage, acceptEncoding: string): { encoding: 'br' | 'gzip'; body: Buffer } | null {
	page.encoded ??= {}
	if (acceptsEncoding(acceptEncoding, 'br')) {
		// Quality 5: within a few per cent of 11 on HTML at a fraction of the time, and made once per cached copy.
		page.encoded.br ??= zlib.brotliCompressSync(page.body, {
			params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
		})
		return { encoding: 'br', body: page.encoded.br }
	}
	if (acceptsEncoding(acceptEncoding, 'gzip')) {
		page.encoded.gzip ??= zlib.gzipSync(page.body, { level: 6 })
		return { encoding: 'gzip', body: page.encoded.gzip }
	}
	return null
}
