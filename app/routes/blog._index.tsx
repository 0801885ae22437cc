import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { BLOG_LIMITS, blogListHref, blogPageHeaders } from '#app/blog/blog-meta.tsx'
import { Icon } from '#app/components/icon.tsx'
import { PostCard } from '#app/blog/post-card.tsx'
import { getOptionalUser } from '#app/accounts/auth.server.ts'
import { listPublishedPosts, parseListQuery, readerCacheControl } from '#app/blog/blog.server.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { getSiteSettings } from '#app/site/settings.server.ts'

/**
 * /blog: public posts, newest first, `postsPerPage` (admin setting) a page.
 * `?tag=` filters by a tag, `?q=` searches titles, excerpts and text;
 * `?page=` pages through them with plain links. A page number that is not a
 * positive number is page 1; a page past the last one is a 404; a search or
 * tag over its limit is a 400 with the message on the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const { query, error } = parseListQuery(new URL(request.url))
	const [settings, user] = await Promise.all([getSiteSettings(), getOptionalUser(request)])
	const list = await listPublishedPosts(query, settings.postsPerPage)
	if (query.page > list.pageCount) throw data(null, { status: 404 })
	return data(
		{ ...list, tag: query.tag, q: query.q, error },
		{ status: error ? 400 : 200, headers: { 'Cache-Control': readerCacheControl(user !== null) } },
	)
}

export const headers = blogPageHeaders

export const links: LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/blog/rss.xml' }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const title = data?.tag ? `Posts tagged “${data.tag}”` : data?.q ? `Search: ${data.q}` : 'Blog'
	const tags = pageSeo(matches, {
		title: data && data.page > 1 ? `${title} (page ${data.page})` : title,
		description: 'Articles, guides and news about converting documents, formatting data and the tools on this site.',
		path: '/blog',
		// Search results and filtered lists are not pages of their own for search engines.
		noIndex: Boolean(data?.q || data?.tag || data?.error),
	})
	return tags
}

export default function BlogIndex() {
	const { posts, total, page, pageCount, tag, q, error } = useLoaderData<typeof loader>()
	const filtered = Boolean(tag || q)
	return (
		<div className="page-container">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-3xl font-bold tracking-tight">Blog</h1>
					<p className="mt-2 text-muted">Guides, tips and news about the tools.</p>
				</div>
				<a href="/blog/rss.xml" className="link text-sm">
					RSS feed
				</a>
			</div>

			<Form method="get" action="/blog" role="search" className="mt-6 flex max-w-xl flex-wrap items-end gap-2">
				<div className="min-w-0 flex-1">
					<label htmlFor="blog-search" className="form-label">
						Search posts
					</label>
					<input
						id="blog-search"
						type="search"
						name="q"
						defaultValue={q}
						key={q}
						maxLength={BLOG_LIMITS.query}
						className="form-input"
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'blog-search-error' : undefined}
					/>
				</div>
				{tag ? <input type="hidden" name="tag" value={tag} /> : null}
				<button type="submit" className="button-primary">
					<Icon name="search" />
					Search
				</button>
				{error ? (
					<p id="blog-search-error" className="form-error w-full" role="alert">
						{error}
					</p>
				) : null}
			</Form>

			{filtered ? (
				<p className="mt-4 text-sm text-muted" data-testid="blog-filter">
					{total === 1 ? '1 post' : `${total} posts`}
					{tag ? (
						<>
							{' '}
							tagged <strong className="text-fg">{tag}</strong>
						</>
					) : null}
					{q ? (
						<>
							{' '}
							matching <strong className="text-fg">“{q}”</strong>
						</>
					) : null}
					.{' '}
					<Link to="/blog" className="link">
						Show all posts
					</Link>
				</p>
			) : null}

			{posts.length > 0 ? (
				<ul className="mt-6 grid gap-6 md:grid-cols-2" data-testid="post-list">
					{posts.map((post) => (
						<li key={post.slug}>
							<PostCard post={post} />
						</li>
					))}
				</ul>
			) : (
				<div className="card mt-6 text-center" data-testid="blog-empty">
					{filtered ? (
						<p>No posts match. Try other words or show all posts.</p>
					) : (
						<p>No posts yet. The first articles are on their way — check back soon.</p>
					)}
				</div>
			)}

			{pageCount > 1 ? (
				<nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-between gap-3">
					{page > 1 ? (
						<Link to={blogListHref({ page: page - 1, tag, q })} className="button-secondary" rel="prev">
							<Icon name="chevron-left" />
							Newer posts
						</Link>
					) : (
						<span />
					)}
					<p className="text-sm text-muted">
						Page {page} of {pageCount}
					</p>
					{page < pageCount ? (
						<Link to={blogListHref({ page: page + 1, tag, q })} className="button-secondary" rel="next">
							Older posts
							<Icon name="chevron-right" />
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</div>
	)
}
