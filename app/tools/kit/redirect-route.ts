/**
 * The route of every old tool path (a tool's `redirects` in its tool.ts,
 * routed by app/routes.ts): a real HTTP redirect to the tool's page
 * (SPEC.md §2).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { toolRedirects } from '#app/tools/registry.ts'

export function loader({ request }: LoaderFunctionArgs) {
	const path = new URL(request.url).pathname.replace(/\/+$/, '')
	const target = toolRedirects.find((each) => each.from === path)
	if (!target) throw new Response('Not Found', { status: 404 })
	return redirect(target.to, 301)
}
