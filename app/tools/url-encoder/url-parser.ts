/**
 * A URL taken apart for the page's table (WHATWG `URL`, as browsers parse
 * it) and put back together from edited parts (`buildUrl`).
 *
 * - Host names: `URL` gives the ASCII (punycode) form; `host` is the Unicode
 *   form (`punycode.toUnicode`, label by label), `hostPunycode` the ASCII.
 * - Path, fragment, username and password are kept as `URL` gives them
 *   (percent-encoded), so that rebuilding an unedited URL changes nothing;
 *   the readable summary also shows them decoded.
 * - The query is a list of decoded `{ key, value }` entries in order, with
 *   duplicates, read exactly as `URLSearchParams` reads it (`+` is a space).
 *   `noEquals` marks a bare key (`?debug`), so it is rebuilt without `=`.
 * - No scheme: when the text is not a URL as given but is one with
 *   `https://` before it (`example.com/path`, `localhost:3000`,
 *   `//cdn.example/x`), it is read that way and `impliedScheme` says so.
 *   (`localhost:3000` would otherwise parse as the scheme "localhost".)
 */
// punycode's own file: the bare name 'punycode' is Node's deprecated
// built-in, and the package has no "exports", so this path works in Node ESM
// (CommonJS default export) and in Vite's browser builds alike.
import punycode from 'punycode/punycode.js'
import { ToolError } from '#app/tools/kit/core.ts'
import { isWellFormedText } from '#app/tools/shared/text.ts'

export type QueryEntry = {
	key: string
	value: string
	/** A bare key without '=' (`?debug`); rebuilt the same way. */
	noEquals?: boolean
}

export type ParsedUrl = {
	href: string
	/** Without the ':' ("https"). */
	scheme: string
	username: string
	password: string
	/** The host name in Unicode (no port). IPv6 addresses keep their brackets. */
	host: string
	/** The host name in ASCII, as sent over the network. */
	hostPunycode: string
	/** '' when absent or the scheme's default (which `URL` drops). */
	port: string
	path: string
	query: Array<QueryEntry>
	/** Without the '#'. */
	fragment: string
	/** "null" for schemes without an origin (mailto:, data:, file:). */
	origin: string
}

/** The editable parts `buildUrl` takes: strings as `parseUrl` gives them. */
export type UrlParts = {
	scheme: string
	username?: string
	password?: string
	host?: string
	port?: string
	path?: string
	query?: ReadonlyArray<QueryEntry>
	fragment?: string
}

export const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443', ftp: '21' }

