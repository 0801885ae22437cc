import { Form, Link } from '@remix-run/react'
import { Icon } from '#app/components/icon.tsx'
import { usersListHref } from './list-state.tsx'

/** Search by name or email (a GET: the list's URL says what it shows). */
export function UserSearch({ q }: { q: string }) {
	return (
		<Form method="get" action="/admin/users" role="search" className="mt-6 flex flex-wrap items-end gap-2">
			<div className="min-w-0 flex-1 sm:max-w-md">
				<label htmlFor="user-search" className="form-label">
					Search by name or email
				</label>
				<input id="user-search" name="q" type="search" defaultValue={q} maxLength={200} className="form-input mt-1 w-full" />
			</div>
			<button type="submit" className="button-primary">
				<Icon name="search" />
				Search
			</button>
			{q ? (
				<Link to="/admin/users" className="button-secondary">
					Clear
				</Link>
			) : null}
		</Form>
	)
}

export function Pagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
	if (pageCount <= 1) return null
	return (
		<nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4 text-sm">
			{page > 1 ? (
				<Link to={usersListHref(q, page - 1)} className="button-secondary" rel="prev">
					<Icon name="chevron-left" />
					Previous
				</Link>
			) : (
				<span />
			)}
			<span className="text-muted">
				Page {page} of {pageCount}
			</span>
			{page < pageCount ? (
				<Link to={usersListHref(q, page + 1)} className="button-secondary" rel="next">
					Next
					<Icon name="chevron-right" />
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
