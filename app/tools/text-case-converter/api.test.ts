/**
 * The Text Case Converter on the server: `POST /api/tools/text-case-converter`
 * with one case (the answer unchanged: output and stats), every case at once
 * (`mode: "all"`), the options, bad input with clear messages (empty, over the
 * limit, unknown options, emoji, right-to-left text and combining marks); and
 * the page's form action without JavaScript. Through the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as pageRoute from '#app/tools/text-case-converter/page.tsx'
import { caseModeIds, convertAll, MAX_ALL_INPUT_BYTES, textCounts } from '#app/tools/text-case-converter/core.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { postToolApi, type Json } from '#tests/setup/tool-api.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'text-case-converter'

const post = (input: unknown, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

describe('one case', () => {
	test('the answer is as before: output and stats, nothing else', async () => {
		const { status, body } = await post('HTTPServerError userID2', { mode: 'snake' })
		expect(status).toBe(200)
		expect(body).toEqual({
			output: 'http_server_error_user_id2',
			stats: { input: { characters: 23, words: 2, lines: 1 }, output: { characters: 26, words: 1, lines: 1 } },
		})
	})

	test('style, acronyms, per-line and locale options', async () => {
		expect((await post('a walk through the woods', { mode: 'title', style: 'chicago' })).body.output).toBe('A Walk through the Woods')
		expect((await post('a walk through the woods', { mode: 'title', style: 'apa' })).body.output).toBe('A Walk Through the Woods')
		expect((await post('the NASA story', { mode: 'title', keepAcronyms: false })).body.output).toBe('The Nasa Story')
		expect((await post('first name\nlast name', { mode: 'camel', perLine: false })).body.output).toBe('firstNameLastName')
		expect((await post('istanbul', { mode: 'upper', locale: 'tr' })).body.output).toBe('İSTANBUL')
		expect((await post('see https://github.com/User/Repo', { mode: 'title' })).body.output).toBe('See https://github.com/User/Repo')
	})

	test('emoji, right-to-left text and combining marks come back whole', async () => {
		const input = 'שלום 👨‍👩‍👧 cafe\u0301 \u202Eevil\u202C'
		const { status, body } = await post(input, { mode: 'upper' })
		expect(status).toBe(200)
		expect(body.output).toBe('שלום 👨‍👩‍👧 CAFE\u0301 \u202EEVIL\u202C')
	})
})

describe('every case at once (mode "all")', () => {
	test('answers cases (each mode id, in the menu order), counts, stats and the cases as text', async () => {
		const input = 'Q&A: what you need to know\nparseHTTPResponse'
		const { status, body } = await post(input, { mode: 'all', style: 'ap' })
		expect(status).toBe(200)
		expect(Object.keys(body)).toEqual(['output', 'cases', 'counts', 'stats'])
		expect(Object.keys(body.cases)).toEqual([...caseModeIds])
		expect(body.cases).toEqual(convertAll(input, { style: 'ap' }))
		// A name with inner capitals stays as written in the prose cases.
		expect(body.cases.title).toBe('Q&A: What You Need to Know\nparseHTTPResponse')
		expect(body.cases.snake).toBe('q_a_what_you_need_to_know\nparse_http_response')
		expect(body.counts).toEqual(textCounts(input))
		expect(body.output).toMatch(/^UPPER CASE\nQ&A: WHAT YOU NEED TO KNOW\nPARSEHTTPRESPONSE\n\nlower case\n/)
	})

	test('empty input answers empty cases and zero counts', async () => {
		const { status, body } = await post('', { mode: 'all' })
		expect(status).toBe(200)
		expect(Object.values(body.cases)).toEqual(caseModeIds.map(() => ''))
		expect(body.counts).toEqual({ characters: 0, charactersWithoutSpaces: 0, words: 0, lines: 0, sentences: 0 })
	})

	test('more than 1 MB is a 413 that names both limits; one case still takes it', async () => {
		const input = 'word '.repeat(MAX_ALL_INPUT_BYTES / 5 + 1)
		const all = await post(input, { mode: 'all' })
		expect(all.status).toBe(413)
		expect(all.body.code).toBe('PAYLOAD_TOO_LARGE')
		expect(all.body.message).toBe('All cases at once takes up to 1 MB of text (this is 1 MB); pick one case for up to 10 MB.')
		const one = await post(input, { mode: 'kebab' })
		expect(one.status).toBe(200)
		expect(one.body.output).toHaveLength(input.length - 1)
	})
})

describe('bad options and input', () => {
	test('an unknown style, locale or option is a 400 naming it; a missing input too', async () => {
		for (const options of [{ style: 'harvard' }, { locale: 'xx' }, { mode: 'ALL' }, { keepAcronyms: 'yes' }, { shout: true }]) {
			const { status, body } = await post('x', options)
			expect(status, JSON.stringify(options)).toBe(400)
			expect(body.code).toBe('VALIDATION_ERROR')
		}
		const missing = await post(undefined, { mode: 'upper' })
		expect(missing.status).toBe(400)
	})

	test('each run is counted, never its content', async () => {
		await post('secret words', { mode: 'all' })
		await settleRunRecords()
		const runs = await prisma.toolRun.findMany()
		expect(runs).toHaveLength(1)
		expect(runs[0]).toMatchObject({ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: 12 })
		expect(Object.values(runs[0]!).map(String).some((value) => value.includes('secret'))).toBe(false)
	})
})

describe('the form without JavaScript', () => {
	async function postForm(form: Record<string, string>) {
		const request = makeRequest(`/tools/${SLUG}`, { method: 'POST', form })
		const response = (await pageRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('posts the options as the page renders them: checkboxes on, a style and a locale', async () => {
		const { status, data } = await postForm({ input: 'the NASA walk through istanbul', mode: 'title', style: 'chicago', keepAcronyms: 'on', perLine: 'on', locale: 'tr' })
		expect(status).toBe(200)
		expect(data.result.output).toBe('The NASA Walk through İstanbul')
		expect(data.options).toEqual({ mode: 'title', style: 'chicago', keepAcronyms: true, perLine: true, locale: 'tr' })
	})

	test('an unchecked box is off', async () => {
		const { data } = await postForm({ input: 'the NASA story', mode: 'title', style: 'apa', perLine: 'on', locale: 'und' })
		expect(data.result.output).toBe('The Nasa Story')
	})
})
