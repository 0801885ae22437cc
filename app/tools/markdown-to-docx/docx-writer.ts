/**
 * marked's tokens → WordprocessingML, construct by construct (issue 13's
 * fidelity list), with a report entry for everything dropped or degraded.
 * Only tokens are read here: the Markdown was lexed in core.ts. The body,
 * the footnotes and the list numbering are written as XML text (ooxml.ts
 * says why); core.ts puts them into the package `docx` writes.
 */
import hljs from 'highlight.js/lib/common'
import { type Token, type Tokens } from 'marked'
import { type FrontMatter } from './front-matter.ts'
import { readAlertMarker, type AlertStyle } from '#app/utils/markdown-alerts.ts'
import { imageBombReason, readImageInfo } from '#app/tools/shared/image-info.ts'
import {
	border,
	codeRun,
	drawing,
	FOOTNOTE_SEPARATORS,
	LINE_BREAK,
	PAGE_BREAK_PARAGRAPH,
	paragraph,
	part,
	sectionProps,
	shading,
	textRun,
	type Border,
	type ParagraphProps,
	type RunProps,
} from './ooxml.ts'
import { type DocxOptions, type ReportEntry, type ReportKind } from './options.ts'

export type UploadedImage = { name: string; data: Uint8Array }

/** A footnote definition as the lexer extension in core.ts makes it. */
export type FootnoteDefToken = { type: 'footnoteDef'; raw: string; label: string; tokens: Array<Token> }
export type FootnoteRefToken = { type: 'footnoteRef'; raw: string; label: string }

type RunStyle = { bold?: boolean; italics?: boolean; strike?: boolean; code?: boolean; link?: boolean; color?: string }

type BlockContext = {
	/** Block quotes around the block. */
	quote: number
	/** An alert's colour, for its border and shading. */
	alert?: AlertStyle
	/** Twips of indentation from enclosing list items (continuation paragraphs). */
	indent: number
	/** The list level a list starting here has (1 inside an item of a top-level list). */
	listLevel?: number
}

/** Word's list levels are 0–8. */
const MAX_LIST_LEVEL = 8
const LIST_INDENT = 360
const QUOTE_INDENT = 567

const PAGE_MM = { a4: { width: 210, height: 297 }, letter: { width: 215.9, height: 279.4 } }

/** highlight.js classes → colours (GitHub's light theme). */
const CODE_COLOURS: Record<string, string> = {
	keyword: 'CF222E',
	'meta keyword': 'CF222E',
	built_in: '953800',
	type: '953800',
	literal: '0550AE',
	number: '0550AE',
	string: '0A3069',
	regexp: '0A3069',
	symbol: '0550AE',
	comment: '6E7781',
	quote: '6E7781',
	doctag: 'CF222E',
	meta: '0550AE',
	title: '8250DF',
	'title function_': '8250DF',
	'title class_': '953800',
	params: '24292F',
	attr: '0550AE',
	attribute: '0550AE',
	variable: '953800',
	'variable language_': 'CF222E',
	property: '0550AE',
	name: '116329',
	tag: '116329',
	'selector-tag': '116329',
	'selector-class': '6639BA',
	'selector-id': '0550AE',
	addition: '116329',
	deletion: '82071E',
	section: '0550AE',
	bullet: '953800',
	link: '0A3069',
}

/** Code longer than this is not coloured (highlight.js's time grows with it). */
const MAX_HIGHLIGHT_CHARS = 100_000

export type WriterInput = {
	tokens: Array<Token>
	/** The body's first line in the source (after front matter). */
	firstLine: number
	options: DocxOptions
	frontMatter: FrontMatter | null
	images: Array<UploadedImage>
	footnotes: Map<string, FootnoteDefToken>
	/** Lexes a fragment as inline Markdown (the text of an alert's first paragraph after its marker). */
	lexInline: (text: string) => Array<Token>
}

export type WriterOutput = {
	/** The parts written here, whole. */
	documentXml: string
	footnotesXml: string
	numberingXml: string
	/** The hyperlinks and pictures the body and the footnotes refer to. */
	relationships: { document: Array<PartRelationship>; footnotes: Array<PartRelationship> }
	media: Array<MediaFile>
	/** For `docx`, which writes the styles and the document properties. */
	styles: Record<string, unknown>
	properties: { title?: string; creator?: string; subject?: string; description?: string; keywords?: string; lastModifiedBy?: string }
	report: Array<ReportEntry>
	title: string | undefined
	firstHeading: string | undefined
	stats: WriterStats
}

export type WriterStats = { headings: number; images: number; footnotes: number; tables: number }

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function slugify(text: string): string {
	return text
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
		.replace(/\s/g, '-')
}

