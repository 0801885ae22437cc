import { Link } from '@remix-run/react'

export function Footer({ siteName, tagline, year }: { siteName: string; tagline: string; year: number }) {
	return (
		<footer className="border-t border-border bg-surface">
			<div className="mx-auto flex max-w-[96rem] flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
				<p>
					© {year} {siteName}. <span className="hidden sm:inline">{tagline}</span>
				</p>
				<nav aria-label="Footer">
					<Link to="/about" className="link">
						About
					</Link>
				</nav>
			</div>
		</footer>
	)
}
