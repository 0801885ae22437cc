/**
 * The readers and fixtures the PDF editor's tests lean on, checked against
 * documents whose contents are known: annotations written with pdf-lib (and
 * saved by pdf.js itself, as the editor saves them) read back by
 * qpdfAnnotations, ink found by inkPixels where it was drawn and nowhere
 * else, and each hostile fixture opened by qpdf and by pdf.js.
 */
import path from 'node:path'
import { createRequire } from 'node:module'
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, rgb, type PDFRef } from '@cantoo/pdf-lib'
import { createCanvas } from '@napi-rs/canvas'
import { beforeAll, describe, expect, test } from 'vitest'
import { loadPdfJs } from './pdfjs.server.ts'
import { inkPixels, qpdfAnnotations, qpdfCheck, qpdfEncrypt, qpdfEncryption, qpdfPageBoxes, qpdfUncompressed, requireTool, restrictedPdf } from './pdf-readers.server.ts'
import { cve20244367Pdf, hugePagePdf, textPdf, xfaPdf } from './test-pdfs.ts'

const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

beforeAll(() => {
	for (const tool of ['qpdf', 'pdftoppm']) requireTool(tool)
})

/** pdf.js as the project runs it on untrusted files (see pdfjs.server.ts), with XFA on or off. */
async function openPdfJs(data: Uint8Array, { enableXfa = false, disableFontFace = true } = {}) {
	const pdfjs = await loadPdfJs()
	const task = pdfjs.getDocument({
		data: data.slice(),
		isEvalSupported: false,
		enableXfa,
		useSystemFonts: false,
		disableFontFace,
		isOffscreenCanvasSupported: false,
		isImageDecoderSupported: false,
		standardFontDataUrl: `${packageDir}/standard_fonts/`,
		cMapUrl: `${packageDir}/cmaps/`,
		cMapPacked: true,
		wasmUrl: `${packageDir}/wasm/`,
		iccUrl: `${packageDir}/iccs/`,
		verbosity: pdfjs.VerbosityLevel.ERRORS,
	})
	return { pdfjs, doc: await task.promise }
}

const HIGHLIGHT: [number, number, number, number] = [50, 300, 150, 320]
const FREE_TEXT: [number, number, number, number] = [50, 200, 200, 240]
const INK: [number, number, number, number] = [60, 60, 160, 160]
const STAMP: [number, number, number, number] = [240, 100, 340, 180]
const BLACK_BOX: [number, number, number, number] = [250, 250, 350, 350]
const STAMP_ALT = 'A green “Approved” stamp'

/**
 * Two 400 × 400 pages; on the second a black box (drawn into the page) and
 * four annotations (Highlight, FreeText, Ink, Stamp, the stamp's /Rect
 * written corners swapped), and a structure tree: a /Figure with /Alt for
 * the stamp, linked by an OBJR kid or by the stamp's /StructParent in the
 * /ParentTree, and an /Annot element without /Alt holding the highlight.
 */
