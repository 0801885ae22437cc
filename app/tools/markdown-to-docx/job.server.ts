/**
 * The conversion's job (kind `md-to-docx`) in the server's job worker
 * (app/jobs/job-worker.server.ts): the untrusted Markdown is read and the
 * document written there, with the pool's time and memory limits, never on
 * the request thread.
 */
import { type JobContext, type JobTable } from '#app/jobs/tasks.ts'
import { ToolError } from '#app/tools/kit/core.ts'
import { type ConvertResult } from './core.ts'
import { DocxOptionsSchema } from './options.ts'

export type DocxTask = {
	kind: 'md-to-docx'
	markdown: string
	/** The options as the form sent them (strings), checked here. */
	options: Record<string, unknown>
	images: Array<{ name: string; data: Uint8Array }>
}

/** What the job sends back: the document and the report (front matter and stats for the route's file name and tests). */
export type DocxJobResult = Omit<ConvertResult, 'frontMatter'>

let engines: Promise<typeof import('./core.ts')> | null = null

async function convert(task: DocxTask, { started }: JobContext): Promise<DocxJobResult> {
	// marked, docx and highlight.js load once per worker, outside the input's time limit.
	engines ??= import('./core.ts')
	const { convertMarkdownToDocx } = await engines
	started()
	const parsed = DocxOptionsSchema.safeParse(task.options)
	if (!parsed.success) {
		const fields: Record<string, string> = {}
		for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'options'] ??= issue.message
		const [field, message] = Object.entries(fields)[0]!
		throw new ToolError(`Validation failed: ${field}: ${message}`, { fields })
	}
	const { frontMatter: _frontMatter, ...result } = await convertMarkdownToDocx({ markdown: task.markdown, options: parsed.data, images: task.images })
	return result
}

export const docxJobs = { 'md-to-docx': convert } satisfies JobTable
