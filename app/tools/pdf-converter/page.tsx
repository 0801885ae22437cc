/**
 * The PDF Tools page, Convert mode: files (picked or dropped, reordered by
 * dragging or with Move up / Move down), one of the twelve operations and
 * its options, then the stored result to download or delete, with how long
 * it is kept stated before anything is sent. With JavaScript the form goes
 * to `POST /api/convert/upload` with upload and processing progress;
 * without it the same form posts here (`action`), which runs the operation
 * the same way and answers the page with the result's link.
 *
 * The page has two modes, chosen by links (so they work without JavaScript
 * too): Convert, and View & edit (`?mode=edit`, editor/), pdf.js's viewer
 * and annotation editor in the browser, which can also open a conversion's
 * stored result (`&open=/api/pdf/<id>`).
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react'
import { useMemo } from 'react'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { getSiteSettingsForPage } from '#app/site/settings.server.ts'
import { checkResultRoom, resultOwnerKey } from '#app/files/files.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { databaseUnavailableError } from '#app/utils/api.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { REFUSAL_HEADERS } from '#app/utils/headers.ts'
import { isDatabaseUnavailable } from '#app/utils/db.server.ts'
import { AppError, type ErrorBody } from '#app/utils/errors.ts'
import { useHydrated } from '#app/utils/misc.ts'
import { handleDelete, pdfFileUrl, readUploadRequest, requestUserId, type StoredResult } from './api.server.ts'
import { content } from './content.ts'
import { EditMode } from './editor/edit-mode.tsx'
import { endedJobResult, submitPdfJob } from './convert.server.ts'
import { isFinal, waitForJob } from '#app/jobs/jobs.server.ts'
import { formWaitMs, jobPageUrl } from '#app/jobs/answers.server.ts'
import { PDF_LIMITS, type PdfOperation } from './options.ts'
import { CommandLineSection } from './parts/command-line.tsx'
import { ConvertMode } from './parts/convert-mode.tsx'
import { operationFrom, type OptionValues } from './parts/operations.ts'

export const meta = toolPageMeta(content)

/** What the page needs from the server: how long results are kept and how large a file may be (the admin's settings). */
export type LoaderData = { retentionHours: number; perFileLimit: number }

export async function loader(_: LoaderFunctionArgs) {
	// During a database outage: the last settings read, else the defaults (the page still shows).
	const { settings } = await getSiteSettingsForPage()
	return data<LoaderData>({ retentionHours: settings.fileRetentionHours, perFileLimit: Math.min(settings.uploadLimitMb * 1024 * 1024, PDF_LIMITS.maxFileBytes) })
}

/** Choosing an operation changes only `?operation=`, which the loader does not read. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
	if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
	return defaultShouldRevalidate
}

/**
 * The shell's headers, and the action's own: a result page is `no-store`
 * (it holds the delete token) with the result's `Location`; an error keeps
 * its `Retry-After`.
 */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
	const headers = new Headers(parentHeaders)
	for (const name of ['Cache-Control', 'Location', ...REFUSAL_HEADERS]) {
		const value = actionHeaders.get(name)
		if (value) headers.set(name, value)
	}
	return headers
}

/**
 * What a form posted without JavaScript gets: the stored result (with its
 * delete token for an anonymous caller), the deletion done, or an error
 * with the options to show again.
 */
export type ActionData =
	| { kind: 'result'; operation: PdfOperation; result: StoredResult }
	| { kind: 'deleted'; fileName: string }
	| { kind: 'error'; operation: PdfOperation; error: ErrorBody; options: OptionValues }

const NO_STORE = { 'Cache-Control': 'no-store' }

function failure(thrown: unknown): AppError {
	if (thrown instanceof AppError) return thrown
	if (isDatabaseUnavailable(thrown)) return databaseUnavailableError()
	throw thrown
}

function failed(operation: PdfOperation, thrown: unknown, options: OptionValues = {}) {
	const error = failure(thrown)
	return data<ActionData>({ kind: 'error', operation, error: error.toJSON(), options }, { status: error.status, headers: { ...NO_STORE, ...error.headers } })
}

