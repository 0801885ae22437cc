import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'qr-code-generator',
	name: 'QR Code Generator',
	description: 'Make QR codes for links, text, Wi-Fi, contacts, events and more, as PNG or SVG, checked by a decoder as you go.',
	// SEO Tools ("tools for marketing pages and links"): most people who make a
	// QR code are putting a link on a poster, a menu, packaging or a business
	// card. They sit beside the UTM builder, the slug generator and the meta
	// tags there, and would not look for it among developer tools (Dev) or
	// tools that rewrite text (Text).
	group: 'seo',
	icon: 'qr-code',
	keywords: ['qr', 'qr code', 'barcode', 'generator', 'wifi qr code', 'vcard', 'svg', 'png'],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
