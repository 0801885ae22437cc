/**
 * Every document of corpus/ converted with the default options, then read
 * back by pandoc and by mammoth (independent readers) and compared with
 * pandoc's reading of the Markdown source: the same headings and levels, list items at the
 * same depths, table cells, link targets, footnotes and pictures. Anything
 * the converter dropped on purpose must be in its report.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { convertMarkdownToDocx } from './core.ts'
import { docxAsMarkdown, docxPart, docxToPdfByLibreOffice, libreOfficeCommand, outlineOfDocx, outlineOfDocxByMammoth, outlineOfMarkdown, pandocAvailable, pdfText } from './docx-readers.server.ts'
import { DocxOptionsSchema } from './options.ts'
import { GIF_1X1, JPEG_1X1, PNG_1X1 } from './test-images.ts'
import { colourBox, renderFirstPage, solidPng, type Rgb } from './test-pictures.server.ts'

const corpusDir = path.join(import.meta.dirname, 'corpus')
const documents = fs.readdirSync(corpusDir).filter((name) => name.endsWith('.md')).sort()
const images = [
	{ name: 'logo.png', data: PNG_1X1 },
	{ name: 'photo.jpg', data: JPEG_1X1 },
	{ name: 'anim.gif', data: GIF_1X1 },
]

/**
 * Documents whose list nesting pandoc cannot read back from any .docx (a list
 * inside a quote inside a list item: pandoc ends the outer list at the quote's
 * paragraph). Their nesting is checked in the XML, as every document's is.
 */
const PANDOC_LOSES_LIST_NESTING = new Set(['29-deep-quote-list.md'])

/**
 * Documents whose list nesting mammoth reads differently from Word: it drops
 * items nested 6 and 7 deep and empty items, and splits a list around a
 * quote. pandoc and the XML check their lists.
 */
const MAMMOTH_MISREADS_LISTS = new Set(['07-nested-lists.md', '26-empty-things.md', '29-deep-quote-list.md'])

const IMAGE_KINDS = new Set(['remote-image', 'missing-image', 'unsupported-image', 'image-too-large'])

test('the corpus has at least 30 documents', () => {
	expect(documents.length).toBeGreaterThanOrEqual(30)
})

// The reading checks here and in the other tests of this folder skip without pandoc; this one
// fails instead, so a machine without it cannot pass them silently (Debian: apt-get install pandoc unzip).
test('pandoc is installed, to read the documents back', () => {
	expect(pandocAvailable(), 'install pandoc (Debian package "pandoc")').toBe(true)
})

describe.skipIf(!pandocAvailable())('corpus, read back by pandoc', () => {
	test.each(documents)('%s', async (name) => {
		const markdown = fs.readFileSync(path.join(corpusDir, name), 'utf8')
		const result = await convertMarkdownToDocx({ markdown, options: DocxOptionsSchema.parse({}), images })
		const source = outlineOfMarkdown(markdown)
		const docx = outlineOfDocx(result.docx)
		const context = `${name}\n--- pandoc's Markdown of the .docx ---\n${docxAsMarkdown(result.docx)}`

		expect(docx.headings, context).toEqual(source.headings)
		if (!PANDOC_LOSES_LIST_NESTING.has(name)) expect(docx.listItems, context).toEqual(source.listItems)
		expect(docx.tables, context).toEqual(source.tables)
		expect(docx.links, context).toEqual(source.links.filter((link) => /^(https?|mailto):/i.test(link)))
		const missingAnchors = result.report.filter((entry) => entry.message.startsWith('The link to "#')).length
		expect(docx.internalLinks, context).toBe(source.internalLinks - missingAnchors)
		expect(docx.footnotes, context).toBe(source.footnotes)
		const droppedImages = result.report.filter((entry) => IMAGE_KINDS.has(entry.kind)).length
		expect(docx.images, context).toBe(source.images - droppedImages)
		expect(result.stats.images).toBe(docx.images)

		// mammoth, a second reader (DOCX → HTML), finds the same.
		const mammoth = await outlineOfDocxByMammoth(result.docx)
		const mammothContext = `${name}\n--- mammoth's HTML ---\n${mammoth.html}`
		expect(mammoth.headings, mammothContext).toEqual(docx.headings)
		if (!MAMMOTH_MISREADS_LISTS.has(name)) expect(mammoth.listItems, mammothContext).toEqual(source.listItems)
		expect(mammoth.tables, mammothContext).toEqual(docx.tables)
		expect(mammoth.links, mammothContext).toEqual(docx.links)
		expect(mammoth.internalLinks, mammothContext).toBe(docx.internalLinks)
		expect(mammoth.footnotes, mammothContext).toBe(docx.footnotes)
		expect(mammoth.images, mammothContext).toBe(docx.images)

		// One shaded "Source Code" paragraph per code block (pandoc joins neighbouring ones, so they are counted in the XML).
		const xml = docxPart(result.docx, 'word/document.xml')
		expect(xml.match(/<w:pStyle w:val="SourceCode"\/>/g)?.length ?? 0, context).toBe(source.codeBlocks)
		// Each list item is one numbered paragraph at its level.
		const levels = [...xml.matchAll(/<w:ilvl w:val="(\d)"\/>/g)].map((match) => Number(match[1]) + 1)
		expect(levels, context).toEqual(source.listItems.map((item) => parseInt(item, 10)))
		// Well-formed XML words only: no control characters reach the document.
		// eslint-disable-next-line no-control-regex
		expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
	})
})

