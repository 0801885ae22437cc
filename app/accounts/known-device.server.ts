/**
 * "Known device" cookies: a browser where an account signed in before is
 * trusted past that account's sign-in limits (the per account-and-address
 * count and the per-account delay), so a stranger's wrong guesses can never
 * keep the owner out of their own browser. The password is still checked,
 * and the per-address limit still applies.
 *
 * The cookie holds, for up to five accounts that signed in in this browser,
 * the account's user id and a random 128-bit device id. It is signed with
 * SESSION_SECRET exactly like the session cookie (an HMAC over the whole
 * value), so it cannot be forged or moved to another account, and it is
 * httpOnly, SameSite=Lax and lasts a year. It is only ever sent to the
 * log-in form: Path=/login and Path=/login.data (where the form posts when
 * JavaScript runs), so public pages stay cacheable and no other route sees
 * it. It stays after logging out: that is the point.
 *
 * A device cookie is trusted for 10 failed attempts per 15 minutes (its own
 * counter, cleared by a success): someone who copies it, or sits at the
 * owner's computer, falls back to the ordinary limits.
 */
import { randomBytes } from 'node:crypto'
import { createCookie, type Cookie } from '@remix-run/node'
import { getEnv } from '#app/utils/env.server.ts'

export const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60
/** Accounts remembered per browser (a shared computer); the latest sign-ins are kept. */
export const KNOWN_DEVICE_ACCOUNTS = 5
/** The form posts to /login without JavaScript and to /login.data with it (Remix single fetch). */
export const KNOWN_DEVICE_PATHS = ['/login', '/login.data'] as const

export type KnownDevice = { userId: string; deviceId: string }

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/

let cookie: Cookie | undefined

/** `__Secure-` when cookies are Secure (a `__Host-` cookie must have Path=/, which this one avoids). */
export function knownDeviceCookie(): Cookie {
	if (cookie) return cookie
	const env = getEnv()
	cookie = createCookie(env.secureCookies ? '__Secure-known-device' : 'known-device', {
		httpOnly: true,
		sameSite: 'lax',
		secure: env.secureCookies,
		path: KNOWN_DEVICE_PATHS[0],
		maxAge: KNOWN_DEVICE_MAX_AGE_S,
		secrets: env.sessionSecrets,
	})
	return cookie
}

/** For tests that change the environment between cases. */
export function resetKnownDeviceCookie() {
	cookie = undefined
}

/** The accounts this browser is a known device of; [] when absent, unsigned, tampered or malformed. */
export async function readKnownDevices(request: Request): Promise<Array<KnownDevice>> {
	const header = request.headers.get('Cookie')
	if (!header || !header.includes(knownDeviceCookie().name)) return []
	let value: unknown
	try {
		value = await knownDeviceCookie().parse(header)
	} catch {
		return []
	}
	if (!Array.isArray(value)) return []
	const devices: Array<KnownDevice> = []
	for (const entry of value.slice(0, KNOWN_DEVICE_ACCOUNTS)) {
		if (!Array.isArray(entry) || entry.length !== 2) continue
		const [userId, deviceId] = entry as [unknown, unknown]
		if (typeof userId === 'string' && typeof deviceId === 'string' && ID_SHAPE.test(userId) && ID_SHAPE.test(deviceId)) {
			devices.push({ userId, deviceId })
		}
	}
	return devices
}

/**
 * The Set-Cookie headers that make this browser a known device of `userId`
 * (after a successful sign-in): its existing device id is kept, a new one
 * made otherwise, and this account goes first in the list.
 */
export async function rememberDevice(request: Request, userId: string): Promise<Array<string>> {
	const devices = await readKnownDevices(request)
	const existing = devices.find((device) => device.userId === userId)
	const current: KnownDevice = existing ?? { userId, deviceId: randomBytes(16).toString('base64url') }
	const kept = [current, ...devices.filter((device) => device.userId !== userId)].slice(0, KNOWN_DEVICE_ACCOUNTS)
	const value = kept.map((device) => [device.userId, device.deviceId])
	return Promise.all(KNOWN_DEVICE_PATHS.map((path) => knownDeviceCookie().serialize(value, { path })))
}
