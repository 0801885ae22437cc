import { getEnv } from '#app/utils/env.server.ts'

export function loader() {
	const origin = getEnv().SITE_URL
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /admin',
		'Disallow: /api/',
		'Disallow: /profile',
		'Disallow: /resources/',
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
