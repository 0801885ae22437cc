/**
 * Every operation of the PDF engine, run in-process on documents made by
 * the tests and on real ones from ./corpus, its output read back by
 * independent tools: qpdf (page counts, rotations, structure), poppler's
 * pdftotext, pdfinfo and pdftoppm (text, metadata, rendering) and unzip.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { beforeAll, describe, expect, test } from 'vitest'
import { type AppError } from '#app/utils/errors.ts'
import { runPdfEngine } from './engine.server.ts'
import { type PdfInputFile, type PdfOperation } from './options.ts'
import { pdfinfo, pdftotext, pdftoppmPixels, pdftoppmSizes, pngSize, qpdfCheck, qpdfFormFields, qpdfLinkTargets, qpdfPageCount, qpdfRotations, qpdfUncompressed, requireTool, unzipEntry, unzipList } from './pdf-readers.server.ts'
import { twoColourJpeg, twoColourPng, withExifOrientation, type Rgb } from './test-images.server.ts'
import { formPdf, imagePdf, linkedPdf, outlinedPdf, rotatedPdf, textPdf } from './test-pdfs.ts'

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus')
const fromCorpus = (name: string): PdfInputFile => ({ name, data: new Uint8Array(fs.readFileSync(path.join(corpus, name))) })

const RED: Rgb = [220, 30, 30]
const BLUE: Rgb = [30, 60, 220]

let text5: PdfInputFile
let rotated: PdfInputFile
let outlined: PdfInputFile
let form: PdfInputFile

beforeAll(async () => {
	// Fail at once, naming the package, when a reader is missing.
	for (const tool of ['qpdf', 'pdftotext', 'pdfinfo', 'pdftoppm', 'unzip']) requireTool(tool)
	text5 = { name: 'report.pdf', data: await textPdf({ pages: 5 }) }
	rotated = { name: 'rotated.pdf', data: await rotatedPdf() }
	outlined = { name: 'outlined.pdf', data: await outlinedPdf(4) }
	form = { name: 'form.pdf', data: await formPdf() }
})

function run(operation: PdfOperation, files: Array<PdfInputFile>, options: Record<string, unknown> = {}) {
	return runPdfEngine({ operation, files, options })
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
	return promise.then(
		() => {
			throw new Error('expected an error')
		},
		(error: unknown) => error as AppError,
	)
}

/** pdftotext's pages (it ends each with \f), whitespace squeezed. */
function pagesText(pdf: Uint8Array): Array<string> {
	return pdftotext(pdf)
		.split('\f')
		.slice(0, -1)
		.map((page) => page.replace(/\s+/g, ' ').trim())
}

function expectSound(pdf: Uint8Array) {
	const check = qpdfCheck(pdf)
	expect(check.ok, check.output).toBe(true)
}

describe('merge', () => {
	test('joins the files in the order given; qpdf counts every page and pdftotext reads them in order', async () => {
		const out = await run('merge', [outlined, text5, form, fromCorpus('basicapi.pdf')])
		expect(out.contentType).toBe('application/pdf')
		expect(out.fileName).toBe('outlined-merged.pdf')
		expect(qpdfPageCount(out.data)).toBe(4 + 5 + 2 + 3)
		expect(out.pageCount).toBe(14)
		expectSound(out.data)
		const pages = pagesText(out.data)
		expect(pages[11]).toBe(pagesText(fromCorpus('basicapi.pdf').data)[0])
		expect(pages.slice(0, 6)).toEqual(['Page 1 of 4 alpha', 'Page 2 of 4 alpha', 'Page 3 of 4 alpha', 'Page 4 of 4 alpha', 'Page 1 of 5 alpha', 'Page 2 of 5 alpha'])
	})

	test('needs two files, and each must be a PDF by its bytes', async () => {
		expect((await failure(run('merge', [text5]))).details).toMatchObject({ fields: { files: 'Add at least 2 files.' } })
		const fake = { name: 'fake.pdf', data: new TextEncoder().encode('<html>not a pdf</html>') }
		const error = await failure(run('merge', [text5, fake]))
		expect(error.status).toBe(415)
		expect(error.details).toMatchObject({ fields: { files: expect.stringMatching(/"fake.pdf" is not a PDF/) }, file: 1 })
	})
})

