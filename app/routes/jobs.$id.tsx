/**
 * /jobs/{id}: a conversion's page for a form posted without JavaScript
 * (issue 30). A job that does not end within the form's short wait
 * continues here: the page refreshes itself every few seconds while the job
 * waits or runs (its place in the queue, its progress), then shows the
 * result to download, or the error. Only the job's owner sees it: the
 * account, or the anonymous owner's token in the address (`?token=`), which
 * is why the page is never cached, indexed or sent as a referrer to another site.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { requestUserId } from '#app/accounts/request-user.server.ts'
import { jobPageUrl } from '#app/jobs/answers.server.ts'
import { cancelJob, findOwnedJob, isFinal, queuePosition } from '#app/jobs/jobs.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { formatBytes } from '#app/utils/format.ts'

const REFRESH_SECONDS = 2
// `same-origin`, not `no-referrer`: the token never leaves in a referrer to another site, and the
// page's own Cancel form still sends its Origin (with `no-referrer` Chromium sends `Origin: null`,
// which the site's cross-site check refuses: 403).
const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' }

type Result = { fileName?: string; size?: number; pageCount?: number; downloadUrl?: string; expiresAt?: string; notes?: Array<string> }

/** A catalogue error (a bad bearer token, the database away, a body over its limit) as this page's error, at its status. */
function pageError(error: unknown): never {
	if (error instanceof AppError) throw data({ message: error.message }, { status: error.status, headers: { ...NO_STORE, ...error.headers, ...(error.retryAfter !== undefined ? { 'Retry-After': String(error.retryAfter) } : {}) } })
	throw error
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const userId = await requestUserId(request).catch(pageError)
	const token = new URL(request.url).searchParams.get('token')
	const job = await findOwnedJob(params.id ?? '', { userId, token })
	if (!job) throw data({ message: 'No such job, or it is not yours.' }, { status: 404, headers: NO_STORE })
	const result = job.state === 'completed' ? (job.result as Result) : null
	// A PDF result has its own address; other results are served through the job.
	const downloadUrl = result?.downloadUrl?.startsWith('/api/jobs/') && token ? `${result.downloadUrl}?token=${encodeURIComponent(token)}` : result?.downloadUrl
	return data(
		{
			id: job.id,
			kind: job.kind,
			state: job.state,
			open: !isFinal(job.state),
			position: await queuePosition(job),
			progress: { done: job.progressDone, total: job.progressTotal, stage: job.stage },
			result: result ? { ...result, downloadUrl } : null,
			error: job.state !== 'completed' && job.error ? job.error.body.message : null,
			token,
			// `?refresh=off`: the visitor stopped the self-refresh (WCAG 2.2.1); the page then offers "Check again".
			autoRefresh: new URL(request.url).searchParams.get('refresh') !== 'off',
		},
		{ headers: NO_STORE },
	)
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
	{ title: loaded?.open ? 'Working on your file…' : loaded?.state === 'completed' ? 'Your file is ready' : 'Conversion' },
	{ name: 'robots', content: 'noindex' },
	// Without JavaScript the page asks again until the job has ended. With its address spelled out: a bare
	// refresh goes to the page's own URL, fragment and all, and the PDF converter's form posts to
	// `#pdf-answer`, which the redirect here keeps; a refresh to a URL with a fragment is only a scroll.
	...(loaded?.open && loaded.autoRefresh ? [{ httpEquiv: 'refresh', content: `${REFRESH_SECONDS}; url=${pageUrl(loaded.id, loaded.token, false)}` } as const] : []),
]

/** The Cancel button: cancels the job for its owner, then shows its page again. */
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') {
		await request.body?.cancel().catch(() => {})
		throw data({ message: 'Method not allowed (use GET, or POST to cancel)' }, { status: 405, headers: { ...NO_STORE, Allow: 'GET, HEAD, POST' } })
	}
	const form = await readFormData(request, 2048, { maxFields: 4, maxFieldBytes: 512 }).catch(pageError)
	const token = form.get('token')
	const userId = await requestUserId(request).catch(pageError)
	const job = await findOwnedJob(params.id ?? '', { userId, token: typeof token === 'string' ? token : null })
	if (!job) throw data({ message: 'No such job, or it is not yours.' }, { status: 404, headers: NO_STORE })
	await cancelJob(job)
	return redirect(jobPageUrl(job.id, typeof token === 'string' && token ? token : undefined), { headers: NO_STORE })
}

const KIND_NAMES: Record<string, { name: string; back: string }> = {
	pdf: { name: 'PDF conversion', back: '/tools/pdf-converter' },
	'pdf-check': { name: 'Saving your edited PDF', back: '/tools/pdf-converter?mode=edit' },
	'md-to-docx': { name: 'Markdown → DOCX', back: '/tools/markdown-to-docx' },
}

