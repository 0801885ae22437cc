import { type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { Icon } from '#app/components/icon.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { cn } from '#app/utils/misc.ts'
import { type PostState } from '#app/blog/post-state.ts'
import { ADMIN_QUERY_MAX, type AdminPostQuery } from '#app/blog/post-validation.ts'
import { listAdminPosts, parseAdminPostQuery } from '#app/blog/posts.server.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { formatDateTimeUtc } from '#app/utils/dates.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Blog posts', description: 'Write and manage blog posts.', path: '/admin/posts', noIndex: true })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const query = parseAdminPostQuery(new URL(request.url))
	const list = await listAdminPosts(query)
	return { query, ...list }
}

const formatDate = (value: string | null) => (value ? formatDateTimeUtc(value) : '—')

const STATE_LABELS: Record<PostState, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }
const STATE_CLASSES: Record<PostState, string> = {
	draft: 'border-border bg-surface-2 text-fg',
	scheduled: 'border-warning text-fg',
	published: 'border-success text-fg',
}

function StatusBadge({ state }: { state: PostState }) {
	return (
		<span data-testid="post-status" className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', STATE_CLASSES[state])}>
			{STATE_LABELS[state]}
		</span>
	)
}

function listHref(query: AdminPostQuery, changes: Partial<AdminPostQuery>) {
	const next = { ...query, ...changes }
	const params = new URLSearchParams()
	if (next.q) params.set('q', next.q)
	if (next.status) params.set('status', next.status)
	if (next.sort !== 'updated') params.set('sort', next.sort)
	if (next.page > 1) params.set('page', String(next.page))
	const search = params.toString()
	return `/admin/posts${search ? `?${search}` : ''}`
}

export default function AdminPosts() {
	const { query, posts, total, pages } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-3xl font-bold tracking-tight">Blog posts</h1>
				<Link to="/admin/posts/new" className="button-primary">
					<Icon name="document-text" />
					New post
				</Link>
			</div>

			<Form method="get" className="card mt-6 grid gap-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end" role="search" aria-label="Find posts">
				<div>
					<label htmlFor="posts-q" className="form-label">
						Search titles and text
					</label>
					<input id="posts-q" name="q" type="search" defaultValue={query.q} maxLength={ADMIN_QUERY_MAX} className="form-input" />
				</div>
				<div>
					<label htmlFor="posts-status" className="form-label">
						Status
					</label>
					<select id="posts-status" name="status" defaultValue={query.status} className="form-input">
						<option value="">All</option>
						<option value="draft">Draft</option>
						<option value="scheduled">Scheduled</option>
						<option value="published">Published</option>
					</select>
				</div>
				<div>
					<label htmlFor="posts-sort" className="form-label">
						Sort by
					</label>
					<select id="posts-sort" name="sort" defaultValue={query.sort} className="form-input">
						<option value="updated">Last updated</option>
						<option value="published">Publish date</option>
						<option value="title">Title</option>
					</select>
				</div>
				<button type="submit" className="button-secondary">
					Apply
				</button>
			</Form>

			<section aria-labelledby="posts-heading" className="card mt-6 overflow-x-auto">
				<h2 id="posts-heading" className="text-lg font-semibold">
					{total === 1 ? '1 post' : `${total.toLocaleString('en-US')} posts`}
					{query.q || query.status ? <span className="font-normal text-muted"> matching</span> : null}
				</h2>
				{posts.length === 0 ? (
					<p className="mt-3 text-sm text-muted">
						{query.q || query.status ? 'No posts match.' : 'No posts yet. '}
						{query.q || query.status ? null : (
							<Link to="/admin/posts/new" className="link">
								Write the first one
							</Link>
						)}
					</p>
				) : (
					<table className="mt-4 w-full min-w-[40rem] text-left text-sm" data-testid="admin-posts">
						<thead className="text-muted">
							<tr>
								<th scope="col" className="py-2 pr-4 font-semibold">Title</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Status</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Publish date</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Updated</th>
								<th scope="col" className="py-2 font-semibold">Author</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-border">
							{posts.map((post) => (
								<tr key={post.id}>
									<td className="py-2 pr-4">
										<Link to={`/admin/posts/${post.id}/edit`} className="link font-medium break-words">
											{post.title}
										</Link>
										<div className="text-xs break-all text-muted">/blog/{post.slug}</div>
									</td>
									<td className="py-2 pr-4">
										<StatusBadge state={post.state} />
									</td>
									<td className="py-2 pr-4 whitespace-nowrap">{formatDate(post.publishedAt)}</td>
									<td className="py-2 pr-4 whitespace-nowrap">{formatDate(post.updatedAt)}</td>
									<td className="py-2 break-all">{post.author}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
				{pages > 1 ? (
					<nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
						{query.page > 1 ? (
							<Link to={listHref(query, { page: query.page - 1 })} className="button-secondary" rel="prev">
								Previous
							</Link>
						) : (
							<span />
						)}
						<span className="text-muted">
							Page {query.page} of {pages}
						</span>
						{query.page < pages ? (
							<Link to={listHref(query, { page: query.page + 1 })} className="button-secondary" rel="next">
								Next
							</Link>
						) : (
							<span />
						)}
					</nav>
				) : null}
			</section>
		</div>
	)
}
