/**
 * The PDF converter's file API (issue 14) through its routes, the real
 * worker pool and the real database (PGlite, and PostgreSQL in CI's second
 * pass): every operation answers 201 with the stored result's shape and
 * GET serves those bytes (read back by qpdf, pdftotext and unzip); bad
 * input is refused with the catalogue's errors and leaves nothing stored;
 * expiry, ownership and the anonymous delete token; the ToolRun of each
 * operation; concurrent uploads; the profile page's list of one's own files.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { updateSiteSettings } from '#app/site/settings.server.ts'
import { purgeExpiredFiles } from '#app/files/files.server.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import * as uploadRoute from '#app/routes/api.convert.upload.ts'
import * as editRoute from '#app/routes/api.edit-pdf.ts'
import * as fileRoute from '#app/routes/api.pdf.$id.ts'
import * as profileRoute from '#app/routes/profile.tsx'
import { deleteAccount } from '#app/accounts/user.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { resultOwnerKey } from '#app/files/files.server.ts'
import { MAX_UPLOAD_PARTS } from '#app/tools/pdf-converter/api.server.ts'
import { PDF_OPERATIONS } from '#app/tools/pdf-converter/options.ts'
import { pdfinfo, pdftotext, qpdfEncrypt, qpdfPageCount, qpdfRotations, requireTool, unzipEntry, unzipList } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { twoColourPng } from '#app/tools/pdf-converter/test-images.server.ts'
import { encryptPdf, pdftotextWith, qpdfIsEncrypted, qpdfShowEncryption } from '#app/tools/pdf-converter/test-locked-pdfs.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute } from '#tests/setup/routes.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const BASE = 'http://localhost:3000'
type Part = [name: string, value: string | File]

let pdf3: Uint8Array
let pdf5: Uint8Array
let png: Uint8Array

beforeAll(async () => {
	for (const tool of ['qpdf', 'pdftotext', 'pdfinfo', 'unzip']) requireTool(tool)
	pdf3 = await textPdf({ pages: 3 })
	pdf5 = await textPdf({ pages: 5 })
	png = twoColourPng('rgb', 40, 20, [220, 30, 30], [30, 60, 220])
})

const pdfFile = (data: Uint8Array, name = 'report.pdf') => new File([data as BlobPart], name, { type: 'application/pdf' })

function upload(parts: Array<Part>, headers: Record<string, string> = {}) {
	const form = new FormData()
	for (const [name, value] of parts) form.append(name, value)
	return callRoute(uploadRoute.action, new Request(`${BASE}/api/convert/upload`, { method: 'POST', body: form, headers }))
}

function download(url: string, headers: Record<string, string> = {}) {
	const id = url.split('/').pop()!
	return callRoute(fileRoute.loader, new Request(`${BASE}${url}`, { headers }), { id })
}

function remove(url: string, headers: Record<string, string> = {}) {
	const id = new URL(url, BASE).pathname.split('/').pop()!
	return callRoute(fileRoute.action, new Request(new URL(url, BASE), { method: 'DELETE', headers }), { id })
}

async function bytesOf(url: string): Promise<Uint8Array> {
	const outcome = await download(url)
	expect(outcome.status).toBe(200)
	return new Uint8Array(await outcome.response!.arrayBuffer())
}

const storedCount = () => prisma.storedFile.count()

function expectCreated(body: Record<string, unknown>, { anonymous = true } = {}) {
	expect(body).toEqual({
		id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
		fileName: expect.any(String),
		contentType: expect.any(String),
		size: expect.any(Number),
		pageCount: expect.any(Number),
		downloadUrl: `/api/pdf/${body.id as string}`,
		expiresAt: expect.any(String),
		...(anonymous ? { deleteToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } : {}),
	})
}

describe('each operation', () => {
	test('merge: 201 with the shape; GET answers the stored PDF as an attachment with its headers', async () => {
		const before = Date.now()
		const outcome = await upload([
			['operation', 'merge'],
			['files', pdfFile(pdf3, 'a.pdf')],
			['files', pdfFile(pdf5, 'b.pdf')],
		])
		expect(outcome.status).toBe(201)
		expectCreated(outcome.body)
		expect(outcome.body).toMatchObject({ contentType: 'application/pdf', pageCount: 8 })
		expect(outcome.headers.get('Location')).toBe(outcome.body.downloadUrl)
		// The retention period (24 h by default) from now.
		const expires = Date.parse(outcome.body.expiresAt)
		const { fileRetentionHours } = await prisma.siteSetting.findFirst().then((row) => row ?? { fileRetentionHours: 24 })
		expect(expires - before).toBeGreaterThanOrEqual(fileRetentionHours * 3_600_000 - 1_000)
		expect(expires - Date.now()).toBeLessThanOrEqual(fileRetentionHours * 3_600_000)

		const got = await download(outcome.body.downloadUrl)
		expect(got.status).toBe(200)
		expect(got.headers.get('Content-Type')).toBe('application/pdf')
		expect(got.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"/)
		expect(got.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(got.headers.get('Cache-Control')).toBe('private, no-store')
		const data = new Uint8Array(await got.response!.arrayBuffer())
		expect(data.byteLength).toBe(outcome.body.size)
		expect(Number(got.headers.get('Content-Length'))).toBe(data.byteLength)
		expect(qpdfPageCount(data)).toBe(8)
		// Stored as a result: not kept, owned by no account, only the token's hash.
		const row = await prisma.storedFile.findUniqueOrThrow({ where: { id: outcome.body.id } })
		expect(row).toMatchObject({ kept: false, uploadedById: null, tool: 'pdf-converter', pageCount: 8 })
		expect(row.deleteTokenHash).toMatch(/^[0-9a-f]{64}$/)
		expect(row.deleteTokenHash).not.toContain(outcome.body.deleteToken)
	})

	test('split every page (the issue\'s `every`): a ZIP of PDFs', async () => {
		const outcome = await upload([
			['operation', 'split'],
			['files', pdfFile(pdf5)],
			['every', '2'],
		])
		expect(outcome.status).toBe(201)
		expect(outcome.body.contentType).toBe('application/zip')
		const zip = await bytesOf(outcome.body.downloadUrl)
		const names = unzipList(zip)
		expect(names).toHaveLength(3)
		expect(names.map((name) => qpdfPageCount(unzipEntry(zip, name)))).toEqual([2, 2, 1])
	})

	test('split by `pages` ranges', async () => {
		const outcome = await upload([['operation', 'split'], ['files', pdfFile(pdf5)], ['pages', '1-2,3-5']])
		expect(outcome.status).toBe(201)
		const zip = await bytesOf(outcome.body.downloadUrl)
		expect(unzipList(zip).map((name) => qpdfPageCount(unzipEntry(zip, name)))).toEqual([2, 3])
	})

	test('rotate', async () => {
		const outcome = await upload([['operation', 'rotate'], ['files', pdfFile(pdf3)], ['angle', '90'], ['pages', '2']])
		expect(outcome.status).toBe(201)
		expect(qpdfRotations(await bytesOf(outcome.body.downloadUrl))).toEqual([0, 90, 0])
	})

	test('pdf-to-text: text/plain in UTF-8', async () => {
		const outcome = await upload([['operation', 'pdf-to-text'], ['files', pdfFile(pdf3)]])
		expect(outcome.status).toBe(201)
		expect(outcome.body.contentType).toBe('text/plain; charset=utf-8')
		const got = await download(outcome.body.downloadUrl)
		expect(got.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
		expect(got.body).toContain('Page 2 of 3 alpha')
	})

	test('images-to-pdf, with the issue\'s `margin`', async () => {
		const outcome = await upload([
			['operation', 'images-to-pdf'],
			['files', new File([png as BlobPart], 'a.png', { type: 'image/png' })],
			['files', new File([png as BlobPart], 'b.png', { type: 'image/png' })],
			['pageSize', 'a4'],
			['margin', '10'],
		])
		expect(outcome.status).toBe(201)
		const data = await bytesOf(outcome.body.downloadUrl)
		expect(qpdfPageCount(data)).toBe(2)
		expect(pdfinfo(data)['Page size']).toContain('595')
	})

	test('the other operations: extract, delete, reorder, page numbers, watermark, metadata, pdf-to-images', async () => {
		const cases: Array<[string, Array<Part>, (data: Uint8Array, body: Record<string, unknown>) => void]> = [
			['extract-pages', [['pages', '2-3']], (data) => expect(pdftotext(data)).toContain('Page 2 of 5')],
			['delete-pages', [['pages', '1,5']], (data) => expect(qpdfPageCount(data)).toBe(3)],
			['reorder-pages', [['order', '5,4,3,2,1']], (data) => expect(pdftotext(data).trim().startsWith('Page 5 of 5')).toBe(true)],
			['page-numbers', [['position', 'top-right'], ['format', '{n} / {total}']], (data) => expect(pdftotext(data)).toMatch(/3\s*\/\s*5/)],
			['watermark', [['text', 'DRAFT'], ['opacity', '0.5']], (data) => expect(pdftotext(data).replace(/\s+/g, '')).toContain('DRAFT')],
			['metadata', [['title', 'Quarterly'], ['author', 'Ada'], ['subject', 'Sums'], ['keywords', 'a, b']], (data) => expect(pdfinfo(data)).toMatchObject({ Title: 'Quarterly', Author: 'Ada' })],
			['pdf-to-images', [['dpi', '36'], ['pages', '1'], ['format', 'png']], (data, body) => {
				expect(body.contentType).toBe('image/png')
				expect([...data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
			}],
		]
		for (const [operation, options, check] of cases) {
			const outcome = await upload([['operation', operation], ['files', pdfFile(pdf5)], ...options])
			expect(outcome.status, `${operation}: ${JSON.stringify(outcome.body)}`).toBe(201)
			expectCreated(outcome.body)
			check(await bytesOf(outcome.body.downloadUrl), outcome.body)
		}
		await settleRunRecords()
		const runs = await prisma.toolRun.findMany({ select: { tool: true, via: true, outcome: true, operation: true }, orderBy: { id: 'asc' } })
		expect(runs).toEqual(cases.map(([operation]) => ({ tool: 'pdf-converter', via: 'api', outcome: 'ok', operation })))
	})

	test('every operation of the engine is one the API takes', () => {
		expect([...PDF_OPERATIONS].sort()).toEqual(
			['images-to-pdf', 'merge', 'split', 'extract-pages', 'delete-pages', 'reorder-pages', 'rotate', 'pdf-to-images', 'pdf-to-text', 'page-numbers', 'watermark', 'metadata'].sort(),
		)
	})
})

describe('result names say what was done (issue 29, item 23)', () => {
	test.each([
		['metadata', [['title', 'Q3']], 'report-properties.pdf'],
		['delete-pages', [['pages', '1-2']], 'report-without-pages-1-2.pdf'],
		['extract-pages', [['pages', '2-3']], 'report-pages-2-3.pdf'],
		['rotate', [['angle', '90']], 'report-rotated-90.pdf'],
		['reorder-pages', [['order', '3,1,2,4,5']], 'report-reordered.pdf'],
		['page-numbers', [], 'report-numbered.pdf'],
		['watermark', [['text', 'DRAFT']], 'report-watermarked.pdf'],
		['split', [['every', '2']], 'report-split-every-2-pages.zip'],
		['pdf-to-text', [], 'report-text.txt'],
		['pdf-to-images', [['pages', '2'], ['dpi', '36']], 'report-page-2.png'],
	] as const)('%s → %s, in the answer and the download\'s Content-Disposition', async (operation, options, expected) => {
		const outcome = await upload([['operation', operation], ['files', pdfFile(pdf5, 'report.pdf')], ...(options as ReadonlyArray<Part>)])
		expect(outcome.status, JSON.stringify(outcome.body)).toBe(201)
		expect(outcome.body.fileName).toBe(expected)
		const got = await download(outcome.body.downloadUrl)
		expect(got.headers.get('Content-Disposition')).toBe(`attachment; filename="${expected}"; filename*=UTF-8''${encodeURIComponent(expected).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`)
		await got.response!.body?.cancel()
	})

	test('merge names both files; a hostile or non-ASCII input name gives a safe name with a UTF-8 filename*', async () => {
		const merged = await upload([['operation', 'merge'], ['files', pdfFile(pdf3, 'a.pdf')], ['files', pdfFile(pdf5, 'b.pdf')]])
		expect(merged.body.fileName).toBe('a-and-b-merged.pdf')
		const three = await upload([['operation', 'merge'], ['files', pdfFile(pdf3, 'a.pdf')], ['files', pdfFile(pdf5, 'b.pdf')], ['files', pdfFile(pdf3, 'c.pdf')]])
		expect(three.body.fileName).toBe('a-and-2-more-merged.pdf')

		const hostile = await upload([['operation', 'metadata'], ['files', pdfFile(pdf3, '..\\..\\Ünïcode\u202e rep<o>rt:|?.pdf')], ['title', 'x']])
		expect(hostile.status).toBe(201)
		expect(hostile.body.fileName).toBe('Ünïcode report-properties.pdf')
		const got = await download(hostile.body.downloadUrl)
		expect(got.headers.get('Content-Disposition')).toBe(`attachment; filename="_n_code report-properties.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20report-properties.pdf`)
		await got.response!.body?.cancel()
	})
})

describe('the progress stream (Accept: application/x-ndjson)', () => {
	const lines = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as { type: string; status?: number; body?: Record<string, unknown>; done?: number; total?: number; stage?: string })
	const ndjson = { Accept: 'application/x-ndjson' }

	test('progress lines, then the 201 result as its last line: the same file GET serves', async () => {
		const outcome = await upload([['operation', 'pdf-to-text'], ['files', pdfFile(await textPdf({ pages: 40 }))]], ndjson)
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Type')).toBe('application/x-ndjson; charset=utf-8')
		// A compressor would hold the lines back until the end.
		expect(outcome.headers.get('Cache-Control')).toContain('no-transform')
		const all = lines(outcome.body as string)
		const last = all.at(-1)!
		expect(last).toMatchObject({ type: 'result', status: 201 })
		expectCreated(last.body!)
		expect(last.body).toMatchObject({ contentType: 'text/plain; charset=utf-8', pageCount: 40 })
		const progress = all.slice(0, -1)
		expect(progress.length).toBeGreaterThanOrEqual(2)
		for (const line of progress) {
			expect(line).toEqual({ type: 'progress', done: expect.any(Number), total: expect.any(Number), stage: expect.any(String) })
			expect(line.done!).toBeLessThanOrEqual(Math.max(line.total!, line.done!))
		}
		// The job's own count of pages (its first report may be a stage without a count).
		expect(progress.some((line) => line.total === 40 && line.stage === 'Reading the text')).toBe(true)
		const done = progress.filter((line) => line.total === 40).map((line) => line.done!)
		expect(done).toEqual([...done].sort((a, b) => a - b))
		expect(new TextDecoder().decode(await bytesOf(last.body!.downloadUrl as string))).toContain('--- Page 40 ---\nPage 40 of 40')
	})

	test('an error found while processing is the last line, with the status and body the plain answer has; nothing stored', async () => {
		const encrypted = qpdfEncrypt(pdf3, { user: 'u', owner: 'o' })
		const outcome = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(encrypted)]], ndjson)
		expect(outcome.status).toBe(200)
		const last = lines(outcome.body as string).at(-1)!
		expect(last).toMatchObject({ type: 'error', status: 422, body: { code: 'VALIDATION_ERROR', details: { reason: 'encrypted' } } })
		expect(await storedCount()).toBe(0)
	})

	test('errors in the upload itself are plain JSON with their status, as without the header', async () => {
		const bad = await upload([['operation', 'compress'], ['files', pdfFile(pdf3)]], ndjson)
		expect(bad.status).toBe(400)
		expect(bad.headers.get('Content-Type')).toContain('application/json')
		expect(bad.body.details.fields.operation).toContain('Unknown operation')
	})
})

describe('encrypted PDFs: the `password` field (issue 29)', () => {
	const PASSWORD = 'Corr3ct-horse 42'
	const ndjson = { Accept: 'application/x-ndjson' }
	let locked: Uint8Array
	beforeAll(() => {
		locked = encryptPdf(pdf3, { user: PASSWORD, owner: 'the owner 9' })
	})

	/** Everything the run left behind, as text: stored files and their rows, run records, audit log. */
	async function everythingStored(): Promise<string> {
		const [files, runs, audit] = await Promise.all([prisma.storedFile.findMany(), prisma.toolRun.findMany(), prisma.auditLog.findMany()])
		return JSON.stringify({ files, runs, audit }, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value))
	}

	test('rotate with the password: 201, the stored PDF unencrypted with every page turned, a note saying it has no password', async () => {
		const outcome = await upload([['operation', 'rotate'], ['angle', '90'], ['password', PASSWORD], ['files', pdfFile(locked, 'locked.pdf')]])
		expect(outcome.status, JSON.stringify(outcome.body)).toBe(201)
		expect(outcome.body.notes).toEqual([expect.stringMatching(/"locked\.pdf" was opened with the password given; the result has no password/)])
		const data = await bytesOf(outcome.body.downloadUrl)
		expect(qpdfIsEncrypted(data)).toBe(false)
		expect(qpdfRotations(data)).toEqual([90, 90, 90])
		await settleRunRecords()
		const stored = await everythingStored()
		expect(stored).toContain('pdf-converter')
		expect(stored).not.toContain(PASSWORD)
		expect(JSON.stringify(outcome.body)).not.toContain(PASSWORD)
		// Nor in a header (Location, Server-Timing, Content-Disposition of the download…).
		for (const [name, value] of outcome.headers) expect(value, name).not.toContain(PASSWORD)
		for (const [name, value] of (await download(outcome.body.downloadUrl)).headers) expect(value, name).not.toContain(PASSWORD)
	})

	test('keepProtection: the result is encrypted again with the same password (AES-256)', async () => {
		const outcome = await upload([['operation', 'extract-pages'], ['pages', '2'], ['password', PASSWORD], ['keepProtection', 'on'], ['files', pdfFile(locked, 'locked.pdf')]])
		expect(outcome.status, JSON.stringify(outcome.body)).toBe(201)
		const data = await bytesOf(outcome.body.downloadUrl)
		expect(qpdfShowEncryption(data, PASSWORD)).toMatch(/R = 6/)
		expect(pdftotextWith(data, PASSWORD)).toContain('Page 2 of 3')
		expect(outcome.body.notes.join(' ')).toMatch(/protected with the same password/)
	})

	test('PDF → text of a long encrypted file, read by two workers at once, with the progress stream', async () => {
		const long = encryptPdf(await textPdf({ pages: 400 }), { user: PASSWORD, owner: 'o' })
		expect(long.byteLength).toBeGreaterThanOrEqual(64 * 1024)
		const outcome = await upload([['operation', 'pdf-to-text'], ['password', PASSWORD], ['files', pdfFile(long, 'long.pdf')]], ndjson)
		expect(outcome.status).toBe(200)
		expect(outcome.body as string).not.toContain(PASSWORD)
		const last = JSON.parse((outcome.body as string).trim().split('\n').at(-1)!) as { type: string; body: { downloadUrl: string; pageCount: number } }
		expect(last).toMatchObject({ type: 'result', body: { pageCount: 400 } })
		const text = new TextDecoder().decode(await bytesOf(last.body.downloadUrl))
		expect(text).toContain('--- Page 1 ---\nPage 1 of 400')
		expect(text).toContain('--- Page 400 ---\nPage 400 of 400')
	})

	test('no password: 422 encrypted saying to enter it; a wrong one: 422 wrong-password, never echoed; nothing stored', async () => {
		const missing = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(locked, 'locked.pdf')]])
		expect(missing.status).toBe(422)
		expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { reason: 'encrypted' } })
		expect(missing.body.message).toMatch(/Enter its password/)
		for (const operation of ['rotate', 'pdf-to-images']) {
			const wrong = await upload([['operation', operation], ...(operation === 'rotate' ? [['angle', '90'] as Part] : []), ['password', 'Wr0ng-guess 1'], ['files', pdfFile(locked, 'locked.pdf')]])
			expect(wrong.status, operation).toBe(422)
			expect(wrong.body, operation).toMatchObject({ code: 'VALIDATION_ERROR', details: { reason: 'wrong-password', file: 'locked.pdf' } })
			expect(JSON.stringify(wrong.body), operation).not.toContain('Wr0ng-guess')
		}
		expect(await storedCount()).toBe(0)
		await settleRunRecords()
		expect(await everythingStored()).not.toContain('Wr0ng-guess')
	})

	test('owner restrictions only: processed without a password; the answer says the restrictions were not kept', async () => {
		const restricted = encryptPdf(pdf3, { user: '', owner: 'the owner 9', restrict: ['--print=none'] })
		const outcome = await upload([['operation', 'merge'], ['password', PASSWORD], ['files', pdfFile(restricted, 'restricted.pdf')], ['files', pdfFile(locked, 'locked.pdf')]])
		expect(outcome.status, JSON.stringify(outcome.body)).toBe(201)
		expect(outcome.body.notes[0]).toMatch(/^"restricted\.pdf" had restrictions set by its owner \(no printing[^)]*\): they were not kept/)
		const data = await bytesOf(outcome.body.downloadUrl)
		expect(qpdfIsEncrypted(data)).toBe(false)
		expect(qpdfPageCount(data)).toBe(6)
	})

	test('a password over 1,024 characters, or given twice: 400 naming password', async () => {
		const long = await upload([['operation', 'rotate'], ['angle', '90'], ['password', 'x'.repeat(1025)], ['files', pdfFile(locked)]])
		expect(long.status).toBe(400)
		expect(long.body.details.fields).toHaveProperty('password')
		const twice = await upload([['operation', 'rotate'], ['angle', '90'], ['password', 'a'], ['password', 'b'], ['files', pdfFile(locked)]])
		expect(twice.status).toBe(400)
		expect(twice.body.details.fields).toHaveProperty('password')
	})
})

