import { type HeadersFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { cn } from '#app/utils/misc.ts'
import { formatLongDate } from '#app/utils/dates.ts'

/** The public blog's limits (shared by the pages and app/blog/blog.server.ts). */
export const BLOG_LIMITS = {
	/** Longest search text (`?q=`), in characters. */
	query: 200,
	/** Longest tag filter (`?tag=`), in characters. */
	tag: 100,
	/** Longest slug accepted in a URL before any query. */
	slug: 200,
	/** Posts in the RSS feed. */
	feedItems: 20,
	/** Posts on the home page. */
	latest: 3,
	/** Highest page number worth asking the database about. */
	page: 100_000,
} as const

/** `/blog` with the given filters (page 1 and empty values left out). */
export function blogListHref({ page = 1, tag = '', q = '' }: Partial<{ page: number; tag: string; q: string }>): string {
	const params = new URLSearchParams()
	if (tag) params.set('tag', tag)
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `/blog?${search}` : '/blog'
}

/** Date, author and reading time. */
export function PostByline({
	publishedAt,
	authorName,
	readingMinutes,
	className,
}: {
	publishedAt: string | null
	authorName: string | null
	readingMinutes: number
	className?: string
}) {
	return (
		<p className={cn('flex flex-wrap gap-x-2 text-sm text-muted', className)}>
			{publishedAt ? <time dateTime={publishedAt}>{formatLongDate(publishedAt)}</time> : <span>Not published</span>}
			{authorName ? (
				<>
					<span aria-hidden="true">·</span>
					<span>by {authorName}</span>
				</>
			) : null}
			<span aria-hidden="true">·</span>
			<span>{readingMinutes} min read</span>
		</p>
	)
}

/** The post's tags, each a link to the list filtered by it. */
export function TagList({ tags, className }: { tags: Array<string>; className?: string }) {
	return (
		<ul className={cn('flex flex-wrap gap-2', className)} aria-label="Tags">
			{tags.map((tag) => (
				<li key={tag}>
					<Link
						to={`/blog?${new URLSearchParams({ tag })}`}
						className="inline-block rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-fg hover:underline"
					>
						#{tag}
					</Link>
				</li>
			))}
		</ul>
	)
}

/**
 * `headers` for the public blog pages: the root's headers (Vary: Cookie,
 * Accept-CH) with the loader's Cache-Control — `public, no-cache` for
 * anonymous readers (server/app.ts adds the ETag and answers 304),
 * `private, no-cache` for signed-in ones, `no-store` for an admin's preview.
 */
export const blogPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
	const headers = new Headers(parentHeaders)
	headers.delete('Set-Cookie')
	const cacheControl = loaderHeaders.get('Cache-Control')
	if (cacheControl) headers.set('Cache-Control', cacheControl)
	return headers
}
