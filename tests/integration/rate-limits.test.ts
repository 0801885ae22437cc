/**
 * Rate limits per client address (issue 30 item 5), counted in the database
 * so every instance shares them: the converters (the PDF converter's and
 * Markdown → DOCX's APIs and no-JS forms, one `convert` count) and the tools
 * (`POST /api/tools/*`, the QR code generator's and every tool page's no-JS
 * form, one `tools` count). Over the limit: 429 with Retry-After, the
 * RateLimit-* headers and the catalogue's body, before the body is read.
 * A client is its `clientKey`: an IPv4 address, or an IPv6 /64.
 */
import { type AppLoadContext } from '@remix-run/node'
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import * as mdToDocxRoute from '#app/routes/api.convert.md-to-docx.ts'
import * as uploadRoute from '#app/routes/api.convert.upload.ts'
import * as editPdfRoute from '#app/routes/api.edit-pdf.ts'
import * as toolsRoute from '#app/routes/api.tools.$slug.ts'
import * as jsonFormatterPage from '#app/tools/json-formatter/page.tsx'
import * as mdToDocxPage from '#app/tools/markdown-to-docx/page.tsx'
import * as pdfPage from '#app/tools/pdf-converter/page.tsx'
import * as qrPage from '#app/tools/qr-code-generator/page.tsx'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'

const CONVERT_LIMIT = 2
const TOOLS_LIMIT = 3
const LIMITS = { RATE_LIMIT_CONVERT_PER_MINUTE: String(CONVERT_LIMIT), RATE_LIMIT_TOOLS_PER_MINUTE: String(TOOLS_LIMIT) }
const saved: Record<string, string | undefined> = {}

beforeEach(async () => {
	await resetDatabase()
	for (const [name, value] of Object.entries(LIMITS)) {
		saved[name] = process.env[name]
		process.env[name] = value
	}
	resetEnvCache()
})

afterEach(() => {
	for (const [name, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[name]
		else process.env[name] = value
	}
	resetEnvCache()
})

afterAll(closeJobPool)

const BASE = 'http://localhost:3000'
const contextOf = (clientIp: string) => ({ cspNonce: '', clientIp }) as AppLoadContext

type Answer = { status: number; headers: Headers; body: Record<string, unknown> }

async function answer(response: Response): Promise<Answer> {
	return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) as Record<string, unknown> }
}

/** `POST /api/tools/json-formatter` from `clientIp`. */
async function toolsApi(clientIp: string, slug = 'json-formatter', input = '{"a":1}'): Promise<Answer> {
	const request = new Request(`${BASE}/api/tools/${slug}`, { method: 'POST', body: JSON.stringify({ input }), headers: { 'Content-Type': 'application/json' } })
	return answer(await toolsRoute.action({ request, params: { slug }, context: contextOf(clientIp) }))
}

/** A converter API call that passes the limit but is refused as invalid (400): cheap, and counted all the same. */
async function convertApi(route: 'upload' | 'edit-pdf' | 'md-to-docx', clientIp: string): Promise<Answer> {
	const form = new FormData()
	form.append('note', 'no file')
	const path = { upload: '/api/convert/upload', 'edit-pdf': '/api/edit-pdf', 'md-to-docx': '/api/convert/md-to-docx' }[route]
	const action = { upload: uploadRoute.action, 'edit-pdf': editPdfRoute.action, 'md-to-docx': mdToDocxRoute.action }[route]
	const request = new Request(`${BASE}${path}`, { method: 'POST', body: form })
	return answer(await action({ request, params: {}, context: contextOf(clientIp) }))
}

type PageAnswer = { status: number; headers: Headers; data: { error?: { code: string; status: number; message: string; details?: unknown } | null } }

/** A page's action with a form posted without JavaScript, as Remix calls it. */
async function pageAction(action: (args: never) => unknown, path: string, body: FormData | URLSearchParams, clientIp: string): Promise<PageAnswer> {
	const request = new Request(`${BASE}${path}`, { method: 'POST', body })
	const result = (await action({ request, params: {}, context: contextOf(clientIp) } as never)) as { data: PageAnswer['data']; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), data: result.data }
}

