/**
 * Where the users list is (search text and page): every change made from it
 * comes back to the same view.
 */

/** The users list at a search and page (page 1 and an empty search leave no trace in the URL). */
export function usersListHref(q: string, page: number): string {
	const params = new URLSearchParams()
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `/admin/users?${search}` : '/admin/users'
}

/** The list's search and page as hidden fields of a form. */
export function ListState({ q, page }: { q: string; page: number }) {
	return (
		<>
			{q ? <input type="hidden" name="q" value={q} /> : null}
			{page > 1 ? <input type="hidden" name="page" value={page} /> : null}
		</>
	)
}
