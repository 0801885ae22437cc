/**
 * Prisma CLI configuration (Prisma 7 keeps the connection url here, not in
 * schema.prisma). The app itself never reads this file: it connects through
 * @prisma/adapter-pg with DATABASE_URL (server/db/database.server.ts), and
 * migrations run through the WebAssembly schema engine
 * (server/db/migrate.server.ts), since Prisma's native engine binaries cannot
 * be downloaded everywhere. The fallback url only lets `prisma generate` and
 * `prisma validate` run without a database; nothing connects to it.
 */
import { defineConfig } from 'prisma/config'

export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: { path: 'prisma/migrations' },
	datasource: {
		url: process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/postgres',
	},
})