function expectRateLimited({ status, headers }: { status: number; headers: Headers }, limit: number) {
	expect(status).toBe(429)
	const retryAfter = Number(headers.get('Retry-After'))
	expect(retryAfter).toBeGreaterThanOrEqual(1)
	expect(retryAfter).toBeLessThanOrEqual(60)
	expect(headers.get('RateLimit-Limit')).toBe(String(limit))
	expect(headers.get('RateLimit-Remaining')).toBe('0')
	expect(headers.get('RateLimit-Reset')).toBe(String(retryAfter))
}

async function runCount() {
	await settleRunRecords()
	return prisma.toolRun.count()
}

describe('POST /api/tools/*', () => {
	test('over the limit: 429 with Retry-After, the RateLimit headers and the catalogue body, and the tool does not run', async () => {
		for (let i = 0; i < TOOLS_LIMIT; i++) expect((await toolsApi('203.0.113.7')).status).toBe(200)
		expect(await runCount()).toBe(TOOLS_LIMIT)
		const refused = await toolsApi('203.0.113.7')
		expectRateLimited(refused, TOOLS_LIMIT)
		expect(refused.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
		expect(refused.body).toMatchObject({ status: 429, code: 'RATE_LIMITED', details: { retryAfter: Number(refused.headers.get('Retry-After')) } })
		expect(refused.body.message).toMatch(/^Too many requests from your address/)
		expect(await runCount()).toBe(TOOLS_LIMIT)
	})

	test('another IPv4 address is unaffected, however near', async () => {
		for (let i = 0; i < TOOLS_LIMIT; i++) await toolsApi('203.0.113.7')
		expect((await toolsApi('203.0.113.7')).status).toBe(429)
		expect((await toolsApi('203.0.113.8')).status).toBe(200)
		expect((await toolsApi('198.51.100.7')).status).toBe(200)
	})

	test('two IPv6 addresses in one /64 share the count; another /64 does not', async () => {
		expect((await toolsApi('2001:db8::1')).status).toBe(200)
		expect((await toolsApi('2001:db8::2')).status).toBe(200)
		expect((await toolsApi('2001:0DB8:0:0:ffff::3')).status).toBe(200)
		expectRateLimited(await toolsApi('2001:db8::4'), TOOLS_LIMIT)
		expect((await toolsApi('2001:db8:0:1::1')).status).toBe(200)
	})

	test('an IPv4 client seen as IPv4-mapped IPv6 is the same client', async () => {
		for (let i = 0; i < TOOLS_LIMIT; i++) await toolsApi('203.0.113.7')
		expect((await toolsApi('::ffff:203.0.113.7')).status).toBe(429)
	})

	test(`concurrent requests (limit + 5 at once) never let more than the limit through`, async () => {
		const answers = await Promise.all(Array.from({ length: TOOLS_LIMIT + 5 }, () => toolsApi('203.0.113.7')))
		const statuses = answers.map((one) => one.status)
		expect(statuses.filter((status) => status === 200)).toHaveLength(TOOLS_LIMIT)
		expect(statuses.filter((status) => status === 429)).toHaveLength(5)
	})

	test('the QR code generator’s API counts as a tool', async () => {
		for (let i = 0; i < TOOLS_LIMIT; i++) expect((await toolsApi('203.0.113.7', 'qr-code-generator', 'https://example.com')).status).toBe(200)
		const refused = await toolsApi('203.0.113.7', 'qr-code-generator', 'https://example.com')
		expectRateLimited(refused, TOOLS_LIMIT)
		expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' })
	})
})

describe('tool pages posted without JavaScript', () => {
	const qrForm = () => new URLSearchParams({ type: 'text', input: 'https://example.com' })

	test('the QR code generator’s form: over the limit the page gets the catalogue error at 429, with Retry-After', async () => {
		for (let i = 0; i < TOOLS_LIMIT; i++) expect((await pageAction(qrPage.action, '/tools/qr-code-generator?type=text', qrForm(), '203.0.113.7')).status).toBe(200)
		const refused = await pageAction(qrPage.action, '/tools/qr-code-generator?type=text', qrForm(), '203.0.113.7')
		expectRateLimited(refused, TOOLS_LIMIT)
		expect(refused.data.error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests from your address/) })
		expect((await pageAction(qrPage.action, '/tools/qr-code-generator?type=text', qrForm(), '203.0.113.8')).status).toBe(200)
	})

	test('the tool API and the tool forms share one count', async () => {
		await toolsApi('203.0.113.7')
		await pageAction(jsonFormatterPage.action, '/tools/json-formatter', new URLSearchParams({ input: '{}' }), '203.0.113.7')
		await pageAction(qrPage.action, '/tools/qr-code-generator?type=text', qrForm(), '203.0.113.7')
		const refused = await pageAction(jsonFormatterPage.action, '/tools/json-formatter', new URLSearchParams({ input: '{}' }), '203.0.113.7')
		expectRateLimited(refused, TOOLS_LIMIT)
		expect(refused.data.error).toMatchObject({ code: 'RATE_LIMITED' })
	})
})

