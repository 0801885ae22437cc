/**
 * Google sign-in with an ID token (SECURITY.md 1.4, 2.D D1–D9, B16):
 * verification in app/accounts/google.server.ts, account linking in
 * `resolveGoogleUser`, and the JSON route `POST /api/auth/google`.
 *
 * Google is answered by MSW (tests/mocks/google.ts); tokens that Google would
 * never issue are built here by hand (base64url JSON segments signed with
 * node:crypto) so that every header and claim is under the test's control.
 */
import { createHmac, createPrivateKey, createPublicKey, sign as cryptoSign, constants as cryptoConstants, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { UnsecuredJWT } from 'jose'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest'
import { action as googleAction, loader as googleLoader, INVALID_LOGIN_PAYLOAD } from '#app/routes/api.auth.google.ts'
import { loader as verifyLoader } from '#app/routes/api.auth.verify.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import {
	GOOGLE_NOT_CONFIGURED,
	identityFromClaims,
	MAX_ID_TOKEN_LENGTH,
	resetGoogleKeyCache,
	resolveGoogleUser,
	verifyGoogleIdToken,
	type GoogleIdentity,
} from '#app/accounts/google.server.ts'
import { findSession, sessionIdFor } from '#app/accounts/session.server.ts'
import { verifyLogin } from '#app/accounts/user.server.ts'
import { createGoogleIdToken, GOOGLE_JWKS_URL, googleIdTokenClaims, MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_KID, mockJwks, type MockGoogleProfile } from '#tests/mocks/google.ts'
import { mockServer } from '#tests/mocks/index.ts'
import { context, createUser, loginAs, makeRequest, TEST_PASSWORD, uniqueEmail } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

// ---------------------------------------------------------------------------
// Helpers

type Json = Record<string, unknown>

/** The Google key pair of the mock (tests only), for hand-made signatures. */
const googleJwk = JSON.parse(readFileSync(new URL('../mocks/google-test-key.json', import.meta.url), 'utf8')) as Json
const googlePrivateKey: KeyObject = createPrivateKey({ key: googleJwk as never, format: 'jwk' })
const googlePublicPem = createPublicKey(googlePrivateKey).export({ type: 'spki', format: 'pem' }).toString()

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

function now() {
	return Math.floor(Date.now() / 1000)
}

let subCounter = 0
/** A fresh Google identity (numeric sub like Google's, unique email). */
function newProfile(overrides: Partial<MockGoogleProfile> = {}): MockGoogleProfile {
	subCounter++
	return { sub: `1${Date.now()}${String(subCounter).padStart(4, '0')}`, email: uniqueEmail('google'), name: 'Grace Hopper', ...overrides }
}


/** A compact JWS with any header and payload, signed by `signer` over `header.payload`. */
function forge(header: Json, payload: Json, signer: (input: string) => string): string {
	const input = `${b64url(header)}.${b64url(payload)}`
	return `${input}.${signer(input)}`
}

/** Signed with Google's (mock) private key, with any alg name in the header but RSASSA-PKCS1-v1_5/PSS as asked. */
function rsaSigner(hash: 'sha256' | 'sha512' = 'sha256', pss = false) {
	return (input: string) =>
		cryptoSign(hash, Buffer.from(input), pss ? { key: googlePrivateKey, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : googlePrivateKey).toString(
			'base64url',
		)
}

/** A token signed exactly like Google's, but with full control over the claims (drop one by setting it to undefined). */
function googleSigned(payload: Json, header: Json = {}): string {
	const clean = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined))
	return forge({ alg: 'RS256', kid: MOCK_GOOGLE_KID, typ: 'JWT', ...header }, clean, rsaSigner())
}

/** POST /api/auth/google, called as Remix calls it. */
async function postGoogle(body: unknown, init: { ip?: string; headers?: Record<string, string>; raw?: BodyInit } = {}) {
	const request =
		init.raw !== undefined
			? makeRequest('/api/auth/google', { method: 'POST', body: init.raw, headers: init.headers })
			: makeRequest('/api/auth/google', { method: 'POST', json: body, headers: init.headers })
	const response = (await googleAction({ request, params: {}, context: context(init.ip) } as never)) as Response
	const text = await response.text()
	let json: Json = {}
	try {
		json = JSON.parse(text) as Json
	} catch {
		json = { raw: text }
	}
	return { response, status: response.status, body: json }
}

/** Signs in with an ID token in `token` and expects 200. */
async function signInOk(idToken: string, field: 'token' | 'tokenId' | 'credential' = 'token') {
	const result = await postGoogle({ [field]: idToken })
	expect(result.status, JSON.stringify(result.body)).toBe(200)
	return result.body as { token: string; user: { id: string; email: string; name: string; role: string; createdAt: string } }
}

/** Expects the generic 401 of a refused Google token. */
function expectRefused(result: Awaited<ReturnType<typeof postGoogle>>) {
	expect(result.status, JSON.stringify(result.body)).toBe(401)
	expect(result.body).toMatchObject({ status: 401, code: 'AUTHENTICATION_ERROR' })
	expect(String(result.body.message)).toMatch(/^Google sign-in failed|Google has not verified/)
	expect(result.response.headers.get('WWW-Authenticate')).toMatch(/^Bearer\b/)
	expect(result.body).not.toHaveProperty('token')
	expect(result.response.headers.get('Content-Type')).toMatch(/^application\/json/)
}

