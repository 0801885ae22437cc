import { NavLink } from '@remix-run/react'
import { type IconName } from '#app/components/icon.tsx'
import { cn } from '#app/utils/misc.ts'

export type ShellUser = { name: string; role: 'user' | 'admin' } | null

/** The top bar's links (SPEC.md §2): the same in the mobile menu. */
export const primaryLinks: ReadonlyArray<{ name: string; href: string; icon: IconName }> = [
	{ name: 'Home', href: '/', icon: 'home' },
	{ name: 'Tools', href: '/tools', icon: 'wrench' },
	{ name: 'Blog', href: '/blog', icon: 'newspaper' },
	{ name: 'About', href: '/about', icon: 'info' },
]

/** Register and Login when logged out; Profile and Admin (admins) when logged in. Logout is a form. */
export function accountLinks(user: ShellUser): Array<{ name: string; href: string }> {
	if (!user) return [{ name: 'Register', href: '/register' }, { name: 'Login', href: '/login' }]
	const links = [{ name: 'Profile', href: '/profile' }]
	if (user.role === 'admin') links.push({ name: 'Admin', href: '/admin' })
	return links
}

/**
 * The account part of a menu as list items: the links, and Logout as a POST
 * form (a link would let any page log the user out with an <img>).
 */
export function AccountNavItems({ user, linkClass }: { user: ShellUser; linkClass: string }) {
	return (
		<>
			{accountLinks(user).map((link) => (
				<li key={link.href}>
					<NavLink to={link.href} className={({ isActive }) => cn(linkClass, isActive && 'nav-link-active')}>
						{link.name}
					</NavLink>
				</li>
			))}
			{user ? (
				<li>
					<form method="post" action="/logout">
						<button type="submit" className={cn(linkClass, 'w-full')}>
							Logout
						</button>
					</form>
				</li>
			) : null}
		</>
	)
}
