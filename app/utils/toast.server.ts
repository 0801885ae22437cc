/**
 * Toasts queued by a server action and shown after its redirect (Epic Stack's
 * pattern): a signed, short-lived flash cookie that the root loader reads and
 * clears.
 */
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { getEnv } from './env.server.ts'
import { z } from 'zod'
import { createToast, toastTypes, type Toast, type ToastInput } from './toast.ts'

// The cookie is signed, but its content is still checked before it is shown.
const ToastSchema = z.object({
	id: z.string().min(1).max(100),
	message: z.string().min(1).max(500),
	type: z.enum(toastTypes),
	duration: z.number().int().min(0).max(60_000),
})

const FLASH_KEY = 'toast'

type ToastSessionData = Record<string, never>
type ToastFlashData = { toast: unknown }

let storage: ReturnType<typeof createCookieSessionStorage<ToastSessionData, ToastFlashData>> | undefined

function toastStorage() {
	storage ??= createCookieSessionStorage<ToastSessionData, ToastFlashData>({
		cookie: {
			name: 'toast',
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: getEnv().secureCookies,
			maxAge: 60,
			secrets: getEnv().sessionSecrets,
		},
	})
	return storage
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
	const session = await toastStorage().getSession()
	session.flash(FLASH_KEY, createToast(input))
	return new Headers({ 'Set-Cookie': await toastStorage().commitSession(session) })
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	for (const cookie of (await createToastHeaders(input)).getSetCookie()) headers.append('Set-Cookie', cookie)
	return redirect(url, { ...init, headers })
}

/** The queued toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const session = await toastStorage().getSession(request.headers.get('Cookie'))
	const raw: unknown = session.get(FLASH_KEY)
	if (raw === undefined) return { toast: null, headers: null }
	const parsed = ToastSchema.safeParse(raw)
	const headers = new Headers({ 'Set-Cookie': await toastStorage().destroySession(session) })
	return { toast: parsed.success ? parsed.data : null, headers }
}
