/**
 * Base64 in the browser, the way a visitor uses it: the production server,
 * Chromium, the Base64 page, and a 50 MB file of random bytes chosen in
 * "Encode a file". Timed from choosing the file to the page showing the
 * encoded size (the file worker reads the file, encodes it, posts the text
 * back, and the page renders its preview). Target: at least 100 MB/s, so a
 * 50 MB file is done in half a second.
 *
 * Two figures for our path:
 * - in the page: from the file input's change event to the result on
 *   screen (the page records it in `data-ms` on the result line);
 * - wall clock: from Playwright's setInputFiles call to the result seen by
 *   Playwright, which adds the automation's round trips.
 * Reference: the same 50 MB encoded in the page's main thread by
 * `Uint8Array.prototype.toBase64` (native; Chromium 140+) and by `btoa` on
 * chunks (the classic way). Each figure is the best of a few runs after a
 * warm-up. The page's result is checked against Node's Buffer.
 *
 * Needs the production build (`npm run build` runs when build/http-server.js
 * is missing) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium). The
 * server runs from a private copy of the build (so a rebuild in the working
 * tree cannot pull files from under it) with a temporary data directory,
 * both deleted afterwards.
 *
 * Playwright refuses setInputFiles buffers of 50 MB or more, so the file is
 * written to the temporary directory and chosen by its path (the browser
 * runs on this machine and reads it directly).
 *
 * Run alone: npx tsx scripts/bench/base64-browser.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { type BenchRow } from './rows.ts'

const SECTION = 'Base64 in the browser'
const SIZE = 50 * 1024 * 1024
const RUNS = 3
const TARGET_MB_S = 100
const HEALTH_TIMEOUT_MS = 90_000
const PAGE_PATH = '/tools/base64-encoder'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const megabytes = SIZE / (1024 * 1024)
const rate = (ms: number) => megabytes / (ms / 1000)
const format = (ms: number) => `${Math.round(rate(ms)).toLocaleString('en-US')} MB/s (${Math.round(ms)} ms)`

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			const port = typeof address === 'object' && address ? address.port : 0
			server.close(() => resolve(port))
		})
	})
}

async function waitForHealthy(url: string, child: ChildProcess): Promise<void> {
	const deadline = Date.now() + HEALTH_TIMEOUT_MS
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was healthy`)
		try {
			const response = await fetch(url)
			if (response.ok) return
		} catch {
			// Not listening yet.
		}
		await sleep(250)
	}
	throw new Error(`the server was not healthy after ${HEALTH_TIMEOUT_MS / 1000} s`)
}

async function stop(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	child.kill('SIGTERM')
	await exited
}

type Timed = { ms: number; length: number }
type Reference = { btoa: Timed; toBase64: Timed | null; userAgent: string }

/**
 * The reference, run in the page's main thread. A string, not a function:
 * tsx would add its `__name` helper to a function's inner functions, and the
 * page does not have it.
 */
const REFERENCE_SCRIPT = `({ size, runs }) => {
	const data = new Uint8Array(size)
	for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(data.subarray(offset, offset + 65536))
	const best = (work) => {
		let ms = Infinity
		let length = work().length // warm-up
		for (let run = 0; run < runs; run++) {
			const start = performance.now()
			length = work().length
			ms = Math.min(ms, performance.now() - start)
		}
		return { ms, length }
	}
	// btoa takes a "binary string": 3 × 8,192 bytes a chunk keeps each chunk's Base64 unpadded.
	const btoaChunks = () => {
		const parts = []
		const chunk = 3 * 8192
		for (let offset = 0; offset < data.length; offset += chunk) {
			parts.push(btoa(String.fromCharCode.apply(null, data.subarray(offset, offset + chunk))))
		}
		return parts.join('')
	}
	const native = Uint8Array.prototype.toBase64
	return {
		btoa: best(btoaChunks),
		toBase64: typeof native === 'function' ? best(() => native.call(data)) : null,
		userAgent: navigator.userAgent,
	}
}`

