/**
 * Markdown → DOCX: the conversion, run in the server's job worker
 * (job.server.ts), never on the request thread. marked reads the Markdown
 * (GFM, plus footnotes through the extension below), docx-writer.ts writes
 * the Word document, and the report lists what was dropped or degraded.
 */
import { Packer } from 'docx'
import { Marked, type Token, type TokenizerExtension } from 'marked'
import { tooComplex, ToolError } from '#app/tools/kit/core.ts'
import { checkComplexity } from './complexity.ts'
import { DocxWriter, type FootnoteDefToken, type UploadedImage, type WriterStats } from './docx-writer.ts'
import { splitFrontMatter, type FrontMatter } from './front-matter.ts'
import { type DocxOptions, type ReportEntry } from './options.ts'

/** Markdown text the converter takes (issue 13). */
export const MAX_MARKDOWN_BYTES = 5 * 1024 * 1024

/**
 * Table cells in one document. docx builds several objects a cell: 20,000
 * cells take about 2 s and 250 MB here, 200,000 (100,000 rows of two
 * columns) 20 s and 1 GB, past the job's time and memory limits. Larger
 * tables are refused at once, before any of that is spent.
 */
export const MAX_TABLE_CELLS = 20_000

/**
 * Markdown beyond which the table of contents has no page numbers (its
 * entries still link to the headings): laying out the pages costs about
 * as much again as the whole conversion, 3–4 s more for 200 KB here.
 */
export const TOC_PAGE_NUMBERS_MAX_CHARS = 100_000

export type ConvertInput = { markdown: string; options: DocxOptions; images?: Array<UploadedImage> }

export type ConvertResult = {
	docx: Uint8Array
	report: Array<ReportEntry>
	title: string | undefined
	firstHeading: string | undefined
	frontMatter: FrontMatter | null
	stats: WriterStats
}

const footnoteDefinition: TokenizerExtension = {
	name: 'footnoteDef',
	level: 'block',
	start(src) {
		return /^\[\^/m.exec(src)?.index
	},
	tokenizer(src) {
		// `[^label]: text`, continued by lines indented two or more spaces (blank lines between allowed).
		const match = /^\[\^([^\]\s]{1,100})\]:[ \t]*([^\n]*(?:\n(?:[ \t]{2,}[^\n]*|[ \t]*(?=\n[ \t]{2,}\S)))*)(?:\n|$)/.exec(src)
		if (!match) return undefined
		const body = match[2]!.replace(/\n[ \t]{2,4}/g, '\n')
		const token: FootnoteDefToken = { type: 'footnoteDef', raw: match[0], label: match[1]!, tokens: [] }
		this.lexer.blockTokens(body, token.tokens)
		return token
	},
}

const footnoteReference: TokenizerExtension = {
	name: 'footnoteRef',
	level: 'inline',
	start(src) {
		return src.indexOf('[^') === -1 ? undefined : src.indexOf('[^')
	},
	tokenizer(src) {
		const match = /^\[\^([^\]\s]{1,100})\]/.exec(src)
		return match ? { type: 'footnoteRef', raw: match[0], label: match[1]! } : undefined
	},
}

function makeMarked() {
	return new Marked({ gfm: true, extensions: [footnoteDefinition, footnoteReference] })
}

/**
 * NUL and the other C0 controls Word refuses (tabs and newlines kept), and
 * lone surrogates, out of the text before anything reads it; CRLF and CR to LF.
 */
export function cleanText(text: string): string {
	return (
		text
			.replace(/\r\n?/g, '\n')
			// eslint-disable-next-line no-control-regex
			.replace(/\u0000/g, '\ufffd')
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '')
			.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
	)
}

function collectFootnotes(tokens: ReadonlyArray<Token>, into: Map<string, FootnoteDefToken>) {
	for (const token of tokens) {
		if (token.type === 'footnoteDef') {
			const def = token as unknown as FootnoteDefToken
			if (!into.has(def.label)) into.set(def.label, def)
		} else if (token.type === 'blockquote' && token.tokens) collectFootnotes(token.tokens, into)
		else if (token.type === 'list') for (const item of token.items as Array<{ tokens: Array<Token> }>) collectFootnotes(item.tokens, into)
	}
}

function countTableCells(tokens: ReadonlyArray<Token>): number {
	let cells = 0
	for (const token of tokens) {
		if (token.type === 'table') cells += (token.header as Array<unknown>).length * (1 + (token.rows as Array<unknown>).length)
		else if (token.type === 'blockquote' && token.tokens) cells += countTableCells(token.tokens)
		else if (token.type === 'list') for (const item of token.items as Array<{ tokens: Array<Token> }>) cells += countTableCells(item.tokens)
	}
	return cells
}

export function lexMarkdown(markdown: string): Array<Token> {
	try {
		return makeMarked().lexer(markdown)
	} catch (error) {
		if (error instanceof RangeError) throw tooComplex('The Markdown is nested too deeply to convert.', { reason: 'nesting' })
		throw error
	}
}

export async function convertMarkdownToDocx({ markdown, options, images = [] }: ConvertInput): Promise<ConvertResult> {
	const text = cleanText(markdown.replace(/^\ufeff/, ''))
	if (text.trim() === '') throw new ToolError('Validation failed: the Markdown is empty.', { fields: { markdown: 'Send some Markdown' } })
	const { frontMatter, body, lines } = splitFrontMatter(text)
	checkComplexity(body, lines + 1)
	const tokens = lexMarkdown(body)
	const cells = countTableCells(tokens)
	if (cells > MAX_TABLE_CELLS) {
		throw tooComplex(`The tables have ${cells.toLocaleString('en-US')} cells in all (limit ${MAX_TABLE_CELLS.toLocaleString('en-US')}).`, { reason: 'table-cells', limit: MAX_TABLE_CELLS })
	}
	const footnotes = new Map<string, FootnoteDefToken>()
	collectFootnotes(tokens, footnotes)
	const inlineLexer = makeMarked()
	const writer = new DocxWriter({
		tokens,
		firstLine: lines + 1,
		options,
		frontMatter,
		images,
		footnotes,
		pageNumbers: body.length <= TOC_PAGE_NUMBERS_MAX_CHARS,
		lexInline: (fragment) => inlineLexer.Lexer.lexInline(fragment, inlineLexer.defaults),
	})
	let built
	try {
		built = writer.build()
	} catch (error) {
		if (error instanceof RangeError) throw tooComplex('The Markdown is nested too deeply to convert.', { reason: 'nesting' })
		throw error
	}
	const { document, report, title, firstHeading, stats } = built
	if (frontMatter === null && /^---[ \t]*\n/.test(text)) {
		report.unshift({ line: 1, kind: 'front-matter', message: 'The front matter is not closed by a "---" line; it was read as Markdown.' })
	}
	if (options.toc && body.length > TOC_PAGE_NUMBERS_MAX_CHARS && stats.headings > 0) {
		report.push({ line: 0, kind: 'toc-pages', message: 'The document is long, so its table of contents links to the headings without page numbers (Word adds them when the table is updated).' })
	}
	const docx = new Uint8Array(await Packer.toArrayBuffer(document))
	return { docx, report, title, firstHeading, frontMatter, stats }
}
