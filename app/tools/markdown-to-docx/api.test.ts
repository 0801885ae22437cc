/**
 * POST /api/convert/md-to-docx through the real worker pool and database:
 * the answer's headers and file name, the document read back by pandoc, the
 * limits (413 naming each, refused while the body streams), inputs identified
 * by their bytes (400, 415), pathological Markdown (422), concurrent
 * conversions, and the ToolRun each conversion leaves.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { updateSiteSettings } from '#app/site/settings.server.ts'
import * as route from '#app/routes/api.convert.md-to-docx.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute } from '#tests/setup/routes.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { docxFileName, REPORT_HEADER_MAX, reportHeader } from './convert.server.ts'
import { outlineOfDocx, pandocAvailable } from './docx-readers.server.ts'
import { DOCX_MEDIA_TYPE } from './options.ts'
import { PNG_1X1, pngDeclaring } from './test-images.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const URL = 'http://localhost:3000/api/convert/md-to-docx'

type Part = [name: string, value: string | File]

function post(parts: Array<Part>) {
	const form = new FormData()
	for (const [name, value] of parts) form.append(name, value)
	return callRoute(route.action, new Request(URL, { method: 'POST', body: form }))
}

/** A multipart body written by hand (names FormData would refuse or rewrite), or streamed without a length. */
function rawRequest(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
	return new Request(URL, {
		method: 'POST',
		headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ', ...headers },
		body,
		duplex: 'half',
	} as RequestInit)
}

function bytesOf(outcome: { response?: Response }) {
	return outcome.response!.arrayBuffer().then((buffer) => new Uint8Array(buffer))
}

describe('a conversion', () => {
	test('answers the .docx with its type, a safe attachment name and the report', async () => {
		const markdown = '# Quarterly *report*\n\n![logo](img/logo.png) ![far](https://example.com/x.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText[^1].\n\n[^1]: A note.\n'
		const outcome = await post([
			['markdown', markdown],
			['images', new File([PNG_1X1], 'logo.png', { type: 'image/png' })],
			['pageSize', 'letter'],
			['toc', 'true'],
		])
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Type')).toBe(DOCX_MEDIA_TYPE)
		expect(outcome.headers.get('Content-Disposition')).toBe(`attachment; filename="Quarterly report.docx"; filename*=UTF-8''Quarterly%20report.docx`)
		expect(outcome.headers.get('Cache-Control')).toBe('no-store')
		const report = JSON.parse(outcome.headers.get('X-Conversion-Report')!) as Array<{ line: number; kind: string }>
		expect(report).toEqual([expect.objectContaining({ line: 3, kind: 'remote-image' })])
		const docx = await bytesOf(outcome)
		expect(Number(outcome.headers.get('Content-Length'))).toBe(docx.byteLength)
		// A zip, as every .docx is.
		expect([...docx.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
		if (pandocAvailable()) {
			const read = outlineOfDocx(docx)
			expect(read.headings).toEqual(['1 Quarterly report'])
			expect(read.images).toBe(1)
			expect(read.footnotes).toBe(1)
			expect(read.tables).toEqual([[['a', 'b'], ['1', '2']]])
		}
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { tool: true, via: true, outcome: true } })).toEqual([{ tool: 'markdown-to-docx', via: 'api', outcome: 'ok' }])
	})

	test('takes the Markdown as a file, named after it; its name is made safe', async () => {
		const cases: Array<[string, string]> = [
			['notes.md', 'notes.docx'],
			['../../etc/passwd.md', 'passwd.docx'],
			['..\\..\\win.ini.markdown', 'win.ini.docx'],
			['evil\u202egpj.exe.md', 'evilgpj.exe.docx'],
			// FormData sends the quote as %22; the % and ; are dropped.
			['a"; filename=x.html.md', 'a22 filename=x.html.docx'],
			['Übersicht 日本.md', 'Übersicht 日本.docx'],
		]
		for (const [name, expected] of cases) {
			const outcome = await post([['file', new File(['# Heading\n\nBody'], name, { type: 'text/markdown' })]])
			expect(outcome.status, name).toBe(200)
			const disposition = outcome.headers.get('Content-Disposition')!
			expect(disposition, name).toBe(`attachment; filename="${expected.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(expected)}`)
			expect(disposition).not.toMatch(/\.\.|[\\/\u202e\u0000]/)
		}
		// NUL cannot travel in FormData's names: a hand-written part carries one.
		const body = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="nul\u0000name.md"\r\nContent-Type: text/markdown\r\n\r\n# Hi\r\n--XyZ--\r\n`
		const nul = await callRoute(route.action, rawRequest(body))
		expect(nul.status).toBe(200)
		expect(nul.headers.get('Content-Disposition')).not.toContain('\u0000')
		expect(nul.headers.get('Content-Disposition')).toMatch(/filename="nulname\.docx"/)
	})

	test('file names from headings and titles', () => {
		expect(docxFileName(undefined, undefined, '../../Input/Output "plan"')).toBe('..-..-Input-Output plan.docx'.replace(/^\.+/, ''))
		expect(docxFileName(undefined, 'T\u202eitle\r\n', 'ignored')).toBe('Title.docx')
		expect(docxFileName('...', '', undefined)).toBe('document.docx')
		expect(docxFileName(undefined, 'x'.repeat(300))).toBe(`${'x'.repeat(100)}.docx`)
	})

	test('the report header is ASCII JSON, capped in size', () => {
		const entries = Array.from({ length: 500 }, (_, index) => ({ line: index + 1, kind: 'raw-html' as const, message: `Raw HTML <é> number ${index} was reduced to its text.` }))
		const header = reportHeader(entries)
		expect(header.length).toBeLessThanOrEqual(REPORT_HEADER_MAX)
		expect(header).toMatch(/^[\x20-\x7e]+$/)
		const parsed = JSON.parse(header) as Array<{ kind: string; message: string }>
		expect(parsed.at(-1)).toMatchObject({ kind: 'truncated' })
		expect(parsed[0]!.message).toContain('<é>')
	})

	test('20 conversions at once each get their own document', async () => {
		const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => post([['markdown', `# Document ${index}\n\n${'Some text. '.repeat(500)}`]])))
		for (const [index, outcome] of outcomes.entries()) {
			expect(outcome.status).toBe(200)
			expect(outcome.headers.get('Content-Disposition')).toContain(`filename="Document ${index}.docx"`)
		}
		await settleRunRecords()
		expect(await prisma.toolRun.count({ where: { tool: 'markdown-to-docx', outcome: 'ok' } })).toBe(20)
	})
})

