/**
 * PDFs for the tests, made here rather than stored: documents written with
 * pdf-lib (text, several pages, an outline, a form, images, rotated pages)
 * and hostile ones written byte by byte (a looping page tree, 200,000
 * declared pages, nesting 100,000 deep, a truncated file), and documents
 * a viewer must be careful with (the CVE-2024-4367 font, a pure XFA form,
 * a 14,400 pt page). The few real
 * documents from elsewhere are in ./corpus (see its README).
 */
import { PDFBool, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, degrees, rgb, type PDFPage, type PDFRef } from '@cantoo/pdf-lib'

/**
 * A PDF from numbered object bodies (object 1 is the catalog), with a
 * correct cross-reference table, so a parser reads it as written rather than
 * through its repair code.
 */
export function rawPdf(objects: Array<string>): Uint8Array {
	const encoder = new TextEncoder()
	const parts: Array<Uint8Array> = [encoder.encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]
	let length = parts[0]!.length
	const offsets: Array<number> = []
	objects.forEach((body, index) => {
		offsets.push(length)
		const bytes = encoder.encode(`${index + 1} 0 obj\n${body}\nendobj\n`)
		parts.push(bytes)
		length += bytes.length
	})
	const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('')
	parts.push(encoder.encode(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`))
	return concat(parts)
}

function concat(parts: Array<Uint8Array>): Uint8Array {
	return new Uint8Array(Buffer.concat(parts))
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'

/** A page tree whose inner node lists itself among its kids (SECURITY.md J3). */
export function loopingPageTree(): Uint8Array {
	return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>', '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>', PAGE])
}

/** 1.2 MB declaring `count` pages: the same page listed `count` times (SECURITY.md J5). */
export function manyPages(count = 200_000): Uint8Array {
	const kids = Array.from({ length: count }, () => '3 0 R').join(' ')
	return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, PAGE])
}

/** An array nested `depth` deep in the catalog (SECURITY.md J4). */
export function deepNesting(depth = 100_000): Uint8Array {
	return rawPdf([`<< /Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', PAGE])
}

/** The first `fraction` of a document's bytes. */
export function truncated(pdf: Uint8Array, fraction = 0.5): Uint8Array {
	return pdf.slice(0, Math.floor(pdf.length * fraction))
}

export type TextPdfOptions = {
	pages?: number
	/** Each page's text; page n says "Page n of N" and `marker` by default. */
	text?: (page: number, total: number) => string
	size?: [number, number]
	title?: string
}

/** A document of `pages` pages, each with a line of text that names the page. */
export async function textPdf({ pages = 3, text = (page, total) => `Page ${page} of ${total} alpha`, size = [595.28, 841.89], title }: TextPdfOptions = {}): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (let page = 1; page <= pages; page++) {
		const leaf = doc.addPage(size)
		leaf.drawText(text(page, pages), { x: 50, y: size[1] - 80, size: 18, font })
	}
	if (title) doc.setTitle(title)
	return doc.save()
}

/** Text pages with an outline: one bookmark per page. */
export async function outlinedPdf(pages = 4): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages }))
	const context = doc.context
	const outlinesRef = context.nextRef()
	const itemRefs = doc.getPages().map(() => context.nextRef())
	doc.getPages().forEach((page, index) => {
		const item = context.obj({
			Title: PDFString.of(`Chapter ${index + 1}`),
			Parent: outlinesRef,
			Dest: context.obj([page.ref, PDFName.of('Fit')]),
		})
		if (index > 0) item.set(PDFName.of('Prev'), itemRefs[index - 1]!)
		if (index < itemRefs.length - 1) item.set(PDFName.of('Next'), itemRefs[index + 1]!)
		context.assign(itemRefs[index]!, item)
	})
	context.assign(
		outlinesRef,
		context.obj({ Type: 'Outlines', First: itemRefs[0] as PDFRef, Last: itemRefs[itemRefs.length - 1] as PDFRef, Count: PDFNumber.of(itemRefs.length) }),
	)
	doc.catalog.set(PDFName.of('Outlines'), outlinesRef)
	return doc.save()
}

