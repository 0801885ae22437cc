/**
 * The PDF engine's job (kind `pdf`) in the server's job worker
 * (app/jobs/job-worker.server.ts): untrusted PDFs and pictures are parsed
 * there only, under the pool's time and memory limits, never on the
 * request thread. The routes post it through convert.server.ts.
 */
import { type JobContext, type JobTable } from '#app/jobs/tasks.ts'
import { type PdfInputFile, type PdfOperation, type PdfOutput } from './options.ts'

export type PdfTask = {
	kind: 'pdf'
	operation: PdfOperation
	files: Array<PdfInputFile>
	/** The options as the form or API sent them, checked in the worker. */
	options: Record<string, unknown>
	/** PDF → text: the block of pages this job extracts. */
	part?: { index: number; count: number }
	/** The encrypted inputs' password (issue 29). Not logged: the worker logs a failed job by its kind only. */
	password?: string
	/** Encrypt PDF results again with the password. */
	keepProtection?: boolean
}

/** Opens one PDF and counts its pages, nothing more (`POST /api/edit-pdf` stores the file as sent). */
export type PdfCheckTask = { kind: 'pdf-check'; file: PdfInputFile }

let engine: Promise<typeof import('./engine.server.ts')> | null = null
let pdfjs: Promise<unknown> | null = null

async function run(task: PdfTask, { started, progress }: JobContext): Promise<PdfOutput> {
	// pdf-lib (and pdf.js for the operations that read with it) load once per worker, outside the input's time limit.
	engine ??= import('./engine.server.ts')
	const { runPdfEngine } = await engine
	if (task.operation === 'pdf-to-text' || task.operation === 'pdf-to-images') {
		pdfjs ??= import('./pdfjs.server.ts').then(({ loadPdfJs }) => loadPdfJs())
		await pdfjs
	}
	started()
	return runPdfEngine({ operation: task.operation, files: task.files, options: task.options, progress, part: task.part, password: task.password, keepProtection: task.keepProtection })
}

async function check(task: PdfCheckTask, { started }: JobContext): Promise<{ pageCount: number }> {
	engine ??= import('./engine.server.ts')
	const { checkPdf } = await engine
	started()
	return checkPdf(task.file)
}

export const pdfJobs = { pdf: run, 'pdf-check': check } satisfies JobTable
