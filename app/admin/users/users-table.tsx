import { Form } from '@remix-run/react'
import type { AdminUserRow } from '#app/admin/admin-users.server.ts'
import { formatDate, formatDateTimeUtc } from '#app/utils/dates.ts'
import { cn } from '#app/utils/misc.ts'
import { type UserSummary } from './delete-user.tsx'
import { ListState } from './list-state.tsx'

type ListView = { q: string; page: number; busy: boolean }

const COLUMNS = ['User', 'Role', 'Sign-in', 'Created', 'Last active', 'Status', 'Actions']

/**
 * Under 640 px (Tailwind's `sm`) the table is a list of cards: every row a
 * block with its cells one under another, each labelled from `data-label`
 * (the headers stay for screen readers, visually hidden), so nothing scrolls
 * sideways and every action is on screen.
 */
const cell = 'px-4 py-3 max-sm:block max-sm:px-0 max-sm:py-1'
const labelled = `${cell} max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:text-muted max-sm:before:content-[attr(data-label)]`

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
		<div className="mt-6 sm:overflow-x-auto sm:rounded-xl sm:border sm:border-border sm:bg-surface sm:shadow-sm" data-testid="users-list">
			<table className="w-full text-left text-sm max-sm:block sm:min-w-[56rem]">
				<caption className="sr-only">
					Users, page {page} of {pageCount}
				</caption>
				<thead className="border-b border-border text-xs tracking-wide text-muted uppercase max-sm:sr-only">
					<tr>
						{COLUMNS.map((column) => (
							<th key={column} scope="col" className="px-4 py-3">
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="max-sm:block max-sm:space-y-3">
					{users.length === 0 ? (
						<tr className="max-sm:block">
							<td colSpan={COLUMNS.length} className="px-4 py-6 text-center text-muted max-sm:block">
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
		<tr
			className="border-b border-border align-top last:border-b-0 max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-surface max-sm:p-4 max-sm:shadow-sm max-sm:last:border-b"
			data-testid="user-row"
			data-email={user.email}
		>
			{/* Names wrap between words; a word (or an address) breaks only when it cannot fit a line. */}
			<td className={cn(cell, 'max-sm:pb-2')} data-testid="user-identity">
				<div className="font-medium [overflow-wrap:anywhere] text-fg">
					<span data-testid="user-name">{user.name}</span>
					{self ? <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs">You</span> : null}
				</div>
				<div className="[overflow-wrap:anywhere] text-muted">{user.email}</div>
			</td>
			<td className={labelled} data-label="Role" data-testid="user-role">
				{user.role === 'admin' ? 'Admin' : 'User'}
			</td>
			<td className={labelled} data-label="Sign-in">
				{user.methods.length ? user.methods.join(', ') : '—'}
			</td>
			<td className={cn(labelled, 'whitespace-nowrap')} data-label="Created">
				{formatDate(user.createdAt)}
			</td>
			<td className={cn(labelled, 'sm:whitespace-nowrap')} data-label="Last active">
				{user.lastActiveAt ? formatDateTimeUtc(user.lastActiveAt) : 'Never'}
			</td>
			<td className={labelled} data-label="Status" data-testid="user-status">
				<span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', user.disabled ? 'bg-surface-2 text-danger' : 'bg-accent-soft text-fg')}>
					{user.disabled ? 'Disabled' : 'Active'}
				</span>
				<div className="mt-1 text-xs text-muted max-sm:ml-2 max-sm:inline">
					{user.sessions} session{user.sessions === 1 ? '' : 's'}
				</div>
			</td>
			<td className={cn(cell, 'max-sm:mt-2 max-sm:border-t max-sm:border-border max-sm:pt-3')} data-testid="user-actions">
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
