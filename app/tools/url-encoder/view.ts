/**
 * What the URL Encoder/Decoder page needs beside the core: the words for
 * each action and mode, the readable form of escaped URL parts, the default
 * port note, and the query table's rows (decoded entries with ids, edited
 * in the page and turned back into `QueryEntry`s for `buildUrl`).
 */
import { buildUrl, DEFAULT_PORTS, type ParsedUrl, type QueryEntry, type UrlOptions } from './core.ts'

export type UrlAction = UrlOptions['action']
export type UrlMode = UrlOptions['mode']

export const urlDefaults: UrlOptions = { action: 'encode', mode: 'component', plusAsSpace: false, decodeUntilStable: false }

export const urlActions: ReadonlyArray<{
	id: UrlAction
	label: string
	/** For "Press Ctrl+Enter to …". */
	verb: string
	inputLabel: string
	placeholder: string
	outputLabel: string
	outputPlaceholder: string
}> = [
	{
		id: 'encode',
		label: 'Encode',
		verb: 'encode',
		inputLabel: 'Text to encode',
		placeholder: 'Type or paste text, e.g. a search term or a query value',
		outputLabel: 'Encoded',
		outputPlaceholder: 'The percent-encoded text appears here',
	},
	{
		id: 'decode',
		label: 'Decode',
		verb: 'decode',
		inputLabel: 'Text to decode',
		placeholder: 'Paste percent-encoded text, e.g. caf%C3%A9%20au%20lait',
		outputLabel: 'Decoded',
		outputPlaceholder: 'The decoded text appears here',
	},
	{
		id: 'parse',
		label: 'Parse URL',
		verb: 'parse the URL',
		inputLabel: 'URL to parse',
		placeholder: 'Paste a URL, e.g. https://example.com/path?q=1#top',
		outputLabel: 'URL parts',
		outputPlaceholder: '',
	},
]

export const urlModes: ReadonlyArray<{ id: UrlMode; label: string; code: string; description: string }> = [
	{
		id: 'component',
		label: 'Component',
		code: 'encodeURIComponent',
		description: "For one query value or path segment. Escapes everything but letters, digits and - _ . ! ~ * ' ( ), including / ? # & = +.",
	},
	{
		id: 'uri',
		label: 'Whole URI',
		code: 'encodeURI',
		description:
			'For a complete URL. Keeps ; , / ? : @ & = + $ # so the link still works; escapes spaces and non-ASCII letters. Decoding leaves escaped delimiters such as %2F alone.',
	},
	{
		id: 'rfc3986',
		label: 'Strict RFC 3986',
		code: "also ! ' ( ) *",
		description: "Like Component, but ! ' ( ) * are escaped too: only letters, digits and - . _ ~ stay. For OAuth and AWS signatures.",
	},
	{
		id: 'form',
		label: 'Form data',
		code: 'space → +',
		description: 'As HTML forms send it (application/x-www-form-urlencoded): a space becomes +, and + decodes to a space.',
	},
]

export function isUrlAction(value: unknown): value is UrlAction {
	return urlActions.some((action) => action.id === value)
}

export function isUrlMode(value: unknown): value is UrlMode {
	return urlModes.some((mode) => mode.id === value)
}

/** The decoded form of an escaped part, or null when it has no escapes or does not decode. */
export function decodedPart(part: string): string | null {
	if (!part.includes('%')) return null
	try {
		const decoded = decodeURIComponent(part)
		return decoded === part ? null : decoded
	} catch {
		return null
	}
}

/** "8080" → "8080"; "" for https → "443 (the default for https, so the URL leaves it out)". */
export function describePort(scheme: string, port: string): { port: string; note: string | null } {
	const fallback = DEFAULT_PORTS[scheme]
	if (port !== '') return { port, note: fallback ? `the default for ${scheme} is ${fallback}` : null }
	if (fallback) return { port: fallback, note: `the default for ${scheme}, so the URL leaves it out` }
	return { port: '', note: null }
}

export function plural(count: number, word: string, words = `${word}s`): string {
	return `${count.toLocaleString('en-US')} ${count === 1 ? word : words}`
}

// ---------------------------------------------------------------------------
// The query table

export type QueryRow = QueryEntry & {
	id: number
	/** Added in the page (not in the parsed URL); left out of the URL while both fields are empty. */
	added?: boolean
}

export function rowsFromQuery(query: ReadonlyArray<QueryEntry>): Array<QueryRow> {
	return query.map((entry, index) => ({ ...entry, id: index }))
}

export function queryFromRows(rows: ReadonlyArray<QueryRow>): Array<QueryEntry> {
	const entries: Array<QueryEntry> = []
	for (const row of rows) {
		if (row.added && row.key === '' && row.value === '') continue
		entries.push(row.noEquals ? { key: row.key, value: row.value, noEquals: true } : { key: row.key, value: row.value })
	}
	return entries
}

/** The URL put back together from its parsed parts and the table's rows: the URL, or why it cannot be built. */
export function rebuildUrl(parsed: ParsedUrl, rows: ReadonlyArray<QueryRow>): { url: string; error: null } | { url: ''; error: string } {
	try {
		const url = buildUrl({
			scheme: parsed.scheme,
			username: parsed.username,
			password: parsed.password,
			host: parsed.hostPunycode,
			port: parsed.port,
			path: parsed.path,
			query: queryFromRows(rows),
			fragment: parsed.fragment,
		})
		return { url, error: null }
	} catch (error) {
		return { url: '', error: error instanceof Error ? error.message : 'The URL could not be rebuilt.' }
	}
}