/** The job page's own address (the owner's token kept), with the self-refresh stopped or not. */
function pageUrl(id: string, token: string | null, refreshOff: boolean): string {
	const search = new URLSearchParams()
	if (token) search.set('token', token)
	if (refreshOff) search.set('refresh', 'off')
	const query = search.toString()
	return `/jobs/${id}${query ? `?${query}` : ''}`
}

/** The site's progress bar (as on the PDF converter's page); without a count, a moving bar that says only "working". */
function ProgressBar({ percent }: { percent: number | null }) {
	if (percent === null) {
		return (
			<div role="progressbar" aria-label="Progress" className="mt-3 h-2 w-full overflow-hidden rounded-full bg-surface-2" data-testid="job-progress">
				<div className="loading-bar h-2" />
			</div>
		)
	}
	return (
		<progress
			aria-label="Progress"
			max={100}
			value={percent}
			className="mt-3 block h-2 w-full appearance-none overflow-hidden rounded-full bg-surface-2 [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-2 [&::-webkit-progress-value]:bg-accent"
			data-testid="job-progress"
		>
			{percent}%
		</progress>
	)
}

export default function JobPage() {
	const job = useLoaderData<typeof loader>()
	const kind = KIND_NAMES[job.kind] ?? { name: 'Conversion', back: '/tools' }
	const percent = job.progress.total > 0 ? Math.min(100, Math.round((job.progress.done / job.progress.total) * 100)) : null
	const title = job.open ? 'Working on your file…' : job.state === 'completed' ? 'Your file is ready' : job.state === 'cancelled' ? 'Cancelled' : 'This did not work'
	return (
		<article className="page-container max-w-2xl">
			<p className="text-sm">
				<Link to={kind.back} className="link">
					← {kind.name}
				</Link>
			</p>
			<h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
			<section className="card mt-6" aria-live="polite" aria-busy={job.open} data-testid="job-status" data-state={job.state}>
				{job.open ? (
					<>
						<p className="font-medium">
							{job.state === 'running'
								? job.progress.stage || 'Working'
								: job.position > 0
									? `Waiting for a free worker: ${job.position === 1 ? 'next in line' : `${job.position - 1} ahead of it`}.`
									: 'Waiting for a free worker.'}
						</p>
						<ProgressBar percent={job.state === 'running' ? percent : null} />
						{job.state === 'running' && percent !== null ? (
							<p className="mt-2 text-sm text-muted tabular-nums">
								{job.progress.done} of {job.progress.total} done ({percent}%)
							</p>
						) : null}
						{job.autoRefresh ? (
							<p className="mt-4 text-sm text-muted">
								This page refreshes itself every {REFRESH_SECONDS} seconds; you can also leave it open in a tab and come back.{' '}
								<a href={pageUrl(job.id, job.token, true)} className="link">
									Stop refreshing
								</a>
							</p>
						) : (
							<p className="mt-4 text-sm text-muted">
								This page no longer refreshes itself.{' '}
								<a href={pageUrl(job.id, job.token, true)} className="link">
									Check again
								</a>{' '}
								·{' '}
								<a href={pageUrl(job.id, job.token, false)} className="link">
									Refresh automatically
								</a>
							</p>
						)}
						<Form method="post" action={pageUrl(job.id, job.token, !job.autoRefresh)} className="mt-4">
							{job.token ? <input type="hidden" name="token" value={job.token} /> : null}
							<button type="submit" className="button-secondary">
								Cancel
							</button>
						</Form>
					</>
				) : job.state === 'completed' && job.result ? (
					<div data-testid="job-result">
						<p className="font-medium break-all">{job.result.fileName}</p>
						<p className="mt-1 text-sm text-muted">
							{job.result.size !== undefined ? formatBytes(job.result.size) : null}
							{job.result.pageCount ? ` · ${job.result.pageCount} page${job.result.pageCount === 1 ? '' : 's'}` : null}
						</p>
						{job.result.notes?.map((note) => (
							<p key={note} className="mt-2 text-sm">
								{note}
							</p>
						))}
						{job.result.downloadUrl ? (
							<p className="mt-4">
								<a href={job.result.downloadUrl} className="button-primary" download>
									Download
								</a>
							</p>
						) : null}
						{job.result.expiresAt ? (
							<p className="mt-4 text-sm text-muted">
								Deleted automatically at {new Date(job.result.expiresAt).toISOString().slice(11, 16)} UTC on {new Date(job.result.expiresAt).toISOString().slice(0, 10)}.
							</p>
						) : null}
					</div>
				) : job.state === 'cancelled' ? (
					<p data-testid="job-message">{job.error ?? 'The job was cancelled.'}</p>
				) : (
					<p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm font-medium" data-testid="job-message">
						{job.error ?? 'The job ended without a result.'}
					</p>
				)}
			</section>
			{!job.open ? (
				<p className="mt-6">
					<Link to={kind.back} className="link">
						Convert another file
					</Link>
				</p>
			) : null}
		</article>
	)
}
