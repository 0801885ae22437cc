import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readFormData, TINY_FORM_BYTES } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { errorResponse, jsonError } from '#app/utils/errors.server.ts'
import { parseSidebar, serializeSidebar } from '#app/utils/preferences.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'

/** The sidebar toggle's no-JavaScript path: remember the state, go back. */
export async function action({ request }: ActionFunctionArgs) {
	let form: FormData
	try {
		form = await readFormData(request, TINY_FORM_BYTES, { maxFields: 8 })
	} catch (error) {
		if (error instanceof AppError) return jsonError(error.toJSON())
		throw error
	}
	const state = parseSidebar(form.get('sidebar'))
	if (!state) return errorResponse('VALIDATION_ERROR', 'Sidebar state must be "open" or "closed"')
	return redirect(safeRedirect(form.get('redirectTo')), { headers: { 'Set-Cookie': serializeSidebar(state) } })
}

export function loader() {
	return redirect('/')
}
