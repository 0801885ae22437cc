/**
 * Empties every table of the current schema except `_prisma_migrations`
 * (TRUNCATE … RESTART IDENTITY CASCADE), through whichever client the caller
 * has: Prisma inside tests, a plain pg client in the global teardown.
 */
export async function emptyTables(query: (sql: string) => Promise<Array<unknown>>): Promise<void> {
	const rows = (await query(
		`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
	)) as Array<{ name: string }>
	if (rows.length === 0) return
	const tables = rows.map(({ name }) => `"${name.replaceAll('"', '""')}"`).join(', ')
	await query(`TRUNCATE TABLE ${tables} RESTART IDENTITY CASCADE`)
}
