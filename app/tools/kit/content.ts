/**
 * The words of a tool page, beside its registry entry (which stays small
 * because every page's menu imports it): how-to, examples, FAQ and the API
 * example. Each tool's `content.ts` is imported by its page only.
 */
import { type ErrorBody } from '#app/utils/errors.ts'
import { type ToolResult } from './core.ts'
export type ToolExample = {
	title: string
	input: string
	options?: Record<string, unknown>
	/** One sentence on what the example shows. */
	note?: string
}

export type ToolContent = {
	slug: string
	/** The page's h1 and title (the registry's name unless set). */
	title?: string
	howTo: { title: string; steps: ReadonlyArray<string> }
	/** The first one is what "Load example" loads. */
	examples: ReadonlyArray<ToolExample>
	faq: ReadonlyArray<{ question: string; answer: string }>
	/**
	 * The curl example of `POST /api/tools/<slug>` on the page and in the
	 * README. A tool with an API of its own (a converter that takes files)
	 * leaves it out and gives ToolPage its own section (`api`).
	 */
	api?: { input: string; options: Record<string, unknown>; note?: string }
}

export function defineToolContent(content: ToolContent): ToolContent {
	return content
}

/** What a tool route's action sends the page after a form post (no JavaScript). */
export type ToolActionData = {
	input: string
	options: Record<string, unknown>
	result: ToolResult | null
	error: ErrorBody | null
}

/** What a tool route's loader sends: the example of `?example=N`, if any. */
export type ToolLoaderData = { example: { input: string; options: Record<string, unknown> } | null }