describe('bad input: the catalogue\'s errors, and nothing stored', () => {
	async function refused(parts: Array<Part>, status: number) {
		const outcome = await upload(parts)
		expect(outcome.status, JSON.stringify(outcome.body)).toBe(status)
		expect(outcome.headers.get('Content-Type')).toContain('application/json')
		expect(outcome.body).toMatchObject({ status, message: expect.any(String), code: expect.any(String) })
		expect(await storedCount()).toBe(0)
		return outcome.body
	}

	test('a non-PDF renamed .pdf, whatever its declared type: 415 naming files (SECURITY.md I5)', async () => {
		const body = await refused([['operation', 'rotate'], ['angle', '90'], ['files', new File(['<html><script>alert(1)</script></html>'], 'evil.pdf', { type: 'application/pdf' })]], 415)
		expect(body.details.fields.files).toContain('is not a PDF')
	})

	test('a 0-byte file: 422, damaged', async () => {
		const body = await refused([['operation', 'merge'], ['files', pdfFile(new Uint8Array(0), 'a.pdf')], ['files', pdfFile(pdf3)]], 422)
		expect(body.message).toContain('empty')
	})

	test('an encrypted PDF: 422 saying it is password-protected', async () => {
		const body = await refused([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(qpdfEncrypt(pdf3, { user: 'secret', owner: 'owner' }), 'locked.pdf')]], 422)
		expect(body.message).toContain('password-protected')
		expect(body.details.reason).toBe('encrypted')
	})

	test('bad page ranges: 400 naming pages', async () => {
		for (const pages of ['0', '5-2', '1-99999', 'abc']) {
			const body = await refused([['operation', 'extract-pages'], ['files', pdfFile(pdf5)], ['pages', pages]], 400)
			expect(Object.keys(body.details.fields), pages).toContain('pages')
		}
	})

	test('an unknown operation, a missing one, an unknown field, an option the operation does not take: 400 with details', async () => {
		expect((await refused([['operation', 'compress'], ['files', pdfFile(pdf3)]], 400)).details.fields.operation).toContain('Unknown operation')
		expect((await refused([['files', pdfFile(pdf3)]], 400)).details.fields).toHaveProperty('operation')
		expect((await refused([['operation', 'merge'], ['files', pdfFile(pdf3)], ['files', pdfFile(pdf3)], ['colour', 'red']], 400)).details.fields).toEqual({ colour: 'Unknown field' })
		expect((await refused([['operation', 'merge'], ['files', pdfFile(pdf3)], ['files', pdfFile(pdf3)], ['dpi', '72']], 400)).details.fields).toHaveProperty('dpi')
		expect((await refused([['operation', 'merge']], 400)).details.fields).toHaveProperty('files')
	})

	test('a file over the admin upload limit: 413 naming it, refused as it streams', async () => {
		await updateSiteSettings({ uploadLimitMb: 1 })
		const big = new Uint8Array(1024 * 1024 + 1)
		big.set(pdf3)
		const body = await refused([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(big)]], 413)
		expect(body.message).toBe('A file is too large (limit 1 MB)')
		expect(body.details).toMatchObject({ limit: 1024 * 1024 })
	})

	test('too many files or parts: 413 naming the limit', async () => {
		const fifty = Array.from({ length: 51 }, (_, index): Part => ['files', pdfFile(pdf3, `${index}.pdf`)])
		const body = await refused([['operation', 'merge'], ...fifty], 413)
		expect(body.message).toBe('Too many files (limit 50).')
		expect(body.details).toMatchObject({ field: 'files', limit: 50 })
		const many = Array.from({ length: MAX_UPLOAD_PARTS + 5 }, (_, index): Part => ['files', pdfFile(pdf3, `${index}.pdf`)])
		expect((await refused([['operation', 'merge'], ...many], 413)).message).toBe(`Too many form fields (limit ${MAX_UPLOAD_PARTS})`)
	})

	test('a body declared over the total cap is refused before it is read', async () => {
		let pulled = 0
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				pulled++
				controller.enqueue(new TextEncoder().encode(pulled === 1 ? '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n' : 'x'.repeat(1024 * 1024)))
				if (pulled > 200) controller.close()
			},
		})
		const request = new Request(`${BASE}/api/convert/upload`, {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ', 'Content-Length': String(200 * 1024 * 1024) },
			body,
			duplex: 'half',
		} as RequestInit)
		const outcome = await callRoute(uploadRoute.action, request)
		expect(outcome.status).toBe(413)
		expect(outcome.body.message).toBe('Request body too large (limit 101 MB)')
		expect(pulled).toBeLessThanOrEqual(1)
		expect(await storedCount()).toBe(0)
	})

	test('the failed runs are counted with their operation', async () => {
		await refused([['operation', 'extract-pages'], ['files', pdfFile(pdf5)], ['pages', '0']], 400)
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { outcome: true, operation: true } })).toEqual([{ outcome: 'invalid', operation: 'extract-pages' }])
	})
})

