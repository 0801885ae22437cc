/**
 * The job page (/jobs/{id}, issue 30) without JavaScript, in Chromium, on a
 * server of its own whose forms never wait for their job
 * (JOB_FORM_WAIT_MS=0): every Convert posted from the PDF converter or the
 * Markdown → DOCX page continues on the job's page, which refreshes itself
 * (a meta refresh, only while the job is open) until the file is ready; its
 * Download link gives the file, read back by qpdf or pandoc. A failing job
 * (the 2 KB flate bomb) shows the catalogue's message; Cancel stops a slow
 * job (PDF → PNG of 80 pages); someone without the token gets 404. axe on
 * the page in each state. No clocks: every wait is for a state.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContext, type Download, type Page } from '../fixtures.ts'
import { startServer, type ServerProcess } from '../server-process.ts'
import { outlineOfDocx } from '#app/tools/markdown-to-docx/docx-readers.server.ts'
import { pdftotext, qpdfPageCount, qpdfRotations } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' })

const JOB_URL = /\/jobs\/([A-Za-z0-9_-]+)\?token=([A-Za-z0-9_%-]+)(?:#[\w-]*)?$/
/** A conversion, on the loaded machine, ends well within this: a hang guard, not a timing. */
const JOB_ENDS = { timeout: 80_000 }

let server: ServerProcess
let dir: string
let dataDir: string
const file = (name: string) => path.join(dir, name)

test.beforeAll(async () => {
	test.setTimeout(240_000)
	dir = mkdtempSync(path.join(os.tmpdir(), 'job-page-e2e-'))
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'job-page-e2e-data-'))
	writeFileSync(file('three.pdf'), await textPdf({ pages: 3, text: (page, total) => `Job page ${page} of ${total}` }))
	writeFileSync(file('eighty.pdf'), await textPdf({ pages: 80 }))
	writeFileSync(file('flate-bomb.pdf'), readFileSync(new URL('../../fixtures/bombs/flate-bomb.pdf', import.meta.url)))
	server = await startServer({ JOB_FORM_WAIT_MS: '0', WORKERS: '1', ...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir }) })
})

test.afterAll(async () => {
	await server?.stop()
	rmSync(dir, { recursive: true, force: true })
	rmSync(dataDir, { recursive: true, force: true })
})

/** A visitor without JavaScript, on the job server. */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url })
	return { context, page: await context.newPage() }
}

type Seen = { url: string; status: number; open: boolean; refresh: string | null; stopped: boolean }

/**
 * Every load of the job page in this tab, as the server answered it: whether
 * the job was open then (its heading) and the page's meta refresh.
 */
function watchJobPage(page: Page): Array<Promise<Seen>> {
	const seen: Array<Promise<Seen>> = []
	page.on('response', (response) => {
		if (!response.request().isNavigationRequest() || !/\/jobs\/[^/?]+\?/.test(response.url()) || response.request().method() !== 'GET') return
		seen.push(
			response.text().then((html) => ({
				url: response.url(),
				status: response.status(),
				open: html.includes('Working on your file'),
				refresh: /<meta http-equiv="refresh" content="([^"]*)"/.exec(html)?.[1] ?? null,
				stopped: new URL(response.url()).searchParams.get('refresh') === 'off',
			})),
		)
	})
	return seen
}

/** Posts the form and lands on the job's page: `/jobs/{id}?token=…`, answered 200. */
async function submitToJobPage(page: Page, submit: () => Promise<void>) {
	const posted = page.waitForResponse((response) => response.request().method() === 'POST')
	await submit()
	const answer = await posted
	expect(answer.status(), 'the form is answered with a redirect to the job page').toBe(302)
	expect(answer.headers()['location']).toMatch(JOB_URL)
	expect(answer.headers()['cache-control']).toBe('no-store')
	await page.waitForURL(JOB_URL)
	const [, id, token] = JOB_URL.exec(page.url())!
	return { id: id!, token: decodeURIComponent(token!), url: new URL(page.url()).pathname + new URL(page.url()).search }
}

async function bytesOf(download: Download): Promise<Uint8Array> {
	const saved = await download.path()
	expect(saved, 'the download was saved').toBeTruthy()
	return new Uint8Array(readFileSync(saved!))
}

async function download(page: Page): Promise<{ bytes: Uint8Array; name: string }> {
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: /^Download/ }).click()
	const done = await downloading
	return { bytes: await bytesOf(done), name: done.suggestedFilename() }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

