/**
 * The QR code generator on the server: `POST /api/tools/qr-code-generator`
 * (SVG and PNG, the version, level and capacity fields, bad input answered
 * with the catalogue's statuses, never a 500), the run count, and the page's
 * form action without JavaScript (a Wi-Fi code built from posted fields).
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import * as qrRoute from '#app/tools/qr-code-generator/page.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from '#tests/setup/accounts.ts'
import { postToolApi, type Json } from '#tests/setup/tool-api.ts'
import { resetDatabase } from '#tests/setup/db.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'qr-code-generator'

const post = (input: unknown, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

describe('POST /api/tools/qr-code-generator', () => {
	test('SVG by default, with version, level and capacity', async () => {
		const { status, body } = await post('https://example.com')
		expect(status).toBe(200)
		expect(body.output).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
		expect(body).toMatchObject({ format: 'svg', version: 2, errorCorrection: 'M', capacity: { used: 19, limit: 26, max: 2331 }, modules: 25, warnings: [] })
	})

	test('PNG as a data URI, at the chosen level, size and colours', async () => {
		const { status, body } = await post('WIFI:T:WPA;S:Home\\;Net;P:secret123;;', { format: 'png', errorCorrection: 'H', size: 256, dark: '#ffffff', light: '#000000' })
		expect(status).toBe(200)
		expect(body.output).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
		expect(body.errorCorrection).toBe('H')
		expect(body.svg).toMatch(/^<svg/)
		expect(body.warnings).toEqual([expect.stringMatching(/inverted/)])
	})

	test('bad input: empty, one byte over capacity, 10 MB, more than 10 MB, bad options; never a 500', async () => {
		expect((await post('')).body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Enter the text or link to put in the QR code.' })

		const over = await post('é'.repeat(1476) + 'x'.repeat(2), { errorCorrection: 'L' })
		expect(over.status).toBe(400)
		expect(over.body.message).toMatch(/the content is 2,954 bytes and a code at error correction L holds at most 2,953/)
		expect(over.body.details.capacity).toMatchObject({ used: 2954, max: 2953 })

		// Refused by the byte count (the capacity message, not the encoder's); no clock: a hang is
		// caught by the suite's test timeout, and speed is measured in `npm run bench`.
		const huge = await post('x'.repeat(MAX_INPUT_BYTES))
		expect(huge.status).toBe(400)
		expect(huge.body.message).toMatch(/^Too long for a QR code/)
		expect(huge.body.details.capacity).toMatchObject({ used: MAX_INPUT_BYTES })
		expect((await post('x'.repeat(MAX_INPUT_BYTES + 1))).status).toBe(413)

		for (const options of [{ format: 'gif' }, { errorCorrection: 'X' }, { size: 9000 }, { dark: 'black' }, { logo: 'x' }]) {
			const { status, body } = await post('x', options)
			expect(status, JSON.stringify(options)).toBe(400)
			expect(body.message).toMatch(/^Validation failed: options/)
		}
	})

	test('emoji, right-to-left and combining characters are encoded as UTF-8', async () => {
		const text = 'שלום 👋🏽 e\u0301 ǅ'
		const { status, body } = await post(text)
		expect(status).toBe(200)
		expect(body.capacity.used).toBe(Buffer.byteLength(text, 'utf8'))
	})

	test('each run is counted, never its content', async () => {
		await post('secret-link')
		await post('')
		await settleRunRecords()
		const runs = await prisma.toolRun.findMany({ orderBy: { inputBytes: 'asc' } })
		expect(runs.map(({ tool, via, outcome, inputBytes }) => ({ tool, via, outcome, inputBytes }))).toEqual([
			{ tool: SLUG, via: 'api', outcome: 'invalid', inputBytes: 0 },
			{ tool: SLUG, via: 'api', outcome: 'ok', inputBytes: 11 },
		])
		expect(JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain('secret')
	})
})

describe('the page’s form action (no JavaScript)', () => {
	async function postForm(fields: Record<string, string>) {
		const request = makeRequest(`/tools/${SLUG}?type=${fields.type ?? 'text'}`, { method: 'POST', form: fields })
		const response = (await qrRoute.action({ request, params: {}, context: context() } as never)) as unknown as { data: Json; init: ResponseInit | null }
		return { status: response.init?.status ?? 200, data: response.data }
	}

	test('a Wi-Fi code from the posted fields: PNG and SVG, the fields sent back', async () => {
		const { status, data } = await postForm({ type: 'wifi', input: '', ssid: ';:,\\"', password: 'p;w', security: 'WPA', format: 'png', errorCorrection: 'Q', size: '256', margin: '4', dark: '#000000', light: '#ffffff' })
		expect(status).toBe(200)
		expect(data.input).toBe('WIFI:T:WPA;S:\\;\\:\\,\\\\\\";P:p\\;w;;')
		expect(data.result).toMatchObject({ format: 'png', errorCorrection: 'Q' })
		expect(data.result.svg).toMatch(/^<svg/)
		expect(data.fields).toMatchObject({ ssid: ';:,\\"', password: 'p;w' })
	})

	test('a field error is a clear 400 with the field named', async () => {
		const { status, data } = await postForm({ type: 'geo', input: '', latitude: '123', longitude: '0' })
		expect(status).toBe(400)
		expect(data.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/latitude is a number from -90 to 90/), details: { field: 'latitude' } })
	})
})
