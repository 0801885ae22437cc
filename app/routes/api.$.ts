import { errorResponse } from '#app/utils/errors.server.ts'

// An unknown /api/... path answers 404 in JSON (never the HTML not-found page).
export function loader() {
	return errorResponse('NOT_FOUND', 'API endpoint not found')
}

export function action() {
	return errorResponse('NOT_FOUND', 'API endpoint not found')
}
