// Runs a TypeScript worker from source (tests and `npm run dev`): registers
// tsx in this thread, then loads the entry. Production runs the bundled
// build/tool-worker.js directly.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