describe('split, extract, delete, reorder', () => {
	test('split by ranges gives a ZIP of PDFs, one per range, each with its pages', async () => {
		const out = await run('split', [text5], { mode: 'ranges', ranges: '1-3,5,4-' })
		expect(out.contentType).toBe('application/zip')
		expect(unzipList(out.data)).toEqual(['report-pages-1-3.pdf', 'report-page-5.pdf', 'report-pages-4-5.pdf'])
		expect(pagesText(unzipEntry(out.data, 'report-pages-1-3.pdf'))).toEqual(['Page 1 of 5 alpha', 'Page 2 of 5 alpha', 'Page 3 of 5 alpha'])
		expect(qpdfPageCount(unzipEntry(out.data, 'report-page-5.pdf'))).toBe(1)
		expect(pagesText(unzipEntry(out.data, 'report-pages-4-5.pdf'))).toEqual(['Page 4 of 5 alpha', 'Page 5 of 5 alpha'])
	})

	test('split every page and every N pages', async () => {
		const each = await run('split', [text5], { mode: 'every-page' })
		expect(unzipList(each.data)).toEqual([1, 2, 3, 4, 5].map((n) => `report-page-${n}.pdf`))
		const pairs = await run('split', [text5], { mode: 'every-n', n: '2' })
		const names = unzipList(pairs.data)
		expect(names).toEqual(['report-pages-1-2.pdf', 'report-pages-3-4.pdf', 'report-page-5.pdf'])
		expect(names.map((name) => qpdfPageCount(unzipEntry(pairs.data, name)))).toEqual([2, 2, 1])
	})

	test('extract keeps the pages named, in the order named', async () => {
		const out = await run('extract-pages', [text5], { pages: '5,2-3' })
		expect(pagesText(out.data)).toEqual(['Page 5 of 5 alpha', 'Page 2 of 5 alpha', 'Page 3 of 5 alpha'])
		expectSound(out.data)
	})

	test('delete removes the pages, and their content is gone from the file', async () => {
		const out = await run('delete-pages', [text5], { pages: '2,4' })
		expect(qpdfPageCount(out.data)).toBe(3)
		expect(pagesText(out.data)).toEqual(['Page 1 of 5 alpha', 'Page 3 of 5 alpha', 'Page 5 of 5 alpha'])
		// Not merely unlinked: page 2's text is nowhere in the file (qpdf uncompresses every stream).
		expect(qpdfUncompressed(text5.data)).toContain('(Page 2 of 5 alpha) Tj')
		expect(qpdfUncompressed(out.data)).not.toContain('(Page 2 of 5 alpha)')
		const error = await failure(run('delete-pages', [text5], { pages: '1-' }))
		expect(error.details).toMatchObject({ fields: { pages: expect.stringMatching(/every page/) } })
	})

	test('links between pages follow their pages, and never bring a page left out back into the file', async () => {
		const linked = { name: 'linked.pdf', data: await linkedPdf() }
		expect(qpdfLinkTargets(linked.data)).toEqual([{ page: 1, target: 3 }, { page: 1, target: 2 }])
		// Deleting the page a link goes to: the link loses its destination, and that page's text is not in the file.
		const deleted = await run('delete-pages', [linked], { pages: '3' })
		expectSound(deleted.data)
		expect(qpdfLinkTargets(deleted.data)).toEqual([{ page: 1, target: 'none' }, { page: 1, target: 2 }])
		expect(qpdfUncompressed(deleted.data)).not.toContain('(Page 3 of 3 alpha)')
		// Merged twice: each copy's links go to its own pages.
		const merged = await run('merge', [linked, linked])
		expect(qpdfLinkTargets(merged.data)).toEqual([{ page: 1, target: 3 }, { page: 1, target: 2 }, { page: 4, target: 6 }, { page: 4, target: 5 }])
		// Split: page 1 alone, its links lead nowhere and it holds only its own text.
		const first = unzipEntry((await run('split', [linked], { mode: 'every-page' })).data, 'linked-page-1.pdf')
		expect(qpdfLinkTargets(first)).toEqual([{ page: 1, target: 'none' }, { page: 1, target: 'none' }])
		expect(qpdfUncompressed(first)).not.toMatch(/\(Page [23] of 3 alpha\)/)
		expect(qpdfUncompressed(first)).toContain('/Contents (A note)')
		// Extract in another order: the links follow.
		expect(qpdfLinkTargets((await run('extract-pages', [linked], { pages: '3,1,2' })).data)).toEqual([{ page: 2, target: 1 }, { page: 2, target: 3 }])
	})

	test('a copied page keeps its form fields as fields (a widget outside /AcroForm stops qpdf --json)', async () => {
		expect(qpdfFormFields(form.data).map(({ name, page }) => [name, page])).toEqual([['name', 1], ['agree', 1]])
		const first = await run('extract-pages', [form], { pages: '1' })
		expect(qpdfFormFields(first.data)).toEqual(qpdfFormFields(form.data))
		expect(pdfinfo(first.data).Form).toBe('AcroForm')
		const merged = await run('merge', [text5, form])
		expect(qpdfFormFields(merged.data).map(({ name, page }) => [name, page])).toEqual([['name', 6], ['agree', 6]])
		// Without the form's page, no form.
		expect(pdfinfo((await run('extract-pages', [form], { pages: '2' })).data).Form).toBe('none')
	})

	test('reorder puts the pages in the order given and keeps the outline and the form', async () => {
		const out = await run('reorder-pages', [outlined], { order: '4,2-3,1' })
		expect(pagesText(out.data)).toEqual(['Page 4 of 4 alpha', 'Page 2 of 4 alpha', 'Page 3 of 4 alpha', 'Page 1 of 4 alpha'])
		expectSound(out.data)
		expect(pdftotext(out.data).length).toBeGreaterThan(0)
		const withForm = await run('reorder-pages', [form], { order: '2,1' })
		expect(pdfinfo(withForm.data).Form).toBe('AcroForm')
		const formPages = pagesText(withForm.data)
		expect(formPages[0]).toContain('Page 2 of 2 alpha')
		expect(formPages[1]).toContain('Page 1 of 2 alpha')
	})

	test('reorder names every page once', async () => {
		expect((await failure(run('reorder-pages', [text5], { order: '3,1,2' }))).details).toEqual({ fields: { order: 'Name every page once: pages 4 and 5 are missing (the document has 5 pages).' } })
		expect((await failure(run('reorder-pages', [text5], { order: '1-5,2' }))).details).toEqual({ fields: { order: 'Name each page once: page 2 comes more than once.' } })
	})
})

