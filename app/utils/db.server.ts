/**
 * The Prisma client: the only module that imports the generated client
 * (app/generated/prisma), so it never reaches the browser bundle.
 *
 * `prisma` is created on first use, not at import: DATABASE_URL is only known
 * once server/db/database.server.ts's startDatabase() has run (it points at
 * the embedded database's socket when no DATABASE_URL was configured). The
 * instance lives on globalThis so Vite's HMR re-imports reuse one pool.
 *
 * Connections come from node-postgres' pool (max 10). A connection that
 * fails is dropped from the pool, so after a PostgreSQL restart the next
 * queries simply open new connections.
 */
import { PrismaPg } from '@prisma/adapter-pg'
import { Prisma, PrismaClient } from '#app/generated/prisma/client.ts'

export type { PrismaClient }

/** True for a unique-constraint violation (Prisma's P2002): a concurrent insert won. */
/**
 * Text for Prisma's `contains`/`startsWith`, which build a LIKE pattern
 * without escaping: a search for `%` or `_` would match everything.
 * PostgreSQL's LIKE escape character is the backslash.
 */
export function escapeLike(text: string): string {
	return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export function isUniqueViolation(error: unknown): boolean {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

type Holder = { client: PrismaClient; url: string }
const globalForPrisma = globalThis as typeof globalThis & { __appPrisma?: Holder }

export function createPrismaClient(url: string): PrismaClient {
	const adapter = new PrismaPg(
		{ connectionString: url, max: 10, connectionTimeoutMillis: 5000 },
		{
			// An idle connection died (server restart, network): the pool has
			// already discarded it; nothing else to do.
			onPoolError: () => {},
		},
	)
	return new PrismaClient({ adapter })
}

/** The shared client, created on first call from process.env.DATABASE_URL. */
export function getPrisma(): PrismaClient {
	const url = process.env.DATABASE_URL
	if (!url) {
		throw new Error('DATABASE_URL is not set: call startDatabase() (server/db/database.server.ts) before using the database.')
	}
	const held = globalForPrisma.__appPrisma
	if (held && held.url === url) return held.client
	if (held) void held.client.$disconnect().catch(() => {})
	const client = createPrismaClient(url)
	globalForPrisma.__appPrisma = { client, url }
	return client
}

/**
 * The shared client. Property access creates it (see getPrisma), so importing
 * this module has no side effects.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
	get(_target, property) {
		const client = getPrisma()
		const value: unknown = Reflect.get(client, property, client)
		return typeof value === 'function' ? value.bind(client) : value
	},
	has(_target, property) {
		return Reflect.has(getPrisma(), property)
	},
})

/** Closes the shared client's connections (graceful shutdown, end of tests). */
export async function disconnectPrisma(): Promise<void> {
	const held = globalForPrisma.__appPrisma
	globalForPrisma.__appPrisma = undefined
	await held?.client.$disconnect()
}

/**
 * Health check: resolves when the database answers `SELECT 1` within
 * `timeoutMs`; otherwise rejects with an Error whose message is a short
 * reason ("timed out after 2000 ms", "connection refused", …) that never
 * contains credentials.
 */
export async function checkDatabase(timeoutMs = 2000, client?: PrismaClient): Promise<void> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
	})
	const query = Promise.resolve()
		.then(() => (client ?? getPrisma()).$queryRawUnsafe('SELECT 1'))
		.catch((error: unknown) => {
			throw new Error(describeDatabaseError(error))
		})
	query.catch(() => {}) // may settle after the timeout
	try {
		await Promise.race([query, timeout])
	} finally {
		clearTimeout(timer)
	}
}

/**
 * Seconds a client should wait before retrying while the database is
 * unreachable: the `Retry-After` of every 503 an outage causes (pages, API,
 * feeds, /healthz). A PostgreSQL restart usually takes a few seconds.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Driver-adapter error kinds that mean "the server cannot be talked to right now". */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
