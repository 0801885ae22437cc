// npm "postinstall": generates the Prisma client (app/generated/prisma) offline.
//
// `prisma generate` insists on locating a schema-engine binary although it
// never runs it, and Prisma's binaries cannot be downloaded everywhere (npm
// 11 also blocks @prisma/engines' download script). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies the check; the
// app and the migrations use WebAssembly engines and need no binary.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'prisma.cmd' : 'prisma')

if (!existsSync(bin)) {
	console.error(`prisma-generate: ${bin} not found; run npm install first.`)
	process.exit(1)
}

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' }
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
	env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath
}

const result = spawnSync(bin, ['generate'], {
	cwd: root,
	env,
	stdio: 'inherit',
	shell: process.platform === 'win32',
})
if (result.error) {
	console.error(`prisma-generate: ${result.error.message}`)
	process.exit(1)
}
process.exit(result.status ?? 1)
