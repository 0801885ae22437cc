/**
 * The Convert form's model, shared by the page (server render, no-JS form)
 * and the browser's checks: each operation's name, description and fields
 * (the API's names, with labels and hints; defaults read from
 * PDF_OPTION_SCHEMAS), the files it takes (PDF_OPERATION_FILES), and the
 * checks made before sending: the same Zod schemas the engine uses, page
 * ranges parsed as the engine parses them, file count, kind and size.
 * Pure: no DOM, no Node APIs.
 */
import { type z } from 'zod'
import { formatBytes } from '#app/utils/format.ts'
import { PDF_LIMITS, PDF_OPERATION_FILES, PDF_OPERATIONS, PDF_OPTION_SCHEMAS, type PdfOperation } from '../options.ts'
import { parsePageRanges } from '../page-ranges.ts'

export const DEFAULT_OPERATION: PdfOperation = 'merge'

/** The API the page sends to with JavaScript, and the command line's example calls. */
export const UPLOAD_API_PATH = '/api/convert/upload'

export function isOperation(value: unknown): value is PdfOperation {
	return typeof value === 'string' && (PDF_OPERATIONS as ReadonlyArray<string>).includes(value)
}

export function operationFrom(value: unknown): PdfOperation {
	return isOperation(value) ? value : DEFAULT_OPERATION
}

type Choice = { id: string; label: string }

type FieldBase = {
	/** The API's (and the engine's) option name: the form field's name. */
	name: string
	label: string
	hint?: string
	/** Shown only when another field has one of these values (with JavaScript; without it every field shows and the engine ignores none: each has a default). */
	when?: { field: string; is: ReadonlyArray<string> }
	/** A value for the form when the schema has no default (rotate's angle). */
	initial?: string
}

export type FieldSpec =
	| (FieldBase & { kind: 'choice'; choices: ReadonlyArray<Choice>; display?: 'pills' | 'select' })
	| (FieldBase & { kind: 'number'; min: number; max: number; step: number; unit?: string })
	| (FieldBase & { kind: 'text'; maxLength: number; required?: boolean; placeholder?: string })
	| (FieldBase & { kind: 'ranges'; required: boolean; placeholder: string })
	| (FieldBase & { kind: 'color' })

export type OperationSpec = {
	id: PdfOperation
	/** The operation's name as a button says it. */
	label: string
	/** One line under the name. */
	description: string
	/** What the processing display says ("Merging PDFs"). */
	doing: string
	fields: ReadonlyArray<FieldSpec>
}

const pagesField = (hint = 'Leave empty for every page. Example: 1-3,5,8-'): FieldSpec => ({ kind: 'ranges', name: 'pages', label: 'Pages', hint, required: false, placeholder: 'All pages' })

