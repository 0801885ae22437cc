import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'text-case-converter',
	name: 'Text Case Converter',
	description: 'Change text to UPPER, lower, Title, Sentence, camelCase, snake_case, kebab-case and more.',
	group: 'text',
	icon: 'text',
	keywords: ['case', 'uppercase', 'lowercase', 'title case', 'camelcase'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
