import { expect, test } from 'vitest'
import { TOAST_DEFAULT_DURATION, createToast } from './toast.ts'
import { createToastHeaders, getToast, redirectWithToast } from './toast.server.ts'

function cookieHeaderFrom(headers: Headers): string {
	return headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ')
}

test('a toast has a random id, type info and 4000 ms by default; 0 keeps it', () => {
	const a = createToast({ message: 'Saved' })
	const b = createToast({ message: 'Saved' })
	expect(a).toMatchObject({ message: 'Saved', type: 'info', duration: TOAST_DEFAULT_DURATION })
	expect(TOAST_DEFAULT_DURATION).toBe(4000)
	expect(a.id).not.toBe(b.id)
	expect(createToast({ message: 'Sticky', duration: 0 }).duration).toBe(0)
})

test('a server action can queue a toast across a redirect, shown once', async () => {
	const response = await redirectWithToast('/tools', { message: 'Settings saved', type: 'success' })
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/tools')
	const request = new Request('http://localhost/tools', { headers: { Cookie: cookieHeaderFrom(response.headers) } })
	const { toast, headers } = await getToast(request)
	expect(toast).toMatchObject({ message: 'Settings saved', type: 'success', duration: 4000 })
	// Reading it clears the cookie.
	expect(headers?.get('Set-Cookie')).toMatch(/toast=;.*Expires=Thu, 01 Jan 1970/)
})

test('a forged or tampered toast cookie is ignored', async () => {
	const headers = await createToastHeaders({ message: 'Real' })
	const cookie = cookieHeaderFrom(headers)
	const tampered = cookie.replace(/toast=([^.]+)/, (_m, value: string) => `toast=${value.slice(0, -2)}AA`)
	expect((await getToast(new Request('http://x/', { headers: { Cookie: tampered } }))).toast).toBeNull()
	expect((await getToast(new Request('http://x/', { headers: { Cookie: 'toast=garbage' } }))).toast).toBeNull()
	expect((await getToast(new Request('http://x/'))).toast).toBeNull()
})
