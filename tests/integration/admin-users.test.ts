/**
 * /admin/users against the real database: the loader and every action
 * called the way Remix calls them, for anonymous visitors, plain users and
 * admins. Refused requests are checked for having changed nothing. Covers
 * SECURITY.md C4 and G12 (disabling or deleting ends every session and API
 * token at once) and the "always an administrator" rule under concurrency.
 */
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest'
import * as adminUsersRoute from '#app/routes/admin.users.tsx'
import * as apiLoginRoute from '#app/routes/api.auth.login.ts'
import * as apiVerifyRoute from '#app/routes/api.auth.verify.ts'
import * as loginRoute from '#app/routes/login.tsx'
import { LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGES, setUserRole, USERS_PER_PAGE } from '#app/admin/admin-users.server.ts'
import { getAuthState } from '#app/accounts/auth.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resolveGoogleUser } from '#app/accounts/google.server.ts'
import { findSession, TOUCH_INTERVAL_MS } from '#app/accounts/session.server.ts'
import { ACCOUNT_DISABLED_MESSAGE } from '#app/accounts/user.server.ts'
import { context, createUser, loginAs, makeRequest, TEST_PASSWORD } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type Json } from '#tests/setup/routes.ts'

let warn: MockInstance<typeof console.warn>
beforeEach(async () => {
	await resetDatabase()
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
	warn.mockRestore()
})

const call = callRoute

const list = (path = '/admin/users', cookie?: string) => call(adminUsersRoute.loader, makeRequest(path, { cookie }))
const act = (form: Record<string, string>, cookie?: string) =>
	call(adminUsersRoute.action, makeRequest('/admin/users', { method: 'POST', form, cookie }))

async function admin(name = 'Admin') {
	const user = await createUser({ role: 'admin', name })
	const session = await loginAs(user.id)
	return { ...user, cookie: session.cookie, session }
}

/** Everything an action could change, to compare before and after a refused request. */
async function snapshot() {
	const [users, sessions, audit] = await Promise.all([
		prisma.user.findMany({ orderBy: { id: 'asc' }, select: { id: true, role: true, disabledAt: true, name: true, email: true } }),
		prisma.session.count(),
		prisma.auditLog.count(),
	])
	return { users, sessions, audit }
}

const auditRows = (action: string) => prisma.auditLog.findMany({ where: { action }, orderBy: { id: 'asc' } })

describe('who may use /admin/users', () => {
	test('the loader: anonymous and plain users are sent to /login, admins get the list', async () => {
		const anonymous = await list()
		expect(anonymous).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fusers')

		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		const plain = await list('/admin/users', cookie)
		expect(plain).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fusers')

		const boss = await admin()
		const ok = await list('/admin/users', boss.cookie)
		expect(ok.status).toBe(200)
		expect(ok.body.total).toBe(2)
		expect(ok.body.currentUserId).toBe(boss.id)
		expect(ok.body.users.map((u: Json) => u.email).sort()).toEqual([boss.email, user.email].sort())
	})

	test.each<Record<string, string>>([
		{ intent: 'role', role: 'admin' },
		{ intent: 'role', role: 'user' },
		{ intent: 'disable' },
		{ intent: 'enable' },
		{ intent: 'end-sessions' },
		{ intent: 'delete', confirm: 'yes' },
	])('every intent ($intent $role) by anonymous visitors and plain users is refused and changes nothing', async (fields) => {
		const target = await createUser({ name: 'Target' })
		await loginAs(target.id)
		const other = await createUser({ role: 'admin', name: 'Other admin' })
		const plain = await createUser()
		const { cookie } = await loginAs(plain.id)
		const form = { ...fields, userId: fields.role === 'user' ? other.id : target.id }
		const before = await snapshot()
		for (const who of [undefined, cookie]) {
			const outcome = await act(form, who)
			expect(outcome).toHaveRedirect(/^\/login\?redirectTo=/)
		}
		expect(await snapshot()).toEqual(before)
	})
})

