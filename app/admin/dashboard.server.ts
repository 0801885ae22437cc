/**
 * The admin dashboard's numbers, in one round of queries run in parallel.
 * Days are UTC days: a series covers the last DASHBOARD_DAYS days ending
 * with today, every day present (zero when nothing happened). Grouping by day
 * happens in SQL (date_trunc over the createdAt indexes), so 100,000 tool
 * runs cost one index range scan, not 100,000 rows sent to Node.
 *
 * Tool runs are the server's only (forms posted without JavaScript and the
 * JSON API, see app/tools/kit/run.server.ts): runs in the browser are private and
 * never reported, so the dashboard says "server runs".
 */
import { queueStats } from '#app/jobs/jobs.server.ts'
import { getTool } from '#app/tools/registry.ts'
import { latestAuditEntries, type AuditLogItem } from '#app/site/audit.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { postState, type PostState } from '#app/blog/post-state.ts'
import { isoDay } from '#app/utils/dates.ts'

export const DASHBOARD_DAYS = 30
export const LATEST_POSTS = 5
export const LATEST_SIGNUPS = 8
export const AUDIT_ENTRIES = 20

const DAY = 24 * 60 * 60 * 1000

/** Outcomes that mean the input was refused (the visitor's doing). */
export const REFUSED_OUTCOMES = ['invalid', 'too_large'] as const
/** Outcomes that are failures of ours (crash, limits of the worker pool). */
export const FAILED_OUTCOMES = ['error', 'timeout', 'memory', 'busy'] as const

export type DailyCounts = { days: Array<string>; values: Array<number> }
export type ToolSeries = { tool: string; name: string; values: Array<number> }
export type RunCounts = {
	runs: number
	ok: number
	refused: number
	failed: number
	aborted: number
	/** Failures of ours per 100 runs (one decimal); null without runs. */
	failureRate: number | null
	/** Refused inputs per 100 runs (one decimal); null without runs. */
	refusedRate: number | null
}

export type ToolErrorRate = RunCounts & {
	tool: string
	name: string
	/** A tool with several operations (the PDF converter): each one's counts, most runs first. */
	operations: Array<{ operation: string } & RunCounts>
}
export type { PostState }
export type LatestPost = {
	id: string
	title: string
	slug: string
	state: PostState
	date: string
}
export type LatestSignup = {
	id: string
	name: string
	email: string
	role: string
	createdAt: string
	methods: string
}

/** The conversion queue (issue 30), from the Job and JobWorker tables. */
export type QueueFigures = {
	/** Jobs not started yet: held back by their owner's fair share, or in the queue. */
	waiting: number
	running: number
	failedLastHour: number
	completedLastHour: number
	/** Median time from submission to start of the jobs submitted in the last hour that have started; null when none. */
	medianWaitMs: number | null
	/** Runners (web servers with WORKERS > 0, `npm run worker`) whose heartbeat is recent. */
	workers: number
	/** Jobs those runners run at once, together. */
	slots: number
	/** Jobs are waiting and no worker is alive to run them. */
	noWorker: boolean
}

export type DashboardData = {
	generatedAt: string
	stats: {
		users: number
		newThisWeek: number
		admins: number
		googleUsers: number
		activeSessions: number
		postsPublished: number
		postsScheduled: number
		postsDraft: number
		toolRunsToday: number
		toolRunsThisMonth: number
		storedFiles: number
		storedBytes: number
	}
	toolUsage: { days: Array<string>; series: Array<ToolSeries> }
	signups: DailyCounts
	errorRates: Array<ToolErrorRate>
	latestPosts: Array<LatestPost>
	latest: Array<LatestSignup>
	audit: Array<Omit<AuditLogItem, 'details'>>
	queue: QueueFigures
}

/** Midnight UTC of the day `date` falls in. */
export function startOfUtcDay(date: Date): Date {
	return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
}

/** The `count` UTC days ending with today's, oldest first, as YYYY-MM-DD. */
export function lastUtcDays(now: Date, count = DASHBOARD_DAYS): Array<string> {
	const today = startOfUtcDay(now).getTime()
	return Array.from({ length: count }, (_, index) => isoDay(today - (count - 1 - index) * DAY))
}

