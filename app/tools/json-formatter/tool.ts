import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'json-formatter',
	name: 'JSON Formatter',
	description: 'Format, validate and minify JSON without changing a single number.',
	group: 'dev',
	icon: 'braces',
	keywords: ['json', 'format', 'validate', 'beautify', 'minify'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