export const OPERATIONS: ReadonlyArray<OperationSpec> = [
	{
		id: 'merge',
		label: 'Merge PDFs',
		description: 'Join two or more PDFs into one, in the order listed.',
		doing: 'Merging PDFs',
		fields: [],
	},
	{
		id: 'split',
		label: 'Split a PDF',
		description: 'Cut one PDF into several, downloaded together as a ZIP.',
		doing: 'Splitting the PDF',
		fields: [
			{
				kind: 'choice',
				name: 'mode',
				label: 'Split',
				choices: [
					{ id: 'every-page', label: 'Every page' },
					{ id: 'every-n', label: 'Every N pages' },
					{ id: 'ranges', label: 'By ranges' },
				],
			},
			{ kind: 'ranges', name: 'ranges', label: 'Ranges', hint: 'One PDF per range, for example 1-3,5,8- (used with “By ranges”).', required: false, placeholder: '1-3,5,8-', when: { field: 'mode', is: ['ranges'] } },
			{ kind: 'number', name: 'n', label: 'Pages per PDF', hint: 'Used with “Every N pages”.', min: 1, max: PDF_LIMITS.maxPagesPerDocument, step: 1, when: { field: 'mode', is: ['every-n'] } },
		],
	},
	{
		id: 'extract-pages',
		label: 'Extract pages',
		description: 'Keep only the pages you name, in a new PDF.',
		doing: 'Extracting pages',
		fields: [{ kind: 'ranges', name: 'pages', label: 'Pages to keep', hint: 'For example 1-3,5,8- (8- means 8 to the end).', required: true, placeholder: '1-3,5,8-' }],
	},
	{
		id: 'delete-pages',
		label: 'Delete pages',
		description: 'Remove the pages you name and keep the rest.',
		doing: 'Deleting pages',
		fields: [{ kind: 'ranges', name: 'pages', label: 'Pages to delete', hint: 'For example 2,7-9.', required: true, placeholder: '2,7-9' }],
	},
	{
		id: 'reorder-pages',
		label: 'Reorder pages',
		description: 'Put the pages of a PDF in a new order.',
		doing: 'Reordering pages',
		fields: [{ kind: 'ranges', name: 'order', label: 'New order', hint: 'Name every page once, for example 3,1,2 or 4-6,1-3.', required: true, placeholder: '3,1,2' }],
	},
	{
		id: 'rotate',
		label: 'Rotate pages',
		description: 'Turn every page, or the pages you name, clockwise.',
		doing: 'Rotating pages',
		fields: [
			{
				kind: 'choice',
				name: 'angle',
				label: 'Angle (clockwise)',
				initial: '90',
				choices: [
					{ id: '90', label: '90°' },
					{ id: '180', label: '180°' },
					{ id: '270', label: '270°' },
				],
			},
			pagesField('Leave empty to rotate every page, or name some: 1-3,5.'),
		],
	},
	{
		id: 'page-numbers',
		label: 'Add page numbers',
		description: 'Print a number on each page, where and how you choose.',
		doing: 'Numbering pages',
		fields: [
			{
				kind: 'choice',
				name: 'position',
				label: 'Position',
				display: 'select',
				choices: [
					{ id: 'bottom-center', label: 'Bottom centre' },
					{ id: 'bottom-left', label: 'Bottom left' },
					{ id: 'bottom-right', label: 'Bottom right' },
					{ id: 'top-center', label: 'Top centre' },
					{ id: 'top-left', label: 'Top left' },
					{ id: 'top-right', label: 'Top right' },
				],
			},
			{ kind: 'text', name: 'format', label: 'Format', hint: '{n} is the page’s number, {total} the page count: “Page {n} of {total}”.', maxLength: 100 },
			{ kind: 'number', name: 'startAt', label: 'First number', hint: 'The number the first numbered page shows.', min: 0, max: 1_000_000, step: 1 },
			{ kind: 'number', name: 'fontSize', label: 'Text size', unit: 'pt', min: 6, max: 72, step: 1 },
			{ kind: 'number', name: 'marginMm', label: 'Distance from the edge', unit: 'mm', min: 0, max: 100, step: 1 },
			pagesField('Leave empty to number every page; the count still runs over all of them.'),
		],
	},
	{
		id: 'watermark',
		label: 'Add a watermark',
		description: 'Write a word such as DRAFT across the pages.',
		doing: 'Adding the watermark',
		fields: [
			{ kind: 'text', name: 'text', label: 'Watermark text', maxLength: 200, required: true, placeholder: 'DRAFT' },
			{ kind: 'number', name: 'opacity', label: 'Opacity', hint: 'From 0.01 (faint) to 1 (solid).', min: 0.01, max: 1, step: 0.01 },
			{ kind: 'number', name: 'angle', label: 'Angle', unit: '°', hint: 'Counter-clockwise, −180 to 180.', min: -180, max: 180, step: 1 },
			{ kind: 'number', name: 'fontSize', label: 'Text size', unit: 'pt', hint: '0 fits the text across the page.', min: 0, max: 400, step: 1 },
			{ kind: 'color', name: 'color', label: 'Colour' },
			pagesField(),
		],
	},
	{
		id: 'metadata',
		label: 'Edit properties',
		description: 'Set the title, author, subject and keywords readers show.',
		doing: 'Writing the properties',
		fields: [
			{ kind: 'text', name: 'title', label: 'Title', maxLength: 1000, hint: 'Leave a field empty to keep the document’s own value.' },
			{ kind: 'text', name: 'author', label: 'Author', maxLength: 1000 },
			{ kind: 'text', name: 'subject', label: 'Subject', maxLength: 1000 },
			{ kind: 'text', name: 'keywords', label: 'Keywords', maxLength: 2000, hint: 'Separated by commas.' },
		],
	},
	{
		id: 'pdf-to-text',
		label: 'PDF to text',
		description: 'Copy the text of the pages into a .txt file.',
		doing: 'Extracting the text',
		fields: [
			{
				kind: 'choice',
				name: 'separator',
				label: 'Between pages',
				choices: [
					{ id: 'heading', label: '--- Page N --- line' },
					{ id: 'form-feed', label: 'Form feed' },
					{ id: 'blank-line', label: 'Blank line' },
				],
			},
			pagesField(),
		],
	},
	{
		id: 'pdf-to-images',
		label: 'PDF to PNG',
		description: 'Draw each page as a PNG picture (a ZIP for several pages).',
		doing: 'Converting pages to PNG',
		fields: [
			{ kind: 'number', name: 'dpi', label: 'Resolution', unit: 'dpi', hint: '36 to 300; 150 suits the screen, 300 print.', min: 36, max: 300, step: 1 },
			pagesField(`Leave empty for every page (at most ${PDF_LIMITS.maxRenderedPages}).`),
			{
				kind: 'choice',
				name: 'background',
				label: 'Background',
				choices: [
					{ id: 'white', label: 'White' },
					{ id: 'transparent', label: 'Transparent' },
				],
			},
		],
	},
	{
		id: 'images-to-pdf',
		label: 'Images to PDF',
		description: 'Make one PDF from PNG and JPEG pictures, one page each.',
		doing: 'Making the PDF',
		fields: [
			{
				kind: 'choice',
				name: 'pageSize',
				label: 'Page size',
				hint: 'Fit: each page is its picture’s size. A4 and Letter fit the picture inside the margin.',
				choices: [
					{ id: 'fit', label: 'Fit the image' },
					{ id: 'a4', label: 'A4' },
					{ id: 'letter', label: 'Letter' },
				],
			},
			{
				kind: 'choice',
				name: 'orientation',
				label: 'Orientation',
				hint: 'A4 and Letter only; Auto turns each page to suit its picture.',
				choices: [
					{ id: 'auto', label: 'Auto' },
					{ id: 'portrait', label: 'Portrait' },
					{ id: 'landscape', label: 'Landscape' },
				],
			},
			{ kind: 'number', name: 'marginMm', label: 'Margin', unit: 'mm', hint: 'White space around each picture, 0 to 50 mm.', min: 0, max: 50, step: 1 },
		],
	},
]

