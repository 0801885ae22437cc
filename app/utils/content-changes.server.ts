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

/**
 * Remembers reads of public content (the newest posts, a page of the blog)
 * for `ttlMs`, keyed by what was asked, and forgets them at the next content
 * change in this process: the instance that saved shows the change at once,
 * another instance within `ttlMs`, as with the page cache and the site
 * settings. A failed read is not kept. Pages for signed-in readers, which the
 * page cache never serves, are rendered for each request, and without this
 * each of them read the same rows again (issue 17).
 */
export function createContentCache<T>({ ttlMs, maxEntries = 200 }: { ttlMs: number; maxEntries?: number }) {
	const entries = new Map<string, { value: Promise<T>; expires: number; generation: number }>()
	return {
		read(key: string, load: () => Promise<T>): Promise<T> {
			if (ttlMs <= 0) return load()
			const now = Date.now()
			const generation = contentGeneration()
			const entry = entries.get(key)
			if (entry && entry.expires > now && entry.generation === generation) return entry.value
			if (entries.size >= maxEntries) {
				for (const [oldKey, old] of entries) if (old.expires <= now || old.generation !== generation) entries.delete(oldKey)
				if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
			}
			const value = load()
			entries.set(key, { value, expires: now + ttlMs, generation })
			value.catch(() => {
				if (entries.get(key)?.value === value) entries.delete(key)
			})
			return value
		},
	}
}
