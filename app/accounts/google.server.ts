/**
 * Google sign-in, both ways in:
 *
 * - the JSON API (`POST /api/auth/google`) gets a Google ID token, verified
 *   here against Google's published keys: signature (RS256 only), `aud` =
 *   our client id, `iss` = Google, `exp`/`iat` with a minute of clock skew,
 *   a lifetime of at most a day, and `email_verified`;
 * - the redirect flow (remix-auth-google, in auth.server.ts) gets the same
 *   facts from Google's userinfo endpoint over TLS.
 *
 * Both end in `resolveGoogleUser`, which keys accounts on Google's `sub`
 * (never on the email alone) and links by email only when Google vouches
 * for it. Tests never reach Google: MSW answers these URLs (tests/mocks).
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import { isUniqueViolation, prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { sessionUserSelect } from './session.server.ts'
import { getSiteSettingsForPage } from '#app/site/settings.server.ts'
import { NAME_MAX, normalizeEmail } from './user-validation.ts'
import { ACCOUNT_DISABLED_MESSAGE, assertRegistrationOpen, type AccountUser } from './user.server.ts'

export const GOOGLE_PROVIDER = 'google'
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs'
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com']
const CLOCK_TOLERANCE_S = 60
const MAX_LIFETIME_S = 24 * 60 * 60
/** Real ID tokens are about 1 KB; anything far larger is refused before any crypto. */
export const MAX_ID_TOKEN_LENGTH = 8 * 1024

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not available on this site.'
export const GOOGLE_FAILED = 'Google sign-in failed. Please try again.'

/** Google's client id when sign-in with Google is configured. */
export function googleClientId(): string | null {
	return getEnv().GOOGLE_CLIENT_ID ?? null
}

/** The redirect flow also needs the client secret. */
export function isGoogleRedirectEnabled(): boolean {
	const env = getEnv()
	return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

/** The admin setting "Google sign-in" (on by default); off hides every Google button and refuses sign-in. */
export async function isGoogleSignInAllowed(): Promise<boolean> {
	return (await getSiteSettingsForPage()).settings.googleSignIn
}

/** The redirect flow can be offered: configured and allowed by the admin setting. */
export async function isGoogleRedirectAvailable(): Promise<boolean> {
	return isGoogleRedirectEnabled() && (await isGoogleSignInAllowed())
}

/** The ID-token API can be used: a client id configured and allowed by the admin setting. */
export async function isGoogleApiAvailable(): Promise<boolean> {
	return Boolean(googleClientId()) && (await isGoogleSignInAllowed())
}

export function googleCallbackUrl(): string {
	// From configuration, never from the Host header (SECURITY.md E6).
	return `${getEnv().SITE_URL}/auth/google/callback`
}

// Keys are fetched once and cached (jose honours a cooldown between
// refetches, so a flood of tokens with unknown key ids cannot hammer Google).
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined
function googleKeys() {
	jwks ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), {
		timeoutDuration: 5_000,
		cooldownDuration: 30_000,
		cacheMaxAge: 6 * 60 * 60 * 1000,
	})
	return jwks
}

/** For tests: forget the cached key set. */
export function resetGoogleKeyCache() {
	jwks = undefined
}

export type GoogleIdentity = {
	sub: string
	email: string
	emailVerified: boolean
	name: string | null
}

/** Verifies a Google ID token; the identity it proves, or a 401/503 AppError. */
export async function verifyGoogleIdToken(token: string): Promise<GoogleIdentity> {
	const clientId = googleClientId()
	if (!clientId) throw new AppError('SERVICE_UNAVAILABLE', GOOGLE_NOT_CONFIGURED)
	if (token.length > MAX_ID_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) {
		throw new AppError('AUTHENTICATION_ERROR', 'Google sign-in failed: the token is not a valid Google ID token.')
	}
	let payload: JWTPayload
	try {
		;({ payload } = await jwtVerify(token, googleKeys(), {
			issuer: GOOGLE_ISSUERS,
			audience: clientId,
			algorithms: ['RS256'],
			clockTolerance: CLOCK_TOLERANCE_S,
			maxTokenAge: MAX_LIFETIME_S,
			requiredClaims: ['sub', 'exp', 'iat'],
		}))
	} catch (error) {
		if (isKeySetUnavailable(error)) {
			console.warn('Google sign-in: could not fetch Google keys:', error instanceof Error ? error.message : error)
			throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is unavailable right now. Please try again in a minute.', {
				retryAfter: 60,
			})
		}
		const reason = error instanceof joseErrors.JOSEError ? error.code : 'ERR_UNKNOWN'
		console.warn(`Google sign-in: token refused (${reason})`)
		throw new AppError('AUTHENTICATION_ERROR', 'Google sign-in failed: the token could not be verified.')
	}
	if (typeof payload.exp === 'number' && typeof payload.iat === 'number' && payload.exp - payload.iat > MAX_LIFETIME_S) {
		throw new AppError('AUTHENTICATION_ERROR', 'Google sign-in failed: the token could not be verified.')
	}
	return identityFromClaims(payload)
}

/** The identity in an ID token's claims or a userinfo answer (the same field names). */
export function identityFromClaims(claims: Record<string, unknown>): GoogleIdentity {
	const sub = typeof claims.sub === 'string' ? claims.sub : ''
	const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : ''
	if (!sub || sub.length > 255 || !email || email.length > 254) {
		throw new AppError('AUTHENTICATION_ERROR', 'Google sign-in failed: Google did not share an email address.')
	}
	// Google sends a boolean; very old tokens sent the string "true".
	const emailVerified = claims.email_verified === true || claims.email_verified === 'true'
	const name = typeof claims.name === 'string' ? cleanName(claims.name) : null
	return { sub, email, emailVerified, name }
}

