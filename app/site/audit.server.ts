/**
 * The audit log of admin actions (SECURITY.md G10): who, what, when. Entries
 * hold identifiers and changed field names or values that are not secret,
 * never passwords or tokens. Text is stored as given and only ever rendered
 * by React (escaped), so control characters cannot forge log lines.
 */
import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'

export type AuditActor = { id: string; email: string }

export type AuditEntry = {
	action: string
	target?: string
	details?: Prisma.InputJsonValue
}

type Client = Pick<typeof prisma, 'auditLog'>

/**
 * Records an admin action. Pass the transaction client when the change
 * itself runs in a transaction, so the entry and the change land together.
 */
export async function audit(actor: AuditActor, entry: AuditEntry, client: Client = prisma): Promise<void> {
	await client.auditLog.create({
		data: {
			actorId: actor.id,
			actorEmail: actor.email,
			action: entry.action,
			target: (entry.target ?? '').slice(0, 500),
			details: entry.details,
		},
	})
}

export type AuditLogItem = {
	id: string
	actorEmail: string
	action: string
	target: string
	details: unknown
	createdAt: string
}

export async function latestAuditEntries(take = 20): Promise<Array<AuditLogItem>> {
	const rows = await prisma.auditLog.findMany({ orderBy: { id: 'desc' }, take })
	return rows.map((row) => ({
		id: row.id.toString(),
		actorEmail: row.actorEmail,
		action: row.action,
		target: row.target,
		details: row.details,
		createdAt: row.createdAt.toISOString(),
	}))
}
