/**
 * The admin's user management (/admin/users): the searchable list, and the
 * changes an admin can make to an account. Every change is audited in the
 * same transaction as the change itself.
 *
 * The rule "there is always an administrator" holds under concurrency: each
 * change that could remove one (demote, disable, delete) first locks the rows
 * of every active admin (SELECT … FOR UPDATE), then counts them. Two admins
 * demoting each other at once are serialised by that lock, and the second
 * one's count, taken after the first committed, finds only one admin left.
 */
import { type Prisma } from '#app/generated/prisma/client.ts'
import { audit, type AuditActor } from '#app/site/audit.server.ts'
import { escapeLike, prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'

export const USERS_PER_PAGE = 25
/** Longest search text used (longer input is cut, not refused: it is a GET). */
export const USER_SEARCH_MAX = 200

export type AdminUserRow = {
	id: string
	name: string
	email: string
	role: 'user' | 'admin'
	methods: Array<'Password' | 'Google'>
	createdAt: string
	lastActiveAt: string | null
	disabled: boolean
	sessions: number
}

export type AdminUserList = {
	users: Array<AdminUserRow>
	total: number
	page: number
	pageCount: number
	q: string
}

/** The page number in a query string: a whole number ≥ 1, else 1. */
export function parsePage(value: string | null): number {
	if (!value || !/^\d{1,9}$/.test(value)) return 1
	return Math.max(1, Number(value))
}

export function normalizeSearch(value: string | null): string {
	return (value ?? '').trim().slice(0, USER_SEARCH_MAX)
}

/** Users matching `q` (name or email, case-insensitive), newest first, 25 a page. A page past the end shows the last. */
export async function listUsers({ q, page }: { q: string; page: number }): Promise<AdminUserList> {
	const where: Prisma.UserWhereInput = q
		? { OR: [{ name: { contains: escapeLike(q), mode: 'insensitive' } }, { email: { contains: escapeLike(q), mode: 'insensitive' } }] }
		: {}
	const total = await prisma.user.count({ where })
	const pageCount = Math.max(1, Math.ceil(total / USERS_PER_PAGE))
	const current = Math.min(page, pageCount)
	const rows = await prisma.user.findMany({
		where,
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		skip: (current - 1) * USERS_PER_PAGE,
		take: USERS_PER_PAGE,
		select: {
			id: true,
			name: true,
			email: true,
			role: true,
			createdAt: true,
			lastActiveAt: true,
			disabledAt: true,
			passwordHash: true,
			connections: { select: { provider: true } },
			_count: { select: { sessions: { where: { expiresAt: { gt: new Date() } } } } },
		},
	})
	return {
		users: rows.map((row) => ({
			id: row.id,
			name: row.name,
			email: row.email,
			role: row.role,
			methods: [
				...(row.passwordHash ? (['Password'] as const) : []),
				...(row.connections.some((c) => c.provider === 'google') ? (['Google'] as const) : []),
			],
			createdAt: row.createdAt.toISOString(),
			lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
			disabled: row.disabledAt !== null,
			sessions: row._count.sessions,
		})),
		total,
		page: current,
		pageCount,
		q,
	}
}

export const SELF_CHANGE_MESSAGES = {
	role: 'You cannot remove your own administrator role. Ask another administrator.',
	disable: 'You cannot disable your own account.',
	delete: 'You cannot delete your own account here. Use your profile page.',
} as const
export const LAST_ADMIN_MESSAGE = 'This is the last administrator: make another user an administrator first.'
export const USER_NOT_FOUND_MESSAGE = 'User not found. They may have been deleted meanwhile.'

type Tx = Prisma.TransactionClient
type Target = { id: string; email: string; role: 'user' | 'admin'; disabledAt: Date | null }

function describe(target: Target): string {
	return `user:${target.id} (${target.email})`
}

async function findTarget(tx: Tx, userId: string): Promise<Target> {
	// Locks the row: concurrent changes to one user apply one after the other.
	const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`
	if (locked.length === 0) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
	return tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, role: true, disabledAt: true } })
}

/**
 * Refuses (409) when `target` is an active admin and no other active admin
 * would remain. Locks every active admin's row first (see the module note).
 */
async function keepAnAdmin(tx: Tx, target: Target): Promise<void> {
	if (target.role !== 'admin' || target.disabledAt) return
	const admins = await tx.$queryRaw<Array<{ id: string }>>`
		SELECT id FROM "User" WHERE role = 'admin' AND "disabledAt" IS NULL ORDER BY id FOR UPDATE`
	if (!admins.some((admin) => admin.id !== target.id)) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE)
}

function transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
	return prisma.$transaction(run, { maxWait: 10_000, timeout: 20_000 })
}

/** Makes the user an admin or a plain user. Not oneself; never the last admin. */
export async function setUserRole(actor: AuditActor, userId: string, role: 'user' | 'admin'): Promise<{ changed: boolean; email: string }> {
	if (userId === actor.id && role !== 'admin') throw new AppError('CONFLICT', SELF_CHANGE_MESSAGES.role)
	return transaction(async (tx) => {
		// Admin rows are locked before the target's own row in every path
		// (same order everywhere: no deadlock between two demotions).
		if (role === 'user') await lockActiveAdmins(tx)
		const target = await findTarget(tx, userId)
		if (target.role === role) return { changed: false, email: target.email }
		if (role === 'user') await keepAnAdmin(tx, target)
		await tx.user.update({ where: { id: userId }, data: { role } })
		await audit(actor, { action: 'user.role', target: describe(target), details: { from: target.role, to: role } }, tx)
		return { changed: true, email: target.email }
	})
}

async function lockActiveAdmins(tx: Tx): Promise<void> {
	await tx.$queryRaw`SELECT id FROM "User" WHERE role = 'admin' AND "disabledAt" IS NULL ORDER BY id FOR UPDATE`
}

/** Disables the account and ends every session and API token it has, at once. */
export async function disableUser(actor: AuditActor, userId: string): Promise<{ changed: boolean; email: string; endedSessions: number }> {
	if (userId === actor.id) throw new AppError('CONFLICT', SELF_CHANGE_MESSAGES.disable)
	return transaction(async (tx) => {
		await lockActiveAdmins(tx)
		const target = await findTarget(tx, userId)
		await keepAnAdmin(tx, target)
		const changed = target.disabledAt === null
		if (changed) await tx.user.update({ where: { id: userId }, data: { disabledAt: new Date() } })
		// Also when it was disabled already: nothing may stay signed in.
		const { count } = await tx.session.deleteMany({ where: { userId } })
		if (changed) await audit(actor, { action: 'user.disable', target: describe(target), details: { endedSessions: count } }, tx)
		return { changed, email: target.email, endedSessions: count }
	})
}

export async function enableUser(actor: AuditActor, userId: string): Promise<{ changed: boolean; email: string }> {
	return transaction(async (tx) => {
		const target = await findTarget(tx, userId)
		if (target.disabledAt === null) return { changed: false, email: target.email }
		await tx.user.update({ where: { id: userId }, data: { disabledAt: null } })
		await audit(actor, { action: 'user.enable', target: describe(target) }, tx)
		return { changed: true, email: target.email }
	})
}

/** Deletes the account: its sessions, tokens and Google links go with it; posts and files stay (author unset). */
export async function deleteUser(actor: AuditActor, userId: string): Promise<{ email: string }> {
	if (userId === actor.id) throw new AppError('CONFLICT', SELF_CHANGE_MESSAGES.delete)
	return transaction(async (tx) => {
		await lockActiveAdmins(tx)
		const target = await findTarget(tx, userId)
		await keepAnAdmin(tx, target)
		const { count } = await tx.session.deleteMany({ where: { userId } })
		await tx.user.delete({ where: { id: userId } })
		await audit(actor, { action: 'user.delete', target: describe(target), details: { role: target.role, endedSessions: count } }, tx)
		return { email: target.email }
	})
}

/** Ends every session and API token of the user (for oneself, all but the current session). */
export async function endUserSessions(actor: AuditActor & { sessionId?: string }, userId: string): Promise<{ email: string; endedSessions: number }> {
	return transaction(async (tx) => {
		const target = await findTarget(tx, userId)
		const keep = userId === actor.id && actor.sessionId ? { id: { not: actor.sessionId } } : {}
		const { count } = await tx.session.deleteMany({ where: { userId, ...keep } })
		await audit(actor, { action: 'user.end-sessions', target: describe(target), details: { endedSessions: count } }, tx)
		return { email: target.email, endedSessions: count }
	})
}

/** One user's summary for the delete confirmation step; null when unknown. */
export async function findUserSummary(userId: string): Promise<{ id: string; name: string; email: string; role: 'user' | 'admin' } | null> {
	if (!userId || userId.length > 100) return null
	return prisma.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, role: true } })
}
