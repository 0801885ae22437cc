/**
 * PDFs for the PDF → text layout tests, made here: two columns drawn row by
 * row across the page (as producers that sort their text by height write
 * them), a table, a form with filled text fields and free-text annotations,
 * and Arabic drawn the way real Arabic PDFs draw it: shaped glyphs
 * (presentation forms, a lam-alef ligature) laid out right to left, each
 * glyph mapped back to its character by a /ToUnicode CMap.
 */
import fs from 'node:fs'
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFString, StandardFonts, beginText, endText, moveText, setFontAndSize, showText, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'

/** Sentences for the columns: each word once in the whole page, so an order test can find it. */
function words(prefix: string, count: number): Array<string> {
	const stems = ['river', 'stone', 'maple', 'cloud', 'ember', 'harbor', 'lantern', 'meadow', 'quartz', 'willow', 'falcon', 'canyon']
	return Array.from({ length: count }, (_, index) => `${prefix}${stems[index % stems.length]}${Math.floor(index / stems.length) || ''}`)
}

/** Greedy line filling of `list` into lines at most `width` points wide. */
function fill(list: Array<string>, font: PDFFont, size: number, width: number): Array<string> {
	const lines: Array<string> = []
	let line = ''
	for (const word of list) {
		const next = line ? `${line} ${word}` : word
		if (line && font.widthOfTextAtSize(next, size) > width) {
			lines.push(line)
			line = word
		} else line = next
	}
	if (line) lines.push(line)
	return lines
}

export type ColumnsPdfOptions = {
	/** The gutter between the columns, in points. */
	gutter?: number
	/** How a row crosses the gutter: a move (`Td`) between two strings, or one `TJ` array whose spacing number jumps the gap. */
	jump?: 'move' | 'kerning' | 'right-first'
	/** A title centred across both columns above them, and a footer line across the page below. */
	title?: string
	footer?: string
}

/**
 * One letter-size page: a centred title, then two columns of 10 pt text
 * whose lines are drawn row by row, each row one text object (left line n,
 * a move across the gutter, right line n, on the same baseline), then a
 * footer line across the page. Returns the PDF and each column's lines.
 */
export async function twoColumnPdf({ gutter = 24, jump = 'move', title = 'Field Notes on Two Columns', footer = 'Footer line that runs across the whole page width below both columns' }: ColumnsPdfOptions = {}) {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	const page = doc.addPage([612, 792])
	const size = 10
	const left = 54
	const columnWidth = (612 - 2 * left - gutter) / 2
	const leftLines = fill(words('left', 90), font, size, columnWidth)
	const rightLines = fill(words('right', 70), font, size, columnWidth)
	page.drawText(title, { x: (612 - font.widthOfTextAtSize(title, 16)) / 2, y: 720, size: 16, font })
	const top = 690
	const rows = Math.max(leftLines.length, rightLines.length)
	const fontName = page.node.newFontDictionary(font.name, font.ref)
	for (let row = 0; row < rows; row++) {
		const y = top - row * 12
		const operators = [beginText(), setFontAndSize(fontName, size), moveText(left, y)]
		const leftLine = leftLines[row]
		const rightLine = rightLines[row]
		if (jump === 'kerning' && leftLine && rightLine) {
			// TJ spacing is in thousandths of the font size, subtracted: −(distance) × 1000 / size moves right.
			const skip = ((columnWidth + gutter - font.widthOfTextAtSize(leftLine, size)) * 1000) / size
			operators.push(PDFOperator.of('TJ' as never, [doc.context.obj([font.encodeText(leftLine), PDFNumber.of(-skip), font.encodeText(rightLine)])]))
		} else if (jump === 'right-first') {
			if (rightLine) operators.push(moveText(columnWidth + gutter, 0), showText(font.encodeText(rightLine)), moveText(-(columnWidth + gutter), 0))
			if (leftLine) operators.push(showText(font.encodeText(leftLine)))
		} else {
			if (leftLine) operators.push(showText(font.encodeText(leftLine)))
			if (rightLine) operators.push(moveText(columnWidth + gutter, 0), showText(font.encodeText(rightLine)))
		}
		page.pushOperators(...operators, endText())
	}
	const footerY = top - rows * 12 - 24
	page.drawText(footer, { x: left, y: footerY, size, font })
	return { pdf: await doc.save(), title, leftLines, rightLines, footer }
}