async function annotatedPdf(link: 'objr' | 'parent-tree'): Promise<Uint8Array> {
	const doc = await PDFDocument.load(await textPdf({ pages: 2, size: [400, 400] }))
	const context = doc.context
	const page = doc.getPage(1)
	page.drawRectangle({ x: BLACK_BOX[0], y: BLACK_BOX[1], width: 100, height: 100, color: rgb(0, 0, 0) })
	const highlight = context.register(
		context.obj({ Type: 'Annot', Subtype: 'Highlight', Rect: HIGHLIGHT, QuadPoints: [50, 320, 150, 320, 50, 300, 150, 300], C: [1, 1, 0], Contents: PDFString.of('Highlighted') }),
	)
	const freeText = context.register(context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: FREE_TEXT, Contents: PDFHexString.fromText('Héllo wörld'), DA: PDFString.of('/Helv 12 Tf 0 g') }))
	const ink = context.register(context.obj({ Type: 'Annot', Subtype: 'Ink', Rect: INK, InkList: [[70, 70, 150, 150]], C: [0, 0, 1], BS: { W: 4 } }))
	const stamp = context.obj({ Type: 'Annot', Subtype: 'Stamp', Rect: [STAMP[2], STAMP[3], STAMP[0], STAMP[1]], Name: 'Approved' })
	if (link === 'parent-tree') stamp.set(PDFName.of('StructParent'), PDFNumber.of(0))
	const stampRef = context.register(stamp)
	page.node.set(PDFName.of('Annots'), context.obj([highlight, freeText, ink, stampRef]))
	const rootRef = context.nextRef()
	const figure = context.register(
		context.obj({
			Type: 'StructElem',
			S: 'Figure',
			P: rootRef,
			Alt: PDFHexString.fromText(STAMP_ALT),
			K: link === 'objr' ? { Type: 'OBJR', Pg: page.ref, Obj: stampRef } : [],
		}),
	)
	const annot = context.register(context.obj({ Type: 'StructElem', S: 'Annot', P: rootRef, K: [{ Type: 'OBJR', Pg: page.ref, Obj: highlight }] }))
	const nums = link === 'parent-tree' ? [0, figure] : []
	const document = context.register(context.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: [figure, annot] as Array<PDFRef> }))
	context.assign(rootRef, context.obj({ Type: 'StructTreeRoot', K: [document] as Array<PDFRef>, ParentTree: { Nums: nums }, ParentTreeNextKey: nums.length / 2 }))
	doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef)
	doc.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }))
	return doc.save()
}

describe('qpdfAnnotations', () => {
	test.each(['objr', 'parent-tree'] as const)('reads subtype, page, rect, contents and the stamp’s alt text (linked by %s)', async (link) => {
		const annotations = qpdfAnnotations(await annotatedPdf(link))
		expect(annotations).toEqual([
			{ page: 2, subtype: 'Highlight', rect: HIGHLIGHT, contents: 'Highlighted', intent: null, alt: null },
			{ page: 2, subtype: 'FreeText', rect: FREE_TEXT, contents: 'Héllo wörld', intent: null, alt: null },
			{ page: 2, subtype: 'Ink', rect: INK, contents: null, intent: null, alt: null },
			{ page: 2, subtype: 'Stamp', rect: STAMP, contents: null, intent: null, alt: STAMP_ALT },
		])
	})

	test('an annotation’s own /Alt is read too, and none on a page without /Annots', async () => {
		const doc = await PDFDocument.load(await textPdf({ pages: 2, size: [400, 400] }))
		const stamp = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Stamp', Rect: STAMP, Alt: PDFString.of('Own alt') }))
		doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([stamp]))
		expect(qpdfAnnotations(await doc.save())).toEqual([{ page: 1, subtype: 'Stamp', rect: STAMP, contents: null, intent: null, alt: 'Own alt' }])
	})

	test('reads what pdf.js itself saves: a stamp with alt text (struct tree written by pdf.js) and an ink stroke that renders where drawn', async () => {
		const { pdfjs, doc } = await openPdfJs(await textPdf({ pages: 2, size: [400, 400], text: () => '' }))
		try {
			// What the editor's SignatureEditor and InkEditor hand to saveDocument (pdf.js 5.6's serialize()): a stamp
			// drawn as lines (no bitmap, so no OffscreenCanvas is needed) with alt text, and a plain ink stroke.
			const line = (x0: number, y0: number, x1: number, y1: number) => [NaN, NaN, NaN, NaN, x0, y0, NaN, NaN, NaN, NaN, x1, y1]
			doc.annotationStorage.setValue('pdfjs_internal_editor_0', {
				annotationType: pdfjs.AnnotationEditorType.STAMP,
				isSignature: true,
				areContours: false,
				color: [0, 0, 0],
				thickness: 3,
				lines: [line(250, 110, 330, 170)],
				rect: STAMP,
				rotation: 0,
				pageIndex: 1,
				accessibilityData: { type: 'Figure', alt: STAMP_ALT },
			})
			doc.annotationStorage.setValue('pdfjs_internal_editor_1', {
				annotationType: pdfjs.AnnotationEditorType.INK,
				color: [0, 0, 255],
				thickness: 6,
				opacity: 1,
				paths: { lines: [line(70, 70, 150, 150)], points: [[70, 70, 150, 150]] },
				rect: INK,
				rotation: 0,
				pageIndex: 1,
			})
			const saved = await doc.saveDocument()
			expect(qpdfCheck(saved).ok).toBe(true)
			expect(qpdfAnnotations(saved)).toEqual([
				{ page: 2, subtype: 'Stamp', rect: STAMP, contents: null, intent: null, alt: STAMP_ALT },
				{ page: 2, subtype: 'Ink', rect: INK, contents: null, intent: null, alt: null },
			])
			// Where pdf.js put the alt text: a /Figure element with /Alt, /K an OBJR naming the stamp, and /StructParent on the stamp.
			const qdf = qpdfUncompressed(saved)
			expect(qdf).toMatch(/\/S \/Figure/)
			expect(qdf).toMatch(/\/Type \/OBJR/)
			expect(qdf).toMatch(/\/StructParent 0/)
			// The stroke runs corner to corner of INK: its diagonal band is inked, the rest of the page is not.
			expect(inkPixels(saved, 2, [100, 100, 120, 120])).toBeGreaterThan(0.15)
			expect(inkPixels(saved, 2, [130, 70, 160, 100])).toBe(0)
			expect(inkPixels(saved, 2, [0, 200, 400, 400])).toBe(0)
		} finally {
			await doc.destroy()
		}
	})
})

