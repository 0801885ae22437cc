import { type HeadersFunction } from '@remix-run/node'

/**
 * Account and admin pages: personal data, never stored by a browser or
 * proxy cache (ASVS 14.3.2). A refused form post (429, 503) keeps its
 * Retry-After on the page that shows the error.
 */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders }) => {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	const retryAfter = actionHeaders.get('Retry-After')
	if (retryAfter) headers.set('Retry-After', retryAfter)
	return headers
}
