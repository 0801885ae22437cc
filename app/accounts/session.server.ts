/**
 * Sessions live in the database (DESIGN.md decision 4), so any instance
 * serves any request and a session can be ended from anywhere.
 *
 * A session's secret is a 256-bit random token. Browsers hold it in an
 * httpOnly, SameSite=Lax cookie (Secure in production), signed with
 * SESSION_SECRET; API clients send it as `Authorization: Bearer <token>`.
 * The table stores only its SHA-256, so a leaked database cannot be replayed
 * as sessions. Sessions expire 30 days after their last use.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createCookie, type Cookie } from '@remix-run/node'
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** Use is recorded at most this often per session (a write per request would be wasteful). */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export type SessionKind = 'web' | 'api'

export function newSessionToken(): string {
	return randomBytes(32).toString('base64url')
}

/** The database id of a token: its SHA-256, hex. */
export function sessionIdFor(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

// A token is 43 base64url characters; anything else is not worth a query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function isWellFormedToken(token: unknown): token is string {
	return typeof token === 'string' && TOKEN_SHAPE.test(token)
}

let cookie: Cookie | undefined

/**
 * The session cookie. With Secure cookies it takes the `__Host-` prefix,
 * which browsers only accept when Secure, host-only and Path=/, so no
 * sibling subdomain or plain-HTTP page can plant or overwrite it.
 */
export function sessionCookie(): Cookie {
	if (cookie) return cookie
	const env = getEnv()
	cookie = createCookie(env.secureCookies ? '__Host-session' : 'session', {
		httpOnly: true,
		sameSite: 'lax',
		secure: env.secureCookies,
		path: '/',
		maxAge: SESSION_TTL_MS / 1000,
		secrets: env.sessionSecrets,
	})
	return cookie
}

/** The token in the request's session cookie, or null (absent, unsigned, tampered, malformed). */
export async function readSessionCookie(request: Request): Promise<string | null> {
	const header = request.headers.get('Cookie')
	if (!header || !header.includes(sessionCookie().name)) return null
	try {
		const value: unknown = await sessionCookie().parse(header)
		return isWellFormedToken(value) ? value : null
	} catch {
		return null
	}
}

/** True when the request carries a session cookie at all, valid or not. */
export function hasSessionCookie(request: Request): boolean {
	const header = request.headers.get('Cookie') ?? ''
	const name = sessionCookie().name
	return header.split(';').some((part) => part.trim().startsWith(`${name}=`))
}

export function serializeSessionCookie(token: string): Promise<string> {
	return sessionCookie().serialize(token)
}

export function clearSessionCookie(): Promise<string> {
	return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/** Up to 200 printable characters of the User-Agent, for the session list. */
function describeClient(userAgent: string | null | undefined): string | null {
	if (!userAgent) return null
	return userAgent.replace(/[^\x20-\x7e]/g, '').slice(0, 200) || null
}

export async function createSession({
	userId,
	kind,
	userAgent,
}: {
	userId: string
	kind: SessionKind
	userAgent?: string | null
}): Promise<{ token: string; expiresAt: Date }> {
	const token = newSessionToken()
	const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
	await prisma.session.create({
		data: { id: sessionIdFor(token), userId, kind, userAgent: describeClient(userAgent), expiresAt },
	})
	// Signing in is activity: the admin's user list shows it at once.
	await prisma.user.updateMany({ where: { id: userId }, data: { lastActiveAt: new Date() } })
	return { token, expiresAt }
}

export const sessionUserSelect = {
	id: true,
	name: true,
	email: true,
	role: true,
	emailVerified: true,
	createdAt: true,
} as const

export type SessionLookup = {
	sessionId: string
	user: { id: string; name: string; email: string; role: 'user' | 'admin'; emailVerified: boolean; createdAt: Date }
	/** True when this lookup extended the session: a browser should get its cookie again. */
	renewed: boolean
}

/**
 * The live session of `kind` for a token, or null when it is unknown,
 * expired (the row is deleted on the way) or of the other kind (a browser's
 * token is no API token, and the reverse). Use extends it by another 30
 * days, recorded at most every few minutes (as is the user's last activity).
 * A disabled user's session is refused. Database errors propagate: the
 * caller decides what "cannot verify" means for its response.
 */
export async function findSession(token: string, kind: SessionKind): Promise<SessionLookup | null> {
	if (!isWellFormedToken(token)) return null
	const id = sessionIdFor(token)
	const row = await prisma.session.findUnique({
		where: { id },
		select: {
			id: true,
			kind: true,
			expiresAt: true,
			lastUsedAt: true,
			user: { select: { ...sessionUserSelect, disabledAt: true, lastActiveAt: true } },
		},
	})
	if (!row || row.kind !== kind) return null
	const now = Date.now()
	// A disabled account has no sessions (disabling deletes them); one that
	// slipped through (created while the account was being disabled) is
	// refused and removed here all the same.
	if (row.expiresAt.getTime() <= now || row.user.disabledAt) {
		await prisma.session.deleteMany({ where: { id } })
		return null
	}
	const { disabledAt: _disabled, lastActiveAt, ...user } = row.user
	if (!lastActiveAt || now - lastActiveAt.getTime() >= TOUCH_INTERVAL_MS) {
		// At most once per interval per user, like the session's own touch below.
		await prisma.user.updateMany({ where: { id: user.id }, data: { lastActiveAt: new Date(now) } })
	}
	let renewed = false
	if (now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
		// updateMany: the row may have been deleted (logout elsewhere) meanwhile.
		const { count } = await prisma.session.updateMany({
			where: { id },
			data: { lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) },
		})
		if (count === 0) return null
		renewed = true
	}
	return { sessionId: row.id, user, renewed }
}

export async function deleteSession(token: string): Promise<void> {
	if (!isWellFormedToken(token)) return
	await prisma.session.deleteMany({ where: { id: sessionIdFor(token) } })
}

/** Ends one of the user's sessions by its id (only theirs: the where clause). True when it existed. */
export async function deleteUserSession(userId: string, sessionId: string): Promise<boolean> {
	const { count } = await prisma.session.deleteMany({ where: { id: sessionId, userId } })
	return count > 0
}

/** Ends every session of the user except `keepSessionId` (if given). Returns how many ended. */
export async function deleteUserSessions(userId: string, keepSessionId?: string): Promise<number> {
	const { count } = await prisma.session.deleteMany({
		where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
	})
	return count
}

export type SessionSummary = {
	id: string
	kind: SessionKind
	userAgent: string | null
	createdAt: Date
	lastUsedAt: Date
	expiresAt: Date
}

export async function listUserSessions(userId: string): Promise<Array<SessionSummary>> {
	const rows = await prisma.session.findMany({
		where: { userId, expiresAt: { gt: new Date() } },
		orderBy: { lastUsedAt: 'desc' },
		select: { id: true, kind: true, userAgent: true, createdAt: true, lastUsedAt: true, expiresAt: true },
		take: 100,
	})
	return rows.map((row) => ({ ...row, kind: row.kind === 'api' ? 'api' : 'web' }))
}

/** Deletes expired sessions (they are refused anyway; this keeps the table small). */
export async function purgeExpiredSessions(now = new Date()): Promise<number> {
	const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })
	return count
}
