/**
 * The server half of every tool page: the action that a form posted without
 * JavaScript reaches (the core runs in the worker pool through `runTool`),
 * and the loader's `?example=N` links, which fill the form without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { readFormData, refusedFieldSize } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { inputTooLarge, MAX_INPUT_BYTES, utf8Length, type ToolCore } from './core.ts'
import { type ToolActionData, type ToolContent, type ToolLoaderData } from './content.ts'
import { optionsFromForm } from './form-options.ts'
import { runTool } from './run.server.ts'


/** Room for a 10 MB input percent-encoded (most characters ×3) plus the options. */
export const MAX_FORM_BYTES = MAX_INPUT_BYTES * 3 + 64 * 1024

export type ToolActionOptions = {
	/**
	 * The client's address (the load context's `clientIp`): the form counts
	 * against the same per-client limit as POST /api/tools/* (`tools`).
	 */
	clientIp: string | undefined
	/**
	 * Turns the posted input into the one the core runs on, before it runs
	 * (the JSON formatter's "Unescape"): a linear pass, on the request thread.
	 * Its AppError is answered like the core's; the page shows the new input.
	 * `form` is the whole post, for a tool that builds its input from fields
	 * of its own (the QR code generator's Wi-Fi, contact or event fields).
	 */
	prepare?: (input: string, options: Record<string, unknown>, form: FormData) => string
}

export async function toolAction(request: Request, core: Pick<ToolCore, 'slug' | 'optionsSchema'>, { clientIp, prepare }: ToolActionOptions) {
	let form: FormData
	try {
		// Before the body is read: over the limit, the page shows the 429.
		await limitClient('tools', request, clientIp)
		form = await readFormData(request, MAX_FORM_BYTES, { maxFieldBytes: MAX_INPUT_BYTES })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		const reported = error.status === 413 ? inputTooLarge(refusedFieldSize(error) ?? (Number(request.headers.get('Content-Length')) || MAX_FORM_BYTES)) : error
		return failed('', {}, reported)
	}
	const posted = form.get('input')
	const options = optionsFromForm(core.optionsSchema, form)
	if (typeof posted !== 'string') {
		return failed('', options, new AppError('VALIDATION_ERROR', 'Validation failed: enter some input.', { field: 'input' }))
	}
	let input = posted
	if (prepare) {
		try {
			const bytes = utf8Length(posted)
			if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes)
			input = prepare(posted, options, form)
		} catch (error) {
			if (!(error instanceof AppError)) throw error
			return failed(error.status === 413 ? '' : posted, options, error)
		}
	}
	try {
		const result = await runTool({ slug: core.slug, input, options, via: 'form', signal: request.signal })
		return data<ToolActionData>({ input, options, result, error: null })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		// A refused input is not sent back when it is the problem (too large to echo).
		return failed(error.status === 413 ? '' : input, options, error)
	}
}

function failed(input: string, options: Record<string, unknown>, error: AppError) {
	// Retry-After when the error says how long to wait, and a rate limit's RateLimit-* headers.
	const headers = new Headers({ 'Cache-Control': 'no-store', ...error.headers })
	return data<ToolActionData>({ input, options, result: null, error: error.toJSON() }, { status: error.status, headers })
}


/** `?example=2` opens the page with the second example filled in (works without JavaScript). */
export function toolLoader(request: Request, content: ToolContent): ToolLoaderData {
	const index = Number(new URL(request.url).searchParams.get('example'))
	const example = Number.isInteger(index) && index >= 1 ? content.examples[index - 1] : undefined
	return { example: example ? { input: example.input, options: example.options ?? {} } : null }
}

/**
 * A tool page's route exports: `export const loader = toolPageLoader(content)`
 * and `export const action = toolPageAction(core)` (the form posted without
 * JavaScript; the core runs in the worker pool and nothing is stored).
 */
export function toolPageLoader(content: ToolContent) {
	return ({ request }: LoaderFunctionArgs) => toolLoader(request, content)
}

export function toolPageAction(core: Pick<ToolCore, 'slug' | 'optionsSchema'>) {
	return ({ request, context }: ActionFunctionArgs) => toolAction(request, core, { clientIp: context.clientIp })
}