export function operationSpec(operation: PdfOperation): OperationSpec {
	return OPERATIONS.find((spec) => spec.id === operation)!
}

export type OptionValues = Record<string, string>

function schemaOf(operation: PdfOperation): z.AnyZodObject {
	return PDF_OPTION_SCHEMAS[operation] as unknown as z.AnyZodObject
}

/** A field's value when the form opens: the schema's default, as the form holds it. */
export function defaultValue(operation: PdfOperation, field: FieldSpec): string {
	const parsed = schemaOf(operation).shape[field.name]?.safeParse(undefined)
	if (!parsed?.success || parsed.data === undefined) return field.initial ?? ''
	// The colour's default comes out of its transform without the #.
	if (field.kind === 'color') return `#${String(parsed.data)}`
	return String(parsed.data)
}

export function defaultValues(operation: PdfOperation): OptionValues {
	return Object.fromEntries(operationSpec(operation).fields.map((field) => [field.name, defaultValue(operation, field)]))
}

/** Whether a field applies with the values chosen (split's ranges only "By ranges"). */
export function fieldApplies(field: FieldSpec, values: OptionValues): boolean {
	return !field.when || field.when.is.includes(values[field.when.field] ?? '')
}

/**
 * The options the browser sends: the fields that apply, trimmed; the
 * properties left empty are left out (the document keeps its own value),
 * as the page's action leaves them out of a form posted without JavaScript.
 */
export function optionsToSend(operation: PdfOperation, values: OptionValues): OptionValues {
	const options: OptionValues = {}
	for (const field of operationSpec(operation).fields) {
		if (!fieldApplies(field, values)) continue
		const value = (values[field.name] ?? defaultValue(operation, field)).trim()
		if (operation === 'metadata' && value === '') continue
		options[field.name] = value
	}
	return options
}

export type FieldErrors = Record<string, string>

function numberMessage(field: Extract<FieldSpec, { kind: 'number' }>): string {
	const unit = field.unit ? ` ${field.unit}` : ''
	const whole = field.step >= 1 ? 'a whole number' : 'a number'
	return `Enter ${whole} from ${field.min} to ${field.max}${unit}.`
}

/**
 * The options checked as the engine checks them (the same Zod schema; page
 * ranges parsed as the engine does, without knowing the page count): the
 * problem with each field, by name. Empty when they are fine.
 */
