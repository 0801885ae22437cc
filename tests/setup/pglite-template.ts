/**
 * A freshly initialised PGlite data directory, made once and copied for each
 * throwaway test database: initdb takes ≈ 8 s, a copy a fraction of a second.
 * Kept under node_modules/.cache, keyed by the PGlite version.
 */
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'

function templateDir(): string {
	const require = createRequire(import.meta.url)
	let version = 'unknown'
	try {
		const pkgPath = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')
		version = (require(pkgPath) as { version: string }).version
	} catch {
		// fall back to an unversioned template
	}
	return path.resolve('node_modules', '.cache', 'pglite-template', version, 'pgdata')
}

/** Returns the template's pgdata path, creating it (safely under concurrency) when missing. */
export async function ensurePgliteTemplate(): Promise<string> {
	const dir = templateDir()
	if (await exists(path.join(dir, 'PG_VERSION'))) return dir
	await fs.mkdir(path.dirname(dir), { recursive: true })
	const building = await fs.mkdtemp(path.join(path.dirname(dir), 'building-'))
	const db = await PGlite.create({ dataDir: path.join(building, 'pgdata') })
	await db.exec('CHECKPOINT')
	await db.close()
	try {
		await fs.rename(path.join(building, 'pgdata'), dir)
	} catch (error) {
		// Another run finished first: use theirs.
		if (!(await exists(path.join(dir, 'PG_VERSION')))) throw error
	} finally {
		await fs.rm(building, { recursive: true, force: true })
	}
	return dir
}

/**
 * A new empty data directory under the system temp dir (holding a copy of
 * the template as pgdata/), for startEmbeddedDatabase({ dataDir }).
 */
export async function makeTempDataDir(prefix = 'toolsite-db-'): Promise<string> {
	const template = await ensurePgliteTemplate()
	const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix))
	await fs.cp(template, path.join(dataDir, 'pgdata'), { recursive: true })
	return dataDir
}

async function exists(p: string): Promise<boolean> {
	return fs.access(p).then(
		() => true,
		() => false,
	)
}