describe('list, search and pagination', () => {
	test('search by name or email (case-insensitive), 25 a page, GET parameters only', async () => {
		const boss = await admin('Boss')
		for (let i = 0; i < 30; i++) await createUser({ name: `Member ${i}`, email: `member-${i}@example.com` })
		await createUser({ name: 'Zed Unique', email: 'zed@elsewhere.org' })

		const first = await list('/admin/users', boss.cookie)
		expect(first.body).toMatchObject({ total: 32, page: 1, pageCount: 2 })
		expect(first.body.users).toHaveLength(USERS_PER_PAGE)
		const second = await list('/admin/users?page=2', boss.cookie)
		expect(second.body.users).toHaveLength(32 - USERS_PER_PAGE)
		const ids = new Set([...first.body.users, ...second.body.users].map((u: Json) => u.id))
		expect(ids.size).toBe(32)

		// Out of range or nonsense page numbers never fail.
		expect((await list('/admin/users?page=999', boss.cookie)).body.page).toBe(2)
		expect((await list('/admin/users?page=abc', boss.cookie)).body.page).toBe(1)
		expect((await list('/admin/users?page=-3', boss.cookie)).body.page).toBe(1)

		const byName = await list('/admin/users?q=zED', boss.cookie)
		expect(byName.body.users.map((u: Json) => u.email)).toEqual(['zed@elsewhere.org'])
		const byEmail = await list('/admin/users?q=ELSEWHERE.org', boss.cookie)
		expect(byEmail.body.total).toBe(1)
		const members = await list('/admin/users?q=member-1', boss.cookie)
		// member-1 and member-10 … member-19
		expect(members.body.total).toBe(11)
		const none = await list(`/admin/users?q=${encodeURIComponent('%_nothing')}`, boss.cookie)
		expect(none.body.total).toBe(0)
		// LIKE wildcards are searched for as themselves.
		expect((await list(`/admin/users?q=${encodeURIComponent('%')}`, boss.cookie)).body.total).toBe(0)
		expect((await list('/admin/users?q=_', boss.cookie)).body.total).toBe(0)
		// A huge search is cut, not an error.
		const huge = await list(`/admin/users?q=${'a'.repeat(5000)}`, boss.cookie)
		expect(huge.status).toBe(200)
		expect(huge.body.q).toHaveLength(200)
	})

	test('each row shows sign-in methods, dates, last activity and status', async () => {
		const boss = await admin()
		const googleOnly = await createUser({ password: null, name: 'Gina' })
		await prisma.connection.create({ data: { provider: 'google', providerId: 'g-1', email: googleOnly.email, userId: googleOnly.id } })
		const both = await createUser({ name: 'Bo' })
		await prisma.connection.create({ data: { provider: 'google', providerId: 'g-2', email: both.email, userId: both.id } })
		const idle = await createUser({ name: 'Idle' })
		await prisma.user.update({ where: { id: idle.id }, data: { disabledAt: new Date() } })

		const outcome = await list('/admin/users', boss.cookie)
		const row = (id: string) => outcome.body.users.find((u: Json) => u.id === id)
		expect(row(googleOnly.id)).toMatchObject({ methods: ['Google'], disabled: false, role: 'user' })
		expect(row(both.id)).toMatchObject({ methods: ['Password', 'Google'] })
		expect(row(idle.id)).toMatchObject({ methods: ['Password'], disabled: true, lastActiveAt: null })
		// The admin signed in (loginAs): that counts as activity.
		expect(row(boss.id).lastActiveAt).not.toBeNull()
		expect(row(boss.id).sessions).toBe(1)
		expect(typeof row(boss.id).createdAt).toBe('string')
	})
})

describe('last activity', () => {
	test('a session lookup records it, at most once per interval', async () => {
		const user = await createUser()
		const { token } = await loginAs(user.id)
		await prisma.user.update({ where: { id: user.id }, data: { lastActiveAt: null } })
		await findSession(token, 'web')
		const first = (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).lastActiveAt
		expect(first).not.toBeNull()
		await findSession(token, 'web')
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).lastActiveAt).toEqual(first)
		// Older than the interval: recorded again.
		const old = new Date(Date.now() - TOUCH_INTERVAL_MS - 1000)
		await prisma.user.update({ where: { id: user.id }, data: { lastActiveAt: old } })
		await findSession(token, 'web')
		const later = (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).lastActiveAt!
		expect(later.getTime()).toBeGreaterThan(old.getTime())
	})
})

