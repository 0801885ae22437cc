/**
 * The blog post editor (/admin/posts/new and /admin/posts/:id/edit).
 *
 * Without JavaScript every part is a plain form post to the page's action
 * (multipart, so images can come along): Save, Preview (the page comes back
 * with the rendered body), Upload image (the page shows the Markdown to
 * paste), Upload cover, and Delete (a confirmation step first).
 *
 * With JavaScript: the slug follows the title until edited by hand, the
 * preview renders as you type (debounced, through /admin/posts/preview, the
 * renderer posts are saved with), a chosen image uploads at once and its
 * Markdown goes in at the cursor, Delete asks in a dialog, and leaving with
 * unsaved changes asks first (beforeunload and Remix's useBlocker).
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, useBlocker, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { z } from 'zod'
import { ErrorList, Field, SubmitButton } from '#app/components/forms.tsx'
import { Icon } from '#app/components/icon.tsx'
import { cn, useHydrated } from '#app/utils/misc.ts'
import {
	BODY_MAX,
	EXCERPT_MAX,
	PostFormSchema,
	SEO_DESCRIPTION_MAX,
	SEO_TITLE_MAX,
	SLUG_MAX,
	slugify,
	TAG_MAX,
	TAGS_MAX,
	TITLE_MAX,
} from '#app/blog/post-validation.ts'
import type { EditorActionData } from '#app/blog/posts.server.ts'
import { formatDateTimeInput } from '#app/utils/dates.ts'

export type EditorPost = {
	id: string
	slug: string
	title: string
	excerpt: string
	body: string
	html: string
	tags: Array<string>
	status: 'draft' | 'published'
	publishedAt: string | null
	seoTitle: string
	seoDescription: string
	coverImageId: string | null
	version: number
	state: 'draft' | 'scheduled' | 'published'
}

export type EditorImage = { id: string; name: string }

const PREVIEW_DELAY_MS = 400
const passthrough = z.object({}).passthrough()

type UploadedImage = { id: string; url: string; name: string; size: number; mediaType: string }

async function uploadImage(file: File): Promise<UploadedImage> {
	const body = new FormData()
	body.set('image', file)
	const response = await fetch('/admin/posts/images', { method: 'POST', body, headers: { Accept: 'application/json' } })
	const json = (await response.json().catch(() => null)) as (UploadedImage & { message?: string }) | null
	if (!response.ok || !json || typeof json.id !== 'string') throw new Error(json?.message || `Upload failed (${response.status}).`)
	return json
}

function markdownFor(image: { name: string; url: string }) {
	return `![${image.name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]\\]/g, '')}](${image.url})`
}

export function PostEditor({ post, images, actionData }: { post: EditorPost | null; images: Array<EditorImage>; actionData: EditorActionData | undefined }) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: post ? `post-${post.id}` : 'post-new',
		lastResult: actionData?.result,
		defaultValue: post
			? {
					title: post.title,
					slug: post.slug,
					excerpt: post.excerpt,
					body: post.body,
					tags: post.tags.join(', '),
					status: post.status,
					publishedAt: formatDateTimeInput(post.publishedAt),
					seoTitle: post.seoTitle,
					seoDescription: post.seoDescription,
					coverImageId: post.coverImageId ?? '',
					version: String(post.version),
				}
			: { status: 'draft' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			// Only Save needs a valid post; previewing or uploading never blocks on it.
			const intent = formData.get('intent') ?? 'save'
			return parseWithZod(formData, { schema: intent === 'save' ? PostFormSchema : passthrough })
		},
	})

	// --- Unsaved changes --------------------------------------------------
	const [dirty, setDirty] = useState(Boolean(actionData?.conflict))
	const submitting = useRef(false)
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname)
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => {
			if (submitting.current) return
			event.preventDefault()
			event.returnValue = ''
		}
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])
	useEffect(() => {
		if (navigation.state === 'idle') submitting.current = false
	}, [navigation.state])

	// --- Slug from the title ------------------------------------------------
	const slugEdited = useRef(Boolean(post) || Boolean(actionData?.result.initialValue?.slug))
	const onTitleInput = (event: ChangeEvent<HTMLInputElement>) => {
		const slug = document.getElementById(fields.slug.id)
		if (slugEdited.current || !(slug instanceof HTMLInputElement)) return
		slug.value = slugify(event.currentTarget.value)
	}

	// --- Live preview ---------------------------------------------------------
	const bodyRef = useRef<HTMLTextAreaElement>(null)
	const serverPreview = actionData?.preview
	const [preview, setPreview] = useState<{ html: string; error: string | null; busy: boolean }>(() => ({
		html: serverPreview && 'html' in serverPreview ? serverPreview.html : (post?.html ?? ''),
		error: serverPreview && 'error' in serverPreview ? serverPreview.error : null,
		busy: false,
	}))
	const previewTimer = useRef<ReturnType<typeof setTimeout>>()
	const previewRequest = useRef<AbortController>()
	const refreshPreview = useCallback(() => {
		clearTimeout(previewTimer.current)
		previewTimer.current = setTimeout(async () => {
			const body = bodyRef.current?.value ?? ''
			previewRequest.current?.abort()
			const controller = new AbortController()
			previewRequest.current = controller
			setPreview((current) => ({ ...current, busy: true }))
			try {
				const response = await fetch('/admin/posts/preview', {
					method: 'POST',
					body: new URLSearchParams({ body }),
					headers: { Accept: 'application/json' },
					signal: controller.signal,
				})
				const json = (await response.json().catch(() => null)) as { html?: string; message?: string } | null
				if (controller.signal.aborted) return
				if (response.ok && typeof json?.html === 'string') setPreview({ html: json.html, error: null, busy: false })
				else setPreview((current) => ({ ...current, error: json?.message || `The preview failed (${response.status}).`, busy: false }))
			} catch (error) {
				if (controller.signal.aborted) return
				setPreview((current) => ({ ...current, error: 'The preview could not be loaded (network error).', busy: false }))
			}
		}, PREVIEW_DELAY_MS)
	}, [])
	useEffect(() => () => {
		clearTimeout(previewTimer.current)
		previewRequest.current?.abort()
	}, [])

	// --- Images -------------------------------------------------------------
	const [uploadStatus, setUploadStatus] = useState<{ kind: 'image' | 'cover'; message: string; error: boolean } | null>(null)
	const uploaded = actionData?.uploaded
	const [coverChoices, setCoverChoices] = useState<Array<EditorImage>>(() => {
		const list = [...images]
		if (uploaded?.kind === 'cover' && !list.some((image) => image.id === uploaded.id)) list.unshift({ id: uploaded.id, name: uploaded.name })
		return list
	})
	const initialCover = uploaded?.kind === 'cover' ? uploaded.id : String(fields.coverImageId.initialValue ?? post?.coverImageId ?? '')
	const [cover, setCover] = useState(initialCover)

	const insertAtCursor = (text: string) => {
		const textarea = bodyRef.current
		if (!textarea) return
		const before = textarea.value.slice(0, textarea.selectionStart)
		const prefix = before && !before.endsWith('\n') ? '\n' : ''
		textarea.focus()
		textarea.setRangeText(`${prefix}${text}\n`, textarea.selectionStart, textarea.selectionEnd, 'end')
		textarea.dispatchEvent(new Event('input', { bubbles: true }))
	}

	const onImageChosen = async (event: ChangeEvent<HTMLInputElement>, kind: 'image' | 'cover') => {
		const input = event.currentTarget
		const file = input.files?.[0]
		if (!file) return
		setUploadStatus({ kind, message: `Uploading ${file.name}…`, error: false })
		try {
			const image = await uploadImage(file)
			if (kind === 'image') insertAtCursor(markdownFor(image))
			else {
				setCoverChoices((list) => [{ id: image.id, name: image.name }, ...list.filter((each) => each.id !== image.id)])
				setCover(image.id)
			}
			setDirty(true)
			setUploadStatus({ kind, message: kind === 'image' ? `${image.name} uploaded and inserted in the post.` : `${image.name} uploaded and set as the cover.`, error: false })
		} catch (error) {
			setUploadStatus({ kind, message: error instanceof Error ? error.message : 'Upload failed', error: true })
		} finally {
			// The file is stored now: it must not travel again with Save.
			input.value = ''
		}
	}

	// --- Delete -------------------------------------------------------------
	const dialogRef = useRef<HTMLDialogElement>(null)

	const titleId = useId()
	const savePending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save'
	const formErrors = form.errors

	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id={titleId} className="text-3xl font-bold tracking-tight">
					{post ? 'Edit post' : 'New post'}
				</h1>
				{post && post.state === 'published' ? (
					<a href={`/blog/${post.slug}`} className="link text-sm" target="_blank" rel="noreferrer">
						View the published post
					</a>
				) : null}
			</div>

			{actionData?.conflict ? (
				<div role="alert" data-testid="conflict" className="mt-4 rounded-md border border-danger bg-surface-2 px-4 py-3 text-sm">
					<p className="font-semibold">{formErrors?.[0] ?? 'This post was changed since you opened it.'}</p>
					{post ? (
						<p className="mt-1">
							<a href={`/admin/posts/${post.id}/edit`} target="_blank" rel="noreferrer" className="link">
								Open the latest version in a new tab
							</a>
						</p>
					) : null}
				</div>
			) : (
				<ErrorList id={form.errorId} errors={formErrors} className="mt-4 rounded-md bg-surface-2 px-3 py-2" />
			)}

			{actionData?.confirmDelete && post ? (
				<div role="alertdialog" aria-labelledby="confirm-delete-heading" className="card mt-4 border-danger" data-testid="confirm-delete">
					<h2 id="confirm-delete-heading" className="text-lg font-semibold">
						Delete “{post.title}”?
					</h2>
					<p className="mt-1 text-sm text-muted">The post and its old addresses are removed for good. Its images stay stored.</p>
					<Form method="post" className="mt-3 flex flex-wrap gap-3">
						<input type="hidden" name="confirm" value="yes" />
						<button type="submit" name="intent" value="delete" className="button-danger">
							Yes, delete it
						</button>
						<a href={`/admin/posts/${post.id}/edit`} className="button-secondary">
							Cancel
						</a>
					</Form>
				</div>
			) : null}

			<Form
				method="post"
				encType="multipart/form-data"
				className="mt-6 grid gap-6"
				{...getFormProps(form)}
				onSubmit={(event) => {
					submitting.current = true
					form.onSubmit(event)
					if (event.defaultPrevented) submitting.current = false
				}}
				onInput={() => setDirty(true)}
				aria-labelledby={titleId}
			>
				{post ? <input type="hidden" name="version" value={post.version} /> : null}
				{/* Enter in a text field saves (the first submit button is the default). */}
				<button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden>
					Save
				</button>

				<div className="grid gap-4 md:grid-cols-2">
					<Field
						labelProps={{ children: 'Title' }}
						inputProps={{ ...getInputProps(fields.title, { type: 'text' }), onInput: onTitleInput, autoFocus: !post }}
						errors={fields.title.errors}
						help={`Up to ${TITLE_MAX} characters.`}
					/>
					<Field
						labelProps={{ children: 'Slug (address)' }}
						inputProps={{
							...getInputProps(fields.slug, { type: 'text' }),
							onInput: () => {
								slugEdited.current = true
							},
							autoCapitalize: 'none',
							spellCheck: false,
							placeholder: 'made-from-the-title',
						}}
						errors={fields.slug.errors}
						help={`/blog/<slug>: lower-case letters, digits and hyphens, up to ${SLUG_MAX}. Left empty, it is made from the title. Changing it later redirects the old address.`}
					/>
				</div>

				<div>
					<label htmlFor={fields.excerpt.id} className="form-label">
						Excerpt
					</label>
					<textarea
						{...getTextareaProps(fields.excerpt)}
						rows={2}
						className="form-input"
						aria-describedby={cn(fields.excerpt.errors && fields.excerpt.errorId, `${fields.excerpt.id}-help`) || undefined}
					/>
					<p id={`${fields.excerpt.id}-help`} className="form-help">
						Shown in the blog list and feeds. Up to {EXCERPT_MAX} characters.
					</p>
					<ErrorList id={fields.excerpt.errorId} errors={fields.excerpt.errors} />
				</div>

				<div className="grid gap-4 lg:grid-cols-2">
					<div className="min-w-0">
						<label htmlFor={fields.body.id} className="form-label">
							Body (Markdown)
						</label>
						<textarea
							{...getTextareaProps(fields.body)}
							ref={bodyRef}
							rows={24}
							className="form-input font-mono text-sm"
							spellCheck
							onInput={() => {
								if (hydrated) refreshPreview()
							}}
							aria-describedby={cn(fields.body.errors && fields.body.errorId, `${fields.body.id}-help`) || undefined}
						/>
						<p id={`${fields.body.id}-help`} className="form-help">
							GitHub-flavoured Markdown, up to {BODY_MAX.toLocaleString('en-US')} characters. HTML is allowed but sanitised: scripts, forms, frames and unsafe links are removed.
						</p>
						<ErrorList id={fields.body.errorId} errors={fields.body.errors} />

						<div className="mt-3 rounded-md border border-border p-3">
							<label htmlFor="post-image" className="form-label">
								Insert an image
							</label>
							<div className="mt-1.5 flex flex-wrap items-center gap-2">
								<input
									id="post-image"
									name="image"
									type="file"
									accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
									className="max-w-full text-sm"
									onChange={(event) => {
										if (hydrated) void onImageChosen(event, 'image')
									}}
									aria-describedby="post-image-help"
								/>
								{hydrated ? null : (
									<button type="submit" name="intent" value="upload-image" className="button-secondary">
										Upload image
									</button>
								)}
							</div>
							<p id="post-image-help" className="form-help">
								PNG, JPEG, GIF, WebP or AVIF (not SVG).{' '}
								{hydrated ? 'It is inserted at the cursor once uploaded.' : 'After uploading, paste the Markdown shown into the body.'}
							</p>
							<ErrorList errors={actionData?.result.error?.image} />
							{uploadStatus?.kind === 'image' ? (
								<p role="status" className={cn('form-help', uploadStatus.error && 'form-error')}>
									{uploadStatus.message}
								</p>
							) : null}
							{uploaded?.kind === 'image' ? (
								<div className="mt-2" data-testid="uploaded-markdown">
									<label htmlFor="uploaded-markdown" className="form-label">
										Uploaded. Paste this into the body:
									</label>
									<input id="uploaded-markdown" readOnly value={uploaded.markdown} className="form-input font-mono" onFocus={(event) => event.currentTarget.select()} />
								</div>
							) : null}
						</div>
					</div>

					<section aria-labelledby="preview-heading" className="min-w-0">
						<div className="flex items-center justify-between gap-2">
							<h2 id="preview-heading" className="form-label">
								Preview
							</h2>
							<span className="text-xs text-muted" aria-live="polite">
								{preview.busy ? 'Updating…' : ''}
							</span>
						</div>
						{preview.error ? (
							<p role="alert" className="form-error">
								{preview.error}
							</p>
						) : null}
						<div
							data-testid="post-preview"
							aria-busy={preview.busy || undefined}
							className="prose-post mt-1.5 max-h-[40rem] min-h-48 overflow-auto rounded-md border border-border bg-surface p-4"
							dangerouslySetInnerHTML={{ __html: preview.html || '<p class="text-muted">Nothing to preview yet.</p>' }}
						/>
						{hydrated ? null : (
							<button type="submit" name="intent" value="preview" className="button-secondary mt-2">
								Preview
							</button>
						)}
					</section>
				</div>

				<fieldset className="grid gap-4 rounded-md border border-border p-4 md:grid-cols-2">
					<legend className="px-1 text-sm font-semibold">Cover image</legend>
					<div>
						<label htmlFor={fields.coverImageId.id} className="form-label">
							Choose an uploaded image
						</label>
						<select
							id={fields.coverImageId.id}
							name={fields.coverImageId.name}
							value={cover}
							onChange={(event) => setCover(event.currentTarget.value)}
							className="form-input"
							aria-invalid={fields.coverImageId.errors ? true : undefined}
							aria-describedby={fields.coverImageId.errors ? fields.coverImageId.errorId : undefined}
						>
							<option value="">No cover image</option>
							{coverChoices.map((image) => (
								<option key={image.id} value={image.id}>
									{image.name}
								</option>
							))}
						</select>
						<ErrorList id={fields.coverImageId.errorId} errors={fields.coverImageId.errors} />
						{cover ? <img src={`/files/${cover}`} alt="The chosen cover" className="mt-2 max-h-32 rounded-md border border-border" /> : null}
					</div>
					<div>
						<label htmlFor="post-cover-upload" className="form-label">
							Or upload a new one
						</label>
						<div className="mt-1.5 flex flex-wrap items-center gap-2">
							<input
								id="post-cover-upload"
								name="coverUpload"
								type="file"
								accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
								className="max-w-full text-sm"
								onChange={(event) => {
									if (hydrated) void onImageChosen(event, 'cover')
								}}
							/>
							{hydrated ? null : (
								<button type="submit" name="intent" value="upload-cover" className="button-secondary">
									Upload cover
								</button>
							)}
						</div>
						<ErrorList errors={actionData?.result.error?.coverUpload} />
						{uploadStatus?.kind === 'cover' ? (
							<p role="status" className={cn('form-help', uploadStatus.error && 'form-error')}>
								{uploadStatus.message}
							</p>
						) : null}
					</div>
				</fieldset>

				<div className="grid gap-4 md:grid-cols-3">
					<Field
						labelProps={{ children: 'Tags' }}
						inputProps={{ ...getInputProps(fields.tags, { type: 'text' }), autoCapitalize: 'none' }}
						errors={fields.tags.errors}
						help={`Comma-separated, up to ${TAGS_MAX} of ${TAG_MAX} characters each.`}
					/>
					<div>
						<label htmlFor={fields.status.id} className="form-label">
							Status
						</label>
						<select
							id={fields.status.id}
							name={fields.status.name}
							defaultValue={String(fields.status.initialValue ?? 'draft')}
							key={fields.status.key}
							className="form-input"
						>
							<option value="draft">Draft</option>
							<option value="published">Published</option>
						</select>
						<ErrorList id={fields.status.errorId} errors={fields.status.errors} />
					</div>
					<Field
						labelProps={{ children: 'Publish date and time (UTC)' }}
						inputProps={{ ...getInputProps(fields.publishedAt, { type: 'datetime-local' }), step: 60 }}
						errors={fields.publishedAt.errors}
						help="Empty: now, when published. A future date schedules the post."
					/>
				</div>

				<div className="grid gap-4 md:grid-cols-2">
					<Field
						labelProps={{ children: 'SEO title' }}
						inputProps={getInputProps(fields.seoTitle, { type: 'text' })}
						errors={fields.seoTitle.errors}
						help={`For search engines and shares; the title when empty. Up to ${SEO_TITLE_MAX} characters.`}
					/>
					<Field
						labelProps={{ children: 'SEO description' }}
						inputProps={getInputProps(fields.seoDescription, { type: 'text' })}
						errors={fields.seoDescription.errors}
						help={`The excerpt when empty. Up to ${SEO_DESCRIPTION_MAX} characters.`}
					/>
				</div>

				<div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
					<SubmitButton name="intent" value="save" pending={savePending} pendingText="Saving…">
						<Icon name="check" />
						Save
					</SubmitButton>
					{post ? (
						hydrated ? (
							<button type="button" className="button-danger" onClick={() => dialogRef.current?.showModal()}>
								Delete…
							</button>
						) : (
							<button type="submit" name="intent" value="delete" className="button-danger">
								Delete…
							</button>
						)
					) : null}
					<span className="text-sm text-muted" aria-live="polite">
						{dirty ? 'Unsaved changes' : ''}
					</span>
				</div>
			</Form>

			{post ? (
				<dialog ref={dialogRef} aria-labelledby="delete-dialog-heading" className="m-auto max-w-md rounded-xl border border-border bg-surface p-5 text-fg shadow-lg backdrop:bg-black/50">
					<h2 id="delete-dialog-heading" className="text-lg font-semibold">
						Delete “{post.title}”?
					</h2>
					<p className="mt-1 text-sm text-muted">The post and its old addresses are removed for good. Its images stay stored.</p>
					<Form
						method="post"
						className="mt-4 flex flex-wrap justify-end gap-3"
						onSubmit={() => {
							submitting.current = true
							dialogRef.current?.close()
						}}
					>
						<input type="hidden" name="confirm" value="yes" />
						<button type="button" className="button-secondary" onClick={() => dialogRef.current?.close()} autoFocus>
							Cancel
						</button>
						<button type="submit" name="intent" value="delete" className="button-danger">
							Delete
						</button>
					</Form>
				</dialog>
			) : null}

			{blocker.state === 'blocked' ? (
				<div className="fixed inset-0 z-50 grid place-items-center bg-black/50 p-4">
					<div role="alertdialog" aria-modal="true" aria-labelledby="leave-heading" className="card max-w-md">
						<h2 id="leave-heading" className="text-lg font-semibold">
							Leave without saving?
						</h2>
						<p className="mt-1 text-sm text-muted">Your changes to this post have not been saved.</p>
						<div className="mt-4 flex flex-wrap justify-end gap-3">
							<button type="button" className="button-secondary" onClick={() => blocker.reset()} autoFocus>
								Stay
							</button>
							<button type="button" className="button-danger" onClick={() => blocker.proceed()}>
								Leave
							</button>
						</div>
					</div>
				</div>
			) : null}
		</div>
	)
}
