/**
 * The JSON Formatter's scanner now lives in app/tools/shared/json/scanner.ts,
 * shared with Minify & Beautify's JSON mode. Re-exported here so the
 * formatter's modules and tests keep their import path.
 */
export * from '#app/tools/shared/json/scanner.ts'
