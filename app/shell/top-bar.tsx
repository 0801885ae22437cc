import { Link, NavLink } from '@remix-run/react'
import { cn } from '#app/utils/misc.ts'
import { type Theme } from '#app/utils/theme.ts'
import { MobileMenu } from './mobile-menu.tsx'
import { AccountNavItems, primaryLinks, type ShellUser } from './nav-links.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

export function TopBar({
	siteName,
	user,
	serverTheme,
	registrationOpen = true,
}: {
	siteName: string
	user: ShellUser
	serverTheme: Theme | null
	/** False hides Register (an admin closed registration). */
	registrationOpen?: boolean
}) {
	return (
		<header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border bg-surface">
			<div className="mx-auto flex h-full max-w-[96rem] items-center gap-4 px-4">
				<Link to="/" className="flex items-center gap-2 rounded text-lg font-bold tracking-tight text-fg">
					<span aria-hidden className="grid size-8 place-items-center rounded-lg bg-accent text-sm text-accent-fg">
						{siteName.slice(0, 1).toUpperCase()}
					</span>
					<span>{siteName}</span>
				</Link>
				<nav aria-label="Main" className="ml-4 hidden lg:block">
					<ul className="flex items-center gap-1">
						{primaryLinks.map((link) => (
							<li key={link.href}>
								<NavLink
									to={link.href}
									end={link.href === '/'}
									className={({ isActive }) => cn('nav-link', isActive && 'nav-link-active')}
								>
									{link.name}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="ml-auto flex items-center gap-1">
					<nav aria-label="Account" className="hidden lg:block">
						<ul className="flex items-center gap-1">
							<AccountNavItems user={user} linkClass="nav-link" registrationOpen={registrationOpen} />
						</ul>
					</nav>
					<ThemeToggle serverTheme={serverTheme} />
					<MobileMenu user={user} registrationOpen={registrationOpen} />
				</div>
			</div>
		</header>
	)
}

