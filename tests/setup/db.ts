/**
 * Database helpers for tests. The database itself is started once per run by
 * global-setup.ts; `prisma` (app/utils/db.server.ts) connects to it.
 */
import { inject } from 'vitest'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { forgetCachedSiteSettings } from '#app/admin/settings.server.ts'
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

/** Empties every table but the migrations' record. Call it in beforeEach of tests that write data. */
export async function resetDatabase(): Promise<void> {
	// Tool-run counts are written after the answer: let the previous test's land before emptying, not after.
	await settleRunRecords()
	forgetCachedSiteSettings()
	await emptyTables((sql) => prisma.$queryRawUnsafe<Array<unknown>>(sql))
}
