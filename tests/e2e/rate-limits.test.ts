/**
 * The per-address limits of the converters and the tools (issue 30 item 5)
 * on a server of its own (the shared test server's are raised for the
 * suite), in Chromium without JavaScript: a form posted over the limit
 * answers 429 with Retry-After, and the page shows the catalogue's message.
 * The server trusts one proxy, so X-Forwarded-For names the client; each run
 * uses an IPv6 /64 of its own (on PostgreSQL the counters outlive a run).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Browser } from './fixtures.ts'
import { startServer, type ServerProcess } from './server-process.ts'
import { expectNoSeriousA11yViolationsWithoutJs } from './utils.ts'

test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let dataDir: string

test.beforeAll(async () => {
	test.setTimeout(180_000)
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolsite-rate-limits-'))
	server = await startServer({
		...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir }),
		TRUST_PROXY: '1',
		RATE_LIMIT_CONVERT_PER_MINUTE: '1',
		RATE_LIMIT_TOOLS_PER_MINUTE: '1',
	})
})

test.afterAll(async () => {
	await server?.stop()
	rmSync(dataDir, { recursive: true, force: true })
})

/** A /64 no other run uses: `2001:db8:<random>:<random>::`. */
function freshPrefix(): string {
	const group = () => Math.floor(Math.random() * 0xffff).toString(16)
	return `2001:db8:${group()}:${group()}::`
}

/** A browser without JavaScript whose requests come from `address`. */
async function clientAt(browser: Browser, address: string) {
	const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': address } })
	return { context, page: await context.newPage() }
}

test('Markdown → DOCX without JavaScript: the second conversion in a minute answers 429 and the page says so, for any address of the /64', async ({ browser }) => {
	const prefix = freshPrefix()
	const first = await clientAt(browser, `${prefix}1`)
	const neighbour = await clientAt(browser, `${prefix}abcd:2`)
	try {
		const { page } = first
		await page.goto(`${server.url}/tools/markdown-to-docx`)
		// The first post (empty: refused as invalid, but counted) uses the minute's one conversion.
		const invalid = page.waitForResponse((each) => each.request().method() === 'POST')
		await page.getByTestId('md-convert').click()
		expect((await invalid).status()).toBe(400)
		await expect(page.getByRole('alert')).toContainText('Validation failed: the Markdown is empty.')

		await page.getByTestId('md-input').fill('# Hello\n')
		const limited = page.waitForResponse((each) => each.request().method() === 'POST')
		await page.getByTestId('md-convert').click()
		const answer = await limited
		expect(answer.status()).toBe(429)
		expect(Number(answer.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
		expect(Number(answer.headers()['retry-after'])).toBeLessThanOrEqual(60)
		expect(answer.headers()['ratelimit-limit']).toBe('1')
		await expect(page.getByRole('alert')).toContainText(/Too many conversions from your address \(at most 1 a minute\)\. Please wait \d+ seconds and try again\./)
		// Refused before the body is read, so what was typed cannot come back (the browser's Back keeps it).

		// Another address of the same /64 is the same client (checked at once, within the minute's window).
		await neighbour.page.goto(`${server.url}/tools/markdown-to-docx`)
		await neighbour.page.getByTestId('md-input').fill('# Hello\n')
		const shared = neighbour.page.waitForResponse((each) => each.request().method() === 'POST')
		await neighbour.page.getByTestId('md-convert').click()
		expect((await shared).status()).toBe(429)
		await expect(neighbour.page.getByRole('alert')).toContainText('Too many conversions from your address')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	} finally {
		await first.context.close()
		await neighbour.context.close()
	}
})

test('the PDF converter without JavaScript: over the limit the page answers 429 with the message', async ({ browser }) => {
	const { context, page } = await clientAt(browser, `${freshPrefix()}1`)
	try {
		await page.goto(`${server.url}/tools/pdf-converter?operation=merge`)
		const invalid = page.waitForResponse((each) => each.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		expect((await invalid).status()).toBe(400)
		const limited = page.waitForResponse((each) => each.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		const answer = await limited
		expect(answer.status()).toBe(429)
		expect(answer.headers()['retry-after']).toBeTruthy()
		await expect(page.getByRole('alert').filter({ hasText: 'Too many conversions from your address' })).toBeVisible()
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	} finally {
		await context.close()
	}
})

test('the QR code generator without JavaScript: the second code in a minute answers 429 with the message; another IPv4 address is served', async ({ browser }) => {
	const octet = () => 1 + Math.floor(Math.random() * 250)
	const address = `198.51.${octet()}.${octet()}`
	const { context, page } = await clientAt(browser, address)
	const other = await clientAt(browser, address.replace(/\.(\d+)$/, (_, last: string) => `.${(Number(last) % 250) + 1}`))
	try {
		await page.goto(`${server.url}/tools/qr-code-generator`)
		await page.getByTestId('tool-input').fill('https://example.com')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('qr-image')).toHaveAttribute('src', /^data:image\/svg\+xml/)
		const limited = page.waitForResponse((each) => each.request().method() === 'POST')
		await page.getByTestId('tool-run').click()
		const answer = await limited
		expect(answer.status()).toBe(429)
		expect(answer.headers()['retry-after']).toBeTruthy()
		await expect(page.getByRole('alert')).toContainText(/Too many requests from your address \(at most 1 a minute\)/)
		// Not the input's fault: the box is not marked invalid.
		await expect(page.getByTestId('tool-input')).not.toHaveAttribute('aria-invalid', 'true')

		await other.page.goto(`${server.url}/tools/qr-code-generator`)
		await other.page.getByTestId('tool-input').fill('https://example.com')
		await other.page.getByTestId('tool-run').click()
		await expect(other.page.getByTestId('qr-image')).toHaveAttribute('src', /^data:image\/svg\+xml/)
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	} finally {
		await context.close()
		await other.context.close()
	}
})

test('POST /api/tools/* over the limit: 429, Retry-After, RateLimit headers and the catalogue body', async () => {
	const client = `${freshPrefix()}1`
	const call = () =>
		fetch(`${server.url}/api/tools/json-formatter`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
			body: JSON.stringify({ input: '{"a":1}' }),
		})
	expect((await call()).status).toBe(200)
	const refused = await call()
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
	expect(refused.headers.get('ratelimit-limit')).toBe('1')
	expect(refused.headers.get('ratelimit-remaining')).toBe('0')
	expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests from your address/) })
})
