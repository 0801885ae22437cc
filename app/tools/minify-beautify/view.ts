/**
 * What the Minify & Beautify page needs beside the core: download names and
 * types, the name of the engine a run loads, and the size report's rows.
 * Plain functions (no React), shared by the page and its tests.
 */
import { languageNames, savingPercent, type Action, type Language, type MinifyResult } from './core.ts'

export const extensions: Record<Language, string> = {
	javascript: 'js',
	typescript: 'ts',
	css: 'css',
	html: 'html',
	json: 'json',
	xml: 'xml',
	sql: 'sql',
}

const mimeTypes: Record<Language, string> = {
	javascript: 'text/javascript;charset=utf-8',
	// video/mp2t is TypeScript's registered extension type; plain text is what editors expect.
	typescript: 'text/plain;charset=utf-8',
	css: 'text/css;charset=utf-8',
	html: 'text/html;charset=utf-8',
	json: 'application/json;charset=utf-8',
	xml: 'application/xml;charset=utf-8',
	sql: 'application/sql;charset=utf-8',
}

/** The language of the output: minified TypeScript has its types removed, so it is JavaScript. */
export function outputLanguage(action: Action, language: Language): Language {
	return action === 'minify' && language === 'typescript' ? 'javascript' : language
}

/** `code.css`, `code.min.js` (minified TypeScript is JavaScript). */
export function downloadName(action: Action, language: Language): string {
	const extension = extensions[outputLanguage(action, language)]
	return action === 'minify' ? `code.min.${extension}` : `code.${extension}`
}

export function downloadType(action: Action, language: Language): string {
	return mimeTypes[outputLanguage(action, language)]
}

/**
 * What a first run of `action` on `language` downloads in the browser
 * worker, as an id (one per library set) and a name for the status line.
 * JSON and minified SQL need nothing beyond the core itself.
 */
export function engineFor(action: Action, language: Language): { id: string; label: string } {
	if (language === 'json' || (language === 'sql' && action === 'minify')) return { id: 'core', label: `the ${action === 'minify' ? 'minifier' : 'beautifier'}` }
	return { id: `${action}:${language}`, label: `the ${languageNames[language]} ${action === 'minify' ? 'minifier' : 'beautifier'}` }
}

export type SizeRow = { id: 'raw' | 'gzip' | 'brotli'; label: string; before: number | null; after: number | null; saving: number | null }

export function sizeRows(sizes: MinifyResult['sizes']): Array<SizeRow> {
	const row = (id: SizeRow['id'], label: string, before: number | null, after: number | null): SizeRow => ({
		id,
		label,
		before,
		after,
		saving: before === null || after === null ? null : savingPercent(before, after),
	})
	return [
		row('raw', 'Raw', sizes.before.raw, sizes.after.raw),
		row('gzip', 'gzip', sizes.before.gzip, sizes.after.gzip),
		row('brotli', 'Brotli', sizes.before.brotli, sizes.after.brotli),
	]
}

/** "35.3%" saved, or "5.8% larger" when the output grew (beautifying usually adds bytes). */
export function formatSaving(saving: number): string {
	const value = Math.abs(saving).toLocaleString('en-US', { maximumFractionDigits: 1 })
	if (saving < 0) return `${value}% larger`
	return `${value}%`
}

export function formatByteCount(bytes: number): string {
	return bytes.toLocaleString('en-US')
}
