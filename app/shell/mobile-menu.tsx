import { Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { toolNavItems } from '#app/tools/registry.ts'
import { cn, useHydrated } from '#app/utils/misc.ts'
import { AccountNavItems, primaryLinks, type ShellUser } from './nav-links.tsx'

/**
 * The phone menu: slides in from the right with the top bar's links and a
 * grid of the tools. Before JavaScript the button is a link to `#site-menu`
 * and CSS `:target` shows the panel; after hydration it is a real dialog:
 * focus moves in, Tab stays inside, Escape or the backdrop closes it and
 * focus returns to the button.
 */
export function MobileMenu({ user, registrationOpen = true }: { user: ShellUser; registrationOpen?: boolean }) {
	const [open, setOpen] = useState(false)
	const hydrated = useHydrated()
	const panelRef = useRef<HTMLDivElement>(null)
	const buttonRef = useRef<HTMLAnchorElement>(null)
	const location = useLocation()

	// Any navigation closes the menu.
	useEffect(() => setOpen(false), [location.key])

	useEffect(() => {
		if (!open) return
		const panel = panelRef.current
		panel?.querySelector<HTMLElement>('a, button')?.focus()
		const previousOverflow = document.body.style.overflow
		document.body.style.overflow = 'hidden'
		function onKeyDown(event: KeyboardEvent) {
			if (event.key === 'Escape') {
				event.preventDefault()
				setOpen(false)
				buttonRef.current?.focus()
				return
			}
			if (event.key !== 'Tab' || !panel) return
			const focusable = Array.from(panel.querySelectorAll<HTMLElement>('a, button'))
			const first = focusable[0]
			const last = focusable[focusable.length - 1]
			if (!first || !last) return
			if (event.shiftKey && document.activeElement === first) {
				event.preventDefault()
				last.focus()
			} else if (!event.shiftKey && document.activeElement === last) {
				event.preventDefault()
				first.focus()
			}
		}
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('keydown', onKeyDown)
			document.body.style.overflow = previousOverflow
		}
	}, [open])

	function close() {
		setOpen(false)
		buttonRef.current?.focus()
	}

	return (
		<div className="lg:hidden">
			<a
				ref={buttonRef}
				href="#site-menu"
				role="button"
				className="icon-button"
				aria-label={open ? 'Close menu' : 'Open menu'}
				aria-expanded={hydrated ? open : undefined}
				aria-controls="site-menu"
				data-testid="mobile-menu-button"
				onClick={(event) => {
					event.preventDefault()
					setOpen((value) => !value)
				}}
			>
				<Icon name={open ? 'close' : 'menu'} className="size-6" />
			</a>
			<div
				id="site-menu"
				className={cn('mobile-menu', open && 'mobile-menu-open', !hydrated && 'mobile-menu-nojs')}
				aria-hidden={hydrated ? !open : undefined}
				// React 18 has no typed `inert` prop; an empty string sets the attribute.
				{...(hydrated && !open ? { inert: '' } : {})}
			>
				<a
					href="#"
					className="mobile-menu-backdrop"
					tabIndex={-1}
					aria-hidden
					onClick={(event) => {
						event.preventDefault()
						close()
					}}
				/>
				<div
					ref={panelRef}
					role="dialog"
					aria-modal="true"
					aria-label="Site menu"
					className="mobile-menu-panel"
					data-testid="mobile-menu"
				>
					<div className="flex items-center justify-between">
						<span className="text-sm font-semibold tracking-wide text-muted uppercase">Menu</span>
						<a
							href="#"
							role="button"
							className="icon-button"
							aria-label="Close menu"
							onClick={(event) => {
								event.preventDefault()
								close()
							}}
						>
							<Icon name="close" className="size-6" />
						</a>
					</div>
					<nav aria-label="Mobile">
						<ul className="mt-4 grid gap-1">
							{primaryLinks.map((link) => (
								<li key={link.href}>
									<NavLink to={link.href} end={link.href === '/'} className={({ isActive }) => cn('menu-link', isActive && 'nav-link-active')}>
										<Icon name={link.icon} />
										{link.name}
									</NavLink>
								</li>
							))}
							<AccountNavItems user={user} linkClass="menu-link" registrationOpen={registrationOpen} />
						</ul>
						{toolNavItems.length > 0 ? (
							<>
								<h2 className="mt-6 text-sm font-semibold tracking-wide text-muted uppercase">Tools</h2>
								<ul className="mt-2 grid grid-cols-2 gap-2" data-testid="mobile-tool-grid">
									{toolNavItems.map((item) => (
										<li key={item.href}>
											<Link to={item.href} className="tool-tile">
												<Icon name={item.icon} className="size-6 text-accent" />
												<span>{item.name}</span>
											</Link>
										</li>
									))}
								</ul>
							</>
						) : null}
					</nav>
				</div>
			</div>
		</div>
	)
}
