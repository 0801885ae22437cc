/**
 * The sitemap tool on the server: `POST /api/tools/sitemap-xml` in both
 * modes, bad input (empty, malformed XML and CSV, a DOCTYPE, 50,001 URLs,
 * over 10 MB) as clear 4xx answers, usage counting without content, and
 * the page's form action (no JavaScript) — through the real route, worker
 * pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as pageRoute from '#app/tools/sitemap-xml/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { countedRuns, postToolApi, postToolForm, type Json } from '#tests/setup/tool-api.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'sitemap-xml'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const run = (input: string, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

describe('POST /api/tools/sitemap-xml', () => {
	test('generates from a URL list (the default mode), then validates what it made', async () => {
		const { status, body } = await run('https://bücher.example/straße?a=1&b=2\nhttps://bücher.example/\nhttps://bücher.example/', { changefreq: 'weekly', priority: 0.8 })
		expect(status).toBe(200)
		expect(body).toMatchObject({ mode: 'generate', format: 'urls', urls: 2, alternates: 0 })
		expect(body.warnings).toEqual([{ line: 3, message: 'Line 3: https://xn--bcher-kva.example/ is a duplicate of line 2; skipped.' }])
		expect(body.output).toContain('<loc>https://xn--bcher-kva.example/stra%C3%9Fe?a=1&amp;b=2</loc>\n    <changefreq>weekly</changefreq>\n    <priority>0.8</priority>')

		const checked = await run(body.output, { mode: 'validate' })
		expect(checked.status).toBe(200)
		expect(checked.body).toMatchObject({ mode: 'validate', valid: true, kind: 'urlset', urls: 2, errors: [], warnings: [], errorCount: 0 })
		expect(checked.body.output).toMatch(/^Valid sitemap: 2 URLs, no errors, 0 warnings\./)
	})

	test('a sitemap that breaks the rules is a 200 with valid: false and the errors with their lines', async () => {
		const input = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>https://example.com/é</loc><changefreq>Daily</changefreq></url>\n<url><loc>https://other.example/</loc></url>\n</urlset>`
		const { status, body } = await run(input, { mode: 'validate', siteUrl: 'https://example.com' })
		expect(status).toBe(200)
		expect(body).toMatchObject({ valid: false, urls: 2, errorCount: 3 })
		expect(body.errors.map((each: Json) => [each.line, each.column])).toEqual([
			[3, 11],
			[3, 50],
			[4, 11],
		])
	})

	test('malformed XML, a DOCTYPE, malformed CSV and empty input are 400s with their line and column', async () => {
		const unclosed = await run(`<urlset xmlns="${NS}">\n<url><loc>https://example.com/</loc>\n</urlset>`, { mode: 'validate' })
		expect(unclosed.status).toBe(400)
		expect(unclosed.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Not well-formed XML: Expected </url> (opened on line 2) but found </urlset>.', details: { line: 3, column: 1 } })
		const entity = await run(`<urlset xmlns="${NS}"><url><loc>https://example.com/&foo;</loc></url></urlset>`, { mode: 'validate' })
		expect(entity.body).toMatchObject({ status: 400, details: { line: 1, column: 91 } })
		expect(entity.body.message).toMatch(/Unknown entity &foo;/)
		const laughs = await run('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;">]>\n<urlset>&lol1;</urlset>', { mode: 'validate' })
		expect(laughs.body).toMatchObject({ status: 400, details: { line: 1, column: 1 } })
		expect(laughs.body.message).toMatch(/A DOCTYPE is not allowed in a sitemap/)

		const quote = await run('loc,lastmod\n"https://example.com/,2024-01-01')
		expect(quote.body).toMatchObject({ status: 400, details: { line: 2, column: 1 } })
		expect(quote.body.message).toMatch(/^Line 2: This quoted field is never closed/)
		const columns = await run('loc,lastmod\nhttps://example.com/,2024-01-01,daily', { format: 'csv' })
		expect(columns.body).toMatchObject({ status: 400, message: 'Line 2: this row has 3 fields, the header 2: a comma inside a value needs the value in quotes ("…").' })

		expect((await run('  ', { mode: 'validate' })).body).toMatchObject({ status: 400, message: 'Paste a sitemap (its XML) to check, or open the file.' })
		expect((await run('x', { mode: 'map' })).body.message).toMatch(/^Validation failed: options\.mode/)
		expect((await run('x', { colour: 'red' })).body.message).toMatch(/Unrecognized key/)
	})

	test('50,001 URLs: generating is a 400, validating names the count; almost 10 MB of prose is a clear 400; over 10 MB is a 413', async () => {
		const lines = Array.from({ length: 50_001 }, (_, index) => `https://example.com/p/${index}`)
		const generated = await run(lines.join('\n'))
		expect(generated.status).toBe(400)
		expect(generated.body.message).toMatch(/^50,001 URLs: a sitemap holds at most 50,000\./)
		const xml = `<urlset xmlns="${NS}">\n${lines.map((url) => `<url><loc>${url}</loc></url>`).join('\n')}\n</urlset>`
		const checked = await run(xml, { mode: 'validate' })
		expect(checked.status).toBe(200)
		expect(checked.body).toMatchObject({ valid: false, urls: 50_001, errorCount: 1 })
		expect(checked.body.errors[0].message).toMatch(/^The sitemap lists 50,001 URLs: at most 50,000 are allowed/)

		// Almost 10 MB of prose: a clear 400 in both modes, never a 500 or a hang.
		const sentence = 'Straße über Köln und שלום 😀 cafe\u0301. '
		const prose = sentence.repeat(Math.floor((MAX_INPUT_BYTES - 1024) / Buffer.byteLength(sentence)))
		const notXml = await run(prose, { mode: 'validate' })
		expect(notXml.body).toMatchObject({ status: 400, details: { line: 1, column: 1 } })
		expect(notXml.body.message).toMatch(/Text before the root element/)
		const notUrls = await run(prose)
		expect(notUrls.body).toMatchObject({ status: 400, details: { line: 1, column: 1 } })
		expect(notUrls.body.message).toMatch(/^Line 1: .* is a relative URL/)

		const big = await run(`<urlset>${'x'.repeat(MAX_INPUT_BYTES)}</urlset>`, { mode: 'validate' })
		expect(big.status).toBe(413)
		expect(big.body.code).toBe('PAYLOAD_TOO_LARGE')
	}, 60_000)

	test('each run is counted, never its content', async () => {
		await run('https://secret.example/')
		const { outcomes, stored } = await countedRuns(SLUG)
		expect(outcomes).toEqual(['ok'])
		expect(stored).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	const postForm = (fields: Record<string, string>) => postToolForm(pageRoute.action, SLUG, fields)

	test('generates with the posted options, validates, and sends a malformed sitemap back with its line', async () => {
		const generated = await postForm({ input: '/a\n/b', mode: 'generate', format: 'auto', baseUrl: 'https://example.com', changefreq: 'daily', priority: '', lastmod: 'none', siteUrl: '' })
		expect(generated.status).toBe(200)
		expect(generated.data.result).toMatchObject({ mode: 'generate', urls: 2 })
		expect(generated.data.result.output).toContain('<loc>https://example.com/b</loc>\n    <changefreq>daily</changefreq>\n  </url>')

		const checked = await postForm({ input: generated.data.result.output, mode: 'validate', siteUrl: 'https://example.com/' })
		expect(checked.data.result).toMatchObject({ mode: 'validate', valid: true, urls: 2 })

		const broken = await postForm({ input: '<urlset>\n<url>', mode: 'validate' })
		expect(broken.status).toBe(400)
		expect(broken.data.input).toBe('<urlset>\n<url>')
		expect(broken.data.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { line: 2, column: 1 } })
	})
})
