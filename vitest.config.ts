import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
	resolve: {
		// package.json "imports" (#app/*, #server/*, #tests/*), for Vite's resolver.
		alias: [
			{ find: /^#app\/(.*)$/, replacement: path.join(root, 'app/$1') },
			{ find: /^#server\/(.*)$/, replacement: path.join(root, 'server/$1') },
			{ find: /^#tests\/(.*)$/, replacement: path.join(root, 'tests/$1') },
		],
	},
	test: {
		environment: 'node',
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		globalSetup: ['tests/setup/global-setup.ts'],
		// The second reporter keeps a failed run's exit code (see the file).
		reporters: ['default', './tests/setup/exit-code-reporter.ts'],
		// The database and mocks; the matchers (toHaveRedirect, toSendToast); the console.error guard.
		setupFiles: ['tests/setup/setup-env.ts', 'tests/setup/custom-matchers.ts', 'tests/setup/console-error.ts'],
		// One database for the run: test files take turns.
		fileParallelism: false,
		// Hang guards, not timings: scrypt sign-ins, PGlite start-ups and the wasm
		// minifiers run 5–10× slower beside a CPU hog (load 20 on 2 cores measured).
		testTimeout: 90_000,
		hookTimeout: 120_000,
	},
})
