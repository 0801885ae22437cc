/**
 * The PDF engine: one entry point that checks an operation's inputs and
 * options and runs it. It runs inside the server's job worker (job.server.ts);
 * tests and the benchmark call it in-process too, on files they made.
 *
 * Errors are catalogue errors (ToolError): 400 for bad options, page ranges
 * or a file that is not a PDF / PNG / JPEG by its bytes; 413 for inputs over
 * the size limits; 422 for damaged, password-protected or too complex files.
 */
import { ToolError } from '#app/tools/kit/core.ts'
import { imagesToPdf } from './images-to-pdf.server.ts'
import { PDF_LIMITS, PDF_OPERATIONS, PDF_OPERATION_FILES, PDF_OPTION_SCHEMAS, type PdfInputFile, type PdfOperation, type PdfOptions, type PdfOutput, type PdfProgress, noProgress } from './options.ts'
import { addPageNumbers, addWatermark, deletePages, extractPages, mergePdfs, reorderPages, rotatePages, setMetadata, splitPdf } from './page-operations.server.ts'
import { checkInputSizes, loadPdf } from './pdf-input.server.ts'
import { pdfToImages, pdfToText, type TextPart } from './pdfjs.server.ts'

export type PdfRequest = {
	operation: PdfOperation
	files: ReadonlyArray<PdfInputFile>
	options?: Record<string, unknown>
	progress?: PdfProgress
	/** PDF → text only: this run's block of the pages (convert.server.ts runs the blocks in parallel). */
	part?: TextPart
}

function invalid(field: string, message: string): ToolError {
	return new ToolError(`Validation failed: ${field}: ${message}`, { fields: { [field]: message } })
}

/** The operation's options, checked by its schema: a 400 naming every field at fault. */
export function parseOptions<Operation extends PdfOperation>(operation: Operation, raw: unknown): PdfOptions<Operation> {
	const parsed = PDF_OPTION_SCHEMAS[operation].safeParse(raw ?? {})
	if (parsed.success) return parsed.data as PdfOptions<Operation>
	const fields: Record<string, string> = {}
	for (const issue of parsed.error.issues) {
		const path = issue.path.join('.')
		if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fields[key] ??= `Unknown option for ${operation}`
		else fields[path || 'options'] ??= issue.message
	}
	const [field, message] = Object.entries(fields)[0]!
	throw new ToolError(`Validation failed: ${field}: ${message}`, { fields })
}

/** Runs one operation. */
export async function runPdfEngine({ operation, files, options, progress = noProgress, part }: PdfRequest): Promise<PdfOutput> {
	if (!(PDF_OPERATIONS as ReadonlyArray<string>).includes(operation)) throw invalid('operation', `Unknown operation "${String(operation).slice(0, 40)}"`)
	const wanted = PDF_OPERATION_FILES[operation]
	if (files.length < wanted.min) throw invalid('files', wanted.min === 1 ? `Add a ${wanted.kind === 'pdf' ? 'PDF' : 'PNG or JPEG'} file.` : `Add at least ${wanted.min} files.`)
	if (files.length > wanted.max) throw invalid('files', wanted.max === 1 ? 'This operation takes one file.' : `Too many files (limit ${PDF_LIMITS.maxFiles}).`)
	checkInputSizes(files)
	const file = files[0]!
	// Operations that go page by page (or file by file) report each step; the others take one step.
	progress({ done: 0, total: 0, stage: files.length > 1 ? `Reading ${files.length} files` : 'Reading the file' })
	switch (operation) {
		case 'images-to-pdf':
			return imagesToPdf(files, parseOptions(operation, options), progress)
		case 'merge':
			parseOptions(operation, options)
			return mergePdfs(files, progress)
		case 'split':
			return splitPdf(file, parseOptions(operation, options), progress)
		case 'extract-pages':
			return extractPages(file, parseOptions(operation, options))
		case 'delete-pages':
			return deletePages(file, parseOptions(operation, options))
		case 'reorder-pages':
			return reorderPages(file, parseOptions(operation, options))
		case 'rotate':
			return rotatePages(file, parseOptions(operation, options))
		case 'page-numbers':
			return addPageNumbers(file, parseOptions(operation, options))
		case 'watermark':
			return addWatermark(file, parseOptions(operation, options))
		case 'metadata':
			return setMetadata(file, parseOptions(operation, options))
		case 'pdf-to-text':
			return pdfToText(file, parseOptions(operation, options), progress, part)
		case 'pdf-to-images':
			return pdfToImages(file, parseOptions(operation, options), progress)
	}
}

/**
 * Opens a PDF as the operations do and counts its pages: the same errors
 * (not a PDF, damaged, encrypted, too many pages) without writing anything.
 */
export async function checkPdf(file: PdfInputFile): Promise<{ pageCount: number }> {
	checkInputSizes([file])
	const { pageCount } = await loadPdf(file)
	return { pageCount }
}
