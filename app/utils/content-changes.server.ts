/**
 * A process-wide counter of content changes (a post saved, settings saved).
 * The page cache of anonymous pages (server/page-cache.ts) drops what it
 * rendered before the latest change, so the instance that saved shows the
 * change at once rather than up to a second later. Kept on globalThis: in
 * production the server and the Remix build are separate bundles, each with
 * its own copy of this module.
 */
const KEY = Symbol.for('toolsite.contentGeneration')
type Holder = { [KEY]?: number }

export function markContentChanged(): void {
	const holder = globalThis as Holder
	holder[KEY] = (holder[KEY] ?? 0) + 1
}

export function contentGeneration(): number {
	return (globalThis as Holder)[KEY] ?? 0
}
