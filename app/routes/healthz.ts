import { checkDatabase } from '#app/utils/db.server.ts'

/**
 * Readiness for load balancers and Docker's HEALTHCHECK: 200 when the database
 * answers within two seconds, else 503 with a short reason (no internals).
 */
export async function loader() {
	const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }
	try {
		await checkDatabase(2_000)
		return new Response(JSON.stringify({ status: 'ok', database: 'ok' }), { status: 200, headers })
	} catch (error) {
		const reason = error instanceof Error ? error.message : 'database check failed'
		console.error(`healthz: database unavailable: ${reason}`)
		return new Response(JSON.stringify({ status: 'error', database: 'unavailable', reason: 'Database unavailable' }), {
			status: 503,
			headers: { ...headers, 'Retry-After': '5' },
		})
	}
}
