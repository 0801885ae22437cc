/**
 * What the Google mock and the end-to-end tests agree on, without MSW or
 * keys (so Playwright's config and browser-side helpers can import it): the
 * mock client, and authorization codes that carry the profile the mocked
 * token endpoint returns.
 */
export const MOCK_GOOGLE_CLIENT_ID = 'MOCK_client-id.apps.googleusercontent.com'
export const MOCK_GOOGLE_CLIENT_SECRET = 'MOCK_client-secret'
/** Google's consent page, where remix-auth-google sends the browser. */
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth'

export type MockGoogleProfile = {
	sub: string
	email: string
	email_verified?: boolean
	name?: string
}

/** An authorization code that the mock token endpoint turns into this profile (once). */
export function mockAuthorizationCode(profile: MockGoogleProfile): string {
	return `mock-code.${Buffer.from(JSON.stringify(profile)).toString('base64url')}.${Math.random().toString(36).slice(2)}`
}

export function profileFromCode(code: string): MockGoogleProfile | null {
	const [prefix, payload] = code.split('.')
	if (prefix !== 'mock-code' || !payload) return null
	try {
		return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MockGoogleProfile
	} catch {
		return null
	}
}
