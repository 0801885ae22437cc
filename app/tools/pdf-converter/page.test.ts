/**
 * The PDF Tools page's action (the Convert form posted without JavaScript)
 * through the real worker pool and database: a run stores its result for
 * the page to link to (201, counted as a ToolRun via 'form'), errors come
 * back as data at the catalogue's status with the field and the options,
 * and the result's Delete now form deletes it as the API would. Then the
 * form's model: every field is an option of the engine's schema with its
 * default, and the browser's checks say what the engine would.
 */
import { readFileSync } from 'node:fs'
import { type AppLoadContext } from '@remix-run/node'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { updateSiteSettings } from '#app/site/settings.server.ts'
import { readStoredFile, resultOwnerKey } from '#app/files/files.server.ts'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createUser, loginAs } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { PDF_LIMITS, PDF_OPERATIONS, PDF_OPTION_SCHEMAS, type PdfOperation } from './options.ts'
import { action, loader, type ActionData, type LoaderData } from './page.tsx'
import { curlExample } from './parts/command-line.tsx'
import { checkFiles, checkOptions, defaultValues, OPERATIONS, optionsToSend, retentionText, untilText } from './parts/operations.ts'
import { pdfinfo, pdftotext, qpdfEncrypt, qpdfPageCount } from './pdf-readers.server.ts'
import { pdftotextWith, qpdfIsEncrypted } from './test-locked-pdfs.server.ts'
import { textPdf } from './test-pdfs.ts'
import { errorBodyOf, readLines } from './upload.client.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const PAGE = 'http://localhost:3000/tools/pdf-converter'

const pdfFile = (data: Uint8Array, name: string) => new File([data as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' })

/** The form as a browser posts it without JavaScript: the operation, the files, every field the operation shows. */
function browserForm(operation: PdfOperation, files: Array<File>, options: Record<string, string> = {}) {
	const form = new FormData()
	form.append('operation', operation)
	for (const file of files.length ? files : [new File([], '', { type: 'application/octet-stream' })]) form.append('files', file)
	for (const [name, value] of Object.entries({ ...defaultValues(operation), ...options })) form.append(name, value)
	return form
}

async function post(body: FormData | URLSearchParams | string, { operation = 'merge', headers = {}, clientIp = '203.0.113.9' }: { operation?: string; headers?: Record<string, string>; clientIp?: string } = {}) {
	const context = { cspNonce: '', clientIp } as AppLoadContext
	const request = new Request(`${PAGE}?operation=${operation}`, { method: 'POST', body, headers })
	const result = (await action({ request, context, params: {} })) as unknown as { data: ActionData; init: ResponseInit | null }
	return { data: result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) }
}

function expectError(data: ActionData) {
	if (data.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(data)}`)
	return data
}

function expectResult(data: ActionData) {
	if (data.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(data)}`)
	return data.result
}

async function runs() {
	await settleRunRecords()
	return prisma.toolRun.findMany({ select: { tool: true, via: true, outcome: true, operation: true } })
}

async function stored(id: string) {
	return prisma.storedFile.findUnique({ where: { id }, omit: { data: true } })
}

/** The stored result's bytes, read as the download reads them (wherever the store keeps them). */
async function storedBytes(id: string): Promise<Uint8Array> {
	const file = await readStoredFile(id)
	expect(file, `stored file ${id}`).not.toBeNull()
	return new Uint8Array(file!.data)
}

