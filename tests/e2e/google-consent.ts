/**
 * Google's consent page, answered in the browser at the network boundary:
 * the visit to accounts.google.com is fulfilled with the redirect Google
 * would send back (our callback, with a code and the same state). The code
 * carries the profile that the server's mocked token endpoint (MSW, in
 * tests/mocks/google.ts) will return.
 */
import { type Page } from '@playwright/test'
import { GOOGLE_AUTHORIZE_URL, mockAuthorizationCode, type MockGoogleProfile } from '../mocks/google-code.ts'

/** Every visit to Google's consent page grants `profile` (or, with `deny`, is refused as if the user cancelled). */
export async function answerGoogleConsent(page: Page, profile: MockGoogleProfile, options: { deny?: boolean } = {}) {
	const seen: Array<URL> = []
	await page.context().route(`${GOOGLE_AUTHORIZE_URL}**`, async (route) => {
		const url = new URL(route.request().url())
		seen.push(url)
		const callback = new URL(url.searchParams.get('redirect_uri') ?? '')
		callback.searchParams.set('state', url.searchParams.get('state') ?? '')
		if (options.deny) callback.searchParams.set('error', 'access_denied')
		else callback.searchParams.set('code', mockAuthorizationCode(profile))
		await route.fulfill({ status: 302, headers: { Location: callback.href } })
	})
	return seen
}
