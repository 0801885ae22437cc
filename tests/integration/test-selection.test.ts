/**
 * CI's PostgreSQL pass runs only the Vitest files that touch the database
 * (`npm run test:database`: tests/integration/ and the domain folders). This
 * keeps that selection right as tests are added: a test file that reaches the
 * database (the Prisma client, the test database helpers, the database
 * start-up) must sit in one of the selected folders. Tool tests (app/tools/)
 * are the one exception on purpose: they record runs in the database, but
 * what they test does not depend on the database server, so the PGlite pass
 * covers them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** The folders `npm run test:database` passes to Vitest. */
function databaseFolders(): Array<string> {
	const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
	const command = scripts['test:database']
	expect(command).toMatch(/^vitest run /)
	const args = command!.replace(/^vitest run /, '').split(/\s+/).filter(Boolean)
	const firstOption = args.findIndex((arg) => arg.startsWith('--'))
	return firstOption === -1 ? args : args.slice(0, firstOption)
}

/** The files it leaves out (`--exclude`): tests of the embedded database and its scripts, which never use DATABASE_URL. */
function excludedFiles(): Array<string> {
	const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
	return [...scripts['test:database']!.matchAll(/--exclude (\S+)/g)].map((match) => match[1]!)
}

test('the files left out of the PostgreSQL pass never use its database (they start their own embedded one)', () => {
	for (const file of excludedFiles()) {
		const text = fs.readFileSync(path.join(root, file), 'utf8')
		// The run's database reaches a test through these: the Prisma client, the test-database helpers, inject().
		expect(text, file).not.toMatch(/resetDatabase|#tests\/setup\/accounts\.ts|#app\/utils\/db\.server\.ts|inject\(/)
	}
})

function testFiles(dir: string): Array<string> {
	const found: Array<string> = []
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const relative = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules' && entry.name !== 'generated') found.push(...testFiles(relative))
		} else if (/\.test\.tsx?$/.test(entry.name)) {
			found.push(relative)
		}
	}
	return found
}

const TOUCHES_DATABASE = /(db\.server\.ts|database\.server\.ts|#tests\/setup\/(db|accounts)\.ts|setup\/(db|accounts)\.ts|from '#app\/generated\/prisma)/

test('every Vitest file that touches the database is in the PostgreSQL pass (npm run test:database)', () => {
	const folders = databaseFolders()
	expect(folders).toContain('tests/integration/')
	const outside = ['app', 'server', 'tests/integration']
		.flatMap(testFiles)
		.filter((file) => !file.startsWith('app/tools/'))
		.filter((file) => TOUCHES_DATABASE.test(fs.readFileSync(path.join(root, file), 'utf8')))
		.filter((file) => !folders.some((folder) => file.startsWith(folder)))
	expect(outside, 'move these into a database folder, or add their folder to "test:database" in package.json').toEqual([])
})

test('every end-to-end file takes `test` from tests/e2e/fixtures.ts, whose test fails on any uncaught page error', () => {
	const folder = path.join(root, 'tests/e2e')
	const files = (fs.readdirSync(folder, { recursive: true }) as Array<string>).filter((file) => file.endsWith('.test.ts'))
	expect(files.length).toBeGreaterThan(10)
	for (const file of files) {
		const text = fs.readFileSync(path.join(folder, file), 'utf8')
		// Types and `request` may come from Playwright itself; `test` may not.
		expect(text, file).not.toMatch(/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/)
	}
})
