import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse } from '#app/utils/errors.server.ts'
import { parseSidebar, readToggleForm, serializeSidebar } from '#app/utils/preferences.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'

/** The sidebar toggle's no-JavaScript path: remember the state, go back. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await readToggleForm(request)
	if (form instanceof Response) return form
	const state = parseSidebar(form.get('sidebar'))
	if (!state) return errorResponse('VALIDATION_ERROR', 'Sidebar state must be "open" or "closed"')
	return redirect(safeRedirect(form.get('redirectTo')), { headers: { 'Set-Cookie': serializeSidebar(state) } })
}

export function loader() {
	return redirect('/')
}