/** A table: a header row and rows of three cells (name, quantity, price), each cell drawn on its own, 10 pt. */
export async function tablePdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	const page = doc.addPage([612, 792])
	const rows = [
		['Item', 'Quantity', 'Price'],
		['Apples', '12', '3.40'],
		['Bread', '2', '2.10'],
		['Cheese', '1', '7.95'],
		['Dates', '30', '4.25'],
		['Eggs', '6', '1.99'],
	]
	rows.forEach((cells, row) => {
		cells.forEach((cell, column) => page.drawText(cell, { x: 72 + column * 150, y: 700 - row * 16, size: 10, font }))
	})
	return doc.save()
}

export type FormPdfFields = Array<{ name: string; value: string; label: string; multiline?: boolean }>

/**
 * A one-page form: each field's label drawn into the page and a filled text
 * field beside it (pdf-lib writes each field's appearance stream), and two
 * free-text annotations below, one with an appearance stream that draws its
 * text and one with only /Contents (a viewer makes its appearance).
 */
export async function filledFormPdf(fields: FormPdfFields, notes: { drawn: string; contentsOnly: string }) {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	const page = doc.addPage([612, 792])
	const form = doc.getForm()
	page.drawText('Application form', { x: 72, y: 740, size: 16, font })
	let y = 700
	for (const field of fields) {
		page.drawText(field.label, { x: 72, y: y + 6, size: 11, font })
		const box = form.createTextField(field.name)
		if (field.multiline) box.enableMultiline()
		box.setText(field.value)
		const height = field.multiline ? 60 : 20
		box.addToPage(page, { x: 200, y: y - height + 20, width: 320, height, font, borderWidth: 0 })
		box.setFontSize(11)
		y -= height + 16
	}
	form.updateFieldAppearances(font)
	freeText(doc, page, [72, y - 40, 400, y], notes.drawn, true)
	freeText(doc, page, [72, y - 100, 400, y - 60], notes.contentsOnly, false)
	return doc.save()
}

