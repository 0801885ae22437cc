/**
 * ZIP archives of the engine's outputs (split's PDFs, the pages' PNGs),
 * with fflate. PDFs and PNGs are compressed already, so entries are stored
 * as they are: deflating them again costs time and saves nothing.
 */
import { zipSync, type Zippable } from 'fflate'

/** A fixed date for every entry, so the same input gives the same archive. */
const ENTRY_DATE = new Date(Date.UTC(2024, 0, 1))

export function zipFiles(entries: ReadonlyArray<{ name: string; data: Uint8Array }>): Uint8Array {
	const files: Zippable = {}
	for (const { name, data } of entries) files[name] = [data, { level: 0, mtime: ENTRY_DATE }]
	return zipSync(files)
}
