/**
 * The Markdown to DOCX page: Markdown typed, pasted or opened with its
 * pictures, a live preview by the blog's renderer, the document's options,
 * then Convert and Download (with JavaScript, through the API, with upload
 * progress and the conversion report). Without JavaScript the same form
 * posts here and the answer is the .docx itself, or the page again with
 * the error next to its field.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { toolLoader } from '#app/tools/kit/form.server.ts'
import { type ToolLoaderData } from '#app/tools/kit/content.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { databaseUnavailableError } from '#app/utils/api.server.ts'
import { isDatabaseUnavailable } from '#app/utils/db.server.ts'
import { answerDocumentWith } from '#app/utils/document-response.server.ts'
import { AppError, type ErrorBody } from '#app/utils/errors.ts'
import { useHydrated } from '#app/utils/misc.ts'
import { content } from './content.ts'
import { ConversionFailed, convertInBrowser } from './convert.client.ts'
import { requestUserId } from '#app/accounts/request-user.server.ts'
import { resultOwnerKey } from '#app/files/files.server.ts'
import { FORM_WAIT_MS, jobPageUrl } from '#app/jobs/answers.server.ts'
import { isFinal, waitForJob } from '#app/jobs/jobs.server.ts'
import { endedDocxResponse, readConversionRequest, submitDocxJob } from './convert.server.ts'
import type { DocxJobAnswer } from './jobs.server.ts'
import { DOCX_OPTION_NAMES, DocxOptionsSchema, type ReportEntry } from './options.ts'
import { CommandLineSection } from './parts/command-line.tsx'
import { MarkdownEditor, type OpenedImage } from './parts/editor.tsx'
import { markdownTooLargeMessage, MAX_MARKDOWN_BYTES, sortPickedFiles, utf8Bytes } from './parts/files.ts'
import { DEFAULT_OPTIONS, DocxOptionsFields, type OptionValues } from './parts/options.tsx'
import { MarkdownPreview, usePreview } from './parts/preview.tsx'
import { ConvertPanel, type Conversion } from './parts/result.tsx'

const PATH = `/tools/${content.slug}`

export const meta = toolPageMeta(content)

export function loader({ request }: LoaderFunctionArgs) {
	return toolLoader(request, content)
}

/**
 * What the page gets back from a form posted without JavaScript: an error,
 * with the Markdown and options to show again. A conversion is answered
 * with the file itself; a client-side submission (which this page never
 * makes) would get its name and report.
 */
export type ActionData =
	| { error: ErrorBody; markdown: string; options: Record<string, unknown> }
	| { error: null; converted: { fileName: string; report: ReadonlyArray<ReportEntry> } }

/**
 * The form posted without JavaScript: read and checked exactly as the API
 * reads a request, converted as a job (a ToolRun, via 'form'; past a short
 * wait the page continues on the job's page),
 * answered with the .docx itself (the API's headers). An error re-renders
 * the page with its message, at the catalogue's status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	let markdown = ''
	let options: Record<string, unknown> = {}
	try {
		const read = await readConversionRequest(request, { from: 'form' })
		markdown = read.markdown
		options = read.options
		const userId = await requestUserId(request)
		const { job, deleteToken } = await submitDocxJob({ markdown, options, images: read.images, fileName: read.fileName, via: 'form', owner: { userId, ownerKey: resultOwnerKey(userId, context.clientIp) } })
		// A short wait answers most conversions with the file; a longer one continues on its job page, which refreshes itself.
		const ended = await waitForJob(job.id, { waitMs: FORM_WAIT_MS, signal: request.signal })
		if (!ended || !isFinal(ended.state)) return redirect(jobPageUrl(job.id, deleteToken), { headers: { 'Cache-Control': 'no-store' } })
		const response = await endedDocxResponse(ended)
		// Sent instead of the page (entry.server.tsx): Remix would read an action's Response as data.
		answerDocumentWith(context, response)
		const answer = ended.result as DocxJobAnswer
		return data<ActionData>({ error: null, converted: { fileName: answer.fileName, report: answer.report } })
	} catch (thrown) {
		let error: AppError
		if (thrown instanceof AppError) error = thrown
		else if (isDatabaseUnavailable(thrown)) error = databaseUnavailableError()
		else throw thrown
		const headers = new Headers({ 'Cache-Control': 'no-store', ...error.headers })
		// Markdown too large to send back is not sent back.
		return data<ActionData>({ error: error.toJSON(), markdown: error.status === 413 ? '' : markdown, options }, { status: error.status, headers })
	}
}

/** The field an error is about (`details.field`, or the first of `details.fields`). */
function errorField(error: ErrorBody | null): string | null {
	if (!error) return null
	const details = (error.details ?? {}) as { field?: unknown; fields?: unknown }
	if (typeof details.field === 'string') return details.field
	if (details.fields && typeof details.fields === 'object') return Object.keys(details.fields)[0] ?? null
	return null
}

const EDITOR_FIELDS = new Set(['markdown', 'file', 'images'])
const OPTION_FIELDS = new Set<string>(DOCX_OPTION_NAMES)

