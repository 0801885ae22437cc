// A worker thread of the tool pool (app/jobs/pool.server.ts): text tools'
// runs and blog Markdown. Bundled to build/tool-worker.js for production.
import { preloadMarkdown } from '#app/blog/markdown-job.server.ts'
import { jobErrors, threadJobs } from '#app/job-kinds.server.ts'
import { serveThreadJobs } from '#app/jobs/job-worker.server.ts'

preloadMarkdown()
serveThreadJobs(threadJobs, jobErrors.serialize)
