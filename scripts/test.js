// `npm test`: unit and integration tests (Vitest), then the end-to-end suite
// (Playwright driving Chromium against the production build). Uses
// DATABASE_URL when set (PostgreSQL), the embedded database otherwise.
import { spawnSync } from 'node:child_process'

function run(command, args) {
	console.log(`\n> ${command} ${args.join(' ')}`)
	const result = spawnSync(command, args, { stdio: 'inherit' })
	return result.status ?? 1
}

const unit = run('npx', ['vitest', 'run'])
const e2e = run('npx', ['playwright', 'test'])
const failed = [unit && 'vitest', e2e && 'playwright'].filter(Boolean)
if (failed.length) {
	console.error(`\nFailed: ${failed.join(', ')}`)
	process.exit(1)
}
