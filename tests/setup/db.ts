/**
 * Database helpers for tests. The database itself is started once per run by
 * global-setup.ts; `prisma` (app/utils/db.server.ts) connects to it.
 */
import { inject } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { forgetCachedSiteSettings } from '#app/utils/settings.server.ts'

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
 * Empties every table of the current schema except `_prisma_migrations`
 * (TRUNCATE … RESTART IDENTITY CASCADE). Call it in beforeEach of tests that
 * write data.
 */
export async function resetDatabase(): Promise<void> {
	forgetCachedSiteSettings()
	const rows = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
		`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
	)
	if (rows.length === 0) return
	const tables = rows.map(({ name }) => `"${name.replaceAll('"', '""')}"`).join(', ')
	await prisma.$executeRawUnsafe(`TRUNCATE TABLE ${tables} RESTART IDENTITY CASCADE`)
}