describe('storage quotas (SECURITY.md I9)', () => {
	const MB = 1024 * 1024
	function uploadFrom(clientIp: string) {
		const form = new FormData()
		form.append('operation', 'rotate')
		form.append('angle', '90')
		form.append('files', pdfFile(pdf3))
		return callRoute(uploadRoute.action, new Request(`${BASE}/api/convert/upload`, { method: 'POST', body: form }), {}, { clientIp })
	}
	// Rows that stand for stored results: only their sizes and expiry count.
	const seed = (ownerKey: string, sizes: Array<number>, expiresInMs: number) =>
		prisma.storedFile.createMany({
			data: sizes.map((size, index) => ({ id: `seed${ownerKey.slice(-6)}${String(index).padStart(12, '0')}`, name: 'seed.pdf', mediaType: 'application/pdf', size, data: new Uint8Array(0), tool: 'pdf-converter', ownerKey, expiresAt: new Date(Date.now() + expiresInMs) })),
		})

	test("an address at its quota gets 429 with Retry-After (when its oldest result expires), before the work; others are served", async () => {
		await settleRunRecords()
		await prisma.toolRun.deleteMany()
		await seed(resultOwnerKey(null, '203.0.113.7'), [1024 * MB], 30 * 60_000)
		const refused = await uploadFrom('203.0.113.7')
		expect(refused.status).toBe(429)
		expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'quota' } })
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(29 * 60)
		expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(30 * 60)
		await settleRunRecords()
		expect(await prisma.toolRun.count()).toBe(0)
		expect((await uploadFrom('203.0.113.8')).status).toBe(201)
		// The address is never stored, only its hash.
		const keys = (await prisma.storedFile.findMany({ select: { ownerKey: true } })).map((row) => row.ownerKey)
		expect(keys.join(' ')).not.toContain('203.0.113')
	})

	test('a signed-in account counts its own results, wherever it uploads from', async () => {
		const user = await createUser()
		await seed(resultOwnerKey(user.id, undefined), [1024 * MB], 10 * 60_000)
		const { cookie } = await loginAs(user.id)
		const form = new FormData()
		form.append('operation', 'rotate')
		form.append('angle', '90')
		form.append('files', pdfFile(pdf3))
		const refused = await callRoute(uploadRoute.action, new Request(`${BASE}/api/convert/upload`, { method: 'POST', body: form, headers: { Cookie: cookie } }), {}, { clientIp: '198.51.100.1' })
		expect(refused.status).toBe(429)
	})

	test("the server's storage full (everyone's results together) is a 503 with Retry-After; expired results do not count", async () => {
		await seed('ip:others', [2047 * MB, 2047 * MB, 2047 * MB, 2047 * MB, 2047 * MB, 10 * MB], 5 * 60_000)
		await seed('ip:expired', [2047 * MB], -60_000)
		const refused = await uploadFrom('192.0.2.1')
		expect(refused.status).toBe(503)
		expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { reason: 'storage-full' } })
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(4 * 60)
		await prisma.storedFile.deleteMany({ where: { ownerKey: 'ip:others' } })
		expect((await uploadFrom('192.0.2.1')).status).toBe(201)
	})
})