describe('the Convert form without JavaScript', () => {
	test('merge: the result is stored for an anonymous caller and answered 201 with its link, expiry and delete token; the run counts via form', async () => {
		const first = await textPdf({ pages: 2, text: (page) => `First ${page}` })
		const second = await textPdf({ pages: 1, text: () => 'Second one' })
		const before = Date.now()
		const outcome = await post(browserForm('merge', [pdfFile(first, 'first.pdf'), pdfFile(second, 'second.pdf')]))
		expect(outcome.status).toBe(201)
		expect(outcome.headers.get('Cache-Control')).toBe('no-store')
		const result = expectResult(outcome.data)
		expect(outcome.data).toEqual({ kind: 'result', operation: 'merge', result: expect.any(Object) })
		expect(result).toEqual({
			id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
			// Named for what was done (issue 29, item 23).
			fileName: 'first-and-second-merged.pdf',
			contentType: 'application/pdf',
			size: expect.any(Number),
			pageCount: 3,
			downloadUrl: `/api/pdf/${result.id}`,
			expiresAt: expect.any(String),
			deleteToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
		})
		expect(outcome.headers.get('Location')).toBe(result.downloadUrl)
		// The retention setting (1 hour by default) from now.
		const expires = new Date(result.expiresAt).getTime()
		expect(expires - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000)
		expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000)

		const row = await stored(result.id)
		expect(row).toMatchObject({ tool: 'pdf-converter', uploadedById: null, pageCount: 3, size: result.size })
		const bytes = await storedBytes(result.id)
		expect(qpdfPageCount(bytes)).toBe(3)
		const text = pdftotext(bytes)
		expect(text.indexOf('First 1')).toBeLessThan(text.indexOf('Second one'))
		expect(await runs()).toEqual([{ tool: 'pdf-converter', via: 'form', outcome: 'ok', operation: 'merge' }])
	})

	test('properties left empty keep the document’s own; the ones filled in are written', async () => {
		const original = await textPdf({ pages: 1, title: 'Original title' })
		const outcome = await post(browserForm('metadata', [pdfFile(original, 'report.pdf')], { title: '', author: 'Ada Lovelace', subject: '', keywords: '' }), { operation: 'metadata' })
		expect(outcome.status).toBe(201)
		const info = pdfinfo(await storedBytes(expectResult(outcome.data).id))
		expect(info.Title).toBe('Original title')
		expect(info.Author).toBe('Ada Lovelace')
	})

	test('a bad page range: 400 naming the field, with the options to show again; nothing stored, the run counted as invalid', async () => {
		const outcome = await post(browserForm('extract-pages', [pdfFile(await textPdf({ pages: 3 }), 'three.pdf')], { pages: '5-2' }), { operation: 'extract-pages' })
		expect(outcome.status).toBe(400)
		expect(outcome.headers.get('Cache-Control')).toBe('no-store')
		const data = expectError(outcome.data)
		expect(data.operation).toBe('extract-pages')
		expect(data.error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { fields: { pages: '"5-2" goes backwards: write 2-5.' } } })
		expect(data.options).toEqual({ pages: '5-2' })

		const past = await post(browserForm('extract-pages', [pdfFile(await textPdf({ pages: 3 }), 'three.pdf')], { pages: '2-9' }), { operation: 'extract-pages' })
		expect(expectError(past.data).error.details).toEqual({ fields: { pages: '"2-9" goes beyond the last page: the document has 3 pages.' } })
		expect(await prisma.storedFile.count()).toBe(0)
		expect((await runs()).map((run) => run.outcome)).toEqual(['invalid', 'invalid'])
	})

	test('no file chosen (the browser’s empty part): 400 on the files, nothing run', async () => {
		const outcome = await post(browserForm('rotate', [], { angle: '90' }), { operation: 'rotate' })
		expect(outcome.status).toBe(400)
		expect(expectError(outcome.data).error.details).toEqual({ fields: { files: 'Choose the file (or files) to work on.' } })
		expect(await runs()).toEqual([])
	})

	test('a file over the upload limit: 413 naming the limit; too many files: 413 too', async () => {
		const big = new Uint8Array(25 * 1024 * 1024 + 1)
		big.set(new TextEncoder().encode('%PDF-1.7\n'))
		const outcome = await post(browserForm('rotate', [pdfFile(big, 'big.pdf')], { angle: '90' }), { operation: 'rotate' })
		expect(outcome.status).toBe(413)
		const data = expectError(outcome.data)
		expect(data.error.code).toBe('PAYLOAD_TOO_LARGE')
		expect(data.error.message).toMatch(/25 MB/)

		const small = await textPdf({ pages: 1 })
		const many = await post(browserForm('merge', Array.from({ length: PDF_LIMITS.maxFiles + 1 }, (_, index) => pdfFile(small, `${index}.pdf`))))
		expect(many.status).toBe(413)
		expect(expectError(many.data).error.details).toMatchObject({ field: 'files', limit: PDF_LIMITS.maxFiles })
		expect(await prisma.storedFile.count()).toBe(0)
	})

	test('a password-protected PDF: 422 with reason encrypted; a file that is not a PDF: 415 on the files; a body that is not a form: 415', async () => {
		const locked = qpdfEncrypt(await textPdf({ pages: 1 }), { user: 'secret', owner: 'owner secret' })
		const outcome = await post(browserForm('rotate', [pdfFile(locked, 'locked.pdf')], { angle: '90' }), { operation: 'rotate' })
		expect(outcome.status).toBe(422)
		expect(expectError(outcome.data).error.details).toMatchObject({ reason: 'encrypted', file: 'locked.pdf' })

		const notPdf = await post(browserForm('rotate', [new File(['just text'], 'notes.pdf', { type: 'application/pdf' })], { angle: '90' }), { operation: 'rotate' })
		expect(notPdf.status).toBe(415)
		expect(expectError(notPdf.data).error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: { fields: { files: expect.stringContaining('notes.pdf') } } })

		const json = await post(JSON.stringify({ operation: 'rotate' }), { operation: 'rotate', headers: { 'Content-Type': 'application/json' } })
		expect(json.status).toBe(415)
		expect(await prisma.storedFile.count()).toBe(0)
	})

	test('the password field (issue 29): a wrong password is 422 wrong-password and is not in what the page shows again; the right one runs, keeping the protection when asked', async () => {
		const locked = qpdfEncrypt(await textPdf({ pages: 2 }), { user: 'Form-pass 7', owner: 'owner secret' })
		const wrong = await post(browserForm('rotate', [pdfFile(locked, 'locked.pdf')], { angle: '90', password: 'Guess-pass 8' }), { operation: 'rotate' })
		expect(wrong.status).toBe(422)
		const error = expectError(wrong.data)
		expect(error.error.details).toMatchObject({ reason: 'wrong-password', file: 'locked.pdf' })
		expect(JSON.stringify(wrong.data)).not.toContain('Guess-pass')

		const right = await post(browserForm('rotate', [pdfFile(locked, 'locked.pdf')], { angle: '90', password: 'Form-pass 7', keepProtection: 'on' }), { operation: 'rotate' })
		expect(right.status).toBe(201)
		const result = expectResult(right.data)
		expect(JSON.stringify(right.data)).not.toContain('Form-pass')
		expect(result.notes?.join(' ')).toMatch(/protected with the same password/)
		const bytes = await storedBytes(result.id)
		expect(qpdfIsEncrypted(bytes)).toBe(true)
		expect(pdftotextWith(bytes, 'Form-pass 7')).toContain('Page 2 of 2')
	})

	test('an address at its storage quota: 429 with Retry-After before the work (as the API), the run not counted; another address is served', async () => {
		// A row that stands for 1 GB of results of the address the page's requests come from, expiring in 30 minutes.
		await prisma.storedFile.create({
			data: { id: 'seedquota0000000000000', name: 'seed.pdf', mediaType: 'application/pdf', size: 1024 * 1024 * 1024, data: new Uint8Array(0), tool: 'pdf-converter', ownerKey: resultOwnerKey(null, '203.0.113.9'), expiresAt: new Date(Date.now() + 30 * 60_000) },
		})
		const pdf = await textPdf({ pages: 1 })
		const refused = await post(browserForm('rotate', [pdfFile(pdf, 'one.pdf')], { angle: '90' }), { operation: 'rotate' })
		expect(refused.status).toBe(429)
		expect(expectError(refused.data).error).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'quota' } })
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(29 * 60)
		expect(await runs()).toEqual([])
		const elsewhere = await post(browserForm('rotate', [pdfFile(pdf, 'one.pdf')], { angle: '90' }), { operation: 'rotate', clientIp: '203.0.113.10' })
		expect(elsewhere.status).toBe(201)
	})

	test('Delete now (its own urlencoded form): with the token the result is gone; with another token 403 and it stays', async () => {
		const made = expectResult((await post(browserForm('rotate', [pdfFile(await textPdf({ pages: 1 }), 'one.pdf')], { angle: '180' }), { operation: 'rotate' })).data)
		const form = (token: string) => new URLSearchParams({ intent: 'delete', id: made.id, token, fileName: made.fileName })
		const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' }

		const refused = await post(form('not-the-token'), { operation: 'rotate', headers: urlencoded })
		expect(refused.status).toBe(403)
		expect(await stored(made.id)).not.toBeNull()

		const deleted = await post(form(made.deleteToken!), { operation: 'rotate', headers: urlencoded })
		expect(deleted.status).toBe(200)
		expect(deleted.data).toEqual({ kind: 'deleted', fileName: made.fileName })
		expect(await stored(made.id)).toBeNull()

		const again = await post(form(made.deleteToken!), { operation: 'rotate', headers: urlencoded })
		expect(again.status).toBe(404)
	})
})

