/**
 * /admin/dashboard against the real database: the role check (anonymous and
 * users are sent to /login with no data), and every number on the page for
 * seeded rows: users this week vs older, posts in each state (a future
 * publish date = scheduled), server tool runs today vs this month vs older
 * (UTC midnight boundaries), stored files and their size, the 30-day series
 * with zero days filled, the error rates per tool and the audit log, newest
 * first. The exact boundaries use loadDashboard(now) with a fixed `now`; the
 * loader itself is called as Remix calls it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as dashboardRoute from '#app/routes/admin.dashboard.tsx'
import { audit } from '#app/site/audit.server.ts'
import { DASHBOARD_DAYS, lastUtcDays, loadDashboard, startOfUtcDay, type DashboardData } from '#app/admin/dashboard.server.ts'
import { convertOnServer } from '#app/tools/markdown-to-docx/convert.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type RouteOutcome } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

const DAY = 24 * 60 * 60 * 1000

/** The dashboard loader, called as Remix calls it (callRoute). */
function callLoader(request: Request): Promise<RouteOutcome> {
	return callRoute(dashboardRoute.loader, request)
}

function at(iso: string): Date {
	return new Date(iso)
}

async function seedRuns(
	rows: Array<{
		tool: string
		outcome: string
		createdAt: Date
		count?: number
		operation?: string
	}>,
) {
	await prisma.toolRun.createMany({
		data: rows.flatMap(({ count = 1, ...row }) =>
			Array.from({ length: count }, () => ({
				...row,
				via: 'api',
				durationMs: 3,
				inputBytes: 10,
				outputBytes: 12,
			})),
		),
	})
}

async function seedUser(email: string, createdAt: Date, role: 'user' | 'admin' = 'user') {
	const user = await createUser({ email, role })
	await prisma.user.update({ where: { id: user.id }, data: { createdAt } })
	return user
}

async function seedPost(
	slug: string,
	fields: {
		status: 'draft' | 'published'
		publishedAt?: Date | null
		updatedAt: Date
	},
) {
	return prisma.post.create({
		data: {
			slug,
			title: `Post ${slug}`,
			body: '# Hi',
			html: '<h1>Hi</h1>',
			status: fields.status,
			publishedAt: fields.publishedAt ?? null,
			updatedAt: fields.updatedAt,
		},
	})
}

function valueOn(days: Array<string>, values: Array<number>, day: string): number {
	const index = days.indexOf(day)
	expect(index, `${day} is one of the series' days`).toBeGreaterThanOrEqual(0)
	return values[index]!
}

describe('role check', () => {
	test('anonymous → 302 to /login with redirectTo, and no data', async () => {
		await seedRuns([{ tool: 'json-formatter', outcome: 'ok', createdAt: new Date() }])
		const outcome = await callLoader(makeRequest('/admin/dashboard'))
		expect(outcome).toHaveRedirect('/login?redirectTo=%2Fadmin%2Fdashboard')
		expect(JSON.stringify(outcome.body)).not.toMatch(/stats|toolUsage|json-formatter|audit/)
	})

	test('a signed-in user → 302 to /login, and no data (also for the data request)', async () => {
		const user = await createUser({ email: 'plain@example.com' })
		await audit({ id: user.id, email: 'someone@example.com' }, { action: 'settings.update', target: 'site' })
		const { cookie } = await loginAs(user.id)
		for (const path of ['/admin/dashboard', '/admin/dashboard.data', '/admin/dashboard?_data=routes%2Fadmin.dashboard']) {
			const outcome = await callLoader(makeRequest(path, { cookie }))
			expect(outcome, path).toHaveRedirect(/^\/login\?redirectTo=/)
			expect(JSON.stringify(outcome.body), path).not.toMatch(/plain@example\.com|someone@example\.com|settings\.update|stats|medianWaitMs|slots/)
		}
	})

	test('an admin demoted to user is refused at once', async () => {
		const admin = await createUser({ role: 'admin' })
		const { cookie } = await loginAs(admin.id)
		expect((await callLoader(makeRequest('/admin/dashboard', { cookie }))).status).toBe(200)
		await prisma.user.update({
			where: { id: admin.id },
			data: { role: 'user' },
		})
		expect((await callLoader(makeRequest('/admin/dashboard', { cookie }))).status).toBe(302)
	})
})

