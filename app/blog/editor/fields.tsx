import { getInputProps, getTextareaProps } from '@conform-to/react'
import { type ChangeEvent } from 'react'
import { ErrorList, Field } from '#app/components/forms.tsx'
import { cn } from '#app/utils/misc.ts'
import { EXCERPT_MAX, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, SLUG_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from '#app/blog/post-validation.ts'
import { type PostFields } from './use-post-form.ts'

export function TitleAndSlugFields({
	fields,
	autoFocus,
	onTitleInput,
	onSlugInput,
}: {
	fields: PostFields
	autoFocus: boolean
	onTitleInput: (event: ChangeEvent<HTMLInputElement>) => void
	onSlugInput: () => void
}) {
	return (
		<div className="grid gap-4 md:grid-cols-2">
			<Field
				labelProps={{ children: 'Title' }}
				inputProps={{ ...getInputProps(fields.title, { type: 'text' }), onInput: onTitleInput, autoFocus }}
				errors={fields.title.errors}
				help={`Up to ${TITLE_MAX} characters.`}
			/>
			<Field
				labelProps={{ children: 'Slug (address)' }}
				inputProps={{
					...getInputProps(fields.slug, { type: 'text' }),
					onInput: onSlugInput,
					autoCapitalize: 'none',
					spellCheck: false,
					placeholder: 'made-from-the-title',
				}}
				errors={fields.slug.errors}
				help={`/blog/<slug>: lower-case letters, digits and hyphens, up to ${SLUG_MAX}. Left empty, it is made from the title. Changing it later redirects the old address.`}
			/>
		</div>
	)
}

export function ExcerptField({ fields }: { fields: PostFields }) {
	return (
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
	)
}

/** Tags, status and the publish date (a future date schedules the post). */
export function PublishingFields({ fields }: { fields: PostFields }) {
	return (
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
				<select id={fields.status.id} name={fields.status.name} defaultValue={String(fields.status.initialValue ?? 'draft')} key={fields.status.key} className="form-input">
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
	)
}

export function SeoFields({ fields }: { fields: PostFields }) {
	return (
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
	)
}