/** A timestamp parameter in UTC, whatever the session's TimeZone (columns are `timestamp(3)` holding UTC). */
function utc(date: Date) {
	return date.toISOString()
}

function rate(part: number, whole: number): number | null {
	return whole === 0 ? null : Math.round((part / whole) * 1000) / 10
}

function runCounts(rows: ReadonlyArray<RateRow>): RunCounts {
	const sum = (key: 'runs' | 'ok' | 'refused' | 'failed' | 'aborted') => rows.reduce((total, row) => total + Number(row[key]), 0)
	const runs = sum('runs')
	const refused = sum('refused')
	const failed = sum('failed')
	return { runs, ok: sum('ok'), refused, failed, aborted: sum('aborted'), failureRate: rate(failed, runs), refusedRate: rate(refused, runs) }
}

/** Per tool (most runs first), with the operations of tools that have them. */
function errorRates(rows: ReadonlyArray<RateRow>): Array<ToolErrorRate> {
	const byTool = new Map<string, Array<RateRow>>()
	for (const row of rows) byTool.set(row.tool, [...(byTool.get(row.tool) ?? []), row])
	return [...byTool.entries()]
		.map(([tool, toolRows]) => {
			const { runs, ...counts } = runCounts(toolRows)
			const operations = toolRows
				.filter((row): row is RateRow & { operation: string } => row.operation !== null)
				.map((row) => ({ operation: row.operation, ...runCounts([row]) }))
				.sort((a, b) => b.runs - a.runs || a.operation.localeCompare(b.operation))
			return { tool, name: toolName(tool), operations, runs, ...counts }
		})
		.sort((a, b) => b.runs - a.runs || a.tool.localeCompare(b.tool))
}

function toolName(slug: string): string {
	return getTool(slug)?.name ?? slug
}

type DayRow = { day: string; count: number }
type ToolDayRow = { tool: string; day: string; count: number }
type RateRow = {
	tool: string
	operation: string | null
	runs: number
	ok: number
	refused: number
	failed: number
	aborted: number
}

