/**
 * Fixed-window rate limits with their counters in the database, so every
 * instance behind a load balancer counts against the same numbers. One
 * statement per hit (an upsert that starts a new window when the old one has
 * ended), so concurrent hits never lose a count.
 */
import { AppError } from '#app/utils/errors.ts'
import { prisma } from '#app/utils/db.server.ts'

export type RateLimitResult = {
	allowed: boolean
	count: number
	limit: number
	/** Seconds until the window ends (the Retry-After value when refused). */
	retryAfter: number
}

type Row = { count: number; resetAt: Date }

/** Counts one hit on `key` and tells whether it is within `limit` hits per `windowMs`. */
export async function hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
	const rows = await prisma.$queryRaw<Array<Row>>`
		INSERT INTO "RateLimit" ("key", "count", "resetAt")
		VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
		ON CONFLICT ("key") DO UPDATE SET
			"count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
			"resetAt" = CASE WHEN "RateLimit"."resetAt" <= now()
				THEN now() + make_interval(secs => ${windowMs / 1000}) ELSE "RateLimit"."resetAt" END
		RETURNING "count", "resetAt"`
	return result(rows[0], limit)
}

export async function reset(key: string): Promise<void> {
	await prisma.rateLimit.deleteMany({ where: { key } })
}

function result(row: Row | undefined, limit: number): RateLimitResult {
	const count = row?.count ?? 1
	const retryAfter = row ? Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)) : 1
	return { allowed: count <= limit, count, limit, retryAfter }
}

/**
 * A refused hit: the catalogue's 429 (`details.retryAfter` in seconds) that
 * also knows the limit it hit, so every answer that carries it, form page
 * or JSON, sends the RateLimit-* headers with Retry-After.
 */
export class RateLimitError extends AppError {
	readonly result: RateLimitResult

	constructor(result: RateLimitResult, message: string) {
		super('RATE_LIMITED', message, { retryAfter: result.retryAfter })
		this.result = result
	}

	override get headers(): Record<string, string> {
		return rateLimitHeaders(this.result)
	}
}

/** The 429 for a refused hit, with Retry-After (seconds) and RateLimit-* headers. */
export function rateLimitError(result: RateLimitResult, message = 'Too many attempts. Please wait a moment and try again.') {
	return new RateLimitError(result, message)
}

/**
 * Retry-After and the IETF draft's RateLimit-Limit, -Remaining and -Reset
 * (seconds until the window ends) for a result.
 */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
	return {
		'Retry-After': String(result.retryAfter),
		'RateLimit-Limit': String(result.limit),
		'RateLimit-Remaining': String(Math.max(0, result.limit - result.count)),
		'RateLimit-Reset': String(result.retryAfter),
	}
}

/** Deletes counters whose window has ended. */
export async function purgeExpiredRateLimits(now = new Date()): Promise<number> {
	const { count } = await prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } })
	return count
}
