/**
 * marked's tokens → a `docx` Document, construct by construct (issue 13's
 * fidelity list), with a report entry for everything dropped or degraded.
 * Only tokens are read here: the Markdown was lexed in core.ts.
 */
import {
	AlignmentType,
	Bookmark,
	BorderStyle,
	Document,
	ExternalHyperlink,
	FootnoteReferenceRun,
	HeadingLevel,
	ImageRun,
	InternalHyperlink,
	LevelFormat,
	PageBreak,
	PageOrientation,
	Paragraph,
	type ParagraphChild,
	ShadingType,
	Table,
	TableCell,
	TableLayoutType,
	TableOfContents,
	TableRow,
	TextRun,
	WidthType,
	convertMillimetersToTwip,
	type ILevelsOptions,
	type INumberingOptions,
	type IRunOptions,
	type ITableBordersOptions,
	type IBorderOptions,
} from 'docx'
import { estimatePageNumbers } from 'docx/layout'
import hljs from 'highlight.js/lib/common'
import { type Token, type Tokens } from 'marked'
import { type FrontMatter } from './front-matter.ts'
import { imageBombReason, readImageInfo } from './image-info.ts'
import { type DocxOptions, type ReportEntry, type ReportKind } from './options.ts'

export type UploadedImage = { name: string; data: Uint8Array }

/** A footnote definition as the lexer extension in core.ts makes it. */
export type FootnoteDefToken = { type: 'footnoteDef'; raw: string; label: string; tokens: Array<Token> }
export type FootnoteRefToken = { type: 'footnoteRef'; raw: string; label: string }

type Block = Paragraph | Table | TableOfContents

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

type AlertStyle = { title: string; color: string; fill: string }

const ALERTS: Record<string, AlertStyle> = {
	NOTE: { title: 'Note', color: '0969DA', fill: 'DDF4FF' },
	TIP: { title: 'Tip', color: '1A7F37', fill: 'DAFBE1' },
	IMPORTANT: { title: 'Important', color: '8250DF', fill: 'FBEFFF' },
	WARNING: { title: 'Warning', color: '9A6700', fill: 'FFF8C5' },
	CAUTION: { title: 'Caution', color: 'CF222E', fill: 'FFEBE9' },
}

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const

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
	/** Works out the pages of the table of contents' entries (slow on long documents: core.ts decides). */
	pageNumbers: boolean
	/** Lexes a fragment as inline Markdown (the text of an alert's first paragraph after its marker). */
	lexInline: (text: string) => Array<Token>
}

export type WriterOutput = { document: Document; report: Array<ReportEntry>; title: string | undefined; firstHeading: string | undefined; stats: WriterStats }

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

export class DocxWriter {
	readonly report: Array<ReportEntry> = []
	readonly stats: WriterStats = { headings: 0, images: 0, footnotes: 0, tables: 0 }
	#options: DocxOptions
	#images = new Map<string, UploadedImage>()
	#footnoteDefs: Map<string, FootnoteDefToken>
	#footnoteIds = new Map<string, number>()
	#footnotes: Record<string, { children: Array<Paragraph> }> = {}
	#numbering: Array<INumberingOptions['config'][number]> = []
	#orderedStarts = new Set<number>()
	#listInstance = 0
	/** Heading slugs in document order, and the bookmark each gets. */
	#anchors = new Map<string, string>()
	#headingQueue: Array<string> = []
	#firstHeading: string | undefined
	#contentWidthPx: number
	#tableWidthTwips: number
	/** The line being written, for report entries. */
	#line = 1
	#reportedKinds = new Map<ReportKind, number>()
	/** Footnotes being written (a footnote may reference another). */
	#footnoteDepth = 0