async function counts() {
	const [users, connections, sessions] = await Promise.all([prisma.user.count(), prisma.connection.count(), prisma.session.count()])
	return { users, connections, sessions }
}

/** Replaces the key-set endpoint with one that counts its calls (and still answers). */
function countJwksFetches() {
	const counter = { count: 0 }
	mockServer.use(
		http.get(GOOGLE_JWKS_URL, async () => {
			counter.count++
			return HttpResponse.json(await mockJwks())
		}),
	)
	return counter
}

async function callVerify(token: string) {
	const request = makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } })
	const response = (await verifyLoader({ request, params: {}, context: context() } as never)) as Response
	return { status: response.status, body: (await response.json()) as Json, response }
}

let warn: MockInstance<typeof console.warn>

beforeEach(async () => {
	await resetDatabase()
	resetGoogleKeyCache()
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
	warn.mockRestore()
})

// ---------------------------------------------------------------------------

describe('Google ID token: happy path', () => {
	test.each(['token', 'tokenId', 'credential'] as const)('a valid token in `%s` signs up a new verified, password-less account', async (field) => {
		const profile = newProfile({ email: `  Mixed.Case-${subCounter}@Example.COM ` })
		const body = await signInOk(await createGoogleIdToken(profile), field)
		const email = profile.email.trim().toLowerCase()
		expect(body.token).toMatch(/^[\w-]{43}$/)
		expect(body.user).toMatchObject({ email, name: 'Grace Hopper', role: 'user' })
		expect(body.user).not.toHaveProperty('passwordHash')

		const row = await prisma.user.findUniqueOrThrow({ where: { id: body.user.id }, include: { connections: true, sessions: true } })
		expect(row.email).toBe(email)
		expect(row.emailVerified).toBe(true)
		expect(row.passwordHash).toBeNull()
		expect(row.connections).toEqual([expect.objectContaining({ provider: 'google', providerId: profile.sub, email })])
		expect(row.sessions).toEqual([expect.objectContaining({ id: sessionIdFor(body.token), kind: 'api' })])
		expect(await counts()).toEqual({ users: 1, connections: 1, sessions: 1 })
	})

	test('the API token works with GET /api/auth/verify; a second sign-in with the same sub returns the same user', async () => {
		const profile = newProfile()
		const first = await signInOk(await createGoogleIdToken(profile))
		const verified = await callVerify(first.token)
		expect(verified.status).toBe(200)
		expect(verified.body).toEqual({ user: first.user })

		const second = await signInOk(await createGoogleIdToken(profile), 'credential')
		expect(second.user.id).toBe(first.user.id)
		expect(second.token).not.toBe(first.token)
		expect((await callVerify(second.token)).body).toMatchObject({ user: { id: first.user.id } })
		expect(await counts()).toEqual({ users: 1, connections: 1, sessions: 2 })

		// And a token that was never issued is refused by the verify endpoint.
		const bogus = await callVerify('x'.repeat(43))
		expect(bogus.status).toBe(401)
		expect(bogus.response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
	})

	test('`credential` wins when several fields are sent; an empty field is skipped', async () => {
		const a = newProfile()
		const b = newProfile()
		const body = await postGoogle({ token: await createGoogleIdToken(a), credential: await createGoogleIdToken(b) })
		expect(body.status).toBe(200)
		expect(body.body).toMatchObject({ user: { email: b.email } })
		const skipped = await postGoogle({ credential: '', tokenId: await createGoogleIdToken(a) })
		expect(skipped.status).toBe(200)
		expect(skipped.body).toMatchObject({ user: { email: a.email } })
	})

	test('verifyGoogleIdToken returns the identity; resolveGoogleUser reports created / signed-in', async () => {
		const profile = newProfile({ name: '  Ada\u0000 Lovelace\u2028 ' })
		const identity = await verifyGoogleIdToken(await createGoogleIdToken(profile))
		expect(identity).toEqual({ sub: profile.sub, email: profile.email, emailVerified: true, name: 'Ada Lovelace' })
		const created = await resolveGoogleUser(identity)
		expect(created.outcome).toBe('created')
		expect(created.user).toMatchObject({ email: profile.email, name: 'Ada Lovelace', emailVerified: true })
		const again = await resolveGoogleUser(identity)
		expect(again).toMatchObject({ outcome: 'signed-in', user: { id: created.user.id } })
	})

	test('identityFromClaims: normalises the email, accepts the legacy "true" string, refuses a missing sub or email', () => {
		expect(identityFromClaims({ sub: '1', email: ' A@B.COM ', email_verified: 'true' })).toEqual({
			sub: '1',
			email: 'a@b.com',
			emailVerified: true,
			name: null,
		})
		expect(identityFromClaims({ sub: '1', email: 'a@b.com', email_verified: 'yes' }).emailVerified).toBe(false)
		expect(identityFromClaims({ sub: '1', email: 'a@b.com', email_verified: 1 }).emailVerified).toBe(false)
		for (const bad of [{ email: 'a@b.com' }, { sub: '1' }, { sub: 1, email: 'a@b.com' }, { sub: '1', email: ['a@b.com'] }, { sub: 'x'.repeat(256), email: 'a@b.com' }]) {
			expect(() => identityFromClaims(bad)).toThrow(AppError)
		}
	})

	test('a new account without a name in the token is named after the email', async () => {
		const profile = newProfile()
		const token = googleSigned({ ...googleIdTokenClaims(profile), name: undefined })
		const body = await signInOk(token)
		expect(body.user.name).toBe(profile.email.split('@')[0])
	})

	test('the loader answers 405 (POST only)', async () => {
		const response = googleLoader()
		expect(response.status).toBe(405)
		expect(response.headers.get('Allow')).toBe('POST')
		const get = (await googleAction({ request: makeRequest('/api/auth/google'), params: {}, context: context() } as never)) as Response
		expect(get.status).toBe(405)
	})
})

describe('D1: signature and algorithm', () => {
	const cases: Array<[string, (profile: MockGoogleProfile) => Promise<string> | string]> = [
		['alg none (hand-made, empty signature)', (p) => forge({ alg: 'none', typ: 'JWT' }, googleIdTokenClaims(p), () => '')],
		['alg none (jose UnsecuredJWT)', (p) => new UnsecuredJWT(googleIdTokenClaims(p)).encode()],
		['alg none with a kid and a copied signature', async (p) => {
			const real = await createGoogleIdToken(p)
			return forge({ alg: 'none', kid: MOCK_GOOGLE_KID }, googleIdTokenClaims(p), () => real.split('.')[2]!)
		}],
		['HS256 signed with the PEM public key as secret', (p) =>
			forge({ alg: 'HS256', kid: MOCK_GOOGLE_KID, typ: 'JWT' }, googleIdTokenClaims(p), (input) => createHmac('sha256', googlePublicPem).update(input).digest('base64url'))],
		['HS256 signed with the JWKS public key JSON as secret', async (p) => {
			const jwk = JSON.stringify((await mockJwks()).keys[0])
			return forge({ alg: 'HS256', kid: MOCK_GOOGLE_KID }, googleIdTokenClaims(p), (input) => createHmac('sha256', jwk).update(input).digest('base64url'))
		}],
		['RS512 signed by the real Google key (not on the allowlist)', (p) => forge({ alg: 'RS512', kid: MOCK_GOOGLE_KID }, googleIdTokenClaims(p), rsaSigner('sha512'))],
		['PS256 signed by the real Google key (not on the allowlist)', (p) => forge({ alg: 'PS256', kid: MOCK_GOOGLE_KID }, googleIdTokenClaims(p), rsaSigner('sha256', true))],
		['garbage signature', async (p) => {
			const [h, b] = (await createGoogleIdToken(p)).split('.')
			return `${h}.${b}.${Buffer.alloc(256, 7).toString('base64url')}`
		}],
		['signature with one bit flipped', async (p) => {
			const [h, b, s] = (await createGoogleIdToken(p)).split('.') as [string, string, string]
			const sig = Buffer.from(s, 'base64url')
			sig[10] = sig[10]! ^ 1
			return `${h}.${b}.${sig.toString('base64url')}`
		}],
		['payload tampered after signing (another sub and email)', async (p) => {
			const [h, , s] = (await createGoogleIdToken(newProfile())).split('.')
			return `${h}.${b64url(googleIdTokenClaims(p))}.${s}`
		}],
		['payload tampered after signing (email_verified flipped to true)', async (p) => {
			const [h, , s] = (await createGoogleIdToken({ ...p, email_verified: false })).split('.')
			return `${h}.${b64url(googleIdTokenClaims({ ...p, email_verified: true }))}.${s}`
		}],
		['unknown kid', (p) => createGoogleIdToken(p, { kid: 'not-a-google-key-id' })],
		['signed by a foreign key with Google\u2019s kid', (p) => createGoogleIdToken(p, { foreignKey: true })],
		['signed by a foreign key with an empty kid', async (p) => createGoogleIdToken(p, { foreignKey: true, kid: '' })],
		['not a JWT at all', () => 'definitely-not-a-jwt'],
		['two segments only', async (p) => (await createGoogleIdToken(p)).split('.').slice(0, 2).join('.')],
		['JWE-shaped (five segments)', async (p) => `${await createGoogleIdToken(p)}.a.b`],
		['header is not JSON', async (p) => {
			const [, b, s] = (await createGoogleIdToken(p)).split('.')
			return `${b64url('not json')}.${b}.${s}`
		}],
		['crit header the verifier does not understand', (p) => googleSigned(googleIdTokenClaims(p), { crit: ['x-unknown'], 'x-unknown': 1 })],
	]

	test.each(cases)('%s → 401, no user created', async (_name, make) => {
		const profile = newProfile()
		const before = await counts()
		const result = await postGoogle({ token: await make(profile) })
		expectRefused(result)
		expect(await counts()).toEqual(before)
		expect(await prisma.user.findUnique({ where: { email: profile.email } })).toBeNull()
	})

	test('a hand-signed RS256 token with Google\u2019s key is accepted (control for the forged cases)', async () => {
		const profile = newProfile()
		const body = await signInOk(googleSigned(googleIdTokenClaims(profile)))
		expect(body.user.email).toBe(profile.email)
	})

	test('a refused token is not echoed into the logs', async () => {
		const token = await createGoogleIdToken(newProfile(), { foreignKey: true })
		expectRefused(await postGoogle({ token }))
		const logged = warn.mock.calls.flat().map(String).join('\n')
		expect(logged).not.toContain(token.split('.')[1]!)
		expect(logged).not.toContain(token.split('.')[2]!)
	})

	test('the attacker cannot tamper a real token into an existing account', async () => {
		const victim = await createUser({ email: uniqueEmail('victim'), emailVerified: true })
		const attacker = newProfile()
		const [h, , s] = (await createGoogleIdToken(attacker)).split('.')
		const tampered = `${h}.${b64url(googleIdTokenClaims({ sub: attacker.sub, email: victim.email }))}.${s}`
		expectRefused(await postGoogle({ token: tampered }))
		expect(await prisma.connection.count()).toBe(0)
		expect(await prisma.session.count({ where: { userId: victim.id } })).toBe(0)
	})
})

describe('D2: audience', () => {
	test.each([
		['another client id', 'other-app.apps.googleusercontent.com'],
		['our client id with a suffix', `${MOCK_GOOGLE_CLIENT_ID}.evil`],
		['an array without ours', ['other-app.apps.googleusercontent.com', 'third.apps.googleusercontent.com']],
		['an empty array', []],
		['empty string', ''],
	] as Array<[string, unknown]>)('aud = %s → 401, no user', async (_name, aud) => {
		const profile = newProfile()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(profile, { claims: { aud: aud as string } }) }))
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('aud missing → 401', async () => {
		expectRefused(await postGoogle({ token: googleSigned({ ...googleIdTokenClaims(newProfile()), aud: undefined }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test('aud array that includes our client id is accepted (jose semantics)', async () => {
		const profile = newProfile()
		const body = await signInOk(await createGoogleIdToken(profile, { claims: { aud: ['other-app', MOCK_GOOGLE_CLIENT_ID] } }))
		expect(body.user.email).toBe(profile.email)
	})
})

describe('D3: issuer', () => {
	test.each(['https://evil.example', 'accounts.google.com.evil.example', 'https://accounts.google.com.evil.example', 'https://accounts.google.com/', 'http://accounts.google.com', 'ACCOUNTS.GOOGLE.COM', ''])(
		'iss = %j → 401, no user',
		async (iss) => {
			expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iss } }) }))
			expect(await prisma.user.count()).toBe(0)
		},
	)

	test('iss missing → 401', async () => {
		expectRefused(await postGoogle({ token: googleSigned({ ...googleIdTokenClaims(newProfile()), iss: undefined }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test.each(['accounts.google.com', 'https://accounts.google.com'])('iss = %j is accepted', async (iss) => {
		const profile = newProfile()
		const body = await signInOk(await createGoogleIdToken(profile, { claims: { iss } }))
		expect(body.user.email).toBe(profile.email)
	})
})

describe('D4: time claims', () => {
	test('exp 6 minutes ago → 401', async () => {
		const t = now()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iat: t - 3600, exp: t - 360 } }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test('exp 30 s ago is accepted (60 s clock tolerance)', async () => {
		const t = now()
		const profile = newProfile()
		const body = await signInOk(await createGoogleIdToken(profile, { claims: { iat: t - 3600, exp: t - 30 } }))
		expect(body.user.email).toBe(profile.email)
	})

	test('iat 6 minutes in the future → 401', async () => {
		const t = now()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iat: t + 360, exp: t + 360 + 3600 } }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test('iat 30 s in the future is accepted (clock skew)', async () => {
		const t = now()
		await signInOk(await createGoogleIdToken(newProfile(), { claims: { iat: t + 30, exp: t + 3600 } }))
	})

	test('lifetime over 24 h (exp − iat = 25 h) → 401', async () => {
		const t = now()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iat: t, exp: t + 25 * 3600 } }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test('lifetime exactly 24 h is accepted; one second more is refused', async () => {
		const t = now()
		await signInOk(await createGoogleIdToken(newProfile(), { claims: { iat: t, exp: t + 24 * 3600 } }))
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iat: t, exp: t + 24 * 3600 + 1 } }) }))
	})

	test('issued more than 24 h ago (with a far exp) → 401', async () => {
		const t = now()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { claims: { iat: t - 25 * 3600, exp: t + 3600 } }) }))
	})

	test.each([
		['exp missing', { exp: undefined }],
		['iat missing', { iat: undefined }],
		['sub missing', { sub: undefined }],
		['exp as a string', { exp: String(now() + 3600) }],
		['iat as a string', { iat: String(now()) }],
		['nbf in the future', { nbf: now() + 600 }],
	] as Array<[string, Json]>)('%s → 401', async (_name, override) => {
		expectRefused(await postGoogle({ token: googleSigned({ ...googleIdTokenClaims(newProfile()), ...override }) }))
		expect(await prisma.user.count()).toBe(0)
	})
})