/** Schemes whose URLs always have a host (WHATWG "special" schemes, minus file). */
const SPECIAL_SCHEMES = new Set(['http', 'https', 'ws', 'wss', 'ftp'])

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
/** "example.com:8080", "localhost:3000/x": a host and port, not a scheme. */
const HOST_AND_PORT = /^([^:/?#\s]+):\d+(?:[/?#]|$)/

export function parseUrl(input: string): { parsed: ParsedUrl; impliedScheme: boolean } {
	const text = input.trim()
	let url: URL | null = null
	let impliedScheme = false
	const hostAndPort = HOST_AND_PORT.exec(text)
	const looksLikeHost = hostAndPort !== null && (hostAndPort[1]!.includes('.') || hostAndPort[1]!.toLowerCase() === 'localhost')
	if (!looksLikeHost) url = tryUrl(text)
	if (url === null && (looksLikeHost || !SCHEME.test(text))) {
		url = tryUrl(text.startsWith('//') ? `https:${text}` : `https://${text}`)
		impliedScheme = url !== null
	}
	if (url === null) throw invalidUrl(text)
	return { parsed: describe(url), impliedScheme }
}

function tryUrl(text: string): URL | null {
	if (text === '') return null
	try {
		return new URL(text)
	} catch {
		return null
	}
}

function invalidUrl(text: string, reason?: string): ToolError {
	const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text
	const hint = reason ?? (SCHEME.test(text) ? 'check the host name and port' : 'a URL looks like https://example.com/path?query#fragment')
	return new ToolError(`Not a valid URL: "${shown}" (${hint}).`, { field: 'input' })
}

function describe(url: URL): ParsedUrl {
	return {
		href: url.href,
		scheme: url.protocol.slice(0, -1),
		username: url.username,
		password: url.password,
		host: hostToUnicode(url.hostname),
		hostPunycode: url.hostname,
		port: url.port,
		path: url.pathname,
		query: parseQuery(url.search),
		fragment: url.hash.slice(1),
		origin: url.origin,
	}
}

/** "xn--bcher-kva.example" → "bücher.example"; labels that are not valid punycode stay as they are. */
export function hostToUnicode(host: string): string {
	if (!host.toLowerCase().includes('xn--')) return host
	return host
		.split('.')
		.map((label) => {
			if (!label.toLowerCase().startsWith('xn--')) return label
			try {
				return punycode.toUnicode(label)
			} catch {
				return label
			}
		})
		.join('.')
}

/** "bücher.example" → "xn--bcher-kva.example". */
export function hostToAscii(host: string): string {
	return punycode.toASCII(host)
}

/**
 * The entries of a query string (with or without its '?'), decoded as
 * `URLSearchParams` decodes them (`+` is a space, bad escapes are kept,
 * bad UTF-8 becomes U+FFFD), in order and with duplicates.
 */
export function parseQuery(search: string): Array<QueryEntry> {
	const query = search.startsWith('?') ? search.slice(1) : search
	if (query === '') return []
	const entries: Array<QueryEntry> = []
	const params = new URLSearchParams(query)
	const pieces = query.split('&')
	let piece = 0
	for (const [key, value] of params) {
		// URLSearchParams skips empty pieces ("a=1&&b=2"); so does this.
		while (pieces[piece] === '') piece++
		const entry: QueryEntry = { key, value }
		if (!pieces[piece]!.includes('=')) entry.noEquals = true
		entries.push(entry)
		piece++
	}
	return entries
}

/**
 * Query-part encoding for rebuilt URLs: readable but unambiguous. Kept as
 * they are: A–Z a–z 0–9 `-._~!$()*,/:@?` (RFC 3986 allows them in a query
 * and no server reads them as separators); '=' too, in values. Encoded:
 * space (`%20`, not `+`), `&` `=`(keys) `+` `#` `%` `;` `'` and everything
 * else, as UTF-8.
 */
const QUERY_SAFE = new Uint8Array(128)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$()*,/:@?') QUERY_SAFE[char.charCodeAt(0)] = 1

export function encodeQueryPart(text: string, part: 'key' | 'value'): string {
	let result = ''
	let plainStart = 0
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if (code < 128 && (QUERY_SAFE[code] === 1 || (code === 0x3d && part === 'value'))) continue
		result += text.slice(plainStart, index)
		const codePoint = text.codePointAt(index)!
		const char = String.fromCodePoint(codePoint)
		result += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
		if (codePoint > 0xffff) index++
		plainStart = index + 1
	}
	return result + text.slice(plainStart)
}

/** Entries as a query string (without '?'). */
export function formatQuery(entries: ReadonlyArray<QueryEntry>): string {
	return entries
		.map((entry) => {
			const key = encodeQueryPart(entry.key, 'key')
			return entry.noEquals && entry.value === '' ? key : `${key}=${encodeQueryPart(entry.value, 'value')}`
		})
		.join('&')
}

/**
 * The URL made of `parts` (as `parseUrl` gives them, possibly edited), in
 * `URL`'s normalised form (`href`). Keys and values are encoded here;
 * path, fragment and credentials are encoded where they need it (a typed
 * space becomes %20; escapes already there stay). A host or port that
 * cannot be is a `ToolError`.
 */
export function buildUrl(parts: UrlParts): string {
	const scheme = parts.scheme.trim().replace(/:$/, '').toLowerCase()
	if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) {
		throw new ToolError(`Not a valid URL: the scheme "${parts.scheme}" must start with a letter and hold only letters, digits, '+', '-' and '.'.`, {
			field: 'scheme',
		})
	}
	const host = (parts.host ?? '').trim()
	const port = (parts.port ?? '').trim()
	const path = parts.path ?? ''
	for (const [name, value] of [
		['host', host],
		['path', path],
		['fragment', parts.fragment ?? ''],
		['username', parts.username ?? ''],
		['password', parts.password ?? ''],
	] as const) {
		if (!isWellFormedText(value)) throw new ToolError(`Not a valid URL: the ${name} holds a lone surrogate (half a character).`, { field: name })
	}
	for (const [index, entry] of (parts.query ?? []).entries()) {
		if (!isWellFormedText(entry.key) || !isWellFormedText(entry.value)) {
			throw new ToolError(`Not a valid URL: query parameter ${index + 1} holds a lone surrogate (half a character).`, { field: 'query', index })
		}
	}
	if (/[\s/?#@\\]/.test(host)) {
		throw new ToolError(`Not a valid URL: the host "${host}" cannot contain spaces or / ? # @ \\.`, { field: 'host' })
	}
	if (port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535)) {
		throw new ToolError(`Not a valid URL: the port "${port}" must be a number from 0 to 65535.`, { field: 'port' })
	}

	let url: URL
	if (host !== '' || SPECIAL_SCHEMES.has(scheme) || scheme === 'file') {
		const base = `${scheme}://${host}${port === '' ? '' : `:${port}`}`
		const parsed = tryUrl(base)
		if (parsed === null) throw invalidUrl(base, `the host "${host}" is not a valid host name`)
		url = parsed
		if (parts.username) url.username = parts.username
		if (parts.password) url.password = parts.password
		if (path !== '') url.pathname = path
	} else {
		// No host: mailto:, urn:, data: and the like. '?' and '#' in the path would start the query or fragment.
		const text = `${scheme}:${path.replaceAll('?', '%3F').replaceAll('#', '%23')}`
		const parsed = tryUrl(text)
		if (parsed === null) throw invalidUrl(text)
		url = parsed
	}
	const query = formatQuery(parts.query ?? [])
	url.search = query === '' ? '' : `?${query}`
	const fragment = parts.fragment ?? ''
	url.hash = fragment === '' ? '' : `#${fragment}`
	return url.href
}
