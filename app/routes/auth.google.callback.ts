import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { authFailure, clearGoogleFlowCookies, getAuthenticator, googleRedirectCookie, startWebSession } from '#app/accounts/auth.server.ts'
import {
	GOOGLE_FAILED,
	GOOGLE_NOT_CONFIGURED,
	isGoogleRedirectAvailable,
	type GoogleOutcome,
} from '#app/accounts/google.server.ts'
import { rememberDevice } from '#app/accounts/known-device.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { answerOutages } from '#app/utils/api.server.ts'
import { isDatabaseUnavailable } from '#app/utils/db.server.ts'

const WELCOME: Record<GoogleOutcome, string> = {
	'signed-in': 'Signed in with Google.',
	created: 'Welcome! Your account was created with Google.',
	linked: 'Your Google account is now linked: you can sign in with it from now on.',
	'linked-secured':
		'Your Google account is now linked. The password set earlier for this address was removed, since the address had not been confirmed: set a new one in your profile if you want one.',
}

/**
 * GET /auth/google/callback: Google sends the browser back here with a code
 * and the state. remix-auth checks the state against its cookie, exchanges
 * the code and reads the profile; we start our own session. Any failure
 * (a forged or replayed callback, a cancelled consent, Google refusing the
 * code) goes back to /login with one generic message: never a 500, nothing
 * from the URL echoed.
 */
export const loader = answerOutages(async ({ request, context }: LoaderFunctionArgs) => {
	if (!(await isGoogleRedirectAvailable())) return redirectWithToast('/login', { type: 'error', message: GOOGLE_NOT_CONFIGURED })
	const cookieHeader = request.headers.get('Cookie')
	const redirectTo = safeRedirect((await googleRedirectCookie().parse(cookieHeader).catch(() => null)) as string | null, '/')
	const clearFlow = new Headers()
	for (const cookie of await clearGoogleFlowCookies()) clearFlow.append('Set-Cookie', cookie)
	// The person pressed Cancel on Google's page. Google's error_description is never shown.
	if (new URL(request.url).searchParams.get('error') === 'access_denied') {
		return redirectWithToast('/login', { type: 'info', message: 'Google sign-in was cancelled.' }, { headers: clearFlow })
	}
	let authenticated
	try {
		authenticated = await getAuthenticator().authenticate('google', request, { context })
	} catch (error) {
		// A database outage is no failed sign-in: answered 503 (answerOutages).
		if (error instanceof Response || isDatabaseUnavailable(error)) throw error
		let message = GOOGLE_FAILED
		try {
			message = authFailure(error).message
		} catch (unexpected) {
			console.error('Google sign-in failed:', unexpected)
		}
		return redirectWithToast('/login', { type: 'error', message, duration: 10_000 }, { headers: clearFlow })
	}
	const { user, google } = authenticated
	const headers = new Headers()
	headers.append('Set-Cookie', await startWebSession(request, user.id))
	for (const cookie of await rememberDevice(request, user.id)) headers.append('Set-Cookie', cookie)
	for (const cookie of clearFlow.getSetCookie()) headers.append('Set-Cookie', cookie)
	const secured = google === 'linked-secured'
	return redirectWithToast(
		secured ? '/profile' : redirectTo,
		{ type: secured ? 'warning' : 'success', message: WELCOME[google ?? 'signed-in'], duration: secured ? 0 : undefined },
		{ headers },
	)
})

export function action() {
	return redirect('/login')
}
