/**
 * The secret that signs cookies when SESSION_SECRET is not set (issue 12,
 * item 6). Resolved once per process, at the first getEnv():
 *
 * - Embedded database (no DATABASE_URL at start): a secret is generated once
 *   and kept in DATA_DIR/session-secret (mode 0600), beside the database it
 *   belongs to, and reused on every later start, so a restart no longer logs
 *   everyone out. In production (the Docker image sets NODE_ENV=production)
 *   this is still a loud warning: set SESSION_SECRET there.
 * - PostgreSQL (DATABASE_URL set): nothing on disk is shared between the
 *   instances that may use that database, so the secret is random for this
 *   process only, with a loud warning in production, as before.
 *
 * The server bundle (build/http-server.js) and the app bundle
 * (build/server/index.js) each hold a copy of this module: the resolved
 * secret is kept on globalThis so both use the same one and the warning
 * prints once.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const SESSION_SECRET_FILE = 'session-secret'

type Resolved = { secrets: Array<string>; source: 'env' | 'file' | 'process' }

const GLOBAL_KEY = Symbol.for('toolsite.sessionSecret')
type WithSecret = typeof globalThis & { [GLOBAL_KEY]?: Resolved }

export type SessionSecretInput = {
	/** SESSION_SECRET as given (comma-separated for rotation). */
	SESSION_SECRET?: string
	NODE_ENV: 'production' | 'development' | 'test'
	/** DATABASE_URL as given at start: set means PostgreSQL, unset the embedded database. */
	DATABASE_URL?: string
	DATA_DIR: string
}

/** The session secrets for this process (the first signs), resolved once. */
export function resolveSessionSecrets(env: SessionSecretInput, warn: (message: string) => void = console.warn): Array<string> {
	const shared = globalThis as WithSecret
	shared[GLOBAL_KEY] ??= resolve(env, warn)
	return shared[GLOBAL_KEY].secrets
}

/** Forgets the resolved secret (tests that change process.env). */
export function forgetSessionSecrets() {
	delete (globalThis as WithSecret)[GLOBAL_KEY]
}

function resolve(env: SessionSecretInput, warn: (message: string) => void): Resolved {
	const given = env.SESSION_SECRET?.split(',').map((s) => s.trim()).filter(Boolean) ?? []
	if (given.length > 0) return { secrets: given, source: 'env' }
	if (env.DATABASE_URL?.trim()) {
		if (env.NODE_ENV === 'production') {
			warn(
				'WARNING: SESSION_SECRET is not set: using a random secret for this process only. Every restart logs everyone out, and several instances do not share logins. Set SESSION_SECRET (README).',
			)
		}
		return { secrets: [randomSecret()], source: 'process' }
	}
	const file = path.join(path.resolve(env.DATA_DIR), SESSION_SECRET_FILE)
	const secret = readOrCreateSecret(file)
	if (env.NODE_ENV === 'production') {
		warn(`WARNING: SESSION_SECRET is not set: using the secret kept in ${file}. Set SESSION_SECRET in production (README).`)
	}
	return { secrets: [secret], source: 'file' }
}

function randomSecret(): string {
	return randomBytes(32).toString('hex')
}

/**
 * The secret in `file`, made first if there is none. Written to a temporary
 * file and linked into place, so a reader never sees half a secret and two
 * processes starting at once end up with the same one (the second link fails
 * and it reads the first's).
 */
export function readOrCreateSecret(file: string): string {
	const existing = readSecret(file)
	if (existing) return existing
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
	fs.writeFileSync(temporary, `${randomSecret()}\n`, { mode: 0o600, flag: 'wx' })
	try {
		fs.linkSync(temporary, file)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
	} finally {
		fs.rmSync(temporary, { force: true })
	}
	const secret = readSecret(file)
	if (!secret) throw new Error(`${file} holds no usable session secret: remove it to have a new one made.`)
	return secret
}

function readSecret(file: string): string | undefined {
	let text: string
	try {
		text = fs.readFileSync(file, 'utf8')
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
		throw error
	}
	// Someone else may have loosened it (a copy, a restore): only the server's user may read it.
	if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
	const secret = text.trim()
	if (secret.length < 32) throw new Error(`${file} holds no usable session secret: remove it to have a new one made.`)
	return secret
}