describe('the converters', () => {
	test('each converter API: over the limit, 429 with Retry-After and the catalogue body, before the body is read', async () => {
		for (const route of ['upload', 'edit-pdf', 'md-to-docx'] as const) {
			await resetDatabase()
			for (let i = 0; i < CONVERT_LIMIT; i++) expect((await convertApi(route, '203.0.113.7')).status, route).toBe(400)
			const refused = await convertApi(route, '203.0.113.7')
			expectRateLimited(refused, CONVERT_LIMIT)
			expect(refused.body, route).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many conversions from your address/) })
			expect((await convertApi(route, '203.0.113.8')).status, route).toBe(400)
		}
	})

	test('the converters share one count, apart from the tools’ count', async () => {
		expect((await convertApi('upload', '2001:db8::1')).status).toBe(400)
		expect((await convertApi('md-to-docx', '2001:db8::2')).status).toBe(400)
		expectRateLimited(await convertApi('edit-pdf', '2001:db8::3'), CONVERT_LIMIT)
		expect((await toolsApi('2001:db8::3')).status).toBe(200)
	})

	test('the PDF converter’s form without JavaScript: the page shows the catalogue message at 429', async () => {
		const form = () => {
			const body = new FormData()
			body.append('operation', 'merge')
			body.append('files', new File([], '', { type: 'application/octet-stream' }))
			return body
		}
		for (let i = 0; i < CONVERT_LIMIT; i++) expect((await pageAction(pdfPage.action, '/tools/pdf-converter?operation=merge', form(), '203.0.113.7')).status).toBe(400)
		const refused = await pageAction(pdfPage.action, '/tools/pdf-converter?operation=merge', form(), '203.0.113.7')
		expectRateLimited(refused, CONVERT_LIMIT)
		expect(refused.data.error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many conversions from your address/) })
	})

	test('the Markdown → DOCX form without JavaScript: the page shows the catalogue message at 429', async () => {
		const form = () => {
			const body = new FormData()
			body.append('markdown', '')
			body.append('file', new File([], '', { type: 'application/octet-stream' }))
			return body
		}
		for (let i = 0; i < CONVERT_LIMIT; i++) expect((await pageAction(mdToDocxPage.action, '/tools/markdown-to-docx', form(), '203.0.113.7')).status).toBe(400)
		const refused = await pageAction(mdToDocxPage.action, '/tools/markdown-to-docx', form(), '203.0.113.7')
		expectRateLimited(refused, CONVERT_LIMIT)
		expect(refused.data.error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many conversions from your address/) })
	})
})

describe('the defaults', () => {
	test('no honest user meets them: 60 conversions and 600 tool runs a minute', async () => {
		for (const name of Object.keys(LIMITS)) delete process.env[name]
		resetEnvCache()
		const { getEnv } = await import('#app/utils/env.server.ts')
		expect(getEnv()).toMatchObject({ RATE_LIMIT_CONVERT_PER_MINUTE: 60, RATE_LIMIT_TOOLS_PER_MINUTE: 600 })
	})
})
