/**
 * The one way the server, the scripts and the test setup get a database:
 *
 * - DATABASE_URL set: that PostgreSQL server (several app instances may
 *   share it).
 * - DATABASE_URL unset: the embedded PGlite database in DATA_DIR (default
 *   ./data), started here; DATABASE_URL is then set to its socket url so
 *   app/utils/db.server.ts (created lazily) connects to it.
 *
 * Either way pending migrations are applied before startDatabase() returns.
 */
import path from 'node:path'
import type { EmbeddedDatabase } from './embedded.server.ts'
import { applyMigrations } from './migrate.server.ts'

export type Database = {
	url: string
	embedded: boolean
	/** Migrations applied by this start (empty when the database was up to date). */
	appliedMigrations: Array<string>
	/** Embedded: checkpoint, close, release the lock. External: nothing to do. Idempotent. */
	stop(): Promise<void>
}

export type StartDatabaseOptions = {
	/** Default: env DATA_DIR, else ./data (embedded mode only). */
	dataDir?: string
	/** Apply pending migrations (default true). */
	migrate?: boolean
	/** One-line progress messages (default console.log; pass () => {} to silence). */
	log?: (message: string) => void
}

export async function startDatabase(options: StartDatabaseOptions = {}): Promise<Database> {
	const log = options.log ?? ((message: string) => console.log(message))
	const externalUrl = process.env.DATABASE_URL?.trim()
	let url: string
	let embedded: EmbeddedDatabase | undefined
	if (externalUrl) {
		url = externalUrl
		log(`Database: PostgreSQL at ${describeUrl(url)}`)
	} else {
		const dataDir = path.resolve(options.dataDir ?? (process.env.DATA_DIR || './data'))
		const started = Date.now()
		// Loaded only in embedded mode: PGlite is not needed with PostgreSQL.
		const { startEmbeddedDatabase } = await import('./embedded.server.ts')
		embedded = await startEmbeddedDatabase({ dataDir })
		url = embedded.url
		process.env.DATABASE_URL = url
		// Large tool results are files beside the embedded database (app/files/blobs.server.ts).
		process.env.EMBEDDED_DATA_DIR = dataDir
		log(`Database: embedded PGlite in ${dataDir} (started in ${Date.now() - started} ms)`)
	}
	let appliedMigrations: Array<string> = []
	if (options.migrate !== false) {
		try {
			appliedMigrations = await applyMigrations(url)
		} catch (error) {
			await embedded?.stop().catch(() => {})
			if (embedded) {
				delete process.env.DATABASE_URL
				delete process.env.EMBEDDED_DATA_DIR
			}
			throw new Error(`Database migration failed: ${redact(error instanceof Error ? error.message : String(error))}`, {
				cause: error,
			})
		}
		log(
			appliedMigrations.length === 0
				? 'Migrations: database is up to date'
				: `Migrations applied: ${appliedMigrations.join(', ')}`,
		)
	}
	const stopEmbedded = embedded?.stop
	let stopping: Promise<void> | undefined
	return {
		url,
		embedded: Boolean(embedded),
		appliedMigrations,
		stop: () =>
			(stopping ??= (async () => {
				if (!stopEmbedded) return
				await stopEmbedded()
				if (process.env.DATABASE_URL === url) {
					delete process.env.DATABASE_URL
					delete process.env.EMBEDDED_DATA_DIR
				}
			})()),
	}
}

/** host:port/database of a postgresql:// url, never its password. */
export function describeUrl(url: string): string {
	try {
		const u = new URL(url)
		const socketDir = u.searchParams.get('host')
		const host = socketDir ? `socket ${socketDir}` : `${u.hostname}${u.port ? `:${u.port}` : ''}`
		const user = u.username ? `${decodeURIComponent(u.username)}@` : ''
		return `${user}${host}${u.pathname}`
	} catch {
		return '(unparsable DATABASE_URL)'
	}
}

/** Removes passwords of postgresql:// urls from a message. */
export function redact(message: string): string {
	return message.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@')
}