/** A Word bookmark name for a slug: letters, digits and underscores, starting with a letter, at most 40 characters. */
export function bookmarkName(slug: string, taken: Set<string>): string {
	let base = slug.replace(/[^A-Za-z0-9_]/g, '_')
	if (!/^[A-Za-z]/.test(base)) base = `h_${base}`
	base = base.slice(0, 36)
	let name = base
	for (let n = 1; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`
	taken.add(name.toLowerCase())
	return name
}

/** Text of inline tokens, without markup. */
export function plainText(tokens: ReadonlyArray<Token> | undefined): string {
	if (!tokens) return ''
	let text = ''
	for (const token of tokens) {
		if (token.type === 'text' || token.type === 'escape' || token.type === 'codespan') {
			const nested = (token as Tokens.Text).tokens
			text += nested && nested.length ? plainText(nested) : decodeEntities(token.text as string)
		} else if (token.type === 'html') text += htmlToText(token.text as string)
		else if (token.type === 'image') text += token.text as string
		else if (token.type === 'br') text += ' '
		else if ('tokens' in token && Array.isArray(token.tokens)) text += plainText(token.tokens as Array<Token>)
	}
	return text
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" }

/** marked escapes &, <, >, " and ' in text tokens' `text`; Word wants the characters. */
export function decodeEntities(text: string): string {
	if (!text.includes('&')) return text
	return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
		const lower = name.toLowerCase()
		if (lower in ENTITIES) return ENTITIES[lower]!
		if (lower.startsWith('#')) {
			const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10)
			if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code)
		}
		return whole
	})
}

/** Raw HTML's text: tags and comments removed, entities decoded. Never markup. */
export function htmlToText(html: string): string {
	return decodeEntities(
		html
			.replace(/<!--[\s\S]*?(?:-->|$)/g, '')
			.replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
			.replace(/<br\s*\/?>/gi, '\n')
			.replace(/<\/?[A-Za-z][^>]*>?/g, ''),
	)
}

const PAGE_BREAK_HTML = /^<!--\s*pagebreak\s*-->\s*$/i

/** 1 mm is 1440 / 25.4 twips, rounded as Word does (A4 is 11906 × 16838). */
export function mmToTwips(mm: number): number {
	return Math.round((mm / 25.4) * 1440)
}

/** A relationship of the document or footnotes part: a hyperlink's target or a picture's media file. */
export type PartRelationship = { id: string; type: 'hyperlink' | 'image'; target: string }

export type MediaFile = { fileName: string; data: Uint8Array }

/**
 * Estimated layout, for the table of contents' page numbers: lines of
 * average-width characters in the text width, line heights from the styles,
 * page breaks where the text height runs out. Word's own layout differs a
 * little (fonts, widows, keep-with-next), so the numbers are an estimate,
 * as any converter's are until Word updates the field; the links are exact.
 */
class LayoutEstimate {
	page = 1
	#used = 0
	constructor(readonly textHeight: number) {}

	advance(height: number) {
		let left = Math.max(0, height)
		while (this.#used + left > this.textHeight) {
			left -= Math.max(0, this.textHeight - this.#used)
			this.page++
			this.#used = 0
			if (left > this.textHeight * 50) left = 0 // a runaway estimate never loops for long
		}
		this.#used += left
	}

	newPage() {
		if (this.#used > 0) {
			this.page++
			this.#used = 0
		}
	}
}

/** Average character widths as a fraction of the font size (Calibri-like text, monospace code). */
const TEXT_CHAR_EM = 0.5
const CODE_CHAR_EM = 0.6
/**
 * A single line's height in ems: Calibri's (and Carlito's, LibreOffice's
 * metric-compatible stand-in) ascent, descent and line gap; Consolas's for code.
 */
const FONT_LINE_EM = 1.22
const CODE_LINE_EM = 1.17
/** A tab in code goes to the next multiple of this many characters. */
const CODE_TAB_CHARS = 4

export class DocxWriter {
	readonly report: Array<ReportEntry> = []
	readonly stats: WriterStats = { headings: 0, images: 0, footnotes: 0, tables: 0 }
	#options: DocxOptions
	#images = new Map<string, UploadedImage>()
	#footnoteDefs: Map<string, FootnoteDefToken>
	#footnoteIds = new Map<string, number>()
	#footnotesXml: Array<string> = []
	/** Abstract list definitions: the bullet one, and one per ordered start number. */
	#abstractNums = new Map<string, { id: number; xml: string }>()
	/** One numbering instance per Markdown list, so each list restarts. */
	#nums: Array<string> = []
	/** Heading slugs in document order, and the bookmark each gets. */
	#anchors = new Map<string, string>()
	#headingQueue: Array<string> = []
	/** The next heading's place in the queue (an index: shift() is linear on long arrays). */
	#nextHeading = 0
	/** The table of contents' entries, filled in as the headings are written. */
	#tocEntries: Array<{ level: number; text: string; bookmark: string; page: number }> = []
	#firstHeading: string | undefined
	#contentWidthPx: number
	#textWidth: number
	/** The line being written, for report entries. */
	#line = 1
	#reportedKinds = new Map<ReportKind, number>()
	/** Footnotes being written (a footnote may reference another). */
	#footnoteDepth = 0
	#bookmarkId = 0
	#drawingId = 0
	/** Relationships of the body and of the footnotes, by target. */
	#bodyRelationships = new Map<string, PartRelationship>()
	#footnoteRelationships = new Map<string, PartRelationship>()
	#media = new Map<string | Uint8Array, MediaFile>()
	#layout: LayoutEstimate
	/** Characters written in body runs, and picture heights (twips), since the paragraph began: for the layout estimate. */
	#chars = 0
	#pictureHeight = 0
	#lastWasTable = false

	constructor(private input: WriterInput) {
		this.#options = input.options
		this.#footnoteDefs = input.footnotes
		for (const image of input.images) this.#images.set(image.name.toLowerCase(), image)
		const page = this.#pageTwips()
		const margin = mmToTwips(this.#options.marginMm)
		this.#textWidth = Math.max(1440, page.width - 2 * margin)
		this.#contentWidthPx = Math.floor(this.#textWidth / 15)
		this.#layout = new LayoutEstimate(Math.max(1440, page.height - 2 * margin))
	}

	#pageTwips() {
		const mm = PAGE_MM[this.#options.pageSize]
		const width = mmToTwips(mm.width)
		const height = mmToTwips(mm.height)
		return this.#options.orientation === 'landscape' ? { width: height, height: width } : { width, height }
	}

	note(kind: ReportKind, message: string, line = this.#line) {
		// A document with thousands of the same problem gets the first 200 of each kind, then one summary line each.
		const count = (this.#reportedKinds.get(kind) ?? 0) + 1
		this.#reportedKinds.set(kind, count)
		if (count <= 200) this.report.push({ line, kind, message })
	}

	build(): WriterOutput {
		const { tokens, firstLine, frontMatter } = this.input
		this.#collectHeadings(tokens)
		const toc = this.#options.toc && this.#headingQueue.length > 0
		// The table of contents comes first: its height moves every heading down.
		if (toc) this.#layout.advance(this.#lineHeight(this.#options.bodySize * 1.6) + 360 + this.#headingQueue.length * (this.#lineHeight(this.#options.bodySize) + 100))
		const body: Array<string> = []
		let line = firstLine
		for (const token of tokens) {
			this.#line = line
			body.push(this.#block(token, { quote: 0, indent: 0 }, line))
			line += countNewlines(token.raw)
		}
		if (this.#lastWasTable) body.push('<w:p/>')
		for (const label of this.#footnoteDefs.keys()) {
			if (!this.#footnoteIds.has(label)) this.note('missing-footnote', `Footnote [^${label.slice(0, 40)}] is never referenced and was left out.`, 0)
		}
		for (const [kind, count] of this.#reportedKinds) {
			if (count > 200) this.report.push({ line: 0, kind, message: `${count - 200} more of these were not listed.` })
		}
		const title = (this.#options.titleFrom === 'front-matter' ? frontMatter?.title : undefined) ?? this.#firstHeading
		const page = this.#pageTwips()
		const margin = mmToTwips(this.#options.marginMm)
		const bodyXml =
			(toc ? this.#tableOfContents() : '') +
			(body.join('') || '<w:p/>') +
			sectionProps({ width: page.width, height: page.height, landscape: this.#options.orientation === 'landscape', margin })
		this.report.sort((a, b) => a.line - b.line)
		return {
			documentXml: part('document', `<w:body>${bodyXml}</w:body>`),
			footnotesXml: part('footnotes', FOOTNOTE_SEPARATORS + this.#footnotesXml.join('')),
			numberingXml: part('numbering', [...this.#abstractNums.values()].map((entry) => entry.xml).join('') + this.#nums.join('')),
			relationships: { document: [...this.#bodyRelationships.values()], footnotes: [...this.#footnoteRelationships.values()] },
			media: [...this.#media.values()],
			styles: this.#styles(),
			properties: {
				title,
				creator: frontMatter?.author,
				subject: frontMatter?.subject,
				description: frontMatter?.description,
				keywords: frontMatter?.keywords?.join(', '),
				lastModifiedBy: frontMatter?.author,
			},
			report: this.report,
			title,
			firstHeading: this.#firstHeading,
			stats: this.stats,
		}
	}

	#styles() {
		const { bodyFont, bodySize, codeFont } = this.#options
		const half = (points: number) => Math.round(points * 2)
		const heading = (scale: number, extra: Record<string, unknown> = {}) => ({ run: { font: bodyFont, size: half(bodySize * scale), bold: true, color: '1F2328', ...extra }, paragraph: { spacing: { before: 240, after: 120 }, keepNext: true } })
		return {
			default: {
				document: { run: { font: bodyFont, size: half(bodySize) }, paragraph: { spacing: { after: 120, line: 276, lineRule: 'auto' as const } } },
				heading1: heading(2),
				heading2: heading(1.6),
				heading3: heading(1.35),
				heading4: heading(1.15),
				heading5: heading(1),
				heading6: heading(1, { italics: true, color: '57606A' }),
				title: heading(2.4),
				hyperlink: { run: { color: '0969DA', underline: {} } },
			},
			paragraphStyles: [
				{ id: 'SourceCode', name: 'Source Code', basedOn: 'Normal', quickFormat: true, run: { font: codeFont, size: half(this.#codeSize()) }, paragraph: { spacing: { before: 60, after: 180, line: 240, lineRule: 'auto' as const } } },
				{ id: 'QuoteText', name: 'Quote Text', basedOn: 'Normal', quickFormat: true, run: { color: '57606A' } },
				{ id: 'TOCHeading', name: 'TOC Heading', basedOn: 'Normal', run: { font: bodyFont, size: half(bodySize * 1.6), bold: true }, paragraph: { spacing: { before: 240, after: 120 } } },
			],
			// Not based on DefaultParagraphFont: docx does not define that style, and readers that follow
			// basedOn (pandoc) then lose the style, and inline code with it.
			characterStyles: [{ id: 'VerbatimChar', name: 'Verbatim Char', run: { font: codeFont, shading: { type: 'clear', fill: 'EFF1F3', color: 'auto' } } }],
		}
	}

	#codeSize(): number {
		return Math.max(6, this.#options.bodySize - 1.5)
	}

	/**
	 * Twips a line of text takes at this size: the styles' line spacing is
	 * proportional (1.15 lines, `lineRule="auto"`, so a line grows to hold an
	 * inline picture), and a single line is the font's own height.
	 */
	#lineHeight(points: number, spacing = 1.15): number {
		return points * 20 * FONT_LINE_EM * spacing
	}

	/** Advances the layout estimate past a paragraph of `chars` characters (body text only, not footnotes). */
	#place(chars: number, { size = this.#options.bodySize, width = this.#textWidth, em = TEXT_CHAR_EM, spacing = 1.15, before = 0, after = 120, lines = 0 } = {}) {
		if (this.#footnoteDepth > 0) return
		const perLine = Math.max(1, Math.floor(width / (size * 20 * em)))
		const count = Math.max(1, lines, Math.ceil(chars / perLine))
		this.#layout.advance(before + count * this.#lineHeight(size, spacing) + after + this.#pictureHeight)
		this.#pictureHeight = 0
	}

	#collectHeadings(tokens: ReadonlyArray<Token>) {
		const counts = new Map<string, number>()
		const taken = new Set<string>()
		const walk = (list: ReadonlyArray<Token>) => {
			for (const token of list) {
				if (token.type === 'heading') {
					const base = slugify(plainText(token.tokens as Array<Token>))
					const seen = counts.get(base) ?? 0
					counts.set(base, seen + 1)
					const slug = seen === 0 ? base : `${base}-${seen}`
					const name = bookmarkName(slug || 'section', taken)
					if (!this.#anchors.has(slug)) this.#anchors.set(slug, name)
					this.#headingQueue.push(name)
				} else if (token.type === 'blockquote') walk(token.tokens as Array<Token>)
				else if (token.type === 'list') for (const item of token.items as Array<Tokens.ListItem>) walk(item.tokens)
			}
		}
		walk(tokens)
	}

	/** The filled-in table of contents: an entry per heading, linked to its bookmark, with its estimated page in a PAGEREF field. */
	#tableOfContents(): string {
		const tabs = `<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="${this.#textWidth}"/></w:tabs>`
		const fieldStart = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-6" \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
		const entries = this.#tocEntries.map(({ level, text, bookmark, page }, index) => {
			const link =
				`<w:hyperlink w:history="1" w:anchor="${bookmark}">${textRun(text || ' ')}<w:r><w:tab/></w:r>` +
				`<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGEREF ${bookmark} \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>` +
				`<w:r><w:t xml:space="preserve">${page}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:hyperlink>`
			return `<w:p><w:pPr><w:pStyle w:val="TOC${level}"/>${tabs}</w:pPr>${index === 0 ? fieldStart : ''}${link}</w:p>`
		})
		return (
			paragraph({ style: 'TOCHeading' }, textRun('Contents')) +
			'<w:sdt><w:sdtPr><w:alias w:val="Table of Contents"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>' +
			entries.join('') +
			'<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:sdtContent></w:sdt>'
		)
	}

	// ---- blocks --------------------------------------------------------------

	#block(token: Token, context: BlockContext, line: number): string {
		this.#line = line
		switch (token.type) {
			case 'space':
			case 'def':
			case 'footnoteDef':
				return ''
			case 'heading':
				return this.#heading(token as Tokens.Heading, context)
			case 'paragraph': {
				const raw = token.raw.trim()
				if (raw === '\\pagebreak' || raw === '\\newpage') return this.#pageBreak()
				return this.#paragraph(context, () => this.#inline(token.tokens as Array<Token>, {}, line, token.raw))
			}
			case 'text':
				return this.#paragraph(context, () => this.#inline((token as Tokens.Text).tokens ?? [token], {}, line, token.raw))
			case 'code':
				return this.#code(token as Tokens.Code, context)
			case 'hr':
				this.#place(0, { after: 120 })
				return this.#flow(paragraph({ ...this.#quoteProps(context), borders: { bottom: { val: 'single', size: 6, color: 'D0D7DE', space: 1 } } }, ''))
			case 'blockquote':
				return this.#blockquote(token as Tokens.Blockquote, context, line)
			case 'list':
				return this.#list(token as Tokens.List, context, context.listLevel ?? 0, line)
			case 'table':
				return this.#table(token as Tokens.Table, context, line)
			case 'html': {
				const html = (token.text as string).trim()
				if (PAGE_BREAK_HTML.test(html)) return this.#pageBreak()
				const text = htmlToText(html).trim()
				if (/^<!--/.test(html) && text === '') return ''
				this.note('raw-html', text ? 'Raw HTML was reduced to its text.' : 'Raw HTML without text was left out.')
				if (!text) return ''
				return text
					.split(/\n{2,}/)
					.map((piece) => this.#paragraph(context, () => this.#run(piece.replace(/\s*\n\s*/g, ' '), {})))
					.join('')
			}
			default:
				this.note('unsupported', `An unsupported block (${token.type}) was kept as plain text.`)
				return token.raw.trim() ? this.#paragraph(context, () => this.#run(token.raw.trim(), {})) : ''
		}
	}

	/** A paragraph (or other block) that is not a table: the next table needs no spacer before it. */
	#flow(xml: string): string {
		this.#lastWasTable = false
		return xml
	}

	#pageBreak(): string {
		if (this.#footnoteDepth === 0) this.#layout.newPage()
		return this.#flow(PAGE_BREAK_PARAGRAPH)
	}

	#quoteProps(context: BlockContext): ParagraphProps {
		if (context.quote === 0 && !context.alert) return context.indent ? { indent: { left: context.indent } } : {}
		const left = context.indent + context.quote * QUOTE_INDENT
		if (context.alert) return { indent: { left, right: 0 }, borders: { left: { val: 'single', size: 24, color: context.alert.color, space: 8 } }, fill: context.alert.fill }
		return { style: 'QuoteText', indent: { left }, borders: { left: { val: 'single', size: 18, color: 'D0D7DE', space: 8 } } }
	}

	/** A paragraph of inline content (written by `content`), placed in the layout estimate. */
	#paragraph(context: BlockContext, content: () => string, extra: ParagraphProps = {}): string {
		const chars = this.#chars
		const runs = content()
		const props = { ...this.#quoteProps(context), ...extra }
		if (this.#footnoteDepth > 0 && !props.style) props.style = 'FootnoteText'
		this.#place(this.#chars - chars, { width: this.#textWidth - (props.indent?.left ?? 0) })
		return this.#flow(paragraph(props, runs))
	}

	#heading(token: Tokens.Heading, context: BlockContext): string {
		if (this.#footnoteDepth > 0) {
			// A heading inside a footnote: bold text, so the table of contents and the bookmarks stay the body's.
			this.note('unsupported', 'A heading inside a footnote was written as bold text.')
			return this.#paragraph(context, () => this.#inline(token.tokens, { bold: true }, this.#line, token.raw))
		}
		this.stats.headings++
		const level = Math.min(6, Math.max(1, token.depth))
		const text = plainText(token.tokens).trim()
		this.#firstHeading ??= text || undefined
		const name = this.#headingQueue[this.#nextHeading++] ?? bookmarkName('section', new Set())
		const chars = this.#chars
		const runs = this.#inline(token.tokens, {}, this.#line, token.raw)
		const scale = [2, 1.6, 1.35, 1.15, 1, 1][level - 1]!
		this.#place(this.#chars - chars, { size: this.#options.bodySize * scale, before: 240, after: 120 })
		this.#tocEntries.push({ level, text: text.slice(0, 300), bookmark: name, page: this.#layout.page })
		const id = ++this.#bookmarkId
		const props = { ...this.#quoteProps(context), style: `Heading${level}` }
		return this.#flow(paragraph(props, `<w:bookmarkStart w:name="${name}" w:id="${id}"/>${runs}<w:bookmarkEnd w:id="${id}"/>`))
	}

	#code(token: Tokens.Code, context: BlockContext): string {
		// Tabs stay tabs (a tab in a string literal or a Makefile is the user's data), with a stop every 4 characters.
		const code = token.text
		const lines = this.#highlight(code, token.lang)
		const quote = this.#quoteProps(context)
		const edge = { val: 'single', size: 4, color: 'E1E4E8', space: 4 } as const
		const size = this.#codeSize()
		const left = quote.indent?.left ?? 0
		const tabWidth = CODE_TAB_CHARS * size * 20 * CODE_CHAR_EM
		const tabStops = code.includes('\t') ? Array.from({ length: Math.max(1, Math.floor((this.#textWidth - left) / tabWidth)) }, (_, index) => left + (index + 1) * tabWidth) : undefined
		if (this.#footnoteDepth === 0) {
			const perLine = Math.max(1, Math.floor((this.#textWidth - left) / (size * 20 * CODE_CHAR_EM)))
			let wrapped = 0
			for (const text of code.replace(/\t/g, ' '.repeat(CODE_TAB_CHARS)).split('\n')) wrapped += Math.max(1, Math.ceil(text.length / perLine))
			this.#layout.advance(60 + 180 + wrapped * size * 20 * CODE_LINE_EM)
		}
		return this.#flow(
			paragraph(
				{
					style: 'SourceCode',
					keepLines: lines.length < 30,
					borders: { top: edge, left: edge, bottom: edge, right: edge },
					fill: 'F6F8FA',
					...(tabStops ? { tabStops } : {}),
					...(quote.indent ? { indent: { left: quote.indent.left } } : {}),
				},
				lines.join(LINE_BREAK),
			),
		)
	}

	/** The code's lines as coloured runs (highlight.js, when it knows the language), else plain runs. */
	#highlight(code: string, lang: string | undefined): Array<string> {
		const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? ''
		const plain = () => code.split('\n').map((line) => codeRun(line))
		if (!language || code.length > MAX_HIGHLIGHT_CHARS || !hljs.getLanguage(language)) return plain()
		let html: string
		try {
			html = hljs.highlight(code, { language, ignoreIllegals: true }).value
		} catch {
			return plain()
		}
		const lines: Array<string> = ['']
		const classes: Array<string> = []
		for (const match of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
			if (match[1] !== undefined) classes.push(match[1].replace(/hljs-/g, '').trim())
			else if (match[0] === '</span>') classes.pop()
			else {
				const props: RunProps = { italics: classes.some((name) => name === 'comment' || name === 'quote'), color: colourOf(classes) }
				const parts = decodeEntities(match[2]!).split('\n')
				parts.forEach((piece, index) => {
					if (index > 0) lines.push('')
					lines[lines.length - 1] += codeRun(piece, props)
				})
			}
		}
		return lines
	}

	#blockquote(token: Tokens.Blockquote, context: BlockContext, line: number): string {
		const tokens = token.tokens
		const first = tokens[0]
		// The marker and the kinds are shared with the blog's renderer, so both show the same alert.
		const alert = first?.type === 'paragraph' ? readAlertMarker(first.raw) : null
		if (alert && first) {
			const { style, rest } = alert
			const inner: BlockContext = { ...context, alert: style }
			let xml = this.#paragraph(inner, () => this.#run(style.title, { bold: true, color: style.color }), { keepNext: true })
			if (rest.trim()) {
				// The first paragraph without its marker, read again as inline Markdown.
				const inline = this.input.lexInline(rest.trim())
				xml += this.#paragraph(inner, () => this.#inline(inline, {}, line + 1, rest))
			}
			let at = line + countNewlines(first.raw)
			for (const child of tokens.slice(1)) {
				xml += this.#block(child, inner, at)
				at += countNewlines(child.raw)
			}
			return xml
		}
		const inner: BlockContext = { ...context, quote: context.quote + 1 }
		let xml = ''
		let at = line
		for (const child of tokens) {
			xml += this.#block(child, inner, at)
			at += countNewlines(child.raw)
		}
		return xml
	}

	/** A new numbering instance of a list (bullets, or numbers from `start`), restarting its count. */
	#numbering(ordered: boolean, start: number): number {
		const key = ordered ? `ordered-${start}` : 'bullet'
		let abstract = this.#abstractNums.get(key)
		if (!abstract) {
			const id = this.#abstractNums.size + 1
			const symbols = ['•', '◦', '▪']
			const formats = ['decimal', 'lowerLetter', 'lowerRoman']
			let levels = ''
			for (let level = 0; level <= MAX_LIST_LEVEL; level++) {
				const left = ordered ? LIST_INDENT * (level + 1) + 180 : LIST_INDENT * (level + 1)
				const hanging = ordered ? LIST_INDENT + 180 : LIST_INDENT
				levels +=
					`<w:lvl w:ilvl="${level}"><w:start w:val="${ordered ? start : 1}"/><w:numFmt w:val="${ordered ? formats[level % 3] : 'bullet'}"/>` +
					`<w:lvlText w:val="${ordered ? `%${level + 1}.` : symbols[level % 3]}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${left}" w:hanging="${hanging}"/></w:pPr></w:lvl>`
			}
			abstract = { id, xml: `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${levels}</w:abstractNum>` }
			this.#abstractNums.set(key, abstract)
		}
		const numId = this.#nums.length + 1
		let overrides = ''
		if (ordered) for (let level = 0; level <= MAX_LIST_LEVEL; level++) overrides += `<w:lvlOverride w:ilvl="${level}"><w:startOverride w:val="${start}"/></w:lvlOverride>`
		this.#nums.push(`<w:num w:numId="${numId}"><w:abstractNumId w:val="${abstract.id}"/>${overrides}</w:num>`)
		return numId
	}

	#list(token: Tokens.List, context: BlockContext, level: number, line: number): string {
		const start = token.ordered ? Math.min(999_999_999, Math.max(0, Number(token.start === '' ? 1 : token.start) || 0)) : 0
		const numId = this.#numbering(token.ordered, start)
		const wordLevel = Math.min(level, MAX_LIST_LEVEL)
		if (level === MAX_LIST_LEVEL + 1) this.note('list-depth', `Lists are nested more than ${MAX_LIST_LEVEL + 1} levels deep; deeper levels are shown at level ${MAX_LIST_LEVEL + 1}.`, line)
		let xml = ''
		let at = line
		const quote = this.#quoteProps(context)
		const baseIndent = (quote.indent?.left ?? 0) + LIST_INDENT * (wordLevel + 1) + (token.ordered ? 180 : 0)
		const itemProps: ParagraphProps = {
			style: 'ListParagraph',
			numbering: { numId, level: wordLevel },
			...(context.alert ? { fill: context.alert.fill } : {}),
			...(quote.indent ? { indent: { left: baseIndent, hanging: LIST_INDENT } } : {}),
		}
		const item = (content: () => string) => {
			const chars = this.#chars
			const runs = content()
			this.#place(this.#chars - chars, { width: this.#textWidth - baseIndent })
			return this.#flow(paragraph(itemProps, runs))
		}
		const box = (checked: boolean) => this.#run(checked ? '☒ ' : '☐ ', { font: 'Segoe UI Symbol' })
		for (const entry of token.items) {
			let first = true
			let itemLine = at
			for (const child of entry.tokens) {
				// marked's task checkbox: written as ☐/☒ with the item's text.
				if (child.type === 'checkbox') continue
				if (child.type === 'list') {
					xml += this.#list(child as Tokens.List, context, level + 1, itemLine)
				} else if (first && (child.type === 'text' || child.type === 'paragraph')) {
					const inlineTokens = ((child as Tokens.Text).tokens ?? [child]).filter((inline) => inline.type !== 'checkbox')
					xml += item(() => (entry.task ? box(entry.checked === true) : '') + this.#inline(inlineTokens, {}, itemLine, child.raw))
					first = false
				} else {
					if (first) {
						// An item that starts with a block other than text (a code block, a quote): an empty numbered line first.
						xml += item(() => (entry.task ? box(entry.checked === true) : ''))
						first = false
					}
					xml += this.#block(child, { ...context, indent: baseIndent - (quote.indent?.left ?? 0), listLevel: level + 1 }, itemLine)
				}
				itemLine += countNewlines(child.raw)
			}
			if (first) xml += item(() => '')
			at += countNewlines(entry.raw)
		}
		return xml
	}

	#tableBorders(): string {
		const line = (size: number, color = '8C959F'): Border => ({ val: 'single', size, color })
		const none: Border = { val: 'none', size: 0, color: 'auto' }
		let edges: Record<'top' | 'left' | 'bottom' | 'right' | 'insideH' | 'insideV', Border>
		if (this.#options.tableStyle === 'grid') {
			const edge = line(4)
			edges = { top: edge, left: edge, bottom: edge, right: edge, insideH: edge, insideV: edge }
		} else if (this.#options.tableStyle === 'light') {
			edges = { top: line(8, '57606A'), left: none, bottom: line(8, '57606A'), right: none, insideH: line(4, 'D0D7DE'), insideV: none }
		} else {
			edges = { top: none, left: none, bottom: none, right: none, insideH: none, insideV: none }
		}
		return `<w:tblBorders>${Object.entries(edges)
			.map(([side, edge]) => border(side, edge))
			.join('')}</w:tblBorders>`
	}

	#table(token: Tokens.Table, context: BlockContext, line: number): string {
		this.stats.tables++
		// Two tables in a row would merge into one in Word: an empty paragraph keeps them apart.
		const spacer = this.#lastWasTable ? '<w:p/>' : ''
		const columns = Math.max(1, token.header.length)
		const quote = this.#quoteProps(context)
		const width = Math.max(720, this.#textWidth - (quote.indent?.left ?? 0))
		const columnWidth = Math.max(1, Math.floor(width / columns))
		const headerFill = this.#options.tableStyle !== 'none' ? shading('F6F8FA') : ''
		const size = this.#options.bodySize
		const perLine = Math.max(1, Math.floor(columnWidth / (size * 20 * TEXT_CHAR_EM)) - 1)
		const row = (cells: Array<Tokens.TableCell>, header: boolean, rowLine: number) => {
			let xml = `<w:tr><w:trPr><w:cantSplit/>${header ? '<w:tblHeader/>' : ''}</w:trPr>`
			let tallest = 1
			for (const data of cells) {
				const chars = this.#chars
				const runs = this.#inline(data.tokens, header ? { bold: true } : {}, rowLine, data.text)
				tallest = Math.max(tallest, Math.ceil((this.#chars - chars) / perLine))
				const align = data.align === 'center' || data.align === 'right' || data.align === 'left' ? data.align : undefined
				xml +=
					`<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="${columnWidth}"/>${header ? headerFill : ''}</w:tcPr>` +
					paragraph({ keepNext: header, spacing: { before: 40, after: 40 }, align }, runs) +
					'</w:tc>'
			}
			if (this.#footnoteDepth === 0) this.#layout.advance(80 + tallest * this.#lineHeight(size) + this.#pictureHeight)
			this.#pictureHeight = 0
			return `${xml}</w:tr>`
		}
		const rows: Array<string> = [row(token.header, true, line)]
		token.rows.forEach((cells, index) => rows.push(row(cells, false, line + 2 + index)))
		this.#layout.advance(120)
		const grid = `<w:gridCol w:w="${columnWidth}"/>`.repeat(columns)
		const indent = quote.indent ? `<w:tblInd w:type="dxa" w:w="${quote.indent.left}"/>` : ''
		const xml =
			`${spacer}<w:tbl><w:tblPr><w:tblW w:type="dxa" w:w="${columnWidth * columns}"/>${indent}${this.#tableBorders()}<w:tblLayout w:type="fixed"/></w:tblPr>` +
			`<w:tblGrid>${grid}</w:tblGrid>${rows.join('')}</w:tbl>`
		this.#lastWasTable = true
		return xml
	}

	// ---- inline --------------------------------------------------------------

	/** A run of text in a style, counted for the layout estimate. */
	#run(text: string, style: RunStyle & { font?: string }): string {
		this.#chars += text.length
		return textRun(text, {
			bold: style.bold,
			italics: style.italics,
			strike: style.strike,
			color: style.color,
			font: style.font,
			style: style.link ? 'Hyperlink' : style.code ? 'VerbatimChar' : undefined,
		})
	}

	/** The line of an inline construct: the block's line plus the newlines before it in the block's source. */
	#lineIn(line: number, blockRaw: string, raw: string): number {
		const at = blockRaw.indexOf(raw)
		return at <= 0 ? line : line + countNewlines(blockRaw.slice(0, at))
	}

	#inline(tokens: ReadonlyArray<Token>, style: RunStyle, line: number, blockRaw: string): string {
		let xml = ''
		for (const token of tokens) {
			switch (token.type) {
				case 'text': {
					const nested = (token as Tokens.Text).tokens
					if (nested && nested.length) xml += this.#inline(nested, style, line, blockRaw)
					// Soft line breaks inside a paragraph are spaces in Word, as in HTML.
					else xml += this.#run(decodeEntities(token.text as string).replace(/[ \t]*\n[ \t]*/g, ' '), style)
					break
				}
				case 'escape':
					xml += this.#run(decodeEntities(token.text as string), style)
					break
				case 'strong':
					xml += this.#inline(token.tokens as Array<Token>, { ...style, bold: true }, line, blockRaw)
					break
				case 'em':
					xml += this.#inline(token.tokens as Array<Token>, { ...style, italics: true }, line, blockRaw)
					break
				case 'del':
					xml += this.#inline(token.tokens as Array<Token>, { ...style, strike: true }, line, blockRaw)
					break
				case 'codespan':
					xml += this.#run(decodeEntities(token.text as string), { ...style, code: true })
					break
				case 'br':
					xml += LINE_BREAK
					break
				case 'checkbox':
					break
				case 'link':
					xml += this.#link(token as Tokens.Link, style, this.#lineIn(line, blockRaw, token.raw), blockRaw)
					break
				case 'image':
					xml += this.#image(token as Tokens.Image, style, this.#lineIn(line, blockRaw, token.raw))
					break
				case 'footnoteRef':
					xml += this.#footnoteRef(token as unknown as FootnoteRefToken, style, this.#lineIn(line, blockRaw, token.raw))
					break
				case 'html': {
					const html = token.text as string
					if (/^<br\s*\/?>$/i.test(html.trim())) {
						xml += LINE_BREAK
						break
					}
					const text = htmlToText(html)
					// A closing tag is reported with its opening one.
					if (!/^<!--|^<\//.test(html.trim())) this.note('raw-html', `Raw HTML ${describeTag(html)} was reduced to its text.`, this.#lineIn(line, blockRaw, token.raw))
					if (text) xml += this.#run(text, style)
					break
				}
				default:
					if ('tokens' in token && Array.isArray(token.tokens)) xml += this.#inline(token.tokens as Array<Token>, style, line, blockRaw)
					else if (typeof token.raw === 'string') xml += this.#run(token.raw, style)
			}
		}
		return xml
	}

	/** The relationship id of a hyperlink target or media file, in the part being written (body or footnotes). */
	#relationship(type: PartRelationship['type'], target: string): string {
		const relationships = this.#footnoteDepth > 0 ? this.#footnoteRelationships : this.#bodyRelationships
		const key = `${type} ${target}`
		let relationship = relationships.get(key)
		if (!relationship) {
			// docx writes "rId" before the id; its own relationships are rId1, rId2…
			relationship = { id: `T${relationships.size + 1}${this.#footnoteDepth > 0 ? 'f' : ''}`, type, target }
			relationships.set(key, relationship)
		}
		return `rId${relationship.id}`
	}

	#link(token: Tokens.Link, style: RunStyle, line: number, blockRaw: string): string {
		const href = token.href.trim()
		const linkStyle = { ...style, link: true }
		if (href.startsWith('#')) {
			let slug = href.slice(1)
			try {
				slug = decodeURIComponent(slug)
			} catch {
				// kept as written
			}
			const anchor = this.#anchors.get(slug) ?? this.#anchors.get(slug.toLowerCase())
			if (anchor) return `<w:hyperlink w:history="1" w:anchor="${anchor}">${this.#inline(token.tokens, linkStyle, line, blockRaw)}</w:hyperlink>`
			this.note('unsafe-link', `The link to "${href.slice(0, 80)}" names no heading in the document and was kept as text.`, line)
			return this.#inline(token.tokens, style, line, blockRaw)
		}
		let url: URL | null = null
		try {
			url = new URL(href)
		} catch {
			url = null
		}
		if (url && (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:')) {
			return `<w:hyperlink w:history="1" r:id="${this.#relationship('hyperlink', href)}">${this.#inline(token.tokens, linkStyle, line, blockRaw)}</w:hyperlink>`
		}
		const reason = url ? `its scheme (${url.protocol.slice(0, 20)}) is not http, https or mailto` : 'it is a relative address, which a Word document cannot follow'
		this.note('unsafe-link', `A link to "${href.slice(0, 80)}" was kept as plain text: ${reason}.`, line)
		return this.#inline(token.tokens, style, line, blockRaw)
	}

	#altRuns(token: Tokens.Image, style: RunStyle): string {
		const alt = token.text.trim()
		return alt ? this.#run(`[${decodeEntities(alt)}]`, { ...style, italics: true }) : ''
	}

	#image(token: Tokens.Image, style: RunStyle, line: number): string {
		const href = token.href.trim()
		let data: Uint8Array | null = null
		let label = href.slice(0, 80)
		/** The same picture twice is one media file: an upload by its bytes' object, a data: URI by its text. */
		let key: string | Uint8Array
		if (/^https?:/i.test(href) || href.startsWith('//')) {
			this.note('remote-image', `The remote image "${label}" was not fetched; its alt text stands in.`, line)
			return this.#altRuns(token, style)
		}
		if (/^data:/i.test(href)) {
			label = 'data: URI'
			const match = /^data:image\/(png|jpe?g|gif);base64,([A-Za-z0-9+/=\s]*)$/i.exec(href)
			if (!match) {
				this.note('unsupported-image', 'A data: image that is not base64 PNG, JPEG or GIF was left out; its alt text stands in.', line)
				return this.#altRuns(token, style)
			}
			key = match[2]!
			data = decodeBase64(match[2]!)
		} else if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) {
			this.note('unsupported-image', `The image "${label}" was left out: only uploaded files and data: URIs are embedded.`, line)
			return this.#altRuns(token, style)
		} else {
			let path = href.split(/[?#]/)[0]!
			try {
				path = decodeURIComponent(path)
			} catch {
				// kept as written
			}
			const name = path.split(/[\\/]/).pop()!.toLowerCase()
			const image = this.#images.get(name)
			if (!image) {
				this.note('missing-image', `The image "${label}" was not uploaded with the Markdown; its alt text stands in.`, line)
				return this.#altRuns(token, style)
			}
			data = image.data
			key = image.data
		}
		const info = readImageInfo(data)
		if (!info) {
			this.note('unsupported-image', `The image "${label}" is not a PNG, JPEG or GIF; its alt text stands in.`, line)
			return this.#altRuns(token, style)
		}
		const bomb = imageBombReason(info)
		if (bomb) {
			this.note('image-too-large', `The image "${label}" was refused: ${bomb}.`, line)
			return this.#altRuns(token, style)
		}
		let media = this.#media.get(key)
		if (!media) {
			media = { fileName: `picture${this.#media.size + 1}.${info.type === 'jpg' ? 'jpeg' : info.type}`, data }
			this.#media.set(key, media)
		}
		const scale = Math.min(1, this.#contentWidthPx / info.width)
		const width = Math.max(1, Math.round(info.width * scale))
		const height = Math.max(1, Math.round(info.height * scale))
		this.stats.images++
		this.#pictureHeight += height * 15
		return drawing({
			relationshipId: this.#relationship('image', `media/${media.fileName}`),
			id: ++this.#drawingId,
			width,
			height,
			name: label.slice(0, 60) || 'image',
			description: decodeEntities(token.text).slice(0, 500),
			title: (token.title ?? '').slice(0, 200),
		})
	}

	#footnoteRef(token: FootnoteRefToken, style: RunStyle, line: number): string {
		if (this.#footnoteDepth > 0) {
			// Word has no footnotes in footnotes, and readers loop on a footnote that references itself.
			this.note('unsupported', `A footnote reference inside a footnote ([^${token.label.slice(0, 40)}]) was kept as text.`, line)
			return this.#run(token.raw, style)
		}
		const def = this.#footnoteDefs.get(token.label)
		if (!def) {
			this.note('missing-footnote', `Footnote [^${token.label.slice(0, 40)}] has no definition; the reference was kept as text.`, line)
			return this.#run(token.raw, style)
		}
		let id = this.#footnoteIds.get(token.label)
		if (id === undefined) {
			id = this.#footnoteIds.size + 1
			this.#footnoteIds.set(token.label, id)
			this.stats.footnotes++
			let blocks = ''
			const wasTable = this.#lastWasTable
			this.#footnoteDepth++
			try {
				for (const child of def.tokens) {
					if (child.type === 'table') {
						this.note('unsupported', 'A table inside a footnote was left out.', line)
						continue
					}
					blocks += this.#block(child, { quote: 0, indent: 0 }, line)
				}
			} finally {
				this.#footnoteDepth--
				this.#lastWasTable = wasTable
			}
			// The note's number comes first, in its first paragraph.
			const mark = '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
			const first = /^<w:p>(<w:pPr>.*?<\/w:pPr>)?/.exec(blocks)
			const body = first ? first[0] + mark + blocks.slice(first[0].length) : `<w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>${mark}</w:p>${blocks}`
			this.#footnotesXml.push(`<w:footnote w:id="${id}">${body}</w:footnote>`)
		}
		return `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`
	}
}

function colourOf(classes: ReadonlyArray<string>): string | undefined {
	for (let i = classes.length - 1; i >= 0; i--) {
		const name = classes[i]!
		const colour = CODE_COLOURS[name] ?? CODE_COLOURS[name.split(' ')[0]!]
		if (colour) return colour
	}
	return undefined
}

function describeTag(html: string): string {
	const tag = /^<\/?([A-Za-z][A-Za-z0-9-]{0,20})/.exec(html.trim())
	return tag ? `<${tag[1]!.toLowerCase()}>` : ''
}

export function countNewlines(text: string): number {
	let count = 0
	for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
	return count
}

function decodeBase64(text: string): Uint8Array {
	const clean = text.replace(/\s+/g, '')
	const binary = atob(clean)
	const bytes = new Uint8Array(binary.length)
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
	return bytes
}
