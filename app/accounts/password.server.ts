/**
 * Password hashing with scrypt (node:crypto, so no native add-on), at one of
 * OWASP's equivalent settings: N = 2^15, r = 8, p = 3 (32 MiB, ≈ 0.3 s on
 * this project's machines). The parameters are stored in each hash, so they
 * can be raised later and old hashes still verify (and get rehashed on login).
 *
 * scrypt runs on libuv's thread pool, never on the event loop. At most two
 * hashes run at once, so file and DNS work sharing that pool keeps moving
 * during a login storm; a long queue is refused (503) rather than letting
 * requests wait for minutes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { AppError } from '#app/utils/errors.ts'

export type ScryptParams = { logN: number; r: number; p: number }

/**
 * Unit and integration tests (Vitest sets NODE_ENV=test) hash with the
 * smallest parameters a stored hash may have, as Django's test settings do:
 * the same code runs, 100× faster, and a thousand sign-ins in the suite stop
 * costing minutes of CI. The built server, which the end-to-end tests drive,
 * always uses the real ones.
 */
export const PRODUCTION_PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 }
const TEST_PARAMS: ScryptParams = { logN: 10, r: 8, p: 1 }
export const CURRENT_PARAMS: ScryptParams = process.env.NODE_ENV === 'test' ? TEST_PARAMS : PRODUCTION_PARAMS
const KEY_LENGTH = 32
const SALT_LENGTH = 16
const MAX_CONCURRENT = 2
const MAX_QUEUED = 200

let running = 0
const waiting: Array<() => void> = []

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
	if (running >= MAX_CONCURRENT) {
		if (waiting.length >= MAX_QUEUED) {
			throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy signing people in. Please try again in a few seconds.')
		}
		await new Promise<void>((resolve) => waiting.push(resolve))
	}
	running++
	try {
		return await work()
	} finally {
		running--
		waiting.shift()?.()
	}
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
	const N = 2 ** params.logN
	return withHashSlot(
		() =>
			new Promise<Buffer>((resolve, reject) => {
				scryptCallback(password, salt, KEY_LENGTH, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 }, (error, key) =>
					error ? reject(error) : resolve(key),
				)
			}),
	)
}

/** `scrypt$<logN>$<r>$<p>$<salt>$<key>` (base64url), for the User.passwordHash column. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
	const salt = randomBytes(SALT_LENGTH)
	const key = await derive(password, salt, params)
	return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

type ParsedHash = { params: ScryptParams; salt: Buffer; key: Buffer }

function parseHash(stored: string): ParsedHash | null {
	const [scheme, logN, r, p, salt, key] = stored.split('$')
	if (scheme !== 'scrypt' || !salt || !key) return null
	const params = { logN: Number(logN), r: Number(r), p: Number(p) }
	// Refuse parameters that could tie up the server (a damaged or hostile row).
	if (![params.logN, params.r, params.p].every(Number.isInteger)) return null
	if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null
	return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') }
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const parsed = parseHash(stored)
	if (!parsed || parsed.key.length !== KEY_LENGTH) return false
	const key = await derive(password, parsed.salt, parsed.params)
	return timingSafeEqual(key, parsed.key)
}

/** True when the hash was made with weaker parameters than today's (rehash after a successful login). */
export function needsRehash(stored: string): boolean {
	const parsed = parseHash(stored)
	if (!parsed) return true
	const { logN, r, p } = parsed.params
	return logN !== CURRENT_PARAMS.logN || r !== CURRENT_PARAMS.r || p !== CURRENT_PARAMS.p
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as checking a real password, for logins with an
 * unknown email: the answer's timing then does not tell whether an account
 * exists (ASVS 6.3.8).
 */
export async function verifyDummyPassword(password: string): Promise<false> {
	dummyHash ??= hashPassword('dummy password that never matches')
	await verifyPassword(password, await dummyHash)
	return false
}