/** The meta refresh of an open job's page: every 2 s, to its address without the form's `#pdf-answer` (else only a scroll). */
const refreshOf = (url: string) => `2; url=${url}`

/** The server-rendered page as it is now (JavaScript off), scripts removed: checked by axe later, whatever the job does meanwhile. */
async function snapshot(page: Page): Promise<{ url: string; html: string }> {
	const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
	expect(html).not.toMatch(/<script/i)
	return { url: page.url().split('#')[0]!, html }
}

/**
 * axe on a snapshot of the job page, served to a page with JavaScript on
 * (axe needs timers, which never fire with JavaScript off). An open job's
 * page refreshes itself every 2 s, which would reload the copy under axe;
 * so the copy is checked without its meta refresh. axe's `meta-refresh`
 * rule (WCAG 2.2.1) would flag that refresh: the page offers the control
 * 2.2.1 asks for (Stop refreshing), whose view has no refresh and is checked
 * with every rule (the Cancel test).
 */
async function expectNoA11yViolations({ url, html }: { url: string; html: string }, browser: Browser) {
	const refreshing = /<meta http-equiv="refresh"[^>]*>/i.test(html)
	if (refreshing) expect(html).toContain('>Stop refreshing</a>')
	const still = html.replace(/<meta http-equiv="refresh"[^>]*>/gi, '')
	const context = await browser.newContext({ javaScriptEnabled: true })
	try {
		const checker = await context.newPage()
		await checker.route((each) => each.href === url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: still }))
		await checker.goto(url)
		const results = await new AxeBuilder({ page: checker }).options({ resultTypes: ['violations'] }).analyze()
		const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
		expect(summary, `axe violations on ${url}`).toEqual([])
	} finally {
		await context.close()
	}
}

test('PDF converter, rotate: the post continues on the job page, which refreshes itself until the file is ready; Download gives the rotated PDF', async ({ browser }) => {
	const { context, page } = await visitor(browser)
	try {
		const loads = watchJobPage(page)
		await page.goto('/tools/pdf-converter?operation=rotate')
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		await page.getByTestId('pdf-opt-angle').getByText('270°').click()
		await page.getByTestId('pdf-opt-pages').fill('1,3')
		const job = await submitToJobPage(page, () => page.getByTestId('pdf-submit').click())

		// The page asks again by itself (the test never navigates) until the job has ended.
		await expect(heading(page)).toHaveText('Your file is ready', JOB_ENDS)
		const seen = await Promise.all(loads)
		expect(seen.length).toBeGreaterThanOrEqual(1)
		for (const each of seen) {
			expect(each.status).toBe(200)
			expect(new URL(each.url).pathname + new URL(each.url).search).toBe(job.url)
			// Refreshing while open, every 2 s; never once the job has ended.
			expect(each.refresh).toBe(each.open && !each.stopped ? refreshOf(job.url) : null)
		}
		expect(seen.at(-1)!.open).toBe(false)
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
		await expect(page).toHaveTitle(/Your file is ready/)

		await expect(page.getByTestId('job-result')).toContainText('.pdf')
		await expect(page.getByTestId('job-result')).toContainText('3 pages')
		const { bytes } = await download(page)
		expect(qpdfPageCount(bytes)).toBe(3)
		expect(qpdfRotations(bytes)).toEqual([270, 0, 270])
		expect(pdftotext(bytes)).toContain('Job page 2 of 3')
		await expectNoA11yViolations(await snapshot(page), browser)
	} finally {
		await context.close()
	}
})

test('Markdown → DOCX: the post continues on the job page until the .docx is ready; Download gives a document pandoc reads', async ({ browser }) => {
	const { context, page } = await visitor(browser)
	try {
		await page.goto('/tools/markdown-to-docx')
		await page.getByTestId('md-input').fill('# Made on the job page\n\nA paragraph.\n\n## A second heading\n')
		await submitToJobPage(page, () => page.getByTestId('md-convert').click())
		await expect(heading(page)).toHaveText('Your file is ready', JOB_ENDS)
		await expect(page.getByTestId('job-result')).toContainText('Made on the job page.docx')
		const { bytes, name } = await download(page)
		expect(name).toBe('Made on the job page.docx')
		expect(outlineOfDocx(bytes).headings).toEqual(['1 Made on the job page', '2 A second heading'])
		await expectNoA11yViolations(await snapshot(page), browser)
	} finally {
		await context.close()
	}
})

