/**
 * The page's action: the Markdown to DOCX form posted without JavaScript,
 * through the real worker pool and database. A conversion is answered with
 * the .docx itself (the API's headers, handed to entry.server.tsx) and
 * counted as a ToolRun via 'form'; errors come back as data for the page,
 * at the catalogue's status, with what was typed.
 */
import { type AppLoadContext } from '@remix-run/node'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { takeDocumentResponse } from '#app/utils/document-response.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { DOCX_MEDIA_TYPE } from './options.ts'
import { action, type ActionData } from './page.tsx'
import { MAX_MARKDOWN_BYTES } from './parts/files.ts'
import { PNG_1X1 } from './test-images.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const URL = 'http://localhost:3000/tools/markdown-to-docx'

/** The form as a browser sends it without JavaScript: every field, the empty ones too. */
function browserForm(fields: { markdown?: string; file?: File; images?: Array<File>; options?: Record<string, string> }) {
	const form = new FormData()
	form.append('markdown', fields.markdown ?? '')
	form.append('file', fields.file ?? new File([], '', { type: 'application/octet-stream' }))
	for (const image of fields.images?.length ? fields.images : [new File([], '', { type: 'application/octet-stream' })]) form.append('images', image)
	const options = { pageSize: 'a4', orientation: 'portrait', marginMm: '25', bodyFont: 'Calibri', bodySize: '11', codeFont: 'Consolas', tableStyle: 'grid', titleFrom: 'front-matter', ...fields.options }
	for (const [name, value] of Object.entries(options)) form.append(name, value)
	return form
}

async function post(body: FormData | string, headers: Record<string, string> = {}) {
	const context = { cspNonce: '', clientIp: '203.0.113.9' } as AppLoadContext
	const request = new Request(URL, { method: 'POST', body, headers })
	const result = (await action({ request, context, params: {} })) as unknown as { data: ActionData; init: ResponseInit | null }
	return { data: result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), document: takeDocumentResponse(context) }
}

async function runs() {
	await settleRunRecords()
	return prisma.toolRun.findMany({ select: { tool: true, via: true, outcome: true } })
}

describe('the form without JavaScript', () => {
	test('converts: the answer is the .docx with the API’s headers, and the run is counted via form', async () => {
		const outcome = await post(browserForm({ markdown: '# Hello form\n\n![far](https://example.com/a.png)\n', options: { pageSize: 'letter', toc: 'on' } }))
		const response = outcome.document
		expect(response, 'a document response for entry.server.tsx').toBeDefined()
		expect(response!.status).toBe(200)
		expect(response!.headers.get('Content-Type')).toBe(DOCX_MEDIA_TYPE)
		expect(response!.headers.get('Content-Disposition')).toBe(`attachment; filename="Hello form.docx"; filename*=UTF-8''Hello%20form.docx`)
		expect(JSON.parse(response!.headers.get('X-Conversion-Report')!)).toEqual([expect.objectContaining({ line: 3, kind: 'remote-image' })])
		const bytes = new Uint8Array(await response!.arrayBuffer())
		expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
		expect(Number(response!.headers.get('Content-Length'))).toBe(bytes.byteLength)
		// A client-side submission would get the name and the report as data.
		expect(outcome.data).toEqual({ error: null, converted: { fileName: 'Hello form.docx', report: [expect.objectContaining({ kind: 'remote-image' })] } })
		expect(await runs()).toEqual([{ tool: 'markdown-to-docx', via: 'form', outcome: 'ok' }])
	})

	test('a chosen file (with its picture) is used when the box is empty, and names the document', async () => {
		const outcome = await post(
			browserForm({ file: new File(['# Title in file\n\n![logo](img/logo.png)\n'], 'guide.md', { type: 'text/markdown' }), images: [new File([PNG_1X1], 'logo.png', { type: 'image/png' })] }),
		)
		expect(outcome.document?.headers.get('Content-Disposition')).toContain('filename="guide.docx"')
		expect(outcome.document?.headers.get('X-Conversion-Report')).toBe('[]')
	})

	test('empty: 400 with the catalogue message for the page, nothing converted or counted', async () => {
		const outcome = await post(browserForm({ markdown: '   \n' }))
		expect(outcome.status).toBe(400)
		expect(outcome.document).toBeUndefined()
		expect(outcome.headers.get('Cache-Control')).toBe('no-store')
		expect(outcome.data).toEqual({
			error: { message: 'Validation failed: the Markdown is empty.', status: 400, code: 'VALIDATION_ERROR', details: { fields: { markdown: 'Type or paste some Markdown, or choose a file' } } },
			markdown: '',
			options: {},
		})
		expect(await runs()).toEqual([])
	})

	test('text and a file at once: 400 asking for one of them', async () => {
		const outcome = await post(browserForm({ markdown: '# Typed', file: new File(['# Chosen'], 'a.md') }))
		expect(outcome.status).toBe(400)
		expect((outcome.data as { error: { message: string } }).error.message).toBe('Validation failed: use the text box or a Markdown file, not both.')
	})

	test('over 5 MB: 413 naming the limit, and the Markdown is not sent back', async () => {
		const outcome = await post(browserForm({ markdown: `# Big\n\n${'a'.repeat(MAX_MARKDOWN_BYTES)}` }))
		expect(outcome.status).toBe(413)
		const data = outcome.data as Extract<ActionData, { markdown: string }>
		expect(data.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, details: { field: 'markdown', limit: MAX_MARKDOWN_BYTES } })
		expect(data.error.message).toMatch(/5 MB/)
		expect(data.markdown).toBe('')
	})

	test('a bad option: 400 naming it, the Markdown and options kept for the page, the run counted as invalid', async () => {
		const outcome = await post(browserForm({ markdown: '# Kept', options: { marginMm: '2' } }))
		expect(outcome.status).toBe(400)
		const data = outcome.data as Extract<ActionData, { markdown: string }>
		expect(data.error.details).toMatchObject({ fields: { marginMm: expect.any(String) } })
		expect(data.markdown).toBe('# Kept')
		expect(data.options).toMatchObject({ marginMm: '2', pageSize: 'a4' })
		expect(await runs()).toEqual([{ tool: 'markdown-to-docx', via: 'form', outcome: 'invalid' }])
	})

	test('pathological Markdown: 422 too complex, never 500', async () => {
		const outcome = await post(browserForm({ markdown: `${'> '.repeat(100)}deep` }))
		expect(outcome.status).toBe(422)
		expect((outcome.data as { error: { message: string } }).error.message).toMatch(/64 levels deep/)
	})

	test('a picture that is not one: 415', async () => {
		const outcome = await post(browserForm({ markdown: '# x', images: [new File(['<svg/>'], 'logo.png', { type: 'image/png' })] }))
		expect(outcome.status).toBe(415)
	})
})

test('the size line counts UTF-8 bytes and lines as the encoder would', async () => {
	const { lineCount, utf8Bytes } = await import('./parts/files.ts')
	for (const text of ['', 'a', 'é', '€', '😀', 'a\nb\n', '\ud800 lone', 'mixed é€😀\n'.repeat(100)]) {
		expect(utf8Bytes(text), JSON.stringify(text.slice(0, 20))).toBe(new TextEncoder().encode(text).byteLength)
		expect(lineCount(text)).toBe(text === '' ? 0 : text.split('\n').length)
	}
})
