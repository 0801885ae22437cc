import { useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation, type MetaFunction } from '@remix-run/react'
import { z } from 'zod'
import {
	deleteUser,
	disableUser,
	enableUser,
	endUserSessions,
	findUserSummary,
	listUsers,
	normalizeSearch,
	parsePage,
	setUserRole,
} from '#app/admin/admin-users.server.ts'
import { DeleteConfirmation, DeleteUserDialog, useDeleteDialog } from '#app/admin/users/delete-user.tsx'
import { usersListHref } from '#app/admin/users/list-state.tsx'
import { Pagination, UserSearch } from '#app/admin/users/search-and-pages.tsx'
import { UsersTable } from '#app/admin/users/users-table.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { formErrorReply, type FormErrorReplyOptions } from '#app/utils/errors.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Users', description: 'Manage user accounts.', path: '/admin/users', noIndex: true })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireAdmin(request)
	const url = new URL(request.url)
	const q = normalizeSearch(url.searchParams.get('q'))
	const list = await listUsers({ q, page: parsePage(url.searchParams.get('page')) })
	// The confirmation step of a delete without JavaScript (?delete=<id>).
	const deleteId = url.searchParams.get('delete')
	const confirmDelete = deleteId ? await findUserSummary(deleteId) : null
	return { ...list, currentUserId: user.id, confirmDelete }
}

/** Small forms only: an id and a word or two. */
const USERS_FORM_LIMIT = 16 * 1024

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('role'), userId: z.string().min(1).max(100), role: z.enum(['user', 'admin']) }),
	z.object({ intent: z.literal('disable'), userId: z.string().min(1).max(100) }),
	z.object({ intent: z.literal('enable'), userId: z.string().min(1).max(100) }),
	z.object({ intent: z.literal('end-sessions'), userId: z.string().min(1).max(100) }),
	z.object({ intent: z.literal('delete'), userId: z.string().min(1).max(100), confirm: z.literal('yes') }),
])

/**
 * A refused change: Conform's result for the page (the message above the
 * list) and the catalogue's error (`{ message, status, code }`) for callers
 * that read the answer as data.
 */
function failure(error: AppError, submission?: FormErrorReplyOptions<Record<never, never>>['submission']) {
	return formErrorReply(error, { submission, formLevel: true, extra: { error: { message: error.message, status: error.status, code: String(error.code) } } })
}

/** Back to the list as it was (search and page), never anywhere else. */
function listUrl(formData: FormData): string {
	const q = normalizeSearch(typeof formData.get('q') === 'string' ? (formData.get('q') as string) : null)
	const page = parsePage(typeof formData.get('page') === 'string' ? (formData.get('page') as string) : null)
	return usersListHref(q, page)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, sessionId } = await requireAdmin(request)
	let formData: FormData
	try {
		formData = await readFormData(request, USERS_FORM_LIMIT)
	} catch (error) {
		if (error instanceof AppError) return failure(error)
		throw error
	}
	// Only the fields of the intended change are read: anything else posted is ignored.
	const submission = parseWithZod(formData, { schema: ActionSchema })
	if (submission.status !== 'success') {
		const message =
			formData.get('intent') === 'delete' && formData.get('confirm') !== 'yes'
				? 'Confirm the deletion to delete this user.'
				: 'Validation failed: unknown action or user'
		return failure(new AppError('VALIDATION_ERROR', message), submission)
	}
	const actor = { id: user.id, email: user.email, sessionId }
	const back = listUrl(formData)
	const input = submission.value
	try {
		switch (input.intent) {
			case 'role': {
				const { changed, email } = await setUserRole(actor, input.userId, input.role)
				const message = !changed
					? `${email} already had that role.`
					: input.role === 'admin'
						? `${email} is now an administrator.`
						: `${email} is no longer an administrator.`
				return redirectWithToast(back, { type: changed ? 'success' : 'info', message })
			}
			case 'disable': {
				const { email, endedSessions } = await disableUser(actor, input.userId)
				return redirectWithToast(back, {
					type: 'success',
					message: `${email} is disabled${endedSessions ? ` and was logged out of ${endedSessions} session${endedSessions === 1 ? '' : 's'}` : ''}.`,
				})
			}
			case 'enable': {
				const { changed, email } = await enableUser(actor, input.userId)
				return redirectWithToast(back, { type: changed ? 'success' : 'info', message: changed ? `${email} can sign in again.` : `${email} was not disabled.` })
			}
			case 'end-sessions': {
				const { email, endedSessions } = await endUserSessions(actor, input.userId)
				return redirectWithToast(back, {
					type: 'success',
					message: endedSessions === 0 ? `${email} had no sessions to end.` : `Ended ${endedSessions} session${endedSessions === 1 ? '' : 's'} of ${email}.`,
				})
			}
			case 'delete': {
				const { email } = await deleteUser(actor, input.userId)
				return redirectWithToast(back, { type: 'success', message: `${email} was deleted.` })
			}
		}
	} catch (error) {
		if (error instanceof AppError) return failure(error)
		throw error
	}
}

export default function AdminUsers() {
	const { users, total, page, pageCount, q, currentUserId, confirmDelete } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	// The page's changes are small forms of hidden fields; a refused one is reported above the list.
	const [form] = useForm({ id: 'user-changes', lastResult: actionData?.result })
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const dialog = useDeleteDialog()
	const error = form.errors?.[0]

	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-bold tracking-tight">Users</h1>
			<p className="mt-1 text-sm text-muted">
				{total} user{total === 1 ? '' : 's'}
				{q ? ` matching “${q}”` : ''}. Disabling or deleting a user logs them out everywhere at once.
			</p>

			<UserSearch q={q} />

			{error ? (
				<p id={form.errorId} role="alert" className="form-error mt-6 rounded-md bg-surface-2 px-3 py-2" data-testid="users-error">
					{error}
				</p>
			) : null}

			{confirmDelete ? <DeleteConfirmation user={confirmDelete} q={q} page={page} /> : null}

			<UsersTable users={users} currentUserId={currentUserId} page={page} pageCount={pageCount} view={{ q, page, busy }} onDelete={dialog.setDialogUser} />

			<Pagination q={q} page={page} pageCount={pageCount} />

			<DeleteUserDialog dialog={dialog} q={q} page={page} />
		</div>
	)
}
