/**
 * POST /api/convert/md-to-docx (multipart): Markdown (`file` or `markdown`)
 * and the images it uses (`images`, matched by file name), with the options
 * as fields → the .docx, its report in `X-Conversion-Report`. The body is
 * read within its limits as it streams (413 naming the limit), the inputs
 * are identified by their bytes, and the conversion runs in the worker pool
 * and is counted as a ToolRun. Errors are the catalogue's.
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { checkImageFile, contentDisposition, uploadLimitBytes } from '#app/files/files.server.ts'
import { MAX_MARKDOWN_BYTES } from '#app/tools/markdown-to-docx/core.ts'
import { convertOnServer, docxFileName, DOCX_MEDIA_TYPE, markdownFromBytes, reportHeader } from '#app/tools/markdown-to-docx/convert.server.ts'
import { DOCX_OPTION_NAMES } from '#app/tools/markdown-to-docx/options.ts'
import { handleApi, methodNotAllowed } from '#app/utils/api.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'

/** Parts a request may have: the Markdown, the options and the images. */
export const MAX_PARTS = 100
/** A whole request, images included. */
export const MAX_REQUEST_BYTES = 50 * 1024 * 1024

const FIELDS = new Set<string>(['file', 'markdown', 'images', ...DOCX_OPTION_NAMES])

export async function action({ request }: ActionFunctionArgs) {
	return handleApi(async () => {
		if (request.method !== 'POST') {
			await request.body?.cancel().catch(() => {})
			return methodNotAllowed(['POST'])
		}
		const imageLimit = await uploadLimitBytes()
		const form = await readFormData(request, MAX_REQUEST_BYTES, {
			maxFields: MAX_PARTS,
			maxFieldBytes: MAX_MARKDOWN_BYTES,
			maxFileBytes: Math.max(MAX_MARKDOWN_BYTES, imageLimit),
			maxFileBytesByField: { file: MAX_MARKDOWN_BYTES, images: imageLimit },
		})

		const unknown = [...new Set(form.keys())].filter((name) => !FIELDS.has(name))
		if (unknown.length > 0) {
			const fields = Object.fromEntries(unknown.slice(0, 20).map((name) => [name.slice(0, 60), 'Unknown field']))
			throw new AppError('VALIDATION_ERROR', `Validation failed: unknown field "${unknown[0]!.slice(0, 60)}".`, { fields })
		}

		const file = form.get('file')
		const text = form.get('markdown')
		if (file !== null && text !== null) {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: send the Markdown as "file" or as "markdown", not both.', { fields: { markdown: 'Send one of file or markdown' } })
		}
		if (file !== null && !(file instanceof File)) {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: "file" must be a file.', { fields: { file: 'Must be a file' } })
		}
		if (text !== null && typeof text !== 'string') {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: "markdown" must be text.', { fields: { markdown: 'Must be text, not a file' } })
		}
		const markdown = file ? markdownFromBytes(new Uint8Array(await file.arrayBuffer())) : (text ?? '')
		if (markdown.replace(/^\ufeff/, '').trim() === '') {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: the Markdown is empty.', {
				fields: { [file ? 'file' : 'markdown']: file ? 'The file is empty' : 'Send some Markdown, or a file in "file"' },
			})
		}

		const images: Array<{ name: string; data: Uint8Array }> = []
		for (const entry of form.getAll('images')) {
			if (!(entry instanceof File)) throw new AppError('VALIDATION_ERROR', 'Validation failed: "images" must be files.', { fields: { images: 'Must be image files' } })
			const image = await checkImageFile(entry, imageLimit, 'images')
			if (image) images.push({ name: image.name, data: image.data })
		}

		const options: Record<string, unknown> = {}
		for (const name of DOCX_OPTION_NAMES) {
			const values = form.getAll(name)
			if (values.length === 0) continue
			if (values.length > 1 || typeof values[0] !== 'string') {
				throw new AppError('VALIDATION_ERROR', `Validation failed: "${name}" must be given once, as text.`, { fields: { [name]: 'Give it once, as text' } })
			}
			options[name] = values[0]
		}

		const result = await convertOnServer({ markdown, options, images, via: 'api', signal: request.signal })
		const name = docxFileName(file?.name, result.title, result.firstHeading)
		return new Response(result.docx as BodyInit, {
			status: 200,
			headers: {
				'Content-Type': DOCX_MEDIA_TYPE,
				'Content-Disposition': contentDisposition(name, 'attachment'),
				'Content-Length': String(result.docx.byteLength),
				'X-Conversion-Report': reportHeader(result.report),
				'Cache-Control': 'no-store',
				'X-Content-Type-Options': 'nosniff',
			},
		})
	})
}

export async function loader() {
	return methodNotAllowed(['POST'])
}
