/**
 * Stored posts brought up to the current renderer. A post keeps the HTML made
 * when it was saved, with the renderer version that made it
 * (`Post.renderVersion`); when the renderer's output changes
 * (MARKDOWN_RENDER_VERSION, app/utils/markdown-render-version.ts), posts saved before
 * would keep the old HTML (an alert shown as a raw `[!WARNING]`) until an
 * admin saved them again. The server runs rerenderStalePosts() once at start,
 * in the background.
 *
 * Why at start and not when a stale post is read: a read then would render in
 * a public request (seconds of a worker on a cold pool, for every reader until
 * the write lands, and for the feed up to 20 posts at once), the page cache and
 * the 1-second content caches would need to know about it, and a post the
 * renderer refuses would be tried on every read. At start it runs once per
 * renderer change, one post at a time (one worker of the pool, the others
 * free for requests), while the site already answers with the stored HTML.
 *
 * Each post goes through the same path as a save: renderMarkdown(), the
 * complexity check and then the worker pool with its time budget. A post the
 * current renderer refuses (saved before a check existed) keeps its HTML and
 * its old version, and is logged once per run; the next start tries again.
 *
 * Several instances on one PostgreSQL may run it at the same moment: each
 * write is a conditional UPDATE (this id, the version read, renderVersion
 * still lower), so the first writes and the others change nothing; an admin's
 * save in between (which increments `version`) is never overwritten, nor is
 * HTML from a newer renderer (an instance of the next release, during a
 * rolling deploy). Re-rendering is not an edit: `version` and `updatedAt`
 * (the sitemap's lastmod, the feed's lastBuildDate, the page's dateModified)
 * stay as they were.
 */
import { prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { markContentChanged } from '#app/utils/content-changes.server.ts'
import { MARKDOWN_RENDER_VERSION, renderMarkdown, type RenderedMarkdown } from './markdown.server.ts'

/** Posts read per query (each rendered and written one at a time). */
export const RERENDER_BATCH_SIZE = 20

export type RerenderOutcome = {
	/** Posts given the current renderer's HTML. */
	rendered: number
	/** Posts the current renderer refuses: their HTML is kept. */
	refused: number
	/** Posts saved (or upgraded by another instance) between the read and the write: left as they are now. */
	changedMeanwhile: number
}

/**
 * Writes a re-rendered post's HTML if the post is still as it was read (same
 * `version`) and its HTML is still from an older renderer. `updatedAt` is
 * written back as it was read: Prisma's @updatedAt would set it to now, and
 * this is not an edit. True when the row was written.
 */
export async function storeRerenderedPost(
	post: { id: string; version: number; updatedAt: Date },
	rendered: Pick<RenderedMarkdown, 'html' | 'readingMinutes'>,
): Promise<boolean> {
	const { count } = await prisma.post.updateMany({
		where: { id: post.id, version: post.version, renderVersion: { lt: MARKDOWN_RENDER_VERSION } },
		data: { html: rendered.html, readingMinutes: rendered.readingMinutes, renderVersion: MARKDOWN_RENDER_VERSION, updatedAt: post.updatedAt },
	})
	return count > 0
}

/**
 * Re-renders every post whose HTML an older renderer made, `batchSize` rows
 * read at a time in id order (each post is visited once per run, refused ones
 * included). `log` gets one line per refused post. Stops between posts when
 * `signal` is aborted. Errors other than a refusal (the database gone, the
 * pool closed) end the run and are thrown.
 */
export async function rerenderStalePosts({
	signal,
	batchSize = RERENDER_BATCH_SIZE,
	log = (line: string) => console.warn(line),
}: { signal?: AbortSignal; batchSize?: number; log?: (line: string) => void } = {}): Promise<RerenderOutcome> {
	const outcome: RerenderOutcome = { rendered: 0, refused: 0, changedMeanwhile: 0 }
	let after: string | null = null
	for (;;) {
		if (signal?.aborted) break
		const batch: Array<{ id: string; slug: string; body: string; version: number; updatedAt: Date }> = await prisma.post.findMany({
			where: { renderVersion: { lt: MARKDOWN_RENDER_VERSION }, ...(after ? { id: { gt: after } } : {}) },
			orderBy: { id: 'asc' },
			take: batchSize,
			select: { id: true, slug: true, body: true, version: true, updatedAt: true },
		})
		if (batch.length === 0) break
		let written = false
		for (const post of batch) {
			if (signal?.aborted) break
			after = post.id
			let rendered: RenderedMarkdown
			try {
				rendered = await renderMarkdown(post.body, { signal })
			} catch (error) {
				if (!(error instanceof AppError) || error.status >= 500) throw error
				outcome.refused++
				const reason = (error.details as { reason?: string } | undefined)?.reason
				log(`Post “${post.slug}” (${post.id}) keeps its HTML from an older renderer: the current one refuses its Markdown (${error.status}${reason ? `, ${reason}` : ''}: ${error.message}). Saving it after simplifying the text renders it again.`)
				continue
			}
			if (await storeRerenderedPost(post, rendered)) {
				outcome.rendered++
				written = true
			} else {
				outcome.changedMeanwhile++
			}
		}
		// Cached pages of this process show the new HTML at once; other instances' within their cache time.
		if (written) markContentChanged()
		if (batch.length < batchSize) break
	}
	return outcome
}

/**
 * For the server's start: runs rerenderStalePosts() in the background and
 * logs what it did. Never throws; the returned promise settles when the run
 * ends (abort `signal` on shutdown to stop it between posts).
 */
export function startStalePostRerender({ signal }: { signal?: AbortSignal } = {}): Promise<void> {
	return rerenderStalePosts({ signal }).then(
		({ rendered, refused, changedMeanwhile }) => {
			if (rendered + refused + changedMeanwhile === 0) return
			console.log(
				`Blog posts re-rendered with renderer version ${MARKDOWN_RENDER_VERSION}: ${rendered}` +
					(refused ? `; ${refused} refused by the current renderer kept their HTML` : '') +
					(changedMeanwhile ? `; ${changedMeanwhile} changed meanwhile, left as they are` : '') +
					'.',
			)
		},
		(error: unknown) => {
			if (signal?.aborted) return
			console.error('Re-rendering blog posts failed (the next start tries again):', error instanceof Error ? error.message : error)
		},
	)
}
