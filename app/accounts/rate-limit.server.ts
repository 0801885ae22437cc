/**
 * The rate limiter moved to app/site/rate-limit.server.ts (issue 30): it is
 * site-wide, not an accounts feature. server/index.ts still imports the purge
 * from here; the lead owns that file and points it at app/site, then this
 * re-export goes.
 */
export { purgeExpiredRateLimits } from '#app/site/rate-limit.server.ts'
