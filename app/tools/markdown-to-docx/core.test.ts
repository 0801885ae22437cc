/**
 * The conversion core, construct by construct, read back from the .docx's
 * own XML (and by pandoc where it keeps the construct): options, document
 * properties, the filled-in table of contents, tables, links, pictures and
 * the report, and the refusals of pathological Markdown.
 */
import { describe, expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import { MAX_DELIMITERS, MAX_NESTING } from './complexity.ts'
import { cleanText, convertMarkdownToDocx, MAX_TABLE_CELLS } from './core.ts'
import { docxAsMarkdown, docxAsPlainText, docxPart, normalise, outlineOfDocx, pandocAvailable } from './docx-readers.server.ts'
import { readImageInfo } from '#app/tools/shared/image-info.ts'
import { DocxOptionsSchema, type DocxOptionsInput } from './options.ts'
import { GIF_1X1, JPEG_1X1, PNG_1X1, PNG_1X1_BASE64, pngDeclaring } from './test-images.ts'

async function convert(markdown: string, options: DocxOptionsInput = {}, images: Array<{ name: string; data: Uint8Array }> = []) {
	return convertMarkdownToDocx({ markdown, options: DocxOptionsSchema.parse(options), images })
}

async function documentXml(markdown: string, options: DocxOptionsInput = {}, images: Array<{ name: string; data: Uint8Array }> = []) {
	const result = await convert(markdown, options, images)
	return { result, xml: docxPart(result.docx, 'word/document.xml') }
}

async function refusal(markdown: string): Promise<ToolError> {
	const error = await convert(markdown).catch((thrown: unknown) => thrown)
	expect(error).toBeInstanceOf(ToolError)
	return error as ToolError
}

describe('document setup', () => {
	test('page size, orientation and margins', async () => {
		const a4 = await documentXml('text')
		expect(a4.xml).toContain('<w:pgSz w:w="11906" w:h="16838" w:orient="portrait"/>')
		expect(a4.xml).toContain('<w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417"')
		const letter = await documentXml('text', { pageSize: 'letter', orientation: 'landscape', marginMm: 10 })
		expect(letter.xml).toContain('<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>')
		expect(letter.xml).toMatch(/<w:pgMar w:top="56[67]" w:right="56[67]" w:bottom="56[67]" w:left="56[67]"/)
	})

	test('body font and size, code font', async () => {
		const { result } = await documentXml('text `x`', { bodyFont: 'Georgia', bodySize: 12.5, codeFont: 'Courier New' })
		const styles = docxPart(result.docx, 'word/styles.xml')
		expect(styles).toMatch(/<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Georgia"[^>]*\/><w:sz w:val="25"\/>/)
		expect(styles).toMatch(/w:styleId="VerbatimChar">.*?<w:rFonts w:ascii="Courier New"/)
		expect(styles).toMatch(/w:styleId="SourceCode">.*?<w:rFonts w:ascii="Courier New"/)
	})

	test('options are checked: unknown values and fields are refused', () => {
		expect(DocxOptionsSchema.safeParse({ pageSize: 'a3' }).success).toBe(false)
		expect(DocxOptionsSchema.safeParse({ bodyFont: '<script>' }).success).toBe(false)
		expect(DocxOptionsSchema.safeParse({ colour: 'red' }).success).toBe(false)
		expect(DocxOptionsSchema.parse({ toc: 'on', marginMm: '20' })).toMatchObject({ toc: true, marginMm: 20 })
	})

	test('front matter becomes the document properties; the title falls back to the first heading', async () => {
		const markdown = '---\ntitle: "Quarterly: report"\nauthor: Grace Hopper\nsubject: Finance\nkeywords: [q1, money]\nlayout: post\n---\n\n# The heading\n'
		const result = await convert(markdown)
		const core = docxPart(result.docx, 'docProps/core.xml')
		expect(core).toContain('<dc:title>Quarterly: report</dc:title>')
		expect(core).toContain('<dc:creator>Grace Hopper</dc:creator>')
		expect(core).toContain('<dc:subject>Finance</dc:subject>')
		expect(core).toContain('<cp:keywords>q1, money</cp:keywords>')
		expect(result.title).toBe('Quarterly: report')
		const fromHeading = await convert(markdown, { titleFrom: 'first-heading' })
		expect(fromHeading.title).toBe('The heading')
		expect((await convert('Intro\n\n## First *real* heading\n')).title).toBe('First real heading')
		// The front matter is not text of the document.
		expect(docxPart(result.docx, 'word/document.xml')).not.toContain('Grace Hopper')
	})

	test('front matter used is in the report: the keys that became properties, and those left out', async () => {
		const markdown = '---\ntitle: "Quarterly: report"\nauthor: Grace Hopper\nlayout: post\npermalink: /q1/\n---\n\n# The heading\n'
		const { report } = await convert(markdown)
		expect(report).toEqual([
			{
				line: 1,
				kind: 'front-matter',
				message: "The front matter (lines 1–6) is not in the text: title and author became the document's properties; left out: layout, permalink.",
			},
		])
		expect((await convert('---\ntitle: Only a title\n---\ntext\n')).report).toEqual([
			{ line: 1, kind: 'front-matter', message: "The front matter (lines 1–3) is not in the text: title became the document's properties." },
		])
	})

	describe('a leading "---" block that is not a YAML mapping is Markdown, kept whole', () => {
		const cases: Array<[string, string, Array<string>]> = [
			['YAML that does not parse', '---\nNot: [valid\n---\n\nBody text.\n', ['Not: [valid', 'Body text.']],
			['an advertisement between two rules', '---\n\n*Advertisement*: read our sponsor, [ACME](https://acme.example).\n\n---\n\n# Chapter one\n\nIt begins.\n', ['Advertisement', 'read our sponsor', 'ACME', 'Chapter one', 'It begins.']],
			['a line of text (YAML reads a string, not a mapping)', '---\nJust a line of text\n---\n\nBody.\n', ['Just a line of text', 'Body.']],
			['a list', '---\n- one\n- two\n---\n\nBody.\n', ['one', 'two', 'Body.']],
			['nothing between the rules', '---\n---\n\nBody.\n', ['Body.']],
		]
		test.each(cases)('%s', async (_name, markdown, texts) => {
			const result = await convert(markdown)
			expect(result.frontMatter).toBeNull()
			// Nothing was left out, so there is nothing to report.
			expect(result.report).toEqual([])
			const xml = docxPart(result.docx, 'word/document.xml')
			for (const text of texts) expect(xml).toContain(text)
			if (!pandocAvailable()) return
			// pandoc, reading the document back, finds every word the author wrote.
			const back = normalise(docxAsPlainText(result.docx))
			for (const text of texts) expect(back).toContain(normalise(text))
		})

		test('the rules stay rules: the same document as without the front-matter reading', async () => {
			const markdown = '---\n\n*Advertisement*\n\n---\n\nBody.\n'
			const { xml } = await documentXml(markdown)
			const { xml: asContent } = await documentXml(`Intro\n\n${markdown}`)
			const rules = (document: string) => (document.match(/<w:pBdr><w:bottom /g) ?? []).length
			expect(rules(asContent)).toBe(2)
			expect(rules(xml)).toBe(2)
		})
	})

	test('line spacing is proportional everywhere (lineRule auto), so a line grows to hold an inline picture', async () => {
		const { result } = await documentXml('text ![a](logo.png)\n\n```\ncode\n```\n', {}, [{ name: 'logo.png', data: PNG_1X1 }])
		for (const part of ['word/styles.xml', 'word/document.xml', 'word/footnotes.xml']) {
			const spacings = docxPart(result.docx, part).match(/<w:spacing [^>]*\bw:line="[^>]*>/g) ?? []
			for (const spacing of spacings) expect(spacing, part).toContain('w:lineRule="auto"')
			if (part === 'word/styles.xml') expect(spacings.length).toBeGreaterThanOrEqual(2)
		}
	})

	test('a table of contents filled in: an entry per heading, linked to it, with its page', async () => {
		const { xml } = await documentXml('# One\n\ntext\n\n## Two\n\n### Three\n', { toc: true })
		const toc = /<w:sdtContent>(.*?)<\/w:sdtContent>/.exec(xml)![1]!
		const entries = [...toc.matchAll(/<w:hyperlink w:history="1" w:anchor="([^"]+)"><w:r><w:t xml:space="preserve">([^<]+)<\/w:t>/g)].map((match) => [match[1], match[2]])
		expect(entries.map(([, text]) => text)).toEqual(['One', 'Two', 'Three'])
		for (const [anchor] of entries) expect(xml).toContain(`<w:bookmarkStart w:name="${anchor}"`)
		// Each entry's page is a PAGEREF field to the heading's bookmark, its page filled in.
		expect([...toc.matchAll(/PAGEREF (\w+) \\h .*?<w:t xml:space="preserve">(\d+)<\/w:t>/g)].map((match) => [match[1], match[2]])).toEqual(entries.map(([anchor]) => [anchor, '1']))
		expect((await documentXml('# One', { toc: false })).xml).not.toContain('w:sdtContent')
	})

	test('a long document’s table of contents has the pages the headings fall on, estimated', async () => {
		// About 40 lines of text a page: 60 paragraphs of 4 lines push each heading about 6 pages on.
		const chapter = (n: number) => `# Chapter ${n}\n\n${Array.from({ length: 60 }, () => 'Words and more words. '.repeat(14)).join('\n\n')}\n\n`
		const { xml, result } = await documentXml(`${chapter(1)}${chapter(2)}${chapter(3)}\\pagebreak\n\n## After the break\n`, { toc: true })
		const toc = /<w:sdtContent>(.*?)<\/w:sdtContent>/.exec(xml)![1]!
		const pages = [...toc.matchAll(/PAGEREF \w+ \\h .*?<w:t xml:space="preserve">(\d+)<\/w:t>/g)].map((match) => Number(match[1]))
		expect(pages).toHaveLength(4)
		expect(pages[0]).toBe(1)
		for (let i = 1; i < pages.length; i++) expect(pages[i]! - pages[i - 1]!).toBeGreaterThanOrEqual(4)
		expect(result.report).toEqual([])
	})
})

describe('constructs', () => {
	test('headings carry Word heading styles and bookmarks; #anchors link to them', async () => {
		const { xml } = await documentXml('# Intro\n\n## Setup\n\n## Setup\n\nSee [intro](#intro) and [the second setup](#setup-1).\n')
		expect([...xml.matchAll(/<w:pStyle w:val="(Heading\d)"\/>/g)].map((match) => match[1])).toEqual(['Heading1', 'Heading2', 'Heading2'])
		const bookmarks = [...xml.matchAll(/<w:bookmarkStart w:name="([^"]+)"/g)].map((match) => match[1])
		expect(bookmarks).toEqual(['intro', 'setup', 'setup_1'])
		expect([...xml.matchAll(/<w:hyperlink w:history="1" w:anchor="([^"]+)"/g)].map((match) => match[1])).toEqual(['intro', 'setup_1'])
	})

	test('links: http, https and mailto are hyperlinks; other schemes are text, and reported', async () => {
		const { result } = await documentXml('[a](https://example.com/a) [b](mailto:x@example.com) [c](javascript:alert(1)) [d](file:///etc/passwd) [e](\\\\\\\\host\\share) [f](data:text/html,x)')
		const rels = docxPart(result.docx, 'word/_rels/document.xml.rels')
		expect(rels).toContain('Target="https://example.com/a"')
		expect(rels).toContain('Target="mailto:x@example.com"')
		expect(rels).not.toMatch(/javascript|file:|data:|host/)
		expect(result.report.filter((entry) => entry.kind === 'unsafe-link')).toHaveLength(4)
	})

	test('tables: a header row repeated on each page, bold; column alignment; the chosen style', async () => {
		const markdown = '| L | C | R |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n'
		const grid = await documentXml(markdown)
		expect(grid.xml).toMatch(/<w:trPr><w:cantSplit\/><w:tblHeader\/><\/w:trPr>/)
		expect([...grid.xml.matchAll(/<w:jc w:val="(\w+)"\/>/g)].map((match) => match[1])).toEqual(['left', 'center', 'right', 'left', 'center', 'right'])
		expect(grid.xml).toMatch(/<w:tblBorders><w:top w:val="single"/)
		expect(grid.xml).toMatch(/<w:insideV w:val="single"/)
		const light = await documentXml(markdown, { tableStyle: 'light' })
		expect(light.xml).toMatch(/<w:insideV w:val="none"/)
		expect(light.xml).toMatch(/<w:insideH w:val="single"/)
		const none = await documentXml(markdown, { tableStyle: 'none' })
		expect(none.xml).not.toMatch(/<w:tblBorders>.*w:val="single".*<\/w:tblBorders>/)
		// The header's cells are bold.
		expect(grid.xml).toMatch(/<w:tblHeader\/><\/w:trPr><w:tc>.*?<w:b\/>.*?<w:t xml:space="preserve">L<\/w:t>/)
	})

	test('inline code is a monospace character style that readers recognise', async () => {
		const { xml, result } = await documentXml('Run `npm test` now.')
		expect(xml).toContain('<w:rStyle w:val="VerbatimChar"/></w:rPr><w:t xml:space="preserve">npm test</w:t>')
		if (pandocAvailable()) expect(docxAsMarkdown(result.docx).trim()).toBe('Run `npm test` now.')
	})

	test('code blocks: monospace style, shaded, whitespace and tabs kept, coloured when the language is known', async () => {
		const { xml, result } = await documentXml('```js\nconst a = "x" // note\n\tindented\n```\n\n    plain  code\n\n```\nall:\n\tcc -o "a\tb" x.c\n```\n')
		expect(xml.match(/<w:pStyle w:val="SourceCode"\/>/g)).toHaveLength(3)
		expect(xml).toMatch(/<w:shd w:fill="F6F8FA"/)
		// A tab is a tab (not four spaces), with stops every 4 characters: pandoc reads the same bytes back.
		expect(xml).toContain('<w:r><w:tab/></w:r><w:r><w:t xml:space="preserve">indented</w:t></w:r>')
		expect(xml).toMatch(/<w:tabs><w:tab w:val="left" w:pos="\d+"\/>/)
		if (pandocAvailable()) expect(docxAsMarkdown(result.docx)).toContain('    all:\n    \tcc -o "a\tb" x.c')
		expect(xml).toContain('<w:t xml:space="preserve">plain  code</w:t>')
		expect(xml).toMatch(/<w:color w:val="CF222E"\/><\/w:rPr><w:t xml:space="preserve">const<\/w:t>/)
		expect(xml).toMatch(/<w:i\/><w:iCs\/><w:color w:val="6E7781"\/><\/w:rPr><w:t xml:space="preserve">\/\/ note<\/w:t>/)
	})

	test('block quotes nest by indentation; GitHub alerts are shaded callouts with their title', async () => {
		const { xml } = await documentXml('> one\n>\n> > two\n\n> [!WARNING]\n> Careful **now**.\n')
		const indents = [...xml.matchAll(/<w:ind w:left="(\d+)"/g)].map((match) => Number(match[1]))
		expect(indents.slice(0, 2)).toEqual([567, 1134])
		expect(xml).toMatch(/<w:shd w:fill="FFF8C5"/)
		expect(xml).toMatch(/<w:t xml:space="preserve">Warning<\/w:t>/)
		expect(xml).not.toContain('[!WARNING]')
		expect(xml).toMatch(/<w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">now<\/w:t>/)
	})

	test('lists keep their start number, nest 8 levels mixed, and show task boxes', async () => {
		const nested = Array.from({ length: 8 }, (_, depth) => `${'   '.repeat(depth)}${depth % 2 ? '1.' : '-'} level ${depth + 1}`).join('\n')
		const { xml, result } = await documentXml(`5. five\n6. six\n\n---\n\n${nested}\n\n---\n\n- [ ] open\n- [x] done\n`)
		const numbering = docxPart(result.docx, 'word/numbering.xml')
		expect(numbering).toMatch(/<w:startOverride w:val="5"\/>/)
		expect([...xml.matchAll(/<w:ilvl w:val="(\d)"\/>/g)].map((match) => Number(match[1]))).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 0, 0])
		expect(xml).toContain('☐ ')
		expect(xml).toContain('☒ ')
		if (pandocAvailable()) expect(outlineOfDocx(result.docx).listItems.slice(2, 10)).toEqual(['1-', '2.', '3-', '4.', '5-', '6.', '7-', '8.'])
	})

	test('hard breaks, rules and page breaks', async () => {
		const { xml } = await documentXml('a  \nb\\\nc\n\n---\n\n\\pagebreak\n\n<!-- pagebreak -->\n\nend')
		expect(xml.match(/<w:br\/>/g)).toHaveLength(2)
		expect(xml.match(/<w:br w:type="page"\/>/g)).toHaveLength(2)
		expect(xml).toMatch(/<w:pBdr><w:bottom w:val="single"/)
		expect(xml).not.toContain('pagebreak')
	})

	test('footnotes are real Word footnotes', async () => {
		const { xml, result } = await documentXml('Text[^a] and more[^b] and again[^a].\n\n[^a]: First **note**.\n[^b]: Second.\n\n[^unused]: never referenced\n')
		expect(xml.match(/<w:footnoteReference w:id="\d+"\/>/g)).toHaveLength(3)
		const footnotes = docxPart(result.docx, 'word/footnotes.xml')
		expect(footnotes).toContain('First ')
		expect(footnotes).toContain('Second.')
		expect(result.report).toContainEqual(expect.objectContaining({ kind: 'missing-footnote' }))
		if (pandocAvailable()) expect(outlineOfDocx(result.docx).footnotes).toBe(3)
	})

	test('a footnote that references itself or another is written once, the inner reference as text', async () => {
		const { xml, result } = await documentXml('A[^a] B[^b]\n\n[^a]: see [^a] and [^b]\n[^b]: plain\n')
		expect(xml.match(/<w:footnoteReference w:id="\d+"\/>/g)).toHaveLength(2)
		const footnotes = docxPart(result.docx, 'word/footnotes.xml')
		expect(footnotes).not.toMatch(/<w:footnoteReference /)
		expect(footnotes).toContain('[^a]')
		if (pandocAvailable()) expect(outlineOfDocx(result.docx).footnotes).toBe(2)
	})

	test('a heading inside a footnote is bold text and leaves the bookmarks of the body alone', async () => {
		const { xml, result } = await documentXml('# One[^n]\n\n## Two\n\n[link](#two)\n\n[^n]: ## Noted\n')
		expect([...xml.matchAll(/<w:bookmarkStart w:name="([^"]+)"/g)].map((match) => match[1])).toEqual(['one', 'two'])
		expect(xml).toContain('<w:hyperlink w:history="1" w:anchor="two">')
		expect(docxPart(result.docx, 'word/footnotes.xml')).toMatch(/<w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">Noted<\/w:t>/)
		expect(result.report).toContainEqual(expect.objectContaining({ kind: 'unsupported', message: expect.stringContaining('heading inside a footnote') }))
	})

	test('raw HTML becomes its text, never markup, and is reported with its line', async () => {
		const { xml, result } = await documentXml('# T\n\n<div><b>bold</b> words</div>\n\nInline <span onclick="x()">span</span>.\n\n<script>alert(1)</script>\n')
		expect(xml).toContain('bold words')
		expect(xml).not.toMatch(/&lt;(div|span|script|b)/)
		expect(xml).not.toContain('alert(1)')
		expect(result.report.filter((entry) => entry.kind === 'raw-html').map((entry) => entry.line)).toEqual([3, 5, 7])
	})

	test('control characters and lone surrogates never reach the document', async () => {
		expect(cleanText('a\u0000b\u0007c\ud800d\r\ne')).toBe('a\ufffdbc\ufffdd\ne')
		const { xml } = await documentXml('text \u0001\u0002 ]]> \udc00 end')
		// eslint-disable-next-line no-control-regex
		expect(xml).not.toMatch(/[\u0000-\u0008]/)
		expect(xml).toContain(']]&gt;')
	})
})

describe('pictures', () => {
	const upload = [
		{ name: 'logo.png', data: pngDeclaring(200, 100) },
		{ name: 'photo.jpg', data: JPEG_1X1 },
		{ name: 'anim.gif', data: GIF_1X1 },
		{ name: 'huge.png', data: pngDeclaring(30_000, 30_000) },
		{ name: 'wide.png', data: pngDeclaring(3000, 1000) },
	]

	test('their sizes are read from the bytes', () => {
		expect(readImageInfo(PNG_1X1)).toEqual({ type: 'png', width: 1, height: 1 })
		expect(readImageInfo(JPEG_1X1)).toEqual({ type: 'jpg', width: 1, height: 1 })
		expect(readImageInfo(GIF_1X1)).toEqual({ type: 'gif', width: 1, height: 1 })
		expect(readImageInfo(new TextEncoder().encode('<svg/>'))).toBeNull()
	})

	test('uploaded files and data: URIs are embedded at natural size, capped to the page width', async () => {
		const markdown = `![a](logo.png) ![b](./img/photo.jpg) ![c](anim.gif) ![d](data:image/png;base64,${PNG_1X1_BASE64}) ![e](wide.png)`
		const { xml, result } = await documentXml(markdown, {}, upload)
		expect(result.stats.images).toBe(5)
		const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((match) => [Number(match[1]) / 9525, Number(match[2]) / 9525])
		expect(extents[0]).toEqual([200, 100])
		expect(extents[1]).toEqual([1, 1])
		// A4 with 25 mm margins leaves 160 mm ≈ 604 px: the wide picture is scaled down, keeping its shape.
		const [width = 0, height = 1] = extents[4]!
		expect(width).toBeLessThanOrEqual(605)
		expect(width / height).toBeCloseTo(3, 1)
		if (pandocAvailable()) expect(outlineOfDocx(result.docx).images).toBe(5)
	})

	test('remote pictures are never fetched, missing and unsupported ones are reported, image bombs refused', async () => {
		const markdown = '![remote alt](https://169.254.169.254/latest/meta-data/)\n\n![gone](nothere.png)\n\n![bomb](huge.png)\n\n![svg](data:image/svg+xml;base64,PHN2Zy8+)\n'
		const { xml, result } = await documentXml(markdown, {}, upload)
		expect(result.stats.images).toBe(0)
		expect(xml).toContain('[remote alt]')
		expect(result.report.map((entry) => [entry.line, entry.kind])).toEqual([
			[1, 'remote-image'],
			[3, 'missing-image'],
			[5, 'image-too-large'],
			[7, 'unsupported-image'],
		])
		expect(result.report[2]!.message).toContain('30000×30000')
	})
})

describe('pathological Markdown is refused by rule as too complex (422)', () => {
	// The reason names the rule that refused it before marked ran (no clock: speed is in `npm run bench`).
	test.each([
		['100 KB of *a', '*a'.repeat(50_000), 'emphasis'],
		['100 KB of _a', '_a'.repeat(50_000), 'emphasis'],
		['*_a × 10,000', '*_a'.repeat(10_000), 'emphasis'],
		['5,000 nested quotes', `${'>'.repeat(5000)} a`, 'nesting'],
		['thousands of list levels', Array.from({ length: 2000 }, (_, depth) => `${'  '.repeat(depth)}- a`).join('\n'), 'indent'],
		['list markers on one line', `${'- '.repeat(3000)}a`, 'nesting'],
	])('%s', async (_, markdown, reason) => {
		const error = await refusal(markdown)
		expect(error.status).toBe(422)
		expect(error.details).toMatchObject({ reason })
	})

	test('limits leave room for real documents', async () => {
		const deep = Array.from({ length: 20 }, (_, depth) => `${'  '.repeat(depth)}- level`).join('\n')
		await expect(convert(deep)).resolves.toBeDefined()
		await expect(convert(`${'>'.repeat(MAX_NESTING)} ok`)).resolves.toBeDefined()
		await expect(convert('*a* '.repeat(MAX_DELIMITERS / 2 - 1))).resolves.toBeDefined()
	})

	// Unclosed links once made the lexer rescan to the end for each "(": the test's timeout is the
	// hang guard, not a timing (speed is in `npm run bench`); the text must come out as text.
	test('8 KB of [a]( converts, as text', async () => {
		const { xml } = await documentXml('[a]('.repeat(2048))
		expect(xml).toContain('[a](')
		expect(xml).not.toContain('<w:hyperlink')
	}, 60_000)

	test('100,000 table rows convert; tables past the cell limit are refused at once', async () => {
		const { xml } = await documentXml(`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(100_000)}`)
		expect(xml.match(/<w:tr>/g)).toHaveLength(100_001)
		const rows = MAX_TABLE_CELLS / 2
		const error = await refusal(`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(rows)}`)
		expect(error.status).toBe(422)
		expect(error.details).toMatchObject({ reason: 'table-cells', limit: MAX_TABLE_CELLS })
	}, 60_000)

	test('empty input is a 400 with details', async () => {
		for (const markdown of ['', '   \n\n', '\ufeff']) {
			const error = await refusal(markdown)
			expect(error.status).toBe(400)
			expect(error.message).toMatch(/^Validation failed/)
			expect(error.details).toMatchObject({ fields: { markdown: expect.any(String) } })
		}
	})
})
