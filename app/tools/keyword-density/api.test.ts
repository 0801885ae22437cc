/**
 * Keyword Density & Readability on the server: `POST
 * /api/tools/keyword-density`, its errors, 10 MB of text, usage counting
 * without content, and the page's form action (no JavaScript) — through
 * the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as pageRoute from '#app/tools/keyword-density/page.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { countedRuns, postToolApi, postToolForm } from '#tests/setup/tool-api.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'keyword-density'

const run = (input: string, options: Record<string, unknown> = {}) => postToolApi(SLUG, input, options)

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
		const { outcomes, stored } = await countedRuns(SLUG)
		expect(outcomes).toHaveLength(1)
		expect(stored).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	test('analyses with the posted options; an unticked filter is off', async () => {
		const response = await postToolForm(pageRoute.action, SLUG, { input: 'the cat and the hat', top: '5' })
		expect(response.status).toBe(200)
		expect(response.data.options).toEqual({ stopWords: false, top: 5 })
		expect(response.data.result.phrases.one[0]).toEqual({ phrase: 'the', count: 2, density: 40 })
	})
})
