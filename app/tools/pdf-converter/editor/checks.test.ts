import { describe, expect, test } from 'vitest'
import { editedName } from './names.ts'
import { largePageNote, looksLikePdf, notAPdfMessage, openFailureMessage, refuseBeforeOpening } from './checks.ts'
import { forgetSignature, loadSignatures, MAX_SIGNATURES, rememberSignature, SIGNATURES_KEY, type SavedSignature } from './signatures.client.ts'

const MB = 1024 * 1024

describe('what the viewer refuses before reading a file', () => {
	test('an empty file, and one over the limit (with both sizes in the message)', () => {
		expect(refuseBeforeOpening({ name: 'a.pdf', size: 0 }, 50 * MB)).toMatch(/“a\.pdf” is empty \(0 bytes\)/)
		expect(refuseBeforeOpening({ name: 'big.pdf', size: 200 * MB }, 50 * MB)).toMatch(/“big\.pdf” is 200 MB; the limit is 50 MB a file/)
		expect(refuseBeforeOpening({ name: 'ok.pdf', size: 50 * MB }, 50 * MB)).toBeNull()
	})

	test('a PDF is known by its bytes, not its name: %PDF- within the first 1 KB', () => {
		const bytes = (text: string) => new TextEncoder().encode(text)
		expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true)
		expect(looksLikePdf(bytes(`${' '.repeat(500)}%PDF-1.4`))).toBe(true)
		expect(looksLikePdf(bytes(`${' '.repeat(1100)}%PDF-1.4`))).toBe(false)
		expect(looksLikePdf(bytes('\x89PNG\r\n'))).toBe(false)
		expect(looksLikePdf(new Uint8Array())).toBe(false)
		expect(notAPdfMessage('x.pdf')).toMatch(/“x\.pdf” is not a PDF/)
	})

	test("pdf.js's failures in words", () => {
		const named = (name: string) => Object.assign(new Error('x'), { name })
		expect(openFailureMessage('a.pdf', named('InvalidPDFException'))).toMatch(/damaged or is not a complete PDF/)
		expect(openFailureMessage('a.pdf', named('PasswordException'))).toMatch(/password/)
		expect(openFailureMessage('a.pdf', new Error('boom'))).toMatch(/could not be opened/)
		expect(openFailureMessage('a.pdf', 'not an error')).toMatch(/could not be opened/)
	})

	test('a very large page is noted, in inches', () => {
		expect(largePageNote(595, 842)).toBeNull()
		expect(largePageNote(14_400, 14_400)).toMatch(/200 × 200 in/)
	})

	test('an annotated file keeps its name, marked once as annotated (issue 29, item 23), and safe on every system', () => {
		expect(editedName('report.pdf')).toBe('report-annotated.pdf')
		expect(editedName('report-annotated.pdf')).toBe('report-annotated.pdf')
		expect(editedName('Scan.PDF')).toBe('Scan-annotated.pdf')
		expect(editedName('.pdf')).toBe('document-annotated.pdf')
		expect(editedName('C:\\docs\\re\u202eport<1>.pdf')).toBe('report1-annotated.pdf')
		expect(editedName(`${'x'.repeat(300)}.pdf`).length).toBeLessThanOrEqual(100)
	})
})

/** The browser's Storage interface over a Map (the signatures module takes the storage it uses). */
function memoryStorage(): Storage {
	const map = new Map<string, string>()
	return {
		get length() {
			return map.size
		},
		clear: () => map.clear(),
		getItem: (key) => map.get(key) ?? null,
		key: (index) => [...map.keys()][index] ?? null,
		removeItem: (key) => void map.delete(key),
		setItem: (key, value) => void map.set(key, String(value)),
	}
}

const PNG = 'data:image/png;base64,iVBORw0KGgo='
const signature = (id: string, dataUrl = `${PNG}${id}`): SavedSignature => ({ id, dataUrl, kind: 'drawn', label: 'Handwritten signature', createdAt: '2026-11-26T10:00:00.000Z' })

describe('the signatures kept in this browser', () => {
	test('the last five, newest first; the same picture once; each can be forgotten', () => {
		const storage = memoryStorage()
		for (const id of ['1', '2', '3', '4', '5', '6']) rememberSignature(signature(id), storage)
		expect(loadSignatures(storage).map((saved) => saved.id)).toEqual(['6', '5', '4', '3', '2'])
		expect(MAX_SIGNATURES).toBe(5)
		// The same picture again moves to the front instead of being kept twice.
		rememberSignature(signature('7', `${PNG}3`), storage)
		expect(loadSignatures(storage).map((saved) => saved.id)).toEqual(['7', '6', '5', '4', '2'])
		expect(forgetSignature('6', storage).map((saved) => saved.id)).toEqual(['7', '5', '4', '2'])
		expect(JSON.parse(storage.getItem(SIGNATURES_KEY)!)).toHaveLength(4)
	})

	test('damaged or foreign storage is ignored, never trusted', () => {
		const storage = memoryStorage()
		storage.setItem(SIGNATURES_KEY, '{not json')
		expect(loadSignatures(storage)).toEqual([])
		storage.setItem(SIGNATURES_KEY, JSON.stringify([signature('ok'), { id: 'x', dataUrl: 'javascript:alert(1)', kind: 'drawn', label: '' }, { id: 'y', dataUrl: 'data:image/svg+xml,<svg/>', kind: 'typed', label: '' }, null, 5]))
		expect(loadSignatures(storage).map((saved) => saved.id)).toEqual(['ok'])
		// A signature that is not a PNG data URL is not stored.
		rememberSignature({ ...signature('bad'), dataUrl: 'https://example.com/a.png' }, storage)
		expect(loadSignatures(storage).map((saved) => saved.id)).toEqual(['ok'])
	})

	test('a full or missing storage loses nothing but the memory', () => {
		const full = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError') } } as Storage
		expect(rememberSignature(signature('1'), full).map((saved) => saved.id)).toEqual(['1'])
		expect(loadSignatures(null)).toEqual([])
	})
})
