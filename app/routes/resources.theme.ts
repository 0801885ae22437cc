import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse } from '#app/utils/errors.server.ts'
import { parseTheme, readToggleForm, serializeTheme } from '#app/utils/preferences.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'

/** The theme toggle's no-JavaScript path: set the cookie, go back. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await readToggleForm(request)
	if (form instanceof Response) return form
	const theme = parseTheme(form.get('theme'))
	if (!theme) return errorResponse('VALIDATION_ERROR', 'Theme must be "dark" or "light"')
	return redirect(safeRedirect(form.get('redirectTo')), { headers: { 'Set-Cookie': serializeTheme(theme) } })
}

export function loader() {
	return redirect('/')
}
