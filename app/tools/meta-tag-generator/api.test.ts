/**
 * The Meta Tag Generator on the server: `POST /api/tools/meta-tag-generator`,
 * its errors, hostile input, 10 MB, and the page's form action (no
 * JavaScript) — through the real route, worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import * as pageRoute from '#app/tools/meta-tag-generator/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { postToolApi, postToolForm, type Json } from '#tests/setup/tool-api.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'meta-tag-generator'
const run = (input: unknown, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

describe('POST /api/tools/meta-tag-generator', () => {
	test('answers the head block, warnings, previews and JSON-LD', async () => {
		const { status, body } = await run('Blue Ceramic Mug, 350 ml', {
			description: 'Hand-thrown stoneware mug in cobalt blue glaze, dishwasher safe.',
			canonical: 'https://clay.example/shop/blue-mug',
			ogImage: 'https://clay.example/img/blue-mug.jpg',
			product: true,
			productPrice: '24.50',
			productCurrency: 'EUR',
		})
		expect(status).toBe(200)
		expect(body.output).toMatch(/^<head>\n {2}<meta charset="utf-8">\n/)
		expect(body.output).toContain('<link rel="canonical" href="https://clay.example/shop/blue-mug">')
		expect(body.jsonLd[0]).toMatchObject({ '@type': 'Product', offers: { price: '24.50', priceCurrency: 'EUR' } })
		expect(body.previews.google).toMatchObject({ title: 'Blue Ceramic Mug, 350 ml', titleTruncated: false, url: 'https://clay.example › shop › blue-mug' })
		expect(body.warnings).toEqual([
			{ field: 'description', level: 'warning', message: expect.stringMatching(/64 characters/) },
			{ field: 'ogImageAlt', level: 'info', message: expect.stringMatching(/alt text/) },
		])
	})

	test('an empty title is a 400 naming what to do; bad options are 400s', async () => {
		expect((await run('  ')).body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(/^Enter a title/) })
		expect((await run('T', { ogType: 'video' })).body.message).toMatch(/^Validation failed: options\.ogType/)
		expect((await run('T', { script: '<x>' })).status).toBe(400)
	})

	test('hostile text in every field stays text; javascript: URLs are left out', async () => {
		const hostile = '"><script>alert(1)</script></script><script>'
		const { status, body } = await run(hostile, {
			description: hostile,
			siteName: hostile,
			ogImageAlt: hostile,
			canonical: 'javascript:alert(1)',
			faq: true,
			faqItems: `Q: ${hostile}\nA: ${hostile}`,
			organization: true,
			orgSameAs: hostile,
		})
		expect(status).toBe(200)
		expect(body.output).not.toMatch(/<script>|javascript:/)
		expect(body.output.match(/<script/g)).toHaveLength(2)
		expect(body.output).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/script&gt;&lt;script&gt;</title>')
		expect(body.output).toContain('"name": "\\"\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')
		expect(body.warnings.filter((each: Json) => each.level === 'error').map((each: Json) => each.field)).toEqual(['canonical', 'orgSameAs'])
	})

	test('emoji, right-to-left text and combining characters', async () => {
		const { status, body } = await run('مرحبا 😀 e\u0301', { description: 'שלום 👍🏽' })
		expect(status).toBe(200)
		expect(body.output).toContain('<title>مرحبا 😀 e\u0301</title>')
		expect(body.previews.facebook.title).toBe('مرحبا 😀 e\u0301')
	})

	test('almost 10 MB of title is answered with a cut preview; over 10 MB in all is a 413', async () => {
		const { status, body } = await run('word '.repeat(Math.floor((MAX_INPUT_BYTES - 1024) / 5)))
		expect(status).toBe(200)
		expect(body.previews.google.titleTruncated).toBe(true)
		expect(body.previews.google.title.endsWith(' ...')).toBe(true)
		// The limit is for the title and the fields together.
		const half = 'a'.repeat(MAX_INPUT_BYTES / 2 + 1)
		const over = await run(half, { description: half })
		expect(over.status).toBe(413)
		expect(over.body.code).toBe('PAYLOAD_TOO_LARGE')
	}, 60_000)
})

describe('the page’s form action (no JavaScript)', () => {
	test('reads every field by its name; unticked boxes are off', async () => {
		const response = await postToolForm(pageRoute.action, SLUG, { input: 'Mugs & More', description: 'Short.', robotsIndex: 'noindex', robotsFollow: 'follow', ogType: 'website', twitterCard: 'summary', breadcrumbs: 'on', breadcrumbItems: 'Home | https://a.example/\nMugs' })
		expect(response.status).toBe(200)
		expect(response.data.options).toMatchObject({ robotsIndex: 'noindex', breadcrumbs: true, article: false, twitterCard: 'summary' })
		expect(response.data.result.output).toContain('<meta name="robots" content="noindex, follow">')
		expect(response.data.result.jsonLd[0]['@type']).toBe('BreadcrumbList')
		const empty = await postToolForm(pageRoute.action, SLUG, { input: '' })
		expect(empty.status).toBe(400)
		expect(empty.data.error.message).toMatch(/^Enter a title/)
	})
})
