import { route, type RouteConfig } from '@remix-run/route-config'
import { flatRoutes } from '@remix-run/fs-routes'
import { liveTools, toolRedirects } from './tools/registry.ts'

// Tools are routed from the registry, not from files here: each live tool's
// page is its folder's page.tsx, and each old path answers with a 301. This
// file runs in Node at build time, so the registry holds data and type-only
// imports. The route ids are those of the route files they replaced.
const toolRoutes = [
	...liveTools.map((tool) => route(`tools/${tool.slug}`, `tools/${tool.slug}/page.tsx`, { id: `routes/tools.${tool.slug}` })),
	...toolRedirects.map(({ from }) => route(from.slice(1), 'tools/kit/redirect-route.ts', { id: `routes/${from.slice(1).replaceAll('/', '.')}` })),
]

// File-system routes (Remix v2 flat routes). Tests and dot-files sit next to
// the routes they cover without becoming routes.
export default [
	...(await flatRoutes({
		ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
	})),
	...toolRoutes,
] satisfies RouteConfig