describe('D5: email claims', () => {
	test('email_verified false → 401, no user and no link to an existing account', async () => {
		const existing = await createUser({ email: uniqueEmail('existing'), emailVerified: false })
		const session = await loginAs(existing.id)
		const before = await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })

		const fresh = newProfile({ email_verified: false })
		const refusedNew = await postGoogle({ token: await createGoogleIdToken(fresh) })
		expectRefused(refusedNew)
		expect(refusedNew.body.message).toBe('Google has not verified this email address, so it cannot be used to sign in.')

		const refusedLink = await postGoogle({ token: await createGoogleIdToken(newProfile({ email: existing.email, email_verified: false })) })
		expectRefused(refusedLink)

		expect(await counts()).toEqual({ users: 1, connections: 0, sessions: 1 })
		expect(await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).toEqual(before)
		expect(await findSession(session.token, session.kind)).not.toBeNull()
	})

	test.each([
		['email_verified missing', { email_verified: undefined }],
		['email_verified "false"', { email_verified: 'false' }],
		['email_verified 1', { email_verified: 1 }],
	] as Array<[string, Json]>)('%s is treated as unverified → 401', async (_name, override) => {
		expectRefused(await postGoogle({ token: googleSigned({ ...googleIdTokenClaims(newProfile()), ...override }) }))
		expect(await prisma.user.count()).toBe(0)
	})

	test.each([
		['missing', { email: undefined }],
		['empty', { email: '' }],
		['not a string', { email: ['a@example.com'] }],
	] as Array<[string, Json]>)('email %s → 401, no user', async (_name, override) => {
		const result = await postGoogle({ token: googleSigned({ ...googleIdTokenClaims(newProfile()), ...override }) })
		expectRefused(result)
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('an existing link still signs in when Google later reports the email unverified (keyed on sub)', async () => {
		const profile = newProfile()
		const first = await signInOk(await createGoogleIdToken(profile))
		const again = await signInOk(await createGoogleIdToken({ ...profile, email_verified: false }))
		expect(again.user.id).toBe(first.user.id)
	})
})

