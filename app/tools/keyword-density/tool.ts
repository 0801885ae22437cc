import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'keyword-density',
	name: 'Keyword Density & Readability',
	description: 'Count words and find the top 1-, 2- and 3-word phrases with their density, reading time, Flesch reading ease and the longest sentences.',
	group: 'seo',
	icon: 'chart',
	keywords: ['keyword density', 'word count', 'readability', 'flesch', 'reading time', 'seo', 'phrases'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
