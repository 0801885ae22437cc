import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'markdown-to-docx',
	name: 'Markdown to DOCX',
	description: 'Turn Markdown into a Word document with headings, lists, tables and code.',
	group: 'documents',
	icon: 'document-text',
	keywords: ['markdown', 'docx', 'word', 'convert'],
	live: true,
	// No text core for `POST /api/tools/<slug>`: the conversion takes files and answers a file, through
	// its own API (`POST /api/convert/md-to-docx`) and this page's action, both in the worker pool.
	runs: 'page',
})