/** Google's display name made fit for ours: control characters dropped (not refused, as on sign-up), trimmed, cut at the length limit. */
function cleanName(name: string): string | null {
	const cleaned = name.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim()
	return cleaned ? Array.from(cleaned).slice(0, NAME_MAX).join('') : null
}

/**
 * True when Google's key set could not be had (503), as opposed to a token
 * that fails verification (401): a network failure in any fetch
 * implementation, a timeout, a non-200 or non-JSON answer, or JSON that is
 * not a key set. Google's outage must not be blamed on the user's token
 * (SECURITY.md D9).
 */
function isKeySetUnavailable(error: unknown): boolean {
	// fetch() rejects with a TypeError for every network failure (Fetch standard).
	if (error instanceof TypeError && /fetch|network/i.test(error.message)) return true
	if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return true
	// jose reports a non-200 answer or a non-JSON body with its base error class
	// (code ERR_JOSE_GENERIC), which nothing token-related throws.
	return error instanceof joseErrors.JOSEError && error.code === joseErrors.JOSEError.code
}

export type GoogleOutcome =
	/** An account already linked to this Google identity. */
	| 'signed-in'
	/** A new account was made. */
	| 'created'
	/** Linked to the existing account with this (already confirmed) email. */
	| 'linked'
	/**
	 * Linked to an account whose email nobody had confirmed: its password and
	 * sessions were removed first, since whoever set them may not own the
	 * address (pre-account takeover, SECURITY.md B16).
	 */
	| 'linked-secured'

/**
 * The account for a Google identity: by (provider, sub) first; else by
 * verified email (linking); else a new account. Refuses unverified emails,
 * an email whose account is already linked to another Google identity, a
 * disabled account (403) and a new account while registration is closed (403).
 */
export async function resolveGoogleUser(identity: GoogleIdentity, attempt = 0): Promise<{ user: AccountUser; outcome: GoogleOutcome }> {
	const connection = await prisma.connection.findUnique({
		where: { provider_providerId: { provider: GOOGLE_PROVIDER, providerId: identity.sub } },
		select: { id: true, email: true, user: { select: { ...sessionUserSelect, disabledAt: true } } },
	})
	if (connection) {
		const { disabledAt, ...user } = connection.user
		if (disabledAt) throw new AppError('AUTHORIZATION_ERROR', ACCOUNT_DISABLED_MESSAGE)
		if (connection.email !== identity.email) {
			await prisma.connection.update({ where: { id: connection.id }, data: { email: identity.email } })
		}
		return { user, outcome: 'signed-in' }
	}
	if (!identity.emailVerified) {
		throw new AppError('AUTHENTICATION_ERROR', 'Google has not verified this email address, so it cannot be used to sign in.')
	}
	const existing = await prisma.user.findUnique({
		where: { email: identity.email },
		select: {
			...sessionUserSelect,
			disabledAt: true,
			connections: { where: { provider: GOOGLE_PROVIDER }, select: { id: true, providerId: true } },
		},
	})
	// A disabled account is neither signed in to nor linked.
	if (existing?.disabledAt) throw new AppError('AUTHORIZATION_ERROR', ACCOUNT_DISABLED_MESSAGE)
	// A new account is a registration: refused while registration is closed.
	if (!existing) await assertRegistrationOpen()
	try {
		if (existing) {
			if (existing.connections.length > 0) {
				// A concurrent sign-in with this same identity may have linked (or
				// created) the account after the lookup by sub above: a sign-in, not a
				// conflict, so look again.
				if (attempt === 0 && existing.connections.some((c) => c.providerId === identity.sub)) {
					return resolveGoogleUser(identity, 1)
				}
				throw new AppError('CONFLICT', 'This email address belongs to an account linked to a different Google account.')
			}
			const secure = !existing.emailVerified
			const user = await prisma.$transaction(async (tx) => {
				await tx.connection.create({
					data: { provider: GOOGLE_PROVIDER, providerId: identity.sub, email: identity.email, userId: existing.id },
				})
				// The squatter's sessions end in the same transaction as the link:
				// deleted afterwards, a failure there would leave them alive for good
				// (later sign-ins take the 'signed-in' path), and a concurrent sign-in
				// that already saw the link would lose its new session.
				if (secure) await tx.session.deleteMany({ where: { userId: existing.id } })
				return tx.user.update({
					where: { id: existing.id },
					data: secure ? { emailVerified: true, passwordHash: null } : {},
					select: sessionUserSelect,
				})
			})
			return { user, outcome: secure ? 'linked-secured' : 'linked' }
		}
		const user = await prisma.user.create({
			data: {
				email: identity.email,
				name: identity.name ?? identity.email.split('@')[0] ?? 'Google user',
				emailVerified: true,
				connections: { create: { provider: GOOGLE_PROVIDER, providerId: identity.sub, email: identity.email } },
			},
			select: sessionUserSelect,
		})
		return { user, outcome: 'created' }
	} catch (error) {
		// A concurrent sign-in with the same identity or email won the race: start over once.
		if (isUniqueViolation(error) && attempt === 0) return resolveGoogleUser(identity, 1)
		throw error
	}
}
