/**
 * Hostile request bodies against the server's event loop (issue 11; issue 29
 * item 28 moved this figure out of server/adapter.test.ts, since a test must
 * not depend on the machine's speed). The adapter's fixture server
 * (tests/fixtures/adapter-server.ts, the real Express app) runs as a child
 * process; each body of tests/fixtures/hostile-bodies.ts is posted once to
 * warm up, then once measured. The child reports its worst event-loop stall
 * during the request: how late its 10 ms timer ran, counting only the CPU it
 * used meanwhile ("of work"; the time a busy machine did not run it at all is
 * not its doing), and late by the wall clock alone. Target: under 100 ms of work.
 *
 * Run alone: npx tsx scripts/bench/event-loop.ts
 */
import type { ChildProcess } from 'node:child_process'
import { startFixtureServer } from '../../tests/fixtures/fixture-server.ts'
import { hostileBodies } from '../../tests/fixtures/hostile-bodies.ts'
import { runWhenAlone, type BenchRow } from './rows.ts'
import { loadAverage } from './server.ts'

const TARGET_MS = 100

function worstStall(child: ChildProcess): Promise<{ worstStallMs: number; worstLateMs: number }> {
	return new Promise((resolve) => {
		child.once('message', (message) => resolve(message as { worstStallMs: number; worstLateMs: number }))
		child.send('stall')
	})
}

export async function run(): Promise<Array<BenchRow>> {
	const { child, port } = await startFixtureServer('tests/fixtures/adapter-server.ts')
	const rows: Array<BenchRow> = []
	try {
		console.log(`load average ${loadAverage()}`)
		for (const [name, pathname, type, make] of hostileBodies) {
			const body = new Uint8Array(make())
			const post = async () => {
				const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { method: 'POST', body, headers: { 'Content-Type': type } })
				await response.arrayBuffer()
				return response.status
			}
			// Once first: a fresh process's first 30 MB buffers cost page faults and compilation, once.
			await post()
			await worstStall(child)
			const status = await post()
			const stall = await worstStall(child)
			console.log(`${name}: ${status}; worst stall ${stall.worstStallMs.toFixed(1)} ms of work, ${stall.worstLateMs.toFixed(1)} ms late by the clock`)
			rows.push({
				section: 'Event loop',
				measure: `${name} (${status})`,
				ours: `${stall.worstStallMs.toFixed(1)} ms of work`,
				reference: `${stall.worstLateMs.toFixed(1)} ms late by the clock`,
				ratio: null,
				target: `< ${TARGET_MS} ms of work`,
				met: stall.worstStallMs < TARGET_MS,
			})
		}
	} finally {
		child.kill('SIGKILL')
	}
	return rows
}

await runWhenAlone(import.meta.url, run)