/** Three pages; the first links to the third (/Dest) and to the second (a GoTo action), and has a sticky note (/P: its page). */
export async function linkedPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: 3 }))
	const context = doc.context
	const [first, second, third] = doc.getPages() as [PDFPage, PDFPage, PDFPage]
	const annotations = [
		context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 600, 300, 620], Border: [0, 0, 0], Dest: [third.ref, PDFName.of('Fit')] }),
		context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 560, 300, 580], Border: [0, 0, 0], A: { S: 'GoTo', D: [second.ref, PDFName.of('Fit')] } }),
		context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [400, 700, 420, 720], Contents: PDFString.of('A note'), P: first.ref }),
	]
	first.node.set(PDFName.of('Annots'), context.obj(annotations.map((annotation) => context.register(annotation))))
	return doc.save()
}

/** Two pages and a form (a text field and a check box) on the first. */
export async function formPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: 2 }))
	const form = doc.getForm()
	const name = form.createTextField('name')
	name.setText('Ada Lovelace')
	name.addToPage(doc.getPage(0), { x: 50, y: 600, width: 200, height: 24 })
	const agree = form.createCheckBox('agree')
	agree.check()
	agree.addToPage(doc.getPage(0), { x: 50, y: 560, width: 16, height: 16 })
	return doc.save()
}

/** Pages whose /Rotate is 0, 90, 180 and 270, each saying its angle. */
export async function rotatedPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (const angle of [0, 90, 180, 270]) {
		const page = doc.addPage([400, 600])
		page.drawText(`Rotated ${angle}`, { x: 40, y: 500, size: 16, font })
		page.setRotation(degrees(angle))
	}
	return doc.save()
}

/** One page with a drawn picture (a rectangle) and an embedded PNG. */
export async function imagePdf(png: Uint8Array): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const page = doc.addPage([300, 300])
	page.drawRectangle({ x: 20, y: 20, width: 100, height: 60, color: rgb(0.9, 0.2, 0.2) })
	const image = await doc.embedPng(png)
	page.drawImage(image, { x: 150, y: 150, width: 100, height: 100 })
	return doc.save()
}

/**
 * The CVE-2024-4367 document (Codean Labs, May 2024): pdf.js before 4.2.67
 * copied a font dictionary's /FontMatrix into the glyph-drawing code it
 * compiled with `new Function` (`c.transform(1,2,3,4,5,<string>)`), so a
 * string in the array ran as script. The font here is an embedded Type1
 * program (one glyph, "A", a box) whose header has no /FontMatrix of its
 * own, since a header matrix replaces the dictionary's; the dictionary's is
 * `[1 2 3 4 5 (0\); window.__pdfjsPwned = true; //)]`. A vulnerable viewer
 * with eval allowed runs `c.transform(1,2,3,4,5,0); window.__pdfjsPwned =
 * true; //…` the first time it draws an "A" as a path, so a test reads
 * `window.__pdfjsPwned` rather than waiting on a dialog (no alert()). The
 * page draws "AAAA" twice: plainly, and in text rendering mode 4 (fill, then
 * add to the clipping path), which makes every pdf.js draw the glyphs as
 * paths even when the font loads as a web font. A safe pdf.js ignores the
 * matrix (5.6 takes only six numbers) and shows the boxes; a caption in
 * Helvetica says what the page is. Poppler (FreeType) draws no boxes: it
 * wants the matrix in the font program, which would defeat the exploit.
 */
