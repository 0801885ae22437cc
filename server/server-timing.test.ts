/**
 * Server-Timing on tool and converter responses, through the real Express
 * app: a route's own phases come first, `total` is added as the headers go
 * out (a streamed body too), and account endpoints say nothing.
 */
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { minimalBuild } from '#tests/fixtures/remix-build.ts'
import { createApp } from './app.ts'

const build = minimalBuild({
	'routes/tool': {
		path: 'api/tools/:slug',
		module: { loader: () => new Response('{}', { headers: { 'Content-Type': 'application/json', 'Server-Timing': 'run;dur=1.5' } }) },
	},
	'routes/pdf': {
		path: 'api/pdf/:id',
		module: {
			loader: () =>
				new Response(
					new ReadableStream({
						start(controller) {
							controller.enqueue(new TextEncoder().encode('%PDF-'))
							controller.close()
						},
					}),
					{ headers: { 'Content-Type': 'application/pdf' } },
				),
		},
	},
	'routes/missing': { path: 'api/convert/missing', module: { loader: () => new Response('{"status":404}', { status: 404 }) } },
	'routes/login': { path: 'api/auth/login', module: { loader: () => new Response('{}') } },
})

let server: ReturnType<ReturnType<typeof createApp>['listen']>
const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`

beforeAll(async () => {
	const app = createApp({ mode: 'production', build, https: false, logRequests: false, siteOrigin: 'http://localhost:3000', pageCacheMs: 0, clientDir: '/nonexistent' })
	server = app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test("a tool's phases, then the total", async () => {
	const response = await fetch(url('/api/tools/json-formatter'))
	expect(response.headers.get('Server-Timing')).toMatch(/^run;dur=1\.5, total;dur=\d+\.\d$/)
})

test('a streamed converter download gets the total; an error answer too', async () => {
	const pdf = await fetch(url('/api/pdf/abc'))
	expect(await pdf.text()).toBe('%PDF-')
	expect(pdf.headers.get('Server-Timing')).toMatch(/^total;dur=\d+\.\d$/)
	const missing = await fetch(url('/api/convert/missing'))
	expect(missing.status).toBe(404)
	expect(missing.headers.get('Server-Timing')).toMatch(/^total;dur=\d+\.\d$/)
})

test('sign-in and account endpoints say nothing about their timing', async () => {
	const response = await fetch(url('/api/auth/login'))
	expect(response.status).toBe(200)
	expect(response.headers.get('Server-Timing')).toBeNull()
})
