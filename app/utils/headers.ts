import { type HeadersFunction } from '@remix-run/node'

/** What a refused form post (429, 503) keeps on the page that shows the error. */
const REFUSAL_HEADERS = ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']

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