describe('D6: identity is the sub, not the email', () => {
	test('same sub with a changed email → same account, connection email updated, no second user', async () => {
		const profile = newProfile()
		const first = await signInOk(await createGoogleIdToken(profile))
		const newEmail = uniqueEmail('renamed')
		const second = await signInOk(await createGoogleIdToken({ ...profile, email: newEmail }))
		expect(second.user.id).toBe(first.user.id)
		expect(await prisma.user.count()).toBe(1)
		const connection = await prisma.connection.findFirstOrThrow()
		expect(connection).toMatchObject({ provider: 'google', providerId: profile.sub, email: newEmail, userId: first.user.id })
		// The account's own (login) email is not silently rewritten.
		expect((await prisma.user.findUniqueOrThrow({ where: { id: first.user.id } })).email).toBe(profile.email)
	})

	test('same sub whose new email belongs to another account → still its own account, the other is untouched', async () => {
		const profile = newProfile()
		const mine = await signInOk(await createGoogleIdToken(profile))
		const other = await createUser({ email: uniqueEmail('other'), emailVerified: false })
		const otherSession = await loginAs(other.id)
		const otherBefore = await prisma.user.findUniqueOrThrow({ where: { id: other.id } })
		const again = await signInOk(await createGoogleIdToken({ ...profile, email: other.email }))
		expect(again.user.id).toBe(mine.user.id)
		expect(await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).toEqual(otherBefore)
		expect(await findSession(otherSession.token, otherSession.kind)).not.toBeNull()
		expect(await prisma.connection.count({ where: { userId: other.id } })).toBe(0)
	})

	test('same email with a different sub when the account is already linked → 409, nothing changed', async () => {
		const original = newProfile()
		const first = await signInOk(await createGoogleIdToken(original))
		const userBefore = await prisma.user.findUniqueOrThrow({ where: { id: first.user.id } })
		const connectionsBefore = await prisma.connection.findMany()
		const sessionsBefore = await prisma.session.findMany({ orderBy: { id: 'asc' } })

		const impostor = newProfile({ email: original.email })
		const result = await postGoogle({ token: await createGoogleIdToken(impostor) })
		expect(result.status).toBe(409)
		expect(result.body).toMatchObject({
			status: 409,
			code: 'CONFLICT',
			message: 'This email address belongs to an account linked to a different Google account.',
		})
		expect(result.body).not.toHaveProperty('token')

		expect(await prisma.user.findUniqueOrThrow({ where: { id: first.user.id } })).toEqual(userBefore)
		expect(await prisma.connection.findMany()).toEqual(connectionsBefore)
		expect(await prisma.session.findMany({ orderBy: { id: 'asc' } })).toEqual(sessionsBefore)
		expect(await prisma.connection.findUnique({ where: { provider_providerId: { provider: 'google', providerId: impostor.sub } } })).toBeNull()
	})

	test('the email comparison is case-insensitive for linking and conflicts', async () => {
		const original = newProfile()
		await signInOk(await createGoogleIdToken(original))
		const result = await postGoogle({ token: await createGoogleIdToken(newProfile({ email: original.email.toUpperCase() })) })
		expect(result.status).toBe(409)
		expect(await counts()).toMatchObject({ users: 1, connections: 1 })
	})
})

