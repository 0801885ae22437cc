/**
 * WordprocessingML written as text: the few elements the converter needs,
 * each with its children in the order the schema requires (Word refuses a
 * document whose `w:pPr` or `w:rPr` children are out of order).
 *
 * Why text and not `docx` objects: `docx` builds several objects for every
 * run, paragraph and cell, then a second tree to serialise them. For 5 MB
 * of Markdown that is about 1.8 GB and 12 s before any of our fidelity
 * (issue 13's figures); written as text the body costs a few bytes of
 * string per byte of XML. `docx` still writes everything around the body:
 * styles, settings, properties, relationships and the zip (core.ts).
 */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Text and attribute values, escaped. Control characters were removed before (core.ts `cleanText`). */
export function esc(text: string): string {
	return /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (char) => XML_ESCAPES[char]!) : text
}

export type RunProps = {
	style?: string
	font?: string
	bold?: boolean
	italics?: boolean
	strike?: boolean
	color?: string
}

/** `w:rPr` in schema order: rStyle, rFonts, b, i, strike, color. */
export function runProps({ style, font, bold, italics, strike, color }: RunProps): string {
	let xml = ''
	if (style) xml += `<w:rStyle w:val="${style}"/>`
	if (font) {
		const name = esc(font)
		xml += `<w:rFonts w:ascii="${name}" w:cs="${name}" w:eastAsia="${name}" w:hAnsi="${name}"/>`
	}
	if (bold) xml += '<w:b/><w:bCs/>'
	if (italics) xml += '<w:i/><w:iCs/>'
	if (strike) xml += '<w:strike/>'
	if (color) xml += `<w:color w:val="${color}"/>`
	return xml ? `<w:rPr>${xml}</w:rPr>` : ''
}

/** A run of text (nothing for empty text). */
export function textRun(text: string, props: RunProps = {}): string {
	if (text === '') return ''
	return `<w:r>${runProps(props)}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`
}

/** Code's text as runs, each tab a real tab (`<w:tab/>`; a tab character inside `<w:t>` is not one to Word or its readers). */
export function codeRun(text: string, props: RunProps = {}): string {
	return text
		.split('\t')
		.map((piece) => textRun(piece, props))
		.join(`<w:r>${runProps(props)}<w:tab/></w:r>`)
}

export const LINE_BREAK = '<w:r><w:br/></w:r>'
export const PAGE_BREAK_PARAGRAPH = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'

export type Border = { val: 'single' | 'none'; color: string; size: number; space?: number }

export function border(side: string, { val, color, size, space }: Border): string {
	return `<w:${side} w:val="${val}" w:color="${color}" w:sz="${size}"${space === undefined ? '' : ` w:space="${space}"`}/>`
}

export function shading(fill: string): string {
	return `<w:shd w:fill="${fill}" w:color="auto" w:val="clear"/>`
}

export type ParagraphProps = {
	style?: string
	keepNext?: boolean
	keepLines?: boolean
	numbering?: { numId: number; level: number }
	/** Paragraph borders by side (top, left, bottom, right). */
	borders?: Partial<Record<'top' | 'left' | 'bottom' | 'right', Border>>
	fill?: string
	/** Left tab stops, in twips from the margin. */
	tabStops?: Array<number>
	spacing?: { before?: number; after?: number }
	indent?: { left: number; right?: number; hanging?: number }
	align?: 'left' | 'center' | 'right'
}

