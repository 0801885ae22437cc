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
import { parseOptions } from './parse-options.ts'

export { parseOptions }
import { imagesToPdf } from './images-to-pdf.server.ts'
import { PDF_LIMITS, PDF_OPERATIONS, PDF_OPERATION_FILES, PDF_OPTION_SCHEMAS, type PdfInputFile, type PdfOperation, type PdfOptions, type PdfOutput, type PdfProgress, noProgress } from './options.ts'
import { addPageNumbers, addWatermark, deletePages, extractPages, mergePdfs, reorderPages, rotatePages, setMetadata, splitPdf, type RunProtection } from './page-operations.server.ts'
import { checkInputSizes, loadPdf, type OpenedProtection } from './pdf-input.server.ts'
import { pdfToImages, pdfToText, type TextPart } from './pdfjs.server.ts'

export type PdfRequest = {
	operation: PdfOperation
	files: ReadonlyArray<PdfInputFile>
	options?: Record<string, unknown>
	progress?: PdfProgress
	/** PDF → text only: this run's block of the pages (convert.server.ts runs the blocks in parallel). */
	part?: TextPart
	/** The password of the encrypted inputs (one for every file that needs one). Never logged, stored or answered. */
	password?: string
	/** PDF results: encrypt them again with `password` (AES-256) rather than writing them unencrypted. */
	keepProtection?: boolean
}

function invalid(field: string, message: string): ToolError {
	return new ToolError(`Validation failed: ${field}: ${message}`, { fields: { [field]: message } })
}

/** Runs one operation; its output's `notes` say what became of encrypted inputs (issue 29). */
export async function runPdfEngine(request: PdfRequest): Promise<PdfOutput> {
	const open: RunProtection = { password: request.password, keepProtection: request.keepProtection }
	const output = await runOperation(request, open)
	const notes = protectionNotes(request.operation, open)
	return notes.length > 0 ? { ...output, notes } : output
}

async function runOperation({ operation, files, options, progress = noProgress, part }: PdfRequest, open: RunProtection): Promise<PdfOutput> {
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
			return mergePdfs(files, progress, open)
		case 'split':
			return splitPdf(file, parseOptions(operation, options), progress, open)
		case 'extract-pages':
			return extractPages(file, parseOptions(operation, options), open)
		case 'delete-pages':
			return deletePages(file, parseOptions(operation, options), open)
		case 'reorder-pages':
			return reorderPages(file, parseOptions(operation, options), open)
		case 'rotate':
			return rotatePages(file, parseOptions(operation, options), open)
		case 'page-numbers':
			return addPageNumbers(file, parseOptions(operation, options), open)
		case 'watermark':
			return addWatermark(file, parseOptions(operation, options), open)
		case 'metadata':
			return setMetadata(file, parseOptions(operation, options), open)
		case 'pdf-to-text':
			return pdfToText(file, parseOptions(operation, options), progress, part, open)
		case 'pdf-to-images':
			return pdfToImages(file, parseOptions(operation, options), progress, open)
	}
}

/**
 * What the result says about its encrypted inputs: an owner's restrictions
 * that were not kept; for PDF results, whether the password was kept.
 */
function protectionNotes(operation: PdfOperation, open: RunProtection): Array<string> {
	const opened: Array<OpenedProtection> = [...(open.opened ?? [])].sort((a, b) => a.index - b.index)
	const writesPdf = operation !== 'pdf-to-text' && operation !== 'pdf-to-images'
	const notes: Array<string> = []
	for (const each of opened) {
		if (each.kind === 'restricted') {
			notes.push(
				each.denied.length > 0
					? `"${each.name}" had restrictions set by its owner (${each.denied.join(', ')}): they were not kept, the result has none.`
					: `"${each.name}" was encrypted by its owner (without restrictions): the result is not encrypted.`,
			)
		}
	}
	const withPassword = opened.filter((each) => each.kind === 'password')
	if (writesPdf && withPassword.length > 0) {
		const names = withPassword.map((each) => `"${each.name}"`).join(', ')
		notes.push(
			open.keepProtection
				? `${names} ${withPassword.length === 1 ? 'was' : 'were'} opened with the password given; the result is protected with the same password (AES-256).`
				: `${names} ${withPassword.length === 1 ? 'was' : 'were'} opened with the password given; the result has no password. To protect it with the same one, choose "Keep the password" (\`keepProtection\` in the API).`,
		)
	}
	return notes
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
