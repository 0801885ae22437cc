/**
 * Fixed-window rate limits with their counters in the database, so every
 * instance behind a load balancer counts against the same numbers. One
 * statement per hit (an upsert that starts a new window when the old one has
 * ended), so concurrent hits never lose a count.
 */
import { describeDatabaseError, isDatabaseUnavailable, prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { clientKey } from './client-key.server.ts'

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

/**
 * The per-client limits of the work endpoints, each one count per client
 * (`clientKey`: an IPv4 address, or an IPv6 /64) per minute:
 * - `convert`: the PDF converter's and Markdown → DOCX's APIs and forms
 *   (RATE_LIMIT_CONVERT_PER_MINUTE);
 * - `tools`: POST /api/tools/* and the tool pages' forms
 *   (RATE_LIMIT_TOOLS_PER_MINUTE).
 */
export type ClientLimit = 'convert' | 'tools'

const CLIENT_LIMIT_WINDOW_MS = 60_000

const CLIENT_LIMIT_WHAT: Record<ClientLimit, string> = { convert: 'conversions', tools: 'requests' }

/**
 * Counts one request of `family` from `clientIp`, before its body is read;
 * beyond the limit, drops the body unread and throws the catalogue's 429
 * (RateLimitError: Retry-After and the RateLimit-* headers). When the
 * database is unreachable the request is let through, as its run count is:
 * the tools keep working in an outage.
 */
export async function limitClient(family: ClientLimit, request: Request, clientIp: string | undefined): Promise<void> {
	const env = getEnv()
	const limit = family === 'convert' ? env.RATE_LIMIT_CONVERT_PER_MINUTE : env.RATE_LIMIT_TOOLS_PER_MINUTE
	let result: RateLimitResult
	try {
		result = await hit(`${family}:${clientKey(clientIp)}`, limit, CLIENT_LIMIT_WINDOW_MS)
	} catch (error) {
		if (!isDatabaseUnavailable(error)) throw error
		console.warn(`Could not count a ${family} request against its rate limit: ${describeDatabaseError(error)}`)
		return
	}
	if (!result.allowed) {
		await request.body?.cancel().catch(() => {})
		throw rateLimitError(
			result,
			`Too many ${CLIENT_LIMIT_WHAT[family]} from your address (at most ${limit} a minute). Please wait ${result.retryAfter} seconds and try again.`,
		)
	}
}
