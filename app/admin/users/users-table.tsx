import { Form } from '@remix-run/react'
import type { AdminUserRow } from '#app/admin/admin-users.server.ts'
import { formatDate, formatDateTimeUtc } from '#app/utils/dates.ts'
import { cn } from '#app/utils/misc.ts'
import { type UserSummary } from './delete-user.tsx'
import { ListState } from './list-state.tsx'

type ListView = { q: string; page: number; busy: boolean }

const COLUMNS = ['User', 'Role', 'Sign-in', 'Created', 'Last active', 'Status', 'Actions']

export function UsersTable({
	users,
	currentUserId,
	page,
	pageCount,
	view,
	onDelete,
}: {
	users: Array<AdminUserRow>
	currentUserId: string
	page: number
	pageCount: number
	view: ListView
	onDelete: (user: UserSummary) => void
}) {
	return (
		<div className="card mt-6 overflow-x-auto p-0">
			<table className="w-full min-w-[56rem] text-left text-sm">
				<caption className="sr-only">
					Users, page {page} of {pageCount}
				</caption>
				<thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
					<tr>
						{COLUMNS.map((column) => (
							<th key={column} scope="col" className="px-4 py-3">
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{users.length === 0 ? (
						<tr>
							<td colSpan={COLUMNS.length} className="px-4 py-6 text-center text-muted">
								No users found.
							</td>
						</tr>
					) : null}
					{users.map((user) => (
						<UserRow key={user.id} user={user} self={user.id === currentUserId} view={view} onDelete={onDelete} />
					))}
				</tbody>
			</table>
		</div>
	)
}

function UserRow({ user, self, view, onDelete }: { user: AdminUserRow; self: boolean; view: ListView; onDelete: (user: UserSummary) => void }) {
	return (
		<tr className="border-b border-border last:border-b-0 align-top" data-testid="user-row" data-email={user.email}>
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
			<td className="px-4 py-3 whitespace-nowrap">{user.lastActiveAt ? formatDateTimeUtc(user.lastActiveAt) : 'Never'}</td>
			<td className="px-4 py-3" data-testid="user-status">
				<span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', user.disabled ? 'bg-surface-2 text-danger' : 'bg-accent-soft text-fg')}>
					{user.disabled ? 'Disabled' : 'Active'}
				</span>
				<div className="mt-1 text-xs text-muted">
					{user.sessions} session{user.sessions === 1 ? '' : 's'}
				</div>
			</td>
			<td className="px-4 py-3">
				<UserActions user={user} self={self} view={view} onDelete={onDelete} />
			</td>
		</tr>
	)
}

/** One small form per change; an admin cannot change their own role, disable or delete themselves. */
function UserActions({ user, self, view, onDelete }: { user: AdminUserRow; self: boolean; view: ListView; onDelete: (user: UserSummary) => void }) {
	const { q, page, busy } = view
	return (
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
				<button type="submit" className="button-secondary" disabled={busy} aria-label={self ? 'End your other sessions' : `End all sessions of ${user.email}`}>
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
						onDelete({ id: user.id, name: user.name, email: user.email })
					}}
				>
					<ListState q={q} page={page} />
					<input type="hidden" name="delete" value={user.id} />
					<button type="submit" className="button-danger" disabled={busy} aria-label={`Delete ${user.email}…`}>
						Delete…
					</button>
				</Form>
			)}
		</div>
	)
}
