// `npm run worker`: builds when the build is missing or older than the
// sources (as `npm start` does), then runs a job runner alone (server/worker.ts).
import { buildIfStale } from './build-if-stale.js'

buildIfStale()
process.env.NODE_ENV ??= 'production'
await import('../build/worker.js')
