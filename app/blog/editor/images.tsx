import { type ChangeEvent } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { cn } from '#app/utils/misc.ts'
import type { EditorActionData } from '#app/blog/posts.server.ts'
import { type UploadKind, type UploadStatus } from './use-image-uploads.ts'
import { type EditorImage, type PostFields } from './use-post-form.ts'

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif'

type ImageChosen = (event: ChangeEvent<HTMLInputElement>, kind: UploadKind) => void

function UploadStatusLine({ status, kind }: { status: UploadStatus | null; kind: UploadKind }) {
	if (status?.kind !== kind) return null
	return (
		<p role="status" className={cn('form-help', status.error && 'form-error')}>
			{status.message}
		</p>
	)
}

/** Under the body: upload an image and get its Markdown (at the cursor with JavaScript, to paste without). */
export function ImageInsert({
	hydrated,
	actionData,
	uploadStatus,
	onImageChosen,
}: {
	hydrated: boolean
	actionData: EditorActionData | undefined
	uploadStatus: UploadStatus | null
	onImageChosen: ImageChosen
}) {
	const uploaded = actionData?.uploaded
	return (
		<div className="mt-3 rounded-md border border-border p-3">
			<label htmlFor="post-image" className="form-label">
				Insert an image
			</label>
			<div className="mt-1.5 flex flex-wrap items-center gap-2">
				<input
					id="post-image"
					name="image"
					type="file"
					accept={IMAGE_ACCEPT}
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
				PNG, JPEG, GIF, WebP or AVIF (not SVG). {hydrated ? 'It is inserted at the cursor once uploaded.' : 'After uploading, paste the Markdown shown into the body.'}
			</p>
			<ErrorList errors={actionData?.result.error?.image} />
			<UploadStatusLine status={uploadStatus} kind="image" />
			{uploaded?.kind === 'image' ? (
				<div className="mt-2" data-testid="uploaded-markdown">
					<label htmlFor="uploaded-markdown" className="form-label">
						Uploaded. Paste this into the body:
					</label>
					<input id="uploaded-markdown" readOnly value={uploaded.markdown} className="form-input font-mono" onFocus={(event) => event.currentTarget.select()} />
				</div>
			) : null}
		</div>
	)
}

/** The cover: one of the uploaded images, or a new upload. */
export function CoverFieldset({
	fields,
	hydrated,
	actionData,
	cover,
	coverChoices,
	onCoverChange,
	uploadStatus,
	onImageChosen,
}: {
	fields: PostFields
	hydrated: boolean
	actionData: EditorActionData | undefined
	cover: string
	coverChoices: Array<EditorImage>
	onCoverChange: (id: string) => void
	uploadStatus: UploadStatus | null
	onImageChosen: ImageChosen
}) {
	return (
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
					onChange={(event) => onCoverChange(event.currentTarget.value)}
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
						accept={IMAGE_ACCEPT}
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
				<UploadStatusLine status={uploadStatus} kind="cover" />
			</div>
		</fieldset>
	)
}
