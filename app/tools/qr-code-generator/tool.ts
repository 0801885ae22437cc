import { defineTool } from '#app/tools/kit/define-tool.ts'

// Planned: the page is not written yet, so the tool is not linked anywhere.
export const tool = defineTool({
	slug: 'qr-code-generator',
	name: 'QR Code Generator',
	description: 'Make QR codes for links, text and Wi-Fi, as PNG or SVG.',
	group: 'seo',
	icon: 'qr-code',
	keywords: ['qr', 'qr code', 'barcode', 'generator'],
	live: false,
	runs: 'page',
})
