import { defineTool } from '#app/tools/kit/define-tool.ts'

// Planned: the page is not written yet, so the tool is not linked anywhere.
export const tool = defineTool({
	slug: 'pdf-converter',
	name: 'PDF Tools',
	description: 'Convert PDFs and annotate them in your browser: highlight, draw, add text, stamps and signatures.',
	group: 'documents',
	icon: 'document',
	keywords: ['pdf', 'convert', 'edit', 'annotate', 'sign'],
	live: false,
	runs: 'page',
	redirects: ['/tools/pdf', '/tools/pdf-editor'],
	// SPEC.md §2 lists "PDF Tools" twice; the second entry is the editor, which lives on this page.
	extraNavItems: [{ name: 'PDF Editor', href: '/tools/pdf-editor' }],
})