describe('stored files: expiry and ownership', () => {
	async function anonymousResult() {
		const outcome = await upload([['operation', 'rotate'], ['angle', '180'], ['files', pdfFile(pdf3)]])
		expect(outcome.status).toBe(201)
		return outcome.body as { id: string; downloadUrl: string; deleteToken: string }
	}

	test('a guessed id, a malformed one, a blog image\'s id: 404 in the catalogue\'s JSON', async () => {
		for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', '../../etc/passwd', 'x']) {
			const outcome = await download(`/api/pdf/${encodeURIComponent(id)}`)
			expect(outcome.status).toBe(404)
			expect(outcome.body).toMatchObject({ message: 'Resource not found', status: 404, code: 'NOT_FOUND' })
		}
		const image = await prisma.storedFile.create({ data: { id: 'BBBBBBBBBBBBBBBBBBBBBB', name: 'a.png', mediaType: 'image/png', size: 1, data: Buffer.from([1]) as Uint8Array<ArrayBuffer>, kept: true } })
		expect((await download(`/api/pdf/${image.id}`)).status).toBe(404)
		expect((await remove(`/api/pdf/${image.id}`)).status).toBe(404)
	})

	test('expired: 404 before the sweeper runs (past expiresAt, or past the retention period), then swept', async () => {
		const a = await anonymousResult()
		const b = await anonymousResult()
		await prisma.storedFile.update({ where: { id: a.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
		await prisma.storedFile.update({ where: { id: b.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } })
		for (const result of [a, b]) {
			const outcome = await download(result.downloadUrl)
			expect(outcome.status).toBe(404)
			expect(outcome.body.message).toBe('Resource not found')
			expect((await remove(result.downloadUrl, { 'X-Delete-Token': result.deleteToken })).status).toBe(404)
		}
		const c = await anonymousResult()
		expect(await purgeExpiredFiles()).toBe(2)
		expect(await prisma.storedFile.findMany({ select: { id: true } })).toEqual([{ id: c.id }])
	})

	test('anonymous: DELETE with the delete token (header or ?token=) → 204, then 404; without it or with another → 403', async () => {
		const a = await anonymousResult()
		const b = await anonymousResult()
		for (const headers of [{}, { 'X-Delete-Token': b.deleteToken }, { 'X-Delete-Token': 'x'.repeat(43) }] as Array<Record<string, string>>) {
			const outcome = await remove(a.downloadUrl, headers)
			expect(outcome.status).toBe(403)
			expect(outcome.body).toMatchObject({ message: 'Access denied', code: 'AUTHORIZATION_ERROR' })
		}
		// A signed-in stranger is no owner of an anonymous file either.
		const stranger = await loginAs((await createUser()).id, 'api')
		expect((await remove(a.downloadUrl, { Authorization: `Bearer ${stranger.token}` })).status).toBe(403)
		expect((await download(a.downloadUrl)).status).toBe(200)

		const deleted = await remove(a.downloadUrl, { 'X-Delete-Token': a.deleteToken })
		expect(deleted.status).toBe(204)
		expect((await download(a.downloadUrl)).status).toBe(404)
		expect((await remove(`${b.downloadUrl}?token=${b.deleteToken}`)).status).toBe(204)
		expect(await storedCount()).toBe(0)
	})

	test('signed in (bearer token or session cookie): the account owns it, no delete token; others get 403', async () => {
		const owner = await createUser()
		const api = await loginAs(owner.id, 'api')
		const web = await loginAs(owner.id, 'web')
		const byToken = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3)]], { Authorization: `Bearer ${api.token}` })
		expect(byToken.status).toBe(201)
		expectCreated(byToken.body, { anonymous: false })
		const byCookie = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3)]], { Cookie: web.cookie })
		expect(byCookie.status).toBe(201)
		expect(byCookie.body.deleteToken).toBeUndefined()
		expect(await prisma.storedFile.count({ where: { uploadedById: owner.id, deleteTokenHash: null } })).toBe(2)

		const other = await loginAs((await createUser()).id, 'web')
		expect((await remove(byToken.body.downloadUrl, { Cookie: other.cookie })).status).toBe(403)
		expect((await remove(byToken.body.downloadUrl)).status).toBe(403)
		expect((await remove(byToken.body.downloadUrl, { Authorization: 'Bearer not-a-token' })).status).toBe(401)

		expect((await remove(byToken.body.downloadUrl, { Cookie: web.cookie })).status).toBe(204)
		expect((await remove(byCookie.body.downloadUrl, { Authorization: `Bearer ${api.token}` })).status).toBe(204)
		expect((await download(byCookie.body.downloadUrl)).status).toBe(404)
	})

	test('other methods: 405 with Allow', async () => {
		const a = await anonymousResult()
		const outcome = await callRoute(fileRoute.action, new Request(`${BASE}${a.downloadUrl}`, { method: 'PUT', body: 'x' }), { id: a.id })
		expect(outcome.status).toBe(405)
		expect(outcome.headers.get('Allow')).toBe('GET, HEAD, DELETE')
		expect((await callRoute(uploadRoute.loader, new Request(`${BASE}/api/convert/upload`))).status).toBe(405)
	})
})