describe('rotate', () => {
	test('adds the angle to each chosen page’s own rotation, as qpdf --json reports it', async () => {
		expect(qpdfRotations(rotated.data)).toEqual([0, 90, 180, 270])
		const all = await run('rotate', [rotated], { angle: 90 })
		expect(qpdfRotations(all.data)).toEqual([90, 180, 270, 0])
		const some = await run('rotate', [rotated], { angle: '270', pages: '1,3' })
		expect(qpdfRotations(some.data)).toEqual([270, 90, 90, 270])
	})

	test('a real document rotated by pdf.js’s test file keeps its rotations right', async () => {
		const source = fromCorpus('rotation.pdf')
		const before = qpdfRotations(source.data)
		const out = await run('rotate', [source], { angle: 180 })
		expect(qpdfRotations(out.data)).toEqual(before.map((angle) => (angle + 180) % 360))
	})

	test('angles other than 90, 180, 270 are refused', async () => {
		const error = await failure(run('rotate', [rotated], { angle: 45 }))
		expect(error.details).toEqual({ fields: { angle: 'Use 90, 180 or 270' } })
	})
})

describe('page numbers and watermark', () => {
	test('"Page {n} of {total}" on every page, upright as seen on rotated pages (pdftotext reads it whole)', async () => {
		const out = await run('page-numbers', [rotated], { format: 'Page {n} of {total}', position: 'bottom-right' })
		const pages = pagesText(out.data)
		pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of 4`))
		// pdftotext reads text by its direction: upright as seen means it comes out as one line.
		expect(pdftotext(out.data)).toMatch(/Page 3 of 4/)
	})

	test('numbers where they were asked for: pdftotext -bbox places the number at the bottom centre, top left', async () => {
		const bottom = await run('page-numbers', [text5], { position: 'bottom-center', marginMm: 10, startAt: '7' })
		const box = wordBox(pdftotext(bottom.data, ['-bbox']), '7')
		expect(box.yMin).toBeGreaterThan(841.89 - 28.35 - 14)
		expect(Math.abs((box.xMin + box.xMax) / 2 - 595.28 / 2)).toBeLessThan(2)
		const top = await run('page-numbers', [text5], { position: 'top-left', pages: '2', format: '{n}/{total}' })
		expect(pagesText(top.data)[1]).toContain('2/5')
		expect(pagesText(top.data)[0]).not.toContain('1/5')
		const topBox = wordBox(pdftotext(top.data, ['-bbox']), '2/5')
		expect(topBox.xMin).toBeCloseTo(12 * (72 / 25.4), 0)
		expect(topBox.yMin).toBeLessThan(50)
	})

	test('characters the standard font cannot draw are a 400 on the field', async () => {
		const error = await failure(run('page-numbers', [text5], { format: 'Σελίδα {n}' }))
		expect(error.status).toBe(400)
		expect(error.details).toMatchObject({ fields: { format: expect.any(String) } })
	})

	test('the watermark is on each chosen page, and the page text is still there', async () => {
		// Level text: pdftotext reads diagonal text letter by letter.
		const out = await run('watermark', [rotated], { text: 'CONFIDENTIAL', opacity: '0.2', angle: 0, pages: '2-3' })
		const pages = pagesText(out.data)
		expect(pages.map((page) => page.includes('CONFIDENTIAL'))).toEqual([false, true, true, false])
		expect(pages[1]).toContain('Rotated 90')
		expectSound(out.data)
		// Diagonal by default: pdftoppm shows grey where the page was white, and only on the chosen pages.
		const diagonal = await run('watermark', [text5], { text: 'DRAFT', pages: '2' })
		expect(inkInMiddle(diagonal.data, 2)).toBeGreaterThan(inkInMiddle(text5.data, 2) + 0.05)
		expect(inkInMiddle(diagonal.data, 1)).toBe(inkInMiddle(text5.data, 1))
		expect((await failure(run('watermark', [rotated], { text: ' ' }))).details).toMatchObject({ fields: { text: 'Enter the watermark text' } })
	})
})

/** The share of non-white pixels in the middle third of a page, as pdftoppm renders it. */
function inkInMiddle(pdf: Uint8Array, page: number): number {
	const { width, height, rgb } = pdftoppmPixels(pdf, 24, page)
	let ink = 0
	let all = 0
	for (let y = Math.floor(height / 3); y < (2 * height) / 3; y++) {
		for (let x = Math.floor(width / 3); x < (2 * width) / 3; x++) {
			const at = (y * width + x) * 3
			all++
			if (rgb[at]! + rgb[at + 1]! + rgb[at + 2]! < 3 * 250) ink++
		}
	}
	return ink / all
}

/** The first page's size in points, as pdfinfo reports it, to 0.01. */
function pageSize(pdf: Uint8Array): [number, number] {
	const match = /^([\d.]+) x ([\d.]+) pts/.exec(pdfinfo(pdf)['Page size'] ?? '')
	return [Math.round(Number(match?.[1]) * 100) / 100, Math.round(Number(match?.[2]) * 100) / 100]
}

function wordBox(html: string, word: string): { xMin: number; yMin: number; xMax: number; yMax: number } {
	const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
	const match = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${escaped}</word>`).exec(html)
	if (!match) throw new Error(`"${word}" not in pdftotext -bbox output`)
	const [xMin, yMin, xMax, yMax] = match.slice(1).map(Number) as [number, number, number, number]
	return { xMin, yMin, xMax, yMax }
}

describe('metadata', () => {
	test('title, author, subject and keywords as pdfinfo reads them; empty removes, missing keeps', async () => {
		const out = await run('metadata', [fromCorpus('basicapi.pdf')], { title: 'Café – résumé', author: 'Ada', subject: 'Tests', keywords: 'pdf, engine' })
		const info = pdfinfo(out.data)
		expect(info).toMatchObject({ Title: 'Café – résumé', Author: 'Ada', Subject: 'Tests', Keywords: 'pdf, engine', Producer: 'ToolNest', Pages: '3' })
		expect(info['Metadata Stream']).toBe('no')
		const cleared = pdfinfo((await run('metadata', [{ name: 'x.pdf', data: out.data }], { author: '' })).data)
		expect(cleared.Author).toBeUndefined()
		expect(cleared.Title).toBe('Café – résumé')
	})

	test('an unknown option is a 400 naming it', async () => {
		const error = await failure(run('metadata', [text5], { creator: 'me' }))
		expect(error.details).toEqual({ fields: { creator: 'Unknown option for metadata' } })
	})
})

describe('images → PDF', () => {
	/** The colour pdftoppm renders at a fraction of the page's width and height. */
	function colourAt(pdf: Uint8Array, fx: number, fy: number, page = 1): Rgb {
		const { width, height, rgb } = pdftoppmPixels(pdf, 36, page)
		const at = (Math.floor(height * fy) * width + Math.floor(width * fx)) * 3
		return [rgb[at]!, rgb[at + 1]!, rgb[at + 2]!]
	}
	const near = (actual: Rgb, expected: Rgb, tolerance = 24) => actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance)

	test('PNGs of every kind and a JPEG, a page each, the picture intact as pdftoppm renders it', async () => {
		const grey: Rgb = [40, 40, 40]
		const light: Rgb = [200, 200, 200]
		const files: Array<PdfInputFile> = [
			{ name: 'rgb.png', data: twoColourPng('rgb', 64, 48, RED, BLUE) },
			{ name: 'gray.png', data: twoColourPng('gray', 64, 48, grey, light) },
			{ name: 'palette.png', data: twoColourPng('palette', 64, 48, RED, BLUE) },
			{ name: 'alpha.png', data: twoColourPng('rgba', 64, 48, RED, BLUE) },
			{ name: 'interlaced.png', data: twoColourPng('interlaced', 64, 48, RED, BLUE) },
			{ name: 'photo.jpg', data: await twoColourJpeg(64, 48, RED, BLUE) },
		]
		const out = await run('images-to-pdf', files)
		expect(out.fileName).toBe('rgb.pdf')
		expect(qpdfPageCount(out.data)).toBe(6)
		expectSound(out.data)
		const expected: Array<[Rgb, Rgb]> = [[RED, BLUE], [grey, light], [RED, BLUE], [RED, BLUE], [RED, BLUE], [RED, BLUE]]
		expected.forEach(([left, right], index) => {
			const page = index + 1
			expect(near(colourAt(out.data, 0.25, 0.5, page), left), `page ${page} left`).toBe(true)
			expect(near(colourAt(out.data, 0.75, 0.5, page), right), `page ${page} right`).toBe(true)
		})
		// "fit": 64×48 pixels at 96 dpi (none stated) is 48×36 points.
		expect(pageSize(out.data)).toEqual([48, 36])
	})

	test('a photo is upright as its Exif orientation says, as viewers show it (phones store portraits turned)', async () => {
		const jpeg = await twoColourJpeg(64, 48, RED, BLUE)
		const files: Array<PdfInputFile> = [
			{ name: 'turned-6.jpg', data: withExifOrientation(jpeg, 6) },
			{ name: 'turned-8.jpg', data: withExifOrientation(jpeg, 8, { littleEndian: true }) },
			{ name: 'turned-3.jpg', data: withExifOrientation(jpeg, 3) },
			{ name: 'mirrored-2.jpg', data: withExifOrientation(jpeg, 2) },
		]
		const out = await run('images-to-pdf', files)
		expectSound(out.data)
		// 64×48 stored at 96 dpi: 48×36 pt, turned a quarter for 6 and 8.
		expect(pdftoppmSizes(out.data, 72)).toEqual([{ width: 36, height: 48 }, { width: 36, height: 48 }, { width: 48, height: 36 }, { width: 48, height: 36 }])
		// Stored: red left, blue right. 6 turns it clockwise (red on top), 8 anticlockwise (red at the bottom), 3 half a turn, 2 mirrors.
		expect(near(colourAt(out.data, 0.5, 0.25, 1), RED) && near(colourAt(out.data, 0.5, 0.75, 1), BLUE), 'orientation 6').toBe(true)
		expect(near(colourAt(out.data, 0.5, 0.25, 2), BLUE) && near(colourAt(out.data, 0.5, 0.75, 2), RED), 'orientation 8').toBe(true)
		expect(near(colourAt(out.data, 0.25, 0.5, 3), BLUE) && near(colourAt(out.data, 0.75, 0.5, 3), RED), 'orientation 3').toBe(true)
		expect(near(colourAt(out.data, 0.25, 0.5, 4), BLUE) && near(colourAt(out.data, 0.75, 0.5, 4), RED), 'orientation 2').toBe(true)
	})

	test('PNG data passes through undecoded: the PDF holds the IDAT stream with the PNG predictor', async () => {
		const png = twoColourPng('rgb', 300, 200, RED, BLUE, { dpi: 300 })
		const out = await run('images-to-pdf', [{ name: 'scan.png', data: png }])
		const raw = Buffer.from(out.data).toString('latin1')
		expect(raw).toMatch(/\/Predictor 15/)
		expect(raw).toMatch(/\/Columns 300/)
		// 300 dpi: 300×200 pixels are 72×48 points.
		expect(pageSize(out.data)).toEqual([72, 48])
	})

	test('A4 and letter pages, orientation and margin: the picture fits inside the margin, centred', async () => {
		const wide = { name: 'wide.png', data: twoColourPng('rgb', 400, 200, RED, BLUE) }
		const a4 = await run('images-to-pdf', [wide], { pageSize: 'a4', marginMm: '20' })
		expect(pdfinfo(a4.data)['Page size']).toMatch(/^841.89 x 595.28 pts/)
		// 20 mm of white at the left edge; the picture from there on.
		expect(near(colourAt(a4.data, 0.01, 0.5), [255, 255, 255], 2)).toBe(true)
		expect(near(colourAt(a4.data, 0.2, 0.5), RED)).toBe(true)
		const letter = await run('images-to-pdf', [wide], { pageSize: 'letter', orientation: 'portrait' })
		expect(pdfinfo(letter.data)['Page size']).toMatch(/^612 x 792 pts \(letter\)/)
		// A 2:1 picture across a portrait page leaves white above and below.
		expect(near(colourAt(letter.data, 0.25, 0.1), [255, 255, 255], 2)).toBe(true)
		expect(near(colourAt(letter.data, 0.25, 0.5), RED)).toBe(true)
	})

	test('image bombs are refused from the header, before anything decodes them; other files are a 415, damaged pictures a 422', async () => {
		const bomb = twoColourPng('rgba', 2, 2, RED, BLUE)
		new DataView(bomb.buffer).setUint32(16, 60_000)
		new DataView(bomb.buffer).setUint32(20, 60_000)
		const error = await failure(run('images-to-pdf', [{ name: 'bomb.png', data: bomb }]))
		expect(error.status).toBe(422)
		// The header's declared size and the header rule's reason: refused before decoding (no clock needed).
		expect(error.message).toMatch(/too large: it declares 60000×60000 pixels/)
		expect(error.details).toMatchObject({ reason: 'image-too-large' })
		const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
		expect(await failure(run('images-to-pdf', [{ name: 'x.gif', data: gif }]))).toMatchObject({ status: 415, details: { fields: { files: '"x.gif" is not a PNG or JPEG picture.' } } })
		const cut = twoColourPng('rgb', 64, 48, RED, BLUE).slice(0, 80)
		expect(await failure(run('images-to-pdf', [{ name: 'cut.png', data: cut }]))).toMatchObject({ status: 422, message: expect.stringMatching(/^This picture is damaged/) })
	})
})

describe('PDF → text', () => {
	test('each page under its heading, the same words pdftotext reads', async () => {
		const out = await run('pdf-to-text', [text5])
		expect(out.contentType).toBe('text/plain; charset=utf-8')
		const text = new TextDecoder().decode(out.data)
		expect(text).toBe([1, 2, 3, 4, 5].map((n) => `--- Page ${n} ---\nPage ${n} of 5 alpha\n`).join('\n'))
	})

	test('a real paper (pdf.js’s basicapi.pdf): the words match pdftotext’s, page by page with form feeds', async () => {
		const source = fromCorpus('basicapi.pdf')
		const out = await run('pdf-to-text', [source], { separator: 'form-feed' })
		const ours = new TextDecoder().decode(out.data).split('\f').slice(0, -1)
		const theirs = pdftotext(source.data).split('\f').slice(0, -1)
		expect(ours).toHaveLength(3)
		ours.forEach((page, index) => expect(similarity(words(page), words(theirs[index]!))).toBeGreaterThan(0.95))
	})

	test('chosen pages only', async () => {
		const out = await run('pdf-to-text', [text5], { pages: '4-', separator: 'blank-line' })
		expect(new TextDecoder().decode(out.data)).toBe('Page 4 of 5 alpha\n\nPage 5 of 5 alpha\n')
		expect(out.pageCount).toBe(2)
	})
})

function words(text: string): Array<string> {
	return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

/** Shared words (as a multiset) over the larger count. */
function similarity(a: Array<string>, b: Array<string>): number {
	const counts = new Map<string, number>()
	for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1)
	let shared = 0
	for (const word of b) {
		const left = counts.get(word) ?? 0
		if (left > 0) {
			shared++
			counts.set(word, left - 1)
		}
	}
	return shared / Math.max(a.length, b.length, 1)
}

describe('PDF → images', () => {
	test('one page is a PNG the size pdftoppm renders at the same DPI, and looks the same', async () => {
		const source = fromCorpus('basicapi.pdf')
		const out = await run('pdf-to-images', [source], { dpi: 72, pages: '1' })
		expect(out.contentType).toBe('image/png')
		expect(out.fileName).toBe('basicapi-page-1.png')
		const ours = pngSize(out.data)
		const [theirs] = pdftoppmSizes(source.data, 72, { first: 1, last: 1 })
		expect(Math.abs(ours.width - theirs!.width)).toBeLessThanOrEqual(1)
		expect(Math.abs(ours.height - theirs!.height)).toBeLessThanOrEqual(1)
		// Pixel by pixel in grey: text anti-aliasing differs between renderers, the page does not.
		const reference = pdftoppmPixels(source.data, 72, 1)
		const image = await loadImage(Buffer.from(out.data))
		const canvas = createCanvas(image.width, image.height)
		const context = canvas.getContext('2d')
		context.drawImage(image, 0, 0)
		const rgba = context.getImageData(0, 0, image.width, image.height).data
		let difference = 0
		const width = Math.min(image.width, reference.width)
		const height = Math.min(image.height, reference.height)
		for (let y = 0; y < height; y++) {
			for (let x = 0; x < width; x++) {
				const a = (y * image.width + x) * 4
				const b = (y * reference.width + x) * 3
				difference += Math.abs(rgba[a]! + rgba[a + 1]! + rgba[a + 2]! - reference.rgb[b]! - reference.rgb[b + 1]! - reference.rgb[b + 2]!) / 3
			}
		}
		expect(difference / (width * height)).toBeLessThan(6)
	})

	test('several pages are a ZIP of PNGs, rotated pages turned as pdftoppm turns them', async () => {
		const out = await run('pdf-to-images', [rotated], { dpi: 50 })
		expect(out.contentType).toBe('application/zip')
		const names = unzipList(out.data)
		expect(names).toEqual([1, 2, 3, 4].map((n) => `rotated-page-${n}.png`))
		const theirs = pdftoppmSizes(rotated.data, 50)
		names.forEach((name, index) => {
			const ours = pngSize(unzipEntry(out.data, name))
			expect(Math.abs(ours.width - theirs[index]!.width)).toBeLessThanOrEqual(1)
			expect(Math.abs(ours.height - theirs[index]!.height)).toBeLessThanOrEqual(1)
		})
	})

	test('pages too large to render are refused before a canvas is made', async () => {
		const huge = { name: 'huge.pdf', data: await textPdf({ pages: 1, size: [14_000, 14_000] }) }
		const error = await failure(run('pdf-to-images', [huge], { dpi: 300 }))
		expect(error.status).toBe(422)
		expect(error.message).toMatch(/Page 1 would be 58334×58334 pixels at 300 dpi/)
		expect((await failure(run('pdf-to-images', [text5], { dpi: 1200 }))).details).toMatchObject({ fields: { dpi: expect.any(String) } })
	})
})

test('pdf.js’s own test files load and convert: images, hex-encoded streams, inherited rotation', async () => {
	for (const name of ['alphatrans.pdf', 'asciihexdecode.pdf', 'hello_world_rotated.pdf', 'rotation.pdf']) {
		const file = fromCorpus(name)
		const pages = qpdfPageCount(file.data)
		expect(qpdfPageCount((await run('rotate', [file], { angle: 90 })).data), name).toBe(pages)
		expect((await run('pdf-to-text', [file])).pageCount, name).toBe(pages)
		expect(pngSize((await run('pdf-to-images', [file], { dpi: 36, pages: '1' })).data).width, name).toBeGreaterThan(0)
	}
	const merged = await run('merge', [fromCorpus('hello_world_rotated.pdf'), await imagePdfFile()])
	expect(qpdfPageCount(merged.data)).toBe(6)
})

async function imagePdfFile(): Promise<PdfInputFile> {
	return { name: 'picture.pdf', data: await imagePdf(twoColourPng('rgba', 8, 8, RED, BLUE)) }
}
