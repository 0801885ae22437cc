import { getSiteSettings } from '#app/site/settings.server.ts'
import { answerOutages } from '#app/utils/api.server.ts'

export const loader = answerOutages(async () => {
	const settings = await getSiteSettings()
	const manifest = {
		name: settings.siteName,
		short_name: settings.siteName,
		description: settings.tagline,
		start_url: '/',
		display: 'standalone',
		background_color: '#f8fafc',
		theme_color: '#4338ca',
		icons: [
			{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
			{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
			{ src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
		],
	}
	return new Response(JSON.stringify(manifest), {
		headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
})
