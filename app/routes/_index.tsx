import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { blogPageHeaders } from '#app/blog/blog-meta.tsx'
import { Icon } from '#app/components/icon.tsx'
import { PostCard } from '#app/blog/post-card.tsx'
import { ToolCard } from '#app/tools/kit/tool-card.tsx'
import { useRootData } from '#app/root.tsx'
import { liveGroups, liveTools } from '#app/tools/registry.ts'
import { getAuthState } from '#app/accounts/auth.server.ts'
import { latestPosts, readerCacheControl } from '#app/blog/blog.server.ts'
import { describeDatabaseError } from '#app/utils/db.server.ts'
import { pageSeo } from '#app/utils/seo.ts'

/**
 * The three newest public posts. The home page still works when they cannot
 * be read (the database is down): it shows no posts, and that page is never
 * shared by caches.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const auth = await getAuthState(request)
	// A session cookie the database could not check still makes the page personal.
	const signedIn = auth.status !== 'anonymous'
	try {
		const posts = await latestPosts()
		return data({ posts }, { headers: { 'Cache-Control': readerCacheControl(signedIn) } })
	} catch (error) {
		console.error('Latest posts unavailable:', describeDatabaseError(error))
		return data({ posts: [] }, { headers: { 'Cache-Control': 'private, no-cache' } })
	}
}

export const headers = blogPageHeaders

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		description:
			'Free online converters and developer tools that run in your browser: fast, private and correct. No sign-up needed.',
		path: '/',
	})

const promises = [
	{ title: 'Fast', text: 'Text tools run in your browser as you type. Pages are small and render on the server.' },
	{ title: 'Private', text: 'What you paste into a text tool never leaves your device. Uploaded files are deleted automatically.' },
	{ title: 'Correct', text: 'Tested against the reference tools of each format, so a converter never quietly changes your data.' },
]

export default function Home() {
	const root = useRootData()
	const { posts } = useLoaderData<typeof loader>()
	return (
		<div className="page-container">
			<section className="max-w-3xl py-6 lg:py-10">
				<h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{root?.siteName ?? 'ToolNest'}</h1>
				<p className="mt-4 text-lg text-muted">
					{root?.tagline}. Convert documents, format and encode data, and tidy up text, for free and without an account.
				</p>
				<div className="mt-6 flex flex-wrap gap-3">
					<Link to="/tools" className="button-primary">
						<Icon name="wrench" />
						Browse all tools
					</Link>
					<Link to="/about" className="button-secondary">
						About the site
					</Link>
				</div>
			</section>

			{liveTools.length > 0 ? (
				<section aria-labelledby="popular-tools" className="mt-6">
					<h2 id="popular-tools" className="text-2xl font-semibold">
						Tools
					</h2>
					<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-tools">
						{liveTools.map((tool) => (
							<li key={tool.slug}>
								<ToolCard tool={tool} />
							</li>
						))}
					</ul>
					{liveGroups.length > 0 ? (
						<p className="mt-4 text-sm text-muted">
							By group:{' '}
							{liveGroups.map((group, index) => (
								<span key={group.id}>
									{index > 0 ? ', ' : null}
									<Link to={group.href ?? '/tools'} className="link">
										{group.name}
									</Link>
								</span>
							))}
						</p>
					) : null}
				</section>
			) : null}

			<section aria-labelledby="why" className="mt-12">
				<h2 id="why" className="text-2xl font-semibold">
					Why use these tools
				</h2>
				<ul className="mt-4 grid gap-4 md:grid-cols-3">
					{promises.map((promise) => (
						<li key={promise.title} className="card">
							<h3 className="font-semibold">{promise.title}</h3>
							<p className="mt-2 text-sm text-muted">{promise.text}</p>
						</li>
					))}
				</ul>
			</section>

			{posts.length > 0 ? (
				<section aria-labelledby="latest-posts" className="mt-12" data-testid="home-posts">
					<div className="flex flex-wrap items-baseline justify-between gap-3">
						<h2 id="latest-posts" className="text-2xl font-semibold">
							Latest from the blog
						</h2>
						<Link to="/blog" className="link text-sm">
							All posts
						</Link>
					</div>
					<ul className="mt-4 grid gap-4 md:grid-cols-3">
						{posts.map((post) => (
							<li key={post.slug}>
								<PostCard post={post} headingLevel={3} compact />
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}
