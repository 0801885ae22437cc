/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) persisted
 * in `<dataDir>/pgdata`, served on a private unix socket so the app, Prisma
 * and the migration engine reach it exactly as they reach a real server.
 *
 * PGlite is single-process: two processes on one data directory, or a kill
 * in the middle of a write, can corrupt it. So the directory is locked
 * (`<dataDir>/lock` holds the owner's pid) and stop() checkpoints and closes
 * cleanly. Whoever calls startEmbeddedDatabase() must call stop() on
 * SIGTERM/SIGINT (database.server.ts's caller does).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { PGliteMuxServer } from './pglite-mux.server.ts'

export type EmbeddedDatabase = {
	/** postgresql:// url reaching the socket (host= is the socket's directory). */
	url: string
	/** Absolute data directory (holds pgdata/, run/ and lock). */
	dataDir: string
	/** Directory holding the `.s.PGSQL.5432` socket. */
	socketDir: string
	/** The PGlite instance (for backups and tests; the app goes through `url`). */
	db: PGlite
	/** CHECKPOINT, close the socket and PGlite, release the lock. Safe to call more than once. */
	stop(): Promise<void>
}

export type StartEmbeddedOptions = {
	dataDir: string
	/** Clients idle inside a transaction longer than this are disconnected (ms, default 60 000). */
	idleInTransactionTimeoutMs?: number
}

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100
const SOCKET_NAME = '.s.PGSQL.5432'

export class DatabaseLockedError extends Error {
	readonly pid: number
	constructor(dataDir: string, pid: number, lockPath: string) {
		super(
			`The database in ${dataDir} is in use by process ${pid} (lock file ${lockPath}). ` +
				`Stop that process first; if it is not a server of this app, delete the lock file.`,
		)
		this.name = 'DatabaseLockedError'
		this.pid = pid
	}
}

/** Data directories locked by this process (a second PGlite on the same files in one process corrupts them too). */
const lockedHere = new Set<string>()

/**
 * PGlite's own start parameters, with 32 MB of shared buffers instead of
 * PostgreSQL's 128 MB (issue 17: memory and start-up). The shared buffers
 * live in the WebAssembly heap and are initialised at every start; the
 * site's working set (settings, sessions, posts) is a few megabytes, and
 * what falls out of them is still in the kernel's page cache. Measured on an
 * existing data directory: 272 MB → 188 MB resident, 2.0 s → 0.9 s to start.
 * 16 MB took another 13 MB off the server's idle resident set (PGlite alone:
 * 138 → 125 MB) and 0.2 s off its start.
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/**
 * A new data directory's cluster (initdb) is made in a child process that
 * exits when it is done. PGlite runs initdb in a second WebAssembly instance
 * beside the database's, and a server that did that itself kept about
 * 500 MB more resident for as long as it ran (838 MB against 331 MB on an
 * existing directory: V8 frees a WebAssembly memory only when it collects
 * it, and an idle server does not). The server then opens the directory as
 * it opens any existing one.
 */
async function createClusterInChildProcess(pgdata: string): Promise<void> {
	if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return
	const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite').replace(/\.cjs$/, '.js')
	const script = [
		`const { PGlite } = await import(${JSON.stringify(pathToFileURL(pglite).href)})`,
		`const db = await PGlite.create({ dataDir: ${JSON.stringify(pgdata)}, startParams: ${JSON.stringify(EMBEDDED_START_PARAMS)} })`,
		`await db.exec('CHECKPOINT')`,
		`await db.close()`,
	].join('\n')
	await new Promise<void>((resolve, reject) => {
		execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 120_000, maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) => {
			if (error) reject(new Error(`Creating the embedded database in ${pgdata} failed: ${stderr.trim() || error.message}`))
			else resolve()
		})
	})
}

export async function startEmbeddedDatabase(options: StartEmbeddedOptions): Promise<EmbeddedDatabase> {
	const dataDir = path.resolve(options.dataDir)
	await fsp.mkdir(dataDir, { recursive: true })
	const lockPath = acquireLock(dataDir)
	let db: PGlite | undefined
	let mux: PGliteMuxServer | undefined
	let socketDir: string | undefined
	let tmpSocketDir = false
	try {
		;({ socketDir, tmpSocketDir } = await prepareSocketDir(dataDir))
		await createClusterInChildProcess(path.join(dataDir, 'pgdata'))
		db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), startParams: EMBEDDED_START_PARAMS })
		mux = new PGliteMuxServer({
			db,
			path: path.join(socketDir, SOCKET_NAME),
			idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs,
		})
		await mux.start()
	} catch (error) {
		await db?.close().catch(() => {})
		if (socketDir && tmpSocketDir) await fsp.rm(socketDir, { recursive: true, force: true }).catch(() => {})
		releaseLock(dataDir, lockPath)
		throw error
	}

	const url = `postgresql://postgres:postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`
	const pglite = db
	const server = mux
	const sockDir = socketDir
	let stopping: Promise<void> | undefined
	const stop = () => {
		stopping ??= (async () => {
			try {
				await server.stop()
			} finally {
				try {
					if (!pglite.closed) {
						await pglite.exec('CHECKPOINT')
						await pglite.close()
					}
				} finally {
					await fsp.rm(path.join(sockDir, SOCKET_NAME), { force: true }).catch(() => {})
					if (tmpSocketDir) await fsp.rm(sockDir, { recursive: true, force: true }).catch(() => {})
					releaseLock(dataDir, lockPath)
				}
			}
		})()
		return stopping
	}
	return { url, dataDir, socketDir, db, stop }
}

