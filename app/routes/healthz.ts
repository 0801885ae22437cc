import { queueHealth, type QueueHealth } from '#app/admin/queue-health.server.ts'
import { checkDatabase } from '#app/utils/db.server.ts'

/** The whole answer's budget: the database check, and the queue's figures beside it. */
const BUDGET_MS = 2_000

/**
 * Readiness for load balancers and Docker's HEALTHCHECK: 200 when the database
 * answers within two seconds, else 503 with a short reason (no internals).
 *
 * For monitoring, the conversion queue too (issue 30): `workers` (runners
 * alive and their job slots) and `queue` (jobs waiting and running).
 * `"workers": "none"` when jobs wait and no worker is alive: an alert, but
 * still 200 (a site with WORKERS=0 and no worker yet serves its pages).
 * `"unknown"` when the queue's query fails or misses the budget: the
 * database answered, so still 200.
 */
export async function loader() {
	const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }
	const deadline = Date.now() + BUDGET_MS
	// Asked at once, beside the database check: both fit in the one budget.
	const queue = queueHealth()
	queue.catch(() => {}) // read below, or dropped when the database is down
	try {
		await checkDatabase(BUDGET_MS)
	} catch (error) {
		const reason = error instanceof Error ? error.message : 'database check failed'
		console.error(`healthz: database unavailable: ${reason}`)
		return new Response(JSON.stringify({ status: 'error', database: 'unavailable', reason: 'Database unavailable' }), {
			status: 503,
			headers: { ...headers, 'Retry-After': '5' },
		})
	}
	const figures = await withinBudget(queue, deadline).catch((error: unknown) => {
		console.error(`healthz: queue figures unavailable: ${error instanceof Error ? error.message : String(error)}`)
		return null
	})
	return new Response(JSON.stringify({ status: 'ok', database: 'ok', ...describeQueue(figures) }), { status: 200, headers })
}

function describeQueue(figures: QueueHealth | null) {
	if (!figures) return { workers: 'unknown', queue: 'unknown' }
	const queue = { waiting: figures.waiting, running: figures.running }
	if (figures.alive === 0 && figures.waiting > 0) return { workers: 'none', queue }
	return { workers: { alive: figures.alive, slots: figures.slots }, queue }
}

async function withinBudget<T>(promise: Promise<T>, deadline: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${BUDGET_MS} ms`)), Math.max(0, deadline - Date.now()))
	})
	try {
		return await Promise.race([promise, timeout])
	} finally {
		clearTimeout(timer)
	}
}
