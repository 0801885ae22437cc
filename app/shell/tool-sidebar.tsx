import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { toolNavItemsExcept } from '#app/tools/registry.ts'
import { cn } from '#app/utils/misc.ts'

export type SidebarState = 'open' | 'closed'

/**
 * The right sidebar on large screens (SPEC.md §2, §9): the tools other than
 * the current one, 16rem wide open and 3rem closed. The state lives in the
 * `sidebar` cookie so the server renders it right; without JavaScript the
 * toggle is a form, with it the switch is instant.
 */
export function ToolSidebar({ serverState }: { serverState: SidebarState }) {
	const location = useLocation()
	const [state, setState] = useState(serverState)
	useEffect(() => setState(serverState), [serverState])
	const items = toolNavItemsExcept(location.pathname)
	if (items.length === 0) return null
	const open = state === 'open'
	const next: SidebarState = open ? 'closed' : 'open'
	const label = open ? 'Collapse tools sidebar' : 'Expand tools sidebar'

	return (
		<aside
			aria-label="Other tools"
			data-testid="tool-sidebar"
			data-state={state}
			className={cn(
				'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 overflow-y-auto border-l border-border bg-surface transition-[width] duration-200 lg:block',
				open ? 'w-64' : 'w-12',
			)}
		>
			<Form
				method="post"
				action="/resources/sidebar"
				onSubmit={(event) => {
					event.preventDefault()
					setState(next)
					document.cookie = `sidebar=${next}; Path=/; Max-Age=31536000; SameSite=Lax`
				}}
				className={cn('flex p-2', open ? 'justify-between' : 'justify-center')}
			>
				{open ? <h2 className="px-2 py-1.5 text-sm font-semibold text-muted">Other tools</h2> : null}
				<input type="hidden" name="sidebar" value={next} />
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
				<button
					type="submit"
					className="icon-button size-8"
					aria-label={label}
					title={label}
					aria-expanded={open}
					aria-controls="tool-sidebar-list"
					data-testid="sidebar-toggle"
				>
					<Icon name={open ? 'chevron-right' : 'chevron-left'} />
				</button>
			</Form>
			<nav aria-label="Tools">
				<ul id="tool-sidebar-list" className="grid gap-0.5 px-2 pb-4">
					{items.map((item) => (
						<li key={item.href}>
							<Link
								to={item.href}
								className={cn('menu-link', !open && 'justify-center px-0')}
								title={open ? undefined : item.name}
							>
								<Icon name={item.icon} className="size-5 shrink-0 text-accent" />
								<span className={open ? undefined : 'sr-only'}>{item.name}</span>
							</Link>
						</li>
					))}
				</ul>
			</nav>
		</aside>
	)
}
