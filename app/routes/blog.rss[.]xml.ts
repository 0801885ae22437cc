import { buildRss, feedPosts } from '#app/blog/blog.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getSiteSettings } from '#app/site/settings.server.ts'
import { answerOutages } from '#app/utils/api.server.ts'

/**
 * The RSS 2.0 feed: the newest public posts. Shared caches may keep it but
 * must revalidate (server/app.ts answers an unchanged feed with 304).
 */
export const loader = answerOutages(async () => {
	const [settings, posts] = await Promise.all([getSiteSettings(), feedPosts()])
	const xml = buildRss({ siteName: settings.siteName, tagline: settings.tagline, origin: getEnv().SITE_URL, posts })
	return new Response(xml, {
		// Vary: Cookie like the pages: a signed-in reader's copy is private (server/app.ts).
		headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, no-cache', Vary: 'Cookie' },
	})
})
