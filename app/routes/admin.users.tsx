import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, type MetaFunction } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { Icon } from '#app/components/icon.tsx'
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
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { cn } from '#app/utils/misc.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { formatDate, formatDateTimeUtc } from '#app/utils/dates.ts'

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

type ActionError = { error: { message: string; status: number; code: string } }

function failure(error: AppError) {
	return data<ActionError>({ error: { message: error.message, status: error.status, code: String(error.code) } }, { status: error.status })
}

/** Back to the list as it was (search and page), never anywhere else. */
function listUrl(formData: FormData): string {
	const params = new URLSearchParams()
	const q = normalizeSearch(typeof formData.get('q') === 'string' ? (formData.get('q') as string) : null)
	const page = parsePage(typeof formData.get('page') === 'string' ? (formData.get('page') as string) : null)
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `/admin/users?${search}` : '/admin/users'
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
	const fields = Object.fromEntries([...formData.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
	const parsed = ActionSchema.safeParse(fields)
	if (!parsed.success) {
		const message =
			fields.intent === 'delete' && fields.confirm !== 'yes' ? 'Confirm the deletion to delete this user.' : 'Validation failed: unknown action or user'
		return failure(new AppError('VALIDATION_ERROR', message))
	}
	const actor = { id: user.id, email: user.email, sessionId }
	const back = listUrl(formData)
	const input = parsed.data
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

type UserSummary = { id: string; name: string; email: string }

/** The list's search and page as hidden fields, so a change comes back to the same view. */
function ListState({ q, page }: { q: string; page: number }) {
	return (
		<>
			{q ? <input type="hidden" name="q" value={q} /> : null}
			{page > 1 ? <input type="hidden" name="page" value={page} /> : null}
		</>
	)
}

function DeleteForm({ user, q, page, onCancel }: { user: UserSummary; q: string; page: number; onCancel?: () => void }) {
	const cancelHref = `/admin/users${q || page > 1 ? `?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}` : ''}`
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
				<Link to={cancelHref} className="button-secondary">
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

export default function AdminUsers() {
	const { users, total, page, pageCount, q, currentUserId, confirmDelete } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const [dialogUser, setDialogUser] = useState<UserSummary | null>(null)
	const dialogRef = useRef<HTMLDialogElement>(null)

	useEffect(() => {
		const dialog = dialogRef.current
		if (!dialog) return
		if (dialogUser && !dialog.open) dialog.showModal()
		if (!dialogUser && dialog.open) dialog.close()
	}, [dialogUser])
	// Close the dialog once its delete has been sent and answered.
	useEffect(() => {
		if (navigation.state === 'idle') setDialogUser(null)
	}, [navigation.state])

	const pageHref = (target: number) => {
		const params = new URLSearchParams()
		if (q) params.set('q', q)
		if (target > 1) params.set('page', String(target))
		const search = params.toString()
		return search ? `/admin/users?${search}` : '/admin/users'
	}
	const error = actionData && 'error' in actionData ? actionData.error : null

	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-bold tracking-tight">Users</h1>
			<p className="mt-1 text-sm text-muted">
				{total} user{total === 1 ? '' : 's'}
				{q ? ` matching “${q}”` : ''}. Disabling or deleting a user logs them out everywhere at once.
			</p>

			<Form method="get" action="/admin/users" role="search" className="mt-6 flex flex-wrap items-end gap-2">
				<div className="min-w-0 flex-1 sm:max-w-md">
					<label htmlFor="user-search" className="form-label">
						Search by name or email
					</label>
					<input id="user-search" name="q" type="search" defaultValue={q} maxLength={200} className="form-input mt-1 w-full" />
				</div>
				<button type="submit" className="button-primary">
					<Icon name="search" />
					Search
				</button>
				{q ? (
					<Link to="/admin/users" className="button-secondary">
						Clear
					</Link>
				) : null}
			</Form>

			{error ? (
				<p role="alert" className="form-error mt-6 rounded-md bg-surface-2 px-3 py-2" data-testid="users-error">
					{error.message}
				</p>
			) : null}

			{confirmDelete ? (
				<section aria-labelledby="confirm-delete-heading" className="card mt-6 border-danger/40" data-testid="delete-confirmation">
					<h2 id="confirm-delete-heading" className="text-lg font-semibold">
						Delete this user?
					</h2>
					<ConsequencesText user={confirmDelete} />
					<DeleteForm user={confirmDelete} q={q} page={page} />
				</section>
			) : null}

			<div className="card mt-6 overflow-x-auto p-0">
				<table className="w-full min-w-[56rem] text-left text-sm">
					<caption className="sr-only">
						Users, page {page} of {pageCount}
					</caption>
					<thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
						<tr>
							<th scope="col" className="px-4 py-3">
								User
							</th>
							<th scope="col" className="px-4 py-3">
								Role
							</th>
							<th scope="col" className="px-4 py-3">
								Sign-in
							</th>
							<th scope="col" className="px-4 py-3">
								Created
							</th>
							<th scope="col" className="px-4 py-3">
								Last active
							</th>
							<th scope="col" className="px-4 py-3">
								Status
							</th>
							<th scope="col" className="px-4 py-3">
								Actions
							</th>
						</tr>
					</thead>
					<tbody>
						{users.length === 0 ? (
							<tr>
								<td colSpan={7} className="px-4 py-6 text-center text-muted">
									No users found.
								</td>
							</tr>
						) : null}
						{users.map((user) => {
							const self = user.id === currentUserId
							return (
								<tr key={user.id} className="border-b border-border last:border-b-0 align-top" data-testid="user-row" data-email={user.email}>
									<td className="px-4 py-3">
										<div className="font-medium break-all text-fg">
											{user.name}
											{self ? <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs">You</span> : null}
										</div>
										<div className="break-all text-muted">{user.email}</div>
									</td>
									<td className="px-4 py-3" data-testid="user-role">
										{user.role === 'admin' ? 'Admin' : 'User'}
									</td>
									<td className="px-4 py-3">{user.methods.length ? user.methods.join(', ') : '—'}</td>
									<td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
									<td className="px-4 py-3 whitespace-nowrap">
										{user.lastActiveAt ? formatDateTimeUtc(user.lastActiveAt) : 'Never'}
									</td>
									<td className="px-4 py-3" data-testid="user-status">
										<span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', user.disabled ? 'bg-surface-2 text-danger' : 'bg-accent-soft text-fg')}>
											{user.disabled ? 'Disabled' : 'Active'}
										</span>
										<div className="mt-1 text-xs text-muted">
											{user.sessions} session{user.sessions === 1 ? '' : 's'}
										</div>
									</td>
									<td className="px-4 py-3">
										<div className="flex flex-wrap gap-2">
											{self ? null : (
												<Form method="post" action="/admin/users">
													<input type="hidden" name="intent" value="role" />
													<input type="hidden" name="userId" value={user.id} />
													<input type="hidden" name="role" value={user.role === 'admin' ? 'user' : 'admin'} />
													<ListState q={q} page={page} />
													<button type="submit" className="button-secondary" disabled={busy} aria-label={`${user.role === 'admin' ? 'Remove admin role from' : 'Make admin'} ${user.email}`}>
														{user.role === 'admin' ? 'Remove admin' : 'Make admin'}
													</button>
												</Form>
											)}
											{self ? null : (
												<Form method="post" action="/admin/users">
													<input type="hidden" name="intent" value={user.disabled ? 'enable' : 'disable'} />
													<input type="hidden" name="userId" value={user.id} />
													<ListState q={q} page={page} />
													<button type="submit" className="button-secondary" disabled={busy} aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}>
														{user.disabled ? 'Enable' : 'Disable'}
													</button>
												</Form>
											)}
											<Form method="post" action="/admin/users">
												<input type="hidden" name="intent" value="end-sessions" />
												<input type="hidden" name="userId" value={user.id} />
												<ListState q={q} page={page} />
												<button
													type="submit"
													className="button-secondary"
													disabled={busy}
													aria-label={self ? 'End your other sessions' : `End all sessions of ${user.email}`}
												>
													{self ? 'End other sessions' : 'End sessions'}
												</button>
											</Form>
											{self ? null : (
												// Without JavaScript: a confirmation step (?delete=<id>); with it, a dialog.
												<Form
													method="get"
													action="/admin/users"
													onSubmit={(event) => {
														event.preventDefault()
														setDialogUser({ id: user.id, name: user.name, email: user.email })
													}}
												>
													{q ? <input type="hidden" name="q" value={q} /> : null}
													{page > 1 ? <input type="hidden" name="page" value={page} /> : null}
													<input type="hidden" name="delete" value={user.id} />
													<button type="submit" className="button-danger" disabled={busy} aria-label={`Delete ${user.email}…`}>
														Delete…
													</button>
												</Form>
											)}
										</div>
									</td>
								</tr>
							)
						})}
					</tbody>
				</table>
			</div>

			{pageCount > 1 ? (
				<nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4 text-sm">
					{page > 1 ? (
						<Link to={pageHref(page - 1)} className="button-secondary" rel="prev">
							<Icon name="chevron-left" />
							Previous
						</Link>
					) : (
						<span />
					)}
					<span className="text-muted">
						Page {page} of {pageCount}
					</span>
					{page < pageCount ? (
						<Link to={pageHref(page + 1)} className="button-secondary" rel="next">
							Next
							<Icon name="chevron-right" />
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}

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
		</div>
	)
}
