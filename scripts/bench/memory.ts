/**
 * The server's memory and start-up (issue 17, target 5): `npm start`'s
 * production server with the embedded database, started on an empty data
 * directory (initdb and the migrations), stopped, then started again on the
 * data it made. For each start: the time to a healthy /healthz, and the
 * resident set once idle (5 s after it is healthy), against a bare Node
 * process (`node -e` with a timer) as the floor every Node server pays.
 * Targets: ≤ 250 MB idle and ≤ 2 s to start with an existing data directory.
 *
 * Run alone: npx tsx scripts/bench/memory.ts
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type BenchRow } from './rows.ts'
import { loadAverage, megabytes, rssKB, seconds, startServer } from './server.ts'

const SECTION = 'Memory and start-up'

async function bareNodeKB(): Promise<number> {
	const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
	await new Promise((resolve) => setTimeout(resolve, 1000))
	const kb = rssKB(child.pid!)
	child.kill('SIGTERM')
	return kb
}

export async function run(): Promise<Array<BenchRow>> {
	const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolsite-bench-memory-'))
	const rows: Array<BenchRow> = []
	try {
		const floor = await bareNodeKB()
		for (const which of ['empty data directory', 'existing data directory'] as const) {
			const started = performance.now()
			const server = await startServer(dataDir)
			const ms = performance.now() - started
			await new Promise((resolve) => setTimeout(resolve, 5000))
			const idle = rssKB(server.child.pid!)
			await server.stop()
			console.log(`${which}: healthy after ${seconds(ms)}, ${megabytes(idle)} resident when idle (bare node: ${megabytes(floor)}) [load ${loadAverage()}]`)
			rows.push({
				section: SECTION,
				measure: `start, ${which}`,
				ours: seconds(ms),
				reference: '-',
				ratio: null,
				target: which === 'existing data directory' ? '≤ 2 s' : '-',
				met: which === 'existing data directory' ? ms <= 2000 : null,
			})
			rows.push({
				section: SECTION,
				measure: `idle RSS, ${which}`,
				ours: megabytes(idle),
				reference: `${megabytes(floor)} (bare node)`,
				ratio: idle / floor,
				target: '≤ 250 MB',
				met: idle <= 250 * 1024,
			})
		}
	} finally {
		await rm(dataDir, { recursive: true, force: true })
	}
	return rows
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await run())
