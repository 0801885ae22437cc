/**
 * A strict, non-validating XML 1.0 reader, just enough for sitemaps: one
 * pass, no recursion, every event with its offset so problems get a line
 * and column. Pure: no DOM, no Node APIs.
 *
 * Why not fast-xml-parser's XMLValidator: it accepts undefined entities
 * (`&foo;`), text after the root, a second root and `&#0;` (all measured),
 * which a sitemap checker must reject, and the sitemap rules need element
 * offsets anyway, so one strict pass does both.
 *
 * A DOCTYPE is refused outright: it is the only place entities can be
 * defined, so nothing is ever expanded (no billion laughs, no external
 * entities, XXE). Only the five predefined entities and character
 * references are read.
 */

/** Sitemaps nest four or five levels (urlset, url, video:video, video:price…); far deeper is not a sitemap. */
export const MAX_DEPTH = 100

export class XmlSyntaxError extends Error {
	constructor(
		message: string,
		readonly offset: number,
		/** Input too deeply nested to be a sitemap (422, not 400). */
		readonly tooDeep = false,
	) {
		super(message)
		this.name = 'XmlSyntaxError'
	}
}

export type XmlAttribute = { name: string; value: string; offset: number }

export type XmlHandlers = {
	declaration?: (attributes: ReadonlyArray<XmlAttribute>, offset: number) => void
	start: (name: string, attributes: ReadonlyArray<XmlAttribute>, offset: number, selfClosing: boolean) => void
	end: (name: string, offset: number) => void
	/** Character data inside the root (entities decoded, CDATA included). */
	text: (text: string, offset: number) => void
}

const NAME_START = ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}'
const NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*`, 'uy')
const SPACE = /[ \t\r\n]*/y
/** Characters XML 1.0 forbids anywhere: C0 controls but tab and line breaks, U+FFFE/FFFF, lone surrogates. */
const BAD_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function isXmlChar(code: number): boolean {
	return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
}

/** Text with its references decoded; `offset` is where `raw` starts in the document. */
export function decodeReferences(raw: string, offset: number): string {
	if (!raw.includes('&')) return raw
	let out = ''
	let from = 0
	for (let index = raw.indexOf('&'); index !== -1; index = raw.indexOf('&', from)) {
		out += raw.slice(from, index)
		const end = raw.indexOf(';', index)
		const name = end === -1 ? '' : raw.slice(index + 1, end)
		if (end === -1 || end - index > 12 || !/^(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z_][\w.-]*)$/.test(name)) {
			throw new XmlSyntaxError("A raw '&' must be written as &amp; (URLs in a sitemap are entity-escaped: & becomes &amp;).", offset + index)
		}
		if (name.startsWith('#')) {
			const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
			if (!isXmlChar(code)) throw new XmlSyntaxError(`&${name}; is not a character XML allows.`, offset + index)
			out += String.fromCodePoint(code)
		} else {
			const value = PREDEFINED[name]
			if (value === undefined) {
				throw new XmlSyntaxError(`Unknown entity &${name};: XML has only &amp; &lt; &gt; &quot; and &apos; (and &#…; references) without a DOCTYPE, which sitemaps may not have.`, offset + index)
			}
			out += value
		}
		from = end + 1
	}
	return out + raw.slice(from)
}