describe('refusals', () => {
	test('empty or missing Markdown: 400 Validation failed with details', async () => {
		for (const parts of [[], [['markdown', '']], [['markdown', ' \n\n ']], [['file', new File([], 'empty.md')]]] as Array<Array<Part>>) {
			const outcome = await post(parts)
			expect(outcome.status).toBe(400)
			expect(outcome.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(/^Validation failed/), details: { fields: expect.any(Object) } })
		}
	})

	test('a binary file posing as Markdown: 400, whatever its name says', async () => {
		for (const [bytes, label] of [
			[PNG_1X1, 'PNG'],
			[new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3'), 'PDF'],
			[new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'ZIP'],
			[new Uint8Array([0x61, 0x00, 0x62]), 'NUL'],
			[new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]), 'invalid UTF-8'],
		] as Array<[Uint8Array, string]>) {
			const outcome = await post([['file', new File([bytes as BlobPart], 'readme.md', { type: 'text/markdown' })]])
			expect(outcome.status, label).toBe(400)
			expect(outcome.body.message, label).toMatch(/not Markdown text/)
		}
	})

	test('an image that is not one: 415; options out of range and unknown fields: 400', async () => {
		const notImage = await post([
			['markdown', '# x'],
			['images', new File(['<svg onload="alert(1)"/>'], 'logo.png', { type: 'image/png' })],
		])
		expect(notImage.status).toBe(415)
		const badOption = await post([
			['markdown', '# x'],
			['pageSize', 'a0'],
		])
		expect(badOption.status).toBe(400)
		expect(badOption.body.details.fields).toHaveProperty('pageSize')
		const unknown = await post([
			['markdown', '# x'],
			['colour', 'red'],
		])
		expect(unknown.status).toBe(400)
		expect(unknown.body.details.fields).toEqual({ colour: 'Unknown field' })
		const both = await post([
			['markdown', '# x'],
			['file', new File(['# y'], 'y.md')],
		])
		expect(both.status).toBe(400)
	})

	test('pathological Markdown: 422 too complex, by rule; an image bomb is reported, not embedded', async () => {
		const pathological = [
			'*_a'.repeat(10_000),
			`${'>'.repeat(3000)} deep`,
			Array.from({ length: 1000 }, (_, depth) => `${'  '.repeat(depth)}- a`).join('\n'),
			// Past the table-cell limit (250,000): 130,000 rows of two.
			`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(130_000)}`,
		]
		for (const markdown of pathological) {
			const outcome = await post([['markdown', markdown]])
			expect(outcome.status).toBe(422)
			// Refused by a complexity rule (its reason), not by the job's time limit: no clock needed.
			expect(outcome.body).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', details: { reason: expect.stringMatching(/^(emphasis|nesting|indent|table-cells)$/) } })
		}
		const bomb = await post([
			['markdown', '![bomb](bomb.png)'],
			['images', new File([pngDeclaring(30_000, 30_000) as BlobPart], 'bomb.png', { type: 'image/png' })],
		])
		expect(bomb.status).toBe(200)
		expect(JSON.parse(bomb.headers.get('X-Conversion-Report')!)).toEqual([expect.objectContaining({ kind: 'image-too-large', message: expect.stringContaining('30000×30000') })])
		await settleRunRecords()
		expect(await prisma.toolRun.count({ where: { tool: 'markdown-to-docx', outcome: 'invalid' } })).toBe(4)
		// 8 KB of "[a](" is only text.
		expect((await post([['markdown', '[a]('.repeat(2048)]])).status).toBe(200)
		// 50,000 table rows (100,000 cells, under the 250,000 limit) are a document, not a refusal. (100,000 rows,
		// 1.5 s alone, passed the pool's 10 s limit at load 15 in CI: the limit on time is another test's.)
		expect((await post([['markdown', `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(50_000)}`]])).status).toBe(200)
	}, 60_000)

	test('GET is 405', async () => {
		const outcome = await callRoute(route.loader, new Request(URL))
		expect(outcome.status).toBe(405)
	})
})

