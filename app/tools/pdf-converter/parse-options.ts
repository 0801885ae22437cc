/**
 * An operation's options checked by its schema (options.ts): in the job
 * process before it runs, and on the server before a job is made, so a bad
 * option is a 400 at once rather than a job that fails.
 */
import { ToolError } from '#app/tools/kit/core.ts'
import { PDF_OPTION_SCHEMAS, type PdfOperation, type PdfOptions } from './options.ts'

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

