/**
 * Markdown → DOCX: the conversion, run in the server's job worker
 * (job.server.ts), never on the request thread. marked reads the Markdown
 * (GFM, plus footnotes through the extension below), docx-writer.ts writes
 * the Word document, and the report lists what was dropped or degraded.
 */
import { Document, Packer } from 'docx'
import { Marked, type Token, type TokenizerExtension } from 'marked'
import { tooComplex, ToolError } from '#app/tools/kit/core.ts'
import { checkComplexity } from './complexity.ts'
import { DocxWriter, type FootnoteDefToken, type UploadedImage, type WriterOutput, type WriterStats } from './docx-writer.ts'
import { describeFrontMatter, splitFrontMatter, type FrontMatter } from './front-matter.ts'
import { type DocxOptions, type ReportEntry } from './options.ts'

export { MAX_MARKDOWN_BYTES } from './options.ts'

export { MAX_TABLE_CELLS } from './complexity.ts'

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
	// No start(): like a link reference definition, a footnote definition cannot interrupt a
	// paragraph. (A start() that searched the rest of the text at every paragraph cost
	// seconds on long documents: marked calls it once per paragraph with all the text left.)
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
	// Refused by the text, before marked spends anything on it (the shared check the blog runs too).
	checkComplexity(body, lines + 1)
	const tokens = lexMarkdown(body)
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
		lexInline: (fragment) => inlineLexer.Lexer.lexInline(fragment, inlineLexer.defaults),
	})
	let built
	try {
		built = writer.build()
	} catch (error) {
		if (error instanceof RangeError) throw tooComplex('The Markdown is nested too deeply to convert.', { reason: 'nesting' })
		throw error
	}
	const { report, title, firstHeading, stats } = built
	// Front matter is not text of the document: the report says what became of it.
	if (frontMatter) report.unshift({ line: 1, kind: 'front-matter', message: describeFrontMatter(frontMatter, lines) })
	const docx = await packDocx(built)
	return { docx, report, title, firstHeading, frontMatter, stats }
}

const RELATIONSHIP_TYPES = {
	hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
	image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
} as const

/**
 * The package: `docx` writes the styles, settings, document properties,
 * relationships, content types and the zip; the parts the writer made as
 * text (the body, the footnotes, the numbering and the pictures) replace
 * its own, and their relationships are added to its lists.
 */
async function packDocx(built: WriterOutput): Promise<Uint8Array> {
	const document = new Document({
		...built.properties,
		styles: built.styles as ConstructorParameters<typeof Document>[0]['styles'],
		sections: [{ children: [] }],
	})
	for (const { id, type, target } of built.relationships.document) {
		document.Document.Relationships.addRelationship(id, RELATIONSHIP_TYPES[type], target, type === 'hyperlink' ? 'External' : undefined)
	}
	for (const { id, type, target } of built.relationships.footnotes) {
		document.FootNotes.Relationships.addRelationship(id, RELATIONSHIP_TYPES[type], target, type === 'hyperlink' ? 'External' : undefined)
	}
	const overrides = [
		{ path: 'word/document.xml', data: built.documentXml },
		{ path: 'word/footnotes.xml', data: built.footnotesXml },
		{ path: 'word/numbering.xml', data: built.numberingXml },
		// Binary parts: docx zips the bytes as they are.
		...built.media.map((media) => ({ path: `word/media/${media.fileName}`, data: media.data as unknown as string })),
	]
	return new Uint8Array(await Packer.toArrayBuffer(document, undefined, overrides))
}