/**
 * The Convert form posted without JavaScript (multipart): read exactly as
 * the API reads an upload, run in the worker pool (a ToolRun via 'form'),
 * stored for the caller, and answered `201 Created` with the page showing
 * the result: a file was created, at the `Location` the page links to,
 * and browsers show a 201 page as they show a 200. Errors answer the page
 * again at the catalogue's status, the message next to its field.
 *
 * Its Delete now form (urlencoded: `intent=delete`, `id`, the anonymous
 * `token`) deletes the result as `DELETE /api/pdf/{id}` would.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
	const operation = operationFrom(new URL(request.url).searchParams.get('operation'))
	try {
		// Per client, before the body is read (RATE_LIMIT_CONVERT_PER_MINUTE): over it, the page shows the 429.
		await limitClient('convert', request, context.clientIp)
	} catch (thrown) {
		return failed(operation, thrown)
	}
	if (!type.startsWith('multipart/form-data')) return deleteAction(request, operation)

	let options: OptionValues = {}
	let ran: PdfOperation = operation
	try {
		// Who is asking first (the cookie), so a bad session is answered before the upload is read.
		const ownerId = await requestUserId(request)
		// As the API does: an owner already at their storage quota is told (429) before the upload is read and the work done.
		await checkResultRoom(resultOwnerKey(ownerId, context.clientIp), 0)
		const read = await readUploadRequest(request)
		ran = read.operation
		options = read.options
		// A browser posts an unnamed empty part when no file was chosen.
		const files = read.files.filter((file) => file.name !== '' || file.data.byteLength > 0)
		if (files.length === 0) throw new AppError('VALIDATION_ERROR', 'Validation failed: files: choose a file first.', { fields: { files: 'Choose the file (or files) to work on.' } })
		// The form always posts every property; an empty one keeps the document's value (as the page does with JavaScript).
		const sent = ran === 'metadata' ? Object.fromEntries(Object.entries(options).filter(([, value]) => value.trim() !== '')) : options
		// The password goes to the worker only: it is not in `options`, which an error shows again.
		const { job, deleteToken } = await submitPdfJob({ operation: ran, files, options: sent, password: read.password, keepProtection: read.keepProtection, via: 'form', owner: { userId: ownerId, ownerKey: resultOwnerKey(ownerId, context.clientIp) } })
		// A short wait answers most jobs on this page; a longer one continues on its job page, which refreshes itself.
		const ended = await waitForJob(job.id, { waitMs: formWaitMs(), signal: request.signal })
		if (!ended || !isFinal(ended.state)) return redirect(jobPageUrl(job.id, deleteToken), { headers: NO_STORE })
		const stored = endedJobResult(ended)
		const result = deleteToken ? { ...stored, deleteToken } : stored
		return data<ActionData>({ kind: 'result', operation: ran, result }, { status: 201, headers: { ...NO_STORE, Location: result.downloadUrl } })
	} catch (thrown) {
		return failed(ran, thrown, options)
	}
}

async function deleteAction(request: Request, operation: PdfOperation) {
	try {
		const form = await readFormData(request, 4096, { maxFields: 8, maxFieldBytes: 512 })
		const id = form.get('id')
		const token = form.get('token')
		const fileName = form.get('fileName')
		if (form.get('intent') !== 'delete' || typeof id !== 'string') throw new AppError('VALIDATION_ERROR', 'Validation failed: this form deletes a result; it needs its id.', { field: 'id' })
		const headers = new Headers()
		const cookie = request.headers.get('Cookie')
		if (cookie) headers.set('Cookie', cookie)
		if (typeof token === 'string' && token) headers.set('X-Delete-Token', token)
		// The API's own check: the anonymous upload's token, or the signed-in owner.
		await handleDelete(new Request(new URL(pdfFileUrl(id), request.url), { method: 'DELETE', headers }), id)
		return data<ActionData>({ kind: 'deleted', fileName: typeof fileName === 'string' && fileName ? fileName : 'The file' }, { headers: NO_STORE })
	} catch (thrown) {
		return failed(operation, thrown)
	}
}

export default function PdfConverterPage() {
	const { retentionHours, perFileLimit } = useLoaderData<typeof loader>() as LoaderData
	const actionData = useActionData<typeof action>() as ActionData | undefined
	const [searchParams] = useSearchParams()
	const hydrated = useHydrated()
	const operation = operationFrom(searchParams.get('operation'))
	const editing = searchParams.get('mode') === 'edit'

	const posted = useMemo(
		() => ({
			result: actionData?.kind === 'result' ? actionData.result : null,
			deleted: actionData?.kind === 'deleted' ? actionData.fileName : null,
			error: actionData?.kind === 'error' ? actionData.error : null,
			options: actionData?.kind === 'error' ? { operation: actionData.operation, values: actionData.options } : null,
		}),
		[actionData],
	)

	return (
		<ToolPage
			content={content}
			lead="Choose what to do, add your files, and download the result: no account needed."
			api={<CommandLineSection hydrated={hydrated} operation={operation} />}
		>
			<nav aria-label="Mode" className="mb-4 flex gap-2" data-testid="pdf-modes">
				<Link to={`?operation=${operation}`} className={editing ? 'button-secondary' : 'button-primary'} aria-current={editing ? undefined : 'page'} preventScrollReset>
					Convert
				</Link>
				<Link to="?mode=edit" className={editing ? 'button-primary' : 'button-secondary'} aria-current={editing ? 'page' : undefined} preventScrollReset data-testid="pdf-mode-edit">
					View &amp; edit
				</Link>
			</nav>
			{editing ? (
				<EditMode hydrated={hydrated} perFileLimit={perFileLimit} retentionHours={retentionHours} openUrl={searchParams.get('open')} />
			) : (
				<ConvertMode hydrated={hydrated} operation={operation} retentionHours={retentionHours} perFileLimit={perFileLimit} posted={posted} />
			)}
		</ToolPage>
	)
}
