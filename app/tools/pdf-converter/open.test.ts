/**
 * How the engine opens PDFs (issue 29, items 4, 7 and 8): a password for
 * encrypted files (AES-256 and RC4-128, user or owner password), files
 * restricted by an owner password only, a cross-reference table with one
 * bad entry, and hostile encryption dictionaries. Results are read back by
 * qpdf and poppler.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { type AppError } from '#app/utils/errors.ts'
import { runPdfEngine } from './engine.server.ts'
import { type PdfInputFile, type PdfOperation, type PdfOutput } from './options.ts'
import { pdftotext, pngSize, qpdfCheck, qpdfPageCount, qpdfRotations, requireTool, unzipEntry, unzipList } from './pdf-readers.server.ts'
import { brokenXrefPdf, encryptPdf, HOSTILE_ENCRYPT_DICTS, pdftotextWith, qpdfCheckWith, qpdfIsEncrypted, qpdfShowEncryption, withEncryptDict, type Cipher } from './test-locked-pdfs.server.ts'
import { textPdf } from './test-pdfs.ts'

const USER_AES = 'user pässword 1'
const USER = USER_AES
/** poppler's -upw does not pass a non-ASCII password to an RC4 file as qpdf encoded it. */
const USER_RC4 = 'user password 1'
const OWNER = 'owner secret 2'

let plain: Uint8Array

beforeAll(async () => {
	for (const tool of ['qpdf', 'pdftotext', 'unzip']) requireTool(tool)
	plain = await textPdf({ pages: 3, text: (page, total) => `Locked page ${page} of ${total} zebra` })
})

const words = (text: string) => text.replace(/\s+/g, ' ').trim()

async function failure(promise: Promise<unknown>): Promise<AppError> {
	return promise.then(
		() => {
			throw new Error('expected an error')
		},
		(error: unknown) => error as AppError,
	)
}

function run(operation: PdfOperation, files: Array<PdfInputFile>, options: Record<string, unknown> = {}, open: { password?: string; keepProtection?: boolean } = {}): Promise<PdfOutput> {
	return runPdfEngine({ operation, files, options, ...open })
}

const OPTIONS: Partial<Record<PdfOperation, Record<string, unknown>>> = { rotate: { angle: 90 }, 'extract-pages': { pages: '2-3' }, 'delete-pages': { pages: '1' }, 'reorder-pages': { order: '3,1,2' }, watermark: { text: 'DRAFT' } }

describe.each<Cipher>(['aes-256', 'rc4-128'])('a file with a user password (%s)', (cipher) => {
	let locked: PdfInputFile
	const USER = cipher === 'aes-256' ? USER_AES : USER_RC4
	beforeAll(() => {
		locked = { name: 'locked.pdf', data: encryptPdf(plain, { user: USER, owner: OWNER, cipher }) }
		expect(qpdfIsEncrypted(locked.data)).toBe(true)
	})

	test('no password: 422 encrypted, saying to give the password; a wrong one: 422 wrong-password; for every reader', async () => {
		for (const operation of ['rotate', 'pdf-to-text', 'pdf-to-images', 'merge'] as const) {
			const files = operation === 'merge' ? [{ name: 'open.pdf', data: plain }, locked] : [locked]
			const missing = await failure(run(operation, files, OPTIONS[operation]))
			expect(missing, operation).toMatchObject({ status: 422, details: { reason: 'encrypted', file: 'locked.pdf' } })
			expect(missing.message, operation).toMatch(/password-protected.*Enter its password/)
			const wrong = await failure(run(operation, files, OPTIONS[operation], { password: 'not it' }))
			expect(wrong, operation).toMatchObject({ status: 422, details: { reason: 'wrong-password', file: 'locked.pdf' } })
			expect(wrong.message, operation).toMatch(/password .*is not the password of "locked\.pdf"|wrong password/i)
			expect(JSON.stringify({ message: wrong.message, details: wrong.details }), operation).not.toContain('not it')
		}
	})

	test('the user password opens it for every page operation; the result is not encrypted, sound, with the text', async () => {
		for (const operation of ['rotate', 'extract-pages', 'delete-pages', 'reorder-pages', 'page-numbers', 'watermark', 'metadata'] as const) {
			const out = await run(operation, [locked], OPTIONS[operation], { password: USER })
			expect(qpdfIsEncrypted(out.data), operation).toBe(false)
			expect(qpdfCheck(out.data).ok, `${operation}: ${qpdfCheck(out.data).output}`).toBe(true)
			expect(words(pdftotext(out.data)), operation).toContain('Locked page 3 of 3 zebra')
			expect(out.notes?.join(' '), operation).toMatch(/no password/)
		}
		const rotated = await run('rotate', [locked], { angle: 90 }, { password: USER })
		expect(qpdfRotations(rotated.data)).toEqual([90, 90, 90])
	})

	test('the owner password opens it too; split writes every part unencrypted', async () => {
		const out = await run('split', [locked], {}, { password: OWNER })
		const names = unzipList(out.data)
		expect(names).toHaveLength(3)
		for (const [index, name] of names.entries()) {
			const part = unzipEntry(out.data, name)
			expect(qpdfIsEncrypted(part)).toBe(false)
			expect(words(pdftotext(part))).toBe(`Locked page ${index + 1} of 3 zebra`)
		}
	})

	test('PDF → text and PDF → images with the password: the text pdftotext reads with it, every page rendered', async () => {
		const text = await run('pdf-to-text', [locked], { separator: 'form-feed' }, { password: USER })
		expect(words(new TextDecoder().decode(text.data))).toBe(words(pdftotextWith(locked.data, USER)!))
		const images = await run('pdf-to-images', [locked], { dpi: 36 }, { password: USER })
		const pngs = unzipList(images.data)
		expect(pngs).toHaveLength(3)
		expect(pngSize(unzipEntry(images.data, pngs[0]!))).toEqual({ width: 298, height: 421 })
	})

	test('keep the protection: the result is encrypted again with the same password, AES-256, and reads back with it', async () => {
		for (const operation of ['rotate', 'extract-pages', 'merge'] as const) {
			const files = operation === 'merge' ? [locked, { name: 'open.pdf', data: plain }] : [locked]
			const out = await run(operation, files, OPTIONS[operation], { password: USER, keepProtection: true })
			expect(qpdfIsEncrypted(out.data), operation).toBe(true)
			const shown = qpdfShowEncryption(out.data, USER)
			expect(shown, operation).toMatch(/R = 6/)
			expect(shown, operation).toMatch(/stream encryption method: AESv3/)
			expect(qpdfCheckWith(out.data, USER).ok, operation).toBe(true)
			expect(pdftotextWith(out.data), operation).toBeNull()
			expect(words(pdftotextWith(out.data, USER)!), operation).toContain('Locked page 2 of 3 zebra')
		}
		const parts = await run('split', [locked], {}, { password: USER, keepProtection: true })
		for (const name of unzipList(parts.data)) expect(qpdfShowEncryption(unzipEntry(parts.data, name), USER)).toMatch(/R = 6/)
	})
})

