/**
 * /jobs/{id}: a conversion's page for a form posted without JavaScript
 * (issue 30). A job that does not end within the form's short wait
 * continues here: the page refreshes itself every few seconds while the job
 * waits or runs (its place in the queue, its progress), then shows the
 * result to download, or the error. Only the job's owner sees it: the
 * account, or the anonymous owner's token in the address (`?token=`), which
 * is why the page is never cached, indexed or sent as a referrer.
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
const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' }

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
		},
		{ headers: NO_STORE },
	)
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
	{ title: loaded?.open ? 'Working on your file…' : loaded?.state === 'completed' ? 'Your file is ready' : 'Conversion' },
	{ name: 'robots', content: 'noindex' },
	// Without JavaScript the page asks again until the job has ended.
	...(loaded?.open ? [{ httpEquiv: 'refresh', content: String(REFRESH_SECONDS) } as const] : []),
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

export default function JobPage() {
	const job = useLoaderData<typeof loader>()
	const kind = KIND_NAMES[job.kind] ?? { name: 'Conversion', back: '/tools' }
	const percent = job.progress.total > 0 ? Math.min(100, Math.round((job.progress.done / job.progress.total) * 100)) : null
	return (
		<article className="page-container max-w-2xl">
			<p className="text-sm text-muted">
				<Link to={kind.back} className="link">
					← {kind.name}
				</Link>
			</p>
			<h1 className="mt-2 text-3xl font-bold tracking-tight">
				{job.open ? 'Working on your file…' : job.state === 'completed' ? 'Your file is ready' : job.state === 'cancelled' ? 'Cancelled' : 'This did not work'}
			</h1>
			<section className="card mt-6 p-5" aria-live="polite" aria-busy={job.open}>
				{job.open ? (
					<>
						<p>
							{job.state === 'running'
								? job.progress.stage || 'Working'
								: job.position > 0
									? `Waiting for a free worker: ${job.position === 1 ? 'next in line' : `${job.position - 1} ahead of it`}.`
									: 'Waiting for a free worker.'}
						</p>
						<progress className="mt-3 w-full" max={100} {...(percent !== null ? { value: percent } : {})} aria-label="Progress">
							{percent !== null ? `${percent}%` : ''}
						</progress>
						{percent !== null ? (
							<p className="mt-1 text-sm text-muted">
								{job.progress.done} of {job.progress.total} done ({percent}%)
							</p>
						) : null}
						<p className="mt-3 text-sm text-muted">This page refreshes itself every {REFRESH_SECONDS} seconds; you can also leave it open in a tab and come back.</p>
						<Form method="post" className="mt-4">
							{job.token ? <input type="hidden" name="token" value={job.token} /> : null}
							<button type="submit" className="button-secondary">
								Cancel
							</button>
						</Form>
					</>
				) : job.state === 'completed' && job.result ? (
					<>
						<p className="font-medium break-all">{job.result.fileName}</p>
						<p className="mt-1 text-sm text-muted">
							{job.result.size !== undefined ? formatBytes(job.result.size) : null}
							{job.result.pageCount ? ` · ${job.result.pageCount} page${job.result.pageCount === 1 ? '' : 's'}` : null}
							{job.result.expiresAt ? ` · kept until ${new Date(job.result.expiresAt).toUTCString().replace(' GMT', ' UTC')}` : null}
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
					</>
				) : (
					<p role="alert" className="form-error">
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
