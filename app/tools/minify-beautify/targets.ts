/**
 * The browsers a CSS minify is made for (issue 29, item 17): a Browserslist
 * query, resolved the same in the browser's worker and on the server's
 * (browserslist and its data, caniuse-lite, are bundled in both), and handed
 * to lightningcss as `targets`. Without targets lightningcss writes the
 * shortest modern syntax: `@media (max-width: 600px)` became
 * `@media (width<=600px)`, which Safari before 16.4 ignores.
 *
 * The default is Browserslist's `defaults` plus Safari 15 on iOS and macOS:
 * `defaults` alone (caniuse-lite 1.0.30001826) starts at iOS Safari 18.5 and
 * Chrome 109, all of which read range syntax, so it would not keep
 * `max-width`. iOS 15 is the last system of the iPhone 6s, 7 and first SE,
 * and Safari 15.6 the last of macOS Catalina: they never get range syntax.
 *
 * Only queries that resolve from the bundled data alone are taken, so that
 * the browser and the server give the same answer: no `extends` (loads a
 * package), no config, stats or regional usage (files the browser does not
 * have), no `supports` (feature data not bundled), no Node or Electron
 * versions (not browsers), and nothing relative to today's date (`last 2
 * years`, `baseline widely available`: two clocks may disagree).
 */
import { ToolError } from '#app/tools/kit/core.ts'

export const DEFAULT_CSS_TARGET = 'defaults, iOS >= 15, Safari >= 15'
export const MAX_TARGET_LENGTH = 200

/** One browser's oldest version the output is made for. */
export type TargetBrowser = { id: string; name: string; version: string }

/** What a CSS minify was made for: the query as given and, per browser, the oldest version it selects. */
export type CssTarget = { query: string; browsers: Array<TargetBrowser> }

/** The query kinds (browserslist's own names) that resolve from bundled data and do not depend on the date. */
const ALLOWED_KINDS = new Set([
	'last_major_versions',
	'last_versions',
	'last_browser_major_versions',
	'last_browser_versions',
	'unreleased_versions',
	'unreleased_browser_versions',
	'since_y',
	'since_y_m',
	'since_y_m_d',
	'popularity',
	'cover',
	'browser_range',
	'browser_ray',
	'browser_version',
	'firefox_esr',
	'opera_mini_all',
	'defaults',
	'dead',
])

/** Browserslist's ids, as people know them (the ones lightningcss has targets for first). */
const BROWSER_NAMES: Record<string, string> = {
	chrome: 'Chrome',
	edge: 'Edge',
	firefox: 'Firefox',
	safari: 'Safari',
	ios_saf: 'Safari on iOS',
	samsung: 'Samsung Internet',
	opera: 'Opera',
	and_chr: 'Chrome for Android',
	and_ff: 'Firefox for Android',
	android: 'Android Browser',
	op_mob: 'Opera Mobile',
	ie: 'Internet Explorer',
	ie_mob: 'IE Mobile',
	and_uc: 'UC Browser',
	and_qq: 'QQ Browser',
	baidu: 'Baidu Browser',
	kaios: 'KaiOS Browser',
	op_mini: 'Opera Mini',
	bb: 'BlackBerry Browser',
}

function invalidTarget(reason: string): ToolError {
	return new ToolError(`Validation failed: options.target: ${reason}`, { fields: { 'options.target': [reason] } })
}

type Browserslist = typeof import('browserslist')

let browserslistPromise: Promise<Browserslist> | undefined

function loadBrowserslist(): Promise<Browserslist> {
	browserslistPromise ??= import('browserslist').then((module) => ((module as { default?: Browserslist }).default ?? module) as Browserslist)
	return browserslistPromise
}

/**
 * The browsers `query` selects ("chrome 120", "ios_saf 15.0-15.1", … as
 * browserslist names them), or a 400 naming `options.target` with the reason.
 */
export async function resolveBrowsers(query: string): Promise<Array<string>> {
	const text = query.trim()
	if (text === '') throw invalidTarget('Enter a browser query, for example “defaults” or “chrome >= 100, safari >= 15”.')
	if (text.length > MAX_TARGET_LENGTH) throw invalidTarget(`The browser query is longer than ${MAX_TARGET_LENGTH} characters.`)
	const browserslist = await loadBrowserslist()
	let parsed: Array<{ type?: string; query?: string }>
	try {
		parsed = browserslist.parse(text) as Array<{ type?: string; query?: string }>
	} catch (error) {
		throw invalidTarget(messageOf(error))
	}
	for (const part of parsed) {
		if (part.type === 'unknown') continue // browserslist itself names it below
		if (!part.type || !ALLOWED_KINDS.has(part.type)) {
			throw invalidTarget(`“${part.query ?? text}” is not supported here: use versions, usage or release dates of browsers (for example “defaults”, “> 0.5%”, “last 2 versions”, “safari >= 15”).`)
		}
	}
	let browsers: Array<string>
	try {
		browsers = browserslist(text)
	} catch (error) {
		throw invalidTarget(messageOf(error))
	}
	if (browsers.length === 0) throw invalidTarget(`“${text}” selects no browser.`)
	return browsers
}

/** The oldest version of each browser in `browsers`, known browsers first, for showing what the output is for. */
export function summarizeBrowsers(query: string, browsers: ReadonlyArray<string>): CssTarget {
	const oldest = new Map<string, { version: string; key: Array<number> }>()
	for (const entry of browsers) {
		const [id, range = ''] = entry.split(' ')
		if (!id) continue
		const version = range.split('-')[0]!
		const key = version.split('.').map((part) => Number.parseInt(part, 10) || 0)
		const known = oldest.get(id)
		if (!known || compareVersions(key, known.key) < 0) oldest.set(id, { version, key })
	}
	const order = Object.keys(BROWSER_NAMES)
	const ids = [...oldest.keys()].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b))
	return { query: query.trim(), browsers: ids.map((id) => ({ id, name: BROWSER_NAMES[id] ?? id, version: oldest.get(id)!.version })) }
}

function rank(order: ReadonlyArray<string>, id: string): number {
	const index = order.indexOf(id)
	return index === -1 ? order.length : index
}

function compareVersions(a: ReadonlyArray<number>, b: ReadonlyArray<number>): number {
	for (let index = 0; index < Math.max(a.length, b.length); index++) {
		const difference = (a[index] ?? 0) - (b[index] ?? 0)
		if (difference !== 0) return difference
	}
	return 0
}

function messageOf(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error)
	return message.replace(/\s*Maybe you are using old Browserslist or made typo in query\.?/, '').trim()
}
