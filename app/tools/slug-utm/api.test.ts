/**
 * The slug, UTM and link-cleaning tool on the server: `POST
 * /api/tools/slug-utm` in each mode, bad links and options as 400s with
 * their line, the 10 MB limit, usage counting without content, and the
 * page's form action (no JavaScript) with its checkboxes and UTM fields —
 * all through the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as pageRoute from '#app/tools/slug-utm/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { countedRuns, postToolApi, postToolForm, type Json } from '#tests/setup/tool-api.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'slug-utm'

const run = (input: string, options: Record<string, unknown> = {}) => postToolApi(SLUG, input, options)

describe('POST /api/tools/slug-utm', () => {
	test('slug is the default mode', async () => {
		const { status, body } = await run('Grüße aus Köln — Привет, мир! 中文', { removeStopWords: true, maxLength: 40 })
		expect(status).toBe(200)
		expect(body).toMatchObject({ mode: 'slug', output: 'gruesse-aus-koeln-privet-mir-中文', lines: 1, removed: [] })
	})

	test('utm and clean', async () => {
		const tagged = await run('https://example.com/?a=1#top', { mode: 'utm', utm_source: 'news letter', utm_medium: 'email', utm_campaign: 'q&a' })
		expect(tagged.status).toBe(200)
		expect(tagged.body.output).toBe('https://example.com/?a=1&utm_source=news%20letter&utm_medium=email&utm_campaign=q%26a#top')
		const cleaned = await run('https://example.com/?a=1&fbclid=x&gclid=y&gclid=z#top', { mode: 'clean' })
		expect(cleaned.body).toMatchObject({
			output: 'https://example.com/?a=1#top',
			removed: [
				{ name: 'fbclid', count: 1 },
				{ name: 'gclid', count: 2 },
			],
		})
	})

	test('bad links, missing utm_source, unknown options and empty input are 400s with a clear message', async () => {
		const bad = await run('https://ok.example/\nnot a link', { mode: 'clean' })
		expect(bad.status).toBe(400)
		expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { line: 2, column: 1 } })
		expect((await run('https://example.com/', { mode: 'utm' })).body.message).toMatch(/utm_source/)
		const unknown = await run('x', { mode: 'slug', shout: true })
		expect(unknown.status).toBe(400)
		expect(unknown.body.message).toMatch(/Unrecognized key/)
		expect((await run('', { mode: 'clean' })).body).toMatchObject({ status: 400, message: 'Enter a link to clean.' })
	})

	test('input over 10 MB is a 413; just under it is answered', async () => {
		const big = await run('a'.repeat(MAX_INPUT_BYTES + 1))
		expect(big.status).toBe(413)
		const line = 'Straße über Köln 😀 '
		const almost = await run(line.repeat(Math.floor((MAX_INPUT_BYTES - 1024) / Buffer.byteLength(line))), { maxLength: 60 })
		expect(almost.status).toBe(200)
		expect(almost.body.output.length).toBeLessThanOrEqual(60)
	}, 30_000)

	test('each run is counted, never its content', async () => {
		await run('https://secret.example/?fbclid=1', { mode: 'clean' })
		await run('secret title')
		const { outcomes, stored } = await countedRuns(SLUG)
		expect(outcomes).toEqual(['ok', 'ok'])
		expect(stored).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	const postForm = (fields: Record<string, string>) => postToolForm(pageRoute.action, SLUG, fields)

	test('slug with its checkboxes, and UTM with its fields', async () => {
		// Unticked checkboxes are not posted: lower case and the German spelling are off.
		const slug = await postForm({ input: 'Über The Top', mode: 'slug', separator: '_', removeStopWords: 'on', maxLength: '' })
		expect(slug.status).toBe(200)
		expect(slug.data.result.output).toBe('Uber_Top')
		const utm = await postForm({ input: 'example.com/a', mode: 'utm', separator: '-', lowercase: 'on', utm_source: 'x', utm_medium: '', utm_campaign: 'c' })
		expect(utm.data.result.output).toBe('https://example.com/a?utm_source=x&utm_campaign=c')
		expect((await countedRuns(SLUG)).outcomes).toEqual(['ok', 'ok'])
	})

	test('a bad link comes back as the error with its line; the input is kept', async () => {
		const { status, data } = await postForm({ input: 'mailto:a@b.example', mode: 'clean' })
		expect(status).toBe(400)
		expect(data.input).toBe('mailto:a@b.example')
		expect(data.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { line: 1, column: 1 } })
	})
})
