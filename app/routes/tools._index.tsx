import { Link, type MetaFunction } from '@remix-run/react'
import { ToolCard } from '#app/tools/kit/tool-card.tsx'
import { liveToolsInGroup, toolGroups } from '#app/tools/registry.ts'
import { pageSeo } from '#app/utils/seo.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		title: 'All tools',
		description: 'Every free converter and developer tool on the site, by group: documents, developer, text and SEO tools.',
		path: '/tools',
	})

export default function ToolList() {
	const groups = toolGroups
		.map((group) => ({ group, tools: liveToolsInGroup(group.id) }))
		.filter(({ tools }) => tools.length > 0)
	return (
		<div className="page-container">
			<h1 className="text-3xl font-bold tracking-tight">All tools</h1>
			<p className="mt-3 max-w-2xl text-muted">
				Free, private tools that work without an account. Text tools run in your browser as you type.
			</p>
			{groups.length === 0 ? (
				<p className="mt-8 text-muted">No tools are published yet.</p>
			) : (
				groups.map(({ group, tools }) => (
					<section key={group.id} aria-labelledby={`group-${group.id}`} className="mt-10">
						<div className="flex items-baseline justify-between gap-4">
							<h2 id={`group-${group.id}`} className="text-xl font-semibold">
								{group.name}
							</h2>
							{group.href ? (
								<Link to={group.href} className="link text-sm">
									All {group.name.toLowerCase()}
								</Link>
							) : null}
						</div>
						<p className="mt-1 text-sm text-muted">{group.description}</p>
						<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
							{tools.map((tool) => (
								<li key={tool.slug}>
									<ToolCard tool={tool} />
								</li>
							))}
						</ul>
					</section>
				))
			)}
		</div>
	)
}
