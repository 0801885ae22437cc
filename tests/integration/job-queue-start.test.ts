/**
 * The job queue made by two processes at once (issue 30): web servers and
 * workers starting together on a fresh database (a first deploy, a new
 * cluster) each make pg-boss's queue. pg-boss's create_queue inserts the
 * queue's row, then gives the queue's partition a foreign key to
 * pgboss.queue (a ShareRowExclusiveLock on it); a second create_queue's
 * insert holds pgboss.queue (RowExclusive) while it waits for the first's
 * row: a deadlock, and PostgreSQL aborts the one that waited first.
 * queue.server.ts then looks once for the queue while the other's
 * transaction is still open, finds none and throws: `npm run worker` exits
 * ("Fatal uncaught exception … deadlock detected"), as the cluster e2e saw
 * (tests/e2e/jobs-cluster.test.ts). The process that lost should start anyway.
 *
 * The other process is a plain connection here, its steps in a fixed order,
 * each after a state (a backend waiting for a lock, in pg_stat_activity),
 * and a deadlock_timeout long enough that the first to wait is certainly
 * the one that checks first, and is aborted. PostgreSQL only (PGlite has
 * one session: nothing waits).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { expect, test } from 'vitest'
import { EXPIRE_SECONDS, getBoss, QUEUE, RETRY_LIMIT, stopBoss } from '#app/jobs/queue.server.ts'
import { databaseUrl, isEmbeddedDatabase } from '#tests/setup/db.ts'

async function until(check: () => Promise<boolean>): Promise<void> {
	while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20))
}

test.skipIf(isEmbeddedDatabase())('a process whose create_queue lost a deadlock to another process making the queue still starts', { timeout: 120_000 }, async () => {
	const name = `toolsite_queue_${randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: databaseUrl() })
	await admin.connect()
	await admin.query(`CREATE DATABASE "${name}"`)
	// This process's connections check for a deadlock 8 s after they start waiting (the other's below, 60 s): time enough
	// for the other to start waiting too, on a busy machine. Superuser only (CI's PostgreSQL): elsewhere the default second.
	await admin.query(`ALTER DATABASE "${name}" SET deadlock_timeout = '8s'`).catch(() => {})
	const url = new URL(databaseUrl())
	url.pathname = `/${name}`
	const fresh = url.toString()
	const savedUrl = process.env.DATABASE_URL
	const other = new pg.Client({ connectionString: fresh })
	try {
		// pg-boss's schema as a first process's start leaves it, before the queue is made.
		const installer = new PgBoss({ connectionString: fresh, schedule: false, supervise: false })
		installer.on('error', () => {})
		await installer.start()
		await installer.stop({ graceful: false, close: true, wait: true })

		await other.connect()
		await other.query(`SET deadlock_timeout = '60s'`).catch(() => {})
		const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
		const appWaits = async () =>
			(
				await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`, [
					name,
					otherPid,
				])
			).rows[0]!.n > 0
		// The other process's create_queue has begun: its insert holds pgboss.queue.
		await other.query('BEGIN')
		await other.query('LOCK TABLE pgboss.queue IN ROW EXCLUSIVE MODE')

		// This process makes the queue: its row goes in, then its foreign key waits for the other.
		process.env.DATABASE_URL = fresh
		const starting = getBoss().then(
			() => 'started',
			(error: unknown) => (error instanceof Error ? error.message : String(error)),
		)
		await until(appWaits)
		// The other's insert of the same row waits for this one's: a cycle. This process waited first and is aborted;
		// the other goes on and makes the queue, not committed yet.
		await other.query(`SELECT pgboss.create_queue($1, $2)`, [QUEUE, JSON.stringify({ policy: 'standard', retryLimit: RETRY_LIMIT, retryDelay: 0, expireInSeconds: EXPIRE_SECONDS })])
		// Until this process has given up, or waits for the other's row again (trying once more), then the other commits.
		let settled = false
		void starting.then(() => (settled = true))
		await until(async () => settled || (await appWaits()))
		await other.query('COMMIT')

		expect(await starting).toBe('started')
		expect((await (await getBoss()).getQueue(QUEUE))?.name).toBe(QUEUE)
	} finally {
		await stopBoss(1000)
		process.env.DATABASE_URL = savedUrl
		await other.end().catch(() => {})
		await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
		await admin.end()
	}
})