describe('a file restricted by an owner password only', () => {
	let restricted: PdfInputFile
	beforeAll(() => {
		restricted = { name: 'restricted.pdf', data: encryptPdf(plain, { user: '', owner: OWNER, restrict: ['--print=none', '--modify=none', '--extract=n'] }) }
		expect(qpdfIsEncrypted(restricted.data)).toBe(true)
	})

	test('every operation works without a password, and the result says the restrictions were not kept', async () => {
		for (const operation of ['rotate', 'split', 'extract-pages', 'delete-pages', 'reorder-pages', 'page-numbers', 'watermark', 'metadata', 'pdf-to-text', 'pdf-to-images'] as const) {
			const out = await run(operation, [restricted], OPTIONS[operation])
			expect(out.notes?.join(' '), operation).toMatch(/"restricted\.pdf" had restrictions set by its owner \(no printing, no changes, no copying[^)]*\): they were not kept/)
			if (out.contentType === 'application/pdf') {
				expect(qpdfIsEncrypted(out.data), operation).toBe(false)
				expect(qpdfPageCount(out.data), operation).toBeGreaterThan(0)
			}
		}
	})

	test('merged with a file that needs a password: one password serves every file that needs one', async () => {
		const locked = { name: 'locked.pdf', data: encryptPdf(plain, { user: USER, owner: OWNER, cipher: 'rc4-128' }) }
		const out = await run('merge', [restricted, { name: 'open.pdf', data: plain }, locked], {}, { password: USER })
		expect(qpdfPageCount(out.data)).toBe(9)
		expect(qpdfIsEncrypted(out.data)).toBe(false)
		expect(words(pdftotext(out.data)).match(/zebra/g)).toHaveLength(9)
		expect(out.notes?.join(' ')).toMatch(/restricted\.pdf/)
	})
})

describe('a cross-reference table with one bad entry (pdf.js cannot read the page, qpdf and poppler can)', () => {
	let broken: PdfInputFile
	beforeAll(() => {
		broken = { name: 'broken.pdf', data: brokenXrefPdf(plain) }
		expect(qpdfPageCount(broken.data)).toBe(3)
	})

	test('PDF → text reads it, as pdftotext does', async () => {
		const out = await run('pdf-to-text', [broken], { separator: 'form-feed' })
		expect(words(new TextDecoder().decode(out.data))).toBe(words(pdftotext(broken.data)))
		expect(words(new TextDecoder().decode(out.data))).toContain('Locked page 1 of 3 zebra')
	})

	test('PDF → images renders every page', async () => {
		const out = await run('pdf-to-images', [broken], { dpi: 36 })
		expect(unzipList(out.data)).toHaveLength(3)
	})

	test('encrypted as well: the password still opens it', async () => {
		const lockedBroken = { name: 'broken.pdf', data: brokenXrefPdf(encryptPdf(plain, { user: USER_RC4, owner: OWNER, cipher: 'rc4-128' }), USER_RC4) }
		expect(qpdfIsEncrypted(lockedBroken.data)).toBe(true)
		const out = await run('pdf-to-text', [lockedBroken], {}, { password: USER_RC4 })
		expect(new TextDecoder().decode(out.data)).toContain('Locked page 3 of 3 zebra')
	})
})

describe.each(Object.entries(HOSTILE_ENCRYPT_DICTS))('a hostile encryption dictionary: %s', (_name, dict) => {
	test('a 422 from every reader, with or without a password', async () => {
		const file = { name: 'hostile.pdf', data: withEncryptDict(dict) }
		for (const operation of ['rotate', 'pdf-to-text', 'pdf-to-images'] as const) {
			for (const password of [undefined, 'guess']) {
				const error = await failure(run(operation, [file], OPTIONS[operation], { password }))
				expect(error.status, `${operation} ${password}: ${error.message}`).toBe(422)
				expect(['encrypted', 'damaged', 'wrong-password'], `${operation} ${password}: ${error.message}`).toContain((error.details as { reason?: string }).reason)
			}
		}
	})
})