// Word is not available here; LibreOffice is the second word processor that must open every
// document. It fails rather than skips without LibreOffice, as the pandoc check above does.
test('LibreOffice is installed, to open the documents', () => {
	expect(libreOfficeCommand(), 'install LibreOffice (Debian package "libreoffice-writer-nogui")').not.toBeNull()
})

/** Solid pictures for the LibreOffice check, each where a picture can stand, each its own colour. */
const PICTURES: Array<{ name: string; colour: Rgb; width: number; height: number }> = [
	{ name: 'alone.png', colour: [230, 0, 0], width: 240, height: 160 },
	{ name: 'inline.png', colour: [0, 170, 0], width: 120, height: 90 },
	{ name: 'item.png', colour: [0, 0, 230], width: 160, height: 200 },
	{ name: 'quoted.png', colour: [230, 0, 230], width: 200, height: 60 },
	{ name: 'cell.png', colour: [0, 200, 200], width: 80, height: 120 },
]
const PICTURES_MARKDOWN = [
	'# Pictures',
	'![alone](alone.png)',
	'Text before ![inline](inline.png) and after, on one line.',
	'- A list item:\n\n  ![item](item.png)',
	'> A quote: ![quoted](quoted.png)',
	'| Picture | Text |\n|---|---|\n| ![cell](cell.png) | beside it |',
	'The end.',
].join('\n\n')

