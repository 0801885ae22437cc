/**
 * The worker pool (DESIGN.md decision 7): time and memory limits per job, a
 * bounded queue, cancellation, and a process that keeps serving while a job
 * loops forever or allocates without bound.
 */
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { deserializeJobError, type SerializedJobError } from './tasks.ts'
import { AppError } from '#app/utils/errors.ts'
import { JobFailure, WorkerPool, type WorkerPoolOptions } from '#app/jobs/worker-pool.server.ts'

const pools: Array<WorkerPool> = []

function createPool(options: Partial<WorkerPoolOptions> = {}): WorkerPool {
	const pool = new WorkerPool({
		file: new URL('../../server/workers/tsx-worker.mjs', import.meta.url),
		workerData: { entry: new URL('../../tests/fixtures/workers/hostile-worker.ts', import.meta.url).href },
		size: 2,
		maxQueue: 4,
		timeoutMs: 2_000,
		// As the site's pool (pool.server.ts): loading tsx and the worker's code has a limit of its own, so the
		// job's limit counts from the worker's "started". Counted from the post, a loaded CI machine once spent
		// the 2 s loading, and the worker was ended in the middle of a module import (which took the test
		// process down with it).
		startupMs: 60_000,
		maxMemoryMb: 64,
		toError: (error) => (error ? deserializeJobError(error as SerializedJobError) : null),
		...options,
	})
	pools.push(pool)
	return pool
}

afterEach(async () => {
	await Promise.all(pools.splice(0).map((pool) => pool.close()))
})

