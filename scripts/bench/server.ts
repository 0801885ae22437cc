/**
 * What the benchmarks that go through the server's API share: the production
 * server started on a free port with a throwaway embedded database, its
 * resident set read from /proc, reference commands timed as whole processes
 * (peak RSS from /usr/bin/time -v), medians and the machine's load.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
		server.on('error', reject)
	})
}

/** The resident set of a process, in KB (0 once it is gone). */
export function rssKB(pid: number): number {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8')
		return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
	} catch {
		return 0
	}
}

export type BenchServer = { child: ChildProcess; url: string; stop(): Promise<void> }

/**
 * `npm start`'s server (the production build, built first when missing) with an embedded database in `dataDir`,
 * on `port` (a free one when left out).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}, port?: number): Promise<BenchServer> {
	port ??= await freePort()
	const child = spawn(process.execPath, [path.join(root, 'scripts/start.js')], {
		cwd: root,
		// The allocator settings `npm start` and the Docker image use (README, "Memory").
		env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0', DATABASE_URL: '', ...env },
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const url = `http://127.0.0.1:${port}`
	const stop = async () => {
		child.kill('SIGTERM')
		await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
	}
	const deadline = Date.now() + 240_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
		try {
			if ((await fetch(`${url}/healthz`)).ok) return { child, url, stop }
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	await stop()
	throw new Error('the server did not become healthy in 240 s')
}

/** Samples a process's RSS every 10 ms until `stop()`, which answers the peak in KB. */
export function sampleRss(pid: number): { stop(): number } {
	let peak = rssKB(pid)
	const timer = setInterval(() => (peak = Math.max(peak, rssKB(pid))), 10)
	return {
		stop() {
			clearInterval(timer)
			return Math.max(peak, rssKB(pid))
		},
	}
}

/** A command run as a whole process: its time, and its peak RSS in KB from /usr/bin/time -v. */
export async function timeCommand(command: string, args: ReadonlyArray<string>): Promise<{ ms: number; rssKB: number }> {
	const start = performance.now()
	const child = spawn('/usr/bin/time', ['-v', command, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
	let stderr = ''
	child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
	const code = await new Promise<number | null>((resolve, reject) => {
		child.on('error', reject)
		child.on('close', resolve)
	})
	const ms = performance.now() - start
	if (code !== 0) throw new Error(`${command} exited with ${code}: ${stderr.slice(-300)}`)
	return { ms, rssKB: Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0) }
}

export function median(values: ReadonlyArray<number>): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
export const megabytes = (kb: number) => `${Math.round(kb / 1024)} MB`
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ')
