import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'sitemap-xml',
	name: 'XML Sitemap Generator & Validator',
	description: 'Make a sitemap.xml from a list of URLs or a CSV (lastmod, changefreq, priority, hreflang alternates), or check one against the sitemaps.org rules.',
	group: 'seo',
	icon: 'document-text',
	keywords: ['sitemap', 'sitemap.xml', 'xml sitemap', 'sitemap generator', 'sitemap validator', 'hreflang', 'lastmod', 'sitemaps.org', 'seo'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