test('the loader reads how long results are kept and the per-file limit from the admin’s settings (never above the engine’s 50 MB)', async () => {
	const load = async () => ((await loader({ request: new Request(PAGE), context: {} as AppLoadContext, params: {} })) as unknown as { data: LoaderData }).data
	expect(await load()).toEqual({ retentionHours: 1, perFileLimit: 25 * 1024 * 1024 })
	await updateSiteSettings({ fileRetentionHours: 48, uploadLimitMb: 100 })
	expect(await load()).toEqual({ retentionHours: 48, perFileLimit: PDF_LIMITS.maxFileBytes })
	// What the page then says, before any upload.
	expect(retentionText(48)).toBe('2 days')
})

test('signed in: the result is the account’s (no delete token), and its Delete now form works with the session alone', async () => {
	const owner = await createUser()
	const web = await loginAs(owner.id, 'web')
	const made = await post(browserForm('rotate', [pdfFile(await textPdf({ pages: 2 }), 'mine.pdf')], { angle: '90' }), { operation: 'rotate', headers: { Cookie: web.cookie } })
	expect(made.status).toBe(201)
	const result = expectResult(made.data)
	expect(result).not.toHaveProperty('deleteToken')
	expect(await stored(result.id)).toMatchObject({ uploadedById: owner.id })

	const form = new URLSearchParams({ intent: 'delete', id: result.id, fileName: result.fileName })
	const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' }
	// Someone else, or no one: refused.
	expect((await post(form, { operation: 'rotate', headers: urlencoded })).status).toBe(403)
	const other = await loginAs((await createUser()).id, 'web')
	expect((await post(form, { operation: 'rotate', headers: { ...urlencoded, Cookie: other.cookie } })).status).toBe(403)
	const deleted = await post(form, { operation: 'rotate', headers: { ...urlencoded, Cookie: web.cookie } })
	expect(deleted.data).toEqual({ kind: 'deleted', fileName: result.fileName })
	expect(await stored(result.id)).toBeNull()
})