/**
 * Prisma's "cannot reach / timed out / connection closed / no connection
 * from the pool in time" codes (P1xxx from the engine, P2024 from the pool).
 */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])
/** Socket errors of the driver (Node's codes). ENOENT is left out: any missing file has it. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'])
/** PostgreSQL SQLSTATEs: class 08 (connection exception), shutting down or starting up, too many connections. */
const UNAVAILABLE_SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
/**
 * node-postgres throws plain Errors (no code) when a connection dies in a
 * query or cannot be had in time; these are its own messages, matched from
 * their start so an error that merely quotes one is not taken for it.
 */
const UNAVAILABLE_MESSAGES =
	/^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Can't reach database server)/

/**
 * True when `error` (or an error in its chain: `cause`, Prisma's
 * `meta.driverAdapterError`) says the database is unreachable right now: a
 * refused, reset, cut or timed-out connection, a server shutting down or
 * starting up, too many connections. The one place that recognises an
 * outage: requests answer 503 with Retry-After for these (pages through
 * app/entry.server.tsx, the API and other resource routes through
 * app/utils/api.server.ts), never 401 or 500. Query errors (a constraint,
 * bad SQL) and configuration errors (wrong password, no such database) are
 * not outages.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	for (const record of errorChain(error)) {
		if (typeof record.kind === 'string' && UNAVAILABLE_KINDS.has(record.kind)) return true
		for (const code of [record.code, record.errorCode, record.originalCode]) {
			if (typeof code !== 'string') continue
			if (UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)) return true
		}
		if (typeof record.message === 'string' && UNAVAILABLE_MESSAGES.test(record.message.trim())) return true
	}
	return false
}

type ErrorRecord = {
	code?: unknown
	errorCode?: unknown
	originalCode?: unknown
	kind?: unknown
	message?: unknown
	cause?: unknown
	meta?: { driverAdapterError?: unknown }
}

/** An error and the errors behind it (`cause`, Prisma's driver-adapter error), breadth first, each once. */
function* errorChain(error: unknown): Generator<ErrorRecord> {
	const seen = new Set<unknown>()
	const queue: Array<unknown> = [error]
	while (queue.length > 0) {
		const e = queue.shift()
		if (!e || typeof e !== 'object' || seen.has(e)) continue
		seen.add(e)
		const record = e as ErrorRecord
		yield record
		queue.push(record.cause, record.meta?.driverAdapterError)
	}
}

/** Reasons by driver-adapter error kind, Node error code or PostgreSQL SQLSTATE. */
const REASONS: Record<string, string> = {
	DatabaseNotReachable: 'database server unreachable',
	DatabaseDoesNotExist: 'database does not exist',
	DatabaseAccessDenied: 'access denied',
	AuthenticationFailed: 'authentication failed',
	ConnectionClosed: 'connection closed',
	SocketTimeout: 'connection timed out',
	TooManyConnections: 'too many connections',
	TlsConnectionError: 'TLS connection error',
	ECONNREFUSED: 'connection refused',
	ENOENT: 'database socket not found',
	ETIMEDOUT: 'connection timed out',
	ECONNRESET: 'connection reset',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found',
	'57P01': 'server is shutting down',
	'57P03': 'server is starting up',
	'53300': 'too many connections',
	'28P01': 'authentication failed',
	'3D000': 'database does not exist',
}

/** A short, credential-free reason, from the most specific code found in the error's chain (for logs and health checks). */
export function describeDatabaseError(error: unknown): string {
	let messageFallback: string | undefined
	for (const record of errorChain(error)) {
		for (const code of [record.originalCode, record.code, record.kind]) {
			if (typeof code === 'string' && Object.hasOwn(REASONS, code)) return REASONS[code]!
		}
		if (!messageFallback && typeof record.message === 'string' && record.message.trim()) {
			messageFallback = record.message
		}
	}
	const line =
		(messageFallback ?? String(error))
			.split('\n')
			.map((l) => l.trim())
			.filter(Boolean)
			.at(-1) ?? 'database error'
	return line.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@').slice(0, 200)
}