function optionValues(from: Record<string, unknown> | undefined): OptionValues {
	const values = { ...DEFAULT_OPTIONS }
	for (const [key, value] of Object.entries(from ?? {})) {
		if (!(key in values)) continue
		if (key === 'toc') values.toc = value === true || value === 'true' || value === 'on'
		else if (typeof value === 'string' || typeof value === 'number') (values as Record<string, unknown>)[key] = String(value)
	}
	return values
}

/** The options as the schema reads them, or the problem with each field. */
function checkOptions(values: OptionValues): { ok: true } | { ok: false; errors: Partial<Record<keyof OptionValues, string>> } {
	const parsed = DocxOptionsSchema.safeParse(values)
	if (parsed.success) return { ok: true }
	const errors: Partial<Record<keyof OptionValues, string>> = {}
	for (const issue of parsed.error.issues) {
		const key = issue.path[0] as keyof OptionValues
		errors[key] ??= issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'not_multiple_of' || issue.code === 'invalid_type' ? numberHint(key) : issue.message
	}
	return { ok: false, errors }
}

function numberHint(key: keyof OptionValues): string {
	if (key === 'marginMm') return 'Enter a margin from 5 to 60 mm.'
	if (key === 'bodySize') return 'Enter a size from 6 to 36 points, in steps of 0.5.'
	return 'Enter a valid value.'
}

function ErrorAlert({ error }: { error: ErrorBody }) {
	const details = (error.details ?? {}) as { fields?: Record<string, unknown> }
	const hints = Object.values(details.fields ?? {}).filter((hint): hint is string => typeof hint === 'string' && hint !== 'Unknown field')
	return (
		<div id="md-error" role="alert" data-testid="md-error" className="mt-3 rounded-lg border border-danger bg-danger/10 p-3 text-sm">
			<p className="font-semibold text-danger">{error.message}</p>
			{hints.length > 0 ? <p className="mt-1 text-fg">{hints.join(' ')}</p> : null}
		</div>
	)
}

