import { type IconName } from '#app/components/icon.tsx'

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
