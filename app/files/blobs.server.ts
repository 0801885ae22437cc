/**
 * Large tool results as files on disk, beside the embedded database.
 *
 * PGlite moves about 50 MB a second each way (the bytes travel as hex text
 * into WebAssembly): storing a 100 MB merge and sending it back took 3.3 s
 * of the 4.2 s the whole request took, and PGlite's heap kept what it had
 * grown to. PGlite is one process on one machine, so its data directory is
 * already where every instance can read a file (DESIGN.md decision 5).
 * With PostgreSQL, several instances may serve the site: every file stays
 * in the database (StoredFileChunk rows), and this folder is not used.
 *
 * Only results (not kept, retention of an hour by default) go to disk; blog
 * images stay in the database, so a database backup holds every file worth
 * keeping. A blob is written before its row (a row never points to nothing
 * it did not have), removed when its row is, and the sweep removes any blob
 * left without a row (a crash between the two, an account deleted).
 */
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

/** File ids: 22 base64url characters (files.server.ts), so a name can never leave the folder. */
const BLOB_NAME = /^[A-Za-z0-9_-]{22}$/

/** A blob younger than this without a row may be one being stored right now. */
const ORPHAN_AGE_MS = 10 * 60 * 1000

/** The folder, with the embedded database (server/db/database.server.ts sets EMBEDDED_DATA_DIR); null with PostgreSQL. */
export function blobDirectory(): string | null {
	const dataDir = process.env.EMBEDDED_DATA_DIR
	return dataDir ? path.join(dataDir, 'files') : null
}

function blobPath(directory: string, id: string): string {
	if (!BLOB_NAME.test(id)) throw new Error('blobs: not a file id')
	return path.join(directory, id)
}

/** Writes a blob whole (a temporary name, then renamed), so a reader never sees half of one. */
export async function writeBlob(directory: string, id: string, data: Uint8Array): Promise<void> {
	await mkdir(directory, { recursive: true })
	const target = blobPath(directory, id)
	const temporary = `${target}.partial`
	try {
		await writeFile(temporary, data, { flag: 'wx' })
		await rename(temporary, target)
	} catch (error) {
		await rm(temporary, { force: true })
		throw error
	}
}

export async function blobExists(directory: string, id: string): Promise<boolean> {
	return stat(blobPath(directory, id)).then(
		(stats) => stats.isFile(),
		() => false,
	)
}

/** The blob's bytes as a stream (an error ends it if the blob goes away meanwhile). */
export function readBlob(directory: string, id: string): ReadableStream<Uint8Array> {
	return Readable.toWeb(createReadStream(blobPath(directory, id), { highWaterMark: 1024 * 1024 })) as ReadableStream<Uint8Array>
}

export async function removeBlob(directory: string, id: string): Promise<void> {
	await rm(blobPath(directory, id), { force: true })
}

/**
 * Removes blobs whose row is gone (and leftovers of writes that never
 * finished), once they are older than a few minutes. `existing` answers
 * which of some ids still have a row.
 */
export async function sweepOrphanBlobs(directory: string, existing: (ids: Array<string>) => Promise<Set<string>>, now = Date.now()): Promise<number> {
	let names: Array<string>
	try {
		names = await readdir(directory)
	} catch {
		return 0
	}
	const old: Array<string> = []
	for (const name of names) {
		const stats = await stat(path.join(directory, name)).catch(() => null)
		if (stats?.isFile() && now - stats.mtimeMs > ORPHAN_AGE_MS) old.push(name)
	}
	const kept = await existing(old.filter((name) => BLOB_NAME.test(name)))
	let removed = 0
	for (const name of old) {
		if (kept.has(name)) continue
		await rm(path.join(directory, name), { force: true })
		removed++
	}
	return removed
}
