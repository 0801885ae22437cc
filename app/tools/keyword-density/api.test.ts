/**
 * Keyword Density & Readability on the server: `POST
 * /api/tools/keyword-density`, its errors, 10 MB of text, usage counting
 * without content, and the page's form action (no JavaScript) — through
 * the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import * as pageRoute from '#app/tools/keyword-density/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

const SLUG = 'keyword-density'

async function run(input: string, options: Record<string, unknown> = {}): Promise<{ status: number; body: Json }> {
	const request = makeRequest(`/api/tools/${SLUG}`, { method: 'POST', json: { input, options } })
	const response = await apiRoute.action({ request, params: { slug: SLUG }, context: context() } as never)
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}

describe('POST /api/tools/keyword-density', () => {
	test('answers the counts, phrases, readability and the text report', async () => {
		const { status, body } = await run('The quick brown fox jumps over the lazy dog.', { top: 3 })
		expect(status).toBe(200)
		expect(body.stats).toMatchObject({ words: 9, uniqueWords: 8, sentences: 1 })
		expect(body.phrases.one).toHaveLength(3)
		expect(body.phrases.two[0]).toEqual({ phrase: 'quick brown', count: 1, density: 11.11 })
		expect(body.readability).toMatchObject({ fleschReadingEase: 94.3, level: 'very easy' })
		expect(body.output).toMatch(/^Words: 9\n/)
	})

	test('empty input, text without words and bad options are 400s', async () => {
		expect((await run('   ')).body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Enter some text to analyse.' })
		expect((await run('😀 👍')).status).toBe(400)
		expect((await run('x', { top: 0 })).body.message).toMatch(/^Validation failed: options\.top/)
	})

	test('almost 10 MB of prose is answered; over 10 MB is a 413', async () => {
		const sentence = 'Handmade ceramic mugs are fired twice, and every mug is a little different! '
		const { status, body } = await run(sentence.repeat(Math.floor((MAX_INPUT_BYTES - 1024) / sentence.length)))
		expect(status).toBe(200)
		expect(body.phrases.two[0].phrase).toBe('handmade ceramic')
		expect((await run('a '.repeat(MAX_INPUT_BYTES / 2 + 1))).status).toBe(413)
	}, 60_000)

	test('each run is counted, never its content', async () => {
		await run('secret words here')
		await settleRunRecords()
		const runs = await prisma.toolRun.findMany({ where: { tool: SLUG } })
		expect(runs).toHaveLength(1)
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	test('analyses with the posted options; an unticked filter is off', async () => {
		const request = makeRequest(`/tools/${SLUG}`, { method: 'POST', form: { input: 'the cat and the hat', top: '5' } })
		const response = (await pageRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		expect(response.init?.status ?? 200).toBe(200)
		expect(response.data.options).toEqual({ stopWords: false, top: 5 })
		expect(response.data.result.phrases.one[0]).toEqual({ phrase: 'the', count: 2, density: 40 })
	})
})