export function scanXml(text: string, handlers: XmlHandlers): void {
	const bad = BAD_CHAR.exec(text)
	if (bad) {
		const code = text.charCodeAt(bad.index)
		throw new XmlSyntaxError(`U+${code.toString(16).toUpperCase().padStart(4, '0')} is not a character XML allows.`, bad.index)
	}
	const open: Array<{ name: string; offset: number }> = []
	let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0
	let rootSeen = false
	const length = text.length

	const readName = (at: number, what: string): string => {
		NAME.lastIndex = at
		const match = NAME.exec(text)
		if (!match) throw new XmlSyntaxError(`Expected ${what} name here.`, at)
		return match[0]
	}
	const skipSpace = (at: number): number => {
		SPACE.lastIndex = at
		SPACE.exec(text)
		return SPACE.lastIndex
	}

	/** Attributes up to `>` or `/>` (or `?>` in the declaration); returns where the tag ends. */
	const readAttributes = (at: number, attributes: Array<XmlAttribute>, closer: '>' | '?>'): { end: number; selfClosing: boolean } => {
		let cursor = at
		for (;;) {
			const afterSpace = skipSpace(cursor)
			if (closer === '>' && text.startsWith('/>', afterSpace)) return { end: afterSpace + 2, selfClosing: true }
			if (text.startsWith(closer, afterSpace)) return { end: afterSpace + closer.length, selfClosing: false }
			if (afterSpace >= length) throw new XmlSyntaxError('The tag is not closed: the input ends inside it.', at)
			if (afterSpace === cursor && attributes.length > 0) throw new XmlSyntaxError('Attributes must be separated by white space.', afterSpace)
			const nameAt = afterSpace
			const name = readName(nameAt, 'an attribute')
			let cursorEq = skipSpace(nameAt + name.length)
			if (text[cursorEq] !== '=') throw new XmlSyntaxError(`Attribute '${name}' has no value: write ${name}="…".`, nameAt)
			cursorEq = skipSpace(cursorEq + 1)
			const quote = text[cursorEq]
			if (quote !== '"' && quote !== "'") throw new XmlSyntaxError(`The value of attribute '${name}' must be in quotes.`, cursorEq)
			const close = text.indexOf(quote, cursorEq + 1)
			if (close === -1) throw new XmlSyntaxError(`The value of attribute '${name}' has no closing quote.`, cursorEq)
			const raw = text.slice(cursorEq + 1, close)
			const lt = raw.indexOf('<')
			if (lt !== -1) throw new XmlSyntaxError(`'<' is not allowed in an attribute value: write &lt;.`, cursorEq + 1 + lt)
			if (attributes.some((each) => each.name === name)) throw new XmlSyntaxError(`Attribute '${name}' is repeated.`, nameAt)
			attributes.push({ name, value: decodeReferences(raw, cursorEq + 1).replace(/[\t\n\r]/g, ' '), offset: nameAt })
			cursor = close + 1
		}
	}

	while (pos < length) {
		const lt = text.indexOf('<', pos)
		const textEnd = lt === -1 ? length : lt
		if (textEnd > pos) {
			const raw = text.slice(pos, textEnd)
			if (open.length === 0) {
				const at = raw.search(/[^ \t\r\n]/)
				if (at !== -1) {
					throw new XmlSyntaxError(
						rootSeen ? 'Text after the root element: a sitemap ends with its closing tag.' : 'Text before the root element: the input is not XML (it should start with <?xml or <urlset).',
						pos + at,
					)
				}
			} else {
				const cdataEnd = raw.indexOf(']]>')
				if (cdataEnd !== -1) throw new XmlSyntaxError("']]>' is not allowed in text: write ]]&gt;.", pos + cdataEnd)
				handlers.text(decodeReferences(raw, pos), pos)
			}
		}
		if (lt === -1) break
		pos = lt
		if (text.startsWith('<?', pos)) {
			const close = text.indexOf('?>', pos + 2)
			if (close === -1) throw new XmlSyntaxError("The processing instruction is not closed with '?>'.", pos)
			const target = readName(pos + 2, 'a processing instruction')
			if (target.toLowerCase() === 'xml') {
				const bomLength = text.charCodeAt(0) === 0xfeff ? 1 : 0
				if (pos !== bomLength) throw new XmlSyntaxError('The XML declaration (<?xml …?>) must be the very first thing in the file, with nothing before it, not even a blank line.', pos)
				const attributes: Array<XmlAttribute> = []
				pos = readAttributes(pos + 5, attributes, '?>').end
				handlers.declaration?.(attributes, lt)
				continue
			}
			pos = close + 2
			continue
		}
		if (text.startsWith('<!--', pos)) {
			const close = text.indexOf('--', pos + 4)
			if (close === -1) throw new XmlSyntaxError("The comment is not closed with '-->'.", pos)
			if (text[close + 2] !== '>') throw new XmlSyntaxError("'--' is not allowed inside a comment.", close)
			pos = close + 3
			continue
		}
		if (text.startsWith('<![CDATA[', pos)) {
			if (open.length === 0) throw new XmlSyntaxError('CDATA is only allowed inside the root element.', pos)
			const close = text.indexOf(']]>', pos + 9)
			if (close === -1) throw new XmlSyntaxError("The CDATA section is not closed with ']]>'.", pos)
			handlers.text(text.slice(pos + 9, close), pos + 9)
			pos = close + 3
			continue
		}
		if (text.startsWith('<!DOCTYPE', pos) || text.startsWith('<!doctype', pos)) {
			throw new XmlSyntaxError(
				'A DOCTYPE is not allowed in a sitemap, and this checker never reads one: it can define entities (the “billion laughs” and external-entity attacks). Remove the <!DOCTYPE …> declaration.',
				pos,
			)
		}
		if (text.startsWith('<!', pos)) throw new XmlSyntaxError("'<!' starts nothing a sitemap may hold (only <!-- comments --> and <![CDATA[…]]>).", pos)
		if (text.startsWith('</', pos)) {
			const name = readName(pos + 2, 'a closing tag')
			const close = skipSpace(pos + 2 + name.length)
			if (text[close] !== '>') throw new XmlSyntaxError(`The closing tag </${name}> is not closed with '>'.`, pos)
			const top = open.pop()
			if (!top) throw new XmlSyntaxError(`</${name}> closes nothing: no element is open here.`, pos)
			if (top.name !== name) {
				const opened = lineOf(text, top.offset)
				throw new XmlSyntaxError(`Expected </${top.name}> (opened on line ${opened}) but found </${name}>.`, pos)
			}
			handlers.end(name, pos)
			pos = close + 1
			continue
		}
		NAME.lastIndex = pos + 1
		if (!NAME.test(text)) throw new XmlSyntaxError("A raw '<' must be written as &lt; (or the tag's name is missing).", pos)
		const name = readName(pos + 1, 'an element')
		if (open.length === 0 && rootSeen) throw new XmlSyntaxError(`A second root element <${name}>: a sitemap has one root, <urlset> or <sitemapindex>.`, pos)
		const attributes: Array<XmlAttribute> = []
		const { end, selfClosing } = readAttributes(pos + 1 + name.length, attributes, '>')
		rootSeen = true
		handlers.start(name, attributes, pos, selfClosing)
		if (selfClosing) handlers.end(name, pos)
		else {
			if (open.length >= MAX_DEPTH) throw new XmlSyntaxError(`Elements are nested more than ${MAX_DEPTH} levels deep: this is not a sitemap (they nest four or five).`, pos, true)
			open.push({ name, offset: pos })
		}
		pos = end
	}
	if (open.length > 0) {
		const innermost = open[open.length - 1]!
		const shown = open.slice(0, 5).map((each) => `<${each.name}>`).join(', ')
		const names = open.length > 5 ? `${shown} and ${(open.length - 5).toLocaleString('en-US')} more` : shown
		throw new XmlSyntaxError(open.length === 1 ? `Unclosed tag <${innermost.name}>: the input ends before </${innermost.name}>.` : `Unclosed tags ${names}: the input ends before they are closed.`, innermost.offset)
	}
	if (!rootSeen) throw new XmlSyntaxError('There is no XML element here: a sitemap starts with <?xml version="1.0" encoding="UTF-8"?> and <urlset>.', 0)
}

function lineOf(text: string, offset: number): number {
	let line = 1
	for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++
	return line
}
