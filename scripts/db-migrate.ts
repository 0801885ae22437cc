/**
 * npm run db:migrate
 *
 * Applies pending migrations of prisma/migrations (the server also does this
 * when it starts): to DATABASE_URL when set, else to the embedded database in
 * DATA_DIR (default ./data), which must not be in use by a running server.
 */
import { startDatabase } from '../server/db/database.server.ts'
import { DatabaseLockedError } from '../server/db/embedded.server.ts'

try {
	const db = await startDatabase()
	await db.stop()
	console.log(
		db.appliedMigrations.length === 0
			? 'Nothing to apply.'
			: `Applied ${db.appliedMigrations.length} migration(s).`,
	)
} catch (error) {
	if (error instanceof DatabaseLockedError) {
		console.error(`${error.message}\nA running server applies pending migrations itself when it starts; restart it instead.`)
	} else {
		console.error(error instanceof Error ? error.message : String(error))
	}
	process.exit(1)
}
