/**
 * Database helpers for tests. The database itself is started once per run by
 * global-setup.ts; `prisma` (app/utils/db.server.ts) connects to it.
 */
import { inject } from 'vitest'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { forgetCachedSiteSettings } from '#app/site/settings.server.ts'
import { emptyTables } from './empty-tables.ts'

export { makeTempDataDir } from './pglite-template.ts'

/** The url of the run's database (also in process.env.DATABASE_URL). */
export function databaseUrl(): string {
	return inject('databaseUrl')
}

/** True when the run uses the embedded PGlite database (no DATABASE_URL given). */
export function isEmbeddedDatabase(): boolean {
	return inject('databaseEmbedded')
}

/**
 * Every table emptied but the migrations' record, and the sequences restarted,
 * in one statement: DELETE with the foreign-key triggers off
 * (session_replication_role = replica, for this transaction only). On PGlite
 * that is several times quicker than TRUNCATE, which makes new files for every
 * table and index, and about 1,000 tests reset. Tables stay small between
 * tests, so the dead rows DELETE leaves cost nothing that matters.
 */
const DELETE_ALL = `DO $$
DECLARE item record;
BEGIN
	SET LOCAL session_replication_role = replica;
	FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations' LOOP
		EXECUTE format('DELETE FROM %I', item.tablename);
	END LOOP;
	FOR item IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() LOOP
		EXECUTE format('ALTER SEQUENCE %I RESTART', item.sequencename);
	END LOOP;
END $$`

/** Only a superuser may turn triggers off; any other role gets TRUNCATE. */
let canDelete = true

/** Empties every table but the migrations' record. Call it in beforeEach of tests that write data. */
export async function resetDatabase(): Promise<void> {
	// Tool-run counts are written after the answer: let the previous test's land before emptying, not after.
	await settleRunRecords()
	forgetCachedSiteSettings()
	if (canDelete) {
		try {
			await prisma.$executeRawUnsafe(DELETE_ALL)
			return
		} catch {
			canDelete = false
		}
	}
	await emptyTables((sql) => prisma.$queryRawUnsafe<Array<unknown>>(sql))
}
