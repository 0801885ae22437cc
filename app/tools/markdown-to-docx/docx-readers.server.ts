/**
 * For tests: what independent readers find in a .docx. pandoc (Debian's
 * `pandoc` package) reads the document into its AST (`-t json`), and reads
 * the Markdown source the same way (`-f gfm`), so the two outlines can be
 * compared construct by construct; the document's XML is read straight from
 * the zip for what pandoc does not keep (nested quotes, alignment, styles).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Outline = {
	headings: Array<string>
	/** Each list item's depth (1 = top level) and whether its list is ordered, in order. */
	listItems: Array<string>
	/** Each table's cells, row by row, as plain text. */
	tables: Array<Array<Array<string>>>
	/** Targets of links that leave the document (http, https, mailto). */
	links: Array<string>
	/** Links inside the document (`#…`). */
	internalLinks: number
	footnotes: number
	images: number
	codeBlocks: number
	/** Block quotes (outermost only: pandoc reads nested quotes from Word as one). */
	quotes: number
}

type PandocNode = { t: string; c?: unknown }

export function pandocAvailable(): boolean {
	return spawnSync('pandoc', ['--version']).status === 0
}

function pandocJson(args: Array<string>, input: Buffer | string): { blocks: Array<PandocNode> } {
	const output = execFileSync('pandoc', [...args, '-t', 'json'], { input, maxBuffer: 256 * 1024 * 1024, timeout: 60_000 })
	return JSON.parse(output.toString('utf8')) as { blocks: Array<PandocNode> }
}

/** pandoc's reading of a .docx. */
export function outlineOfDocx(docx: Uint8Array): Outline {
	// pandoc reads .docx from a file, not from standard input.
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-')), 'doc.docx')
	fs.writeFileSync(file, docx)
	try {
		return outline(JSON.parse(execFileSync('pandoc', ['-f', 'docx', '-t', 'json', file], { maxBuffer: 256 * 1024 * 1024, timeout: 60_000 }).toString('utf8')))
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true })
	}
}

/** pandoc's reading of the Markdown source (GitHub Flavored Markdown with footnotes and front matter). */
export function outlineOfMarkdown(markdown: string): Outline {
	return outline(pandocJson(['-f', 'gfm+footnotes+yaml_metadata_block'], markdown))
}

/** The Markdown pandoc writes for a .docx, for messages. */
export function docxAsMarkdown(docx: Uint8Array): string {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-')), 'doc.docx')
	fs.writeFileSync(file, docx)
	try {
		return execFileSync('pandoc', ['-f', 'docx', '-t', 'gfm', file], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }).toString('utf8')
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true })
	}
}

/** The plain text pandoc reads in a .docx (no Markdown escapes), for checking that every word is there. */
export function docxAsPlainText(docx: Uint8Array): string {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-')), 'doc.docx')
	fs.writeFileSync(file, docx)
	try {
		return execFileSync('pandoc', ['-f', 'docx', '-t', 'plain', '--wrap=none', file], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }).toString('utf8')
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true })
	}
}

function text(nodes: unknown): string {
	if (!Array.isArray(nodes)) return ''
	let out = ''
	for (const node of nodes as Array<PandocNode>) {
		switch (node.t) {
			case 'Str':
				out += node.c as string
				break
			case 'Space':
			case 'SoftBreak':
			case 'LineBreak':
				out += ' '
				break
			case 'Code':
				out += (node.c as [unknown, string])[1]
				break
			case 'Link':
			case 'Span':
				out += text((node.c as [unknown, unknown])[1])
				break
			case 'Image':
				out += text((node.c as [unknown, unknown])[1])
				break
			case 'Note':
				break
			case 'Quoted':
				out += `"${text((node.c as [unknown, unknown])[1])}"`
				break
			default:
				if (Array.isArray(node.c)) out += text(node.c)
		}
	}
	return out
}