describe('the form’s model', () => {
	test('every operation is offered once, and every field is an option of its schema, with the schema’s choices and a default it accepts', () => {
		expect(OPERATIONS.map((spec) => spec.id).sort()).toEqual([...PDF_OPERATIONS].sort())
		for (const spec of OPERATIONS) {
			const shape = (PDF_OPTION_SCHEMAS[spec.id] as unknown as { shape: Record<string, { _def: unknown }> }).shape
			// Every option of the engine has its field (the page offers them all).
			expect(spec.fields.map((field) => field.name).sort(), spec.id).toEqual(Object.keys(shape).sort())
			for (const field of spec.fields) {
				if (field.kind !== 'choice') continue
				for (const choice of field.choices) expect(PDF_OPTION_SCHEMAS[spec.id].safeParse({ ...requiredOf(spec.id), [field.name]: choice.id }).success, `${spec.id}.${field.name}=${choice.id}`).toBe(true)
			}
			// The defaults pass the engine's schema once the required fields are filled in.
			const parsed = PDF_OPTION_SCHEMAS[spec.id].safeParse({ ...optionsToSend(spec.id, defaultValues(spec.id)), ...requiredOf(spec.id) })
			expect(parsed.success, `${spec.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
		}
		expect(defaultValues('pdf-to-images')).toEqual({ dpi: '150', pages: '', background: 'white' })
		expect(defaultValues('watermark')).toMatchObject({ opacity: '0.3', angle: '45', fontSize: '0', color: '#808080', text: '' })
		expect(defaultValues('rotate')).toEqual({ angle: '90', pages: '' })
	})

	test('the browser’s checks: ranges and numbers by field, files by count, kind and size', () => {
		expect(checkOptions('extract-pages', { pages: '' })).toEqual({ pages: 'Enter one or more pages, for example 1-3,5,8-.' })
		expect(checkOptions('extract-pages', { pages: '0-2' })).toEqual({ pages: 'Pages are numbered from 1: "0-2" names page 0.' })
		expect(checkOptions('extract-pages', { pages: '1-3, 8-' })).toEqual({})
		expect(checkOptions('pdf-to-images', { dpi: '20', pages: 'abc', background: 'white' })).toEqual({
			dpi: 'Enter a whole number from 36 to 300 dpi.',
			pages: '"abc" is not a page number or a range (write pages like 3, 1-4 or 8-).',
		})
		// Split's ranges are checked only when splitting by ranges.
		expect(checkOptions('split', { mode: 'every-page', ranges: 'nonsense', n: '1' })).toEqual({})
		expect(checkOptions('split', { mode: 'ranges', ranges: '', n: '1' })).toEqual({ ranges: 'Enter one or more pages, for example 1-3,5,8-.' })
		expect(checkOptions('watermark', { ...defaultValues('watermark'), text: '   ' })).toEqual({ text: 'Enter the watermark text' })
		expect(checkOptions('watermark', { ...defaultValues('watermark'), text: 'DRAFT', color: 'red' })).toEqual({ color: 'Use a colour like #808080' })

		const pdf = { name: 'a.pdf', type: 'application/pdf', size: 1000 }
		const limit = 25 * 1024 * 1024
		expect(checkFiles('merge', [pdf], limit)).toBe('Merge needs at least two PDFs: add another.')
		expect(checkFiles('merge', [pdf, { ...pdf, name: 'b.pdf' }], limit)).toBeNull()
		expect(checkFiles('split', [pdf, pdf], limit)).toBe('Split a PDF takes one PDF: remove the others.')
		expect(checkFiles('rotate', [{ name: 'photo.png', type: 'image/png', size: 10 }], limit)).toBe('Rotate pages takes PDFs: “photo.png” is not one.')
		expect(checkFiles('images-to-pdf', [{ name: 'scan.JPG', type: '', size: 10 }], limit)).toBeNull()
		expect(checkFiles('rotate', [{ ...pdf, size: limit + 100 * 1024 }], limit)).toBe('“a.pdf” is 25.1 MB; each file may be at most 25 MB.')
	})

	test('the retention and the expiry in words', () => {
		expect(retentionText(1)).toBe('1 hour')
		expect(retentionText(6)).toBe('6 hours')
		expect(retentionText(720)).toBe('30 days')
		const now = new Date('2026-11-26T09:00:00Z')
		expect(untilText(new Date('2026-11-26T10:00:00Z'), now)).toBe('in 1 hour')
		expect(untilText(new Date('2026-11-26T09:25:00Z'), now)).toBe('in 25 minutes')
		expect(untilText(new Date('2026-11-29T09:00:00Z'), now)).toBe('in 3 days')
	})

	test('the progress stream is read line by line as it grows; a line cut short waits for its end', () => {
		const progress = '{"type":"progress","done":3,"total":40,"stage":"Rendering pages"}\n'
		const final = '{"type":"result","status":201,"body":{"id":"x"}}\n'
		const partial = readLines(progress + final.slice(0, 20), 0)
		expect(partial).toEqual({ lines: [{ type: 'progress', done: 3, total: 40, stage: 'Rendering pages' }], next: progress.length })
		const rest = readLines(progress + final, partial.next)
		expect(rest).toEqual({ lines: [{ type: 'result', status: 201, body: { id: 'x' } }], next: (progress + final).length })
		// Blank and broken lines are skipped: the final line decides.
		expect(readLines('\nnot json\n{"type":"error","status":422,"body":{}}\n', 0).lines).toEqual([{ type: 'error', status: 422, body: {} }])
	})

	test('an error answer becomes the catalogue’s body, whatever came back', () => {
		const body = { message: 'Validation failed: pages: …', status: 400, code: 'VALIDATION_ERROR', details: { fields: { pages: '…' } } }
		expect(errorBodyOf(400, JSON.stringify(body))).toEqual(body)
		expect(errorBodyOf(422, JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Damaged', details: { reason: 'damaged' } } }))).toEqual({ message: 'Damaged', status: 422, code: 'VALIDATION_ERROR', details: { reason: 'damaged' } })
		expect(errorBodyOf(502, '<html>Bad gateway</html>')).toEqual({ message: 'Internal server error', status: 502, code: 'INTERNAL_ERROR' })
		expect(errorBodyOf(503, '')).toEqual({ message: 'Service temporarily unavailable', status: 503, code: 'SERVICE_UNAVAILABLE' })
	})

	test('the curl example of each operation is the README’s', () => {
		const readme = readFileSync('README.md', 'utf8')
		for (const operation of PDF_OPERATIONS) {
			const upload = curlExample('http://localhost:3000', operation).split('\n')[1]!
			expect(readme, operation).toContain(upload)
		}
	})
})

/** What an operation's schema requires beyond its defaults (the form has them empty at first). */
function requiredOf(operation: PdfOperation): Record<string, string> {
	if (operation === 'extract-pages' || operation === 'delete-pages') return { pages: '1' }
	if (operation === 'reorder-pages') return { order: '1' }
	if (operation === 'watermark') return { text: 'DRAFT' }
	return {}
}