/** `w:pPr` in schema order: pStyle, keepNext, keepLines, numPr, pBdr, shd, tabs, spacing, ind, jc. */
export function paragraphProps(props: ParagraphProps): string {
	let xml = ''
	if (props.style) xml += `<w:pStyle w:val="${props.style}"/>`
	if (props.keepNext) xml += '<w:keepNext/>'
	if (props.keepLines) xml += '<w:keepLines/>'
	if (props.numbering) xml += `<w:numPr><w:ilvl w:val="${props.numbering.level}"/><w:numId w:val="${props.numbering.numId}"/></w:numPr>`
	if (props.borders) {
		let sides = ''
		for (const side of ['top', 'left', 'bottom', 'right'] as const) {
			const edge = props.borders[side]
			if (edge) sides += border(side, edge)
		}
		if (sides) xml += `<w:pBdr>${sides}</w:pBdr>`
	}
	if (props.fill) xml += shading(props.fill)
	if (props.tabStops?.length) xml += `<w:tabs>${props.tabStops.map((pos) => `<w:tab w:val="left" w:pos="${Math.round(pos)}"/>`).join('')}</w:tabs>`
	if (props.spacing) {
		const { before, after } = props.spacing
		xml += `<w:spacing${after === undefined ? '' : ` w:after="${after}"`}${before === undefined ? '' : ` w:before="${before}"`}/>`
	}
	if (props.indent) {
		const { left, right, hanging } = props.indent
		xml += `<w:ind w:left="${left}"${right === undefined ? '' : ` w:right="${right}"`}${hanging === undefined ? '' : ` w:hanging="${hanging}"`}/>`
	}
	if (props.align) xml += `<w:jc w:val="${props.align}"/>`
	return xml ? `<w:pPr>${xml}</w:pPr>` : ''
}

export function paragraph(props: ParagraphProps, content: string): string {
	return `<w:p>${paragraphProps(props)}${content}</w:p>`
}

/** EMUs per pixel at 96 dpi. */
const EMU_PER_PIXEL = 9525

/** An inline picture, `relationshipId` naming its media part. */
export function drawing({ relationshipId, id, width, height, name, description, title }: { relationshipId: string; id: number; width: number; height: number; name: string; description: string; title: string }): string {
	const cx = width * EMU_PER_PIXEL
	const cy = height * EMU_PER_PIXEL
	const a = 'http://schemas.openxmlformats.org/drawingml/2006/main'
	return (
		`<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent t="0" r="0" b="0" l="0"/>` +
		`<wp:docPr id="${id}" name="${esc(name)}" descr="${esc(description)}"${title ? ` title="${esc(title)}"` : ''}/>` +
		`<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${a}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
		`<a:graphic xmlns:a="${a}"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
		`<pic:nvPicPr><pic:cNvPr id="${id}" name="${esc(name)}" descr="${esc(description)}"/><pic:cNvPicPr><a:picLocks noChangeAspect="1" noChangeArrowheads="1"/></pic:cNvPicPr></pic:nvPicPr>` +
		`<pic:blipFill><a:blip r:embed="${relationshipId}" cstate="none"/><a:srcRect/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
		`<pic:spPr bwMode="auto"><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
		`</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
	)
}

/** The namespaces of a WordprocessingML part's root element (as Word writes them). */
const NAMESPACES =
	'xmlns:wpc="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
	'xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
	'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:v="urn:schemas-microsoft-com:vml" ' +
	'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
	'xmlns:w10="urn:schemas-microsoft-com:office:word" xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
	'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" ' +
	'xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup" xmlns:wpi="http://schemas.microsoft.com/office/word/2010/wordprocessingInk" ' +
	'xmlns:wne="http://schemas.microsoft.com/office/word/2006/wordml" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" mc:Ignorable="w14 w15 wp14"'

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'

/** A whole part: `<w:document>`, `<w:footnotes>` or `<w:numbering>` around its content. */
export function part(root: 'document' | 'footnotes' | 'numbering', content: string): string {
	return `${DECLARATION}<w:${root} ${NAMESPACES}>${content}</w:${root}>`
}

/** The footnotes part's two separators (ids -1 and 0), which Word requires before the notes. */
export const FOOTNOTE_SEPARATORS =
	'<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>' +
	'<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'

export type SectionSetup = { width: number; height: number; landscape: boolean; margin: number }

export function sectionProps({ width, height, landscape, margin }: SectionSetup): string {
	return (
		`<w:sectPr><w:pgSz w:w="${width}" w:h="${height}" w:orient="${landscape ? 'landscape' : 'portrait'}"/>` +
		`<w:pgMar w:top="${margin}" w:right="${margin}" w:bottom="${margin}" w:left="${margin}" w:header="708" w:footer="708" w:gutter="0"/>` +
		`<w:pgNumType/><w:docGrid w:linePitch="360"/></w:sectPr>`
	)
}
