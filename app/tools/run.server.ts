// Moved: the pool to app/jobs/pool.server.ts, tool runs to kit/run.server.ts. Kept only for
// tests/setup/db.ts and two integration tests other parts of issue 12 own: delete once they import those.
export { closeJobPool as closeToolPool } from '#app/jobs/pool.server.ts'
export { settleRunRecords } from './kit/run.server.ts'
