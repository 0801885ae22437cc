/**
 * Every public page, for the sitemap: the static pages, the live tools and
 * group pages from the registry, the blog and each public post.
 */
import { liveGroups, liveTools, toolHref } from '#app/tools/registry.ts'
import { publishedPostPaths } from '#app/blog/blog.server.ts'

export type PublicPage = {
	path: string
	changefreq: 'daily' | 'weekly' | 'monthly'
	priority: number
	/** Last change (W3C date-time), when known. */
	lastmod?: string
}

/** The pages that exist whatever the database holds. */
export function getPublicPages(): Array<PublicPage> {
	return [
		{ path: '/', changefreq: 'daily', priority: 1 },
		{ path: '/tools', changefreq: 'weekly', priority: 0.9 },
		...liveGroups.map((group) => ({ path: group.href ?? '/tools', changefreq: 'weekly' as const, priority: 0.7 })),
		...liveTools.map((tool) => ({ path: toolHref(tool), changefreq: 'monthly' as const, priority: 0.8 })),
		{ path: '/about', changefreq: 'monthly', priority: 0.5 },
		{ path: '/blog', changefreq: 'daily', priority: 0.8 },
	]
}

/** The static pages plus every public post (drafts and scheduled posts never). */
export async function getSitemapPages(now = new Date()): Promise<Array<PublicPage>> {
	const posts = await publishedPostPaths(now)
	const pages = getPublicPages()
	const blog = pages.find((page) => page.path === '/blog')
	const newest = posts.reduce<Date | null>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), null)
	if (blog && newest) blog.lastmod = newest.toISOString()
	return [
		...pages,
		...posts.map((post) => ({
			path: `/blog/${post.slug}`,
			changefreq: 'monthly' as const,
			priority: 0.6,
			lastmod: post.updatedAt.toISOString(),
		})),
	]
}
