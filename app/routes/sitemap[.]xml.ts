import { getEnv } from '#app/utils/env.server.ts'
import { getPublicPages } from '#app/utils/public-pages.server.ts'

function escapeXml(value: string): string {
	return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c)
}

export function loader() {
	const origin = getEnv().SITE_URL
	const urls = getPublicPages()
		.map(
			(page) =>
				`  <url>\n    <loc>${escapeXml(`${origin}${page.path}`)}</loc>\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
		)
		.join('\n')
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