describe('limits: 413 naming the limit, refused while the body streams', () => {
	test('Markdown over 5 MB, as text or as a file', async () => {
		const big = 'a'.repeat(5 * 1024 * 1024 + 1)
		const text = await post([['markdown', big]])
		expect(text.status).toBe(413)
		expect(text.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limit: 5 * 1024 * 1024, field: 'markdown' } })
		expect(text.body.message).toContain('5 MB')
		const file = await post([['file', new File([big], 'big.md')]])
		expect(file.status).toBe(413)
		expect(file.body.message).toBe('A file in "file" is too large (limit 5 MB)')
	})

	test('an image over the admin upload limit', async () => {
		await updateSiteSettings({ uploadLimitMb: 1 })
		const outcome = await post([
			['markdown', '![a](a.png)'],
			['images', new File([new Uint8Array(1024 * 1024 + 1) as BlobPart], 'a.png', { type: 'image/png' })],
		])
		expect(outcome.status).toBe(413)
		expect(outcome.body.message).toBe('A file in "images" is too large (limit 1 MB)')
	})

	test('200 image parts: refused after the 100th part', async () => {
		const parts: Array<Part> = [['markdown', '# many']]
		for (let index = 0; index < 200; index++) parts.push(['images', new File([PNG_1X1 as BlobPart], `i${index}.png`, { type: 'image/png' })])
		const outcome = await post(parts)
		expect(outcome.status).toBe(413)
		expect(outcome.body.message).toBe('Too many form fields (limit 100)')
	})

	test('a body declared over 50 MB is refused before it is read; a chunked one once it passes 50 MB', async () => {
		let pulled = 0
		const endless = () =>
			new ReadableStream<Uint8Array>({
				pull(controller) {
					pulled++
					controller.enqueue(new TextEncoder().encode(pulled === 1 ? '--XyZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n' : 'x'.repeat(1024 * 1024)))
					if (pulled > 200) controller.close()
				},
			})
		const declared = await callRoute(route.action, rawRequest(endless(), { 'Content-Length': String(60 * 1024 * 1024) }))
		expect(declared.status).toBe(413)
		expect(declared.body.message).toBe('Request body too large (limit 50 MB)')
		expect(pulled).toBeLessThanOrEqual(1)
		pulled = 0
		const chunked = await callRoute(route.action, rawRequest(endless()))
		expect(chunked.status).toBe(413)
		// The file part passes the per-file cap (25 MB, the upload limit) first: either way it stops early.
		expect(pulled).toBeLessThan(60)
	})
})
