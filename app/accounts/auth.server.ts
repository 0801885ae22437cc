/**
 * Who is asking: the session behind a request, the guards every protected
 * loader and action calls itself (a parent layout's check does not protect
 * its children's loaders, which run in parallel), and remix-auth's
 * authenticator with the password and Google strategies.
 */
import { createCookie, createCookieSessionStorage, data, redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { GoogleStrategy } from 'remix-auth-google'
import { readFormData } from '#app/utils/body.server.ts'
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable, prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { jsonError } from '#app/utils/errors.server.ts'
import {
	GOOGLE_FAILED,
	googleCallbackUrl,
	identityFromClaims,
	isGoogleRedirectEnabled,
	resolveGoogleUser,
	type GoogleOutcome,
} from './google.server.ts'
import { type KnownDevice } from './known-device.server.ts'
import { hit, rateLimitError, reset } from '#app/site/rate-limit.server.ts'
import {
	clearSessionCookie,
	createSession,
	deleteSession,
	findSession,
	hasSessionCookie,
	readSessionCookie,
	serializeSessionCookie,
	type SessionLookup,
} from './session.server.ts'
import { LoginSchema, normalizeEmail } from './user-validation.ts'
import { assertNotDisabled, INVALID_CREDENTIALS_MESSAGE, verifyLogin, type AccountUser } from './user.server.ts'

export const SESSION_UNVERIFIED_MESSAGE = 'Unable to verify session. Please try again later.'

export type AuthState =
	| { status: 'anonymous'; setCookie: string | null }
	| { status: 'authenticated'; user: SessionLookup['user']; sessionId: string; setCookie: string | null }
	/** A session cookie is there but the database could not be asked about it: keep it, say so. */
	| { status: 'unverified'; setCookie: null }

// Loaders of one request share the answer (one query per request, not per loader).
const stateByRequest = new WeakMap<Request, Promise<AuthState>>()

/**
 * The request's session. An unknown, expired, revoked or tampered cookie
 * makes the request anonymous and `setCookie` clears it; a renewed session
 * gets its cookie again. Database failures give `unverified`, never an error.
 */
export function getAuthState(request: Request): Promise<AuthState> {
	let state = stateByRequest.get(request)
	if (!state) {
		state = readAuthState(request)
		stateByRequest.set(request, state)
	}
	return state
}

async function readAuthState(request: Request): Promise<AuthState> {
	if (!hasSessionCookie(request)) return { status: 'anonymous', setCookie: null }
	const token = await readSessionCookie(request)
	if (!token) return { status: 'anonymous', setCookie: await clearSessionCookie() }
	let found: SessionLookup | null
	try {
		found = await findSession(token, 'web')
	} catch (error) {
		console.error('Session check failed:', describeDatabaseError(error))
		return { status: 'unverified', setCookie: null }
	}
	if (!found) return { status: 'anonymous', setCookie: await clearSessionCookie() }
	return {
		status: 'authenticated',
		user: found.user,
		sessionId: found.sessionId,
		setCookie: found.renewed ? await serializeSessionCookie(token) : null,
	}
}

function loginUrl(request: Request): string {
	const url = new URL(request.url)
	const redirectTo = `${url.pathname}${url.search}`
	return redirectTo === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo })}`
}

function unverifiedResponse() {
	return data({ message: SESSION_UNVERIFIED_MESSAGE }, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } })
}

/** The signed-in user, or null (anonymous). Throws a 503 when the session cannot be checked. */
export async function getOptionalUser(request: Request) {
	const state = await getAuthState(request)
	if (state.status === 'unverified') throw unverifiedResponse()
	return state.status === 'authenticated' ? state.user : null
}

/**
 * The signed-in user and their session id. Anonymous visitors are redirected
 * to /login?redirectTo=<here> (clearing a dead cookie on the way).
 */
export async function requireUser(request: Request) {
	const state = await getAuthState(request)
	if (state.status === 'unverified') throw unverifiedResponse()
	if (state.status !== 'authenticated') {
		throw redirect(loginUrl(request), state.setCookie ? { headers: { 'Set-Cookie': state.setCookie } } : undefined)
	}
	return { user: state.user, sessionId: state.sessionId }
}

/** An admin, or a redirect to /login (SPEC.md §2: anonymous visitors and non-admins alike). */
export async function requireAdmin(request: Request) {
	const { user, sessionId } = await requireUser(request)
	if (user.role !== 'admin') throw redirect(loginUrl(request))
	return { user, sessionId }
}

/** Starts a browser session for the user: the Set-Cookie header to send. */
export async function startWebSession(request: Request, userId: string): Promise<string> {
	// A fresh token at every sign-in: a cookie planted before login is never
	// promoted (session fixation), and the session it replaces (switching
	// accounts) ends rather than lingering unused for 30 days.
	const previous = await readSessionCookie(request)
	if (previous) await deleteSession(previous)
	const { token } = await createSession({ userId, kind: 'web', userAgent: request.headers.get('User-Agent') })
	return serializeSessionCookie(token)
}

export async function startApiSession(request: Request, userId: string): Promise<string> {
	const { token } = await createSession({ userId, kind: 'api', userAgent: request.headers.get('User-Agent') })
	return token
}

/**
 * Ends the request's browser session (if any); the Set-Cookie header that
 * clears the cookie. With the database down the row stays until it expires,
 * but this browser forgets the token, which is what logging out must
 * guarantee here: the 503 thrown then (the outage is not hidden behind
 * "You have been logged out") clears the cookie all the same.
 */
export async function endWebSession(request: Request): Promise<string> {
	const token = await readSessionCookie(request)
	const cleared = await clearSessionCookie()
	if (token) {
		try {
			await deleteSession(token)
		} catch (error) {
			if (!isDatabaseUnavailable(error)) {
				console.error('Logout: could not delete the session:', error)
				return cleared
			}
			console.error('Logout: could not delete the session:', describeDatabaseError(error))
			const unavailable = new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
			throw jsonError(unavailable.toJSON(), {
				headers: { 'Set-Cookie': cleared, 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
			})
		}
	}
	return cleared
}

// ---------------------------------------------------------------------------
// Rate limits for signing in and up (counters in the database: SECURITY.md B5)

const MINUTE = 60_000
/** Failed logins for one account from one client address before that pair is paused, and for how long. */
export const ACCOUNT_FAILURE_LIMIT = 10
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * MINUTE
/** Failed logins for one account (from anywhere) before every further attempt waits, and the longest wait. */
export const ACCOUNT_DELAY_AFTER = 10
export const ACCOUNT_DELAY_MAX_MS = 2_000
/** Failed logins from one known device before it is no longer trusted past the account's limits. */
export const KNOWN_DEVICE_FAILURE_LIMIT = 10
export const ACCOUNT_LIMITED_MESSAGE = 'Too many failed attempts for this account. Please wait a few minutes and try again.'

/** Counts an attempt from this client IP at `action` (login, register, google); throws 429 beyond the limit. */
export async function limitByIp(action: string, clientIp: string): Promise<void> {
	const result = await hit(`${action}:ip:${clientIp}`, getEnv().AUTH_RATE_LIMIT_PER_MINUTE, MINUTE)
	if (!result.allowed) throw rateLimitError(result)
}

/**
 * How long an attempt on an account waits, given the failed attempts on it
 * (from any address) since its last success: nothing up to 10, then 250 ms,
 * doubling to at most 2 s. A delay, never a refusal: the owner gets in.
 */
export function accountDelayMs(previousFailures: number): number {
	if (previousFailures < ACCOUNT_DELAY_AFTER) return 0
	return Math.min(ACCOUNT_DELAY_MAX_MS, 250 * 2 ** Math.min(previousFailures - ACCOUNT_DELAY_AFTER, 10))
}

/** The per-account wait (an object, so tests can watch which waits were applied without timing them). */
export const loginThrottle = {
	wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}

/**
 * The counter key of the known device this request proves for the account
 * of `email`, or null. A device counts its attempts (10 failures in 15
 * minutes and it is trusted no more until a success or the window's end).
 * Unknown emails simply have no device: nothing tells whether they exist.
 */
async function trustedDeviceKey(email: string, devices: ReadonlyArray<KnownDevice>): Promise<string | null> {
	if (devices.length === 0) return null
	const account = await prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true } })
	const device = account && devices.find((candidate) => candidate.userId === account.id)
	if (!device) return null
	const key = `login:device:${device.userId}:${device.deviceId}`
	const attempt = await hit(key, KNOWN_DEVICE_FAILURE_LIMIT, ACCOUNT_FAILURE_WINDOW_MS)
	return attempt.allowed ? key : null
}

/**
 * Checks an email and password under three limits, so that guessing stays
 * expensive while no stranger can keep the owner out:
 * - per client address: AUTH_RATE_LIMIT_PER_MINUTE attempts a minute (any account);
 * - per (account, address) pair: 10 attempts without a success in 15 minutes,
 *   then 429 for that pair only: other addresses, the owner's included, are unaffected;
 * - per account, from all addresses: after 10 failures since the last
 *   success every attempt waits (accountDelayMs, at most 2 s) before the
 *   password is checked, whatever the outcome. A delay, not a block.
 * A request from a known device of the account (`devices`, read from its
 * signed cookie) skips the pair limit and the delay; it still counts against
 * the address limit. Attempts are counted before the password is checked,
 * so parallel guesses cannot slip in under a limit; a success clears the
 * account's count and the device's (or, without one, the pair's). Unknown
 * emails are counted the same way, so no answer tells whether an account
 * exists. Returns the user, or throws 401 with one message for unknown
 * email and wrong password, 403 for a disabled account, 429 beyond a limit.
 */
export async function checkCredentials({
	email,
	password,
	clientIp,
	devices = [],
}: {
	email: string
	password: string
	clientIp: string
	devices?: ReadonlyArray<KnownDevice>
}): Promise<AccountUser> {
	await limitByIp('login', clientIp)
	const account = normalizeEmail(email)
	const deviceKey = await trustedDeviceKey(account, devices)
	const pairKey = `login:pair:${account}:${clientIp}`
	if (!deviceKey) {
		const attempt = await hit(pairKey, ACCOUNT_FAILURE_LIMIT, ACCOUNT_FAILURE_WINDOW_MS)
		if (!attempt.allowed) throw rateLimitError(attempt, ACCOUNT_LIMITED_MESSAGE)
	}
	const accountKey = `login:account:${account}`
	const failures = await hit(accountKey, Number.MAX_SAFE_INTEGER, ACCOUNT_FAILURE_WINDOW_MS)
	const delay = deviceKey ? 0 : accountDelayMs(failures.count - 1)
	if (delay > 0) await loginThrottle.wait(delay)
	const user = await verifyLogin(email, password)
	if (!user) {
		console.warn(`Login failed from ${clientIp.replace(/[^0-9a-f.:]/gi, '?')}`)
		throw new AppError('AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
	}
	// A known device skipped the pair's count and leaves it alone: an owner signing in from the
	// network a guesser shares does not give that guesser ten more tries.
	await Promise.all([reset(accountKey), deviceKey ? reset(deviceKey) : reset(pairKey)])
	// Only someone who knows the password learns that the account is disabled.
	await assertNotDisabled(user.id)
	return user
}

// ---------------------------------------------------------------------------
// remix-auth: the password form and Google's redirect flow

/** What the strategies resolve to; the route then starts our own database session. */
export type Authenticated = { user: AccountUser; google?: GoogleOutcome }

let authenticator: Authenticator<Authenticated> | undefined

/**
 * remix-auth's authenticator. Strategies return the user without touching
 * a session (no successRedirect), and our own database session is started
 * by the route. The cookie session storage here only carries the OAuth
 * `state` across Google's redirect (ten minutes, scoped to /auth).
 */
export function getAuthenticator(): Authenticator<Authenticated> {
	if (authenticator) return authenticator
	const env = getEnv()
	const flowStorage = createCookieSessionStorage({ cookie: { name: 'auth_flow', ...googleFlowCookieOptions() } })
	authenticator = new Authenticator<Authenticated>(flowStorage, { throwOnError: true })
	authenticator.use(
		new FormStrategy<Authenticated>(async ({ form, context }) => {
			const clientIp = typeof context?.clientIp === 'string' ? context.clientIp : 'unknown'
			const parsed = LoginSchema.safeParse(Object.fromEntries(form))
			if (!parsed.success) throw new AppError('AUTHENTICATION_ERROR', INVALID_CREDENTIALS_MESSAGE)
			const devices = Array.isArray(context?.knownDevices) ? (context.knownDevices as Array<KnownDevice>) : []
			const user = await checkCredentials({ email: parsed.data.email, password: parsed.data.password, clientIp, devices })
			return { user }
		}),
		'form',
	)
	if (isGoogleRedirectEnabled() && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
		authenticator.use(
			new GoogleStrategy<Authenticated>(
				{
					clientID: env.GOOGLE_CLIENT_ID,
					clientSecret: env.GOOGLE_CLIENT_SECRET,
					callbackURL: googleCallbackUrl(),
					scope: ['openid', 'email', 'profile'],
					prompt: 'select_account',
				},
				async ({ profile }) => {
					const { user, outcome } = await resolveGoogleUser(identityFromClaims(profile._json as unknown as Record<string, unknown>))
					return { user, google: outcome }
				},
			),
			'google',
		)
	}
	return authenticator
}

/**
 * The request for remix-auth once its body has been read (with our size
 * limit; the form goes in `context.formData`): remix-auth copies the request
 * with `new Request(url, request)`, which throws for a consumed body.
 */
export function withoutBody(request: Request): Request {
	return new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal })
}

/**
 * The AppError behind a strategy's failure (remix-auth wraps what the verify
 * callback threw). A database outage is no failed sign-in: it is thrown on,
 * to be answered 503 (never "Invalid email or password").
 */
export function authFailure(error: unknown, fallbackMessage = GOOGLE_FAILED): AppError {
	if (error instanceof AppError) return error
	if (isDatabaseUnavailable(error)) throw error
	if (error instanceof AuthorizationError) {
		if (error.cause instanceof AppError) return error.cause
		return new AppError('AUTHENTICATION_ERROR', fallbackMessage)
	}
	throw error
}

/** For tests that change the environment between cases. */
export function resetAuthenticator() {
	authenticator = undefined
}

// ---------------------------------------------------------------------------
// Helpers for the account forms' actions

/**
 * Account requests (forms and the JSON API) are small; 64 KB is far beyond
 * any honest one (SECURITY.md F6), so a 100 KB "password" gets a 413.
 */
export const AUTH_BODY_LIMIT = 64 * 1024

/** The posted account form, or the 413/400 AppError for one too large or unreadable. */
export async function readAuthForm(request: Request): Promise<FormData | AppError> {
	try {
		return await readFormData(request, AUTH_BODY_LIMIT)
	} catch (error) {
		if (error instanceof AppError) return error
		throw error
	}
}


/** Cookies that live through Google's round trip: signed, ten minutes, only sent to /auth. */
function googleFlowCookieOptions() {
	const env = getEnv()
	return {
		httpOnly: true,
		sameSite: 'lax' as const,
		secure: env.secureCookies,
		path: '/auth',
		maxAge: 10 * 60,
		secrets: env.sessionSecrets,
	}
}

/** Where to go after Google's round trip (a same-site path). */
export function googleRedirectCookie() {
	return createCookie('auth_redirect', googleFlowCookieOptions())
}

/**
 * Set-Cookie headers that end a Google round trip: its `state` is single-use
 * (RFC 9700 §4.7.1), but remix-auth checks it without clearing the auth_flow
 * cookie, so a leaked state plus an attacker's code could otherwise sign this
 * browser in to the attacker's account for ten minutes.
 */
export async function clearGoogleFlowCookies(): Promise<Array<string>> {
	const options = { ...googleFlowCookieOptions(), maxAge: 0 }
	return Promise.all(['auth_flow', 'auth_redirect'].map((name) => createCookie(name, options).serialize('', { maxAge: 0 })))
}
