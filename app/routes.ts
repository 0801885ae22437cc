import { type RouteConfig } from '@remix-run/route-config'
import { flatRoutes } from '@remix-run/fs-routes'

// File-system routes (Remix v2 flat routes). Tests and dot-files sit next to
// the routes they cover without becoming routes.
export default flatRoutes({
	ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
}) satisfies RouteConfig
