import { expect, test } from 'vitest'
import { FILE_NAME_LIMIT, fileStem, safeFileName, slugPart } from './file-names.ts'

test('a stem: the last path segment, its extension and unsafe characters removed', () => {
	expect(fileStem('report.pdf')).toBe('report')
	expect(fileStem('C:\\Users\\ada\\Q3 report.PDF')).toBe('Q3 report')
	expect(fileStem('../../etc/passwd')).toBe('passwd')
	expect(fileStem('photo.jpeg')).toBe('photo')
	expect(fileStem('a\u202egnp.pdf')).toBe('agnp')
	expect(fileStem('.pdf')).toBe('')
	expect(fileStem('   ')).toBe('')
	expect(fileStem('bad<>:"|?*name.pdf')).toBe('badname')
})

test('safe for every system: no separators, control or bidi characters, reserved names, trailing dots; at most 100 characters, what was done kept', () => {
	expect(safeFileName('report', '-properties', '.pdf')).toBe('report-properties.pdf')
	expect(safeFileName('', '-properties', '.pdf', 'document')).toBe('document-properties.pdf')
	expect(safeFileName('a/b\\c', '', '.png')).toBe('a-b-c.png')
	expect(safeFileName('CON', '', '.pdf')).toBe('_CON.pdf')
	expect(safeFileName('lpt1', '', '.txt')).toBe('_lpt1.txt')
	expect(safeFileName('name. . ', '', '.pdf')).toBe('name.pdf')
	expect(safeFileName('tab\there\u0007', '-text', '.txt')).toBe('tab here-text.txt')
	const long = safeFileName('x'.repeat(300), '-without-pages-1-6', '.pdf')
	expect(long.length).toBeLessThanOrEqual(FILE_NAME_LIMIT)
	expect(long.endsWith('-without-pages-1-6.pdf')).toBe(true)
	// Characters outside the BMP are not cut in half.
	const emoji = safeFileName('🙂'.repeat(120), '', '.png')
	expect(Array.from(emoji).every((char) => char !== '\ufffd')).toBe(true)
	expect(emoji.endsWith('.png')).toBe(true)
	expect(emoji.length).toBeLessThanOrEqual(FILE_NAME_LIMIT)
})

test('a slug part keeps letters (any script) and digits, joins the rest with hyphens, and is short', () => {
	expect(slugPart('GuestNet')).toBe('GuestNet')
	expect(slugPart('example.com/shoes?x=1')).toBe('example-com-shoes-x-1')
	expect(slugPart('Café Zürich — 2nd floor')).toBe('Café-Zürich-2nd-floor')
	expect(slugPart('   ')).toBe('')
	expect(slugPart('a'.repeat(100)).length).toBe(40)
	expect(slugPart('one two three four five six seven eight nine ten', 20)).toBe('one-two-three-four')
})
