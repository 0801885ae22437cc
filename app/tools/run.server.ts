// Moved to kit/run.server.ts. Kept only for tests/setup/db.ts (another part of issue 12 owns it): delete once it imports the kit.
export { closeToolPool, settleRunRecords } from './kit/run.server.ts'
