/**
 * Every route of the production build, read from its route manifest (the
 * server build's `routes`), so tests that must cover every route cover new
 * ones without being told. Read in a child process: importing the server
 * build here would load the whole app into the test runner.
 */
import { execFileSync } from 'node:child_process'

export type ManifestRoute = {
	id: string
	/** The URL pattern, e.g. "/blog/:slug" or "/*". */
	pattern: string
	hasLoader: boolean
	hasAction: boolean
}

const LIST_ROUTES = `
const build = await import(new URL('build/server/index.js', 'file://' + process.cwd() + '/').href)
const routes = build.routes
function fullPath(id) {
	const route = routes[id]
	if (!route) return ''
	const parent = route.parentId ? fullPath(route.parentId) : ''
	return route.path ? parent.replace(/\\/$/, '') + '/' + route.path : parent
}
const out = Object.values(routes)
	.filter((route) => route.id !== 'root')
	.map((route) => ({
		id: route.id,
		pattern: fullPath(route.id) || '/',
		hasLoader: typeof route.module.loader === 'function',
		hasAction: typeof route.module.action === 'function',
	}))
process.stdout.write(JSON.stringify(out))
process.exit(0)
`

export function listRoutes(): Array<ManifestRoute> {
	const json = execFileSync(process.execPath, ['--input-type=module', '-e', LIST_ROUTES], {
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'production' },
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	return JSON.parse(json) as Array<ManifestRoute>
}

/** Values tried for each URL parameter: one that may exist and one that cannot. */
const PARAM_VALUES: Record<string, Array<string>> = {
	slug: ['json-formatter', 'no-such-thing'],
	group: ['dev', 'no-such-group'],
	id: ['cm0000000000000000000000', 'x'],
	'*': ['no/such/page'],
}

/** Concrete paths for a pattern, one per combination of parameter values. */
export function pathsFor(pattern: string): Array<string> {
	let paths = ['']
	for (const segment of pattern.split('/').filter(Boolean)) {
		const name = segment === '*' ? '*' : segment.startsWith(':') ? segment.slice(1).replace(/\?$/, '') : null
		const values = name === null ? [segment] : (PARAM_VALUES[name] ?? ['x'])
		paths = paths.flatMap((path) => values.map((value) => `${path}/${value}`))
	}
	return paths.map((path) => path || '/')
}

/**
 * The URLs Remix answers for a route: the document URL and its single-fetch
 * data URL (`/path.data`, `/_root.data` for "/"), which is what a form
 * submitted with JavaScript posts to.
 */
export function urlsFor(route: ManifestRoute): Array<string> {
	return pathsFor(route.pattern).flatMap((path) => {
		const index = route.id.endsWith('_index')
		const data = path === '/' ? '/_root.data' : `${path}.data`
		return index ? [path, `${path}?index`, data, `${data}?index`] : [path, data]
	})
}
