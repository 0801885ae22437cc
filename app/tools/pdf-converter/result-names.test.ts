/**
 * Every operation's result is named for what was done (issue 29, item 23):
 * `a-properties.pdf`, `a-without-pages-1-6.pdf`, never `a.pdf` or `a-edited.pdf`.
 */
import { describe, expect, test } from 'vitest'
import { PDF_OPERATIONS } from './options.ts'
import { resultFileName } from './result-names.ts'

const PDF = 'application/pdf'
const ZIP = 'application/zip'
const PNG = 'image/png'
const TEXT = 'text/plain; charset=utf-8'
const one = [{ name: 'a.pdf' }]

describe('each operation names its result for what it did', () => {
	test.each([
		['images-to-pdf', [{ name: 'photo.jpg' }], {}, PDF, 'photo.pdf'],
		['images-to-pdf', [{ name: 'photo.jpg' }, { name: 'b.png' }, { name: 'c.png' }], {}, PDF, 'photo-and-2-more.pdf'],
		['merge', [{ name: 'a.pdf' }, { name: 'b.pdf' }], {}, PDF, 'a-and-b-merged.pdf'],
		['merge', [{ name: 'a.pdf' }, { name: 'b.pdf' }, { name: 'c.pdf' }], {}, PDF, 'a-and-2-more-merged.pdf'],
		['split', one, {}, ZIP, 'a-split-into-pages.zip'],
		['split', one, { mode: 'every-n', n: '10' }, ZIP, 'a-split-every-10-pages.zip'],
		['split', one, { mode: 'ranges', ranges: '1-3, 4-' }, ZIP, 'a-split-1-3,4-end.zip'],
		['extract-pages', one, { pages: '1-3' }, PDF, 'a-pages-1-3.pdf'],
		['extract-pages', one, { pages: '5' }, PDF, 'a-page-5.pdf'],
		['delete-pages', one, { pages: '1-6' }, PDF, 'a-without-pages-1-6.pdf'],
		['delete-pages', one, { pages: '7' }, PDF, 'a-without-page-7.pdf'],
		['reorder-pages', one, { order: '3,1,2' }, PDF, 'a-reordered.pdf'],
		['rotate', one, { angle: '90' }, PDF, 'a-rotated-90.pdf'],
		['rotate', one, { angle: '180', pages: '2-4' }, PDF, 'a-pages-2-4-rotated-180.pdf'],
		['page-numbers', one, {}, PDF, 'a-numbered.pdf'],
		['watermark', one, { text: 'DRAFT' }, PDF, 'a-watermarked.pdf'],
		['metadata', one, { title: 'Report' }, PDF, 'a-properties.pdf'],
		['pdf-to-text', one, {}, TEXT, 'a-text.txt'],
		['pdf-to-text', one, { pages: '2-3' }, TEXT, 'a-text-pages-2-3.txt'],
		['pdf-to-images', one, {}, PNG, 'a-page-1.png'],
		['pdf-to-images', one, { pages: '4' }, PNG, 'a-page-4.png'],
		['pdf-to-images', one, {}, ZIP, 'a-page-images.zip'],
		['pdf-to-images', one, { pages: '1-4' }, ZIP, 'a-pages-1-4-images.zip'],
	] as const)('%s %j %j → %s', (operation, files, options, contentType, expected) => {
		expect(resultFileName(operation, files, options, contentType)).toBe(expected)
	})

	test('every operation has a name that is more than its input’s', () => {
		for (const operation of PDF_OPERATIONS) {
			const files = operation === 'merge' ? [{ name: 'a.pdf' }, { name: 'b.pdf' }] : operation === 'images-to-pdf' ? [{ name: 'a.png' }, { name: 'b.png' }] : one
			const options: Record<string, string> = { pages: '1', order: '1', angle: '90', text: 'x', ranges: '1' }
			const name = resultFileName(operation, files, options, PDF)
			expect(name, operation).not.toBe('a.pdf')
			expect(name, operation).toMatch(/^a-[\w,-]+\.pdf$/)
		}
	})
})

describe('names are safe on every system', () => {
	test('folders, control and bidi characters, reserved characters and device names never reach the name', () => {
		expect(resultFileName('metadata', [{ name: '../../etc/CON.pdf' }], {}, PDF)).toBe('CON-properties.pdf')
		expect(resultFileName('pdf-to-text', [{ name: 'C:\\x\\re\u202eport<1>.pdf' }], {}, TEXT)).toBe('report1-text.txt')
		expect(resultFileName('rotate', [{ name: 'CON.pdf' }], { angle: '90' }, PDF)).toBe('CON-rotated-90.pdf')
		expect(resultFileName('merge', [{ name: '.pdf' }, { name: '' }], {}, PDF)).toBe('document-and-document-merged.pdf')
	})

	test('at most 100 characters, and what was done is never the part cut', () => {
		const name = resultFileName('delete-pages', [{ name: `${'Quarterly report '.repeat(20)}.pdf` }], { pages: '1-6' }, PDF)
		expect(name.length).toBeLessThanOrEqual(100)
		expect(name).toMatch(/-without-pages-1-6\.pdf$/)
		const merged = resultFileName('merge', [{ name: `${'a'.repeat(90)}.pdf` }, { name: `${'b'.repeat(90)}.pdf` }], {}, PDF)
		expect(merged.length).toBeLessThanOrEqual(100)
		expect(merged).toMatch(/-merged\.pdf$/)
	})

	test('page lists too long for a name are summed up', () => {
		const pages = Array.from({ length: 60 }, (_, i) => String(i * 2 + 1)).join(',')
		expect(resultFileName('extract-pages', one, { pages }, PDF)).toBe('a-60-pages.pdf')
		expect(resultFileName('delete-pages', one, { pages }, PDF)).toBe('a-without-60-pages.pdf')
	})
})
