import { Link } from '@remix-run/react'
import { Icon } from '#app/components/icon.tsx'
import { toolHref, type Tool } from '#app/tools/registry.ts'

export function ToolCard({ tool }: { tool: Tool }) {
	return (
		<Link to={toolHref(tool)} className="card group flex h-full gap-4 hover:border-accent" data-testid="tool-card">
			<span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent">
				<Icon name={tool.icon} className="size-6" />
			</span>
			<span>
				<span className="block font-semibold group-hover:text-accent">{tool.name}</span>
				<span className="mt-1 block text-sm text-muted">{tool.description}</span>
			</span>
		</Link>
	)
}