export default function MarkdownToDocx() {
	const actionData = useActionData<typeof action>() as ActionData | undefined
	const loaderData = useLoaderData<typeof loader>() as ToolLoaderData
	const hydrated = useHydrated()
	const failed = actionData?.error ? actionData : null
	const initial = failed ?? (loaderData.example ? { markdown: loaderData.example.input, options: loaderData.example.options } : null)

	const inputRef = useRef<HTMLTextAreaElement>(null)
	const [markdown, setMarkdownState] = useState(initial?.markdown ?? '')
	const [options, setOptions] = useState<OptionValues>(() => optionValues(initial?.options))
	const [fileName, setFileName] = useState<string | null>(null)
	const [images, setImages] = useState<Array<OpenedImage>>([])
	const [problems, setProblems] = useState<Array<string>>([])
	const [error, setError] = useState<ErrorBody | null>(failed?.error ?? null)
	const [optionErrors, setOptionErrors] = useState<Partial<Record<keyof OptionValues, string>>>({})
	const [conversion, setConversion] = useState<Conversion>({ state: 'idle' })
	const abortRef = useRef<AbortController | null>(null)

	// A new post without JavaScript (the page re-rendered with its error).
	useEffect(() => {
		if (actionData?.error) setError(actionData.error)
	}, [actionData])

	const markdownBytes = useMemo(() => utf8Bytes(markdown), [markdown])
	const imageUrls = useMemo(() => new Map(images.map((image) => [image.file.name.toLowerCase(), image.url])), [images])
	const { preview, pending, renders } = usePreview(markdown, imageUrls, hydrated && markdown.trim() !== '')

	// Object URLs live as long as the page shows them.
	const urls = useRef(new Set<string>())
	useEffect(() => {
		const owned = urls.current
		return () => {
			for (const url of owned) URL.revokeObjectURL(url)
		}
	}, [])
	const objectUrl = useCallback((blob: Blob) => {
		const url = URL.createObjectURL(blob)
		urls.current.add(url)
		return url
	}, [])
	const revoke = useCallback((url: string) => {
		URL.revokeObjectURL(url)
		urls.current.delete(url)
	}, [])

	const changed = useCallback(() => {
		setConversion((current) => (current.state === 'done' && !current.stale ? { ...current, stale: true } : current))
	}, [])

	const setMarkdown = useCallback(
		(text: string) => {
			setMarkdownState(text)
			changed()
			setError((current) => (current && EDITOR_FIELDS.has(errorField(current) ?? '') ? null : current))
		},
		[changed],
	)

	function replaceMarkdown(text: string, name: string | null) {
		if (inputRef.current) inputRef.current.value = text
		setMarkdown(text)
		setFileName(name)
	}

	function setOption<K extends keyof OptionValues>(key: K, value: OptionValues[K]) {
		setOptions((current) => ({ ...current, [key]: value }))
		setOptionErrors((current) => ({ ...current, [key]: undefined }))
		setError((current) => (current && errorField(current) === key ? null : current))
		changed()
	}

	async function openFiles(files: Array<File>) {
		const picked = await sortPickedFiles(files)
		setProblems(picked.problems)
		if (picked.markdown) replaceMarkdown(picked.markdown.text, picked.markdown.name)
		if (picked.images.length > 0) {
			setImages((current) => {
				// A picture opened again under the same name replaces the older one.
				const names = new Set(picked.images.map((file) => file.name.toLowerCase()))
				for (const old of current) if (names.has(old.file.name.toLowerCase())) revoke(old.url)
				return [...current.filter((old) => !names.has(old.file.name.toLowerCase())), ...picked.images.map((file) => ({ file, url: objectUrl(file) }))]
			})
			changed()
		}
		inputRef.current?.focus()
	}

	function removeImage(image: OpenedImage) {
		revoke(image.url)
		setImages((current) => current.filter((each) => each !== image))
		changed()
	}

	function clear() {
		replaceMarkdown('', null)
		for (const image of images) revoke(image.url)
		setImages([])
		setProblems([])
		inputRef.current?.focus()
	}

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (conversion.state === 'busy') return
		setProblems([])
		if (markdown.trim() === '') {
			setError({ message: 'Validation failed: the Markdown is empty.', status: 400, code: 'VALIDATION_ERROR', details: { fields: { markdown: 'Type or paste some Markdown, or open a file.' } } })
			inputRef.current?.focus()
			return
		}
		if (markdownBytes > MAX_MARKDOWN_BYTES) {
			setError({ message: markdownTooLargeMessage('The Markdown', markdownBytes), status: 413, code: 'PAYLOAD_TOO_LARGE', details: { field: 'markdown', limit: MAX_MARKDOWN_BYTES } })
			inputRef.current?.focus()
			return
		}
		const checked = checkOptions(options)
		if (!checked.ok) {
			setOptionErrors(checked.errors)
			const first = Object.keys(checked.errors)[0]
			document.getElementById(`md-${first}`)?.focus()
			return
		}
		setError(null)
		const form = new FormData()
		// Named after the file it came from, so the document is too (README.md → README.docx).
		if (fileName) form.append('file', new File([markdown], fileName, { type: 'text/markdown' }))
		else form.append('markdown', markdown)
		for (const image of images) form.append('images', image.file, image.file.name)
		for (const [name, value] of Object.entries(options)) {
			if (name === 'toc') form.append(name, value ? 'true' : 'false')
			else form.append(name, String(value).trim())
		}
		const controller = new AbortController()
		abortRef.current = controller
		const previous = conversion
		setConversion({ state: 'busy', progress: { phase: 'uploading', fraction: 0 } })
		try {
			const converted = await convertInBrowser(form, { signal: controller.signal, onProgress: (progress) => setConversion({ state: 'busy', progress }) })
			if (previous.state === 'done') revoke(previous.url)
			setConversion({ state: 'done', url: objectUrl(converted.blob), fileName: converted.fileName, size: converted.blob.size, report: converted.report, stale: false })
		} catch (thrown) {
			setConversion(previous)
			if (thrown instanceof ConversionFailed) setError(thrown.body)
			else if (!(thrown instanceof DOMException && thrown.name === 'AbortError')) throw thrown
		} finally {
			abortRef.current = null
		}
	}

	const field = errorField(error)
	const alertAt = (where: 'editor' | 'panel' | string) => {
		if (!error) return null
		const place = field && EDITOR_FIELDS.has(field) ? 'editor' : field && OPTION_FIELDS.has(field) ? field : 'panel'
		return place === where ? <ErrorAlert error={error} /> : null
	}

	return (
		<ToolPage
			content={content}
			lead="Write or open your Markdown with its pictures, check the live preview, choose the page and fonts, and download a Word document."
			api={<CommandLineSection hydrated={hydrated} />}
		>
			<form
				method="post"
				encType="multipart/form-data"
				action={PATH}
				className="card p-4 sm:p-6"
				aria-label="Markdown to DOCX converter"
				onSubmit={hydrated ? (event) => void submit(event) : undefined}
				noValidate={hydrated}
				data-hydrated={hydrated || undefined}
			>
				<div className="grid gap-6 lg:grid-cols-2">
					<MarkdownEditor
						hydrated={hydrated}
						inputRef={inputRef}
						defaultValue={initial?.markdown ?? ''}
						markdown={markdown}
						markdownBytes={markdownBytes}
						onMarkdown={setMarkdown}
						fileName={fileName}
						images={images}
						onFiles={(files) => void openFiles(files)}
						onRemoveImage={removeImage}
						onExample={() => {
							replaceMarkdown(content.examples[0]!.input, null)
							setOptions(optionValues(content.examples[0]!.options))
						}}
						onClear={clear}
						problems={problems}
						invalid={Boolean(error) && EDITOR_FIELDS.has(field ?? '')}
						alert={alertAt('editor')}
					/>
					<MarkdownPreview hydrated={hydrated} preview={preview} pending={pending} renders={renders} empty={markdown.trim() === ''} />
				</div>
				<DocxOptionsFields values={options} setOption={setOption} errors={optionErrors} alertFor={(name) => alertAt(name)} />
				<ConvertPanel hydrated={hydrated} conversion={conversion} onCancel={() => abortRef.current?.abort()} alert={alertAt('panel')} />
			</form>
		</ToolPage>
	)
}