describe('role changes', () => {
	test('make admin and remove admin, audited with from and to', async () => {
		const boss = await admin()
		const user = await createUser()
		const promoted = await act({ intent: 'role', userId: user.id, role: 'admin', q: 'x', page: '2' }, boss.cookie)
		// Back to the same view of the list.
		expect(promoted).toHaveRedirect('/admin/users?q=x&page=2')
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('admin')
		const demoted = await act({ intent: 'role', userId: user.id, role: 'user' }, boss.cookie)
		expect(demoted.status).toBe(302)
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('user')
		const rows = await auditRows('user.role')
		expect(rows.map((r) => r.details)).toEqual([
			{ from: 'user', to: 'admin' },
			{ from: 'admin', to: 'user' },
		])
		expect(rows[0]).toMatchObject({ actorId: boss.id, actorEmail: boss.email })
		expect(rows[0]!.target).toContain(user.email)
		// The same role again: nothing changes, nothing audited.
		await act({ intent: 'role', userId: user.id, role: 'user' }, boss.cookie)
		expect(await auditRows('user.role')).toHaveLength(2)
	})

	test('an admin cannot demote themselves (409, nothing changed)', async () => {
		const boss = await admin()
		await createUser({ role: 'admin' })
		const before = await snapshot()
		const outcome = await act({ intent: 'role', userId: boss.id, role: 'user' }, boss.cookie)
		expect(outcome.status).toBe(409)
		expect(outcome.body.error).toEqual({ message: SELF_CHANGE_MESSAGES.role, status: 409, code: 'CONFLICT' })
		expect(await snapshot()).toEqual(before)
	})

	test('the last admin is never demoted (409), even by a request made before the actor lost the role', async () => {
		const a = await createUser({ role: 'admin' })
		const b = await createUser({ role: 'user' })
		// b's request was checked while b was an admin; a is now the only one.
		await expect(setUserRole({ id: b.id, email: b.email }, a.id, 'user')).rejects.toMatchObject({ status: 409, message: LAST_ADMIN_MESSAGE })
		expect((await prisma.user.findUniqueOrThrow({ where: { id: a.id } })).role).toBe('admin')
		// A disabled admin does not count as one.
		const c = await createUser({ role: 'admin' })
		await prisma.user.update({ where: { id: c.id }, data: { disabledAt: new Date() } })
		await expect(setUserRole({ id: c.id, email: c.email }, a.id, 'user')).rejects.toMatchObject({ status: 409 })
	})

	test('two admins demoting each other at the same moment leave exactly one admin', async () => {
		for (let round = 0; round < 5; round++) {
			await resetDatabase()
			const a = await admin('A')
			const b = await admin('B')
			const [ab, ba] = await Promise.all([
				act({ intent: 'role', userId: b.id, role: 'user' }, a.cookie),
				act({ intent: 'role', userId: a.id, role: 'user' }, b.cookie),
			])
			const statuses = [ab.status, ba.status].sort()
			// One succeeds; the other is refused as the last admin (or, if it
			// started after the first finished, by the role check: a redirect to /login).
			expect(statuses[0]).toBe(302)
			expect([302, 409]).toContain(statuses[1])
			const refused = [ab, ba].find((o) => o.status === 409 || o.headers.get('Location')?.startsWith('/login'))
			expect(refused).toBeDefined()
			expect(await prisma.user.count({ where: { role: 'admin' } })).toBe(1)
			expect(await auditRows('user.role')).toHaveLength(1)

			// The same race below the route (both role checks already passed):
			// only the lock decides, and exactly one demotion goes through.
			await prisma.user.updateMany({ data: { role: 'admin' } })
			const results = await Promise.allSettled([
				setUserRole({ id: a.id, email: a.email }, b.id, 'user'),
				setUserRole({ id: b.id, email: b.email }, a.id, 'user'),
			])
			expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
			const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
			expect(rejected.reason).toMatchObject({ status: 409, message: LAST_ADMIN_MESSAGE })
			expect(await prisma.user.count({ where: { role: 'admin' } })).toBe(1)
		}
	})
})

