/**
 * Every public page, for the sitemap: the static pages plus the live tools
 * and group pages from the registry. Later issues add the blog's pages here.
 */
import { liveGroups, liveTools, toolHref } from '#app/tools/registry.ts'

export type PublicPage = { path: string; changefreq: 'daily' | 'weekly' | 'monthly'; priority: number }

export function getPublicPages(): Array<PublicPage> {
	return [
		{ path: '/', changefreq: 'daily', priority: 1 },
		{ path: '/tools', changefreq: 'weekly', priority: 0.9 },
		...liveGroups.map((group) => ({ path: group.href ?? '/tools', changefreq: 'weekly' as const, priority: 0.7 })),
		...liveTools.map((tool) => ({ path: toolHref(tool), changefreq: 'monthly' as const, priority: 0.8 })),
		{ path: '/about', changefreq: 'monthly', priority: 0.5 },
	]
}
