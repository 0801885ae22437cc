/**
 * The durable queue (issue 30): pg-boss 10, in the schema "pgboss" of the
 * site's own database, the embedded PGlite (through its socket) or a
 * PostgreSQL server alike. Chosen over graphile-worker because it behaves
 * the same on both: it polls (PGlite's one shared session never delivers
 * LISTEN/NOTIFY across connections), uses only unnamed statements and
 * transaction-scoped advisory locks (named statements clash on PGlite), and
 * re-runs the job of a crashed worker as soon as it is failed or expires
 * (graphile-worker keeps it locked for a fixed four hours). README
 * "Conversions run as jobs" says more.
 *
 * pg-boss decides who runs a job, once, and retries it; the Job table says
 * what the site answers about it (jobs.server.ts).
 */
import PgBoss from 'pg-boss'

export const QUEUE = 'conversions'
/** A job whose worker was lost runs once more, then fails with a clear message. */
export const RETRY_LIMIT = 1
/** pg-boss's own backstop when no heartbeat sweep fails a lost job sooner (runner.server.ts): beyond every kind's ceiling. */
export const EXPIRE_SECONDS = 30 * 60
/** How often an idle runner asks for work; a job sent by this process wakes its runners at once. */
export const POLL_SECONDS = 1

type BossHolder = { url: string; boss: Promise<PgBoss> }
const KEY = Symbol.for('toolnest.jobQueue')
type Global = typeof globalThis & { [KEY]?: BossHolder }

/** The process's pg-boss, started (schema installed, queue created) on first use against DATABASE_URL. */
export function getBoss(): Promise<PgBoss> {
	const url = process.env.DATABASE_URL
	if (!url) return Promise.reject(new Error('DATABASE_URL is not set: start the database first.'))
	const shared = globalThis as Global
	if (shared[KEY]?.url === url) return shared[KEY].boss
	const boss = start(url)
	shared[KEY] = { url, boss }
	boss.catch(() => {
		if (shared[KEY]?.boss === boss) delete shared[KEY]
	})
	return boss
}

async function start(url: string): Promise<PgBoss> {
	const boss = new PgBoss({
		connectionString: url,
		// Few connections: on PGlite every query takes turns anyway.
		max: 3,
		// Expired and retried jobs are found by maintenance: often enough that a lost job runs again soon.
		maintenanceIntervalSeconds: 30,
		// No cron schedules here: their clock checks would be queries for nothing.
		schedule: false,
		// Finished jobs are kept for a week in pg-boss (the Job table keeps what the site shows).
		deleteAfterDays: 7,
	})
	boss.on('error', (error: Error) => console.error('job queue:', error.message))
	await boss.start()
	// Two processes starting together on a fresh database can deadlock in pg-boss's queue creation
	// (its row, then a foreign key): the loser tries again, and finds the winner's queue.
	for (let attempt = 1; !(await boss.getQueue(QUEUE)); attempt++) {
		try {
			await boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard', retryLimit: RETRY_LIMIT, retryDelay: 0, expireInSeconds: EXPIRE_SECONDS })
		} catch (error) {
			if (attempt >= 5) throw error
			await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
		}
	}
	return boss
}

/** Stops this process's pg-boss (shutdown, tests): running handlers are left to finish within `graceMs`. */
export async function stopBoss(graceMs = 5000): Promise<void> {
	const shared = globalThis as Global
	const holder = shared[KEY]
	delete shared[KEY]
	if (!holder) return
	const boss = await holder.boss.catch(() => null)
	await boss?.stop({ graceful: true, close: true, timeout: graceMs, wait: true }).catch(() => {})
}
