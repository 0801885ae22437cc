/**
 * PDF → text against pdftotext (poppler), on pages made here whose text is
 * known: two columns drawn row by row, a table, a filled form with
 * free-text notes, and Arabic drawn as shaped glyphs right to left. What is
 * compared: word recall (pdftotext's words, as a multiset, found in ours),
 * the order of the words, and for Arabic each line exactly.
 */
import fs from 'node:fs'
import { PDFDocument, StandardFonts, degrees } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, test } from 'vitest'
import { runPdfEngine } from './engine.server.ts'
import { pdftotext, requireTool } from './pdf-readers.server.ts'
import { bidiReorder, decomposePresentationForms, layoutLines, type Fragment } from './text-layout.server.ts'
import { formPdf } from './test-pdfs.ts'
import { ARABIC_FONT, arabicPdf, filledFormPdf, shapeArabic, tablePdf, twoColumnPdf } from './text-test-pdfs.ts'

beforeAll(() => {
	requireTool('pdftotext')
})

async function ourText(pdf: Uint8Array): Promise<string> {
	const out = await runPdfEngine({ operation: 'pdf-to-text', files: [{ name: 'page.pdf', data: pdf }], options: { separator: 'form-feed' } })
	return new TextDecoder().decode(out.data)
}

function words(text: string): Array<string> {
	return text.split(/[^\p{L}\p{N}.]+/u).filter(Boolean)
}

/** The share of `reference`'s words (a multiset) that `candidate` has. */
function recall(candidate: Array<string>, reference: Array<string>): number {
	const counts = new Map<string, number>()
	for (const word of candidate) counts.set(word, (counts.get(word) ?? 0) + 1)
	let found = 0
	for (const word of reference) {
		const left = counts.get(word) ?? 0
		if (left > 0) {
			found++
			counts.set(word, left - 1)
		}
	}
	return found / Math.max(reference.length, 1)
}

/** pdftotext's lines without its bidi embedding marks (U+202A–U+202E), spaces squeezed, empty ones left out. */
function lines(text: string): Array<string> {
	return text
		.replace(/[\u202a-\u202e]/g, '')
		.split(/[\n\f]/)
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
}

describe('two columns', () => {
	test.each([
		{ gutter: 24, jump: 'move' },
		{ gutter: 12, jump: 'move' },
		{ gutter: 24, jump: 'kerning' },
		// The right line drawn first, then a move back left: what glued words across the gutter (recall 0.80 before).
		{ gutter: 24, jump: 'right-first' },
		{ gutter: 12, jump: 'right-first' },
	] as const)('drawn row by row ($jump across a $gutter pt gutter): the left column, then the right, word for word as pdftotext reads them', async ({ gutter, jump }) => {
		const { pdf, title, leftLines, rightLines, footer } = await twoColumnPdf({ gutter, jump })
		const ours = await ourText(pdf)
		const theirs = pdftotext(pdf)
		expect(recall(words(ours), words(theirs))).toBe(1)
		expect(words(ours)).toEqual(words(theirs))
		// Line for line: the title, each column's lines, the footer.
		expect(lines(ours)).toEqual([title, ...leftLines, ...rightLines, footer])
	})

	test('a table keeps its rows: each row’s cells on one line, in pdftotext’s order', async () => {
		const pdf = await tablePdf()
		const ours = await ourText(pdf)
		expect(words(ours)).toEqual(words(pdftotext(pdf)))
		expect(lines(ours)).toEqual(['Item Quantity Price', 'Apples 12 3.40', 'Bread 2 2.10', 'Cheese 1 7.95', 'Dates 30 4.25', 'Eggs 6 1.99'])
	})

	test('layoutLines: three columns side by side are read one after another; a centred title and single-column lines stay whole', () => {
		const fragment = (str: string, x0: number, baseline: number): Fragment => ({ str, x0, x1: x0 + str.length * 5, baseline, size: 10 })
		const three = Array.from({ length: 4 }, (_, row) => [fragment(`a${row} aaaaaaaaaaaaaaaaaaaaaaaaa`, 50, 100 + row * 12), fragment(`b${row} bbbbbbbbbbbbbbbbbbbbbbbbb`, 210, 100 + row * 12), fragment(`c${row} ccccccccccccccccccccccccc`, 370, 100 + row * 12)]).flat()
		const title = fragment('A centred title over all three columns of text', 160, 80)
		expect(layoutLines([title, ...three])).toEqual([title.str, ...['a', 'b', 'c'].flatMap((column) => [0, 1, 2, 3].map((row) => `${column}${row} ${column.repeat(25)}`))])
		const prose = Array.from({ length: 5 }, (_, row) => fragment(`line ${row} of one column of prose text`, 50, 100 + row * 12))
		expect(layoutLines(prose)).toEqual(prose.map((item) => item.str))
		// A wide table of short cells (8 columns, 30 pt gaps) is read row by row: the text beside each gap is narrow.
		const table = Array.from({ length: 6 }, (_, row) => Array.from({ length: 8 }, (_, column) => fragment(`r${row}c${column}`, 40 + column * 50, 100 + row * 12))).flat()
		expect(layoutLines(table)).toEqual(Array.from({ length: 6 }, (_, row) => Array.from({ length: 8 }, (_, column) => `r${row}c${column}`).join(' ')))
	})
})

