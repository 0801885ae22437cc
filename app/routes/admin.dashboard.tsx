import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Dashboard', description: 'Site administration.', path: '/admin/dashboard', noIndex: true })

export const headers = privatePageHeaders

const DAY = 24 * 60 * 60 * 1000

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const now = new Date()
	const weekAgo = new Date(now.getTime() - 7 * DAY)
	const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
	const [users, newThisWeek, admins, googleUsers, activeSessions, toolRunsToday, latest] = await Promise.all([
		prisma.user.count(),
		prisma.user.count({ where: { createdAt: { gte: weekAgo } } }),
		prisma.user.count({ where: { role: 'admin' } }),
		prisma.user.count({ where: { connections: { some: { provider: 'google' } } } }),
		prisma.session.count({ where: { expiresAt: { gt: now } } }),
		// Server-side runs only (forms without JavaScript and the API); runs in the browser are private.
		prisma.toolRun.count({ where: { createdAt: { gte: today } } }),
		prisma.user.findMany({
			orderBy: { createdAt: 'desc' },
			take: 8,
			select: { id: true, name: true, email: true, role: true, createdAt: true, passwordHash: true, connections: { select: { provider: true } } },
		}),
	])
	return {
		stats: { users, newThisWeek, admins, googleUsers, activeSessions, toolRunsToday },
		latest: latest.map((user) => ({
			id: user.id,
			name: user.name,
			email: user.email,
			role: user.role,
			createdAt: user.createdAt.toISOString(),
			methods: [user.passwordHash ? 'Password' : null, ...user.connections.map((c) => (c.provider === 'google' ? 'Google' : c.provider))].filter(Boolean).join(', '),
		})),
	}
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export default function AdminDashboard() {
	const { stats, latest } = useLoaderData<typeof loader>()
	const cards = [
		{ label: 'Users', value: stats.users },
		{ label: 'New this week', value: stats.newThisWeek },
		{ label: 'Administrators', value: stats.admins },
		{ label: 'Signed in with Google', value: stats.googleUsers },
		{ label: 'Active sessions', value: stats.activeSessions },
		{ label: 'Server tool runs today (UTC)', value: stats.toolRunsToday },
	]
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
			<dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="admin-stats">
				{cards.map((card) => (
					<div key={card.label} className="card">
						<dt className="text-sm text-muted">{card.label}</dt>
						<dd className="mt-1 text-3xl font-bold tabular-nums">{card.value.toLocaleString('en-US')}</dd>
					</div>
				))}
			</dl>
			<section aria-labelledby="latest-heading" className="card mt-8 overflow-x-auto">
				<h2 id="latest-heading" className="text-lg font-semibold">
					Latest sign-ups
				</h2>
				{latest.length === 0 ? (
					<p className="mt-3 text-sm text-muted">Nobody has signed up yet.</p>
				) : (
					<table className="mt-4 w-full min-w-[36rem] text-left text-sm">
						<thead className="text-muted">
							<tr>
								<th scope="col" className="py-2 pr-4 font-semibold">Name</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Email</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Role</th>
								<th scope="col" className="py-2 pr-4 font-semibold">Sign-in</th>
								<th scope="col" className="py-2 font-semibold">Joined</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-border">
							{latest.map((user) => (
								<tr key={user.id}>
									<td className="py-2 pr-4 break-all">{user.name}</td>
									<td className="py-2 pr-4 break-all">{user.email}</td>
									<td className="py-2 pr-4">{user.role}</td>
									<td className="py-2 pr-4">{user.methods || '—'}</td>
									<td className="py-2 whitespace-nowrap">{dateFormat.format(new Date(user.createdAt))} UTC</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</section>
		</div>
	)
}
