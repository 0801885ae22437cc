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
 *
 * The parts sit beside this file: the form and its state in use-*.ts, the
 * fields, images, preview, notices and dialogs in their own modules.
 */
import { getFormProps } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useId, useRef, type ChangeEvent, type RefObject } from 'react'
import { SubmitButton } from '#app/components/forms.tsx'
import { Icon } from '#app/components/icon.tsx'
import { useHydrated } from '#app/utils/misc.ts'
import { slugify } from '#app/blog/post-validation.ts'
import type { EditorActionData } from '#app/blog/posts.server.ts'
import { BodyField, PreviewPane } from './body-and-preview.tsx'
import { DeleteDialog, LeaveDialog } from './dialogs.tsx'
import { ExcerptField, PublishingFields, SeoFields, TitleAndSlugFields } from './fields.tsx'
import { CoverFieldset, ImageInsert } from './images.tsx'
import { ConfirmDeleteNotice, EditorHeading, FormNotice } from './notices.tsx'
import { useImageUploads } from './use-image-uploads.ts'
import { useLivePreview } from './use-live-preview.ts'
import { usePostForm, type EditorImage, type EditorPost } from './use-post-form.ts'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

export type { EditorImage, EditorPost }

export function PostEditor({ post, images, actionData }: { post: EditorPost | null; images: Array<EditorImage>; actionData: EditorActionData | undefined }) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [form, fields] = usePostForm(post, actionData)
	const { dirty, setDirty, submitting, blocker } = useUnsavedChanges(Boolean(actionData?.conflict))

	// The slug follows the title until the slug is typed in (or the post has one).
	const slugEdited = useRef(Boolean(post) || Boolean(actionData?.result.initialValue?.slug))
	const onTitleInput = (event: ChangeEvent<HTMLInputElement>) => {
		const slug = document.getElementById(fields.slug.id)
		if (slugEdited.current || !(slug instanceof HTMLInputElement)) return
		slug.value = slugify(event.currentTarget.value)
	}

	const bodyRef = useRef<HTMLTextAreaElement>(null)
	const serverPreview = actionData?.preview
	const { preview, refreshPreview } = useLivePreview(bodyRef, () => ({
		html: serverPreview && 'html' in serverPreview ? serverPreview.html : (post?.html ?? ''),
		error: serverPreview && 'error' in serverPreview ? serverPreview.error : null,
		busy: false,
	}))

	const uploaded = actionData?.uploaded
	const uploads = useImageUploads({
		images,
		uploaded,
		initialCover: uploaded?.kind === 'cover' ? uploaded.id : String(fields.coverImageId.initialValue ?? post?.coverImageId ?? ''),
		bodyRef,
		onUploaded: () => setDirty(true),
	})

	const dialogRef = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	const savePending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save'

	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
			<EditorHeading post={post} titleId={titleId} />
			<FormNotice form={form} post={post} conflict={Boolean(actionData?.conflict)} />
			{actionData?.confirmDelete && post ? <ConfirmDeleteNotice post={post} /> : null}

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

				<TitleAndSlugFields
					fields={fields}
					autoFocus={!post}
					onTitleInput={onTitleInput}
					onSlugInput={() => {
						slugEdited.current = true
					}}
				/>
				<ExcerptField fields={fields} />

				<div className="grid gap-4 lg:grid-cols-2">
					<BodyField
						fields={fields}
						bodyRef={bodyRef}
						onBodyInput={() => {
							if (hydrated) refreshPreview()
						}}
					>
						<ImageInsert hydrated={hydrated} actionData={actionData} uploadStatus={uploads.uploadStatus} onImageChosen={uploads.onImageChosen} />
					</BodyField>
					<PreviewPane preview={preview} hydrated={hydrated} />
				</div>

				<CoverFieldset
					fields={fields}
					hydrated={hydrated}
					actionData={actionData}
					cover={uploads.cover}
					coverChoices={uploads.coverChoices}
					onCoverChange={uploads.setCover}
					uploadStatus={uploads.uploadStatus}
					onImageChosen={uploads.onImageChosen}
				/>
				<PublishingFields fields={fields} />
				<SeoFields fields={fields} />

				<EditorActions post={post} hydrated={hydrated} savePending={savePending} dirty={dirty} dialogRef={dialogRef} />
			</Form>

			{post ? <DeleteDialog post={post} dialogRef={dialogRef} submitting={submitting} /> : null}
			<LeaveDialog blocker={blocker} />
		</div>
	)
}

/** Save, Delete… (a dialog with JavaScript, the confirmation step without) and the unsaved-changes note. */
function EditorActions({
	post,
	hydrated,
	savePending,
	dirty,
	dialogRef,
}: {
	post: EditorPost | null
	hydrated: boolean
	savePending: boolean
	dirty: boolean
	dialogRef: RefObject<HTMLDialogElement>
}) {
	return (
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
	)
}
