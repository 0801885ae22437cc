/**
 * /healthz on the real database: 200 while the database answers, with the
 * conversion queue's state for monitoring (issue 30 item 7): workers alive
 * and their slots, jobs waiting and running; "workers": "none" when jobs
 * wait and no worker is alive (still 200: a site with WORKERS=0 and no
 * worker yet is not unhealthy for a load balancer); "workers": "unknown"
 * when the queue's query fails or takes too long, never a 503 for a
 * database that answers.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { beforeEach, describe, expect, test } from 'vitest'
import * as healthz from '#app/routes/healthz.ts'
import { convertOnServer } from '#app/tools/markdown-to-docx/convert.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { makeRequest } from '#tests/setup/accounts.ts'
import { allowConsoleError } from '#tests/setup/console-error.ts'
import { databaseUrl, isEmbeddedDatabase, resetDatabase } from '#tests/setup/db.ts'
import { callRoute } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

function callHealthz() {
	return callRoute(healthz.loader, makeRequest('/healthz'))
}

async function seedJob(state: string) {
	await prisma.job.create({
		data: {
			id: randomBytes(16).toString('base64url'),
			bossId: randomUUID(),
			kind: 'docx',
			state,
			ownerKey: 'ip:test',
			input: '{}',
			inputFileIds: [],
			inputBytes: 1,
			via: 'api',
			finishedAt: ['completed', 'failed', 'cancelled'].includes(state) ? new Date() : null,
		},
	})
}

async function seedWorker(id: string, { slots, secondsAgo }: { slots: number; secondsAgo: number }) {
	await prisma.jobWorker.create({ data: { id, host: 'host', pid: 1, slots, seenAt: new Date(Date.now() - secondsAgo * 1000) } })
}

describe('/healthz with the conversion queue', () => {
	test('an empty site: 200, no worker, nothing waiting (not an alert)', async () => {
		const outcome = await callHealthz()
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Cache-Control')).toBe('no-store')
		expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: { alive: 0, slots: 0 }, queue: { waiting: 0, running: 0 } })
	})

	test('workers alive (a heartbeat within 20 s) and their slots; jobs held or queued are waiting', async () => {
		await seedWorker('fresh-a', { slots: 3, secondsAgo: 2 })
		await seedWorker('fresh-b', { slots: 1, secondsAgo: 15 })
		await seedWorker('stale', { slots: 8, secondsAgo: 60 })
		for (const state of ['held', 'queued', 'queued', 'running', 'completed', 'failed', 'cancelled']) await seedJob(state)
		const outcome = await callHealthz()
		expect(outcome.status).toBe(200)
		expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: { alive: 2, slots: 4 }, queue: { waiting: 3, running: 1 } })
	})

	test('jobs waiting and no worker alive: "workers": "none", still 200', async () => {
		await seedWorker('stale', { slots: 2, secondsAgo: 60 })
		await seedJob('queued')
		const outcome = await callHealthz()
		expect(outcome.status).toBe(200)
		expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: 'none', queue: { waiting: 1, running: 0 } })
		// A worker comes: the alert clears.
		await seedWorker('fresh', { slots: 2, secondsAgo: 0 })
		expect((await callHealthz()).body).toMatchObject({ workers: { alive: 1, slots: 2 }, queue: { waiting: 1, running: 0 } })
	})

	test('the queue query fails (its table is gone) while the database answers: 200 with "workers": "unknown"', async () => {
		const logged = allowConsoleError()
		await prisma.$executeRawUnsafe('ALTER TABLE "JobWorker" RENAME TO "JobWorker_away"')
		try {
			const outcome = await callHealthz()
			expect(outcome.status).toBe(200)
			expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: 'unknown', queue: 'unknown' })
			expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^healthz: queue figures unavailable: /))
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "JobWorker_away" RENAME TO "JobWorker"')
		}
		expect((await callHealthz()).body).toMatchObject({ workers: { alive: 0, slots: 0 } })
	})

	// On PGlite one open transaction holds the whole database (its multiplexer keeps a
	// transaction's statements together), so only a server can block the queue's tables alone.
	test.skipIf(isEmbeddedDatabase())('the queue query blocked by a lock: 200 with "workers": "unknown" within the budget, not a hang', async () => {
		const logged = allowConsoleError()
		const blocker = new pg.Client({ connectionString: databaseUrl() })
		await blocker.connect()
		try {
			await blocker.query('BEGIN')
			await blocker.query('LOCK TABLE "Job" IN ACCESS EXCLUSIVE MODE')
			const outcome = await callHealthz()
			expect(outcome.status).toBe(200)
			expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: 'unknown', queue: 'unknown' })
			expect(logged).toHaveBeenCalledWith('healthz: queue figures unavailable: no answer within 2000 ms')
		} finally {
			await blocker.query('ROLLBACK').catch(() => {})
			await blocker.end()
		}
	})

	// Last: this starts the test process's job runner (tests/setup/setup-env.ts, two slots), which stays alive.
	test('after a real conversion: the runner is a worker alive with its two slots, nothing waiting', async () => {
		await convertOnServer({ markdown: '# Health', options: {}, images: [], via: 'api' })
		const outcome = await callHealthz()
		expect(outcome.status).toBe(200)
		expect(outcome.body).toEqual({ status: 'ok', database: 'ok', workers: { alive: 1, slots: 2 }, queue: { waiting: 0, running: 0 } })
	})
})
