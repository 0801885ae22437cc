import { Link, useLocation } from '@remix-run/react'
import { GENERIC_ERROR_TITLE } from '#app/utils/errors.ts'

/** SPEC.md §2: the generic error screen with a Refresh Page button. */
export function ErrorScreen() {
	const location = useLocation()
	return (
		<section className="page-container grid min-h-[50vh] place-content-center text-center" data-testid="error-screen">
			<h1 className="text-3xl font-bold">{GENERIC_ERROR_TITLE}</h1>
			<p className="mt-3 text-muted">The page could not be loaded. Please try again in a moment.</p>
			{/* A form GET to the same URL reloads the page even without JavaScript. */}
			<form method="get" action={location.pathname} className="mt-6" onSubmit={(event) => {
				event.preventDefault()
				window.location.reload()
			}}>
				{Array.from(new URLSearchParams(location.search)).map(([name, value], index) => (
					<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
				))}
				<button type="submit" className="button-primary">
					Refresh Page
				</button>
			</form>
		</section>
	)
}

/** Unknown routes: SPEC.md has no such screen, but users expect one (status 404). */
export function NotFound() {
	const location = useLocation()
	return (
		<section className="page-container grid min-h-[50vh] place-content-center text-center" data-testid="not-found">
			<p className="text-sm font-semibold text-accent">404</p>
			<h1 className="mt-2 text-3xl font-bold">Page not found</h1>
			<p className="mt-3 text-muted">
				There is no page at <code className="rounded bg-surface-2 px-1.5 py-0.5 break-all">{location.pathname}</code>.
			</p>
			<div className="mt-6 flex justify-center gap-3">
				<Link to="/" className="button-primary">
					Go home
				</Link>
				<Link to="/tools" className="button-secondary">
					Browse tools
				</Link>
			</div>
		</section>
	)
}
