/**
 * npm run db:migrate
 *   Applies pending migrations of prisma/migrations (the server also does
 *   this when it starts): to DATABASE_URL when set, else to the embedded
 *   database in DATA_DIR (default ./data), which must not be in use by a
 *   running server.
 *
 * npm run db:migrate -- --rolled-back <migration name>
 *   After a migration failed (later runs then refuse with "migrate found
 *   failed migrations"): records it as rolled back, like `prisma migrate
 *   resolve --rolled-back`, then applies pending migrations. Fix the
 *   migration's SQL first.
 */
import { startDatabase } from '../server/db/database.server.ts'
import { DatabaseLockedError } from '../server/db/embedded.server.ts'
import { applyMigrations, markMigrationRolledBack } from '../server/db/migrate.server.ts'

const args = process.argv.slice(2)
let rolledBack: string | undefined
if (args.length > 0) {
	if (args[0] !== '--rolled-back' || !args[1] || args.length > 2) {
		console.error('Usage: npm run db:migrate [-- --rolled-back <migration name>]')
		process.exit(2)
	}
	rolledBack = args[1]
}

// Interrupting PGlite in the middle of a write can corrupt it: finish first.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => console.error(`Received ${signal}: finishing migrating first, then exiting.`))
}

try {
	const db = await startDatabase({ migrate: !rolledBack })
	let applied = db.appliedMigrations
	try {
		if (rolledBack) {
			await markMigrationRolledBack(db.url, rolledBack)
			console.log(`Marked ${rolledBack} as rolled back.`)
			applied = await applyMigrations(db.url)
			if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`)
		}
	} finally {
		await db.stop()
	}
	console.log(applied.length === 0 ? 'Nothing to apply.' : `Applied ${applied.length} migration(s).`)
} catch (error) {
	if (error instanceof DatabaseLockedError) {
		console.error(`${error.message}\nA running server applies pending migrations itself when it starts; restart it instead.`)
	} else {
		console.error(error instanceof Error ? error.message : String(error))
	}
	process.exit(1)
}
