/**
 * Conversions as durable jobs (issue 30), on the real database (PGlite here,
 * PostgreSQL in CI's second run), with real job processes: the memory and
 * time kills, fairness between owners, the owner's limit, cancelling, a job
 * process killed mid-job, and the API's 202, status, progress stream and
 * cancel. No clocks: every check is an order, a state or a count.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureJobRunner } from '#app/jobs/local.server.ts'
import { cancelJob, findJob, MAX_RUNNING_PER_OWNER, MAX_WAITING_PER_OWNER, submitJob, waitForJob, type JobRow } from '#app/jobs/jobs.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { runPdfOperation, submitPdfJob } from '#app/tools/pdf-converter/convert.server.ts'
import { qpdfPageCount } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type AppError } from '#app/utils/errors.ts'
import * as uploadRoute from '#app/routes/api.convert.upload.ts'
import * as jobRoute from '#app/routes/api.jobs.$id.ts'
import { allowConsoleError } from '#tests/setup/console-error.ts'
import { callRoute } from '#tests/setup/routes.ts'

const bomb = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/bombs/${name}`, import.meta.url)))
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError)
const owner = (name: string) => ({ userId: null, ownerKey: `ip:test-${name}-${Math.random().toString(36).slice(2)}` })

async function ended(id: string): Promise<JobRow> {
	for (;;) {
		const row = await waitForJob(id, { waitMs: 30_000 })
		if (row && ['completed', 'failed', 'cancelled'].includes(row.state)) return row
	}
}

async function until<T>(read: () => Promise<T | null | undefined | false>): Promise<T> {
	for (;;) {
		const value = await read()
		if (value) return value
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

let slowPdf: Uint8Array
beforeAll(async () => {
	slowPdf = await textPdf({ pages: 80 })
	await ensureJobRunner()
})
afterAll(settleRunRecords)

describe('limits enforced by the operating system', () => {
	test('the 2 KB flate bomb is refused as too large once decompressed, and this process does not grow', async () => {
		const data = bomb('flate-bomb.pdf')
		expect(data.byteLength).toBeLessThan(4096)
		// Measured from a warm process (the first job loads the converter's code here).
		await runPdfOperation({ operation: 'pdf-to-text', files: [{ name: 'warm.pdf', data: await textPdf({ pages: 2 }) }], via: 'api' })
		const before = process.memoryUsage().rss
		for (const operation of ['pdf-to-text', 'pdf-to-images'] as const) {
			const error = await failure(runPdfOperation({ operation, files: [{ name: 'bomb.pdf', data }], via: 'api' }))
			expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/too large once decompressed/), details: { reason: 'memory' } })
		}
		// The decoded gigabyte lived in the job process, which is gone: here, nothing held (±50 MB).
		expect(Math.abs(process.memoryUsage().rss - before)).toBeLessThan(50 * 1024 * 1024)
		// And the runner goes on with a fresh process.
		const out = await runPdfOperation({ operation: 'rotate', files: [{ name: 'ok.pdf', data: await textPdf({ pages: 2 }) }], options: { angle: 90 }, via: 'api' })
		expect(qpdfPageCount(out.data)).toBe(2)
	})

	test('the object-stream bomb (read by pdf-lib as it loads) is refused the same way', async () => {
		const error = await failure(runPdfOperation({ operation: 'rotate', files: [{ name: 'bomb.pdf', data: bomb('objstm-bomb.pdf') }], options: { angle: 90 }, via: 'api' }))
		expect(error).toMatchObject({ status: 422, details: { reason: 'memory' } })
	})

	test('a job past its time limit is a 422 saying so, and the failure is recorded on the job', async () => {
		const { job } = await submitPdfJob({ operation: 'pdf-to-images', files: [{ name: 'slow.pdf', data: slowPdf }], options: { dpi: 36 }, via: 'api', owner: owner('slow'), timeoutMs: 50 })
		const done = await ended(job.id)
		expect(done.state).toBe('failed')
		expect(done.error).toMatchObject({ status: 422, body: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/took longer than/), details: { reason: 'timeout' } } })
		// The inputs are gone with the job, and so is its sealed password slot.
		expect(await prisma.storedFile.count({ where: { id: { in: job.inputFileIds } } })).toBe(0)
	})
})

describe('a fair share', () => {
	test("one owner's ten jobs never stand before another owner's first, and at most two of them are in the queue", async () => {
		const a = owner('a')
		const b = owner('b')
		const file = { name: 'a.pdf', data: await textPdf({ pages: 3 }) }
		const aJobs: Array<JobRow> = []
		for (let index = 0; index < 10; index++) aJobs.push((await submitPdfJob({ operation: 'rotate', files: [file], options: { angle: 90 }, via: 'api', owner: a })).job)
		const admitted = await prisma.job.count({ where: { ownerKey: a.ownerKey, state: { in: ['queued', 'running'] } } })
		expect(admitted).toBeLessThanOrEqual(MAX_RUNNING_PER_OWNER)
		const { job: bJob } = await submitPdfJob({ operation: 'rotate', files: [file], options: { angle: 90 }, via: 'api', owner: b })
		const all = await Promise.all([...aJobs, bJob].map((job) => ended(job.id)))
		expect(all.every((job) => job.state === 'completed')).toBe(true)
		const bStarted = all.at(-1)!.startedAt!.getTime()
		const aStarts = all.slice(0, 10).map((job) => job.startedAt!.getTime()).sort((x, y) => x - y)
		// B's job started no later than A's third: A's backlog did not delay it.
		expect(bStarted).toBeLessThanOrEqual(aStarts[2]!)
	})

	test("beyond the owner's open jobs, a new one is a 429 with Retry-After", async () => {
		const c = owner('c')
		const file = { name: 'a.pdf', data: await textPdf({ pages: 1 }) }
		const jobs: Array<JobRow> = []
		for (let index = 0; index < MAX_RUNNING_PER_OWNER + MAX_WAITING_PER_OWNER; index++) {
			jobs.push((await submitPdfJob({ operation: 'pdf-to-images', files: [{ name: 'slow.pdf', data: slowPdf }], options: { dpi: 36 }, via: 'api', owner: c })).job)
		}
		const refused = await failure(submitPdfJob({ operation: 'rotate', files: [file], options: { angle: 90 }, via: 'api', owner: c }))
		expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: expect.any(Number) })
		// Cancelled, they make room again (and free the workers for the tests after).
		for (const job of jobs) await cancelJob((await findJob(job.id))!)
		expect(await prisma.job.count({ where: { ownerKey: c.ownerKey, state: 'cancelled' } })).toBe(jobs.length)
		const { job } = await submitPdfJob({ operation: 'rotate', files: [file], options: { angle: 90 }, via: 'api', owner: c })
		expect((await ended(job.id)).state).toBe('completed')
	})
})

describe('nothing lost', () => {
	test('a job process killed with kill -9 mid-job: the job runs again on a fresh process, and its result is stored once', async () => {
		const d = owner('d')
		const { job } = await submitPdfJob({ operation: 'pdf-to-images', files: [{ name: 'slow.pdf', data: slowPdf }], options: { dpi: 36 }, via: 'api', owner: d })
		const runner = (await ensureJobRunner())!
		await until(async () => (await findJob(job.id))?.state === 'running' && runner.pool.stats.busyPids.length > 0)
		for (const pid of runner.pool.stats.busyPids) process.kill(pid, 'SIGKILL')
		const done = await ended(job.id)
		expect(done).toMatchObject({ state: 'completed', attempts: 2 })
		expect(await prisma.storedFile.count({ where: { ownerKey: d.ownerKey, tool: 'pdf-converter' } })).toBe(1)
	})

	test('a cancelled running job stops, and the next one runs', async () => {
		const e = owner('e')
		const { job } = await submitPdfJob({ operation: 'pdf-to-images', files: [{ name: 'slow.pdf', data: slowPdf }], options: { dpi: 72 }, via: 'api', owner: e })
		await until(async () => (await findJob(job.id))?.state === 'running')
		expect(await cancelJob((await findJob(job.id))!)).toBe(true)
		const done = await ended(job.id)
		expect(done).toMatchObject({ state: 'cancelled', error: { status: 499 } })
		expect(await prisma.storedFile.count({ where: { ownerKey: e.ownerKey, tool: 'pdf-converter' } })).toBe(0)
		const next = await runPdfOperation({ operation: 'rotate', files: [{ name: 'ok.pdf', data: await textPdf({ pages: 1 }) }], options: { angle: 90 }, via: 'api' })
		expect(qpdfPageCount(next.data)).toBe(1)
	})

	test('an unknown kind fails with a clear message instead of vanishing', async () => {
		allowConsoleError()
		const { job } = await submitJob({ kind: 'no-such-kind', owner: owner('f'), input: {}, files: [], via: 'api' })
		const done = await ended(job.id)
		expect(done).toMatchObject({ state: 'failed', error: { status: 500, body: { code: 'INTERNAL_ERROR' } } })
	})
})

describe('the API', () => {
	function upload(fields: Record<string, string>, data: Uint8Array, headers: Record<string, string> = {}) {
		const form = new FormData()
		for (const [name, value] of Object.entries(fields)) form.set(name, value)
		form.set('files', new File([data as BlobPart], 'scan.pdf', { type: 'application/pdf' }))
		return new Request('http://localhost/api/convert/upload', { method: 'POST', body: form, headers })
	}

	test('Prefer: respond-async answers 202 with the job; its owner reads it, streams it and downloads the result; others get 404', async () => {
		const data = await textPdf({ pages: 2 })
		const accepted = await callRoute(uploadRoute.action, upload({ operation: 'rotate', angle: '90' }, data, { Prefer: 'respond-async' }), {}, { clientIp: '198.51.100.7' })
		expect(accepted.status).toBe(202)
		expect(accepted.headers.get('Location')).toBe(`/api/jobs/${accepted.body.id}`)
		expect(accepted.headers.get('Preference-Applied')).toBe('respond-async')
		expect(accepted.body).toMatchObject({ state: expect.stringMatching(/^(queued|running|completed)$/), deleteToken: expect.any(String), progress: expect.any(Object) })
		const { id, deleteToken } = accepted.body as { id: string; deleteToken: string }

		const stranger = await callRoute(jobRoute.loader, new Request(`http://localhost/api/jobs/${id}`), { id })
		expect(stranger.status).toBe(404)
		const wrongToken = await callRoute(jobRoute.loader, new Request(`http://localhost/api/jobs/${id}`, { headers: { 'X-Delete-Token': 'x'.repeat(43) } }), { id })
		expect(wrongToken.status).toBe(404)

		const stream = await callRoute(jobRoute.loader, new Request(`http://localhost/api/jobs/${id}`, { headers: { 'X-Delete-Token': deleteToken, Accept: 'application/x-ndjson' } }), { id })
		const lines = (stream.body as string).trim().split('\n').map((line) => JSON.parse(line) as { type: string; status?: number; body?: { downloadUrl: string; pageCount: number } })
		expect(lines[0]!.type).toBe('progress')
		expect(lines.at(-1)).toMatchObject({ type: 'result', status: 201, body: { pageCount: 2, downloadUrl: expect.stringMatching(/^\/api\/pdf\//) } })

		const status = await callRoute(jobRoute.loader, new Request(`http://localhost/api/jobs/${id}?token=${deleteToken}`), { id })
		expect(status.body).toMatchObject({ id, state: 'completed', position: 0, result: { pageCount: 2, fileName: 'scan-rotated-90.pdf' } })
		// Ended: nothing to cancel.
		const late = await callRoute(jobRoute.action, new Request(`http://localhost/api/jobs/${id}`, { method: 'DELETE', headers: { 'X-Delete-Token': deleteToken } }), { id })
		expect(late.status).toBe(409)
	})

	test('a bad option is a 400 at once, never a 202 for a job bound to fail', async () => {
		const refused = await callRoute(uploadRoute.action, upload({ operation: 'rotate' }, await textPdf({ pages: 1 }), { Prefer: 'respond-async' }), {}, { clientIp: '198.51.100.10' })
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { angle: expect.any(String) } } })
	})

	test('within the wait, the upload answers its 201 as it always has; DELETE cancels a job still waiting', async () => {
		const data = await textPdf({ pages: 1 })
		const created = await callRoute(uploadRoute.action, upload({ operation: 'rotate', angle: '90' }, data, { Prefer: 'wait=60' }), {}, { clientIp: '198.51.100.8' })
		expect(created.status).toBe(201)
		expect(created.body).toMatchObject({ pageCount: 1, downloadUrl: expect.stringMatching(/^\/api\/pdf\//), deleteToken: expect.any(String) })

		// Two slow jobs fill this owner's share; a third waits (held) and is cancelled there.
		const ip = '198.51.100.9'
		const slow = () => callRoute(uploadRoute.action, upload({ operation: 'pdf-to-images', dpi: '36' }, slowPdf, { Prefer: 'respond-async' }), {}, { clientIp: ip })
		const first = await slow()
		const second = await slow()
		const third = await slow()
		expect(third.status).toBe(202)
		const id = third.body.id as string
		const cancelled = await callRoute(jobRoute.action, new Request(`http://localhost/api/jobs/${id}`, { method: 'DELETE', headers: { 'X-Delete-Token': third.body.deleteToken } }), { id })
		expect(cancelled.status).toBe(204)
		expect((await findJob(id))!.state).toBe('cancelled')
		for (const each of [first, second]) await cancelJob((await findJob(each.body.id as string))!)
	})
})
