import { Form, NavLink, useLocation } from '@remix-run/react'
import { type IconName } from '#app/components/icon.tsx'
import { cn } from '#app/utils/misc.ts'

/** The signed-in user as the shell shows them (id '' while the session cannot be verified). */
export type ShellUser = { id: string; name: string; role: 'user' | 'admin' } | null

/** The top bar's links (SPEC.md §2): the same in the mobile menu. */
export const primaryLinks: ReadonlyArray<{ name: string; href: string; icon: IconName }> = [
	{ name: 'Home', href: '/', icon: 'home' },
	{ name: 'Tools', href: '/tools', icon: 'wrench' },
	{ name: 'Blog', href: '/blog', icon: 'newspaper' },
	{ name: 'About', href: '/about', icon: 'info' },
]

/**
 * Register (unless registration is closed) and Login when logged out;
 * Profile and Admin (admins) when logged in. Logout is a form.
 */
export function accountLinks(user: ShellUser, currentPath = '/', registrationOpen = true): Array<{ name: string; href: string }> {
	if (!user) {
		// Come back here afterwards: people expect to land where they were.
		const back = ['/', '/login', '/register'].includes(currentPath.split('?')[0] ?? '/') ? '' : `?${new URLSearchParams({ redirectTo: currentPath })}`
		return [...(registrationOpen ? [{ name: 'Register', href: `/register${back}` }] : []), { name: 'Login', href: `/login${back}` }]
	}
	const links = [{ name: 'Profile', href: '/profile' }]
	if (user.role === 'admin') links.push({ name: 'Admin', href: '/admin' })
	return links
}

/**
 * The account part of a menu as list items: the links, and Logout as a POST
 * form (a link would let any page log the user out with an <img>).
 */
export function AccountNavItems({ user, linkClass, registrationOpen = true }: { user: ShellUser; linkClass: string; registrationOpen?: boolean }) {
	const location = useLocation()
	return (
		<>
			{accountLinks(user, `${location.pathname}${location.search}`, registrationOpen).map((link) => (
				<li key={link.href}>
					<NavLink to={link.href} className={({ isActive }) => cn(linkClass, isActive && 'nav-link-active')}>
						{link.name}
					</NavLink>
				</li>
			))}
			{user ? (
				<li>
					<Form method="post" action="/logout">
						<button type="submit" className={cn(linkClass, 'w-full text-left')}>
							Logout
						</button>
					</Form>
				</li>
			) : null}
		</>
	)
}