describe('inkPixels', () => {
	test('finds a drawn black box, the annotations’ appearances where they are, and nothing in an empty area', async () => {
		const pdf = await annotatedPdf('objr')
		expect(inkPixels(pdf, 2, BLACK_BOX)).toBeGreaterThan(0.98)
		expect(inkPixels(pdf, 2, [270, 270, 330, 330], { dpi: 150 })).toBe(1)
		expect(inkPixels(pdf, 2, [200, 20, 380, 90])).toBe(0)
		// Half the rectangle overlaps the box.
		expect(inkPixels(pdf, 2, [200, 250, 300, 350])).toBeCloseTo(0.5, 1)
	})

	test.each([90, 180, 270])('follows /Rotate: the same box is found on a page turned %i°', async (angle) => {
		const doc = await PDFDocument.load(await annotatedPdf('objr'))
		doc.getPage(1).node.set(PDFName.of('Rotate'), PDFNumber.of(angle))
		const pdf = await doc.save()
		expect(inkPixels(pdf, 2, BLACK_BOX)).toBeGreaterThan(0.98)
		expect(inkPixels(pdf, 2, [200, 20, 380, 90])).toBe(0)
	})
})

describe('fixtures', () => {
	test('cve20244367Pdf: a sound file whose Type1 font’s /FontMatrix holds a script; pdf.js 5.6 draws the glyphs and runs nothing', async () => {
		const pdf = await cve20244367Pdf()
		expect(qpdfCheck(pdf).ok).toBe(true)
		const qdf = qpdfUncompressed(pdf)
		expect(qdf).toContain('(0\\); window.__pdfjsPwned = true; //)')
		expect(qdf).toMatch(/\/FontFile \d+ 0 R/)
		// disableFontFace draws every glyph as a path: the code path the CVE compiled the matrix into.
		const { pdfjs, doc } = await openPdfJs(pdf, { disableFontFace: true })
		try {
			const page = await doc.getPage(1)
			const viewport = page.getViewport({ scale: 1 })
			const canvas = createCanvas(viewport.width, viewport.height)
			await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise
			expect((globalThis as { __pdfjsPwned?: boolean }).__pdfjsPwned).toBeUndefined()
			// The first row of "AAAA" (four 24 × 34 pt boxes at 48 pt) is drawn: its first box is dark.
			const pixels = canvas.getContext('2d').getImageData(55, 400 - 280 - 30, 20, 20).data
			expect(Math.max(...pixels.filter((_, index) => index % 4 === 0))).toBeLessThan(50)
			// pdf.js kept the default matrix (it sends a font's matrix to the page as six float64s, none when it is the default).
			const operators = await page.getOperatorList()
			const fontNames = operators.fnArray.flatMap((fn, index) => (fn === pdfjs.OPS.setFont ? [String((operators.argsArray[index] as Array<unknown>)[0])] : []))
			const matrices = fontNames.map((name) => (page.commonObjs.get(name) as { fontMatrix?: Array<number> }).fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0])
			expect(matrices.length).toBeGreaterThanOrEqual(2)
			for (const matrix of matrices) expect(matrix).toEqual([0.001, 0, 0, 0.001, 0, 0])
		} finally {
			await doc.destroy()
		}
	})

	test('xfaPdf: AcroForm with /XFA and empty /Fields, /NeedsRendering; pdf.js calls it pure XFA when XFA is on', async () => {
		const pdf = await xfaPdf()
		expect(qpdfCheck(pdf).ok).toBe(true)
		const qdf = qpdfUncompressed(pdf)
		expect(qdf).toMatch(/\/AcroForm <<\s+\/Fields \[\s+\]\s+\/XFA \[\s+\(preamble\)\s+\d+ 0 R\s+\(template\)/)
		expect(qdf).toMatch(/\/NeedsRendering true/)
		const withXfa = await openPdfJs(pdf, { enableXfa: true })
		try {
			expect(withXfa.doc.isPureXfa).toBe(true)
			expect(JSON.stringify(withXfa.doc.allXfaHtml)).toContain('XFA form')
			expect(await withXfa.doc.getFieldObjects()).toBeNull()
		} finally {
			await withXfa.doc.destroy()
		}
		const withoutXfa = await openPdfJs(pdf, { enableXfa: false })
		try {
			expect(withoutXfa.doc.isPureXfa).toBe(false)
			const { info } = await withoutXfa.doc.getMetadata()
			expect(info).toMatchObject({ IsXFAPresent: true, IsAcroFormPresent: false })
			const text = await (await withoutXfa.doc.getPage(1)).getTextContent()
			expect(text.items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('XFA placeholder')
		} finally {
			await withoutXfa.doc.destroy()
		}
	})

	test('hugePagePdf: one page of 14,400 × 14,400 pt', async () => {
		const pdf = await hugePagePdf()
		expect(qpdfCheck(pdf).ok).toBe(true)
		expect(qpdfPageBoxes(pdf)).toEqual([{ mediaBox: [0, 0, 14_400, 14_400], cropBox: [0, 0, 14_400, 14_400], rotate: 0 }])
	})

	test('restrictedPdf: opens without a password, modifying and annotating forbidden', async () => {
		const pdf = restrictedPdf(await textPdf({ pages: 1 }))
		expect(qpdfCheck(pdf).ok).toBe(true)
		const { permissions } = qpdfEncryption(pdf)
		expect(permissions).toMatchObject({ 'modify anything': false, 'modify annotations': false, 'modify forms': false, 'extract for any purpose': true })
		const { pdfjs, doc } = await openPdfJs(pdf)
		try {
			expect(doc.numPages).toBe(1)
			const flags = await doc.getPermissions()
			expect(flags).not.toBeNull()
			expect(flags).not.toContain(pdfjs.PermissionFlag.MODIFY_ANNOTATIONS)
			expect(flags).not.toContain(pdfjs.PermissionFlag.MODIFY_CONTENTS)
			expect(flags).toContain(pdfjs.PermissionFlag.PRINT)
		} finally {
			await doc.destroy()
		}
	})

	test('qpdfEncrypt with a user password: pdf.js asks for it', async () => {
		const pdf = qpdfEncrypt(await textPdf({ pages: 1 }), { user: 'secret', owner: 'owner' })
		await expect(openPdfJs(pdf)).rejects.toMatchObject({ name: 'PasswordException' })
	})
})
