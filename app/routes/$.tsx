import { data } from '@remix-run/node'
import { NotFound } from '#app/components/error-screens.tsx'

// Any path no other route claims: the not-found page, with status 404.
export function loader() {
	throw data(null, { status: 404 })
}

export function action() {
	throw data(null, { status: 404 })
}

export default function CatchAll() {
	return <NotFound />
}
