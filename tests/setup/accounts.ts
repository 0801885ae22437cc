/**
 * Account fixtures for integration tests: users made straight through
 * Prisma (with one scrypt hash computed per run, not per user), sessions,
 * and requests that carry them.
 */
import { prisma } from '#app/utils/db.server.ts'
import { hashPassword } from '#app/accounts/password.server.ts'
import { createSession, serializeSessionCookie } from '#app/accounts/session.server.ts'
import { normalizeEmail } from '#app/accounts/user-validation.ts'

export const TEST_PASSWORD = 'correct horse battery staple'

let hashed: Promise<string> | undefined
function testPasswordHash() {
	hashed ??= hashPassword(TEST_PASSWORD)
	return hashed
}

let counter = 0
export function uniqueEmail(prefix = 'user') {
	counter++
	return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`
}

export async function createUser(overrides: { email?: string; name?: string; role?: 'user' | 'admin'; password?: string | null; emailVerified?: boolean } = {}) {
	const passwordHash =
		overrides.password === null ? null : overrides.password ? await hashPassword(overrides.password) : await testPasswordHash()
	return prisma.user.create({
		data: {
			email: normalizeEmail(overrides.email ?? uniqueEmail()),
			name: overrides.name ?? 'Test User',
			role: overrides.role ?? 'user',
			emailVerified: overrides.emailVerified ?? false,
			passwordHash,
		},
		select: { id: true, email: true, name: true, role: true, emailVerified: true, createdAt: true },
	})
}

/** A browser session for the user: its token and the Cookie header that carries it. */
export async function loginAs(userId: string, kind: 'web' | 'api' = 'web') {
	const { token } = await createSession({ userId, kind, userAgent: 'vitest' })
	const setCookie = await serializeSessionCookie(token)
	return { token, kind, cookie: setCookie.split(';')[0]! }
}

/** A Request as Remix gives it to loaders and actions. */
export function makeRequest(path: string, init: RequestInit & { cookie?: string; form?: Record<string, string>; json?: unknown } = {}) {
	const headers = new Headers(init.headers)
	if (init.cookie) headers.set('Cookie', init.cookie)
	let body = init.body
	if (init.form) {
		body = new URLSearchParams(init.form)
		headers.set('Content-Type', 'application/x-www-form-urlencoded')
	}
	if (init.json !== undefined) {
		body = JSON.stringify(init.json)
		headers.set('Content-Type', 'application/json')
	}
	return new Request(`http://localhost:3000${path}`, { ...init, headers, body })
}

/** The load context the Express server passes (client IP for rate limits). */
export function context(clientIp = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
	return { cspNonce: '', clientIp }
}
