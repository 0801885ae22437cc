import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getAuthenticator, googleRedirectCookie, readAuthForm, withoutBody } from '#app/accounts/auth.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { GOOGLE_NOT_CONFIGURED, isGoogleRedirectAvailable } from '#app/accounts/google.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * POST /auth/google: starts Google's redirect flow (remix-auth-google). The
 * strategy stores a random `state` in a cookie and redirects to Google's
 * consent page, which comes back to /auth/google/callback.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	// Not configured, or turned off in the admin settings.
	if (!(await isGoogleRedirectAvailable())) {
		await request.body?.cancel().catch(() => {})
		return redirectWithToast('/login', { type: 'error', message: GOOGLE_NOT_CONFIGURED })
	}
	// An unreadable form only loses the way back: the sign-in still starts.
	const formData = await readAuthForm(request)
	const redirectTo = safeRedirect(formData instanceof AppError ? null : formData.get('redirectTo'), '/')
	try {
		await getAuthenticator().authenticate('google', withoutBody(request), { context })
	} catch (thrown) {
		// The strategy answers with a redirect to Google: add our cookie to it.
		if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
			thrown.headers.append('Set-Cookie', await googleRedirectCookie().serialize(redirectTo))
			throw thrown
		}
		throw thrown
	}
	return redirect('/login')
}

export function loader() {
	return redirect('/login')
}
