/**
 * The converter's side of the shared Markdown complexity check
 * (app/utils/markdown-complexity.ts, which the blog's renderer runs too):
 * a problem found becomes the tool's 422. Whatever passes still runs with the
 * job's time limit.
 */
import { tooComplex } from '#app/tools/kit/core.ts'
import { findMarkdownComplexity } from '#app/utils/markdown-complexity.ts'

export { MAX_DELIMITERS, MAX_INDENT, MAX_NESTING, MAX_TABLE_CELLS } from '#app/utils/markdown-complexity.ts'

export function checkComplexity(markdown: string, firstLine = 1): void {
	const problem = findMarkdownComplexity(markdown, firstLine)
	if (problem) throw tooComplex(problem.message, { line: problem.line, reason: problem.reason, limit: problem.limit })
}