export async function loadDashboard(now: Date = new Date()): Promise<DashboardData> {
	const today = startOfUtcDay(now)
	const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
	const weekAgo = new Date(now.getTime() - 7 * DAY)
	const days = lastUtcDays(now)
	const seriesStart = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * DAY)
	const seriesEnd = new Date(today.getTime() + DAY)

	const [
		users,
		newThisWeek,
		admins,
		googleUsers,
		activeSessions,
		postsDraft,
		postsScheduled,
		postsPublished,
		runCounts,
		files,
		toolDays,
		signupDays,
		rateRows,
		posts,
		latestUsers,
		audit,
		queue,
	] = await Promise.all([
		prisma.user.count(),
		prisma.user.count({ where: { createdAt: { gte: weekAgo } } }),
		prisma.user.count({ where: { role: 'admin' } }),
		prisma.user.count({
			where: { connections: { some: { provider: 'google' } } },
		}),
		prisma.session.count({ where: { expiresAt: { gt: now } } }),
		prisma.post.count({ where: { status: 'draft' } }),
		prisma.post.count({
			where: { status: 'published', publishedAt: { gt: now } },
		}),
		prisma.post.count({
			where: {
				status: 'published',
				OR: [{ publishedAt: null }, { publishedAt: { lte: now } }],
			},
		}),
		prisma.$queryRaw<Array<{ today: number; month: number }>>`
			SELECT count(*) FILTER (WHERE "createdAt" >= (${utc(today)}::timestamptz AT TIME ZONE 'UTC'))::int AS "today",
				count(*)::int AS "month"
			FROM "ToolRun"
			WHERE "createdAt" >= (${utc(monthStart)}::timestamptz AT TIME ZONE 'UTC')
				AND "createdAt" < (${utc(seriesEnd)}::timestamptz AT TIME ZONE 'UTC')`,
		prisma.storedFile.aggregate({
			_count: { _all: true },
			_sum: { size: true },
		}),
		prisma.$queryRaw<Array<ToolDayRow>>`
			SELECT "tool", to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS "day", count(*)::int AS "count"
			FROM "ToolRun"
			WHERE "createdAt" >= (${utc(seriesStart)}::timestamptz AT TIME ZONE 'UTC')
				AND "createdAt" < (${utc(seriesEnd)}::timestamptz AT TIME ZONE 'UTC')
			GROUP BY 1, 2`,
		prisma.$queryRaw<Array<DayRow>>`
			SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS "day", count(*)::int AS "count"
			FROM "User"
			WHERE "createdAt" >= (${utc(seriesStart)}::timestamptz AT TIME ZONE 'UTC')
				AND "createdAt" < (${utc(seriesEnd)}::timestamptz AT TIME ZONE 'UTC')
			GROUP BY 1`,
		prisma.$queryRaw<Array<RateRow>>`
			SELECT "tool", "operation",
				count(*)::int AS "runs",
				count(*) FILTER (WHERE "outcome" = 'ok')::int AS "ok",
				count(*) FILTER (WHERE "outcome" IN ('invalid', 'too_large'))::int AS "refused",
				count(*) FILTER (WHERE "outcome" IN ('error', 'timeout', 'memory', 'busy'))::int AS "failed",
				count(*) FILTER (WHERE "outcome" = 'aborted')::int AS "aborted"
			FROM "ToolRun"
			WHERE "createdAt" >= (${utc(seriesStart)}::timestamptz AT TIME ZONE 'UTC')
				AND "createdAt" < (${utc(seriesEnd)}::timestamptz AT TIME ZONE 'UTC')
			GROUP BY 1, 2`,
		prisma.post.findMany({
			orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
			take: LATEST_POSTS,
			select: {
				id: true,
				title: true,
				slug: true,
				status: true,
				publishedAt: true,
				updatedAt: true,
			},
		}),
		prisma.user.findMany({
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			take: LATEST_SIGNUPS,
			select: {
				id: true,
				name: true,
				email: true,
				role: true,
				createdAt: true,
				passwordHash: true,
				connections: { select: { provider: true } },
			},
		}),
		latestAuditEntries(AUDIT_ENTRIES),
		queueStats(now),
	])

	const dayIndex = new Map(days.map((day, index) => [day, index]))

	const byTool = new Map<string, Array<number>>()
	for (const row of toolDays) {
		const index = dayIndex.get(row.day)
		if (index === undefined) continue
		let values = byTool.get(row.tool)
		if (!values) byTool.set(row.tool, (values = days.map(() => 0)))
		values[index] = Number(row.count)
	}
	const series = [...byTool.entries()]
		.map(([tool, values]) => ({
			tool,
			name: toolName(tool),
			values,
			total: values.reduce((sum, value) => sum + value, 0),
		}))
		.sort((a, b) => b.total - a.total || a.tool.localeCompare(b.tool))
		.map(({ tool, name, values }) => ({ tool, name, values }))

	const signupValues = days.map(() => 0)
	for (const row of signupDays) {
		const index = dayIndex.get(row.day)
		if (index !== undefined) signupValues[index] = Number(row.count)
	}

	return {
		generatedAt: now.toISOString(),
		stats: {
			users,
			newThisWeek,
			admins,
			googleUsers,
			activeSessions,
			postsPublished,
			postsScheduled,
			postsDraft,
			toolRunsToday: Number(runCounts[0]?.today ?? 0),
			toolRunsThisMonth: Number(runCounts[0]?.month ?? 0),
			storedFiles: files._count._all,
			storedBytes: Number(files._sum.size ?? 0),
		},
		toolUsage: { days, series },
		signups: { days, values: signupValues },
		errorRates: errorRates(rateRows),
		latestPosts: posts.map((post) => {
			const state = postState(post, now)
			return {
				id: post.id,
				title: post.title,
				slug: post.slug,
				state,
				date: (state === 'draft' ? post.updatedAt : (post.publishedAt ?? post.updatedAt)).toISOString(),
			}
		}),
		latest: latestUsers.map((user) => ({
			id: user.id,
			name: user.name,
			email: user.email,
			role: user.role,
			createdAt: user.createdAt.toISOString(),
			methods: [user.passwordHash ? 'Password' : null, ...user.connections.map((c) => (c.provider === 'google' ? 'Google' : c.provider))]
				.filter(Boolean)
				.join(', '),
		})),
		audit: audit.map(({ id, actorEmail, action, target, createdAt }) => ({
			id,
			actorEmail,
			action,
			target,
			createdAt,
		})),
		queue: { ...queue, noWorker: queue.waiting > 0 && queue.workers === 0 },
	}
}