export async function cve20244367Pdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const context = doc.context
	const page = doc.addPage([400, 400])
	const helvetica = await doc.embedFont(StandardFonts.Helvetica)
	const program = type1Font()
	const fontFile = context.register(context.stream(program.bytes, { Length1: program.length1, Length2: program.length2, Length3: 0 }))
	const descriptor = context.register(
		context.obj({
			Type: 'FontDescriptor',
			FontName: 'ToolNestPwn',
			Flags: 32,
			FontBBox: [0, 0, 600, 700],
			ItalicAngle: 0,
			Ascent: 700,
			Descent: 0,
			CapHeight: 700,
			StemV: 80,
			FontFile: fontFile,
		}),
	)
	const font = context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'ToolNestPwn', FirstChar: 65, LastChar: 65, Widths: [600], FontDescriptor: descriptor })
	// PDFString writes its text as given: the backslash escapes the parenthesis in the file.
	font.set(PDFName.of('FontMatrix'), context.obj([1, 2, 3, 4, 5, PDFString.of('0\\); window.__pdfjsPwned = true; //')]))
	const fontRef = context.register(font)
	const content = [
		'BT /F1 48 Tf 50 280 Td (AAAA) Tj ET',
		'q BT 4 Tr /F1 48 Tf 50 180 Td (AAAA) Tj ET Q',
		'BT /F2 14 Tf 50 80 Td (CVE-2024-4367 fixture: FontMatrix with a string) Tj ET',
	].join('\n')
	page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: fontRef, F2: helvetica.ref } }))
	page.node.set(PDFName.of('Contents'), context.register(context.stream(content)))
	return doc.save()
}

/**
 * A minimal Type1 font program (the glyphs .notdef and A, a 500 × 700 box),
 * written here so the fixture needs no font file: the cleartext header, then
 * the private dictionary and charstrings eexec-encrypted (Adobe's Type 1
 * format, chapter 7: charstrings with key 4330, the section with 55665,
 * four lead bytes each). No /FontMatrix in the header (see cve20244367Pdf).
 */
function type1Font(): { bytes: Uint8Array; length1: number; length2: number } {
	const header = Buffer.from(
		[
			'%!PS-AdobeFont-1.0: ToolNestPwn 001.000',
			'11 dict begin',
			'/FontInfo 1 dict dup begin /FullName (ToolNest Pwn) readonly def end readonly def',
			'/FontName /ToolNestPwn def',
			'/Encoding StandardEncoding def',
			'/PaintType 0 def',
			'/FontType 1 def',
			'/FontBBox {0 0 600 700} readonly def',
			'currentdict end',
			'currentfile eexec',
			'',
		].join('\n'),
		'latin1',
	)
	const glyphs: Array<[string, Array<number | string>]> = [
		['.notdef', [0, 250, 'hsbw', 'endchar']],
		['A', [0, 600, 'hsbw', 50, 0, 'rmoveto', 500, 0, 'rlineto', 0, 700, 'rlineto', -500, 0, 'rlineto', 'closepath', 'endchar']],
	]
	const parts: Array<Buffer> = [
		Buffer.from(
			[
				'dup /Private 8 dict dup begin',
				'/RD {string currentfile exch readstring pop} executeonly def',
				'/ND {noaccess def} executeonly def',
				'/NP {noaccess put} executeonly def',
				'/BlueValues [] ND',
				'/MinFeature {16 16} ND',
				'/password 5839 def',
				'/lenIV 4 def',
				`2 index /CharStrings ${glyphs.length} dict dup begin`,
				'',
			].join('\n'),
			'latin1',
		),
	]
	for (const [name, program] of glyphs) {
		const charstring = type1Encrypt(Buffer.concat([Buffer.alloc(4), charstringBytes(program)]), 4330)
		parts.push(Buffer.from(`/${name} ${charstring.length} RD `, 'latin1'), Buffer.from(charstring), Buffer.from(' ND\n', 'latin1'))
	}
	parts.push(Buffer.from(['end', 'end', 'readonly put', 'noaccess put', 'dup /FontName get exch definefont pop', 'mark currentfile closefile', ''].join('\n'), 'latin1'))
	const encrypted = type1Encrypt(Buffer.concat([Buffer.alloc(4), ...parts]), 55665)
	return { bytes: concat([header, encrypted]), length1: header.length, length2: encrypted.length }
}

