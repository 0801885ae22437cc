import { type HeadersFunction } from '@remix-run/node'

/** What a refused form post (429, 503) keeps on the page that shows the error. */
export const REFUSAL_HEADERS = ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']

/**
 * Account and admin pages: personal data, never stored by a browser or
 * proxy cache (ASVS 14.3.2). A refused form post (429, 503) keeps its
 * Retry-After and RateLimit-* headers on the page that shows the error.
 */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders }) => {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const name of REFUSAL_HEADERS) {
		const value = actionHeaders.get(name)
		if (value) headers.set(name, value)
	}
	return headers
}

/**
 * Tool pages: a form posted without JavaScript and refused (a rate limit's
 * 429, a busy pool's 503) keeps its Retry-After and RateLimit-* headers, and
 * the action's Cache-Control, on the page that shows the error; otherwise
 * the root's headers.
 */
export const toolPageHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
	const headers = new Headers(parentHeaders)
	for (const name of ['Cache-Control', ...REFUSAL_HEADERS]) {
		const value = actionHeaders.get(name)
		if (value) headers.set(name, value)
	}
	return headers
}
