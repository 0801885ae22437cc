import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'markdown-to-docx',
	howTo: {
		title: 'How to turn Markdown into a Word document',
		steps: [
			'Type or paste your Markdown into the box, or open a .md, .markdown or .txt file. Open the pictures it uses at the same time (or drop them all onto the box): ![logo](img/logo.png) uses the picture named logo.png.',
			'Check the preview beside the box: it shows your Markdown as our blog renders it, with the pictures you opened.',
			'Choose the page size and orientation, the margins, the fonts and their size, the style of the tables, whether the document starts with a table of contents, and where its title comes from.',
			'Press Convert to DOCX, then Download. The report under the button lists, with its line, everything that could not go into the document as it is, such as a remote picture.',
			'Open the file in Word, LibreOffice, Pages or Google Docs. Headings use Word’s heading styles, so the navigation pane and the table of contents work.',
		],
	},
	examples: [
		{
			title: 'A short report with a table and code',
			input:
				'# Quarterly report\n\nSales grew **12 %** this quarter. The details:\n\n| Region | Q1 | Q2 |\n|--------|---:|---:|\n| North | 120 | 134 |\n| South | 98 | 111 |\n\n## How we counted\n\n```sql\nSELECT region, SUM(amount) FROM sales GROUP BY region;\n```\n\n- Returns are left out.\n- Amounts are in thousands of euros.\n',
			options: { tableStyle: 'grid' },
			note: 'Headings become Word headings, the table a real Word table with its columns aligned, and the code keeps its layout in the code font.',
		},
		{
			title: 'Front matter, a table of contents and footnotes',
			input:
				'---\ntitle: Onboarding guide\nauthor: The platform team\n---\n\n# Before your first day\n\nRead the handbook[^1] and set up your laptop.\n\n# Your first week\n\n> [!TIP]\n> Ask questions early; everyone does.\n\n1. Meet your team.\n2. Ship a small change.\n\n[^1]: It is on the intranet.\n',
			options: { toc: true, titleFrom: 'front-matter' },
			note: 'The title and author go into the document’s properties, the table of contents links to each heading, the footnote becomes a Word footnote and the GitHub alert a shaded box.',
		},
		{
			title: 'A landscape page for a wide table',
			input:
				'# Release matrix\n\n| Feature | Web | iOS | Android | Desktop | API | Docs |\n|---|---|---|---|---|---|---|\n| Dark mode | ✓ | ✓ | ✓ | ✓ | – | ✓ |\n| Offline | – | ✓ | ✓ | ✓ | – | ✓ |\n| Export | ✓ | – | – | ✓ | ✓ | ✓ |\n',
			options: { pageSize: 'letter', orientation: 'landscape', tableStyle: 'light', marginMm: 15 },
			note: 'Letter paper turned sideways with narrow margins gives a seven-column table room to breathe.',
		},
	],
	faq: [
		{
			question: 'Which Markdown does it understand?',
			answer:
				'CommonMark and GitHub Flavored Markdown: headings, emphasis, links, lists (nested and task lists), block quotes, code blocks, tables with their alignment, strikethrough, footnotes, YAML front matter (title, author, subject, description, keywords) and GitHub alerts such as > [!NOTE]. Raw HTML is not copied into the document: it is reduced to its text, and the report says where.',
		},
		{
			question: 'How do I get my pictures into the document?',
			answer:
				'Open (or drop) the pictures together with the Markdown. A picture is matched by its file name: ![Chart](images/chart.png) uses the file you opened named chart.png, whatever folder the Markdown names. PNG, JPEG and GIF pictures are embedded, scaled down to fit the page. Pictures on other websites are never downloaded: their alt text stands in, and the report lists them with their line.',
		},
		{
			question: 'What is the conversion report?',
			answer:
				'A list of everything that could not go into the document exactly as written, each with the line of your Markdown where it is: a remote or missing picture, raw HTML reduced to text, a link that is not http, https or mailto kept as text, a footnote without its definition, and so on. When the list is empty, nothing was dropped.',
		},
		{
			question: 'Is my Markdown stored or shared?',
			answer:
				'No. The preview is drawn in your browser. When you press Convert, the Markdown and its pictures are sent to our server, converted in memory and sent back as the .docx; nothing is saved or logged, only a count that a conversion happened (its size and duration) for our statistics.',
		},
		{
			question: 'How large can my document be?',
			answer:
				'Up to 5 MB of Markdown, plus its pictures (each within the site’s upload limit, 50 MB in all). Markdown nested absurdly deep, or with thousands of emphasis marks in one paragraph or more than 20,000 table cells, is refused as too complex rather than left to stall the server.',
		},
		{
			question: 'Does it work without JavaScript?',
			answer:
				'Yes. Without JavaScript the form is sent to this page, which answers with the .docx to download, or shows what is wrong with the form. The live preview, the pictures dropped onto the box and the conversion report need JavaScript.',
		},
		{
			question: 'Can I convert from a script?',
			answer:
				'Yes: the same converter answers POST /api/convert/md-to-docx with multipart form data, no account needed. The command at the bottom of this page sends a Markdown file and a picture with curl and saves the .docx and the report.',
		},
	],
})
