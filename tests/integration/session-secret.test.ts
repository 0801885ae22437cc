/**
 * A first run that keeps sessions (issue 12, item 6): without SESSION_SECRET,
 * the embedded database's DATA_DIR keeps a generated secret (mode 0600) that
 * every later start reuses; with PostgreSQL the secret is per process, with a
 * loud warning in production. Each start is a child process that loads
 * env.server.ts twice, as production does (server and app bundles), so the
 * test also shows that both copies agree and that the warning prints once.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { SESSION_SECRET_FILE } from '#app/utils/session-secret.server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const child = path.join(root, 'tests/fixtures/session-secret-child.ts')

let dataDir: string
beforeEach(() => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolsite-secret-'))
})
afterEach(() => {
	fs.rmSync(dataDir, { recursive: true, force: true })
})

async function start(env: Record<string, string | undefined>): Promise<{ secrets: Array<Array<string>>; stderr: string }> {
	const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...env }
	for (const name of ['DATABASE_URL', 'SESSION_SECRET'] as const) if (env[name] === undefined) delete childEnv[name]
	const process_ = spawn(process.execPath, ['--import', 'tsx', child], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
	let stdout = ''
	let stderr = ''
	process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
	process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
	const code = await new Promise<number | null>((resolve) => process_.on('close', resolve))
	expect(code, stderr).toBe(0)
	const line = /^secrets (.*)$/m.exec(stdout)
	expect(line, stdout + stderr).not.toBeNull()
	return { secrets: JSON.parse(line![1]!) as Array<Array<string>>, stderr }
}

const secretFile = () => path.join(dataDir, SESSION_SECRET_FILE)

test('embedded database, no SESSION_SECRET: one secret made on the first start, kept 0600 in DATA_DIR, reused on the next', async () => {
	const first = await start({ NODE_ENV: 'development', DATABASE_URL: undefined, SESSION_SECRET: undefined })
	const [secret] = first.secrets[0]!
	expect(secret).toMatch(/^[0-9a-f]{64}$/)
	// Both copies of the module (server and app bundles) sign with the same secret.
	expect(first.secrets[1]).toEqual([secret])
	expect(fs.readFileSync(secretFile(), 'utf8').trim()).toBe(secret)
	expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600)
	// Development says nothing: the secret just works.
	expect(first.stderr).not.toMatch(/SESSION_SECRET/)

	const second = await start({ NODE_ENV: 'development', DATABASE_URL: undefined, SESSION_SECRET: undefined })
	expect(second.secrets).toEqual([[secret], [secret]])
	expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600)
})

test('in production (the Docker image) the kept secret is still a loud warning, printed once', async () => {
	const { secrets, stderr } = await start({ NODE_ENV: 'production', DATABASE_URL: undefined, SESSION_SECRET: undefined })
	expect(secrets[0]).toEqual(secrets[1])
	expect(stderr.match(/WARNING: SESSION_SECRET is not set/g)).toHaveLength(1)
	expect(stderr).toContain(secretFile())
	expect(fs.existsSync(secretFile())).toBe(true)
	// And the next start signs with the same secret.
	expect((await start({ NODE_ENV: 'production', DATABASE_URL: undefined, SESSION_SECRET: undefined })).secrets).toEqual(secrets)
})

test('a kept secret that others can read is made 0600 again', async () => {
	fs.writeFileSync(secretFile(), `${'a'.repeat(64)}\n`, { mode: 0o644 })
	fs.chmodSync(secretFile(), 0o644)
	const { secrets } = await start({ NODE_ENV: 'development', DATABASE_URL: undefined, SESSION_SECRET: undefined })
	expect(secrets[0]).toEqual(['a'.repeat(64)])
	expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600)
})

test('PostgreSQL (DATABASE_URL), no SESSION_SECRET: no file, a per-process secret and one loud warning in production', async () => {
	const databaseUrl = 'postgresql://nobody@127.0.0.1:1/none'
	const first = await start({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SESSION_SECRET: undefined })
	expect(fs.existsSync(secretFile())).toBe(false)
	expect(first.secrets[0]).toEqual(first.secrets[1])
	expect(first.stderr.match(/WARNING: SESSION_SECRET is not set: using a random secret for this process only/g)).toHaveLength(1)
	const second = await start({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SESSION_SECRET: undefined })
	expect(second.secrets[0]).not.toEqual(first.secrets[0])
	expect(fs.readdirSync(dataDir)).toEqual([])
})

test('SESSION_SECRET set: it is used (comma-separated for rotation), nothing is written, nothing is said', async () => {
	const { secrets, stderr } = await start({ NODE_ENV: 'production', DATABASE_URL: undefined, SESSION_SECRET: 'new-secret-0123456789, old-secret-0123456789' })
	expect(secrets).toEqual([
		['new-secret-0123456789', 'old-secret-0123456789'],
		['new-secret-0123456789', 'old-secret-0123456789'],
	])
	expect(stderr).not.toMatch(/SESSION_SECRET/)
	expect(fs.readdirSync(dataDir)).toEqual([])
})