describe('disable and enable', () => {
	test('disabling ends every session and API token at once; login (form and API) is refused with 403', async () => {
		const boss = await admin()
		const user = await createUser({ name: 'Dana' })
		const web = await loginAs(user.id)
		const api = await loginAs(user.id, 'api')
		expect(await findSession(web.token, 'web')).not.toBeNull()

		const outcome = await act({ intent: 'disable', userId: user.id }, boss.cookie)
		expect(outcome.status).toBe(302)
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
		expect(await findSession(web.token, 'web')).toBeNull()
		// The next page load is anonymous, and its dead cookie is cleared.
		const state = await getAuthState(makeRequest('/', { cookie: web.cookie }))
		expect(state.status).toBe('anonymous')
		const verify = await call(apiVerifyRoute.loader, makeRequest('/api/auth/verify', { headers: { Authorization: `Bearer ${api.token}` } }))
		expect(verify.status).toBe(401)

		const form = await call(loginRoute.action, makeRequest('/login', { method: 'POST', form: { email: user.email, password: TEST_PASSWORD } }))
		expect(form.status).toBe(403)
		expect(form.body.result.error).toEqual({ '': [ACCOUNT_DISABLED_MESSAGE] })
		expect(form.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false)
		const apiLogin = await call(apiLoginRoute.action, makeRequest('/api/auth/login', { method: 'POST', json: { email: user.email, password: TEST_PASSWORD } }))
		expect(apiLogin.status).toBe(403)
		expect(apiLogin.body).toMatchObject({ message: ACCOUNT_DISABLED_MESSAGE, status: 403, code: 'AUTHORIZATION_ERROR' })
		// A wrong password still gets the usual 401: the disabled state is not revealed to guessers.
		const wrong = await call(loginRoute.action, makeRequest('/login', { method: 'POST', form: { email: user.email, password: 'not the right one' } }))
		expect(wrong.status).toBe(401)
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)

		const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(row.disabledAt).not.toBeNull()
		expect((await list('/admin/users', boss.cookie)).body.users.find((u: Json) => u.id === user.id).disabled).toBe(true)
		const [entry] = await auditRows('user.disable')
		expect(entry).toMatchObject({ actorId: boss.id, details: { endedSessions: 2 } })
		expect(JSON.stringify(entry!.details)).not.toContain(web.token)

		const enabled = await act({ intent: 'enable', userId: user.id }, boss.cookie)
		expect(enabled.status).toBe(302)
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toBeNull()
		expect(await auditRows('user.enable')).toHaveLength(1)
		const again = await call(loginRoute.action, makeRequest('/login', { method: 'POST', form: { email: user.email, password: TEST_PASSWORD } }))
		expect(again.status).toBe(302)
	})

	test('Google sign-in of a disabled account is refused (403), and nothing is linked', async () => {
		const user = await createUser({ emailVerified: true })
		await prisma.connection.create({ data: { provider: 'google', providerId: 'sub-1', email: user.email, userId: user.id } })
		await prisma.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } })
		const identity = { sub: 'sub-1', email: user.email, emailVerified: true, name: 'X' }
		await expect(resolveGoogleUser(identity)).rejects.toMatchObject({ status: 403, message: ACCOUNT_DISABLED_MESSAGE })
		// By email (linking) too.
		const other = await createUser({ emailVerified: true })
		await prisma.user.update({ where: { id: other.id }, data: { disabledAt: new Date() } })
		await expect(resolveGoogleUser({ sub: 'sub-2', email: other.email, emailVerified: true, name: null })).rejects.toMatchObject({ status: 403 })
		expect(await prisma.connection.count({ where: { userId: other.id } })).toBe(0)
	})

	test('defence in depth: a session of a disabled account is refused even if it was left behind', async () => {
		const user = await createUser()
		const web = await loginAs(user.id)
		await prisma.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } })
		expect(await findSession(web.token, 'web')).toBeNull()
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
	})

	test('an admin cannot disable themselves (409)', async () => {
		const boss = await admin()
		const before = await snapshot()
		const outcome = await act({ intent: 'disable', userId: boss.id }, boss.cookie)
		expect(outcome.status).toBe(409)
		expect(outcome.body.error.message).toBe(SELF_CHANGE_MESSAGES.disable)
		expect(await snapshot()).toEqual(before)
	})

	test('hidden-field tampering is ignored: only the intended field changes', async () => {
		const boss = await admin()
		const user = await createUser({ name: 'Original' })
		await act({ intent: 'disable', userId: user.id, role: 'admin', name: 'Hacked', email: 'evil@example.com', disabledAt: '' }, boss.cookie)
		const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(row).toMatchObject({ role: 'user', name: 'Original', email: user.email })
		expect(row.disabledAt).not.toBeNull()
		await act({ intent: 'role', userId: user.id, role: 'admin', disabledAt: '', name: 'Hacked' }, boss.cookie)
		const after = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(after).toMatchObject({ role: 'admin', name: 'Original' })
		expect(after.disabledAt).not.toBeNull()
	})
})