/**
 * Opens `<dataDir>/pgdata` directly (no socket) for maintenance such as
 * backups, holding the same lock as the server. Refuses while a server runs.
 */
export async function openEmbeddedDatabaseForMaintenance(
	dataDirInput: string,
): Promise<{ db: PGlite; close(): Promise<void> }> {
	const dataDir = path.resolve(dataDirInput)
	if (!fs.existsSync(path.join(dataDir, 'pgdata'))) {
		throw new Error(`No embedded database in ${dataDir} (no pgdata directory).`)
	}
	const lockPath = acquireLock(dataDir)
	let db: PGlite
	try {
		db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), startParams: EMBEDDED_START_PARAMS })
	} catch (error) {
		releaseLock(dataDir, lockPath)
		throw error
	}
	let closing: Promise<void> | undefined
	return {
		db,
		close: () =>
			(closing ??= (async () => {
				try {
					if (!db.closed) {
						await db.exec('CHECKPOINT')
						await db.close()
					}
				} finally {
					releaseLock(dataDir, lockPath)
				}
			})()),
	}
}

/** Returns the lock file path; throws DatabaseLockedError when a live process holds it. */
function acquireLock(dataDir: string): string {
	const lockPath = path.join(dataDir, 'lock')
	if (lockedHere.has(dataDir)) throw new DatabaseLockedError(dataDir, process.pid, lockPath)
	for (let attempt = 0; attempt < 5; attempt++) {
		try {
			const fd = fs.openSync(lockPath, 'wx', 0o600)
			try {
				fs.writeSync(fd, `${process.pid}\n`)
			} finally {
				fs.closeSync(fd)
			}
			lockedHere.add(dataDir)
			return lockPath
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		let content: string
		try {
			content = fs.readFileSync(lockPath, 'utf8')
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue // released meanwhile
			throw error
		}
		const pid = Number.parseInt(content.trim(), 10)
		// A pid equal to ours that this process does not hold is left over from
		// an earlier process that had our pid (typical in containers): stale.
		if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
			throw new DatabaseLockedError(dataDir, pid, lockPath)
		}
		// Stale (dead owner or unreadable content): take it over. Renaming is
		// atomic, so of two processes taking over at once only one succeeds in
		// removing this exact file; the other retries and sees the new owner.
		const stale = `${lockPath}.stale-${process.pid}`
		try {
			fs.renameSync(lockPath, stale)
			fs.rmSync(stale, { force: true })
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
		}
	}
	throw new Error(`Could not take the database lock ${lockPath}`)
}

function releaseLock(dataDir: string, lockPath: string) {
	lockedHere.delete(dataDir)
	try {
		const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10)
		if (pid === process.pid) fs.rmSync(lockPath, { force: true })
	} catch {
		// already gone
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/**
 * `<dataDir>/run` (mode 0700: PGlite does not check passwords, so only this
 * user may reach the socket), or a private directory under the system temp
 * dir when that path would be too long for a unix socket.
 */
async function prepareSocketDir(dataDir: string): Promise<{ socketDir: string; tmpSocketDir: boolean }> {
	const runDir = path.join(dataDir, 'run')
	if (Buffer.byteLength(path.join(runDir, SOCKET_NAME)) <= MAX_SOCKET_PATH) {
		await fsp.mkdir(runDir, { recursive: true, mode: 0o700 })
		await fsp.chmod(runDir, 0o700)
		// We hold the lock, so a socket file left here is from a dead server.
		await fsp.rm(path.join(runDir, SOCKET_NAME), { force: true })
		return { socketDir: runDir, tmpSocketDir: false }
	}
	const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pglite-'))
	if (Buffer.byteLength(path.join(dir, SOCKET_NAME)) > MAX_SOCKET_PATH) {
		await fsp.rm(dir, { recursive: true, force: true })
		throw new Error(`Cannot place the database socket: ${dir} is too long a path for a unix socket (set TMPDIR).`)
	}
	return { socketDir: dir, tmpSocketDir: true }
}
