/**
 * The converter's options, shared by the API (fields of the multipart form)
 * and the core: a strict schema with defaults, so a field left out takes its
 * default and an unknown value is a 400 naming the field.
 */
import { z } from 'zod'

/** A font name Word can look up: letters, digits, spaces and a few marks; never markup. */
const fontName = z
	.string()
	.trim()
	.min(1)
	.max(64)
	.regex(/^[\p{L}\p{N} ._-]+$/u, 'Use letters, digits, spaces, dots, dashes or underscores')

/** Booleans as form fields send them. */
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])]).transform((value) => value === true || value === 'true' || value === 'on' || value === '1')

export const DocxOptionsSchema = z
	.object({
		pageSize: z.enum(['a4', 'letter']).default('a4'),
		orientation: z.enum(['portrait', 'landscape']).default('portrait'),
		/** Every margin, in millimetres. */
		marginMm: z.coerce.number().min(5).max(60).default(25),
		bodyFont: fontName.default('Calibri'),
		/** Body text size in points (half points allowed). */
		bodySize: z.coerce.number().min(6).max(36).multipleOf(0.5).default(11),
		codeFont: fontName.default('Consolas'),
		tableStyle: z.enum(['grid', 'light', 'none']).default('grid'),
		/** A table of contents filled in with the headings (links to them, with estimated page numbers). */
		toc: formBoolean.default(false),
		/** Where the document's title comes from: front matter first (then the first heading), or the first heading only. */
		titleFrom: z.enum(['front-matter', 'first-heading']).default('front-matter'),
	})
	.strict()

export type DocxOptions = z.output<typeof DocxOptionsSchema>
export type DocxOptionsInput = z.input<typeof DocxOptionsSchema>

export const DOCX_OPTION_NAMES = Object.keys(DocxOptionsSchema.shape) as Array<keyof DocxOptions>

/** One entry of the conversion report: a construct dropped or degraded, with its 1-based source line. */
export type ReportEntry = { line: number; kind: ReportKind; message: string }

export type ReportKind =
	| 'remote-image'
	| 'missing-image'
	| 'unsupported-image'
	| 'image-too-large'
	| 'raw-html'
	| 'unsafe-link'
	| 'list-depth'
	| 'missing-footnote'
	| 'unsupported'
	| 'front-matter'

/** Markdown text the converter takes (issue 13); here, not in core.ts, so the page knows it without loading the engines. */
export const MAX_MARKDOWN_BYTES = 5 * 1024 * 1024

export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
