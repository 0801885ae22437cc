/**
 * npm run db:migration -- <name>
 *
 * Writes prisma/migrations/<yyyymmddhhmmss>_<name>/migration.sql with the SQL
 * that takes a database from what the existing migrations produce to what
 * prisma/schema.prisma describes (the same file `prisma migrate dev
 * --create-only` writes). Needs no database: the migrations are replayed in a
 * throwaway in-memory PGlite. Review the file, then apply it with
 * `npm run db:migrate` (or just start the server).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { diffToSql, MIGRATION_LOCK, prismaPaths } from '../server/db/migrate.server.ts'

function usage(message: string): never {
	console.error(`${message}\nUsage: npm run db:migration -- <name>   (e.g. add_user_table)`)
	process.exit(2)
}

const rawName = process.argv.slice(2).join(' ').trim()
if (!rawName) usage('A migration name is required.')
const name = rawName
	.replace(/([a-z0-9])([A-Z])/g, '$1_$2')
	.toLowerCase()
	.replace(/[^a-z0-9]+/g, '_')
	.replace(/^_+|_+$/g, '')
	.slice(0, 200)
if (!name) usage(`"${rawName}" has no letters or digits to name a migration with.`)

try {
	const sql = await diffToSql()
	if (sql === '') {
		console.log('No schema changes: prisma/schema.prisma matches prisma/migrations.')
		process.exit(0)
	}
	const { migrations } = prismaPaths()
	const now = new Date()
	const stamp = [
		now.getUTCFullYear(),
		now.getUTCMonth() + 1,
		now.getUTCDate(),
		now.getUTCHours(),
		now.getUTCMinutes(),
		now.getUTCSeconds(),
	]
		.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
		.join('')
	const dir = path.join(migrations, `${stamp}_${name}`)
	await fs.mkdir(dir, { recursive: true })
	const lockPath = path.join(migrations, 'migration_lock.toml')
	await fs.writeFile(lockPath, MIGRATION_LOCK, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
		if (error.code !== 'EEXIST') throw error
	})
	const file = path.join(dir, 'migration.sql')
	await fs.writeFile(file, sql, { flag: 'wx' })
	const shown = path.relative(process.cwd(), file)
	console.log(`Created ${shown.startsWith('..') ? file : shown}`)
	console.log('Review it, then apply it with `npm run db:migrate` (the server also applies it when it starts).')
} catch (error) {
	console.error(`Could not create the migration: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