const CHARSTRING_COMMANDS: Record<string, number> = { hsbw: 13, rmoveto: 21, rlineto: 5, closepath: 9, endchar: 14 }

/** A Type1 charstring's bytes: numbers in the format's 1, 2 or 5 byte forms, then the commands' codes. */
function charstringBytes(program: Array<number | string>): Uint8Array {
	const bytes: Array<number> = []
	for (const item of program) {
		if (typeof item === 'string') bytes.push(CHARSTRING_COMMANDS[item]!)
		else if (item >= -107 && item <= 107) bytes.push(item + 139)
		else if (item >= 108 && item <= 1131) bytes.push(((item - 108) >> 8) + 247, (item - 108) & 0xff)
		else if (item >= -1131 && item <= -108) bytes.push(((-item - 108) >> 8) + 251, (-item - 108) & 0xff)
		else bytes.push(255, (item >> 24) & 0xff, (item >> 16) & 0xff, (item >> 8) & 0xff, item & 0xff)
	}
	return new Uint8Array(bytes)
}

/** Type1's encryption (eexec and charstrings alike, with different keys). */
function type1Encrypt(plain: Uint8Array, key: number): Uint8Array {
	const out = new Uint8Array(plain.length)
	let r = key
	for (let index = 0; index < plain.length; index++) {
		const cipher = plain[index]! ^ (r >> 8)
		out[index] = cipher
		r = ((cipher + r) * 52845 + 22719) & 0xffff
	}
	return out
}

/**
 * The XDP of xfaPdf: a template (one page, a text field "name" and a line of
 * text) and its data (name = Ada Lovelace), in the four parts Adobe's tools
 * write (preamble, template, datasets, postamble).
 */
const XFA_PARTS: Array<[string, string]> = [
	['preamble', '<?xml version="1.0" encoding="UTF-8"?>\n<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/">\n'],
	[
		'template',
		[
			'<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/">',
			'<subform name="form1" layout="tb" locale="en_US">',
			'<pageSet><pageArea name="Page1" id="Page1"><contentArea x="0.25in" y="0.25in" w="8in" h="10.5in"/><medium stock="letter" short="8.5in" long="11in"/></pageArea></pageSet>',
			'<subform name="page" w="8in" h="10.5in">',
			'<draw name="title" x="1in" y="0.5in" w="6in" h="0.4in"><value><text>XFA form</text></value><font typeface="Helvetica" size="14pt"/></draw>',
			'<field name="name" x="1in" y="1.2in" w="4in" h="0.4in"><ui><textEdit/></ui><caption reserve="1in"><value><text>Name</text></value></caption><font typeface="Helvetica" size="11pt"/></field>',
			'</subform>',
			'</subform>',
			'</template>\n',
		].join('\n'),
	],
	['datasets', '<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><page><name>Ada Lovelace</name></page></form1></xfa:data></xfa:datasets>\n'],
	['postamble', '</xdp:xdp>\n'],
]

/**
 * A "pure XFA" form: the catalog says /NeedsRendering true and its AcroForm
 * has an empty /Fields and an /XFA array (name, stream, name, stream…), so
 * an XFA viewer builds the page from the template; anything else shows the
 * one PDF page, which says "XFA placeholder".
 */
export async function xfaPdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: 1, text: () => 'XFA placeholder', size: [612, 792] }))
	const context = doc.context
	const xfa = XFA_PARTS.flatMap(([name, xml]) => [PDFString.of(name), context.register(context.stream(xml))])
	doc.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: xfa }))
	doc.catalog.set(PDFName.of('NeedsRendering'), PDFBool.True)
	return doc.save()
}

/** One page of 14,400 × 14,400 pt (200 inches, the largest PDF allows), with a line of text near its top-left and one at its centre. */
export async function hugePagePdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	const page = doc.addPage([14_400, 14_400])
	page.drawText('Huge page top-left', { x: 100, y: 14_200, size: 96, font })
	page.drawText('Huge page centre', { x: 7_000, y: 7_200, size: 96, font })
	return doc.save()
}
