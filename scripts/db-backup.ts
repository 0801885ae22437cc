/**
 * npm run db:backup -- [output file]
 *
 * Embedded database (no DATABASE_URL): writes a gzipped tar of
 * DATA_DIR/pgdata (default ./data/pgdata), by default to
 * DATA_DIR/backups/pgdata-<timestamp>.tar.gz (copy it off the machine).
 * The server must be stopped: PGlite cannot be opened by two processes, and
 * the data directory's lock makes this command refuse while a server holds it.
 *
 * Restore: stop the server, move DATA_DIR/pgdata aside, then
 *   mkdir -p DATA_DIR/pgdata && tar -xzf <backup file> -C DATA_DIR/pgdata
 * (the archive holds pgdata's contents, named from the root: tar notes that
 * it removes the leading "/"), and start the server.
 *
 * PostgreSQL (DATABASE_URL set): this command only says so (exit code 2);
 * use the server's own tools, e.g.
 *   pg_dump --format=custom --file=backup.dump "$DATABASE_URL"
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { describeUrl } from '../server/db/database.server.ts'
import { DatabaseLockedError, openEmbeddedDatabaseForMaintenance } from '../server/db/embedded.server.ts'

const externalUrl = process.env.DATABASE_URL?.trim()
if (externalUrl) {
	// Nothing was backed up: a non-zero exit keeps a scheduled job from believing otherwise.
	console.error(
		`DATABASE_URL points to a PostgreSQL server (${describeUrl(externalUrl)}); this command backs up only the\n` +
			'embedded database. Back PostgreSQL up with its own tools:\n' +
			'  pg_dump --format=custom --file=backup.dump "$DATABASE_URL"\n' +
			'and restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" backup.dump',
	)
	process.exit(2)
}

const dataDir = path.resolve(process.env.DATA_DIR || './data')
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')
const out = path.resolve(process.argv[2] || path.join(dataDir, 'backups', `pgdata-${stamp}.tar.gz`))

// Interrupting PGlite in the middle of a write can corrupt it: finish first.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => console.error(`Received ${signal}: finishing backing up first, then exiting.`))
}

try {
	const { db, close } = await openEmbeddedDatabaseForMaintenance(dataDir)
	try {
		await db.exec('CHECKPOINT')
		const archive = await db.dumpDataDir('gzip')
		await fs.mkdir(path.dirname(out), { recursive: true })
		await fs.writeFile(out, Buffer.from(await archive.arrayBuffer()), { flag: 'wx' })
		console.log(`Backed up ${path.join(dataDir, 'pgdata')} to ${out} (${archive.size} bytes).`)
		const pgdata = path.join(dataDir, 'pgdata')
		console.log(`Restore: stop the server, move ${pgdata} aside, then: mkdir -p ${pgdata} && tar -xzf ${out} -C ${pgdata}`)
	} finally {
		await close()
	}
} catch (error) {
	if (error instanceof DatabaseLockedError) {
		console.error(`${error.message}\nStop the server before backing up the embedded database.`)
	} else {
		console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
	}
	process.exit(1)
}
