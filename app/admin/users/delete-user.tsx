import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { ListState, usersListHref } from './list-state.tsx'

export type UserSummary = { id: string; name: string; email: string }

function DeleteForm({ user, q, page, onCancel }: { user: UserSummary; q: string; page: number; onCancel?: () => void }) {
	return (
		<Form method="post" action="/admin/users" className="mt-4 flex flex-wrap gap-2">
			<input type="hidden" name="intent" value="delete" />
			<input type="hidden" name="userId" value={user.id} />
			<input type="hidden" name="confirm" value="yes" />
			<ListState q={q} page={page} />
			<button type="submit" className="button-danger" data-testid="confirm-delete">
				Delete {user.email}
			</button>
			{onCancel ? (
				<button type="button" className="button-secondary" onClick={onCancel}>
					Cancel
				</button>
			) : (
				<Link to={usersListHref(q, page)} className="button-secondary">
					Cancel
				</Link>
			)}
		</Form>
	)
}

function ConsequencesText({ user }: { user: UserSummary }) {
	return (
		<p className="mt-2 text-sm text-muted">
			<strong className="text-fg">{user.name}</strong> ({user.email}) will be logged out everywhere and their account removed for good. Their blog posts and
			files stay, without an author.
		</p>
	)
}

/** Without JavaScript, Delete… comes back to the list with this step (?delete=<id>). */
export function DeleteConfirmation({ user, q, page }: { user: UserSummary; q: string; page: number }) {
	return (
		<section aria-labelledby="confirm-delete-heading" className="card mt-6 border-danger/40" data-testid="delete-confirmation">
			<h2 id="confirm-delete-heading" className="text-lg font-semibold">
				Delete this user?
			</h2>
			<ConsequencesText user={user} />
			<DeleteForm user={user} q={q} page={page} />
		</section>
	)
}

/** With JavaScript, Delete… opens this dialog; it closes once its delete has been answered. */
export function useDeleteDialog() {
	const navigation = useNavigation()
	const [dialogUser, setDialogUser] = useState<UserSummary | null>(null)
	const dialogRef = useRef<HTMLDialogElement>(null)
	useEffect(() => {
		const dialog = dialogRef.current
		if (!dialog) return
		if (dialogUser && !dialog.open) dialog.showModal()
		if (!dialogUser && dialog.open) dialog.close()
	}, [dialogUser])
	useEffect(() => {
		if (navigation.state === 'idle') setDialogUser(null)
	}, [navigation.state])
	return { dialogUser, setDialogUser, dialogRef }
}

export function DeleteUserDialog({
	dialog,
	q,
	page,
}: {
	dialog: ReturnType<typeof useDeleteDialog>
	q: string
	page: number
}) {
	const { dialogUser, setDialogUser, dialogRef } = dialog
	return (
		<dialog
			ref={dialogRef}
			aria-labelledby="delete-dialog-heading"
			className="card m-auto w-[min(32rem,calc(100vw-2rem))] text-fg backdrop:bg-black/50"
			onClose={() => setDialogUser(null)}
			data-testid="delete-dialog"
		>
			{dialogUser ? (
				<>
					<h2 id="delete-dialog-heading" className="text-lg font-semibold">
						Delete this user?
					</h2>
					<ConsequencesText user={dialogUser} />
					<DeleteForm user={dialogUser} q={q} page={page} onCancel={() => setDialogUser(null)} />
				</>
			) : null}
		</dialog>
	)
}
