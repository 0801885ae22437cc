// `npm start`: builds when the build is missing or older than the sources,
// then serves the production build (server/index.ts does the rest:
// database, migrations, graceful shutdown).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const outputs = ['build/http-server.js', 'build/server/index.js', 'build/client', 'build/job-process.js']
const sources = ['app', 'server', 'public', 'tests/mocks', 'prisma/schema.prisma', 'package-lock.json', 'vite.config.ts', 'scripts/build-warnings.ts']

function newestMtime(target) {
	if (!existsSync(target)) return 0
	const stat = statSync(target)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const entry of readdirSync(target)) {
		if (target === 'app' && entry === 'generated') continue
		newest = Math.max(newest, newestMtime(path.join(target, entry)))
	}
	return newest
}

const built = outputs.every((file) => existsSync(file))
const builtAt = built ? Math.min(...outputs.slice(0, 2).map((file) => statSync(file).mtimeMs)) : 0
const changedAt = Math.max(...sources.map(newestMtime))
if (!built || changedAt > builtAt) {
	// The build prints only what needs attention (vite.config.ts: warnings and errors, not its 150 file sizes).
	console.log(`${built ? 'Sources changed since the last build: rebuilding' : 'No build yet: building'} (a minute or two)…`)
	const started = Date.now()
	const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
	if (result.status !== 0) process.exit(result.status ?? 1)
	console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
}

process.env.NODE_ENV ??= 'production'
await import('../build/http-server.js')
