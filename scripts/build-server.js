// Bundles the Express server (server/index.ts) into build/http-server.js.
// Dependencies stay external; only our own TypeScript is compiled.
import { existsSync } from 'node:fs'
import { build } from 'esbuild'

await build({
	entryPoints: ['server/index.ts'],
	outfile: 'build/http-server.js',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
	banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
})
console.log('Built build/http-server.js')

// The job worker thread (app/jobs/pool.server.ts starts it in a pool). The
// tool cores' libraries (prettier, esbuild, lightningcss…) stay packages.
await build({
	entryPoints: ['server/workers/tool-thread.ts'],
	outfile: 'build/tool-worker.js',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
	banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
})
console.log('Built build/tool-worker.js')

// Job processes (app/jobs/processes.server.ts forks them) and `npm run worker`.
for (const [entry, outfile] of [
	['server/workers/job-process.ts', 'build/job-process.js'],
	['server/worker.ts', 'build/worker.js'],
]) {
	await build({
		entryPoints: [entry],
		outfile,
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		sourcemap: true,
		logLevel: 'warning',
		banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
	})
	console.log(`Built ${outfile}`)
}

// The network mocks (MSW answering Google) that `MOCKS=true` loads, for the
// end-to-end tests. Not in images built without the tests folder.
if (existsSync('tests/mocks/index.ts')) {
	await build({
		entryPoints: ['tests/mocks/index.ts'],
		outfile: 'build/mocks.js',
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		logLevel: 'warning',
	})
}
