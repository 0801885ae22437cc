import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { type ReactNode } from 'react'
import { DailyBarChart, formatCount } from '#app/admin/charts.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { loadDashboard } from '#app/admin/dashboard.server.ts'
import type { PostState, QueueFigures } from '#app/admin/dashboard.server.ts'
import { formatWait } from '#app/admin/queue-figures.ts'
import { Icon } from '#app/components/icon.tsx'
import { formatBytes } from '#app/utils/format.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { cn } from '#app/utils/misc.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { formatDate, formatDateTime, formatDateTimeUtc } from '#app/utils/dates.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		title: 'Dashboard',
		description: 'Site administration.',
		path: '/admin/dashboard',
		noIndex: true,
	})

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return loadDashboard()
}

const STATE_LABEL: Record<PostState, string> = {
	draft: 'Draft',
	scheduled: 'Scheduled',
	published: 'Published',
}
const STATE_CLASS: Record<PostState, string> = {
	draft: 'border-border text-muted',
	scheduled: 'border-warning text-warning',
	published: 'border-success text-success',
}

function formatRate(rate: number | null): string {
	return rate === null ? '—' : `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
}

/** A table that may scroll sideways on narrow screens: focusable, so the keyboard can scroll it. */
function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
			{children}
		</div>
	)
}

function Section({
	id,
	title,
	description,
	children,
	className,
}: {
	id: string
	title: string
	description?: ReactNode
	children: ReactNode
	className?: string
}) {
	return (
		<section aria-labelledby={`${id}-heading`} className={cn('card min-w-0', className)} data-testid={id}>
			<h2 id={`${id}-heading`} className="text-lg font-semibold">
				{title}
			</h2>
			{description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
			<div className="mt-4">{children}</div>
		</section>
	)
}

/** The conversion queue now and over the last hour (issue 30), with a warning when jobs wait and no worker runs. */
function QueuePanel({ queue }: { queue: QueueFigures }) {
	const figures: Array<{ label: string; value: string; hint?: string; danger?: boolean }> = [
		{ label: 'Waiting', value: formatCount(queue.waiting), hint: 'Not started yet' },
		{ label: 'Running', value: formatCount(queue.running) },
		{ label: 'Failed', value: formatCount(queue.failedLastHour), hint: 'Last hour', danger: queue.failedLastHour > 0 },
		{ label: 'Completed', value: formatCount(queue.completedLastHour), hint: 'Last hour' },
		{ label: 'Median wait', value: formatWait(queue.medianWaitMs), hint: 'Jobs started, last hour' },
		{
			label: 'Workers alive',
			value: formatCount(queue.workers),
			hint: `${formatCount(queue.slots)} job ${queue.slots === 1 ? 'slot' : 'slots'}`,
			danger: queue.noWorker,
		},
	]
	return (
		<>
			{queue.noWorker ? (
				<p className="mb-4 flex items-start gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm text-fg" data-testid="queue-no-worker">
					<Icon name="warning" className="size-5 shrink-0 text-warning" />
					<span className="min-w-0">
						<strong className="font-semibold">No worker is running:</strong> start one with <code className="font-mono">npm run worker</code>, or set{' '}
						<code className="font-mono">WORKERS</code> above 0.
					</span>
				</p>
			) : null}
			<dl className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 lg:grid-cols-6" data-testid="queue-figures">
				{figures.map((figure) => (
					<div key={figure.label} className="min-w-0" data-figure={figure.label}>
						<dt className="text-sm text-muted">{figure.label}</dt>
						<dd className={cn('mt-1 text-2xl font-bold break-words tabular-nums', figure.danger && 'text-danger')}>{figure.value}</dd>
						{figure.hint ? <dd className="mt-0.5 text-xs text-muted">{figure.hint}</dd> : null}
					</div>
				))}
			</dl>
		</>
	)
}

export default function AdminDashboard() {
	const data = useLoaderData<typeof loader>()
	const { stats } = data
	// The series' length (DASHBOARD_DAYS on the server: 30).
	const DASHBOARD_DAYS = data.toolUsage.days.length
	const cards: Array<{ label: string; value: string; hint?: string }> = [
		{ label: 'Users', value: formatCount(stats.users) },
		{
			label: 'New this week',
			value: formatCount(stats.newThisWeek),
			hint: 'Last 7 days',
		},
		{ label: 'Administrators', value: formatCount(stats.admins) },
		{ label: 'Signed in with Google', value: formatCount(stats.googleUsers) },
		{ label: 'Active sessions', value: formatCount(stats.activeSessions) },
		{ label: 'Posts published', value: formatCount(stats.postsPublished) },
		{ label: 'Posts scheduled', value: formatCount(stats.postsScheduled) },
		{ label: 'Drafts', value: formatCount(stats.postsDraft) },
		{
			label: 'Server tool runs today',
			value: formatCount(stats.toolRunsToday),
			hint: 'Since 00:00 UTC',
		},
		{
			label: 'Server tool runs this month',
			value: formatCount(stats.toolRunsThisMonth),
			hint: 'Since the 1st, UTC',
		},
		{ label: 'Stored files', value: formatCount(stats.storedFiles) },
		{ label: 'Stored files size', value: formatBytes(stats.storedBytes) },
	]
	const toolSeries = data.toolUsage.series.map((entry) => ({
		key: entry.tool,
		name: entry.name,
		values: entry.values,
	}))
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
			<p className="mt-2 text-sm text-muted">
				Tool runs count only what the server did: forms posted without JavaScript and the JSON API. Runs in the browser stay private and are not counted. Days
				are UTC days.
			</p>
			<dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="admin-stats">
				{cards.map((card) => (
					<div key={card.label} className="card min-w-0">
						<dt className="text-sm text-muted">{card.label}</dt>
						<dd className="mt-1 text-2xl font-bold break-words tabular-nums sm:text-3xl">{card.value}</dd>
						{card.hint ? <dd className="mt-1 text-xs text-muted">{card.hint}</dd> : null}
					</div>
				))}
			</dl>

			<div className="mt-8 grid gap-6 lg:grid-cols-2">
				<Section
					id="conversion-queue"
					title="Conversion queue"
					description="PDF and Markdown to DOCX conversions run as jobs. Waiting and running are now; failed, completed and the median wait cover the last hour."
					className="lg:col-span-2"
				>
					<QueuePanel queue={data.queue} />
				</Section>
				<Section id="tool-usage" title="Server tool runs per day" description={`Last ${DASHBOARD_DAYS} UTC days, by tool.`} className="lg:col-span-2">
					<DailyBarChart
						title={`Server tool runs per day, last ${DASHBOARD_DAYS} days`}
						unit="server runs"
						days={data.toolUsage.days}
						series={toolSeries}
						emptyMessage={`No runs in the last ${DASHBOARD_DAYS} days.`}
						legend
					/>
				</Section>
				<Section id="signups" title="Sign-ups per day" description={`Last ${DASHBOARD_DAYS} UTC days.`} className="lg:col-span-2">
					<DailyBarChart
						title={`Sign-ups per day, last ${DASHBOARD_DAYS} days`}
						unit="sign-ups"
						days={data.signups.days}
						series={[{ key: 'signups', name: 'Sign-ups', values: data.signups.values }]}
						emptyMessage={`No sign-ups in the last ${DASHBOARD_DAYS} days.`}
					/>
				</Section>
				<Section
					id="error-rates"
					title="Errors per tool"
					description={
						<>
							Last {DASHBOARD_DAYS} days. <strong className="font-semibold">Refused</strong>: the input was invalid or too large.{' '}
							<strong className="font-semibold">Failed</strong>: our fault (a crash, the time or memory limit, or the queue was full).
						</>
					}
				>
					{data.errorRates.length === 0 ? (
						<p className="text-sm text-muted">No runs in the last {DASHBOARD_DAYS} days.</p>
					) : (
						<ScrollArea label="Errors per tool table">
							<table className="w-full text-left text-sm tabular-nums">
								<thead className="text-muted">
									<tr>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Tool
										</th>
										<th scope="col" className="py-2 pr-3 text-right font-semibold">
											Runs
										</th>
										<th scope="col" className="py-2 pr-3 text-right font-semibold">
											Refused
										</th>
										<th scope="col" className="py-2 pr-3 text-right font-semibold">
											Failed
										</th>
										<th scope="col" className="py-2 text-right font-semibold">
											Failure rate
										</th>
									</tr>
								</thead>
								<tbody className="divide-y divide-border">
									{data.errorRates.flatMap((row) => [
										<tr key={row.tool} data-tool={row.tool}>
											<th scope="row" className="min-w-[9rem] py-2 pr-3 font-normal break-words">
												{row.name}
											</th>
											<td className="py-2 pr-3 text-right">{formatCount(row.runs)}</td>
											<td className="py-2 pr-3 text-right whitespace-nowrap">
												{formatCount(row.refused)} <span className="text-muted">({formatRate(row.refusedRate)})</span>
											</td>
											<td className="py-2 pr-3 text-right">{formatCount(row.failed)}</td>
											<td className={cn('py-2 text-right font-semibold', row.failed > 0 && 'text-danger')}>{formatRate(row.failureRate)}</td>
										</tr>,
										// A tool with several operations (the PDF converter): one line each, under the tool's.
										...row.operations.map((operation) => (
											<tr key={`${row.tool} ${operation.operation}`} data-tool={row.tool} data-operation={operation.operation} className="text-muted">
												<th scope="row" className="py-1.5 pr-3 pl-4 font-normal break-words">
													<span className="sr-only">{row.name}, operation </span>
													{operation.operation}
												</th>
												<td className="py-1.5 pr-3 text-right">{formatCount(operation.runs)}</td>
												<td className="py-1.5 pr-3 text-right whitespace-nowrap">
													{formatCount(operation.refused)} ({formatRate(operation.refusedRate)})
												</td>
												<td className="py-1.5 pr-3 text-right">{formatCount(operation.failed)}</td>
												<td className={cn('py-1.5 text-right', operation.failed > 0 && 'text-danger')}>{formatRate(operation.failureRate)}</td>
											</tr>
										)),
									])}
								</tbody>
							</table>
						</ScrollArea>
					)}
				</Section>
				<Section id="latest-posts" title="Latest posts" description="Most recently changed first.">
					{data.latestPosts.length === 0 ? (
						<p className="text-sm text-muted">
							No posts yet.{' '}
							<Link to="/admin/posts/new" className="link">
								Write the first one
							</Link>
							.
						</p>
					) : (
						<ul className="divide-y divide-border">
							{data.latestPosts.map((post) => (
								<li key={post.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
									<Link to={`/admin/posts/${post.id}/edit`} className="link min-w-0 break-words">
										{post.title || post.slug}
									</Link>
									<span className="flex shrink-0 items-center gap-2 text-sm text-muted">
										<span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', STATE_CLASS[post.state])}>{STATE_LABEL[post.state]}</span>
										<time dateTime={post.date}>{formatDate(post.date)}</time>
									</span>
								</li>
							))}
						</ul>
					)}
				</Section>
				<Section id="latest-signups" title="Latest sign-ups" className="lg:col-span-2">
					{data.latest.length === 0 ? (
						<p className="text-sm text-muted">Nobody has signed up yet.</p>
					) : (
						<ScrollArea label="Latest sign-ups table">
							<table className="w-full min-w-[36rem] text-left text-sm">
								<thead className="text-muted">
									<tr>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Name
										</th>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Email
										</th>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Role
										</th>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Sign-in
										</th>
										<th scope="col" className="py-2 font-semibold">
											Joined
										</th>
									</tr>
								</thead>
								<tbody className="divide-y divide-border">
									{data.latest.map((user) => (
										<tr key={user.id}>
											<td className="py-2 pr-4 break-all">{user.name}</td>
											<td className="py-2 pr-4 break-all">{user.email}</td>
											<td className="py-2 pr-4">{user.role}</td>
											<td className="py-2 pr-4">{user.methods || '—'}</td>
											<td className="py-2 whitespace-nowrap">{formatDateTimeUtc(user.createdAt)}</td>
										</tr>
									))}
								</tbody>
							</table>
						</ScrollArea>
					)}
				</Section>
				<Section id="audit-log" title="Audit log" description="The latest 20 admin actions, newest first." className="lg:col-span-2">
					{data.audit.length === 0 ? (
						<p className="text-sm text-muted">No admin actions yet.</p>
					) : (
						<ScrollArea label="Audit log table">
							<table className="w-full min-w-[36rem] text-left text-sm">
								<thead className="text-muted">
									<tr>
										<th scope="col" className="py-2 pr-4 font-semibold">
											When (UTC)
										</th>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Who
										</th>
										<th scope="col" className="py-2 pr-4 font-semibold">
											Action
										</th>
										<th scope="col" className="py-2 font-semibold">
											Target
										</th>
									</tr>
								</thead>
								<tbody className="divide-y divide-border">
									{data.audit.map((entry) => (
										<tr key={entry.id}>
											<td className="py-2 pr-4 whitespace-nowrap">
												<time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
											</td>
											<td className="py-2 pr-4 break-all">{entry.actorEmail}</td>
											<td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
											<td className="py-2 break-all">{entry.target || '—'}</td>
										</tr>
									))}
								</tbody>
							</table>
						</ScrollArea>
					)}
				</Section>
			</div>
		</div>
	)
}
