import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
	DatabaseLockedError,
	openEmbeddedDatabaseForMaintenance,
	startEmbeddedDatabase,
	type EmbeddedDatabase,
} from '#server/db/embedded.server.ts'
import { ReadyForQueryFilter } from '#server/db/pglite-mux.server.ts'
import { makeTempDataDir } from '#tests/setup/db.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
	while (cleanups.length > 0) await cleanups.pop()!().catch(() => {})
})

async function tempDataDir(): Promise<string> {
	const dir = await makeTempDataDir()
	cleanups.push(() => fs.rm(dir, { recursive: true, force: true }))
	return dir
}

async function start(dataDir: string, options: { idleInTransactionTimeoutMs?: number } = {}) {
	const db = await startEmbeddedDatabase({ dataDir, ...options })
	cleanups.push(() => db.stop())
	return db
}

function pool(db: EmbeddedDatabase, max = 10) {
	const p = new pg.Pool({ connectionString: db.url, max })
	p.on('error', () => {})
	cleanups.push(() => p.end())
	return p
}

/** Starts tests/setup/embedded-child.ts on dataDir; resolves once it holds the database. */
async function startChild(dataDir: string): Promise<ChildProcess> {
	const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/setup/embedded-child.ts'), dataDir], {
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	cleanups.push(async () => {
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGKILL')
			await new Promise((resolve) => child.once('exit', resolve))
		}
	})
	let output = ''
	await new Promise<void>((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			output += chunk.toString()
			if (output.includes('ready ')) resolve()
		})
		child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${output}`)))
	})
	return child
}

describe('embedded database', () => {
	test('serves pg connections on <dataDir>/run/.s.PGSQL.5432, holding a lock file with the pid that refuses a second starter', async () => {
		const dataDir = await tempDataDir()
		const db = await start(dataDir)
		expect(db.socketDir).toBe(path.join(dataDir, 'run'))
		expect(db.url).toBe(`postgresql://postgres:postgres@localhost:5432/postgres?host=${encodeURIComponent(db.socketDir)}`)
		expect((await fs.stat(db.socketDir)).mode & 0o777).toBe(0o700)
		expect(await fs.readFile(path.join(dataDir, 'lock'), 'utf8')).toBe(`${process.pid}\n`)
		const rows = (await pool(db).query('SELECT 41 + 1 AS answer')).rows
		expect(rows).toEqual([{ answer: 42 }])
		// 16 MB of shared buffers, not PostgreSQL's 128 MB (memory and start-up time), and PGlite's own settings kept.
		expect((await pool(db).query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }])
		expect((await pool(db).query('SHOW max_parallel_workers')).rows).toEqual([{ max_parallel_workers: '0' }])

		// A second starter in the same process is refused too.
		await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError)
		await expect(openEmbeddedDatabaseForMaintenance(dataDir)).rejects.toThrow(`in use by process ${process.pid}`)

		await db.stop()
		await db.stop() // idempotent
		await expect(fs.access(path.join(dataDir, 'lock'))).rejects.toThrow()
		await expect(fs.access(path.join(db.socketDir, '.s.PGSQL.5432'))).rejects.toThrow()
	})

	test('another process holding the database makes a starter refuse, naming its pid; after it stops, the data is there', async () => {
		const dataDir = await tempDataDir()
		const db = await start(dataDir)
		await pool(db, 1).query('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$written before$$)')
		await db.stop()

		const child = await startChild(dataDir)
		const error = await startEmbeddedDatabase({ dataDir }).then(
			(started) => started.stop().then(() => undefined),
			(e: unknown) => e,
		)
		expect(error).toBeInstanceOf(DatabaseLockedError)
		expect((error as DatabaseLockedError).pid).toBe(child.pid)
		expect((error as Error).message).toContain(`in use by process ${child.pid}`)

		const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
		child.kill('SIGTERM')
		expect(await exited).toBe(0)

		const again = await start(dataDir)
		expect((await pool(again, 1).query('SELECT v FROM kept')).rows).toEqual([{ v: 'written before' }])
	}, 60_000)

	test('a second server on a data directory in use says so in one line on stderr, with no stack, and exits 1', async () => {
		const dataDir = await tempDataDir()
		const holder = await startChild(dataDir)
		const server = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/index.ts')], {
			stdio: ['ignore', 'pipe', 'pipe'],
			// A session secret, so that production's warning about a kept one is not on stderr too.
			env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', NODE_ENV: 'production', MOCKS: '', SESSION_SECRET: 'second-server-test-secret-0123456789' },
		})
		cleanups.push(async () => {
			if (server.exitCode === null && server.signalCode === null) {
				server.kill('SIGKILL')
				await new Promise((resolve) => server.once('exit', resolve))
			}
		})
		let stdout = ''
		let stderr = ''
		server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
		server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
		const code = await new Promise<number | null>((resolve) => server.once('exit', resolve))
		expect(code, stdout + stderr).toBe(1)
		const lines = stderr.trimEnd().split('\n')
		expect(lines, stderr).toHaveLength(1)
		expect(lines[0]).toContain(`in use by process ${holder.pid}`)
		expect(lines[0]).toContain(dataDir)
		expect(stderr).not.toMatch(/^\s+at /m)
		expect(stderr).not.toContain('DatabaseLockedError')
		expect(stdout).not.toContain('Serving')
	}, 60_000)

	test('a stale lock (its process is gone) is taken over', async () => {
		const dataDir = await tempDataDir()
		const dead = spawn(process.execPath, ['-e', ''])
		await new Promise((resolve) => dead.once('exit', resolve))
		await fs.writeFile(path.join(dataDir, 'lock'), `${dead.pid}\n`)
		const db = await start(dataDir)
		expect(await fs.readFile(path.join(dataDir, 'lock'), 'utf8')).toBe(`${process.pid}\n`)
		await db.stop()
	})

	test('stop() then start again keeps written rows', async () => {
		const dataDir = await tempDataDir()
		const first = await start(dataDir)
		const p1 = pool(first)
		await p1.query('CREATE TABLE notes (id serial PRIMARY KEY, body text)')
		await p1.query('INSERT INTO notes (body) VALUES ($1), ($2)', ['one', 'two'])
		await p1.end()
		await first.stop()

		const second = await start(dataDir)
		expect((await pool(second).query('SELECT body FROM notes ORDER BY id')).rows).toEqual([
			{ body: 'one' },
			{ body: 'two' },
		])
	})

	test('falls back to a socket under the temp dir when <dataDir>/run would be too long a path', async () => {
		const base = await tempDataDir()
		const deep = path.join(base, 'x'.repeat(60), 'y'.repeat(60))
		await fs.mkdir(deep, { recursive: true })
		const db = await start(deep)
		expect(db.socketDir.startsWith(os.tmpdir())).toBe(true)
		expect((await pool(db).query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
		const socketDir = db.socketDir
		await db.stop()
		await expect(fs.access(socketDir)).rejects.toThrow()
	})
})

