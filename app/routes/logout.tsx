import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { endWebSession } from '#app/accounts/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * POST /logout: deletes this browser's session and clears its cookie. Other
 * tabs follow through the auth_sync channel (app/accounts/auth-sync.tsx).
 */
export async function action({ request }: ActionFunctionArgs) {
	const setCookie = await endWebSession(request)
	return redirectWithToast('/', { type: 'info', message: 'You have been logged out.' }, { headers: { 'Set-Cookie': setCookie } })
}

/** GET never logs out (an <img src="/logout"> on another site must not); it just goes home. */
export function loader() {
	return redirect('/')
}
