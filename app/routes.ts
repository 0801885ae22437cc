import { route, type RouteConfig } from '@remix-run/route-config'
import { flatRoutes } from '@remix-run/fs-routes'
import { liveTools } from './tools/registry.ts'

// Each live tool's page is its folder's page.tsx, routed from the registry
// (the route ids stay those of the old route files).
const toolRoutes = liveTools.map((tool) => route(`tools/${tool.slug}`, `tools/${tool.slug}/page.tsx`, { id: `routes/tools.${tool.slug}` }))

// File-system routes (Remix v2 flat routes). Tests and dot-files sit next to
// the routes they cover without becoming routes.
export default [
	...(await flatRoutes({
		ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
	})),
	...toolRoutes,
] satisfies RouteConfig