describe('B16: linking to an existing password account', () => {
	test('unverified password account: linked, password removed, every old session ended, email now verified', async () => {
		const email = uniqueEmail('preaccount')
		const squatter = await createUser({ email, emailVerified: false })
		const s1 = await loginAs(squatter.id, 'web')
		const s2 = await loginAs(squatter.id, 'api')
		expect(await verifyLogin(email, TEST_PASSWORD)).not.toBeNull()

		const profile = newProfile({ email: email.toUpperCase() })
		const body = await signInOk(await createGoogleIdToken(profile))
		expect(body.user.id).toBe(squatter.id)

		const row = await prisma.user.findUniqueOrThrow({ where: { id: squatter.id }, include: { connections: true } })
		expect(row.passwordHash).toBeNull()
		expect(row.emailVerified).toBe(true)
		expect(row.connections).toEqual([expect.objectContaining({ provider: 'google', providerId: profile.sub, email })])
		expect(await findSession(s1.token, s1.kind)).toBeNull()
		expect(await findSession(s2.token, s2.kind)).toBeNull()
		// Only the session this sign-in just started is left.
		expect(await prisma.session.findMany({ select: { id: true } })).toEqual([{ id: sessionIdFor(body.token) }])
		expect(await verifyLogin(email, TEST_PASSWORD)).toBeNull()
		expect((await callVerify(body.token)).status).toBe(200)
		expect((await callVerify(s2.token)).status).toBe(401)
		expect(await prisma.user.count()).toBe(1)
	})

	test('resolveGoogleUser reports linked-secured for an unverified account and linked for a verified one', async () => {
		const unverified = await createUser({ emailVerified: false })
		const verified = await createUser({ emailVerified: true })
		const a: GoogleIdentity = { sub: newProfile().sub, email: unverified.email, emailVerified: true, name: 'A' }
		const b: GoogleIdentity = { sub: newProfile().sub, email: verified.email, emailVerified: true, name: 'B' }
		expect(await resolveGoogleUser(a)).toMatchObject({ outcome: 'linked-secured', user: { id: unverified.id, emailVerified: true } })
		expect(await resolveGoogleUser(b)).toMatchObject({ outcome: 'linked', user: { id: verified.id } })
		// The account's name is not replaced by Google's.
		expect((await prisma.user.findUniqueOrThrow({ where: { id: verified.id } })).name).toBe('Test User')
	})

	test('verified account: the Google identity links and the password and sessions are kept', async () => {
		const email = uniqueEmail('verified')
		const owner = await createUser({ email, emailVerified: true })
		const s1 = await loginAs(owner.id, 'web')
		const s2 = await loginAs(owner.id, 'api')
		const hashBefore = (await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).passwordHash

		const profile = newProfile({ email })
		const body = await signInOk(await createGoogleIdToken(profile))
		expect(body.user.id).toBe(owner.id)

		const row = await prisma.user.findUniqueOrThrow({ where: { id: owner.id }, include: { connections: true } })
		expect(row.passwordHash).toBe(hashBefore)
		expect(row.emailVerified).toBe(true)
		expect(row.connections).toHaveLength(1)
		expect(await findSession(s1.token, s1.kind)).not.toBeNull()
		expect(await findSession(s2.token, s2.kind)).not.toBeNull()
		expect(await prisma.session.count({ where: { userId: owner.id } })).toBe(3)
		expect(await verifyLogin(email, TEST_PASSWORD)).toMatchObject({ id: owner.id })
	})

	test('the squatter’s sessions stay ended when the owner signs in with Google again', async () => {
		const email = uniqueEmail('again')
		const squatter = await createUser({ email, emailVerified: false })
		const old = await loginAs(squatter.id)
		const profile = newProfile({ email })
		await signInOk(await createGoogleIdToken(profile))
		const again = await signInOk(await createGoogleIdToken(profile))
		expect(again.user.id).toBe(squatter.id)
		expect(await findSession(old.token, old.kind)).toBeNull()
		expect(await prisma.session.count()).toBe(2)
	})
})

