import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'slug-utm',
	name: 'Slug, UTM & Link Cleaner',
	description: 'Turn titles in any language into SEO slugs, add UTM tags to links, and strip tracking parameters such as fbclid and gclid.',
	group: 'seo',
	icon: 'link',
	keywords: ['slug', 'slugify', 'permalink', 'utm', 'campaign url', 'tracking parameters', 'fbclid', 'gclid', 'clean url'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