describe('embedded database: many connections on one PGlite', () => {
	let dataDir: string
	let db: EmbeddedDatabase

	beforeAll(async () => {
		dataDir = await makeTempDataDir()
		db = await startEmbeddedDatabase({ dataDir, idleInTransactionTimeoutMs: 1000 })
	})
	afterAll(async () => {
		await db?.stop()
		await fs.rm(dataDir, { recursive: true, force: true })
	})

	test('large parameters arriving in several socket reads never mix with other connections', async () => {
		// pglite-socket 0.1.3's own server fails this: another connection's
		// Parse slips between this one's Parse and Bind.
		const p = pool(db, 10)
		const big = 'x'.repeat(2_000_000)
		const results = await Promise.all(
			Array.from({ length: 40 }, async (_, i) => {
				if (i % 4 === 0) {
					const { rows } = await p.query('SELECT length($1::text) AS n, $2::int AS i', [big, i])
					return rows[0].n === big.length && rows[0].i === i
				}
				const { rows } = await p.query('SELECT $1::int AS i, 7 AS seven', [i])
				return rows[0].i === i && rows[0].seven === 7
			}),
		)
		expect(results.every(Boolean)).toBe(true)
	})

	test("transactions are isolated: one connection's uncommitted rows are invisible to others and rolled back cleanly", async () => {
		const p = pool(db, 10)
		await p.query('CREATE TABLE IF NOT EXISTS tx_test (k int)')
		await p.query('TRUNCATE tx_test')
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, async (_, i) => {
				const client = await p.connect()
				try {
					await client.query('BEGIN')
					await client.query('INSERT INTO tx_test VALUES ($1)', [i])
					const { rows } = await client.query('SELECT count(*)::int AS n FROM tx_test')
					await client.query(i % 2 === 0 ? 'COMMIT' : 'ROLLBACK')
					return rows[0].n
				} finally {
					client.release()
				}
			}),
		)
		// Each transaction saw the committed rows plus only its own insert.
		expect(new Set(outcomes).size).toBeGreaterThan(0)
		expect((await p.query('SELECT count(*)::int AS n FROM tx_test')).rows).toEqual([{ n: 25 }])
	})

	test('a connection that disconnects inside a transaction is rolled back and does not block others', async () => {
		const p = pool(db, 4)
		await p.query('CREATE TABLE IF NOT EXISTS abandoned (k int)')
		const client = new pg.Client({ connectionString: db.url })
		client.on('error', () => {})
		await client.connect()
		await client.query('BEGIN')
		await client.query('INSERT INTO abandoned VALUES (1)')
		const waiting = p.query('SELECT count(*)::int AS n FROM abandoned')
		;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
		expect((await waiting).rows).toEqual([{ n: 0 }])
	})

	test('after a failed query every answer still goes to its own query (one ReadyForQuery per sync point)', async () => {
		// PGlite 0.4 can follow an error with a second ReadyForQuery; passed on,
		// it shifts every later answer on that connection by one query.
		const client = new pg.Client({ connectionString: db.url })
		client.on('error', () => {})
		await client.connect()
		cleanups.push(() => client.end())
		for (let round = 0; round < 20; round++) {
			await expect(client.query('SELECT 1 / $1::int AS x', [0])).rejects.toThrow(/division by zero/)
			expect((await client.query('SELECT $1::int AS i', [round])).rows).toEqual([{ i: round }])
			await expect(client.query('SELECT * FROM no_such_table_here')).rejects.toThrow(/does not exist/)
			expect((await client.query('SELECT $1::text AS t', [`r${round}`])).rows).toEqual([{ t: `r${round}` }])
			await client.query('BEGIN')
			await expect(client.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/)
			await client.query('ROLLBACK')
			expect((await client.query('SELECT 42 AS n')).rows).toEqual([{ n: 42 }])
		}
	})

	test('a connection idle inside a transaction past the limit is disconnected so others proceed', async () => {
		const p = pool(db, 4)
		const client = new pg.Client({ connectionString: db.url })
		const clientError = new Promise<Error>((resolve) => client.on('error', resolve))
		await client.connect()
		// A lower bound on a deliberate wait (the 1 s idle limit), kept: a busy machine only lengthens it.
		// The clock is read before BEGIN, so the limit's timer starts after it, however late this runs.
		const started = Date.now()
		await client.query('BEGIN')
		expect((await p.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }])
		expect(Date.now() - started).toBeGreaterThanOrEqual(900)
		expect((await clientError).message).toMatch(/idle-in-transaction|terminated/)
	})
})

describe('ReadyForQueryFilter', () => {
	const message = (type: string, body = Buffer.alloc(0)) => {
		const buf = Buffer.alloc(5 + body.length)
		buf.write(type, 0, 'latin1')
		buf.writeInt32BE(4 + body.length, 1)
		body.copy(buf, 5)
		return buf
	}

	test('passes messages through, split anywhere, and drops ReadyForQuery beyond the allowed count', () => {
		const stream = Buffer.concat([
			message('1'),
			message('E', Buffer.from('SERROR\0Mboom\0\0')),
			message('Z', Buffer.from('I')),
			message('Z', Buffer.from('I')),
		])
		const expected = stream.subarray(0, stream.length - 6)
		for (let split = 0; split <= stream.length; split++) {
			const out: Array<Buffer> = []
			const filter = new ReadyForQueryFilter(1, (data) => out.push(Buffer.from(data)))
			filter.push(stream.subarray(0, split))
			filter.push(stream.subarray(split))
			expect(Buffer.concat(out).equals(expected)).toBe(true)
		}
		const none: Array<Buffer> = []
		new ReadyForQueryFilter(0, (data) => none.push(data)).push(message('Z', Buffer.from('I')))
		expect(none).toEqual([])
	})
})