describe('delete and end sessions', () => {
	test('delete needs the confirmation; then the user and every session are gone, and it is audited', async () => {
		const boss = await admin()
		const user = await createUser()
		await loginAs(user.id)
		await loginAs(user.id, 'api')
		const post = await prisma.post.create({ data: { slug: 'by-user', title: 'T', body: 'b', html: '<p>b</p>', authorId: user.id } })

		const before = await snapshot()
		const unconfirmed = await act({ intent: 'delete', userId: user.id }, boss.cookie)
		expect(unconfirmed.status).toBe(400)
		expect(unconfirmed.body.error.message).toBe('Confirm the deletion to delete this user.')
		expect(await snapshot()).toEqual(before)

		const outcome = await act({ intent: 'delete', userId: user.id, confirm: 'yes' }, boss.cookie)
		expect(outcome.status).toBe(302)
		expect(await prisma.user.findUnique({ where: { id: user.id } })).toBeNull()
		expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
		// Their post stays, without an author.
		expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).authorId).toBeNull()
		const [entry] = await auditRows('user.delete')
		expect(entry).toMatchObject({ actorId: boss.id, details: { role: 'user', endedSessions: 2 } })
		expect(entry!.target).toContain(user.email)
	})

	test('self-deletion is refused (409); unknown users are 404; unknown intents 400', async () => {
		const boss = await admin()
		const before = await snapshot()
		const self = await act({ intent: 'delete', userId: boss.id, confirm: 'yes' }, boss.cookie)
		expect(self.status).toBe(409)
		for (const intent of ['disable', 'enable', 'end-sessions']) {
			const unknown = await act({ intent, userId: 'no-such-user' }, boss.cookie)
			expect(unknown.status).toBe(404)
			expect(unknown.body.error.code).toBe('NOT_FOUND')
		}
		expect((await act({ intent: 'role', userId: 'no-such-user', role: 'admin' }, boss.cookie)).status).toBe(404)
		expect((await act({ intent: 'delete', userId: 'no-such-user', confirm: 'yes' }, boss.cookie)).status).toBe(404)
		expect((await act({ intent: 'explode', userId: boss.id }, boss.cookie)).status).toBe(400)
		expect((await act({ intent: 'role', userId: boss.id, role: 'superuser' }, boss.cookie)).status).toBe(400)
		expect((await act({ intent: 'disable' }, boss.cookie)).status).toBe(400)
		expect(await snapshot()).toEqual(before)
	})

	test('end-sessions logs the user out everywhere (cookie and bearer), audited; for oneself the current session stays', async () => {
		const boss = await admin()
		const user = await createUser()
		const web = await loginAs(user.id)
		const api = await loginAs(user.id, 'api')
		const outcome = await act({ intent: 'end-sessions', userId: user.id }, boss.cookie)
		expect(outcome.status).toBe(302)
		expect(await findSession(web.token, 'web')).toBeNull()
		expect(await findSession(api.token, 'api')).toBeNull()
		expect((await auditRows('user.end-sessions'))[0]).toMatchObject({ details: { endedSessions: 2 } })
		// The user is not disabled: they can log in again.
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toBeNull()

		const other = await loginAs(boss.id)
		await act({ intent: 'end-sessions', userId: boss.id }, boss.cookie)
		expect(await findSession(boss.session.token, 'web')).not.toBeNull()
		expect(await findSession(other.token, 'web')).toBeNull()
	})

	test('a body over the limit is refused with 413', async () => {
		const boss = await admin()
		const outcome = await act({ intent: 'disable', userId: 'x', pad: 'a'.repeat(100_000) }, boss.cookie)
		expect(outcome.status).toBe(413)
	})
})
