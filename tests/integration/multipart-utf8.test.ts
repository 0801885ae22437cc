/**
 * A multipart text field whose bytes are not valid UTF-8 (issue 29, item 24)
 * is a 400 that names the field (`details.fields.<name>`), at every endpoint
 * that reads multipart text fields: never "The request body was cut off."
 * (which is what the parser's own fatal decoder made of it).
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import * as uploadRoute from '#app/routes/api.convert.upload.ts'
import * as mdToDocxRoute from '#app/routes/api.convert.md-to-docx.ts'
import * as editRoute from '#app/routes/api.edit-pdf.ts'
import * as jsonFormatterPage from '#app/tools/json-formatter/page.tsx'
import * as mdToDocxPage from '#app/tools/markdown-to-docx/page.tsx'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute } from '#tests/setup/routes.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const BASE = 'http://localhost:3000'
const BOUNDARY = 'utf8-test-boundary'
const encoder = new TextEncoder()

type RawPart = { name: string; bytes: Uint8Array; filename?: string; type?: string }

/** A multipart body built byte by byte, so a field can hold bytes no FormData would send. */
function multipart(parts: Array<RawPart>): Uint8Array {
	const chunks: Array<Uint8Array> = []
	for (const part of parts) {
		const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`
		const type = part.type ? `\r\nContent-Type: ${part.type}` : ''
		chunks.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), part.bytes, encoder.encode('\r\n'))
	}
	chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`))
	const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
	let at = 0
	for (const chunk of chunks) {
		body.set(chunk, at)
		at += chunk.length
	}
	return body
}

/** "Caf" then 0xff (never valid in UTF-8), then "!". */
const INVALID = new Uint8Array([0x43, 0x61, 0x66, 0xff, 0x21])
const text = (value: string) => encoder.encode(value)

function post(url: string, parts: Array<RawPart>) {
	return new Request(`${BASE}${url}`, {
		method: 'POST',
		body: multipart(parts) as BodyInit,
		headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
	})
}

type ErrorJson = { message: string; status: number; details?: unknown }

function expectNamed(error: ErrorJson | null | undefined, field: string) {
	expect(error?.status).toBe(400)
	expect(error?.message).not.toMatch(/cut off/i)
	expect(error?.message).toContain(`"${field}"`)
	expect(error?.message).toMatch(/not valid UTF-8/)
	expect((error?.details as { fields?: Record<string, string> } | undefined)?.fields?.[field]).toMatch(/not valid UTF-8/)
}

describe('readFormData', () => {
	test('a multipart text field that is not valid UTF-8 is a 400 naming the field', async () => {
		const request = post('/x', [
			{ name: 'ok', bytes: text('fine') },
			{ name: 'title', bytes: INVALID },
		])
		const error = await readFormData(request, 1_000_000).then(
			() => null,
			(caught: unknown) => caught,
		)
		expect(error).toBeInstanceOf(AppError)
		expectNamed((error as AppError).toJSON(), 'title')
	})

	test('a part whose field name is not valid UTF-8 is a 400 that says so, not "cut off"', async () => {
		const head = encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="ti`)
		const tail = encoder.encode(`tle"\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`)
		const body = new Uint8Array([...head, 0xff, ...tail])
		const request = new Request(`${BASE}/x`, { method: 'POST', body: body as BodyInit, headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` } })
		const error = await readFormData(request, 1_000_000).then(
			() => null,
			(caught: unknown) => caught,
		)
		expect(error).toBeInstanceOf(AppError)
		const json = (error as AppError).toJSON()
		expect(json.status).toBe(400)
		expect(json.message).not.toMatch(/cut off/i)
		expect(json.message).toMatch(/name .*not valid UTF-8/)
	})

	test('valid UTF-8 (multibyte characters; a leading BOM dropped, as before) and files with any bytes are read as before', async () => {
		const form = await readFormData(
			post('/x', [
				{ name: 'title', bytes: text('\ufeffCafé — 北京 🙂') },
				{ name: 'file', bytes: new Uint8Array([0xff, 0xfe, 0x00]), filename: 'b.bin', type: 'application/octet-stream' },
			]),
			1_000_000,
		)
		expect(form.get('title')).toBe('Café — 北京 🙂')
		const file = form.get('file') as File
		expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0xff, 0xfe, 0x00])
	})
})

describe('every endpoint that takes multipart text fields', () => {
	test('POST /api/convert/upload: the "pages" option', async () => {
		const pdf = await textPdf({ pages: 3 })
		const outcome = await callRoute(
			uploadRoute.action,
			post('/api/convert/upload', [
				{ name: 'operation', bytes: text('split') },
				{ name: 'pages', bytes: INVALID },
				{ name: 'files', bytes: pdf, filename: 'a.pdf', type: 'application/pdf' },
			]),
		)
		expectNamed(outcome.body, 'pages')
	})

	test('POST /api/convert/md-to-docx: the "markdown" field', async () => {
		const outcome = await callRoute(mdToDocxRoute.action, post('/api/convert/md-to-docx', [{ name: 'markdown', bytes: INVALID }]))
		expectNamed(outcome.body, 'markdown')
	})

	test('POST /api/edit-pdf: a text field beside the file', async () => {
		const pdf = await textPdf({ pages: 1 })
		const outcome = await callRoute(
			editRoute.action,
			post('/api/edit-pdf', [
				{ name: 'name', bytes: INVALID },
				{ name: 'file', bytes: pdf, filename: 'a.pdf', type: 'application/pdf' },
			]),
		)
		expectNamed(outcome.body, 'name')
	})

	test('the Markdown → DOCX page posted without JavaScript', async () => {
		const outcome = await callRoute(mdToDocxPage.action, post('/tools/markdown-to-docx', [{ name: 'markdown', bytes: INVALID }]))
		expect(outcome.status).toBe(400)
		expect(JSON.stringify(outcome.body)).toMatch(/\\"markdown\\" is not valid UTF-8|"markdown" is not valid UTF-8/)
		expect(JSON.stringify(outcome.body)).not.toMatch(/cut off/i)
	})

	test('a tool page posted without JavaScript (the JSON formatter)', async () => {
		const outcome = await callRoute(jsonFormatterPage.action, post('/tools/json-formatter', [{ name: 'input', bytes: INVALID }]))
		expectNamed(outcome.body.error, 'input')
	})
})
