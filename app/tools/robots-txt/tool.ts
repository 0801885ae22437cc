import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'robots-txt',
	name: 'robots.txt Generator & Tester',
	description: 'Build a robots.txt per user agent from presets (WordPress, stores, Next.js, block AI crawlers) and test whether a URL is allowed for a crawler, the way Google decides.',
	group: 'seo',
	icon: 'shield',
	keywords: ['robots.txt', 'robots txt generator', 'robots.txt tester', 'disallow', 'user-agent', 'googlebot', 'block ai crawlers', 'gptbot', 'crawler'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
