// Bundles the Express server (server/index.ts) into build/http-server.js.
// Dependencies stay external; only our own TypeScript is compiled.
import { existsSync } from 'node:fs'
import { build } from 'esbuild'

/** One entry bundled for Node: our TypeScript compiled, packages left to node_modules. */
async function bundle(entry, outfile) {
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

await bundle('server/index.ts', 'build/http-server.js')
// The tool pool's worker thread (app/jobs/pool.server.ts): the tool cores' libraries (prettier, esbuild, lightningcss…) stay packages.
await bundle('server/workers/tool-thread.ts', 'build/tool-worker.js')
// Job processes (app/jobs/processes.server.ts forks them) and `npm run worker` (issue 30).
await bundle('server/workers/job-process.ts', 'build/job-process.js')
await bundle('server/worker.ts', 'build/worker.js')

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
