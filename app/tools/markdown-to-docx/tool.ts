import { defineTool } from '#app/tools/kit/define-tool.ts'

// Planned: the page is not written yet, so the tool is not linked anywhere.
export const tool = defineTool({
	slug: 'markdown-to-docx',
	name: 'Markdown to DOCX',
	description: 'Turn Markdown into a Word document with headings, lists, tables and code.',
	group: 'documents',
	icon: 'document-text',
	keywords: ['markdown', 'docx', 'word', 'convert'],
	live: false,
	runs: 'page',
})
