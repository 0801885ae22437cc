import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readFormData, TINY_FORM_BYTES } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { errorResponse, jsonError } from '#app/utils/errors.server.ts'
import { parseTheme, serializeTheme } from '#app/utils/preferences.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'

/** The theme toggle's no-JavaScript path: set the cookie, go back. */
export async function action({ request }: ActionFunctionArgs) {
	let form: FormData
	try {
		form = await readFormData(request, TINY_FORM_BYTES, { maxFields: 8 })
	} catch (error) {
		if (error instanceof AppError) return jsonError(error.toJSON())
		throw error
	}
	const theme = parseTheme(form.get('theme'))
	if (!theme) return errorResponse('VALIDATION_ERROR', 'Theme must be "dark" or "light"')
	return redirect(safeRedirect(form.get('redirectTo')), { headers: { 'Set-Cookie': serializeTheme(theme) } })
}

export function loader() {
	return redirect('/')
}