describe('POST /api/edit-pdf', () => {
	function edit(file: File, extra: Array<Part> = []) {
		const form = new FormData()
		form.append('file', file)
		for (const [name, value] of extra) form.append(name, value)
		return callRoute(editRoute.action, new Request(`${BASE}/api/edit-pdf`, { method: 'POST', body: form }))
	}

	test('a PDF is opened in the pool, stored as sent: 201 with the shape, GET answers the same bytes', async () => {
		const outcome = await edit(pdfFile(pdf5, 'edited'))
		expect(outcome.status).toBe(201)
		expectCreated(outcome.body)
		expect(outcome.body).toMatchObject({ fileName: 'edited.pdf', contentType: 'application/pdf', pageCount: 5, size: pdf5.byteLength })
		expect(await bytesOf(outcome.body.downloadUrl)).toEqual(pdf5)
		await settleRunRecords()
		expect(await prisma.toolRun.findMany({ select: { tool: true, operation: true, outcome: true } })).toEqual([{ tool: 'pdf-converter', operation: 'edit-pdf', outcome: 'ok' }])
	})

	test('not a PDF by its bytes (415), empty or damaged (422), encrypted (422), other fields (400): nothing stored', async () => {
		const cases: Array<[File, number, Array<Part>?]> = [
			[new File(['GIF89a not a pdf'], 'x.pdf'), 415],
			[pdfFile(new Uint8Array(0)), 422],
			[pdfFile(pdf3.subarray(0, Math.floor(pdf3.length / 2))), 422],
			[pdfFile(qpdfEncrypt(pdf3, { user: 'u', owner: 'o' })), 422],
			[pdfFile(pdf3), 400, [['operation', 'merge']]],
		]
		for (const [file, status, extra] of cases) {
			const outcome = await edit(file, extra)
			expect(outcome.status, JSON.stringify(outcome.body)).toBe(status)
			expect(outcome.body.code).toBeDefined()
		}
		expect(await storedCount()).toBe(0)
	})

	test('a PDF with a user password: 422 encrypted, whose message does not point to a `password` field this endpoint refuses', async () => {
		const outcome = await edit(pdfFile(qpdfEncrypt(pdf3, { user: 'u', owner: 'o' })))
		expect(outcome.status).toBe(422)
		expect(outcome.body.details).toMatchObject({ reason: 'encrypted' })
		expect(outcome.body.message).not.toMatch(/in the API/)
		expect(outcome.body.message).toMatch(/without its password/)
	})
})

