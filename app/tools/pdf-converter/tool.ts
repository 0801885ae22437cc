import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'pdf-converter',
	name: 'PDF Tools',
	// What the page does today (Convert); the viewer and annotation editor come with their own issue.
	description: 'Merge, split, rotate, number and watermark PDFs, turn their pages into images or text, and images into a PDF.',
	group: 'documents',
	icon: 'document',
	keywords: ['pdf', 'convert', 'edit', 'annotate', 'sign'],
	live: true,
	// No text core for `POST /api/tools/<slug>`: the operations take files and store a file, through
	// their own API (`POST /api/convert/upload`) and this page's action, both in the worker pool.
	runs: 'page',
	// The editor is this page's View & edit mode: its old path leads there, not to Convert.
	redirects: ['/tools/pdf', { from: '/tools/pdf-editor', search: '?mode=edit' }],
	// SPEC.md §2 lists "PDF Tools" twice; the second entry is the editor, which lives on this page (the link redirects to edit mode).
	extraNavItems: [{ name: 'PDF Editor', href: '/tools/pdf-editor' }],
})