describe('the loader as an admin', () => {
	test('counts and series for rows seeded around the real clock', async () => {
		const now = new Date()
		const today = startOfUtcDay(now)
		const admin = await createUser({
			role: 'admin',
			email: 'boss@example.com',
		})
		await seedUser('older@example.com', new Date(now.getTime() - 10 * DAY))
		await seedRuns([
			{ tool: 'json-formatter', outcome: 'ok', createdAt: today, count: 2 },
			{
				tool: 'json-formatter',
				outcome: 'ok',
				createdAt: new Date(today.getTime() - 40 * DAY),
				count: 3,
			},
		])
		const { cookie } = await loginAs(admin.id)
		const outcome = await callLoader(makeRequest('/admin/dashboard', { cookie }))
		expect(outcome.status).toBe(200)
		const body = outcome.body as DashboardData
		expect(body.stats).toMatchObject({
			users: 2,
			newThisWeek: 1,
			admins: 1,
			activeSessions: 1,
			toolRunsToday: 2,
		})
		expect(body.toolUsage.days).toEqual(lastUtcDays(now))
		expect(body.toolUsage.series).toEqual([
			{
				tool: 'json-formatter',
				name: 'JSON Formatter',
				values: [...Array(DASHBOARD_DAYS - 1).fill(0), 2],
			},
		])
		expect(body.signups.values.at(-1)).toBe(1)
		expect(body.latest.map((user) => user.email)).toEqual(['boss@example.com', 'older@example.com'])
		expect(JSON.stringify(body)).not.toMatch(/passwordHash|scrypt/)
	})

	test('Cache-Control: no-store', () => {
		const headers = dashboardRoute.headers({
			actionHeaders: new Headers(),
			loaderHeaders: new Headers(),
			parentHeaders: new Headers(),
			errorHeaders: undefined,
		} as never)
		expect(new Headers(headers as HeadersInit).get('Cache-Control')).toBe('no-store')
	})
})

