import { redirect } from '@remix-run/node'

// SPEC.md §2: /admin redirects to /admin/dashboard, whatever the visitor (the
// dashboard checks the role itself; this loader returns no data to protect).
export function loader() {
	return redirect('/admin/dashboard', 302)
}
