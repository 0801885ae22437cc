/**
 * Custom Vitest matchers (Epic Stack's tests/setup/custom-matchers.ts), for
 * what a route answers: `toHaveRedirect` and `toSendToast`. Both take a
 * Response or a callRoute outcome (anything with status and headers).
 *
 *     expect(outcome).toHaveRedirect('/profile')           // 302, Location exactly
 *     expect(outcome).toHaveRedirect(/^\/login/)           // 302, Location matching
 *     expect(outcome).toHaveRedirect('/x', { status: 303 })
 *     expect(outcome).toHaveRedirect()                     // 302, any Location
 *     await expect(outcome).toSendToast({ type: 'success', message: 'Saved.' })
 *
 * The status is exact (302, Remix's redirect(), unless given): a 3xx range
 * would be weaker than the `status).toBe(302)` these replace.
 */
import { expect } from 'vitest'
import { getToast } from '#app/utils/toast.server.ts'
import type { Toast } from '#app/utils/toast.ts'

type Answer = { status: number; headers: Headers }

function isAnswer(value: unknown): value is Answer {
	return typeof value === 'object' && value !== null && typeof (value as Answer).status === 'number' && (value as Answer).headers instanceof Headers
}

function describeBody(value: unknown): string {
	const body = (value as { body?: unknown }).body
	if (body === undefined || value instanceof Response) return ''
	const text = typeof body === 'string' ? body : JSON.stringify(body)
	return text ? ` Body: ${text.slice(0, 500)}` : ''
}

/** The toast that the answer's Set-Cookie queues, read the way the root loader reads it (null when none). */
export async function toastOf(headers: Headers): Promise<Toast | null> {
	const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
	if (!cookie) return null
	const request = new Request('http://localhost:3000/', { headers: { Cookie: cookie.split(';')[0]! } })
	return (await getToast(request)).toast
}

expect.extend({
	toHaveRedirect(received: unknown, location?: string | RegExp, options: { status?: number } = {}) {
		if (!isAnswer(received)) return { pass: false, message: () => `expected a Response or a route outcome, got ${this.utils.printReceived(received)}` }
		const status = options.status ?? 302
		const actual = received.headers.get('Location')
		const statusOk = received.status === status
		const locationOk =
			location === undefined ? actual !== null : location instanceof RegExp ? actual !== null && location.test(actual) : actual === location
		const wanted = location === undefined ? 'a redirect' : `a redirect to ${this.utils.printExpected(location)}`
		return {
			pass: statusOk && locationOk,
			message: () =>
				`expected ${this.isNot ? 'not ' : ''}${wanted} (status ${status}); got status ${received.status} and Location ${this.utils.printReceived(actual)}.${describeBody(received)}`,
		}
	},

	async toSendToast(received: unknown, expected: Partial<Toast> = {}) {
		if (!isAnswer(received)) return { pass: false, message: () => `expected a Response or a route outcome, got ${this.utils.printReceived(received)}` }
		const toast = await toastOf(received.headers)
		// Partial like toMatchObject: the toast's id is random.
		const pass = toast !== null && this.equals(toast, expect.objectContaining(expected))
		return {
			pass,
			message: () =>
				toast === null
					? `expected a toast ${this.utils.printExpected(expected)}, but the answer queues none`
					: `expected ${this.isNot ? 'no ' : ''}toast matching ${this.utils.printExpected(expected)}, got ${this.utils.printReceived(toast)}`,
		}
	},
})

interface CustomMatchers<R = unknown> {
	/** A redirect: status 302 (or options.status) and a Location equal to / matching `location` (any when omitted). */
	toHaveRedirect(location?: string | RegExp, options?: { status?: number }): R
	/** The answer queues a toast (Set-Cookie) matching `expected` (partially: the id is random). Await it. */
	toSendToast(expected?: Partial<Toast>): Promise<R>
}

declare module 'vitest' {
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	interface Assertion<T = any> extends CustomMatchers<T> {}
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	interface AsymmetricMatchersContaining extends CustomMatchers {}
}
