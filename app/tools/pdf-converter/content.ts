import { defineToolContent } from '#app/tools/kit/content.ts'
import { formatBytes } from '#app/utils/format.ts'
import { PDF_LIMITS } from './options.ts'

const perFile = formatBytes(PDF_LIMITS.maxFileBytes)
const together = formatBytes(PDF_LIMITS.maxTotalBytes)

export const content = defineToolContent({
	slug: 'pdf-converter',
	howTo: {
		title: 'How to merge, split or convert a PDF',
		steps: [
			'Choose what to do: merge, split, extract, delete or reorder pages, rotate, add page numbers or a watermark, edit the document’s properties, turn pages into PNG pictures or text, or make a PDF from pictures.',
			'Add your files with Choose files, or drop them onto the box. To merge, put the PDFs in order by dragging the rows, or with each row’s up and down arrows.',
			'Set the options the operation shows. Pages are written like 1-3,5,8-: pages 1 to 3, page 5, and page 8 to the end.',
			'Press the button. The bar shows the upload, then the work on our server; the result appears with its name, size and page count.',
			'Download the result. It is deleted automatically after the time the page states, or at once with Delete now.',
		],
	},
	// The tool works on files, which a link cannot fill in: the how-to and the command line stand for examples.
	examples: [],
	faq: [
		{
			question: 'Are my files private?',
			answer:
				'Your files are sent to our server, processed there in a separate worker and never shared or looked at. The files you upload are not kept: only the result is stored, under a random address that only you are given, until it is deleted automatically or you press Delete now. We count that an operation ran (which one, the size and how long it took) for our statistics, nothing about the content.',
		},
		{
			question: 'How long are the results kept?',
			answer:
				'For the period stated above the form: one hour unless the site’s administrator sets another. After it, the download link answers “not found” and the file is erased. Delete now erases it at once. Results made while signed in are also listed on your profile page, where you can delete them.',
		},
		{
			question: 'How large can my files be?',
			answer: `Each file may be as large as the site’s upload limit (shown under the file box, at most ${perFile}), and the files of one run ${together} together, up to ${PDF_LIMITS.maxFiles} files. A document may have up to ${PDF_LIMITS.maxPagesPerDocument.toLocaleString('en-US')} pages (${PDF_LIMITS.maxPagesTotal.toLocaleString('en-US')} across the files of a merge), and PDF to PNG draws up to ${PDF_LIMITS.maxRenderedPages} pages a run, at 36 to 300 dpi.`,
		},
		{
			question: 'Can it open a password-protected PDF?',
			answer:
				'Yes, with its password. Type the password in the Password field (the API field is called password): every operation opens the file with it, and the result has no password unless you tick "Keep the password on the result". A wrong password is refused with a message saying so; we never try to guess passwords, and the password is used only to open the file, never stored. A PDF restricted by its owner only (it opens without a password but forbids printing or copying) is processed as it is, and the result says that those restrictions were not kept.',
		},
		{
			question: 'How do I write page ranges?',
			answer:
				'Separate pages and ranges with commas: 1-3,5,8- means pages 1, 2 and 3, page 5, and page 8 to the last page; -4 means pages 1 to 4. Pages count from 1. For Reorder pages, name every page once in the new order, such as 3,1,2. A range past the last page is refused with the document’s page count.',
		},
		{
			question: 'What does Split give me?',
			answer:
				'A ZIP of PDFs: one per page, one per group of N pages, or one per range you write (1-3,4- gives two files). PDF to PNG gives a single PNG for one page and a ZIP of PNGs for several.',
		},
		{
			question: 'Does it work without JavaScript?',
			answer:
				'Yes. Choose the operation, pick the files and press the button: the page answers with a link to the result, when it is deleted, and a button to delete it now. Without JavaScript the files are used in the order you pick them, and there is no progress bar.',
		},
		{
			question: 'Can I use it from a script?',
			answer:
				'Yes: POST /api/convert/upload takes the same fields as multipart form data, no account needed, and answers with the result’s download address. The command at the bottom of the page shows the operation you chose with curl.',
		},
	],
})