export async function run(): Promise<Array<BenchRow>> {
	if (!existsSync(path.join(root, 'build/http-server.js'))) {
		console.log('No production build: running npm run build…')
		const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
		if (built.status !== 0) throw new Error('npm run build failed')
	}

	const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-base64-browser-'))
	let server: ChildProcess | null = null
	let browser: Browser | null = null
	try {
		// A private copy of the build, as scripts/bench.js does.
		const snapshot = path.join(temp, 'app')
		await mkdir(snapshot)
		for (const entry of ['build', 'prisma', 'package.json']) await cp(path.join(root, entry), path.join(snapshot, entry), { recursive: true })
		await symlink(path.join(root, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir')

		const port = await freePort()
		const base = `http://127.0.0.1:${port}`
		server = spawn(process.execPath, ['build/http-server.js'], {
			cwd: snapshot,
			stdio: ['ignore', 'ignore', 'inherit'],
			env: {
				...process.env,
				NODE_ENV: 'production',
				PORT: String(port),
				HOST: '127.0.0.1',
				SITE_URL: base,
				DATA_DIR: path.join(temp, 'data'),
				LOG_REQUESTS: '0',
			},
		})
		await waitForHealthy(`${base}/healthz`, server)

		// The file: random bytes, linked under a new name for each run so each run's result is told apart.
		const bytes = randomBytes(SIZE)
		const file = path.join(temp, 'random.bin')
		await writeFile(file, bytes)
		const expected = bytes.toString('base64')

		browser = await chromium.launch({
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
		})
		const page = await browser.newPage()
		await page.goto(base + PAGE_PATH)
		const input = page.getByTestId('file-encode-input')
		// Hydrated: the file input is enabled.
		await page.waitForFunction(() => {
			const element = document.querySelector('[data-testid="file-encode-input"]')
			return element instanceof HTMLInputElement && !element.disabled
		})

		const inPage: Array<number> = []
		const wall: Array<number> = []
		for (let index = 0; index <= RUNS; index++) {
			const name = `run-${index}.bin`
			const runFile = path.join(temp, name)
			await link(file, runFile)
			const started = performance.now()
			await input.setInputFiles(runFile)
			const done = page.locator(`[data-testid="file-encode-done"][data-ms]`, { hasText: `${name}:` })
			await done.waitFor({ timeout: 120_000 })
			const elapsed = performance.now() - started
			const ms = Number(await done.getAttribute('data-ms'))
			const workerMs = Number(await done.getAttribute('data-worker-ms'))
			console.log(`run ${index}${index === 0 ? ' (warm-up)' : ''}: ${Math.round(ms)} ms in the page (${workerMs} ms reading and encoding in the worker), ${Math.round(elapsed)} ms wall clock`)
			const text = (await done.textContent()) ?? ''
			if (!text.includes(`(${expected.length.toLocaleString('en-US')} characters)`)) throw new Error(`unexpected result line: ${text}`)
			const shown = await page.getByTestId('file-encode-output').inputValue()
			if (shown !== expected.slice(0, shown.length) || shown.length === 0) throw new Error('the page’s Base64 differs from Buffer’s')
			// Run 0 is the warm-up.
			if (index > 0) {
				inPage.push(ms)
				wall.push(elapsed)
			}
			await rm(runFile)
		}

		// Reference: the same size in the page's main thread.
		const reference = (await page.evaluate(`(${REFERENCE_SCRIPT})(${JSON.stringify({ size: SIZE, runs: RUNS })})`)) as Reference
		const encodedLength = Math.ceil(SIZE / 3) * 4
		if (reference.btoa.length !== encodedLength || (reference.toBase64 && reference.toBase64.length !== encodedLength)) {
			throw new Error('a reference produced the wrong length')
		}

		const browserName = /Chrom(?:e|ium)\/[\d.]+/.exec(reference.userAgent)?.[0] ?? 'Chromium'
		console.log(`${browserName}; ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}`)
		const best = Math.min(...inPage)
		const bestWall = Math.min(...wall)
		const primary = reference.toBase64 ?? reference.btoa
		const primaryName = reference.toBase64 ? 'toBase64, main thread' : 'btoa chunks, main thread'
		const rows: Array<BenchRow> = [
			{
				section: SECTION,
				measure: `Encode a ${megabytes} MB file on the page (file worker), choice → result shown`,
				ours: format(best),
				reference: `${primaryName} ${format(primary.ms)}`,
				ratio: best / primary.ms,
				target: `≥ ${TARGET_MB_S} MB/s`,
				met: rate(best) >= TARGET_MB_S,
			},
			{
				section: SECTION,
				measure: `The same, wall clock from setInputFiles`,
				ours: format(bestWall),
				reference: `btoa chunks, main thread ${format(reference.btoa.ms)}`,
				ratio: bestWall / reference.btoa.ms,
				target: `≥ ${TARGET_MB_S} MB/s`,
				met: rate(bestWall) >= TARGET_MB_S,
			},
		]
		return rows
	} finally {
		await browser?.close().catch(() => {})
		if (server) await stop(server)
		await rm(temp, { recursive: true, force: true })
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	for (const result of await run()) {
		const ratio = result.ratio === null ? '' : `, ${result.ratio.toFixed(2)}× the reference's time`
		console.log(`${result.measure}: ${result.ours}; reference ${result.reference}${ratio}; target ${result.target}: ${result.met ? 'met' : 'NOT met'}`)
	}
}
