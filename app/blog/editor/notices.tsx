import { Form } from '@remix-run/react'
import { ErrorList } from '#app/components/forms.tsx'
import { type PostForm, type EditorPost } from './use-post-form.ts'

/** The page's heading, with a link to the live post once it is published. */
export function EditorHeading({ post, titleId }: { post: EditorPost | null; titleId: string }) {
	return (
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
	)
}

/** The form's own errors; a save refused as stale (409) says so and links to the latest version. */
export function FormNotice({ form, post, conflict }: { form: PostForm; post: EditorPost | null; conflict: boolean }) {
	const formErrors = form.errors
	if (!conflict) return <ErrorList id={form.errorId} errors={formErrors} className="mt-4 rounded-md bg-surface-2 px-3 py-2" />
	return (
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
	)
}

/** Without JavaScript, Delete… comes back to this confirmation step. */
export function ConfirmDeleteNotice({ post }: { post: EditorPost }) {
	return (
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
	)
}
