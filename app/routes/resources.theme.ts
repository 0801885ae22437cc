import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse } from '#app/utils/errors.server.ts'
import { parseTheme, serializeTheme } from '#app/utils/preferences.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'

/** The theme toggle's no-JavaScript path: set the cookie, go back. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await request.formData().catch(() => null)
	const theme = parseTheme(form?.get('theme'))
	if (!theme) return errorResponse('VALIDATION_ERROR', 'Theme must be "dark" or "light"')
	return redirect(safeRedirect(form?.get('redirectTo')), { headers: { 'Set-Cookie': serializeTheme(theme) } })
}

export function loader() {
	return redirect('/')
}
