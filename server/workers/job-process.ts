// A job process (app/jobs/processes.server.ts forks it): the handlers of
// every durable job kind, one job at a time. Bundled to build/job-process.js
// for production; run from source through tsx in tests and development.
import { jobErrors, processJobs } from '#app/job-kinds.server.ts'
import { serveJobs } from '#app/jobs/job-process.server.ts'

serveJobs(processJobs, jobErrors.serialize)
