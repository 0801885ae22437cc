import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startEmbeddedDatabase } from '#server/db/embedded.server.ts'
import { makeTempDataDir } from '#tests/setup/db.ts'

const run = promisify(execFile)

/** Runs `npm run db:backup -- [out]` the way npm does (tsx), without DATABASE_URL. */
function backup(dataDir: string, out: string) {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
	delete env.DATABASE_URL
	return run(process.execPath, ['--import', 'tsx', path.resolve('scripts/db-backup.ts'), out], { env })
}

describe('npm run db:backup (embedded database)', () => {
	let dataDir: string
	let restoreDir: string

	beforeAll(async () => {
		dataDir = await makeTempDataDir()
		restoreDir = await makeTempDataDir()
		const db = await startEmbeddedDatabase({ dataDir })
		const client = new pg.Client({ connectionString: db.url })
		await client.connect()
		await client.query(`CREATE TABLE saved (v text); INSERT INTO saved VALUES ('in the backup')`)
		await client.end()
		await db.stop()
	})
	afterAll(async () => {
		await fs.rm(dataDir, { recursive: true, force: true })
		await fs.rm(restoreDir, { recursive: true, force: true })
	})

	test('refuses while a server holds the database', async () => {
		const db = await startEmbeddedDatabase({ dataDir })
		try {
			const error = await backup(dataDir, path.join(dataDir, 'refused.tar.gz')).then(
				() => undefined,
				(e: { code?: number; stderr?: string }) => e,
			)
			expect(error?.code).toBe(1)
			expect(error?.stderr).toContain(`in use by process ${process.pid}`)
			expect(error?.stderr).toContain('Stop the server')
		} finally {
			await db.stop()
		}
	})

	test('writes an archive that restores with tar into DATA_DIR/pgdata', async () => {
		const out = path.join(dataDir, 'backup.tar.gz')
		const { stdout } = await backup(dataDir, out)
		expect(stdout).toContain(`Backed up ${path.join(dataDir, 'pgdata')} to ${out}`)
		expect((await fs.stat(out)).size).toBeGreaterThan(0)

		const pgdata = path.join(restoreDir, 'pgdata')
		await fs.rm(pgdata, { recursive: true, force: true })
		await fs.mkdir(pgdata)
		await run('tar', ['-xzf', out, '-C', pgdata])
		const restored = await startEmbeddedDatabase({ dataDir: restoreDir })
		try {
			const client = new pg.Client({ connectionString: restored.url })
			await client.connect()
			expect((await client.query('SELECT v FROM saved')).rows).toEqual([{ v: 'in the backup' }])
			await client.end()
		} finally {
			await restored.stop()
		}
	})
})
