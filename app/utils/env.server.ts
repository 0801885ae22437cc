/**
 * Environment, read once and validated (Epic Stack style). Every variable is
 * optional with a safe default so `npm start` works on a fresh machine; the
 * README's table documents each one.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	/** The public origin, used for canonical URLs, the sitemap and Open Graph. Never taken from request headers. */
	SITE_URL: z
		.string()
		.url()
		.default('http://localhost:3000')
		.transform((url) => url.replace(/\/+$/, '')),
	/** Comma-separated; the first signs new cookies, the rest still verify (rotation). */
	SESSION_SECRET: z.string().min(16).optional(),
})

export type Env = z.infer<typeof schema>

let cached: (Env & { sessionSecrets: Array<string> }) | undefined

export function getEnv() {
	if (cached) return cached
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) {
		const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
		throw new Error(`Invalid environment: ${problems}`)
	}
	const env = parsed.data
	let sessionSecrets = env.SESSION_SECRET?.split(',').map((s) => s.trim()).filter(Boolean) ?? []
	if (sessionSecrets.length === 0) {
		// A per-process secret keeps a single instance working out of the box;
		// several instances need a shared SESSION_SECRET (README).
		if (env.NODE_ENV === 'production') {
			console.warn('SESSION_SECRET is not set: using a random secret for this process only.')
		}
		sessionSecrets = [randomBytes(32).toString('hex')]
	}
	cached = { ...env, sessionSecrets }
	return cached
}
