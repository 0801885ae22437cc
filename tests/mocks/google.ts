/**
 * Google, mocked at the network boundary (Epic Stack's way, with MSW): the
 * key set, the token endpoint and the userinfo endpoint that the server
 * calls. The browser's visit to Google's consent page is answered by the
 * end-to-end tests themselves (page.route), which send it back to our
 * callback with a code made by `mockAuthorizationCode`.
 *
 * The key pair in google-test-key.json exists only for tests; the test
 * runner and the server under test (MOCKS=true) share it, so tokens signed
 * on one side verify on the other.
 */
import { exportJWK, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose'
import { http, HttpResponse } from 'msw'
// Imported (not read from disk) so the bundled build/mocks.js carries it.
import testKey from './google-test-key.json' with { type: 'json' }
import { MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET, profileFromCode, type MockGoogleProfile } from './google-code.ts'

export { GOOGLE_AUTHORIZE_URL, MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET, mockAuthorizationCode, type MockGoogleProfile } from './google-code.ts'

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs'
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const GOOGLE_USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo'

const privateJwk = testKey as JWK & { kid: string }
const privateKey = await importJWK(privateJwk, 'RS256')
const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk
export const MOCK_GOOGLE_KID = privateJwk.kid

export type IdTokenOptions = {
	/** Claims to add or override (aud, iss, exp, iat, email_verified, …). */
	claims?: JWTPayload & Record<string, unknown>
	/** Sign with another key that Google never published. */
	foreignKey?: boolean
	/** Override the header's key id. */
	kid?: string
}

let foreignKey: CryptoKey | undefined

/** The claims Google puts in an ID token for this profile (valid for an hour from now), with `extra` added or overriding. */
export function googleIdTokenClaims(profile: MockGoogleProfile, extra: Record<string, unknown> = {}): JWTPayload & Record<string, unknown> {
	const now = Math.floor(Date.now() / 1000)
	return {
		iss: 'https://accounts.google.com',
		aud: MOCK_GOOGLE_CLIENT_ID,
		azp: MOCK_GOOGLE_CLIENT_ID,
		sub: profile.sub,
		email: profile.email,
		email_verified: profile.email_verified ?? true,
		name: profile.name ?? 'Google User',
		iat: now,
		exp: now + 3600,
		...extra,
	}
}

/** A Google ID token for the profile, signed like Google's (RS256, our mock key id), valid for an hour. */
export async function createGoogleIdToken(profile: MockGoogleProfile, options: IdTokenOptions = {}): Promise<string> {
	const payload = googleIdTokenClaims(profile, options.claims)
	let key: CryptoKey | Uint8Array = privateKey as CryptoKey
	if (options.foreignKey) {
		if (!foreignKey) {
			const { generateKeyPair } = await import('jose')
			foreignKey = (await generateKeyPair('RS256')).privateKey
		}
		key = foreignKey
	}
	return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? MOCK_GOOGLE_KID, typ: 'JWT' }).sign(key)
}

/** The published key set (public half only). */
export async function mockJwks() {
	const jwk = await exportJWK(await importJWK(publicJwk as JWK, 'RS256'))
	return { keys: [{ ...jwk, kid: MOCK_GOOGLE_KID, alg: 'RS256', use: 'sig' }] }
}

const usedCodes = new Set<string>()
const accessTokens = new Map<string, MockGoogleProfile>()

export const googleHandlers = [
	http.get(GOOGLE_JWKS_URL, async () => HttpResponse.json(await mockJwks(), { headers: { 'Cache-Control': 'public, max-age=3600' } })),

	http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
		const form = new URLSearchParams(await request.text())
		const code = form.get('code') ?? ''
		const profile = profileFromCode(code)
		const clientOk = form.get('client_id') === MOCK_GOOGLE_CLIENT_ID && form.get('client_secret') === MOCK_GOOGLE_CLIENT_SECRET
		// Google's answer to a wrong, reused or foreign code: 400 invalid_grant.
		if (!profile || !clientOk || usedCodes.has(code) || form.get('grant_type') !== 'authorization_code') {
			return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 })
		}
		usedCodes.add(code)
		const accessToken = `mock-access-${Math.random().toString(36).slice(2)}`
		accessTokens.set(accessToken, profile)
		return HttpResponse.json({
			access_token: accessToken,
			expires_in: 3599,
			scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
			token_type: 'Bearer',
			id_token: await createGoogleIdToken(profile),
		})
	}),

	http.get(GOOGLE_USERINFO_URL, ({ request }) => {
		const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? ''
		const profile = accessTokens.get(token)
		if (!profile) return HttpResponse.json({ error: 'invalid_request' }, { status: 401 })
		return HttpResponse.json({
			sub: profile.sub,
			name: profile.name ?? 'Google User',
			email: profile.email,
			email_verified: profile.email_verified ?? true,
			picture: 'https://lh3.googleusercontent.com/a/mock',
		})
	}),
]