describe('loadDashboard at a fixed time (2026-03-15 10:00 UTC)', () => {
	const NOW = at('2026-03-15T10:00:00.000Z')

	test('an empty database: zeros everywhere, 30 days of zeros', async () => {
		const data = await loadDashboard(NOW)
		expect(data.stats).toEqual({
			users: 0,
			newThisWeek: 0,
			admins: 0,
			googleUsers: 0,
			activeSessions: 0,
			postsPublished: 0,
			postsScheduled: 0,
			postsDraft: 0,
			toolRunsToday: 0,
			toolRunsThisMonth: 0,
			storedFiles: 0,
			storedBytes: 0,
		})
		expect(data.toolUsage).toEqual({ days: lastUtcDays(NOW), series: [] })
		expect(data.signups.values).toEqual(Array(DASHBOARD_DAYS).fill(0))
		expect(data.errorRates).toEqual([])
		expect(data.latestPosts).toEqual([])
		expect(data.audit).toEqual([])
		expect(data.queue).toEqual({
			waiting: 0,
			running: 0,
			failedLastHour: 0,
			completedLastHour: 0,
			medianWaitMs: null,
			workers: 0,
			slots: 0,
			noWorker: false,
		})
	})

	test('the 30 UTC days end with today and start 29 days before', async () => {
		const { toolUsage, signups } = await loadDashboard(NOW)
		expect(toolUsage.days).toHaveLength(30)
		expect(toolUsage.days[0]).toBe('2026-02-14')
		expect(toolUsage.days.at(-1)).toBe('2026-03-15')
		expect(signups.days).toEqual(toolUsage.days)
		// Across a month end and a leap-free February: consecutive days, no gaps.
		const gaps = toolUsage.days.slice(1).map((day, index) => Date.parse(day) - Date.parse(toolUsage.days[index]!))
		expect(new Set(gaps)).toEqual(new Set([DAY]))
	})

	test('tool runs: today vs this month vs older, series by tool at UTC midnight boundaries, error rates', async () => {
		await seedRuns([
			{
				tool: 'json-formatter',
				outcome: 'ok',
				createdAt: at('2026-03-15T00:00:00.000Z'),
				count: 2,
			}, // today, first millisecond
			{
				tool: 'json-formatter',
				outcome: 'invalid',
				createdAt: at('2026-03-14T23:59:59.999Z'),
			}, // yesterday, last millisecond
			{
				tool: 'base64-encoder',
				outcome: 'error',
				createdAt: at('2026-03-01T00:00:00.000Z'),
			}, // this month, first millisecond
			{
				tool: 'url-encoder',
				outcome: 'too_large',
				createdAt: at('2026-02-28T23:59:59.999Z'),
			}, // last month, in the series
			{
				tool: 'url-encoder',
				outcome: 'timeout',
				createdAt: at('2026-02-14T00:00:00.000Z'),
			}, // the series' first day
			{
				tool: 'json-formatter',
				outcome: 'ok',
				createdAt: at('2026-02-13T23:59:59.999Z'),
				count: 5,
			}, // before the series
			{
				tool: 'text-case-converter',
				outcome: 'aborted',
				createdAt: at('2026-03-10T12:00:00.000Z'),
			},
		])
		const data = await loadDashboard(NOW)
		expect(data.stats.toolRunsToday).toBe(2)
		expect(data.stats.toolRunsThisMonth).toBe(5)
		const { days, series } = data.toolUsage
		// Busiest tool first; names from the registry.
		expect(series.map((entry) => [entry.tool, entry.name])).toEqual([
			['json-formatter', 'JSON Formatter'],
			['url-encoder', 'URL Encoder/Decoder'],
			['base64-encoder', 'Base64 Encoder/Decoder'],
			['text-case-converter', 'Text Case Converter'],
		])
		for (const entry of series) expect(entry.values).toHaveLength(30)
		const [json, url, base64, textCase] = series
		expect(valueOn(days, json!.values, '2026-03-15')).toBe(2)
		expect(valueOn(days, json!.values, '2026-03-14')).toBe(1)
		expect(json!.values.reduce((a, b) => a + b)).toBe(3)
		expect(valueOn(days, url!.values, '2026-02-28')).toBe(1)
		expect(valueOn(days, url!.values, '2026-02-14')).toBe(1)
		expect(url!.values.reduce((a, b) => a + b)).toBe(2)
		expect(valueOn(days, base64!.values, '2026-03-01')).toBe(1)
		expect(valueOn(days, textCase!.values, '2026-03-10')).toBe(1)
		// Days with no runs are there, as zeros.
		expect(valueOn(days, json!.values, '2026-03-13')).toBe(0)

		expect(data.errorRates).toEqual([
			{
				tool: 'json-formatter',
				operations: [],
				name: 'JSON Formatter',
				runs: 3,
				ok: 2,
				refused: 1,
				failed: 0,
				aborted: 0,
				failureRate: 0,
				refusedRate: 33.3,
			},
			{
				tool: 'url-encoder',
				operations: [],
				name: 'URL Encoder/Decoder',
				runs: 2,
				ok: 0,
				refused: 1,
				failed: 1,
				aborted: 0,
				failureRate: 50,
				refusedRate: 50,
			},
			{
				tool: 'base64-encoder',
				operations: [],
				name: 'Base64 Encoder/Decoder',
				runs: 1,
				ok: 0,
				refused: 0,
				failed: 1,
				aborted: 0,
				failureRate: 100,
				refusedRate: 0,
			},
			{
				tool: 'text-case-converter',
				operations: [],
				name: 'Text Case Converter',
				runs: 1,
				ok: 0,
				refused: 0,
				failed: 0,
				aborted: 1,
				failureRate: 0,
				refusedRate: 0,
			},
		])
	})

	test('every failure outcome of ours counts as failed, every refusal as refused', async () => {
		const createdAt = at('2026-03-15T09:00:00.000Z')
		await seedRuns(
			['ok', 'invalid', 'too_large', 'busy', 'timeout', 'memory', 'error', 'aborted'].map((outcome) => ({ tool: 'minify-beautify', outcome, createdAt })),
		)
		const [row] = (await loadDashboard(NOW)).errorRates
		expect(row).toMatchObject({
			runs: 8,
			ok: 1,
			refused: 2,
			failed: 4,
			aborted: 1,
			failureRate: 50,
			refusedRate: 25,
		})
	})

	test('a tool with operations (the PDF converter) has a line for each under its own, most runs first', async () => {
		const createdAt = at('2026-03-15T09:00:00.000Z')
		await seedRuns([
			{ tool: 'pdf-converter', operation: 'merge', outcome: 'ok', createdAt, count: 3 },
			{ tool: 'pdf-converter', operation: 'merge', outcome: 'invalid', createdAt },
			{ tool: 'pdf-converter', operation: 'pdf-to-text', outcome: 'timeout', createdAt },
			{ tool: 'pdf-converter', operation: 'edit-pdf', outcome: 'ok', createdAt, count: 2 },
			{ tool: 'json-formatter', outcome: 'ok', createdAt },
		])
		const [pdf, json] = (await loadDashboard(NOW)).errorRates
		expect(pdf).toMatchObject({ tool: 'pdf-converter', runs: 7, ok: 5, refused: 1, failed: 1 })
		expect(pdf!.operations).toEqual([
			{ operation: 'merge', runs: 4, ok: 3, refused: 1, failed: 0, aborted: 0, failureRate: 0, refusedRate: 25 },
			{ operation: 'edit-pdf', runs: 2, ok: 2, refused: 0, failed: 0, aborted: 0, failureRate: 0, refusedRate: 0 },
			{ operation: 'pdf-to-text', runs: 1, ok: 0, refused: 0, failed: 1, aborted: 0, failureRate: 100, refusedRate: 0 },
		])
		expect(json).toMatchObject({ tool: 'json-formatter', runs: 1, operations: [] })
	})

	test('a tool the registry does not know is shown by its slug', async () => {
		await seedRuns([
			{
				tool: 'retired-tool',
				outcome: 'ok',
				createdAt: at('2026-03-15T01:00:00.000Z'),
			},
		])
		const data = await loadDashboard(NOW)
		expect(data.toolUsage.series[0]).toMatchObject({
			tool: 'retired-tool',
			name: 'retired-tool',
		})
	})

	test('users: total, new this week (the last 7 × 24 hours), sign-ups per UTC day', async () => {
		await seedUser('today@example.com', at('2026-03-15T00:00:00.000Z'), 'admin')
		await seedUser('five-days@example.com', at('2026-03-10T00:00:00.000Z'))
		await seedUser('exactly-7-days@example.com', at('2026-03-08T10:00:00.000Z'))
		await seedUser('just-over-7-days@example.com', at('2026-03-08T09:59:59.999Z'))
		await seedUser('march-1st@example.com', at('2026-03-01T12:00:00.000Z'))
		await seedUser('last-year@example.com', at('2025-01-01T00:00:00.000Z'))
		const data = await loadDashboard(NOW)
		expect(data.stats).toMatchObject({ users: 6, newThisWeek: 3, admins: 1 })
		const { days, values } = data.signups
		expect(values).toHaveLength(30)
		expect(valueOn(days, values, '2026-03-15')).toBe(1)
		expect(valueOn(days, values, '2026-03-10')).toBe(1)
		expect(valueOn(days, values, '2026-03-08')).toBe(2)
		expect(valueOn(days, values, '2026-03-01')).toBe(1)
		expect(values.reduce((a, b) => a + b)).toBe(5)
		expect(data.latest.map((user) => user.email)).toEqual([
			'today@example.com',
			'five-days@example.com',
			'exactly-7-days@example.com',
			'just-over-7-days@example.com',
			'march-1st@example.com',
			'last-year@example.com',
		])
		expect(data.latest[0]).toMatchObject({
			role: 'admin',
			methods: 'Password',
		})
	})

	test('posts: published, scheduled (published with a future date) and drafts; the latest 5, newest change first', async () => {
		await seedPost('draft-one', {
			status: 'draft',
			updatedAt: at('2026-03-10T00:00:00.000Z'),
		})
		await seedPost('draft-two', {
			status: 'draft',
			updatedAt: at('2026-03-11T00:00:00.000Z'),
		})
		await seedPost('old-news', {
			status: 'published',
			publishedAt: at('2026-01-01T00:00:00.000Z'),
			updatedAt: at('2026-01-01T00:00:00.000Z'),
		})
		await seedPost('just-out', {
			status: 'published',
			publishedAt: at('2026-03-15T10:00:00.000Z'),
			updatedAt: at('2026-03-12T00:00:00.000Z'),
		})
		await seedPost('undated', {
			status: 'published',
			publishedAt: null,
			updatedAt: at('2026-03-13T00:00:00.000Z'),
		})
		await seedPost('coming-soon', {
			status: 'published',
			publishedAt: at('2026-03-15T10:00:00.001Z'),
			updatedAt: at('2026-03-14T00:00:00.000Z'),
		})
		const data = await loadDashboard(NOW)
		expect(data.stats).toMatchObject({
			postsPublished: 3,
			postsScheduled: 1,
			postsDraft: 2,
		})
		expect(data.latestPosts.map((post) => [post.slug, post.state, post.date])).toEqual([
			['coming-soon', 'scheduled', '2026-03-15T10:00:00.001Z'],
			['undated', 'published', '2026-03-13T00:00:00.000Z'],
			['just-out', 'published', '2026-03-15T10:00:00.000Z'],
			['draft-two', 'draft', '2026-03-11T00:00:00.000Z'],
			['draft-one', 'draft', '2026-03-10T00:00:00.000Z'],
		])
		expect(data.latestPosts[0]).toMatchObject({ title: 'Post coming-soon' })
	})

	test('stored files: how many and their total size', async () => {
		await prisma.storedFile.createMany({
			data: [
				{
					id: 'file-a',
					name: 'a.png',
					mediaType: 'image/png',
					size: 1000,
					data: new Uint8Array(1000),
					kept: true,
				},
				{
					id: 'file-b',
					name: 'b.pdf',
					mediaType: 'application/pdf',
					size: 2_500_000,
					data: new Uint8Array(10),
				},
			],
		})
		const data = await loadDashboard(NOW)
		expect(data.stats).toMatchObject({
			storedFiles: 2,
			storedBytes: 2_501_000,
		})
	})

	test('sessions: only unexpired ones are active; Google users counted', async () => {
		const google = await createUser({ password: null })
		await prisma.connection.create({
			data: { provider: 'google', providerId: 'sub-1', userId: google.id },
		})
		await prisma.session.createMany({
			data: [
				{
					id: 'live',
					userId: google.id,
					expiresAt: at('2026-03-16T00:00:00.000Z'),
				},
				{
					id: 'expired',
					userId: google.id,
					expiresAt: at('2026-03-15T09:59:59.999Z'),
				},
			],
		})
		const data = await loadDashboard(NOW)
		expect(data.stats).toMatchObject({ activeSessions: 1, googleUsers: 1 })
		expect(data.latest[0]).toMatchObject({ methods: 'Google' })
	})

	test('the audit log: the latest 20 entries, newest first, without their details', async () => {
		const actor = await createUser({
			role: 'admin',
			email: 'boss@example.com',
		})
		for (let index = 1; index <= 22; index++) {
			await audit(
				{ id: actor.id, email: actor.email },
				{
					action: `post.update`,
					target: `post:${index}`,
					details: { fields: ['title'] },
				},
			)
		}
		const data = await loadDashboard(NOW)
		expect(data.audit).toHaveLength(20)
		expect(data.audit.map((entry) => entry.target)).toEqual(Array.from({ length: 20 }, (_, index) => `post:${22 - index}`))
		expect(data.audit[0]).toEqual({
			id: expect.any(String),
			actorEmail: 'boss@example.com',
			action: 'post.update',
			target: 'post:22',
			createdAt: expect.any(String),
		})
	})

	test('100,000 tool runs are grouped in SQL: the right totals', async () => {
		// 100,000 runs spread over 50 days ending today (half of them in the series), three tools, every 10th an error.
		await prisma.$executeRawUnsafe(`
			INSERT INTO "ToolRun" ("tool", "via", "outcome", "durationMs", "inputBytes", "outputBytes", "createdAt")
			SELECT (ARRAY['json-formatter', 'base64-encoder', 'url-encoder'])[1 + i % 3], 'api',
				CASE WHEN i % 10 = 0 THEN 'error' ELSE 'ok' END, 1, 1, 1,
				TIMESTAMP '2026-03-15 09:59:59.999' - make_interval(secs => (i % 50) * 86400)
			FROM generate_series(0, 99999) AS i`)
		const data = await loadDashboard(NOW)
		const inSeries = data.toolUsage.series.reduce((total, entry) => total + entry.values.reduce((a, b) => a + b), 0)
		expect(inSeries).toBe(60_000) // days 0–29 of the 50: 30 × 2,000
		expect(data.stats.toolRunsToday).toBe(2_000)
		expect(data.stats.toolRunsThisMonth).toBe(15 * 2_000) // 1–15 March
		expect(data.errorRates.reduce((total, row) => total + row.runs, 0)).toBe(60_000)
		expect(data.errorRates.reduce((total, row) => total + row.failed, 0)).toBe(6_000)
		for (const entry of data.toolUsage.series) expect(entry.values.every((value) => value > 0)).toBe(true)
	})
})

