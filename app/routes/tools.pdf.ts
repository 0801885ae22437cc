import { redirect } from '@remix-run/node'

// SPEC.md §2: an old tool path, kept as a real HTTP redirect.
export function loader() {
	return redirect('/tools/pdf-converter', 301)
}
