import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'meta-tag-generator',
	name: 'Meta Tag Generator',
	description: 'Write a page’s whole <head>: title, description, canonical, robots, Open Graph, X cards and JSON-LD, with Google, Facebook and X previews and warnings as you type.',
	group: 'seo',
	icon: 'code',
	keywords: ['meta tags', 'meta tag generator', 'open graph', 'og tags', 'twitter card', 'json-ld', 'schema.org', 'serp preview', 'robots'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