/** A Job row as the queue leaves it: `createdAt`, `startedAt`, `finishedAt` as given. */
async function seedJob(state: string, times: { createdAt: Date; startedAt?: Date; finishedAt?: Date }) {
	await prisma.job.create({
		data: {
			id: randomBytes(16).toString('base64url'),
			bossId: randomUUID(),
			kind: 'pdf',
			state,
			ownerKey: 'ip:test',
			input: '{}',
			inputFileIds: [],
			inputBytes: 10,
			via: 'api',
			createdAt: times.createdAt,
			queuedAt: state === 'held' ? null : times.createdAt,
			startedAt: times.startedAt ?? null,
			finishedAt: times.finishedAt ?? null,
		},
	})
}

describe('the conversion queue (issue 30): jobs waiting, running, failed and completed in the last hour, median wait, workers alive', () => {
	const NOW = at('2026-03-15T10:00:00.000Z')
	const ago = (ms: number) => new Date(NOW.getTime() - ms)
	const MINUTE = 60 * 1000

	test('figures from Job and JobWorker rows in every state', async () => {
		// Waiting: held (its owner has two in the queue) and queued.
		await seedJob('held', { createdAt: ago(2 * MINUTE) })
		await seedJob('held', { createdAt: ago(MINUTE) })
		await seedJob('queued', { createdAt: ago(30_000) })
		// Running: started after a 1 s wait.
		await seedJob('running', { createdAt: ago(5 * MINUTE), startedAt: ago(5 * MINUTE - 1000) })
		// Completed in the last hour, waits of 0.2 s, 0.4 s and 30 s: the median is 0.4 s.
		await seedJob('completed', { createdAt: ago(10 * MINUTE), startedAt: ago(10 * MINUTE - 200), finishedAt: ago(9 * MINUTE) })
		await seedJob('completed', { createdAt: ago(20 * MINUTE), startedAt: ago(20 * MINUTE - 400), finishedAt: ago(19 * MINUTE) })
		await seedJob('completed', { createdAt: ago(40 * MINUTE), startedAt: ago(40 * MINUTE - 30_000), finishedAt: ago(39 * MINUTE) })
		// Failed within the hour (a wait of 0.3 s) and just over an hour ago (not counted, nor its wait).
		await seedJob('failed', { createdAt: ago(50 * MINUTE), startedAt: ago(50 * MINUTE - 300), finishedAt: ago(49 * MINUTE) })
		await seedJob('failed', { createdAt: ago(90 * MINUTE), startedAt: ago(90 * MINUTE - 600_000), finishedAt: ago(60 * MINUTE + 1) })
		// Completed two hours ago, and a cancelled one: neither counts.
		await seedJob('completed', { createdAt: ago(130 * MINUTE), startedAt: ago(125 * MINUTE), finishedAt: ago(120 * MINUTE) })
		await seedJob('cancelled', { createdAt: ago(3 * MINUTE), finishedAt: ago(2 * MINUTE) })
		// One worker seen 5 s ago (3 slots), one last seen a minute ago (dead, 8 slots).
		await prisma.jobWorker.createMany({
			data: [
				{ id: 'fresh', host: 'web-1', pid: 101, slots: 3, running: 1, startedAt: ago(60 * MINUTE), seenAt: ago(5_000) },
				{ id: 'stale', host: 'web-2', pid: 102, slots: 8, running: 0, startedAt: ago(60 * MINUTE), seenAt: ago(MINUTE) },
			],
		})
		const { queue } = await loadDashboard(NOW)
		expect(queue).toEqual({
			waiting: 3,
			running: 1,
			failedLastHour: 1,
			completedLastHour: 3,
			// Waits of the jobs started in the last hour: 0.2, 0.3, 0.4, 1 and 30 s.
			medianWaitMs: 400,
			workers: 1,
			slots: 3,
			noWorker: false,
		})
	})

	test('jobs waiting and no worker alive: the warning is raised; no jobs waiting: it is not', async () => {
		await prisma.jobWorker.create({ data: { id: 'stale', host: 'web-1', pid: 7, slots: 2, seenAt: ago(MINUTE) } })
		expect((await loadDashboard(NOW)).queue).toMatchObject({ waiting: 0, workers: 0, slots: 0, noWorker: false })
		await seedJob('queued', { createdAt: ago(10_000) })
		expect((await loadDashboard(NOW)).queue).toMatchObject({ waiting: 1, workers: 0, slots: 0, noWorker: true })
		await prisma.jobWorker.create({ data: { id: 'fresh', host: 'worker-1', pid: 8, slots: 4, seenAt: ago(1_000) } })
		expect((await loadDashboard(NOW)).queue).toMatchObject({ waiting: 1, workers: 1, slots: 4, noWorker: false })
	})

	test('the route gives the panel its figures (real clock)', async () => {
		const admin = await createUser({ role: 'admin' })
		await seedJob('queued', { createdAt: new Date(Date.now() - 2_000) })
		const { cookie } = await loginAs(admin.id)
		const outcome = await callLoader(makeRequest('/admin/dashboard', { cookie }))
		expect(outcome.status).toBe(200)
		expect((outcome.body as DashboardData).queue).toMatchObject({ waiting: 1, running: 0, workers: 0, noWorker: true })
	})
})

// Last in the file: this starts the test process's job runner, whose sweep would act on the rows seeded above.
describe('after a real conversion (this test process runs jobs, as the web server does)', () => {
	test('the job counts as completed in the last hour with its wait, and the runner as a worker alive with its slots', async () => {
		const before = new Date()
		const { fileName } = await convertOnServer({ markdown: '# Queue check', options: {}, images: [], via: 'api' })
		expect(fileName).toBe('Queue check.docx')
		const job = await prisma.job.findFirstOrThrow({ where: { kind: 'md-to-docx' } })
		expect(job.state).toBe('completed')
		const { queue } = await loadDashboard()
		expect(queue).toEqual({
			waiting: 0,
			running: 0,
			failedLastHour: 0,
			completedLastHour: 1,
			medianWaitMs: job.startedAt!.getTime() - job.createdAt.getTime(),
			// tests/setup/setup-env.ts: a runner of two slots.
			workers: 1,
			slots: 2,
			noWorker: false,
		})
		expect(job.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime())
	})
})
