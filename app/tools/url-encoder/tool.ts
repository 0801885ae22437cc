import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'url-encoder',
	name: 'URL Encoder/Decoder',
	description: 'Percent-encode and decode URLs and their parts, and take a URL apart.',
	group: 'dev',
	icon: 'link',
	keywords: ['url', 'percent', 'encode', 'decode', 'query string'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
