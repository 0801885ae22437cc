// `npm start`: builds when the build is missing or older than the sources,
// then serves the production build (server/index.ts does the rest:
// database, migrations, job runner, graceful shutdown).
import { buildIfStale } from './build-if-stale.js'

buildIfStale()
process.env.NODE_ENV ??= 'production'
await import('../build/http-server.js')