describe('D8: size and shape of the request', () => {
	// No clock: the work not done is counted (key fetches, rows), and speed is in `npm run bench`.
	test('a 100 KB token → 413, without touching Google or the database', async () => {
		const jwks = countJwksFetches()
		const huge = `${'a'.repeat(50_000)}.${'b'.repeat(50_000)}.${'c'.repeat(2_000)}`
		const result = await postGoogle({ token: huge })
		expect(result.status).toBe(413)
		expect(result.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
		expect(jwks.count).toBe(0)
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('a token over 8 KB but within the body limit → 401 before any crypto or network', async () => {
		const jwks = countJwksFetches()
		const real = await createGoogleIdToken(newProfile(), { claims: { padding: 'p'.repeat(MAX_ID_TOKEN_LENGTH) } })
		expect(real.length).toBeGreaterThan(MAX_ID_TOKEN_LENGTH)
		expectRefused(await postGoogle({ token: real }))
		expect(jwks.count).toBe(0)
		await expect(verifyGoogleIdToken('x.'.repeat(30_000) + 'x')).rejects.toMatchObject({ status: 401 })
		expect(jwks.count).toBe(0)
		expect(await prisma.user.count()).toBe(0)
	})

	test.each([
		['no field at all', {}],
		['other fields only', { id_token: 'abc.def.ghi', access_token: 'x' }],
		['token: 123', { token: 123 }],
		["token: ''", { token: '' }],
		['token: null', { token: null }],
		['token: an array', { token: ['a.b.c'] }],
		['token: an object', { token: { value: 'a.b.c' } }],
		['all three empty', { token: '', tokenId: '', credential: '' }],
	] as Array<[string, Json]>)('%s → 400 Invalid login payload', async (_name, body) => {
		const result = await postGoogle(body)
		expect(result.status).toBe(400)
		expect(result.body).toEqual({ message: INVALID_LOGIN_PAYLOAD, status: 400, code: 'VALIDATION_ERROR' })
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('a body that is not a JSON object → 400, never 500', async () => {
		for (const raw of ['[]', '"a.b.c"', 'null', '{"token":', '\u0000']) {
			const result = await postGoogle(undefined, { raw, headers: { 'Content-Type': 'application/json' } })
			expect(result.status, raw).toBe(400)
			expect(result.body).toMatchObject({ code: 'VALIDATION_ERROR' })
		}
	})

	test('text/plain and form bodies → 415', async () => {
		const token = await createGoogleIdToken(newProfile())
		const plain = await postGoogle(undefined, { raw: JSON.stringify({ token }), headers: { 'Content-Type': 'text/plain' } })
		expect(plain.status).toBe(415)
		expect(plain.body).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' })
		const form = await postGoogle(undefined, { raw: new URLSearchParams({ credential: token }), headers: {} })
		expect(form.status).toBe(415)
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('__proto__ in the body does not pollute anything and is not a token source', async () => {
		const token = await createGoogleIdToken(newProfile())
		const result = await postGoogle(undefined, { raw: `{"__proto__":{"token":${JSON.stringify(token)}}}`, headers: { 'Content-Type': 'application/json' } })
		expect(result.status).toBe(400)
		expect(({} as Json).token).toBeUndefined()
	})
})

describe('D9: Google key set unavailable', () => {
	test('JWKS network error with no cached keys → 503 with Retry-After; recovers once Google answers', async () => {
		mockServer.use(http.get(GOOGLE_JWKS_URL, () => HttpResponse.error()))
		const profile = newProfile()
		const result = await postGoogle({ token: await createGoogleIdToken(profile) })
		expect(result.status, JSON.stringify(result.body)).toBe(503)
		expect(result.body).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { retryAfter: 60 } })
		expect(result.response.headers.get('Retry-After')).toBe('60')
		expect(result.response.headers.get('WWW-Authenticate')).toBeNull()
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })

		// No negative caching: once Google is back, the next sign-in works.
		mockServer.resetHandlers()
		const body = await signInOk(await createGoogleIdToken(profile))
		expect(body.user.email).toBe(profile.email)
	})

	test.each([
		['HTTP 500', () => new HttpResponse('oops', { status: 500 })],
		['HTTP 503', () => new HttpResponse(null, { status: 503 })],
		['HTTP 302 to elsewhere', () => new HttpResponse(null, { status: 302, headers: { Location: 'https://evil.example/keys' } })],
		['a non-JSON answer', () => new HttpResponse('<html>captive portal</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
		['a JSON answer that is not a key set', () => HttpResponse.json({ error: 'backend' })],
	] as Array<[string, () => Response]>)('JWKS answering %s with no cached keys → 503 with Retry-After, not 401', async (_name, answer) => {
		mockServer.use(http.get(GOOGLE_JWKS_URL, answer))
		const result = await postGoogle({ token: await createGoogleIdToken(newProfile()) })
		expect(result.status, JSON.stringify(result.body)).toBe(503)
		expect(result.response.headers.get('Retry-After')).toBe('60')
		expect(await prisma.user.count()).toBe(0)
	})

	test('JWKS timing out with no cached keys → 503 with Retry-After (after the 5 s fetch timeout)', async () => {
		mockServer.use(
			http.get(GOOGLE_JWKS_URL, async () => {
				await delay(20_000)
				return HttpResponse.json(await mockJwks())
			}),
		)
		const started = performance.now()
		const result = await postGoogle({ token: await createGoogleIdToken(newProfile()) })
		const elapsed = performance.now() - started
		// A 503, not the sign-in the keys arriving at 20 s would give: the fetch was given up before them.
		expect(result.status, JSON.stringify(result.body)).toBe(503)
		expect(result.response.headers.get('Retry-After')).toBe('60')
		// A lower bound on a deliberate wait (the 5 s fetch timeout), which a busy machine only lengthens.
		expect(elapsed).toBeGreaterThan(4_000)
		expect(await prisma.user.count()).toBe(0)
	}, 60_000) // a hang guard, not a timing

	test('with keys already cached, sign-in keeps working while the endpoint is down (and is not refetched)', async () => {
		const jwks = countJwksFetches()
		await signInOk(await createGoogleIdToken(newProfile()))
		expect(jwks.count).toBe(1)

		let downCalls = 0
		mockServer.use(
			http.get(GOOGLE_JWKS_URL, () => {
				downCalls++
				return HttpResponse.error()
			}),
		)
		const profile = newProfile()
		const body = await signInOk(await createGoogleIdToken(profile))
		expect(body.user.email).toBe(profile.email)
		expect(downCalls).toBe(0)
		// Forged tokens are still refused with the cached keys.
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { foreignKey: true }) }))
	})

	test('many tokens with unknown kids do not hammer Google (refetch cooldown)', async () => {
		const jwks = countJwksFetches()
		await signInOk(await createGoogleIdToken(newProfile()))
		for (let i = 0; i < 5; i++) {
			expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile(), { kid: `rotated-${i}` }) }))
		}
		expect(jwks.count).toBe(1)
	})

	test('verifyGoogleIdToken throws a 503 AppError with details.retryAfter', async () => {
		mockServer.use(http.get(GOOGLE_JWKS_URL, () => HttpResponse.error()))
		const error = await verifyGoogleIdToken(await createGoogleIdToken(newProfile())).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { retryAfter: 60 } })
	})
})

