import { type LoaderFunctionArgs } from '@remix-run/node'
import { Form, NavLink, Outlet } from '@remix-run/react'
import { useId, useState } from 'react'
import { Icon, type IconName } from '#app/components/icon.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { cn, useHydrated } from '#app/utils/misc.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'

/**
 * The admin area's layout (SPEC.md §2): a collapsible side panel with the
 * sections, the Admin label and a Logout button that does log out. This
 * loader's check guards only the layout's own data: every child route's
 * loader and action calls requireAdmin itself, since Remix runs a page's
 * loaders in parallel.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireAdmin(request)
	return { admin: { name: user.name } }
}

export const headers = privatePageHeaders

const sections: Array<{ name: string; href: string; icon: IconName }> = [
	{ name: 'Dashboard', href: '/admin/dashboard', icon: 'chart' },
	{ name: 'Blog Posts', href: '/admin/posts', icon: 'newspaper' },
	{ name: 'Users', href: '/admin/users', icon: 'users' },
	{ name: 'Settings', href: '/admin/settings', icon: 'cog' },
]

export default function AdminLayout() {
	const [collapsed, setCollapsed] = useState(false)
	const navId = useId()
	// The toggle needs JavaScript: before hydration (or without it) the panel stays open and no dead button shows.
	const hydrated = useHydrated()
	return (
		<div className="flex min-h-[calc(100dvh-4rem)] flex-col md:flex-row">
			<aside
				aria-label="Admin"
				data-testid="admin-panel"
				data-state={collapsed ? 'closed' : 'open'}
				className={cn('shrink-0 border-b border-border bg-surface md:border-r md:border-b-0', collapsed ? 'md:w-16' : 'md:w-64')}
			>
				<div className={cn('flex min-h-14 items-center justify-between gap-2 p-2', collapsed && 'md:justify-center')}>
					{collapsed ? null : <p className="px-2 text-xs font-bold tracking-wider text-muted uppercase">Admin</p>}
					{hydrated ? (
						<button
							type="button"
							className="icon-button hidden md:inline-grid"
							onClick={() => setCollapsed((value) => !value)}
							aria-expanded={!collapsed}
							aria-controls={navId}
							aria-label={collapsed ? 'Expand admin panel' : 'Collapse admin panel'}
						>
							<Icon name={collapsed ? 'chevron-right' : 'chevron-left'} />
						</button>
					) : null}
				</div>
				<nav id={navId} aria-label="Admin sections" className="px-2 pb-2 md:pt-0">
					{/* Phones: one wrapping row under the label; md and up: a column that collapses to icons. */}
					<ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
						{sections.map((section) => (
							<li key={section.href}>
								<NavLink
									to={section.href}
									className={({ isActive }) => cn('menu-link', isActive && 'nav-link-active')}
									title={collapsed ? section.name : undefined}
								>
									<Icon name={section.icon} />
									<span className={cn(collapsed && 'md:sr-only')}>{section.name}</span>
								</NavLink>
							</li>
						))}
						<li>
							<Form method="post" action="/logout">
								<button type="submit" className="menu-link w-full" title={collapsed ? 'Logout' : undefined}>
									<Icon name="logout" />
									<span className={cn(collapsed && 'md:sr-only')}>Logout</span>
								</button>
							</Form>
						</li>
					</ul>
				</nav>
			</aside>
			<div className="min-w-0 flex-1">
				<Outlet />
			</div>
		</div>
	)
}
