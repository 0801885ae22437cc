/**
 * Starts extra instances of the production server (the one Playwright's
 * webServer built), and job workers (`npm run worker`), for tests that
 * stop, kill or starve them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { freePort } from '#tests/setup/ports.ts'

export type ServerProcess = {
	url: string
	child: ChildProcess
	output: () => string
	stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export { freePort }

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		let ok = false
		try {
			ok = await check()
		} catch (error) {
			// A check may throw to give up early (e.g. the process died); fetch errors just mean "not yet".
			if (error instanceof Error && !(error instanceof TypeError)) throw error
		}
		if (ok) return
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** `env` adds to (or, with undefined, removes from) the defaults below. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
	const port = await freePort()
	const url = `http://localhost:${port}`
	const server = spawnBuilt('build/http-server.js', { PORT: String(port), SITE_URL: url, ...env })
	try {
		await waitFor(
			async () => {
				if (server.child.exitCode !== null) throw new Error(`The server exited with code ${server.child.exitCode}:\n${server.output()}`)
				return (await fetch(`${url}/healthz`)).ok
			},
			// Until it answers or exits: a fresh database's start-up took over 60 s on a busy
			// machine. The test's own timeout is the limit.
			Infinity,
			`the server on ${url}`,
		)
	} catch (error) {
		await server.stop('SIGKILL')
		throw error
	}
	return { url, ...server }
}

export type WorkerProcess = Omit<ServerProcess, 'url'>

/**
 * A job worker (`npm run worker`: build/worker.js) against `env.DATABASE_URL`,
 * started once it says it runs jobs (its runner has written its first
 * heartbeat by then). Output and stop as startServer's.
 */
export async function startWorker(env: Record<string, string | undefined>): Promise<WorkerProcess> {
	const worker = spawnBuilt('build/worker.js', env)
	try {
		await waitFor(
			async () => {
				if (worker.child.exitCode !== null) throw new Error(`The worker exited with code ${worker.child.exitCode}:\n${worker.output()}`)
				return worker.output().includes('Worker: running up to')
			},
			Infinity,
			'the worker to start',
		)
	} catch (error) {
		await worker.stop('SIGKILL')
		throw error
	}
	return worker
}

/** One of the build's entry points in production mode, its output kept, stopped with this process at the latest. */
function spawnBuilt(file: string, env: Record<string, string | undefined>): WorkerProcess {
	let output = ''
	const child = spawn(process.execPath, [file], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			LOG_REQUESTS: '0',
			// Like the suite's main server: every test signs in, converts and runs tools from
			// this one address, and on PostgreSQL all servers share the counters. Tests of a
			// limit set their own.
			AUTH_RATE_LIMIT_PER_MINUTE: '100000',
			RATE_LIMIT_CONVERT_PER_MINUTE: '100000',
			RATE_LIMIT_TOOLS_PER_MINUTE: '100000',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	// A test that times out while the process starts never calls stop(): it goes with this process.
	const orphan = () => child.kill('SIGKILL')
	process.once('exit', orphan)
	void exited.then(() => process.off('exit', orphan))
	const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
		if (child.exitCode === null && child.signalCode === null) child.kill(signal)
		return exited
	}
	return { child, output: () => output, stop }
}

/**
 * A TCP proxy between the app and PostgreSQL: stopping it is, for the app,
 * the database going away (open connections cut, new ones refused).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
	const port = await freePort()
	const sockets = new Set<net.Socket>()
	let server: net.Server | null = null
	async function start() {
		server = net.createServer((client) => {
			const upstream = net.connect(target.port, target.host)
			sockets.add(client).add(upstream)
			client.pipe(upstream).pipe(client)
			const close = () => {
				client.destroy()
				upstream.destroy()
				sockets.delete(client)
				sockets.delete(upstream)
			}
			client.on('error', close).on('close', close)
			upstream.on('error', close).on('close', close)
		})
		await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve))
	}
	async function stop() {
		for (const socket of sockets) socket.destroy()
		sockets.clear()
		await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
		server = null
	}
	await start()
	return { port, start, stop }
}
