import { Link } from '@remix-run/react'
import { PostByline, TagList } from '#app/blog/blog-meta.tsx'
import type { PostSummary } from '#app/blog/blog.server.ts'

/** The public fields of a post in a list. */
export type PostCardData = PostSummary

/** One post in /blog or on the home page: cover, title (link), byline, excerpt, tags. */
export function PostCard({ post, headingLevel = 2, compact = false }: { post: PostCardData; headingLevel?: 2 | 3; compact?: boolean }) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<article className="card flex h-full flex-col gap-3" data-testid="post-card">
			{post.coverImageId ? (
				<img
					src={`/files/${encodeURIComponent(post.coverImageId)}`}
					alt=""
					loading="lazy"
					decoding="async"
					className="aspect-[2/1] w-full rounded-lg bg-surface-2 object-cover"
				/>
			) : null}
			<Heading className={compact ? 'text-lg font-semibold' : 'text-xl font-semibold'}>
				<Link to={`/blog/${post.slug}`} className="hover:text-accent hover:underline">
					{post.title}
				</Link>
			</Heading>
			<PostByline publishedAt={post.publishedAt} authorName={post.authorName} readingMinutes={post.readingMinutes} />
			{post.excerpt ? <p className="text-muted">{post.excerpt}</p> : null}
			{!compact && post.tags.length > 0 ? <TagList tags={post.tags} className="mt-auto" /> : null}
		</article>
	)
}
