// Builds when the production build is missing or older than the sources:
// `npm start` (scripts/start.js) and `npm run worker` (scripts/worker.js).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every output `npm run build` makes that a start needs. */
export const BUILD_OUTPUTS = ['build/http-server.js', 'build/server/index.js', 'build/client', 'build/job-process.js', 'build/worker.js']
const SOURCES = ['app', 'server', 'public', 'tests/mocks', 'prisma/schema.prisma', 'package-lock.json', 'vite.config.ts', 'scripts/build-warnings.ts']

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

export function buildIfStale() {
	const built = BUILD_OUTPUTS.every((file) => existsSync(file))
	// The bundles' times (build/client is a folder whose time says little).
	const builtAt = built ? Math.min(...BUILD_OUTPUTS.filter((file) => file.endsWith('.js')).map((file) => statSync(file).mtimeMs)) : 0
	const changedAt = Math.max(...SOURCES.map(newestMtime))
	if (built && changedAt <= builtAt) return
	// The build prints only what needs attention (vite.config.ts: warnings and errors, not its 150 file sizes).
	console.log(`${built ? 'Sources changed since the last build: rebuilding' : 'No build yet: building'} (a minute or two)…`)
	const started = Date.now()
	const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
	if (result.status !== 0) process.exit(result.status ?? 1)
	console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
}
