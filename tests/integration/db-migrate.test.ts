import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startEmbeddedDatabase, type EmbeddedDatabase } from '#server/db/embedded.server.ts'
import { applyMigrations, diffToSql, markMigrationRolledBack, readMigrationsList } from '#server/db/migrate.server.ts'
import { databaseUrl, makeTempDataDir } from '#tests/setup/db.ts'

const migrationNames = async () =>
	(await readMigrationsList(path.resolve('prisma/migrations'))).migrationDirectories.map((d) => d.path)

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<Array<T>> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query<T>(sql)).rows
	} finally {
		await client.end()
	}
}

describe('applyMigrations', () => {
	let dataDir: string
	let db: EmbeddedDatabase

	beforeAll(async () => {
		dataDir = await makeTempDataDir()
		db = await startEmbeddedDatabase({ dataDir })
	})
	afterAll(async () => {
		await db?.stop()
		await fs.rm(dataDir, { recursive: true, force: true })
	})

	test('applies every migration once, recorded as prisma migrate deploy does; a second run applies nothing', async () => {
		const names = await migrationNames()
		expect(names.length).toBeGreaterThan(0)
		expect(await applyMigrations(db.url)).toEqual(names)
		expect(await applyMigrations(db.url)).toEqual([])

		const recorded = await query<{ migration_name: string; finished: boolean; checksum: string; applied_steps_count: number }>(
			db.url,
			'SELECT migration_name, finished_at IS NOT NULL AS finished, checksum, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
		)
		expect(recorded.map((r) => r.migration_name)).toEqual(names)
		for (const row of recorded) {
			expect(row.finished).toBe(true)
			expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
			expect(row.applied_steps_count).toBe(1)
		}
		const columns = await query<{ column_name: string }>(
			db.url,
			`SELECT column_name FROM information_schema.columns WHERE table_name = 'SiteSetting' ORDER BY column_name`,
		)
		expect(columns.map((c) => c.column_name)).toEqual([
			'announcement',
			'defaultTheme',
			'fileRetentionHours',
			'googleSignIn',
			'id',
			'postsPerPage',
			'registrationOpen',
			'siteName',
			'tagline',
			'updatedAt',
			'uploadLimitMb',
		])
	})

	test("the run's database is already migrated", async () => {
		expect(await applyMigrations(databaseUrl())).toEqual([])
	})
})

describe('migration scripts', () => {
	let root: string
	let dataDir: string
	let db: EmbeddedDatabase

	beforeAll(async () => {
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolsite-migrations-'))
		await fs.cp(path.resolve('prisma'), path.join(root, 'prisma'), { recursive: true })
		dataDir = await makeTempDataDir()
		db = await startEmbeddedDatabase({ dataDir })
	})
	afterAll(async () => {
		await db?.stop()
		await fs.rm(dataDir, { recursive: true, force: true })
		await fs.rm(root, { recursive: true, force: true })
	})

	async function addMigration(name: string, sql: string) {
		const dir = path.join(root, 'prisma', 'migrations', name)
		await fs.mkdir(dir)
		await fs.writeFile(path.join(dir, 'migration.sql'), sql)
	}

	test('run whole: semicolons inside strings, comments and function bodies survive', async () => {
		await addMigration(
			'29990101000000_semicolons',
			[
				'-- a comment; with a semicolon',
				`CREATE FUNCTION semi() RETURNS text LANGUAGE plpgsql AS $$`,
				'BEGIN',
				`  RETURN 'x; y';`,
				'END;',
				'$$;',
				`INSERT INTO "SiteSetting" ("id", "siteName", "tagline", "updatedAt") VALUES (1, 'a;b', semi(), now());`,
				'',
			].join('\n'),
		)
		const applied = await applyMigrations(db.url, { root })
		expect(applied.at(-1)).toBe('29990101000000_semicolons')
		expect(await query(db.url, 'SELECT "siteName", "tagline" FROM "SiteSetting"')).toEqual([
			{ siteName: 'a;b', tagline: 'x; y' },
		])
	})

	test('a failing migration leaves nothing half-applied and blocks later runs until resolved', async () => {
		await addMigration('29990102000000_fails', 'CREATE TABLE "Partial" ("id" int);\nSELECT 1/0;\n')
		await expect(applyMigrations(db.url, { root })).rejects.toThrow(/division by zero/)
		expect(await query(db.url, `SELECT to_regclass('"Partial"') AS t`)).toEqual([{ t: null }])
		await expect(applyMigrations(db.url, { root })).rejects.toThrow(/failed migrations/)

		// Resolved like `prisma migrate resolve --rolled-back`, fixed, applied again.
		await markMigrationRolledBack(db.url, '29990102000000_fails', { root })
		await fs.writeFile(
			path.join(root, 'prisma', 'migrations', '29990102000000_fails', 'migration.sql'),
			'CREATE TABLE "Partial" ("id" int);\n',
		)
		expect(await applyMigrations(db.url, { root })).toEqual(['29990102000000_fails'])
		expect(await query(db.url, `SELECT to_regclass('"Partial"')::text AS t`)).toEqual([{ t: '"Partial"' }])
	})
})

describe('diffToSql', () => {
	let root: string
	let shadowDataDir: string

	beforeAll(async () => {
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolsite-diff-'))
		await fs.cp(path.resolve('prisma'), path.join(root, 'prisma'), { recursive: true })
	})
	afterAll(async () => {
		await fs.rm(root, { recursive: true, force: true })
		if (shadowDataDir) await fs.rm(shadowDataDir, { recursive: true, force: true })
	})

	test('is empty when schema.prisma and the migrations agree', async () => {
		shadowDataDir = await makeTempDataDir()
		expect(await diffToSql({ shadowDataDir: path.join(shadowDataDir, 'pgdata') })).toBe('')
	})

	test('returns the SQL for a schema change', async () => {
		const schemaPath = path.join(root, 'prisma', 'schema.prisma')
		const schema = await fs.readFile(schemaPath, 'utf8')
		await fs.writeFile(
			schemaPath,
			schema.replace(/(\n\s*updatedAt\s+DateTime\s+@updatedAt)/, '\n  maintenanceMode Boolean @default(false)$1'),
		)
		const dir = await makeTempDataDir()
		try {
			const sql = await diffToSql({ root, shadowDataDir: path.join(dir, 'pgdata') })
			expect(sql).toContain('ALTER TABLE "SiteSetting" ADD COLUMN     "maintenanceMode" BOOLEAN NOT NULL DEFAULT false;')
		} finally {
			await fs.rm(dir, { recursive: true, force: true })
		}
	})
})