	constructor(private input: WriterInput) {
		this.#options = input.options
		this.#footnoteDefs = input.footnotes
		for (const image of input.images) this.#images.set(image.name.toLowerCase(), image)
		const page = this.#pageTwips()
		const margin = convertMillimetersToTwip(this.#options.marginMm)
		this.#tableWidthTwips = Math.max(1440, page.width - 2 * margin)
		this.#contentWidthPx = Math.floor(this.#tableWidthTwips / 15)
	}

	#pageTwips() {
		const mm = PAGE_MM[this.#options.pageSize]
		const width = convertMillimetersToTwip(mm.width)
		const height = convertMillimetersToTwip(mm.height)
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
		const children: Array<Block> = []
		if (this.#options.toc && this.#headingQueue.length > 0) {
			children.push(new Paragraph({ style: 'TOCHeading', children: [new TextRun('Contents')] }))
			children.push(new TableOfContents('Table of Contents', { hyperlink: true, headingStyleRange: '1-6' }))
		}
		let line = firstLine
		for (const token of tokens) {
			this.#line = line
			children.push(...this.#block(token, { quote: 0, indent: 0 }, line))
			line += countNewlines(token.raw)
		}
		for (const label of this.#footnoteDefs.keys()) {
			if (!this.#footnoteIds.has(label)) this.note('missing-footnote', `Footnote [^${label.slice(0, 40)}] is never referenced and was left out.`, 0)
		}
		for (const [kind, count] of this.#reportedKinds) {
			if (count > 200) this.report.push({ line: 0, kind, message: `${count - 200} more of these were not listed.` })
		}
		const title = (this.#options.titleFrom === 'front-matter' ? frontMatter?.title : undefined) ?? this.#firstHeading
		const document = new Document({
			title,
			creator: frontMatter?.author,
			subject: frontMatter?.subject,
			description: frontMatter?.description,
			keywords: frontMatter?.keywords?.join(', '),
			lastModifiedBy: frontMatter?.author,
			styles: this.#styles(),
			numbering: { config: this.#numbering },
			footnotes: this.#footnotes,
			...(this.#options.toc && this.input.pageNumbers ? { pageNumbers: estimatePageNumbers } : {}),
			sections: [
				{
					properties: {
						page: {
							// Given upright: docx swaps width and height itself for landscape.
							size: {
								width: convertMillimetersToTwip(PAGE_MM[this.#options.pageSize].width),
								height: convertMillimetersToTwip(PAGE_MM[this.#options.pageSize].height),
								orientation: this.#options.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
							},
							margin: Object.fromEntries(['top', 'right', 'bottom', 'left'].map((side) => [side, convertMillimetersToTwip(this.#options.marginMm)])),
						},
					},
					children: children.length > 0 ? children : [new Paragraph({})],
				},
			],
		})
		this.report.sort((a, b) => a.line - b.line)
		return { document, report: this.report, title, firstHeading: this.#firstHeading, stats: this.stats }
	}

	#styles() {
		const { bodyFont, bodySize, codeFont } = this.#options
		const half = (points: number) => Math.round(points * 2)
		const heading = (scale: number, extra: IRunOptions = {}) => ({ run: { font: bodyFont, size: half(bodySize * scale), bold: true, color: '1F2328', ...extra }, paragraph: { spacing: { before: 240, after: 120 }, keepNext: true } })
		return {
			default: {
				document: { run: { font: bodyFont, size: half(bodySize) }, paragraph: { spacing: { after: 120, line: 276 } } },
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
				{ id: 'SourceCode', name: 'Source Code', basedOn: 'Normal', quickFormat: true, run: { font: codeFont, size: half(Math.max(6, bodySize - 1.5)) }, paragraph: { spacing: { before: 60, after: 180, line: 240 } } },
				{ id: 'QuoteText', name: 'Quote Text', basedOn: 'Normal', quickFormat: true, run: { color: '57606A' } },
				{ id: 'TOCHeading', name: 'TOC Heading', basedOn: 'Normal', run: { font: bodyFont, size: half(bodySize * 1.6), bold: true }, paragraph: { spacing: { before: 240, after: 120 } } },
			],
			// Not based on DefaultParagraphFont: docx does not define that style, and readers that follow
			// basedOn (pandoc) then lose the style, and inline code with it.
			characterStyles: [{ id: 'VerbatimChar', name: 'Verbatim Char', run: { font: codeFont, shading: { type: ShadingType.CLEAR, fill: 'EFF1F3', color: 'auto' } } }],
		}
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

	// ---- blocks --------------------------------------------------------------

	#block(token: Token, context: BlockContext, line: number): Array<Block> {
		this.#line = line
		switch (token.type) {
			case 'space':
			case 'def':
			case 'footnoteDef':
				return []
			case 'heading':
				return [this.#heading(token as Tokens.Heading, context)]
			case 'paragraph': {
				const raw = token.raw.trim()
				if (raw === '\\pagebreak' || raw === '\\newpage') return [new Paragraph({ children: [new PageBreak()] })]
				return [this.#paragraph(this.#inline(token.tokens as Array<Token>, {}, line, token.raw), context)]
			}
			case 'text':
				return [this.#paragraph(this.#inline((token as Tokens.Text).tokens ?? [token], {}, line, token.raw), context)]
			case 'code':
				return [this.#code(token as Tokens.Code, context)]
			case 'hr':
				return [
					new Paragraph({
						...this.#quoteProps(context),
						border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'D0D7DE', space: 1 } },
						children: [],
					}),
				]
			case 'blockquote':
				return this.#blockquote(token as Tokens.Blockquote, context, line)
			case 'list':
				return this.#list(token as Tokens.List, context, context.listLevel ?? 0, line)
			case 'table':
				return [this.#table(token as Tokens.Table, context, line)]
			case 'html': {
				const html = (token.text as string).trim()
				if (PAGE_BREAK_HTML.test(html)) return [new Paragraph({ children: [new PageBreak()] })]
				const text = htmlToText(html).trim()
				if (/^<!--/.test(html) && text === '') return []
				this.note('raw-html', text ? 'Raw HTML was reduced to its text.' : 'Raw HTML without text was left out.')
				if (!text) return []
				return text.split(/\n{2,}/).map((part) => this.#paragraph(this.#textRuns(part.replace(/\s*\n\s*/g, ' '), {}), context))
			}
			default:
				this.note('unsupported', `An unsupported block (${token.type}) was kept as plain text.`)
				return token.raw.trim() ? [this.#paragraph([new TextRun(token.raw.trim())], context)] : []
		}
	}

	#quoteProps(context: BlockContext) {
		if (context.quote === 0 && !context.alert) return context.indent ? { indent: { left: context.indent } } : {}
		const left = context.indent + context.quote * QUOTE_INDENT
		if (context.alert) {
			return {
				indent: { left, right: 0 },
				border: { left: { style: BorderStyle.SINGLE, size: 24, color: context.alert.color, space: 8 } },
				shading: { type: ShadingType.CLEAR, fill: context.alert.fill, color: 'auto' },
			}
		}
		return { style: 'QuoteText', indent: { left }, border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'D0D7DE', space: 8 } } }
	}

	#paragraph(children: Array<ParagraphChild>, context: BlockContext, extra: Record<string, unknown> = {}): Paragraph {
		return new Paragraph({ ...this.#quoteProps(context), ...extra, children })
	}

	#heading(token: Tokens.Heading, context: BlockContext): Paragraph {
		if (this.#footnoteDepth > 0) {
			// A heading inside a footnote: bold text, so the table of contents and the bookmarks stay the body's.
			this.note('unsupported', 'A heading inside a footnote was written as bold text.')
			return this.#paragraph(this.#inline(token.tokens, { bold: true }, this.#line, token.raw), context)
		}
		this.stats.headings++
		const text = plainText(token.tokens).trim()
		this.#firstHeading ??= text || undefined
		const name = this.#headingQueue.shift() ?? bookmarkName('section', new Set())
		const runs = this.#inline(token.tokens, {}, this.#line, token.raw)
		return new Paragraph({
			...this.#quoteProps(context),
			heading: HEADINGS[Math.min(6, Math.max(1, token.depth)) - 1],
			children: [new Bookmark({ id: name, children: runs })],
		})
	}

	#code(token: Tokens.Code, context: BlockContext): Paragraph {
		const code = token.text.replace(/\t/g, '    ')
		const lines = this.#highlight(code, token.lang)
		const children: Array<ParagraphChild> = []
		lines.forEach((runs, index) => {
			if (index > 0) children.push(new TextRun({ break: 1 }))
			children.push(...runs)
		})
		const quote = this.#quoteProps(context) as { indent?: { left: number } }
		return new Paragraph({
			style: 'SourceCode',
			...(quote.indent ? { indent: { left: quote.indent.left } } : {}),
			shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
			border: Object.fromEntries(['top', 'bottom', 'left', 'right'].map((side) => [side, { style: BorderStyle.SINGLE, size: 4, color: 'E1E4E8', space: 4 }])),
			keepLines: lines.length < 30,
			children,
		})
	}

	/** The code's lines as coloured runs (highlight.js, when it knows the language), else plain runs. */
	#highlight(code: string, lang: string | undefined): Array<Array<TextRun>> {
		const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? ''
		const plain = () => code.split('\n').map((line) => (line ? [new TextRun({ text: line })] : []))
		if (!language || code.length > MAX_HIGHLIGHT_CHARS || !hljs.getLanguage(language)) return plain()
		let html: string
		try {
			html = hljs.highlight(code, { language, ignoreIllegals: true }).value
		} catch {
			return plain()
		}
		const lines: Array<Array<TextRun>> = [[]]
		const classes: Array<string> = []
		for (const match of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
			if (match[1] !== undefined) classes.push(match[1].replace(/hljs-/g, '').trim())
			else if (match[0] === '</span>') classes.pop()
			else {
				const colour = colourOf(classes)
				const parts = decodeEntities(match[2]!).split('\n')
				parts.forEach((part, index) => {
					if (index > 0) lines.push([])
					if (part) lines[lines.length - 1]!.push(new TextRun({ text: part, color: colour, italics: classes.some((name) => name === 'comment' || name === 'quote') }))
				})
			}
		}
		return lines
	}

	#blockquote(token: Tokens.Blockquote, context: BlockContext, line: number): Array<Block> {
		const tokens = token.tokens
		const first = tokens[0]
		const alert = first?.type === 'paragraph' ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i.exec(first.raw) : null
		if (alert && first) {
			const style = ALERTS[alert[1]!.toUpperCase()]!
			const inner: BlockContext = { ...context, alert: style }
			const blocks: Array<Block> = [this.#paragraph([new TextRun({ text: style.title, bold: true, color: style.color })], inner, { keepNext: true })]
			const rest = first.raw.slice(alert[0].length)
			if (rest.trim()) {
				// The first paragraph without its marker, read again as inline Markdown.
				const inline = this.input.lexInline(rest.trim())
				blocks.push(this.#paragraph(this.#inline(inline, {}, line + 1, rest), inner))
			}
			let at = line + countNewlines(first.raw)
			for (const child of tokens.slice(1)) {
				blocks.push(...this.#block(child, inner, at))
				at += countNewlines(child.raw)
			}
			return blocks
		}
		const inner: BlockContext = { ...context, quote: context.quote + 1 }
		const blocks: Array<Block> = []
		let at = line
		for (const child of tokens) {
			blocks.push(...this.#block(child, inner, at))
			at += countNewlines(child.raw)
		}
		return blocks
	}

	#bulletReference(): string {
		if (!this.#numbering.some((config) => config.reference === 'bullet')) {
			const symbols = ['•', '◦', '▪']
			this.#numbering.push({
				reference: 'bullet',
				levels: Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level): ILevelsOptions => ({
					level,
					format: LevelFormat.BULLET,
					text: symbols[level % 3]!,
					alignment: AlignmentType.LEFT,
					style: { paragraph: { indent: { left: LIST_INDENT * (level + 1), hanging: LIST_INDENT } } },
				})),
			})
		}
		return 'bullet'
	}

	#orderedReference(start: number): string {
		const reference = `ordered-${start}`
		if (!this.#orderedStarts.has(start)) {
			this.#orderedStarts.add(start)
			const formats = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN]
			this.#numbering.push({
				reference,
				levels: Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level): ILevelsOptions => ({
					level,
					format: formats[level % 3]!,
					text: `%${level + 1}.`,
					start,
					alignment: AlignmentType.LEFT,
					style: { paragraph: { indent: { left: LIST_INDENT * (level + 1) + 180, hanging: LIST_INDENT + 180 } } },
				})),
			})
		}
		return reference
	}

	#list(token: Tokens.List, context: BlockContext, level: number, line: number): Array<Block> {
		const start = token.ordered ? Math.min(999_999_999, Math.max(0, Number(token.start === '' ? 1 : token.start) || 0)) : 0
		const reference = token.ordered ? this.#orderedReference(start) : this.#bulletReference()
		const instance = ++this.#listInstance
		const wordLevel = Math.min(level, MAX_LIST_LEVEL)
		if (level === MAX_LIST_LEVEL + 1) this.note('list-depth', `Lists are nested more than ${MAX_LIST_LEVEL + 1} levels deep; deeper levels are shown at level ${MAX_LIST_LEVEL + 1}.`, line)
		const blocks: Array<Block> = []
		let at = line
		const quote = this.#quoteProps(context) as { indent?: { left: number } }
		const baseIndent = (quote.indent?.left ?? 0) + LIST_INDENT * (wordLevel + 1) + (token.ordered ? 180 : 0)
		for (const item of token.items) {
			let first = true
			let itemLine = at
			for (const child of item.tokens) {
				// marked's task checkbox: written as ☐/☒ with the item's text.
				if (child.type === 'checkbox') continue
				if (child.type === 'list') {
					blocks.push(...this.#list(child as Tokens.List, context, level + 1, itemLine))
				} else if (first && (child.type === 'text' || child.type === 'paragraph')) {
					const inlineTokens = ((child as Tokens.Text).tokens ?? [child]).filter((inline) => inline.type !== 'checkbox')
					const runs = this.#inline(inlineTokens, {}, itemLine, child.raw)
					if (item.task) runs.unshift(new TextRun({ text: item.checked ? '☒ ' : '☐ ', font: 'Segoe UI Symbol' }))
					blocks.push(
						new Paragraph({
							...(quote.indent ? { indent: { left: baseIndent, hanging: LIST_INDENT } } : {}),
							...(context.alert ? { shading: { type: ShadingType.CLEAR, fill: context.alert.fill, color: 'auto' } } : {}),
							numbering: { reference, level: wordLevel, instance },
							children: runs,
						}),
					)
					first = false
				} else {
					if (first) {
						// An item that starts with a block other than text (a code block, a quote): an empty numbered line first.
						blocks.push(new Paragraph({ numbering: { reference, level: wordLevel, instance }, children: item.task ? [new TextRun(item.checked ? '☒ ' : '☐ ')] : [] }))
						first = false
					}
					blocks.push(...this.#block(child, { ...context, indent: baseIndent - (quote.indent?.left ?? 0), listLevel: level + 1 }, itemLine))
				}
				itemLine += countNewlines(child.raw)
			}
			if (first) blocks.push(new Paragraph({ numbering: { reference, level: wordLevel, instance }, children: [] }))
			at += countNewlines(item.raw)
		}
		return blocks
	}

	#tableBorders(): ITableBordersOptions {
		const line = (size: number, color = '8C959F'): IBorderOptions => ({ style: BorderStyle.SINGLE, size, color })
		const none: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'auto' }
		if (this.#options.tableStyle === 'grid') {
			const edge = line(4)
			return { top: edge, bottom: edge, left: edge, right: edge, insideHorizontal: edge, insideVertical: edge }
		}
		if (this.#options.tableStyle === 'light') {
			return { top: line(8, '57606A'), bottom: line(8, '57606A'), left: none, right: none, insideHorizontal: line(4, 'D0D7DE'), insideVertical: none }
		}
		return { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none }
	}

	#table(token: Tokens.Table, context: BlockContext, line: number): Table {
		this.stats.tables++
		const columns = Math.max(1, token.header.length)
		const quote = this.#quoteProps(context) as { indent?: { left: number } }
		const width = Math.max(720, this.#tableWidthTwips - (quote.indent?.left ?? 0))
		const columnWidth = Math.max(1, Math.floor(width / columns))
		const alignment = (align: Tokens.TableCell['align']) =>
			align === 'center' ? AlignmentType.CENTER : align === 'right' ? AlignmentType.RIGHT : align === 'left' ? AlignmentType.LEFT : undefined
		const cell = (data: Tokens.TableCell, header: boolean, rowLine: number) =>
			new TableCell({
				width: { size: columnWidth, type: WidthType.DXA },
				...(header && this.#options.tableStyle !== 'none' ? { shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' } } : {}),
				children: [
					new Paragraph({
						alignment: alignment(data.align),
						spacing: { before: 40, after: 40 },
						keepNext: header,
						children: this.#inline(data.tokens, header ? { bold: true } : {}, rowLine, data.text),
					}),
				],
			})
		const rows = [new TableRow({ tableHeader: true, cantSplit: true, children: token.header.map((data) => cell(data, true, line)) })]
		token.rows.forEach((row, index) => {
			rows.push(new TableRow({ cantSplit: true, children: row.map((data) => cell(data, false, line + 2 + index)) }))
		})
		return new Table({
			rows,
			width: { size: columnWidth * columns, type: WidthType.DXA },
			columnWidths: Array.from({ length: columns }, () => columnWidth),
			layout: TableLayoutType.FIXED,
			borders: this.#tableBorders(),
			...(quote.indent ? { indent: { size: quote.indent.left, type: WidthType.DXA } } : {}),
		})
	}

	// ---- inline --------------------------------------------------------------

	#textRuns(text: string, style: RunStyle): Array<TextRun> {
		const options: IRunOptions = {
			bold: style.bold,
			italics: style.italics,
			strike: style.strike,
			color: style.color,
			...(style.code ? { style: 'VerbatimChar' } : {}),
			...(style.link ? { style: 'Hyperlink' } : {}),
		}
		return [new TextRun({ ...options, text })]
	}

	/** The line of an inline construct: the block's line plus the newlines before it in the block's source. */
	#lineIn(line: number, blockRaw: string, raw: string): number {
		const at = blockRaw.indexOf(raw)
		return at <= 0 ? line : line + countNewlines(blockRaw.slice(0, at))
	}

	#inline(tokens: ReadonlyArray<Token>, style: RunStyle, line: number, blockRaw: string): Array<ParagraphChild> {
		const children: Array<ParagraphChild> = []
		for (const token of tokens) {
			switch (token.type) {
				case 'text': {
					const nested = (token as Tokens.Text).tokens
					if (nested && nested.length) children.push(...this.#inline(nested, style, line, blockRaw))
					else children.push(...this.#textWithBreaks(decodeEntities(token.text as string), style))
					break
				}
				case 'escape':
					children.push(...this.#textRuns(decodeEntities(token.text as string), style))
					break
				case 'strong':
					children.push(...this.#inline(token.tokens as Array<Token>, { ...style, bold: true }, line, blockRaw))
					break
				case 'em':
					children.push(...this.#inline(token.tokens as Array<Token>, { ...style, italics: true }, line, blockRaw))
					break
				case 'del':
					children.push(...this.#inline(token.tokens as Array<Token>, { ...style, strike: true }, line, blockRaw))
					break
				case 'codespan':
					children.push(...this.#textRuns(decodeEntities(token.text as string), { ...style, code: true }))
					break
				case 'br':
					children.push(new TextRun({ break: 1 }))
					break
				case 'checkbox':
					break
				case 'link':
					children.push(...this.#link(token as Tokens.Link, style, this.#lineIn(line, blockRaw, token.raw), blockRaw))
					break
				case 'image':
					children.push(...this.#image(token as Tokens.Image, style, this.#lineIn(line, blockRaw, token.raw)))
					break
				case 'footnoteRef':
					children.push(...this.#footnoteRef(token as unknown as FootnoteRefToken, style, this.#lineIn(line, blockRaw, token.raw)))
					break
				case 'html': {
					const html = token.text as string
					if (/^<br\s*\/?>$/i.test(html.trim())) {
						children.push(new TextRun({ break: 1 }))
						break
					}
					const text = htmlToText(html)
					// A closing tag is reported with its opening one.
					if (!/^<!--|^<\//.test(html.trim())) this.note('raw-html', `Raw HTML ${describeTag(html)} was reduced to its text.`, this.#lineIn(line, blockRaw, token.raw))
					if (text) children.push(...this.#textRuns(text, style))
					break
				}
				default:
					if ('tokens' in token && Array.isArray(token.tokens)) children.push(...this.#inline(token.tokens as Array<Token>, style, line, blockRaw))
					else if (typeof token.raw === 'string') children.push(...this.#textRuns(token.raw, style))
			}
		}
		return children
	}

	/** Soft line breaks inside a paragraph are spaces in Word, as in HTML. */
	#textWithBreaks(text: string, style: RunStyle): Array<TextRun> {
		return this.#textRuns(text.replace(/[ \t]*\n[ \t]*/g, ' '), style)
	}

	#link(token: Tokens.Link, style: RunStyle, line: number, blockRaw: string): Array<ParagraphChild> {
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
			if (anchor) return [new InternalHyperlink({ anchor, children: this.#inline(token.tokens, linkStyle, line, blockRaw) as Array<TextRun> })]
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
			return [new ExternalHyperlink({ link: href, children: this.#inline(token.tokens, linkStyle, line, blockRaw) as Array<TextRun> })]
		}
		const reason = url ? `its scheme (${url.protocol.slice(0, 20)}) is not http, https or mailto` : 'it is a relative address, which a Word document cannot follow'
		this.note('unsafe-link', `A link to "${href.slice(0, 80)}" was kept as plain text: ${reason}.`, line)
		return this.#inline(token.tokens, style, line, blockRaw)
	}

	#altRuns(token: Tokens.Image, style: RunStyle): Array<TextRun> {
		const alt = token.text.trim()
		return alt ? this.#textRuns(`[${decodeEntities(alt)}]`, { ...style, italics: true }) : []
	}

	#image(token: Tokens.Image, style: RunStyle, line: number): Array<ParagraphChild> {
		const href = token.href.trim()
		let data: Uint8Array | null = null
		let label = href.slice(0, 80)
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
		const scale = Math.min(1, this.#contentWidthPx / info.width)
		this.stats.images++
		return [
			new ImageRun({
				type: info.type,
				data,
				transformation: { width: Math.max(1, Math.round(info.width * scale)), height: Math.max(1, Math.round(info.height * scale)) },
				altText: { name: label.slice(0, 60) || 'image', description: decodeEntities(token.text).slice(0, 500), title: (token.title ?? '').slice(0, 200) },
			}),
		]
	}

	#footnoteRef(token: FootnoteRefToken, style: RunStyle, line: number): Array<ParagraphChild> {
		if (this.#footnoteDepth > 0) {
			// Word has no footnotes in footnotes, and readers loop on a footnote that references itself.
			this.note('unsupported', `A footnote reference inside a footnote ([^${token.label.slice(0, 40)}]) was kept as text.`, line)
			return this.#textRuns(token.raw, style)
		}
		const def = this.#footnoteDefs.get(token.label)
		if (!def) {
			this.note('missing-footnote', `Footnote [^${token.label.slice(0, 40)}] has no definition; the reference was kept as text.`, line)
			return this.#textRuns(token.raw, style)
		}
		let id = this.#footnoteIds.get(token.label)
		if (id === undefined) {
			id = this.#footnoteIds.size + 1
			this.#footnoteIds.set(token.label, id)
			this.stats.footnotes++
			this.#footnotes[String(id)] = { children: [] }
			const blocks: Array<Paragraph> = []
			this.#footnoteDepth++
			try {
				for (const child of def.tokens) {
					for (const block of this.#block(child, { quote: 0, indent: 0 }, line)) {
						if (block instanceof Paragraph) blocks.push(block)
						else this.note('unsupported', 'A table inside a footnote was left out.', line)
					}
				}
			} finally {
				this.#footnoteDepth--
			}
			this.#footnotes[String(id)] = { children: blocks.length ? blocks : [new Paragraph({})] }
		}
		return [new FootnoteReferenceRun(id)]
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