test('a failing job (the 2 KB flate bomb) shows the catalogue message on the job page', async ({ browser }) => {
	const { context, page } = await visitor(browser)
	try {
		await page.goto('/tools/pdf-converter?operation=pdf-to-text')
		await page.getByTestId('pdf-file-input').setInputFiles(file('flate-bomb.pdf'))
		const job = await submitToJobPage(page, () => page.getByTestId('pdf-submit').click())
		await expect(heading(page)).toHaveText('This did not work', JOB_ENDS)
		await expect(page.getByRole('alert')).toContainText(/too large once decompressed/)
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
		// The same message as the API's error body for the job.
		const status = await page.request.get(`/api/jobs/${job.id}`, { headers: { 'X-Delete-Token': job.token } })
		const body = (await status.json()) as { state: string; error?: { message: string; status: number } }
		expect(body.state).toBe('failed')
		expect(body.error?.status).toBe(422)
		await expect(page.getByRole('alert')).toContainText(body.error!.message)
		await expect(page.getByRole('link', { name: 'Convert another file' })).toHaveAttribute('href', '/tools/pdf-converter')
		await expectNoA11yViolations(await snapshot(page), browser)
	} finally {
		await context.close()
	}
})

test('a slow job (PDF → PNG of 80 pages) refreshes itself while it waits; nobody else sees or cancels it; Stop refreshing; Cancel stops it', async ({ browser }) => {
	const { context, page } = await visitor(browser)
	const other = await visitor(browser)
	const slow = async () => {
		await page.goto('/tools/pdf-converter?operation=pdf-to-images')
		await page.getByTestId('pdf-file-input').setInputFiles(file('eighty.pdf'))
		return submitToJobPage(page, () => page.getByTestId('pdf-submit').click())
	}
	// Two slow jobs of this visitor take its two places in the queue: a third waits (held) while they are open.
	const first = await slow()
	const second = await slow()
	try {
		const loads = watchJobPage(page)
		const job = await slow()
		await expect(heading(page)).toHaveText('Working on your file…')
		await expect(page).toHaveTitle(/Working on your file/)
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', refreshOf(job.url))
		await expect(page.getByTestId('job-status')).toContainText(/Waiting for a free worker|of 80 done|Rendering|Working/)
		const open = await snapshot(page)

		// Another visitor (no token, or a wrong one) gets 404, and cannot cancel it.
		for (const url of [`/jobs/${job.id}`, `/jobs/${job.id}?token=${'x'.repeat(job.token.length)}`]) {
			const answer = await other.page.goto(url)
			expect(answer!.status()).toBe(404)
			expect(answer!.headers()['cache-control']).toBe('no-store')
			expect(await other.page.content()).not.toContain('Working on your file')
		}
		expect((await other.page.request.post(`/jobs/${job.id}`, { form: { token: '' } })).status()).toBe(404)

		// Its own page refreshed itself (the test did not navigate it).
		await expect.poll(async () => (await Promise.all(loads)).length, JOB_ENDS).toBeGreaterThanOrEqual(2)

		// Stop refreshing: the same page without the meta refresh, with a link to look again.
		await page.getByRole('link', { name: 'Stop refreshing' }).click()
		await expect(page).toHaveURL(/[?&]refresh=off/)
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Check again' })).toBeVisible()
		const stopped = await snapshot(page)
		await page.getByRole('link', { name: 'Refresh automatically' }).click()
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', refreshOf(job.url))

		await page.getByRole('button', { name: 'Cancel' }).click()
		await expect(heading(page)).toHaveText('Cancelled')
		await expect(page.getByTestId('job-message')).toHaveText('The job was cancelled.')
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
		const status = (await (await page.request.get(`/api/jobs/${job.id}`, { headers: { 'X-Delete-Token': job.token } })).json()) as { state: string }
		expect(status.state).toBe('cancelled')
		// Refreshing while open (unless stopped), never once it ended.
		for (const each of await Promise.all(loads)) expect(each.refresh).toBe(each.open && !each.stopped ? refreshOf(job.url) : null)

		for (const each of [open, stopped, await snapshot(page)]) await expectNoA11yViolations(each, browser)
	} finally {
		// The two others are not needed any more (204, or 409 if they ended).
		for (const each of [first, second]) await page.request.delete(`/api/jobs/${each.id}`, { headers: { 'X-Delete-Token': each.token } })
		await other.context.close()
		await context.close()
	}
})