describe.skipIf(libreOfficeCommand() === null)('corpus, opened by LibreOffice', () => {
	// One LibreOffice run for every document (it takes seconds to start): the corpus and the pictures.
	const converted: Array<{ name: string; docx: Uint8Array; markdown: string }> = []
	let pdfs: Map<string, Buffer | null> = new Map()
	let picturesDocx: Uint8Array = new Uint8Array()
	beforeAll(async () => {
		for (const name of documents) {
			const markdown = fs.readFileSync(path.join(corpusDir, name), 'utf8')
			// With a table of contents and Letter landscape, so those parts are opened too.
			const options = DocxOptionsSchema.parse(converted.length % 2 ? { toc: true, pageSize: 'letter', orientation: 'landscape' } : {})
			const result = await convertMarkdownToDocx({ markdown, options, images })
			converted.push({ name: name.replace(/\.md$/, ''), docx: result.docx, markdown })
		}
		const pictures = PICTURES.map(({ name, colour, width, height }) => ({ name, data: solidPng(width, height, colour) }))
		const result = await convertMarkdownToDocx({ markdown: PICTURES_MARKDOWN, options: DocxOptionsSchema.parse({}), images: pictures })
		pdfs = docxToPdfByLibreOffice([...converted, { name: 'pictures', docx: result.docx }])
		picturesDocx = result.docx
	}, 300_000)

	test('LibreOffice headless converts every document to PDF, text and all', () => {
		for (const { name, markdown } of converted) {
			const pdf = pdfs.get(name)
			expect(pdf, `${name}: LibreOffice made no PDF`).toBeInstanceOf(Buffer)
			expect(pdf!.subarray(0, 5).toString('latin1'), name).toBe('%PDF-')
			// The first heading's words reach the page (pdftotext, when poppler-utils is installed).
			const text = pdfText(pdf!)
			const heading = outlineOfMarkdown(markdown).headings[0]?.replace(/^\d+ /, '')
			if (text !== null && heading) {
				const words = heading.split(/\s+/).filter((word) => /^[\p{L}\p{N}]{3,}$/u.test(word))
				for (const word of words.slice(0, 3)) expect(text, `${name}: "${word}" of "${heading}" missing from the PDF`).toContain(word)
			}
		}
	})

	test('every picture shows whole: its height on the rendered page is its height in the document', () => {
		const pdf = pdfs.get('pictures')
		expect(pdf, 'LibreOffice made no PDF').toBeInstanceOf(Buffer)
		// The sizes the document gives its pictures, in the order they stand (EMU: 9,525 a pixel at 96 dpi).
		const extents = [...docxPart(picturesDocx, 'word/document.xml').matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((match) => ({ width: Number(match[1]) / 9525, height: Number(match[2]) / 9525 }))
		expect(extents).toHaveLength(PICTURES.length)
		const page = renderFirstPage(pdf!, 96)
		for (const [index, picture] of PICTURES.entries()) {
			const box = colourBox(page, picture.colour)
			const expected = extents[index]!
			expect(box, `${picture.name}: not on the page`).not.toBeNull()
			// Whole: as tall and as wide as the document says, within a pixel or two of rounding.
			expect(Math.abs(box!.height - expected.height), `${picture.name}: ${box!.height} px tall on the page, ${expected.height} px in the document`).toBeLessThanOrEqual(2)
			expect(Math.abs(box!.width - expected.width), `${picture.name}: ${box!.width} px wide on the page, ${expected.width} px in the document`).toBeLessThanOrEqual(2)
		}
	})
})

describe.skipIf(libreOfficeCommand() === null)('the table of contents, laid out by LibreOffice', () => {
	test('each entry’s estimated page is within one page of where LibreOffice puts the heading, and most are exact', async () => {
		// Nine pages or so: the corpus's longer documents twice, their top two heading levels numbered by round.
		const sources = ['20-readme-cli.md', '21-readme-library.md', '22-changelog.md', '23-api-doc.md', '24-long-paragraphs.md', '09-tables.md', '04-code.md', '06-lists.md', '10-links.md', '15-alerts.md']
		let markdown = ''
		for (const round of [1, 2]) {
			for (const name of sources) {
				markdown += `${fs
					.readFileSync(path.join(corpusDir, name), 'utf8')
					.replace(/^(#{1,2} .*)$/gm, `$1 (${round})`)
					.replace(/^#{3,6} .*$/gm, '')}\n\n`
			}
		}
		const result = await convertMarkdownToDocx({ markdown, options: DocxOptionsSchema.parse({ toc: true }) })
		const toc = /<w:sdtContent>(.*?)<\/w:sdtContent>/.exec(docxPart(result.docx, 'word/document.xml'))![1]!
		const entries = [...toc.matchAll(/<w:hyperlink w:history="1" w:anchor="[^"]+"><w:r><w:t xml:space="preserve">([^<]+)<\/w:t>.*?PAGEREF \w+ \\h .*?<w:t xml:space="preserve">(\d+)</g)].map((match) => ({ text: match[1]!, page: Number(match[2]) }))
		expect(entries.length).toBeGreaterThan(40)
		const pdf = docxToPdfByLibreOffice([{ name: 'toc', docx: result.docx }]).get('toc')
		const text = pdfText(pdf!)
		expect(text, 'pdftotext (Debian package "poppler-utils") reads the PDF').not.toBeNull()
		const pages = text!.split('\f')
		expect(pages.length).toBeGreaterThan(6)
		let from = 0
		let exact = 0
		for (const { text: heading, page } of entries) {
			// The heading's own line (the contents' lines have dots and a number), from the previous heading's page on.
			const found = pages.findIndex((content, index) => index >= from && content.split('\n').some((line) => line.trim() === heading.trim()))
			expect(found, `"${heading}" is in the PDF`).toBeGreaterThanOrEqual(0)
			from = found
			expect(Math.abs(found + 1 - page), `"${heading}": estimated page ${page}, LibreOffice's ${found + 1}`).toBeLessThanOrEqual(1)
			if (found + 1 === page) exact++
		}
		expect(exact / entries.length).toBeGreaterThan(0.75)
	}, 300_000)
})