/** Words only: pandoc and marked differ on spacing, quotes and escapes, not on words. */
export function normalise(value: string): string {
	return value
		.replace(/[\u2018\u2019]/g, "'")
		.replace(/[\u201c\u201d]/g, '"')
		.replace(/\s+/g, ' ')
		.trim()
}

function outline(doc: { blocks: Array<PandocNode> }): Outline {
	const result: Outline = { headings: [], listItems: [], tables: [], links: [], internalLinks: 0, footnotes: 0, images: 0, codeBlocks: 0, quotes: 0 }
	const inlines = (nodes: unknown) => {
		if (!Array.isArray(nodes)) return
		for (const node of nodes as Array<PandocNode>) {
			if (!node || typeof node !== 'object') continue
			if (node.t === 'Link') {
				const [, children, [target]] = node.c as [unknown, unknown, [string]]
				if (target.startsWith('#')) result.internalLinks++
				else result.links.push(target)
				inlines(children)
			} else if (node.t === 'Image') {
				result.images++
			} else if (node.t === 'Note') {
				result.footnotes++
				blocks(node.c as Array<PandocNode>, 0, true)
			} else if (Array.isArray(node.c)) {
				inlines(node.c)
			}
		}
	}
	const cellsOf = (rows: Array<unknown>) =>
		rows.map((row) => ((row as [unknown, Array<[unknown, unknown, unknown, unknown, Array<PandocNode>]>])[1] ?? []).map((cell) => normalise(cell[4].map((block) => text(block.c)).join(' '))))
	const blocks = (list: Array<PandocNode>, depth: number, inNote = false) => {
		for (const block of list) {
			switch (block.t) {
				case 'Header': {
					const [level, , content] = block.c as [number, unknown, unknown]
					result.headings.push(`${level} ${normalise(text(content))}`)
					inlines(content)
					break
				}
				case 'Para':
				case 'Plain':
					inlines(block.c)
					break
				case 'CodeBlock':
					result.codeBlocks++
					break
				case 'BlockQuote':
					if (!inNote) result.quotes++
					blocks(block.c as Array<PandocNode>, depth, true)
					break
				case 'BulletList':
				case 'OrderedList': {
					const items = (block.t === 'BulletList' ? block.c : (block.c as [unknown, unknown])[1]) as Array<Array<PandocNode>>
					for (const item of items) {
						result.listItems.push(`${depth + 1}${block.t === 'BulletList' ? '-' : '.'}`)
						blocks(item, depth + 1, inNote)
					}
					break
				}
				case 'Table': {
					// pandoc 2.10+: [attr, caption, colspecs, head, bodies, foot]
					const [, , , head, bodies] = block.c as [unknown, unknown, unknown, [unknown, Array<unknown>], Array<[unknown, unknown, Array<unknown>, Array<unknown>]>]
					const rows = [...cellsOf(head[1]), ...bodies.flatMap((body) => [...cellsOf(body[2]), ...cellsOf(body[3])])]
					result.tables.push(rows)
					// Links, notes and pictures in the cells.
					const cellBlocks = (list: Array<unknown>) =>
						list.flatMap((row) => ((row as [unknown, Array<[unknown, unknown, unknown, unknown, Array<PandocNode>]>])[1] ?? []).flatMap((cell) => cell[4]))
					blocks([...cellBlocks(head[1]), ...bodies.flatMap((body) => [...cellBlocks(body[2]), ...cellBlocks(body[3])])], depth, inNote)
					break
				}
				case 'Div':
					blocks((block.c as [unknown, Array<PandocNode>])[1], depth, inNote)
					break
				default:
					break
			}
		}
	}
	blocks(doc.blocks, 0)
	return result
}

/** A file of the .docx zip, as text (`word/document.xml`), read with `unzip -p`. */
export function docxPart(docx: Uint8Array, part: string): string {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-')), 'doc.docx')
	fs.writeFileSync(file, docx)
	try {
		return execFileSync('unzip', ['-p', file, part], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8')
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true })
	}
}

/**
 * mammoth's reading of a .docx (DOCX → HTML, a second reader independent of
 * pandoc), as the same outline: headings, list items by depth, table cells,
 * links, footnotes and pictures, from the HTML it writes.
 */
