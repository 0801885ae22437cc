/**
 * Every job kind, listed from the folder of the feature that owns it (as
 * app/tools/registry.ts lists the tools): app/jobs/ holds the queue and the
 * workers only, and knows no feature.
 *
 * - `jobKinds`: durable jobs (issue 30), run by a runner (web server or
 *   `npm run worker`); each does its work in a job process and stores the result.
 * - `processJobs`: the handlers inside a job process (server/workers/job-process.ts).
 * - `threadJobs`: the handlers of the thread pool (server/workers/tool-thread.ts):
 *   text tools' runs and blog Markdown, small bounded inputs answered at once.
 */
import { markdownJobs } from '#app/blog/markdown-job.server.ts'
import { configureJobRunner, ensureJobRunner, jobProcessEntry, stopJobRunner } from '#app/jobs/local.server.ts'
import { stopBoss } from '#app/jobs/queue.server.ts'
import { type JobKinds } from '#app/jobs/runner.server.ts'
import { type JobTable } from '#app/jobs/tasks.ts'
import { deserializeToolError, serializeToolError } from '#app/tools/kit/core.ts'
import { toolJobs } from '#app/tools/kit/tool-job.server.ts'
import { docxJobs } from '#app/tools/markdown-to-docx/job.server.ts'
import { docxJobKinds } from '#app/tools/markdown-to-docx/jobs.server.ts'
import { pdfJobs } from '#app/tools/pdf-converter/job.server.ts'
import { pdfJobKinds } from '#app/tools/pdf-converter/jobs.server.ts'

export const jobKinds: JobKinds = { ...pdfJobKinds, ...docxJobKinds }

export const processJobs: JobTable = { ...pdfJobs, ...docxJobs }

export const threadJobs: JobTable = { ...toolJobs, ...markdownJobs }

/** How errors cross from a job (process or thread) to the runner: the tools' catalogue errors. */
export const jobErrors = { serialize: serializeToolError, deserialize: deserializeToolError }

/**
 * Starts this process's job runner with `slots` jobs at once (0: none; this
 * process only enqueues). The web server calls it through the Remix build
 * (entry.server.tsx), so that requests and the runner share one copy of the
 * job modules; `npm run worker` (server/worker.ts) calls it directly.
 */
export async function startJobs(slots: number): Promise<void> {
	configureJobRunner({ kinds: jobKinds, slots, entry: jobProcessEntry(), toError: (error) => (error ? deserializeToolError(error) : null) })
	await ensureJobRunner()
}

/** Stops the runner (its jobs' processes are killed; pg-boss runs those jobs again elsewhere) and the queue's connections. */
export async function stopJobs(): Promise<void> {
	await stopJobRunner()
	await stopBoss(2000)
}
