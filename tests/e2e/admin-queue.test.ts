/**
 * Operators see the queue (issue 30 item 7), in Chromium against the
 * production build: the dashboard's "Conversion queue" panel and axe in both
 * themes; and, on a server of its own with WORKERS=0 (it only enqueues), a
 * job left waiting: the panel warns that no worker runs and /healthz says
 * "workers": "none" while still answering 200. (The figures after a
 * conversion a worker ran are checked on the real database in
 * tests/integration/admin-dashboard.test.ts and healthz.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Locator, type Page } from './fixtures.ts'
import { E2E_ADMIN, logIn } from './fixtures.ts'
import { startServer, type ServerProcess } from './server-process.ts'
import { expectNoSeriousA11yViolations } from './utils.ts'

/** A figure of the panel, as a number (its <dd>). */
async function figure(panel: Locator, label: string): Promise<string> {
	return (await panel.locator(`[data-figure="${label}"] dd`).first().textContent()) ?? ''
}

function convertMarkdown(baseUrl: string, prefer: string) {
	const form = new FormData()
	form.set('markdown', '# Queue check\n\nA paragraph for the dashboard.\n')
	return fetch(`${baseUrl}/api/convert/md-to-docx`, { method: 'POST', body: form, headers: { Prefer: prefer } })
}

test('the dashboard shows the Conversion queue panel with its six figures; axe finds nothing serious in either theme', async ({ page }) => {
	test.slow()
	await logIn(page, E2E_ADMIN, '/admin/dashboard')
	await expect(page).toHaveURL(/\/admin\/dashboard$/)
	const panel = page.getByTestId('conversion-queue')
	await expect(panel.getByRole('heading', { level: 2, name: 'Conversion queue' })).toBeVisible()
	// The shared server converts for other tests at the same time: the figures' form, not their values.
	expect(await panel.locator('[data-figure] dt').allTextContents()).toEqual(['Waiting', 'Running', 'Failed', 'Completed', 'Median wait', 'Workers alive'])
	for (const label of ['Waiting', 'Running', 'Failed', 'Completed', 'Workers alive']) expect(await figure(panel, label), label).toMatch(/^\d[\d,]*$/)
	expect(await figure(panel, 'Median wait')).toMatch(/^(—|< 0\.1 s|\d+(\.\d)? s|\d+ min( \d+ s)?|\d+ h( \d+ min)?)$/)
	await expect(panel.locator('[data-figure="Workers alive"]')).toContainText(/\d+ job slots?/)
	await expect(panel.locator('[data-figure="Failed"]')).toContainText('Last hour')

	for (const colorScheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme })
		await page.reload()
		await expect(panel).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	}
})

test.describe('a site with WORKERS=0 and no worker', () => {
	// On PostgreSQL every server shares the Job and JobWorker tables: the suite's own server is a worker there.
	test.skip(Boolean(process.env.DATABASE_URL), 'needs a database of its own')
	let server: ServerProcess | undefined
	let dataDir = ''

	test.beforeAll(async () => {
		test.setTimeout(240_000)
		dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-queue-'))
		server = await startServer({ DATA_DIR: dataDir, WORKERS: '0', ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password })
	})
	test.afterAll(async () => {
		await server?.stop()
		if (dataDir) rmSync(dataDir, { recursive: true, force: true })
	})

	async function logInThere(page: Page) {
		await page.goto(`${server!.url}/login?redirectTo=%2Fadmin%2Fdashboard`)
		await page.getByLabel('Email').fill(E2E_ADMIN.email)
		await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
		await page.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
	}

	test('a job waits: the panel warns, /healthz says "workers": "none" with 200, and axe is content in both themes', async ({ page }) => {
		test.slow()
		const before = await fetch(`${server!.url}/healthz`)
		expect(before.status).toBe(200)
		expect(await before.json()).toEqual({ status: 'ok', database: 'ok', workers: { alive: 0, slots: 0 }, queue: { waiting: 0, running: 0 } })

		const submitted = await convertMarkdown(server!.url, 'respond-async')
		expect(submitted.status).toBe(202)
		expect(submitted.headers.get('location')).toMatch(/^\/api\/jobs\/[A-Za-z0-9_-]{22}$/)

		const health = await fetch(`${server!.url}/healthz`)
		expect(health.status).toBe(200)
		expect(await health.json()).toEqual({ status: 'ok', database: 'ok', workers: 'none', queue: { waiting: 1, running: 0 } })

		await logInThere(page)
		const panel = page.getByTestId('conversion-queue')
		const warning = panel.getByTestId('queue-no-worker')
		await expect(warning).toHaveText('No worker is running: start one with npm run worker, or set WORKERS above 0.')
		expect(await figure(panel, 'Waiting')).toBe('1')
		expect(await figure(panel, 'Running')).toBe('0')
		expect(await figure(panel, 'Completed')).toBe('0')
		expect(await figure(panel, 'Median wait')).toBe('—')
		expect(await figure(panel, 'Workers alive')).toBe('0')
		await expect(panel.locator('[data-figure="Workers alive"]')).toContainText('0 job slots')
		for (const colorScheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme })
			await page.reload()
			await expect(warning).toBeVisible()
			await expectNoSeriousA11yViolations(page)
		}
	})
})