export async function outlineOfDocxByMammoth(docx: Uint8Array): Promise<Outline & { html: string }> {
	const mammoth = await import('mammoth')
	const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(docx) })
	const result: Outline & { html: string } = { headings: [], listItems: [], tables: [], links: [], internalLinks: 0, footnotes: 0, images: 0, codeBlocks: 0, quotes: 0, html }
	const lists: Array<'-' | '.'> = []
	let heading: { level: number; text: string } | null = null
	let table: Array<Array<string>> | null = null
	let cell: string | null = null
	let inFootnotes = false
	for (const match of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
		const [, closing, tag, attributes = '', text] = match
		if (text !== undefined) {
			const decoded = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')
			if (heading) heading.text += decoded
			if (cell !== null) cell += decoded
			continue
		}
		if (/^h[1-6]$/.test(tag!)) {
			if (closing && heading) {
				result.headings.push(`${heading.level} ${normalise(heading.text)}`)
				heading = null
			} else if (!closing) heading = { level: Number(tag![1]), text: '' }
		} else if (tag === 'ul' || tag === 'ol') {
			if (closing) lists.pop()
			else lists.push(tag === 'ul' ? '-' : '.')
		} else if (tag === 'li' && !closing) {
			if (/id="footnote-/.test(attributes)) inFootnotes = true
			else if (!inFootnotes) result.listItems.push(`${lists.length}${lists.at(-1)}`)
		} else if (tag === 'table') {
			if (closing && table) {
				result.tables.push(table)
				table = null
			} else if (!closing) table = []
		} else if (tag === 'tr' && !closing && table) table.push([])
		else if ((tag === 'td' || tag === 'th') && table) {
			if (closing && cell !== null) {
				table.at(-1)!.push(normalise(cell))
				cell = null
			} else if (!closing) cell = ''
		} else if (tag === 'a' && !closing) {
			const href = /href="([^"]*)"/.exec(attributes)?.[1]?.replace(/&amp;/g, '&')
			if (href === undefined) continue
			if (href.startsWith('#footnote-') && !/footnote-ref/.test(href)) result.footnotes++
			else if (href.startsWith('#')) {
				if (!href.startsWith('#footnote-ref')) result.internalLinks++
			} else result.links.push(href)
		} else if (tag === 'img') result.images++
	}
	return result
}

/** LibreOffice's command (Debian's `libreoffice-writer-nogui` package), or null. */
export function libreOfficeCommand(): string | null {
	for (const command of ['soffice', 'libreoffice']) {
		if (spawnSync(command, ['--version'], { timeout: 60_000 }).status === 0) return command
	}
	return null
}

/**
 * LibreOffice headless converts .docx files to PDF, all in one run (it takes
 * seconds to start): the PDF of each, by name, or null where it made none.
 * A profile of its own, so concurrent runs and a desktop session never meet.
 */
export function docxToPdfByLibreOffice(documents: Array<{ name: string; docx: Uint8Array }>): Map<string, Buffer | null> {
	const command = libreOfficeCommand()
	if (!command) throw new Error('LibreOffice is not installed (Debian package "libreoffice-writer-nogui")')
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-lo-'))
	try {
		const files = documents.map(({ name, docx }) => {
			const file = path.join(dir, `${name}.docx`)
			fs.writeFileSync(file, docx)
			return file
		})
		const out = path.join(dir, 'pdf')
		execFileSync(command, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...files], {
			timeout: 300_000,
			stdio: 'pipe',
		})
		return new Map(
			documents.map(({ name }) => {
				const pdf = path.join(out, `${name}.pdf`)
				return [name, fs.existsSync(pdf) ? fs.readFileSync(pdf) : null]
			}),
		)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

/** pdftotext's text of a PDF (Debian's `poppler-utils`), or null without it. */
export function pdfText(pdf: Buffer): string | null {
	const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 })
	return result.status === 0 ? result.stdout.toString('utf8') : null
}
