/**
 * The two migration commands a developer runs, end to end, as the README
 * describes them: change schema.prisma, `npm run db:migration -- <name>`,
 * then `npm run db:migrate`. Run on a copy of prisma/ (PROJECT_ROOT) and a
 * throwaway embedded database, so the real migrations folder is untouched.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeTempDataDir } from '#tests/setup/db.ts'

const run = promisify(execFile)
let root: string
let dataDir: string

beforeAll(async () => {
	root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolsite-scripts-'))
	await fs.cp(path.resolve('prisma'), path.join(root, 'prisma'), { recursive: true })
	dataDir = await makeTempDataDir()
})

afterAll(async () => {
	await fs.rm(root, { recursive: true, force: true })
	await fs.rm(dataDir, { recursive: true, force: true })
})

function npmRun(script: string, ...args: Array<string>) {
	const env = { ...process.env, PROJECT_ROOT: root, DATA_DIR: dataDir, DATABASE_URL: '' }
	return run('npm', ['run', '--silent', script, '--', ...args], { env, cwd: process.cwd(), timeout: 120_000 })
}

test('db:migration writes a Prisma-format migration from a schema change, and db:migrate applies it once', async () => {
	const schemaPath = path.join(root, 'prisma', 'schema.prisma')
	expect((await npmRun('db:migration', 'nothing_yet')).stdout).toContain('No schema changes')

	const schema = await fs.readFile(schemaPath, 'utf8')
	await fs.writeFile(schemaPath, schema.replace(/(\n\s*updatedAt\s+DateTime\s+@updatedAt)/, '\n  footerNote String?$1'))
	await npmRun('db:migration', 'Add footer note')
	const migrations = await fs.readdir(path.join(root, 'prisma', 'migrations'))
	const added = migrations.find((name) => /^\d{14}_add_footer_note$/.test(name))
	expect(added, migrations.join(', ')).toBeTruthy()
	const sql = await fs.readFile(path.join(root, 'prisma', 'migrations', added ?? '', 'migration.sql'), 'utf8')
	expect(sql).toContain('ALTER TABLE "SiteSetting" ADD COLUMN     "footerNote" TEXT;')

	const first = await npmRun('db:migrate')
	expect(first.stdout).toContain(added)
	const second = await npmRun('db:migrate')
	expect(second.stdout).not.toContain(added)
	expect((await npmRun('db:migration', 'again')).stdout).toContain('No schema changes')
}, 360_000)

test('npm run admin: a missing account → exit 1; --password creates the admin; bad email or common password → exit 2', async () => {
	// Its own throwaway database (the test above adds a column to the other one).
	const adminDataDir = await makeTempDataDir()
	const admin = async (...args: Array<string>) => {
		const env = { ...process.env, DATA_DIR: adminDataDir, DATABASE_URL: '' }
		try {
			const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { env, cwd: process.cwd(), timeout: 120_000 })
			return { code: 0, output: `${stdout}${stderr}` }
		} catch (error) {
			const failed = error as { code?: unknown; stdout?: string; stderr?: string }
			return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
		}
	}
	try {
		const missing = await admin('--email', 'boss@example.com')
		expect(missing, missing.output).toMatchObject({ code: 1 })
		expect(missing.output).toContain('No account uses boss@example.com')

		const created = await admin('--email', 'Boss@Example.com', '--password', 'a fine long password')
		expect(created, created.output).toMatchObject({ code: 0 })
		expect(created.output).toContain('Created the admin account boss@example.com.')
		const again = await admin('--email', 'boss@example.com')
		expect(again, again.output).toMatchObject({ code: 0 })
		expect(again.output).toContain('boss@example.com was already an admin.')

		const badEmail = await admin('--email', 'not an email', '--password', 'a fine long password')
		expect(badEmail, badEmail.output).toMatchObject({ code: 2 })
		expect(badEmail.output).toContain('Not a valid email address')
		const common = await admin('--email', 'other@example.com', '--password', 'password123')
		expect(common, common.output).toMatchObject({ code: 2 })
		expect(common.output).toContain('The password is refused')
		expect(common.output).not.toContain('Created')
		// The refused ones created nothing: other@example.com still has no account.
		const stillMissing = await admin('--email', 'other@example.com')
		expect(stillMissing, stillMissing.output).toMatchObject({ code: 1 })
	} finally {
		await fs.rm(adminDataDir, { recursive: true, force: true })
	}
}, 240_000)
