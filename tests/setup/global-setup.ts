/**
 * Vitest global setup: one database for the whole run.
 *
 * - DATABASE_URL set: that PostgreSQL database is migrated and used. Tests
 *   TRUNCATE its tables: never point it at data you want to keep.
 * - Otherwise: an embedded PGlite in a throwaway directory under the system
 *   temp dir, removed at the end.
 *
 * The url reaches test files through `inject('databaseUrl')` (see
 * setup-env.ts, which also puts it in process.env.DATABASE_URL).
 */
import fs from 'node:fs/promises'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startDatabase, describeUrl } from '../../server/db/database.server.ts'
import { emptyTables } from './empty-tables.ts'
import { makeTempDataDir } from './pglite-template.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		databaseUrl: string
		databaseEmbedded: boolean
	}
}

export default async function setup(project: TestProject) {
	if (process.env.NODE_ENV === 'production') throw new Error('Refusing to run tests with NODE_ENV=production.')
	const external = Boolean(process.env.DATABASE_URL?.trim())
	const dataDir = external ? undefined : await makeTempDataDir('toolsite-test-db-')
	const db = await startDatabase({ dataDir, log: () => {} })
	console.log(
		external
			? `Tests use PostgreSQL at ${describeUrl(db.url)} (its tables are truncated by tests).`
			: `Tests use an embedded PGlite database in ${dataDir}.`,
	)
	project.provide('databaseUrl', db.url)
	project.provide('databaseEmbedded', db.embedded)
	return async () => {
		// Leave a shared PostgreSQL database as empty as it was found: the
		// end-to-end suite that `npm test` runs next uses the same DATABASE_URL.
		if (external) await emptyDatabase(db.url)
		await db.stop()
		if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
	}
}

async function emptyDatabase(url: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await emptyTables(async (sql) => (await client.query(sql)).rows)
	} finally {
		await client.end()
	}
}
