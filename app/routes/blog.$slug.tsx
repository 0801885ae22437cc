import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { blogPageHeaders, PostByline, TagList } from '#app/blog/blog-meta.tsx'
import { Icon } from '#app/components/icon.tsx'
import { getOptionalUser } from '#app/accounts/auth.server.ts'
import { findPostBySlug, isValidSlug, neighbours, readerCacheControl } from '#app/blog/blog.server.ts'
import { isPublic } from '#app/blog/post-state.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { formatLongDateTimeUtc } from '#app/utils/dates.ts'

/**
 * /blog/:slug: one post, its HTML as stored (rendered and sanitised when it
 * was saved). A draft or scheduled post is the same 404 as an unknown slug
 * for everyone but admins, who see it with a preview banner. A slug the post
 * had before answers 301 with its current address.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	// Checked before any query: a malformed slug cannot name a post.
	if (!isValidSlug(slug)) throw data(null, { status: 404 })
	const [found, user] = await Promise.all([findPostBySlug(slug), getOptionalUser(request)])
	if (found.kind === 'missing') throw data(null, { status: 404 })
	const now = new Date()
	const visible = isPublic(found.post, now)
	const isAdmin = user?.role === 'admin'
	if (!visible && !isAdmin) throw data(null, { status: 404 })
	if (found.kind === 'moved') {
		// Revalidated every time: the slug could be given back to the post later.
		throw redirect(`/blog/${found.slug}`, { status: 301, headers: { 'Cache-Control': 'no-cache' } })
	}
	const post = found.post
	const adjacent = visible ? await neighbours(post, now) : { older: null, newer: null }
	const preview = visible
		? null
		: post.status === 'published' && post.publishedAt
			? ({ kind: 'scheduled', at: post.publishedAt.toISOString() } as const)
			: ({ kind: 'draft' } as const)
	return data(
		{
			post: {
				slug: post.slug,
				title: post.title,
				excerpt: post.excerpt,
				html: post.html,
				publishedAt: post.publishedAt?.toISOString() ?? null,
				updatedAt: post.updatedAt.toISOString(),
				readingMinutes: post.readingMinutes,
				tags: post.tags,
				coverImageId: post.coverImageId,
				authorName: post.author?.name ?? null,
				seoTitle: post.seoTitle,
				seoDescription: post.seoDescription,
			},
			preview,
			older: adjacent.older,
			newer: adjacent.newer,
		},
		// An unpublished post is only ever an admin's: never stored anywhere.
		{ headers: { 'Cache-Control': preview ? 'no-store' : readerCacheControl(user !== null) } },
	)
}

export const headers = blogPageHeaders

export const links: LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/blog/rss.xml' }]

function coverPath(coverImageId: string | null): string | undefined {
	return coverImageId ? `/files/${encodeURIComponent(coverImageId)}` : undefined
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	if (!data) return [{ title: 'Page not found' }]
	const { post, preview } = data
	const tags = pageSeo(matches, {
		title: post.seoTitle || post.title,
		description: post.seoDescription || post.excerpt || post.title,
		path: `/blog/${post.slug}`,
		type: 'article',
		image: coverPath(post.coverImageId),
		noIndex: preview !== null,
	})
	if (post.publishedAt) tags.push({ property: 'article:published_time', content: post.publishedAt })
	tags.push({ property: 'article:modified_time', content: post.updatedAt })
	if (post.authorName) tags.push({ property: 'article:author', content: post.authorName })
	for (const tag of post.tags) tags.push({ property: 'article:tag', content: tag })
	// Drafts and scheduled posts (admin preview) are not announced to search engines.
	if (preview === null) {
		const root = matches.find((match) => match?.id === 'root')?.data as { origin?: string; siteName?: string } | undefined
		const origin = root?.origin ?? ''
		const url = `${origin}/blog/${post.slug}`
		const cover = coverPath(post.coverImageId)
		const jsonLd = {
			'@context': 'https://schema.org',
			'@type': 'BlogPosting',
			headline: post.title,
			description: post.seoDescription || post.excerpt,
			url,
			mainEntityOfPage: { '@type': 'WebPage', '@id': url },
			datePublished: post.publishedAt ?? undefined,
			dateModified: post.updatedAt,
			author: post.authorName ? { '@type': 'Person', name: post.authorName } : { '@type': 'Organization', name: root?.siteName ?? 'ToolNest' },
			publisher: { '@type': 'Organization', name: root?.siteName ?? 'ToolNest' },
			image: cover ? `${origin}${cover}` : undefined,
			keywords: post.tags.length ? post.tags.join(', ') : undefined,
		}
		// Remix escapes it for the script element (`<`, `>`, `&`, U+2028/9).
		tags.push({ 'script:ld+json': jsonLd })
	}
	return tags
}

export default function BlogPost() {
	const { post, preview, older, newer } = useLoaderData<typeof loader>()
	const cover = coverPath(post.coverImageId)
	return (
		<div className="page-container">
			<article className="mx-auto max-w-3xl">
				{preview ? (
					<div role="status" className="mb-6 flex items-start gap-3 rounded-lg border border-warning bg-surface p-4 text-fg" data-testid="preview-banner">
						<Icon name="eye" className="mt-0.5 size-5 shrink-0 text-warning" />
						<p>
							<strong>
								{preview.kind === 'draft' ? 'Draft — not visible to visitors' : `Scheduled for ${formatLongDateTimeUtc(preview.at)} — not visible to visitors yet`}
							</strong>
							. Only admins see this preview.
						</p>
					</div>
				) : null}
				<p className="text-sm">
					<Link to="/blog" className="link">
						← All posts
					</Link>
				</p>
				<header className="mt-4">
					<h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
					<PostByline className="mt-3" publishedAt={post.publishedAt} authorName={post.authorName} readingMinutes={post.readingMinutes} />
					{post.tags.length > 0 ? <TagList tags={post.tags} className="mt-3" /> : null}
				</header>
				{cover ? <img src={cover} alt="" className="mt-6 aspect-[2/1] w-full rounded-xl bg-surface-2 object-cover" /> : null}
				<div className="prose-post mt-8" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
			</article>
			{older || newer ? (
				<nav aria-label="More posts" className="mx-auto mt-12 grid max-w-3xl gap-4 border-t border-border pt-6 sm:grid-cols-2">
					{older ? (
						<Link to={`/blog/${older.slug}`} rel="prev" className="card block hover:border-accent">
							<span className="block text-sm text-muted">← Previous post</span>
							<span className="mt-1 block font-semibold">{older.title}</span>
						</Link>
					) : (
						<span />
					)}
					{newer ? (
						<Link to={`/blog/${newer.slug}`} rel="next" className="card block text-right hover:border-accent">
							<span className="block text-sm text-muted">Next post →</span>
							<span className="mt-1 block font-semibold">{newer.title}</span>
						</Link>
					) : null}
				</nav>
			) : null}
		</div>
	)
}
