import { getEnv } from '#app/utils/env.server.ts'
import { escapeXml } from '#app/blog/blog.server.ts'
import { getSitemapPages } from '#app/shell/public-pages.server.ts'
import { answerOutages } from '#app/utils/api.server.ts'

export const loader = answerOutages(async () => {
	const origin = getEnv().SITE_URL
	const pages = await getSitemapPages()
	const urls = pages
		.map((page) =>
			[
				'  <url>',
				`    <loc>${escapeXml(`${origin}${page.path}`)}</loc>`,
				page.lastmod ? `    <lastmod>${page.lastmod}</lastmod>` : null,
				`    <changefreq>${page.changefreq}</changefreq>`,
				`    <priority>${page.priority.toFixed(1)}</priority>`,
				'  </url>',
			]
				.filter((line) => line !== null)
				.join('\n'),
		)
		.join('\n')
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	// An hour in caches is fine for crawlers; a new post appears within it.
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
})
