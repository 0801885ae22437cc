/**
 * Two moments at the edge of a runner's life, made certain rather than raced
 * (a fetch from pg-boss made by hand stands for a runner's work loop):
 *
 * A runner that is stopping (a worker's or web server's SIGTERM: a restart)
 * must hand back the jobs it still gets, not fail them: README "Job workers"
 * says the jobs of a stopped worker run again elsewhere.
 *
 * The moment: JobRunner.stop() turns its pg-boss work loops off and closes
 * its process pool, but pg-boss's offWork() neither waits for nor cancels a
 * fetch already sent (node_modules/pg-boss/src/worker.js: the loop hands
 * what that fetch returns to the handler, runOne). Here that fetch is made
 * by hand, and its job given to the stopped runner as pg-boss would (failed
 * in the queue when the handler throws).
 *
 * A runner killed (kill -9) just after its fetch, before runOne marked the
 * job running: the queue's copy is "active" and the row "queued"; the sweep
 * looks only at running rows, so nothing retries it until pg-boss expires it
 * (EXPIRE_SECONDS: 30 minutes).
 */
import { afterAll, expect, test } from 'vitest'
import { ensureJobRunner, stopJobRunner } from '#app/jobs/local.server.ts'
import { findJob, waitForJob, WORKER_ALIVE_MS } from '#app/jobs/jobs.server.ts'
import { getBoss, QUEUE } from '#app/jobs/queue.server.ts'
import { sweepJobs } from '#app/jobs/runner.server.ts'
import { submitPdfJob } from '#app/tools/pdf-converter/convert.server.ts'
import { qpdfPageCount } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { readStoredFile, storedFileBody } from '#app/files/files.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'

afterAll(settleRunRecords)

type BossJob = { id: string; data: object }

/**
 * Takes the job from the queue as a runner's fetch does. pg-boss hands out the
 * oldest first: a job an earlier file left in the queue (its row emptied since)
 * is failed back to it, so the next runner meets it again, as it would have.
 */
async function fetchFromQueue(jobId: string): Promise<BossJob> {
	const boss = await getBoss()
	for (;;) {
		const [fetched] = (await boss.fetch(QUEUE)) as Array<BossJob>
		if (!fetched) throw new Error(`The queue has no job ${jobId}`)
		if ((fetched.data as { jobId?: string }).jobId === jobId) return fetched
		await boss.fail(QUEUE, fetched.id, { reason: 'fetched by a test looking for another job' })
	}
}

async function ended(id: string) {
	let done = await waitForJob(id, { waitMs: 60_000 })
	while (done && !['completed', 'failed', 'cancelled'].includes(done.state)) done = await waitForJob(id, { waitMs: 60_000 })
	return done
}

test('a job a stopping runner still receives goes back to the queue (not failed: "The server is shutting down"), and runs on the next runner', async () => {
	const owner = { userId: null, ownerKey: `ip:test-stopping-${Math.random().toString(36).slice(2)}` }
	// The runner is up, then stopped as SIGTERM stops it: no loop fetches any more, the pool is closed.
	const stopping = (await ensureJobRunner())!
	await stopping.stop()
	const { job } = await submitPdfJob({ operation: 'rotate', files: [{ name: 'in.pdf', data: await textPdf({ pages: 2 }) }], options: { angle: 90 }, via: 'api', owner })
	expect((await findJob(job.id))?.state).toBe('queued')

	// The fetch that was in flight when stop() ran: pg-boss hands its job to the handler.
	const boss = await getBoss()
	const fetched = await fetchFromQueue(job.id)
	const handler = (stopping as unknown as { runOne(job: BossJob): Promise<void> }).runOne.bind(stopping)
	await handler(fetched).then(
		() => boss.complete(QUEUE, fetched.id),
		(error: unknown) => boss.fail(QUEUE, fetched.id, { message: error instanceof Error ? error.message : String(error) }),
	)

	// Handed back: waiting for another runner, with nothing said to its owner as a failure.
	const after = await findJob(job.id)
	expect({ state: after?.state, error: after?.error }).toEqual({ state: 'queued', error: null })
	expect((await boss.getJobById(QUEUE, fetched.id))?.state).toBe('retry')

	// The next runner (this process's, started again) runs it; its result is stored once.
	await stopJobRunner()
	await ensureJobRunner()
	const done = await ended(job.id)
	expect(done).toMatchObject({ state: 'completed', attempts: 2 })
	const results = await prisma.storedFile.findMany({ where: { ownerKey: owner.ownerKey, tool: 'pdf-converter' } })
	expect(results).toHaveLength(1)
	const file = (await readStoredFile(results[0]!.id))!
	expect(qpdfPageCount(new Uint8Array(await new Response(storedFileBody(file)).arrayBuffer()))).toBe(2)
})

test('a job whose runner died right after taking it from the queue (before marking it running) is put back by the sweep', async () => {
	const owner = { userId: null, ownerKey: `ip:test-taken-${Math.random().toString(36).slice(2)}` }
	// No runner fetches here: the fetch below is the one the dead runner made.
	await (await ensureJobRunner())!.stop()
	const { job } = await submitPdfJob({ operation: 'rotate', files: [{ name: 'in.pdf', data: await textPdf({ pages: 1 }) }], options: { angle: 90 }, via: 'api', owner })
	const boss = await getBoss()
	const taken = await fetchFromQueue(job.id)
	expect((await findJob(job.id))?.state).toBe('queued')

	// A sweep once that runner would be taken for dead (a clock moved on, rather than waited for).
	await sweepJobs(new Date(Date.now() + WORKER_ALIVE_MS + 10_000))
	expect((await boss.getJobById(QUEUE, taken.id))?.state).toBe('retry')

	await stopJobRunner()
	await ensureJobRunner()
	expect(await ended(job.id)).toMatchObject({ state: 'completed' })
	expect(await prisma.storedFile.count({ where: { ownerKey: owner.ownerKey, tool: 'pdf-converter' } })).toBe(1)
})
