import { redirect } from '@remix-run/node'

// SPEC.md §2: /admin redirects to /admin/dashboard (which checks the role itself).
export function loader() {
	return redirect('/admin/dashboard', 302)
}