describe('form fields and free-text annotations', () => {
	test('field values and notes are read where they are, as pdftotext reads them (word recall 1, same order)', async () => {
		const pdf = await filledFormPdf(
			[
				{ name: 'name', label: 'Full name', value: 'Grace Hopper' },
				{ name: 'city', label: 'City', value: 'Arlington Virginia' },
				{ name: 'bio', label: 'About you', value: 'Rear admiral and compiler pioneer\nwho found a moth', multiline: true },
			],
			{ drawn: 'Reviewed by the committee', contentsOnly: 'Second note without appearance' },
		)
		const ours = await ourText(pdf)
		const theirs = pdftotext(pdf)
		for (const value of ['Grace Hopper', 'Arlington Virginia', 'Rear admiral and compiler pioneer', 'who found a moth', 'Reviewed by the committee', 'Second note without appearance']) {
			expect(theirs).toContain(value)
			expect(ours).toContain(value)
		}
		expect(recall(words(ours), words(theirs))).toBe(1)
		expect(words(ours)).toEqual(words(theirs))
	})

	test('a dropdown’s chosen option and a text field on a page turned 90°, page by page as pdftotext reads them; check boxes and radio buttons add nothing', async () => {
		const doc = await PDFDocument.load(await formPdf())
		const form = doc.getForm()
		const font = await doc.embedFont(StandardFonts.Helvetica)
		const colour = form.createDropdown('colour')
		colour.addOptions(['Red', 'Green', 'Blue'])
		colour.select('Green')
		colour.addToPage(doc.getPage(0), { x: 50, y: 500, width: 120, height: 20, font })
		const size = form.createRadioGroup('size')
		size.addOptionToPage('S', doc.getPage(0), { x: 50, y: 450, width: 12, height: 12 })
		size.addOptionToPage('L', doc.getPage(0), { x: 80, y: 450, width: 12, height: 12 })
		size.select('L')
		const turned = form.createTextField('turned')
		turned.setText('Turned page value')
		turned.addToPage(doc.getPage(1), { x: 50, y: 600, width: 200, height: 24, font })
		doc.getPage(1).setRotation(degrees(90))
		const pdf = await doc.save()
		const ours = (await ourText(pdf)).split('\f').slice(0, -1).map(lines)
		const theirs = pdftotext(pdf).split('\f').slice(0, -1).map(lines)
		expect(theirs).toEqual([['Page 1 of 2 alpha', 'Ada Lovelace', 'Green'], ['Page 2 of 2 alpha', 'Turned page value']])
		expect(ours).toEqual(theirs)
	})
})

describe('Arabic', () => {
	const sample = [
		{ text: 'السلام عليكم', drawn: 'line' },
		{ text: 'هذه الخطوط لا تعمل', drawn: 'line' },
		{ text: 'الخطوط العربية في الصفحة', drawn: 'words' },
		{ text: 'العدد 42 في الصفحة', drawn: 'words' },
		{ text: 'كتب الطالب لا شيء', drawn: 'words-left-to-right' },
	] as const

	test.skipIf(!fs.existsSync(ARABIC_FONT))(`shaped glyphs drawn right to left (lam-alef ligature, presentation forms) read in logical order, line for line as pdftotext (font ${ARABIC_FONT})`, async () => {
		const pdf = await arabicPdf([...sample])
		const ours = lines(await ourText(pdf))
		// pdftotext keeps the presentation forms the /ToUnicode CMap names; as letters, its lines are the sample's,
		// but for the space it puts after the number rather than before it ("العدد 42في الصفحة").
		const theirs = lines(decomposePresentationForms(pdftotext(pdf)))
		expect(ours).toEqual(sample.map((line) => line.text))
		expect([...ours.slice(0, 3), ours[4]]).toEqual([...theirs.slice(0, 3), theirs[4]])
		const tokens = (line: string) => line.split(/\s+|(?<=\d)(?=\D)|(?<=\D)(?=\d)/u).filter(Boolean).sort()
		expect(tokens(ours[3]!)).toEqual(tokens(theirs[3]!))
	})

	test('the fixture’s shaping: presentation forms by position, lam + alef one ligature', () => {
		expect(shapeArabic('السلام')).toEqual(['\ufe8d', '\ufedf', '\ufeb4', '\ufefc', '\ufee1'])
		expect(shapeArabic('لا')).toEqual(['\ufefb'])
	})

	test('decomposePresentationForms: Arabic forms to letters, other text untouched', () => {
		expect(decomposePresentationForms('\ufe8d\ufedf\ufeb4\ufefc\ufee1')).toBe('السلام')
		// Compatibility characters outside the Arabic forms stay (NFKC would change them all).
		expect(decomposePresentationForms('x² ½ Ａ … ™ ﬁ')).toBe('x² ½ Ａ … ™ ﬁ')
	})

	test('bidiReorder: runs of a right-to-left line in visual order back to logical order', () => {
		// Visual, left to right, of the logical line "كتاب PDF عربي" in a right-to-left paragraph.
		expect(bidiReorder(['عربي', ' ', 'PDF', ' ', 'كتاب'], true).join('')).toBe('كتاب PDF عربي')
		// A number keeps its digits' order; a left-to-right run of several words keeps its order.
		expect(bidiReorder(['هنا', ' ', '42', ' ', 'العدد'], true).join('')).toBe('العدد 42 هنا')
		expect(bidiReorder(['النص', ' ', 'New', ' ', 'York', ' ', 'في'], true).join('')).toBe('في New York النص')
		// An Arabic phrase inside an English line.
		expect(bidiReorder(['The', ' ', 'word', ' ', 'عليكم', ' ', 'السلام', ' ', 'means', ' ', 'peace'], false).join('')).toBe('The word السلام عليكم means peace')
	})
})