test('20 concurrent uploads: each 201 or a clean 503 (pool full), never 500', async () => {
	const outcomes = await Promise.all(Array.from({ length: 20 }, () => upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3)]])))
	for (const outcome of outcomes) {
		expect([201, 503], JSON.stringify(outcome.body)).toContain(outcome.status)
		if (outcome.status === 503) expect(outcome.headers.get('Retry-After')).toBeTruthy()
	}
	const created = outcomes.filter((outcome) => outcome.status === 201)
	expect(created.length).toBeGreaterThan(0)
	expect(await storedCount()).toBe(created.length)
})

describe('the profile page: a signed-in user\'s own files', () => {
	const profile = (cookie: string) => callRoute(profileRoute.loader, makeRequest('/profile', { cookie }))
	const profilePost = (cookie: string, form: Record<string, string>) => callRoute(profileRoute.action, makeRequest('/profile', { method: 'POST', cookie, form }))

	test('lists their unexpired results (name, size, pages, expiry); deletes one by a form post; never another\'s', async () => {
		const owner = await createUser()
		const web = await loginAs(owner.id, 'web')
		const mine = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3, 'mine.pdf')]], { Cookie: web.cookie })
		const expired = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3, 'old.pdf')]], { Cookie: web.cookie })
		await prisma.storedFile.update({ where: { id: expired.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
		const anonymous = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3, 'theirs.pdf')]])
		const other = await createUser()
		const otherWeb = await loginAs(other.id, 'web')
		const othersFile = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3, 'other.pdf')]], { Cookie: otherWeb.cookie })

		const listed = await profile(web.cookie)
		expect(listed.body.files).toEqual([
			{ id: mine.body.id, name: mine.body.fileName, size: mine.body.size, pageCount: 3, createdAt: expect.any(String), expiresAt: mine.body.expiresAt },
		])

		// Another's file or an anonymous one: not deleted, whatever id is posted.
		for (const id of [othersFile.body.id, anonymous.body.id, 'nonsense']) {
			expect(await profilePost(web.cookie, { intent: 'delete-file', fileId: id })).toHaveRedirect('/profile')
		}
		expect(await storedCount()).toBe(4)
		expect(await profilePost(web.cookie, { intent: 'delete-file', fileId: mine.body.id })).toHaveRedirect('/profile')
		expect((await download(mine.body.downloadUrl)).status).toBe(404)
		expect((await profile(web.cookie)).body.files).toEqual([])
		expect((await profile(otherWeb.cookie)).body.files).toHaveLength(1)
	})

	test('deleting the account deletes its files', async () => {
		const owner = await createUser()
		const api = await loginAs(owner.id, 'api')
		const result = await upload([['operation', 'rotate'], ['angle', '90'], ['files', pdfFile(pdf3)]], { Authorization: `Bearer ${api.token}` })
		expect(result.status).toBe(201)
		await deleteAccount(owner.id)
		expect(await storedCount()).toBe(0)
	})
})
