/**
 * Every body is read with a limit (issue 11, item 2). Two checks:
 * - here, the sources: no module reads a request body except through
 *   app/utils/body.server.ts, whose every reader takes a byte limit;
 * - tests/e2e/fuzz.test.ts, every route of the route manifest: a body
 *   declared as 1 GB and arriving slowly must be answered at once (a 413
 *   from the limit, or whatever the route answers without reading), never
 *   waited for.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): Array<string> {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : []
	})
}

// Reading a request's body whole, with no limit: Request's own readers, or its stream handed to a Response.
const UNBOUNDED_READ = /\b(request|req)\s*\.\s*(formData|json|text|arrayBuffer|blob|bytes)\s*\(|new Response\(\s*(request|req)\.body/

test('no route or module reads a request body except through the limited readers of body.server.ts', () => {
	const offenders: Array<string> = []
	const files = [...sourceFiles(path.join(root, 'app')), ...sourceFiles(path.join(root, 'server'))]
	expect(files.length).toBeGreaterThan(100)
	for (const file of files) {
		if (file.endsWith(path.join('utils', 'body.server.ts'))) continue
		const lines = fs.readFileSync(file, 'utf8').split('\n')
		lines.forEach((line, index) => {
			if (UNBOUNDED_READ.test(line)) offenders.push(`${path.relative(root, file)}:${index + 1}: ${line.trim()}`)
		})
	}
	expect(offenders).toEqual([])
})

test('the check finds what it is meant to find', () => {
	for (const line of ['const form = await request.formData()', 'await request.json()', 'req.text()', 'await new Response(request.body).arrayBuffer()']) {
		expect(UNBOUNDED_READ.test(line), line).toBe(true)
	}
	for (const line of ['await readFormData(request, MAX)', 'response.json()', 'await readJson(request, { maxBytes })']) {
		expect(UNBOUNDED_READ.test(line), line).toBe(false)
	}
})
