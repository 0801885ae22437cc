/**
 * The PDF engine's operations, their options and its limits: the one
 * description the server (the job in the worker pool) and, later, the page
 * and its form read. Pure: no Node APIs.
 *
 * Each operation's options are a strict Zod object with a default for every
 * optional field, so a field left out takes its default and an unknown field
 * or value is a 400 naming it (`details.fields.<name>`). Numbers and booleans
 * may come as form strings ("90", "on").
 */
import { z } from 'zod'
import { MAX_RANGES_LENGTH } from './page-ranges.ts'

export const PDF_OPERATIONS = [
	'images-to-pdf',
	'merge',
	'split',
	'extract-pages',
	'delete-pages',
	'reorder-pages',
	'rotate',
	'page-numbers',
	'watermark',
	'metadata',
	'pdf-to-text',
	'pdf-to-images',
] as const

export type PdfOperation = (typeof PDF_OPERATIONS)[number]

/**
 * The engine's limits. Each protects the worker pool (one worker per job,
 * TOOL_TIMEOUT_MS and TOOL_MEMORY_MB each) from one request's work.
 */
export const PDF_LIMITS = {
	/** Files in one request: merge's and images → PDF's inputs. */
	maxFiles: 50,
	/** Bytes of one input file (the route's upload limit should not be higher). */
	maxFileBytes: 50 * 1024 * 1024,
	/** Bytes of all input files together. */
	maxTotalBytes: 100 * 1024 * 1024,
	/**
	 * Pages of one document, checked right after it is read and before any
	 * page is copied (a 1.2 MB file can declare 200,000 pages: SECURITY.md J5).
	 * 2,000 covers books and long reports; beyond that the work does not fit
	 * the pool's time limit anyway.
	 */
	maxPagesPerDocument: 2_000,
	/** Pages of all inputs together (merge: 20 files of 200 pages fit), and of any output. */
	maxPagesTotal: 4_000,
	/** Pages a PDF → images run renders. */
	maxRenderedPages: 100,
	/** Pixels of one rendered page (about A3 at 300 dpi), and along one side. */
	maxRenderPixelsPerPage: 20_000_000,
	maxRenderSide: 10_000,
	/** Pixels of all rendered pages together. */
	maxRenderPixelsTotal: 200_000_000,
	/** Pixels of one image inside a PDF that pdf.js decodes while rendering (larger ones are left out). */
	maxEmbeddedImagePixels: 40_000_000,
	/** Characters of extracted text (4 MB of text is more than 2,000 dense pages). */
	maxTextChars: 4_000_000,
} as const

/** Booleans as form fields send them. */
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])]).transform((value) => value === true || value === 'true' || value === 'on' || value === '1')

/** Page ranges such as `1-3,5,8-` (checked against the document by page-ranges.ts). */
const ranges = z.string().max(MAX_RANGES_LENGTH)
/** Optional page ranges: empty or missing means every page. */
const optionalRanges = ranges.default('')

/** Text drawn with the standard Helvetica font: printable Latin-1 (WinAnsi) only, checked again when drawn. */
const drawableText = (max: number) =>
	z
		.string()
		.max(max)
		.regex(/^[\x20-\x7e\u00a0-\u00ff€‘’“”•–—…™]*$/u, 'Use Latin letters, digits and common punctuation (the PDF standard font has no other characters)')