export function checkOptions(operation: PdfOperation, values: OptionValues): FieldErrors {
	const spec = operationSpec(operation)
	const options = optionsToSend(operation, values)
	const errors: FieldErrors = {}
	const parsed = schemaOf(operation).safeParse(options)
	if (!parsed.success) {
		for (const issue of parsed.error.issues) {
			const name = String(issue.path[0] ?? '')
			const field = spec.fields.find((each) => each.name === name)
			if (!field || errors[name]) continue
			errors[name] = field.kind === 'number' ? numberMessage(field) : issue.message
		}
	}
	for (const field of spec.fields) {
		if (field.kind !== 'ranges' || errors[field.name] || !(field.name in options)) continue
		const text = options[field.name]!
		const required = field.required || (operation === 'split' && field.name === 'ranges')
		if (!required && text === '') continue
		try {
			// The page count is not known here: only the syntax and order are checked (the server checks the end).
			parsePageRanges(text, Number.MAX_SAFE_INTEGER, field.name)
		} catch (thrown) {
			errors[field.name] = (thrown as Error & { details?: { fields?: Record<string, string> } }).details?.fields?.[field.name] ?? (thrown as Error).message
		}
	}
	return errors
}

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'other'

/** A file's kind by its type, else its name (the server checks the bytes). */
export function fileKind(file: { name: string; type: string }): FileKind {
	const type = file.type.toLowerCase()
	const name = file.name.toLowerCase()
	if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf'
	if (type === 'image/png' || name.endsWith('.png')) return 'png'
	if (type === 'image/jpeg' || /\.jpe?g$/.test(name)) return 'jpeg'
	return 'other'
}

export const FILE_KIND_LABELS: Record<FileKind, string> = { pdf: 'PDF', png: 'PNG image', jpeg: 'JPEG image', other: 'Other file' }

export function acceptFor(operation: PdfOperation): string {
	return PDF_OPERATION_FILES[operation].kind === 'pdf' ? 'application/pdf,.pdf' : 'image/png,image/jpeg,.png,.jpg,.jpeg'
}

const COUNT_WORDS = ['no', 'one', 'two', 'three']

function countWord(count: number): string {
	return COUNT_WORDS[count] ?? String(count)
}

/**
 * The files checked against what the operation takes: how many, what kind
 * and how large. One sentence, or null when they will do.
 */
export function checkFiles(operation: PdfOperation, files: ReadonlyArray<{ name: string; type: string; size: number }>, perFileLimit: number): string | null {
	const rule = PDF_OPERATION_FILES[operation]
	const label = operationSpec(operation).label
	const what = rule.kind === 'pdf' ? 'PDF' : 'PNG or JPEG image'
	if (files.length === 0) return rule.kind === 'pdf' ? (rule.max === 1 ? 'Add the PDF to work on.' : `Add the PDFs to ${label.toLowerCase().replace(/ pdfs$/, '')}.`) : 'Add one or more PNG or JPEG images.'
	if (files.length < rule.min) return `${label.replace(/ PDFs$/, '')} needs at least ${countWord(rule.min)} ${what}s: add ${rule.min - files.length === 1 ? 'another' : 'more'}.`
	if (files.length > rule.max) return rule.max === 1 ? `${label} takes one ${what}: remove the others.` : `${label} takes at most ${rule.max} files: remove ${files.length - rule.max}.`
	const wrong = files.find((file) => {
		const kind = fileKind(file)
		return rule.kind === 'pdf' ? kind !== 'pdf' : kind !== 'png' && kind !== 'jpeg'
	})
	if (wrong) return `${label} takes ${what}s: “${wrong.name}” is not one.`
	const big = files.find((file) => file.size > perFileLimit)
	if (big) return `“${big.name}” is ${formatBytes(big.size)}; each file may be at most ${formatBytes(perFileLimit)}.`
	const total = files.reduce((sum, file) => sum + file.size, 0)
	if (total > PDF_LIMITS.maxTotalBytes) return `The files come to ${formatBytes(total)}; together they may be at most ${formatBytes(PDF_LIMITS.maxTotalBytes)}.`
	return null
}

/** "1 hour", "6 hours", "2 days": the retention period as the page says it. */
export function retentionText(hours: number): string {
	if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`
	return hours === 1 ? '1 hour' : `${hours} hours`
}

/** How long until `expiresAt`, in words ("in 1 hour", "in 25 minutes"). */
export function untilText(expiresAt: Date, now: Date): string {
	const minutes = Math.round((expiresAt.getTime() - now.getTime()) / 60_000)
	if (minutes <= 0) return 'now'
	if (minutes < 60) return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`
	const hours = Math.round(minutes / 60)
	if (hours < 48) return hours === 1 ? 'in 1 hour' : `in ${hours} hours`
	return `in ${Math.round(hours / 24)} days`
}
