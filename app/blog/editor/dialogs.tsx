import { Form, type Blocker } from '@remix-run/react'
import { type MutableRefObject, type RefObject } from 'react'
import { type EditorPost } from './use-post-form.ts'

/** With JavaScript, Delete… asks here. */
export function DeleteDialog({
	post,
	dialogRef,
	submitting,
}: {
	post: EditorPost
	dialogRef: RefObject<HTMLDialogElement>
	submitting: MutableRefObject<boolean>
}) {
	return (
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
	)
}

/** Leaving the page (in-app) with unsaved changes asks first. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
	if (blocker.state !== 'blocked') return null
	return (
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
	)
}
