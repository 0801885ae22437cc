// `npm run worker`: builds when the build is missing or older than the
// sources (as `npm start` does), then runs a job runner alone (server/worker.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

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

const outputs = ['build/worker.js', 'build/job-process.js']
const built = outputs.every((file) => existsSync(file))
const builtAt = built ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0
const changedAt = Math.max(...['app', 'server', 'prisma/schema.prisma', 'package-lock.json'].map(newestMtime))
if (!built || changedAt > builtAt) {
	console.log(`${built ? 'Sources changed since the last build: rebuilding' : 'No build yet: building'} (a minute or two)…`)
	const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import('../build/worker.js')
