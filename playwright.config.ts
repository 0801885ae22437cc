import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { E2E_ADMIN, MOCK_GOOGLE_CLIENT_ID, MOCK_GOOGLE_CLIENT_SECRET } from './tests/e2e/fixtures.ts'

/**
 * End-to-end tests drive Debian's Chromium (Playwright's own browser download
 * does not work here) against the production build, served with a throwaway
 * embedded database, or with DATABASE_URL's PostgreSQL when it is set.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`
const dataDir = path.join(os.tmpdir(), `toolsite-e2e-${port}`)

export const chromiumLaunchOptions = {
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run',
	],
}

export default defineConfig({
	testDir: './tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	// A hang guard, not a timing: beside a CPU hog (load 15–20 on 2 cores) an axe run or a
	// sign-in with its deliberately slow hash took 32–46 s and failed at 30 s while working.
	timeout: 90_000,
	// Expectations wait for a state (a page shown, a result in a box). Many of those states
	// wait on the server's CPU (a deliberately slow password hash, a render in a worker
	// thread): 5 s, the default, was too tight on a busy machine; a passing wait returns as
	// soon as the state is there, so this costs nothing when the machine is idle.
	expect: { timeout: 15_000 },
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL,
		// Recording a trace costs every test its DOM snapshots and screenshots. CI retries a
		// failed test once and records that retry; a local run (no retries) keeps the trace
		// of a failure as before.
		trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
		launchOptions: chromiumLaunchOptions,
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
	webServer: {
		// A fresh data directory each run; npm start builds when needed.
		command: `rm -rf "${dataDir}" && node scripts/start.js`,
		url: `${baseURL}/healthz`,
		reuseExistingServer: !process.env.CI,
		timeout: 240_000,
		stdout: 'ignore',
		stderr: 'pipe',
		env: {
			NODE_ENV: 'production',
			PORT: String(port),
			SITE_URL: baseURL,
			DATA_DIR: dataDir,
			LOG_REQUESTS: '0',
			// Google answered by MSW in the server (tests/mocks), an admin to test the admin area
			// with, and room for the suite's many logins, conversions and tool runs from one
			// address (the limits themselves are tested on servers of their own:
			// accounts-server.test.ts, rate-limits.test.ts).
			MOCKS: 'true',
			GOOGLE_CLIENT_ID: MOCK_GOOGLE_CLIENT_ID,
			GOOGLE_CLIENT_SECRET: MOCK_GOOGLE_CLIENT_SECRET,
			ADMIN_EMAIL: E2E_ADMIN.email,
			ADMIN_PASSWORD: E2E_ADMIN.password,
			AUTH_RATE_LIMIT_PER_MINUTE: '100000',
			RATE_LIMIT_CONVERT_PER_MINUTE: '100000',
			RATE_LIMIT_TOOLS_PER_MINUTE: '100000',
			...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
		},
	},
})