describe('Google sign-in not configured', () => {
	const saved = process.env.GOOGLE_CLIENT_ID
	afterEach(() => {
		if (saved === undefined) delete process.env.GOOGLE_CLIENT_ID
		else process.env.GOOGLE_CLIENT_ID = saved
		resetEnvCache()
	})

	test('no GOOGLE_CLIENT_ID → 503 with the message; nothing is read, fetched or created', async () => {
		const jwks = countJwksFetches()
		const token = await createGoogleIdToken(newProfile())
		delete process.env.GOOGLE_CLIENT_ID
		resetEnvCache()
		const result = await postGoogle({ token })
		expect(result.status).toBe(503)
		expect(result.body).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: GOOGLE_NOT_CONFIGURED })
		// Even an invalid body gets the same answer (the feature is off, not the request wrong).
		const invalid = await postGoogle({})
		expect(invalid.status).toBe(503)
		await expect(verifyGoogleIdToken(token)).rejects.toMatchObject({ status: 503, message: GOOGLE_NOT_CONFIGURED })
		expect(jwks.count).toBe(0)
		expect(await counts()).toEqual({ users: 0, connections: 0, sessions: 0 })
	})

	test('a token for our client is refused when the site is configured with another client id', async () => {
		process.env.GOOGLE_CLIENT_ID = 'someone-else.apps.googleusercontent.com'
		resetEnvCache()
		expectRefused(await postGoogle({ token: await createGoogleIdToken(newProfile()) }))
		expect(await prisma.user.count()).toBe(0)
	})
})

