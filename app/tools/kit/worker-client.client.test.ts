import { describe, expect, test } from 'vitest'
import { createWorkerClient, isAbort } from './worker-client.client.ts'

/**
 * A stand-in for a browser Worker (Node has none): it records what it was
 * posted and answers only when the test says so, so which job is under way
 * when a newer one arrives is decided by the test, not by timing.
 */
class FakeWorker extends EventTarget {
	posted: Array<{ id: number; [key: string]: unknown }> = []
	terminated = false
	postMessage(message: { id: number }) {
		this.posted.push(message)
	}
	terminate() {
		this.terminated = true
	}
	answer(id: number, result: unknown) {
		this.dispatchEvent(new MessageEvent('message', { data: { id, ok: true, result } }))
	}
}

function clientWithFakes() {
	const workers: Array<FakeWorker> = []
	const client = createWorkerClient<{ job: string }, string, { warm: string }>(() => {
		const worker = new FakeWorker()
		workers.push(worker)
		return worker as unknown as Worker
	})
	return { client, workers }
}

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error)

describe('worker client: the generation of its worker', () => {
	test('counts the workers started: a kept worker keeps it, a stopped one (superseded large job, cancel) moves it on', async () => {
		const { client, workers } = clientWithFakes()
		expect(client.generation()).toBe(0)

		const first = client.run({ job: 'small' }, { stopWhenSuperseded: false })
		expect(client.generation()).toBe(1)
		// A small job superseded is left to finish in the same worker: what it loaded stays.
		const second = client.run({ job: 'large' })
		expect(isAbort(await rejection(first))).toBe(true)
		expect(workers[0]!.terminated).toBe(false)
		expect(client.generation()).toBe(1)

		// A large job superseded stops its worker; the next run starts another.
		const third = client.run({ job: 'next' })
		expect(isAbort(await rejection(second))).toBe(true)
		expect(workers[0]!.terminated).toBe(true)
		expect(workers).toHaveLength(2)
		expect(client.generation()).toBe(2)
		workers[1]!.answer(workers[1]!.posted.at(-1)!.id, 'done')
		await expect(third).resolves.toBe('done')

		// A finished run keeps its worker for the next.
		const fourth = client.run({ job: 'again' })
		expect(client.generation()).toBe(2)
		client.cancel()
		expect(isAbort(await rejection(fourth))).toBe(true)
		expect(workers[1]!.terminated).toBe(true)
		void client.run({ job: 'after cancel' }, { stopWhenSuperseded: false })
		expect(client.generation()).toBe(3)
	})

	test('a prepare answered counts for its own worker; one whose worker is stopped rejects (AbortError)', async () => {
		const { client, workers } = clientWithFakes()
		const warmed = client.prepare({ warm: 'css' })
		expect(client.generation()).toBe(1)
		workers[0]!.answer(workers[0]!.posted[0]!.id, undefined)
		await expect(warmed).resolves.toBeUndefined()

		const again = client.prepare({ warm: 'javascript' })
		const large = client.run({ job: 'large' })
		client.cancel()
		expect(isAbort(await rejection(large))).toBe(true)
		expect(isAbort(await rejection(again))).toBe(true)
		// The engines it had loaded went with it: the next worker is a new generation.
		void client.prepare({ warm: 'css' })
		expect(client.generation()).toBe(2)
	})
})
