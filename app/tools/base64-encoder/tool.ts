import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'base64-encoder',
	name: 'Base64 Encoder/Decoder',
	description: 'Encode text and files to Base64 and decode Base64 back, in UTF-8 or other encodings.',
	group: 'dev',
	icon: 'binary',
	keywords: ['base64', 'encode', 'decode', 'data uri'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
