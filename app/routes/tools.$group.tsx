import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { ToolCard } from '#app/tools/kit/tool-card.tsx'
import { getLiveGroup, liveToolsInGroup } from '#app/tools/registry.ts'
import { pageSeo } from '#app/utils/seo.ts'

/**
 * Group pages: /tools/dev, /tools/text, /tools/seo. A group is only served
 * (and linked) once it has a live tool; any other /tools/<x> without its own
 * route is a 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
	const group = getLiveGroup(params.group ?? '')
	if (!group) throw data(null, { status: 404 })
	return { groupId: group.id }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const group = data ? getLiveGroup(data.groupId) : undefined
	if (!group?.href) return [{ title: 'Page not found' }]
	return pageSeo(matches, { title: group.name, description: group.description, path: group.href })
}

export default function ToolGroupPage() {
	const { groupId } = useLoaderData<typeof loader>()
	const group = getLiveGroup(groupId)
	if (!group) return null
	return (
		<div className="page-container">
			<h1 className="text-3xl font-bold tracking-tight">{group.name}</h1>
			<p className="mt-3 max-w-2xl text-muted">{group.description}</p>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{liveToolsInGroup(group.id).map((tool) => (
					<li key={tool.slug}>
						<ToolCard tool={tool} />
					</li>
				))}
			</ul>
		</div>
	)
}
