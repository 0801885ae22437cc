/**
 * The conversion queue in one small query, for /healthz (issue 30 item 7):
 * jobs waiting (held or queued) and running, and the job runners alive (a
 * JobWorker heartbeat within WORKER_ALIVE_MS) with their slots. Four
 * counts over indexes ("Job"(state, createdAt), "JobWorker"(seenAt)), so a
 * load balancer may poll it every few seconds. The dashboard's fuller
 * figures (the last hour, the median wait) are queueStats' (app/jobs).
 */
import { WORKER_ALIVE_MS } from '#app/jobs/jobs.server.ts'
import { prisma } from '#app/utils/db.server.ts'

export type QueueHealth = { waiting: number; running: number; alive: number; slots: number }

export async function queueHealth(now = new Date()): Promise<QueueHealth> {
	// Columns are timestamp(3) holding UTC: compare in UTC whatever the session's TimeZone.
	const aliveSince = new Date(now.getTime() - WORKER_ALIVE_MS).toISOString()
	const [row] = await prisma.$queryRaw<Array<QueueHealth>>`
		SELECT
			(SELECT count(*)::int FROM "Job" WHERE "state" IN ('held', 'queued')) AS "waiting",
			(SELECT count(*)::int FROM "Job" WHERE "state" = 'running') AS "running",
			count(*)::int AS "alive",
			coalesce(sum("slots"), 0)::int AS "slots"
		FROM "JobWorker"
		WHERE "seenAt" >= (${aliveSince}::timestamptz AT TIME ZONE 'UTC')`
	return { waiting: Number(row?.waiting ?? 0), running: Number(row?.running ?? 0), alive: Number(row?.alive ?? 0), slots: Number(row?.slots ?? 0) }
}