describe('rate limit and concurrency', () => {
	test('the 11th sign-in attempt from one IP in a minute → 429 with Retry-After and RateLimit-*; other IPs are not affected', async () => {
		const ip = '203.0.113.77'
		for (let i = 0; i < 10; i++) {
			const r = await postGoogle({ token: 'a.b.c' }, { ip })
			expect(r.status).toBe(401)
		}
		const refused = await postGoogle({ token: await createGoogleIdToken(newProfile()) }, { ip })
		expect(refused.status).toBe(429)
		expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' })
		expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0)
		// The RateLimit-* headers come with it (issue 11).
		expect(refused.response.headers.get('RateLimit-Limit')).toBe('10')
		expect(refused.response.headers.get('RateLimit-Remaining')).toBe('0')
		expect(refused.response.headers.get('RateLimit-Reset')).toBe(refused.response.headers.get('Retry-After'))
		expect(await prisma.user.count()).toBe(0)
		expect((await postGoogle({ token: await createGoogleIdToken(newProfile()) }, { ip: '203.0.113.78' })).status).toBe(200)
	})

	test('10 parallel sign-ins with the same new Google identity → exactly one user and one connection', async () => {
		const profile = newProfile()
		const tokens = await Promise.all(Array.from({ length: 10 }, () => createGoogleIdToken(profile)))
		const results = await Promise.all(tokens.map((token, i) => postGoogle({ token }, { ip: `198.51.100.${i + 1}` })))
		for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200)
		const ids = new Set(results.map((r) => (r.body.user as { id: string }).id))
		expect(ids.size).toBe(1)
		expect(await prisma.user.count()).toBe(1)
		expect(await prisma.connection.count()).toBe(1)
		expect(await prisma.session.count()).toBe(10)
	})

	test('10 parallel sign-ins linking the same unverified password account → one link, squatter sessions gone', async () => {
		const email = uniqueEmail('racelink')
		const squatter = await createUser({ email, emailVerified: false })
		const old = await loginAs(squatter.id)
		const profile = newProfile({ email })
		const tokens = await Promise.all(Array.from({ length: 10 }, () => createGoogleIdToken(profile)))
		const results = await Promise.all(tokens.map((token, i) => postGoogle({ token }, { ip: `198.51.100.${i + 101}` })))
		for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200)
		expect(await prisma.user.count()).toBe(1)
		expect(await prisma.connection.count()).toBe(1)
		expect(await findSession(old.token, old.kind)).toBeNull()
		expect((await prisma.user.findUniqueOrThrow({ where: { id: squatter.id } })).passwordHash).toBeNull()
		// Every racer got a working session: none was swept away by the squatter clean-up.
		for (const r of results) expect(await findSession(r.body.token as string, 'api'), 'session of a racer').not.toBeNull()
		expect(await prisma.session.count()).toBe(10)
	})

	test('two different Google identities racing for one email → one wins, the other gets 409', async () => {
		const email = uniqueEmail('twosubs')
		const [a, b] = [newProfile({ email }), newProfile({ email })]
		const results = await Promise.all([
			postGoogle({ token: await createGoogleIdToken(a) }, { ip: '192.0.2.1' }),
			postGoogle({ token: await createGoogleIdToken(b) }, { ip: '192.0.2.2' }),
		])
		expect(results.map((r) => r.status).sort()).toEqual([200, 409])
		expect(await prisma.user.count()).toBe(1)
		expect(await prisma.connection.count()).toBe(1)
	})
})