async function rejection(promise: Promise<unknown>): Promise<AppError> {
	const error = await promise.then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

describe('worker pool', () => {
	test('with startupMs, the time limit counts from the worker\'s "started", not from the post; loading has its own limit (503)', async () => {
		const pool = createPool({ timeoutMs: 1_000, startupMs: 20_000 })
		// 1.5 s of loading, then 0.2 s of work: within a 1 s limit that starts after the loading.
		expect(await pool.run({ kind: 'load-then-sleep', loadMs: 1_500, ms: 200 })).toBe('loaded and slept')
		// The work itself is still held to the limit.
		const slow = await rejection(pool.run({ kind: 'load-then-sleep', loadMs: 10, ms: 5_000 }))
		expect(slow.status).toBe(422)
		const stuck = await rejection(createPool({ timeoutMs: 1_000, startupMs: 500 }).run({ kind: 'load-forever' }))
		expect(stuck.status).toBe(503)
		expect(stuck.code).toBe('SERVICE_UNAVAILABLE')
	})

	test('runs jobs and returns their results', async () => {
		const pool = createPool()
		const results = await Promise.all([1, 2, 3, 4, 5].map((value) => pool.run({ kind: 'echo', value })))
		expect(results).toEqual([1, 2, 3, 4, 5])
	})

	test('an input error reported by the worker comes back as that AppError', async () => {
		const pool = createPool()
		const error = await rejection(pool.run({ kind: 'bad-input' }))
		expect(error.status).toBe(400)
		expect(error.message).toBe('Bad input at line 2')
		expect(error.details).toEqual({ line: 2, column: 3 })
	})

	test('an endless loop is stopped at the time limit (422) while other jobs and the event loop go on', async () => {
		// The limit counts from the loop's "started", as in the site's pool: counted from the post, a loaded CI
		// machine once spent the 1.5 s starting the other worker, and an echo job was the one stopped.
		const pool = createPool({ timeoutMs: 1_500 })
		const looping = rejection(pool.run({ kind: 'loop' }))
		// The other worker keeps serving jobs meanwhile…
		for (let i = 0; i < 5; i++) expect(await pool.run({ kind: 'echo', value: i })).toBe(i)
		// …and this thread keeps serving requests.
		const server = http.createServer((_, response) => response.end('ok'))
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo
		const answered = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text())
		server.close()
		expect(answered).toBe('ok')

		const error = await looping
		expect(error).toBeInstanceOf(JobFailure)
		expect((error as JobFailure).kind).toBe('timeout')
		expect(error.status).toBe(422)
		expect(error.message).toMatch(/took too long to process \(limit 1.5 seconds\)/)
		// The worker was replaced: the pool still has its full strength.
		const after = await Promise.all([pool.run({ kind: 'echo', value: 'a' }), pool.run({ kind: 'echo', value: 'b' })])
		expect(after).toEqual(['a', 'b'])
	})

	test('without startupMs, the time limit counts from the post: a job that never reports "started" is stopped (422)', async () => {
		const pool = createPool({ timeoutMs: 300, startupMs: undefined })
		const error = await rejection(pool.run({ kind: 'load-forever' }))
		expect((error as JobFailure).kind).toBe('timeout')
		expect(error.status).toBe(422)
	})

	test('a job allocating without bound is stopped at the memory limit (422), the process survives', async () => {
		const pool = createPool({ maxMemoryMb: 48, timeoutMs: 20_000 })
		const before = process.memoryUsage().rss
		const error = await rejection(pool.run({ kind: 'allocate' }))
		expect((error as JobFailure).kind).toBe('memory')
		expect(error.status).toBe(422)
		expect(error.message).toMatch(/more memory than one job may use \(limit 48 MB\)/)
		expect(await pool.run({ kind: 'echo', value: 'still here' })).toBe('still here')
		// The main process did not take on the worker's heap.
		expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
	})

	test('a full queue refuses at once with 503 and Retry-After', async () => {
		const pool = createPool({ size: 1, maxQueue: 2 })
		const running = pool.run({ kind: 'sleep', ms: 300 })
		const queued = [pool.run({ kind: 'echo', value: 1 }), pool.run({ kind: 'echo', value: 2 })]
		const refused = await rejection(pool.run({ kind: 'echo', value: 3 }))
		expect(refused.status).toBe(503)
		expect(refused.code).toBe('SERVICE_UNAVAILABLE')
		expect(refused.retryAfter).toBeGreaterThanOrEqual(1)
		expect(await running).toBe('slept')
		expect(await Promise.all(queued)).toEqual([1, 2])
		expect(pool.stats.queued).toBe(0)
	})

	test('a cancelled request leaves the queue, or frees its worker when running', async () => {
		const pool = createPool({ size: 1, maxQueue: 4, timeoutMs: 60_000 })
		const running = new AbortController()
		const loop = rejection(pool.run({ kind: 'loop' }, { signal: running.signal }))
		const waiting = new AbortController()
		const queued = rejection(pool.run({ kind: 'echo', value: 'never' }, { signal: waiting.signal }))
		waiting.abort()
		expect(((await queued) as JobFailure).kind).toBe('aborted')
		running.abort()
		expect(((await loop) as JobFailure).kind).toBe('aborted')
		// The looping worker was terminated, so the single slot serves again.
		expect(await pool.run({ kind: 'echo', value: 'next' })).toBe('next')
	})

	test('a crashing worker fails its job with a generic 500 and is replaced', async () => {
		const pool = createPool({ size: 1 })
		const error = await rejection(pool.run({ kind: 'crash' }))
		expect(error.status).toBe(500)
		expect(error.message).toBe('Internal server error')
		expect(await pool.run({ kind: 'echo', value: 'ok' })).toBe('ok')
	})

	test('closing refuses queued jobs and stops the workers', async () => {
		const pool = createPool({ size: 1 })
		const running = rejection(pool.run({ kind: 'loop' }))
		const queued = rejection(pool.run({ kind: 'echo', value: 1 }))
		await pool.close()
		expect((await queued).status).toBe(503)
		expect((await running).status).toBe(503)
		expect((await rejection(pool.run({ kind: 'echo', value: 2 }))).status).toBe(503)
	})
})