const hexColor = z
	.string()
	.regex(/^#?[0-9a-fA-F]{6}$/, 'Use a colour like #808080')
	.transform((value) => value.replace(/^#/, '').toLowerCase())

const angle = z.coerce.number().refine((value) => value === 90 || value === 180 || value === 270, 'Use 90, 180 or 270')

const empty = z.object({}).strict()

const position = z.enum(['bottom-center', 'bottom-left', 'bottom-right', 'top-center', 'top-left', 'top-right'])

export const PDF_OPTION_SCHEMAS = {
	'images-to-pdf': z
		.object({
			/** `fit`: each page is its image's size (at the image's own DPI, 96 when it says none); `a4`/`letter`: the image is scaled to fit inside the margins and centred. */
			pageSize: z.enum(['fit', 'a4', 'letter']).default('fit'),
			/** A4/letter only: `auto` turns each page to suit its image. */
			orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
			/** White space around each image, in millimetres (on `fit` pages too, which grow by it). */
			marginMm: z.coerce.number().min(0).max(50).default(0),
		})
		.strict(),
	merge: empty,
	split: z
		.object({
			/** `ranges`: one PDF per range of `ranges`; `every-page`: one PDF per page; `every-n`: one PDF per `n` pages. */
			mode: z.enum(['ranges', 'every-page', 'every-n']).default('every-page'),
			ranges: optionalRanges,
			n: z.coerce.number().int().min(1).max(PDF_LIMITS.maxPagesPerDocument).default(1),
		})
		.strict(),
	'extract-pages': z.object({ pages: ranges }).strict(),
	'delete-pages': z.object({ pages: ranges }).strict(),
	/** The new order, naming every page once: `3,1,2` or `4-6,1-3`. */
	'reorder-pages': z.object({ order: ranges }).strict(),
	rotate: z
		.object({
			/** Clockwise, added to each page's own rotation. */
			angle,
			pages: optionalRanges,
		})
		.strict(),
	'page-numbers': z
		.object({
			position: position.default('bottom-center'),
			/** `{n}` is the page's number, `{total}` the document's page count. */
			format: drawableText(100).default('{n}'),
			/** The number the first numbered page shows. */
			startAt: z.coerce.number().int().min(0).max(1_000_000).default(1),
			fontSize: z.coerce.number().min(6).max(72).default(11),
			/** Distance from the page's edges, in millimetres. */
			marginMm: z.coerce.number().min(0).max(100).default(12),
			/** Pages that get a number (the count still runs over every page); every page by default. */
			pages: optionalRanges,
		})
		.strict(),
	watermark: z
		.object({
			text: drawableText(200).refine((text) => text.trim().length > 0, 'Enter the watermark text'),
			/** 0 (invisible) to 1 (opaque). */
			opacity: z.coerce.number().min(0.01).max(1).default(0.3),
			/** Counter-clockwise, in degrees, as seen on the page. */
			angle: z.coerce.number().min(-180).max(180).default(45),
			/** Points; 0 sizes the text to span about 60 % of the page's diagonal. */
			fontSize: z.coerce.number().min(0).max(400).default(0),
			color: hexColor.default('#808080'),
			pages: optionalRanges,
		})
		.strict(),
	metadata: z
		.object({
			/** A field left out keeps the document's value; an empty string removes it. */
			title: z.string().max(1000).optional(),
			author: z.string().max(1000).optional(),
			subject: z.string().max(1000).optional(),
			/** Comma-separated. */
			keywords: z.string().max(2000).optional(),
		})
		.strict(),
	'pdf-to-text': z
		.object({
			/** `heading`: a `--- Page N ---` line before each page; `form-feed`: pages end with \f, as pdftotext writes them; `blank-line`: an empty line between pages. */
			separator: z.enum(['heading', 'form-feed', 'blank-line']).default('heading'),
			pages: optionalRanges,
		})
		.strict(),
	'pdf-to-images': z
		.object({
			dpi: z.coerce.number().int().min(36).max(300).default(150),
			pages: optionalRanges,
			/** Paint the page white first (PDFs are transparent where nothing is drawn). */
			background: z.enum(['white', 'transparent']).default('white'),
		})
		.strict(),
} satisfies Record<PdfOperation, z.ZodTypeAny>

export type PdfOptions<Operation extends PdfOperation> = z.output<(typeof PDF_OPTION_SCHEMAS)[Operation]>
export type PdfOptionsInput<Operation extends PdfOperation> = z.input<(typeof PDF_OPTION_SCHEMAS)[Operation]>

/** What goes between two pages' text (and between two blocks of pages read by different workers). */
export function textJoiner(separator: PdfOptions<'pdf-to-text'>['separator']): string {
	return separator === 'form-feed' ? '' : '\n'
}

/** How many input files each operation takes. */
export const PDF_OPERATION_FILES: Record<PdfOperation, { min: number; max: number; kind: 'pdf' | 'image' }> = {
	'images-to-pdf': { min: 1, max: PDF_LIMITS.maxFiles, kind: 'image' },
	merge: { min: 2, max: PDF_LIMITS.maxFiles, kind: 'pdf' },
	split: { min: 1, max: 1, kind: 'pdf' },
	'extract-pages': { min: 1, max: 1, kind: 'pdf' },
	'delete-pages': { min: 1, max: 1, kind: 'pdf' },
	'reorder-pages': { min: 1, max: 1, kind: 'pdf' },
	rotate: { min: 1, max: 1, kind: 'pdf' },
	'page-numbers': { min: 1, max: 1, kind: 'pdf' },
	watermark: { min: 1, max: 1, kind: 'pdf' },
	metadata: { min: 1, max: 1, kind: 'pdf' },
	'pdf-to-text': { min: 1, max: 1, kind: 'pdf' },
	'pdf-to-images': { min: 1, max: 1, kind: 'pdf' },
}

export const PDF_MEDIA_TYPE = 'application/pdf'
export const ZIP_MEDIA_TYPE = 'application/zip'
export const PNG_MEDIA_TYPE = 'image/png'
export const TEXT_MEDIA_TYPE = 'text/plain; charset=utf-8'

export type PdfContentType = typeof PDF_MEDIA_TYPE | typeof ZIP_MEDIA_TYPE | typeof PNG_MEDIA_TYPE | typeof TEXT_MEDIA_TYPE

/** An input file: its bytes and the name it was uploaded with (used only for output names; files are identified by their bytes). */
export type PdfInputFile = { name: string; data: Uint8Array }

/**
 * An operation's one output. `pageCount`: pages of the output PDF; for a
 * ZIP of PDFs, pages of all its PDFs; for text and images, the pages read.
 */
export type PdfOutput = {
	fileName: string
	contentType: PdfContentType
	data: Uint8Array
	pageCount: number
	/** What the user should know about the result (issue 29: an encrypted input's restrictions not kept, its password kept or not); absent when nothing. */
	notes?: Array<string>
}

/** A stored result as `POST /api/convert/upload` answers it (201) and the page shows it. */
export type StoredResult = {
	id: string
	fileName: string
	contentType: string
	size: number
	pageCount: number
	downloadUrl: string
	expiresAt: string
	/** Anonymous callers only: what deleting the file takes (shown once, stored only as a hash). */
	deleteToken?: string
	/** The run's notes (PdfOutput.notes), when it has any: answered once, not stored. */
	notes?: Array<string>
}

/** What an operation reports as it goes: `done` of `total` (pages, files or parts; `total` 0 when not known) and what it is doing. */
export type PdfProgress = (update: { done: number; total: number; stage: string }) => void

export const noProgress: PdfProgress = () => {}