/** A /FreeText annotation at `rect` saying `text`; with `drawn`, an appearance stream (/AP /N) that draws the text in Helvetica. */
function freeText(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], text: string, drawn: boolean): void {
	const context = doc.context
	const annotation = context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: rect, Contents: PDFHexString.fromText(text), DA: PDFString.of('/Helv 12 Tf 0 g'), F: 4 })
	if (drawn) {
		const width = rect[2] - rect[0]
		const height = rect[3] - rect[1]
		const helv = context.register(context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }))
		const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`)
		const stream = context.stream(`BT /Helv 12 Tf 0 g 2 ${height - 14} Td (${escaped}) Tj ET`, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, width, height], Resources: { Font: { Helv: helv } } })
		annotation.set(PDFName.of('AP'), context.obj({ N: context.register(stream) }))
	}
	const ref = context.register(annotation)
	const annots = page.node.Annots()
	if (annots) annots.push(ref)
	else page.node.set(PDFName.of('Annots'), context.obj([ref]))
}

/** Where the tests find a font with Arabic glyphs (Debian's fonts-noto-core); tests skip, saying so, without it. */
export const ARABIC_FONT = '/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf'

/** The few TrueType tables the fixture needs: each character's glyph (cmap format 4), each glyph's advance (hmtx), the em and the box. */
function readTrueType(font: Uint8Array) {
	const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
	const tables = new Map<string, number>()
	for (let index = 0; index < view.getUint16(4); index++) {
		const entry = 12 + index * 16
		tables.set(String.fromCharCode(...font.subarray(entry, entry + 4)), view.getUint32(entry + 8))
	}
	const table = (tag: string) => {
		const offset = tables.get(tag)
		if (offset === undefined) throw new Error(`the font has no ${tag} table`)
		return offset
	}
	const head = table('head')
	const unitsPerEm = view.getUint16(head + 18)
	const box = [view.getInt16(head + 36), view.getInt16(head + 38), view.getInt16(head + 40), view.getInt16(head + 42)]
	const metrics = view.getUint16(table('hhea') + 34)
	const hmtx = table('hmtx')
	const advance = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, metrics - 1) * 4)
	const cmap = table('cmap')
	let format4 = -1
	for (let index = 0; index < view.getUint16(cmap + 2); index++) {
		const record = cmap + 4 + index * 8
		const subtable = cmap + view.getUint32(record + 4)
		if (view.getUint16(record) === 3 && view.getUint16(record + 2) === 1 && view.getUint16(subtable) === 4) format4 = subtable
	}
	if (format4 < 0) throw new Error('the font has no Unicode cmap (3, 1, format 4)')
	const segments = view.getUint16(format4 + 6) / 2
	const ends = format4 + 14
	const starts = ends + segments * 2 + 2
	const deltas = starts + segments * 2
	const rangeOffsets = deltas + segments * 2
	const glyphOf = (code: number): number => {
		for (let segment = 0; segment < segments; segment++) {
			if (code > view.getUint16(ends + segment * 2)) continue
			const start = view.getUint16(starts + segment * 2)
			if (code < start) return 0
			const delta = view.getInt16(deltas + segment * 2)
			const rangeOffset = view.getUint16(rangeOffsets + segment * 2)
			if (rangeOffset === 0) return (code + delta) & 0xffff
			const glyph = view.getUint16(rangeOffsets + segment * 2 + rangeOffset + (code - start) * 2)
			return glyph === 0 ? 0 : (glyph + delta) & 0xffff
		}
		return 0
	}
	return { unitsPerEm, box, advance, glyphOf }
}

/** Arabic letters → their first presentation form (isolated) and how they join: D on both sides (isolated, final, initial, medial), R only to the letter before (isolated, final), U not at all. */
const ARABIC_FORMS: Record<string, [number, 'D' | 'R' | 'U']> = {
	'\u0621': [0xfe80, 'U'], '\u0622': [0xfe81, 'R'], '\u0623': [0xfe83, 'R'], '\u0624': [0xfe85, 'R'], '\u0625': [0xfe87, 'R'], '\u0626': [0xfe89, 'D'],
	'\u0627': [0xfe8d, 'R'], '\u0628': [0xfe8f, 'D'], '\u0629': [0xfe93, 'R'], '\u062a': [0xfe95, 'D'], '\u062b': [0xfe99, 'D'], '\u062c': [0xfe9d, 'D'],
	'\u062d': [0xfea1, 'D'], '\u062e': [0xfea5, 'D'], '\u062f': [0xfea9, 'R'], '\u0630': [0xfeab, 'R'], '\u0631': [0xfead, 'R'], '\u0632': [0xfeaf, 'R'],
	'\u0633': [0xfeb1, 'D'], '\u0634': [0xfeb5, 'D'], '\u0635': [0xfeb9, 'D'], '\u0636': [0xfebd, 'D'], '\u0637': [0xfec1, 'D'], '\u0638': [0xfec5, 'D'],
	'\u0639': [0xfec9, 'D'], '\u063a': [0xfecd, 'D'], '\u0641': [0xfed1, 'D'], '\u0642': [0xfed5, 'D'], '\u0643': [0xfed9, 'D'], '\u0644': [0xfedd, 'D'],
	'\u0645': [0xfee1, 'D'], '\u0646': [0xfee5, 'D'], '\u0647': [0xfee9, 'D'], '\u0648': [0xfeed, 'R'], '\u0649': [0xfeef, 'R'], '\u064a': [0xfef1, 'D'],
}
/** Lam followed by one of these alefs is one glyph: the lam-alef ligature (isolated; final is the next code). */
const LAM_ALEF: Record<string, number> = { '\u0622': 0xfef5, '\u0623': 0xfef7, '\u0625': 0xfef9, '\u0627': 0xfefb }

/**
 * An Arabic word in logical order → its shaped glyphs as presentation-form
 * characters, in logical order: each letter in its isolated, final, initial
 * or medial form by its neighbours, and lam + alef as one ligature.
 * Each form is checked to decompose (NFKC) to its letter.
 */
export function shapeArabic(word: string): Array<string> {
	const letters = [...word]
	const shaped: Array<string> = []
	let joinsForward = false
	for (let index = 0; index < letters.length; index++) {
		const letter = letters[index]!
		const entry = ARABIC_FORMS[letter]
		if (!entry) {
			shaped.push(letter)
			joinsForward = false
			continue
		}
		const next = letters[index + 1]
		if (letter === '\u0644' && next && LAM_ALEF[next]) {
			const form = String.fromCodePoint(LAM_ALEF[next]! + (joinsForward ? 1 : 0))
			if (form.normalize('NFKC') !== letter + next) throw new Error(`bad lam-alef form for ${next}`)
			shaped.push(form)
			joinsForward = false
			index++
			continue
		}
		const [isolated, joining] = entry
		const joinsNext = joining === 'D' && next !== undefined && ARABIC_FORMS[next] !== undefined
		const offset = joining === 'U' ? 0 : joinsForward && joinsNext ? 3 : joinsForward ? 1 : joinsNext ? 2 : 0
		const form = String.fromCodePoint(isolated + offset)
		if (form.normalize('NFKC') !== letter) throw new Error(`bad presentation form for ${letter}`)
		shaped.push(form)
		joinsForward = joinsNext
	}
	return shaped
}

export type ArabicLine = { text: string; drawn: 'line' | 'words' | 'words-left-to-right' }

/**
 * A page of right-aligned Arabic lines in `ARABIC_FONT` (embedded whole, a
 * Type0 font with Identity-H codes = glyph ids), drawn as real Arabic PDFs
 * draw it: shaped glyphs in visual order (left to right: the words of a
 * line, and each word's glyphs, reversed; numbers left to right), and a
 * /ToUnicode CMap mapping each glyph to the presentation form it is (the
 * lam-alef ligature to U+FEFB). A line is one string (`line`), or each word
 * is placed on its own, the first word rightmost: drawn first (`words`), or
 * drawn last, the words written left to right (`words-left-to-right`).
 */
export async function arabicPdf(lines: Array<ArabicLine>): Promise<Uint8Array> {
	const fontBytes = new Uint8Array(fs.readFileSync(ARABIC_FONT))
	const font = readTrueType(fontBytes)
	const doc = await PDFDocument.create()
	const page = doc.addPage([612, 792])
	const context = doc.context
	const size = 20
	const used = new Map<number, string>()
	const glyphs = (chars: Array<string>) =>
		chars.map((char) => {
			const glyph = font.glyphOf(char.codePointAt(0)!)
			if (!glyph) throw new Error(`${ARABIC_FONT} has no glyph for U+${char.codePointAt(0)!.toString(16)}`)
			used.set(glyph, char)
			return glyph
		})
	const width = (ids: Array<number>) => ids.reduce((sum, id) => sum + (font.advance(id) * size) / font.unitsPerEm, 0)
	const hex = (ids: Array<number>) => `<${ids.map((id) => id.toString(16).padStart(4, '0')).join('')}>`
	/** A word's glyphs left to right: an Arabic word's reversed, a number's as written. */
	const visualWord = (word: string) => (/\p{Script=Arabic}/u.test(word) ? glyphs(shapeArabic(word)).reverse() : glyphs([...word]))
	const [space] = glyphs([' '])
	const operators: Array<string> = []
	const right = 560
	lines.forEach((line, row) => {
		const y = 700 - row * 36
		const words = line.text.split(' ')
		if (line.drawn === 'line') {
			const ids = words
				.map(visualWord)
				.reverse()
				.flatMap((ids, index) => (index ? [space!, ...ids] : ids))
			operators.push(`BT /F1 ${size} Tf ${(right - width(ids)).toFixed(2)} ${y} Td ${hex(ids)} Tj ET`)
		} else {
			let x = right
			const drawn: Array<string> = []
			for (const word of words) {
				const ids = visualWord(word)
				x -= width(ids)
				drawn.push(`BT /F1 ${size} Tf ${x.toFixed(2)} ${y} Td ${hex(ids)} Tj ET`)
				x -= width([space!])
			}
			operators.push(...(line.drawn === 'words' ? drawn : drawn.reverse()))
		}
	})
	const toUnicode = [
		'/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
		'/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
		'1 begincodespacerange <0000> <FFFF> endcodespacerange',
		`${used.size} beginbfchar`,
		...[...used].map(([id, char]) => `<${id.toString(16).padStart(4, '0')}> <${char.codePointAt(0)!.toString(16).padStart(4, '0')}>`),
		'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
	].join('\n')
	const scale = 1000 / font.unitsPerEm
	const descriptor = context.register(
		context.obj({
			Type: 'FontDescriptor',
			FontName: 'NotoNaskhArabic-Regular',
			Flags: 4,
			FontBBox: font.box.map((value) => Math.round(value * scale)),
			ItalicAngle: 0,
			Ascent: Math.round(font.box[3]! * scale),
			Descent: Math.round(font.box[1]! * scale),
			CapHeight: 700,
			StemV: 80,
			FontFile2: context.register(context.flateStream(fontBytes, { Length1: fontBytes.length })),
		}),
	)
	const cidFont = context.register(
		context.obj({
			Type: 'Font',
			Subtype: 'CIDFontType2',
			BaseFont: 'NotoNaskhArabic-Regular',
			CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
			FontDescriptor: descriptor,
			CIDToGIDMap: 'Identity',
			W: [...used.keys()].flatMap((id) => [id, [Math.round(font.advance(id) * scale)]]),
		}),
	)
	const type0 = context.register(
		context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'NotoNaskhArabic-Regular', Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: context.register(context.flateStream(toUnicode)) }),
	)
	page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: type0 } }))
	page.node.set(PDFName.of('Contents'), context.register(context.flateStream(operators.join('\n'))))
	return doc.save()
}
