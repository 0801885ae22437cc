/**
 * A runner that is stopping (a worker's or web server's SIGTERM: a restart)
 * must hand back the jobs it still gets, not fail them: README "Job workers"
 * says the jobs of a stopped worker run again elsewhere.
 *
 * The moment: JobRunner.stop() turns its pg-boss work loops off and closes
 * its process pool, but pg-boss's offWork() neither waits for nor cancels a
 * fetch already sent (node_modules/pg-boss/src/worker.js: the loop hands
 * what that fetch returns to the handler, runOne). Here that fetch is made
 * by hand, and its job given to the stopped runner as pg-boss would (failed
 * in the queue when the handler throws), so the moment is certain, not raced.
 */
import { afterAll, expect, test } from 'vitest'
import { ensureJobRunner, stopJobRunner } from '#app/jobs/local.server.ts'
import { findJob, waitForJob } from '#app/jobs/jobs.server.ts'
import { getBoss, QUEUE } from '#app/jobs/queue.server.ts'
import { submitPdfJob } from '#app/tools/pdf-converter/convert.server.ts'
import { qpdfPageCount } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { readStoredFile, storedFileBody } from '#app/files/files.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'

afterAll(settleRunRecords)

type BossJob = { id: string; data: object }

test('a job a stopping runner still receives goes back to the queue (not failed: "The server is shutting down"), and runs on the next runner', async () => {
	const owner = { userId: null, ownerKey: `ip:test-stopping-${Math.random().toString(36).slice(2)}` }
	// The runner is up, then stopped as SIGTERM stops it: no loop fetches any more, the pool is closed.
	const stopping = (await ensureJobRunner())!
	await stopping.stop()
	const { job } = await submitPdfJob({ operation: 'rotate', files: [{ name: 'in.pdf', data: await textPdf({ pages: 2 }) }], options: { angle: 90 }, via: 'api', owner })
	expect((await findJob(job.id))?.state).toBe('queued')

	// The fetch that was in flight when stop() ran: pg-boss hands its job to the handler.
	const boss = await getBoss()
	const [fetched] = (await boss.fetch(QUEUE)) as Array<BossJob>
	expect(fetched?.data).toEqual({ jobId: job.id })
	const handler = (stopping as unknown as { runOne(job: BossJob): Promise<void> }).runOne.bind(stopping)
	await handler(fetched!).then(
		() => boss.complete(QUEUE, fetched!.id),
		(error: unknown) => boss.fail(QUEUE, fetched!.id, { message: error instanceof Error ? error.message : String(error) }),
	)

	// Handed back: waiting for another runner, with nothing said to its owner as a failure.
	const after = await findJob(job.id)
	expect({ state: after?.state, error: after?.error }).toEqual({ state: 'queued', error: null })
	expect((await boss.getJobById(QUEUE, fetched!.id))?.state).toBe('retry')

	// The next runner (this process's, started again) runs it; its result is stored once.
	await stopJobRunner()
	await ensureJobRunner()
	let done = await waitForJob(job.id, { waitMs: 60_000 })
	while (done && !['completed', 'failed', 'cancelled'].includes(done.state)) done = await waitForJob(job.id, { waitMs: 60_000 })
	expect(done).toMatchObject({ state: 'completed', attempts: 2 })
	const results = await prisma.storedFile.findMany({ where: { ownerKey: owner.ownerKey, tool: 'pdf-converter' } })
	expect(results).toHaveLength(1)
	const file = (await readStoredFile(results[0]!.id))!
	expect(qpdfPageCount(new Uint8Array(await new Response(storedFileBody(file)).arrayBuffer()))).toBe(2)
})
