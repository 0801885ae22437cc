import { getTextareaProps } from '@conform-to/react'
import { type ReactNode, type RefObject } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { cn } from '#app/utils/misc.ts'
import { BODY_MAX } from '#app/blog/post-validation.ts'
import { type PreviewState } from './use-live-preview.ts'
import { type PostFields } from './use-post-form.ts'

/** The Markdown body; `children` goes under it (the image insert). */
export function BodyField({
	fields,
	bodyRef,
	onBodyInput,
	children,
}: {
	fields: PostFields
	bodyRef: RefObject<HTMLTextAreaElement>
	onBodyInput: () => void
	children?: ReactNode
}) {
	return (
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
				onInput={onBodyInput}
				aria-describedby={cn(fields.body.errors && fields.body.errorId, `${fields.body.id}-help`) || undefined}
			/>
			<p id={`${fields.body.id}-help`} className="form-help">
				GitHub-flavoured Markdown, up to {BODY_MAX.toLocaleString('en-US')} characters. HTML is allowed but sanitised: scripts, forms, frames and unsafe links are removed.
			</p>
			<ErrorList id={fields.body.errorId} errors={fields.body.errors} />
			{children}
		</div>
	)
}

/** The rendered body: live with JavaScript, a Preview button without. */
export function PreviewPane({ preview, hydrated }: { preview: PreviewState; hydrated: boolean }) {
	return (
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
	)
}
