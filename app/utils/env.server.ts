/**
 * Environment, read once and validated (Epic Stack style). Every variable is
 * optional with a safe default so `npm start` works on a fresh machine; the
 * README's table documents each one. The server (server/*.ts) and the app
 * read them here, so both see the same defaults. Two exceptions read
 * process.env themselves: DATABASE_URL, which the embedded database sets at
 * start (server/db, app/utils/db.server.ts), and standalone scripts
 * (scripts/*), which use the same defaults as this table.
 */
import { z } from 'zod'
import { forgetSessionSecrets, resolveSessionSecrets } from './session-secret.server.ts'

/** `SITE_URL=` in an env file means "not set". */
function unsetWhenEmpty(value: unknown): unknown {
	return value === '' ? undefined : value
}

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	/** The port the server listens on. */
	PORT: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(0).max(65_535).default(3000)),
	/**
	 * The public origin, used for canonical URLs, the sitemap and Open Graph.
	 * Never taken from request headers. Defaults to http://localhost:$PORT.
	 */
	SITE_URL: z.preprocess(unsetWhenEmpty, z.string().url().optional()),
	/** The interface the server listens on. */
	HOST: z.preprocess(unsetWhenEmpty, z.string().default('0.0.0.0')),
	/** Comma-separated; the first signs new cookies, the rest still verify (rotation). Unset: see session-secret.server.ts. */
	SESSION_SECRET: z.string().min(16).optional(),
	/** Where the embedded database (and, without SESSION_SECRET, the kept session secret) lives. */
	DATA_DIR: z.preprocess(unsetWhenEmpty, z.string().default('./data')),
	/** Express `trust proxy`: a hop count or a list (unset: trust no proxy). */
	TRUST_PROXY: z.preprocess(unsetWhenEmpty, z.string().optional()),
	/** `0` turns off the one-line-per-request log. */
	LOG_REQUESTS: z.preprocess(unsetWhenEmpty, z.string().default('1')).transform((value) => value !== '0'),
	/** How long in-flight requests may take to finish on shutdown, in milliseconds. */
	SHUTDOWN_GRACE_MS: z.preprocess(unsetWhenEmpty, z.coerce.number().min(0).default(10_000)),
	/** How long a page rendered for an anonymous visitor is reused, in milliseconds (0: never). */
	PAGE_CACHE_MS: z.preprocess(unsetWhenEmpty, z.coerce.number().min(0).default(1_000)),
	/** `true`: MSW answers Google's APIs inside the server (tests and offline development only). */
	MOCKS: z.preprocess(unsetWhenEmpty, z.string().optional()).transform((value) => value === 'true'),
	/** Google sign-in: the OAuth client id (enables the ID-token API) and secret (enables the redirect flow). */
	GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
	GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
	/** Created (or promoted) as an admin when the server starts. */
	ADMIN_EMAIL: z.string().trim().min(1).optional(),
	ADMIN_PASSWORD: z.string().min(1).optional(),
	/** Log-in and sign-up attempts allowed per client IP per minute (each of /login, /register and the API). */
	AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
	/**
	 * Converter requests allowed per client per minute: POST /api/convert/upload,
	 * /api/edit-pdf, /api/convert/md-to-docx and the PDF converter's and Markdown →
	 * DOCX's forms, one count (a client: its IPv4 address or its IPv6 /64). Each can
	 * carry 100 MB and keep a worker busy for seconds. A person choosing files and
	 * reading results does a few a minute; 60 (one a second, sustained) only stops
	 * a script flooding the pool.
	 */
	RATE_LIMIT_CONVERT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
	/**
	 * Tool runs allowed per client per minute: POST /api/tools/* and every tool
	 * page's form without JavaScript (the QR code generator's too), one count. These
	 * are small (10 MB at most) and quick, and a script may fairly call the API for
	 * each of many files; 600 (ten a second, sustained) leaves it room and stops
	 * a flood well before the worker pool's queue has to.
	 */
	RATE_LIMIT_TOOLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
	/** Worker threads for tool runs (0: one per CPU core, at least 2). */
	TOOL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
	/** Tool runs allowed to wait for a worker; beyond that, 503 with Retry-After. */
	TOOL_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(64),
	/** A tool run still going after this many milliseconds is stopped (422). */
	TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
	/** Heap limit of each tool worker thread, in MB (a run needing more is stopped: 422). */
	TOOL_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(512),
	/**
	 * Job slots of this process's runner (conversions, issue 30): unset, one per core (at least one);
	 * 0, this web server only enqueues and other processes (`npm run worker`) run the jobs.
	 */
	WORKERS: z.coerce.number().int().min(0).max(64).optional(),
	/** How long a form posted without JavaScript waits for its job before it continues on the job's page (/jobs/{id}). */
	JOB_FORM_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
	/** Resident memory cap of each job process, in MB: a job needing more is killed and answered 422. */
	JOB_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(768),
	/** Tool results one account or one address may have stored at once, in MB; beyond it, 429 until some expire. */
	RESULT_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
	/** Tool results stored at once, everyone's together, in MB; beyond it (or with the disk nearly full), 503. */
	RESULT_STORAGE_MB: z.coerce.number().int().min(1).max(10_000_000).default(10_240),
}).transform(({ SITE_URL, ...env }) => ({ ...env, SITE_URL: (SITE_URL ?? defaultSiteUrl(env.PORT)).replace(/\/+$/, '') }))

/** SITE_URL when it is not set: the server's own address on this machine. */
export function defaultSiteUrl(port: number): string {
	return `http://localhost:${port}`
}

export type Env = z.output<typeof schema>

let cached: (Env & { sessionSecrets: Array<string>; secureCookies: boolean }) | undefined

export function getEnv() {
	if (cached) return cached
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) {
		const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
		throw new Error(`Invalid environment: ${problems}`)
	}
	const env = parsed.data
	// DATABASE_URL as the process was started with: the server's first getEnv()
	// runs before the embedded database sets it (server/index.ts).
	const sessionSecrets = resolveSessionSecrets({ ...env, DATABASE_URL: process.env.DATABASE_URL })
	cached = { ...env, sessionSecrets, secureCookies: useSecureCookies(env) }
	return cached
}

/**
 * Cookies are Secure in production. Browsers accept Secure cookies over
 * plain HTTP only on localhost, so a production site whose SITE_URL is plain
 * HTTP on another host (a LAN test box) gets non-Secure cookies, with a
 * warning, instead of logins that silently never stick.
 */
function useSecureCookies(env: Env): boolean {
	if (env.NODE_ENV !== 'production') return false
	const url = new URL(env.SITE_URL)
	if (url.protocol === 'https:') return true
	if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return true
	console.warn(`SITE_URL ${url.origin} is not https: cookies are sent without the Secure flag.`)
	return false
}

/** Resets the cached environment (tests that change process.env). */
export function resetEnvCache() {
	cached = undefined
	forgetSessionSecrets()
}
