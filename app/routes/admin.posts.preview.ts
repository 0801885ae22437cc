/**
 * POST /admin/posts/preview (form field `body`): the editor's live preview,
 * rendered by the very renderer posts are saved with (so the preview is what
 * gets published). `{ html, readingMinutes }`, or a catalogue error: 422 for
 * Markdown too complex to render, 413 beyond the body limit.
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed } from '#app/utils/api.server.ts'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { renderMarkdown } from '#app/blog/markdown.server.ts'
import { POST_FORM_MAX_BYTES } from '#app/blog/post-validation.ts'

export async function loader({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	return methodNotAllowed(['POST'])
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	return handleApi(async () => {
		if (request.method !== 'POST') return methodNotAllowed(['POST'])
		const form = await readFormData(request, POST_FORM_MAX_BYTES)
		const body = form.get('body')
		if (typeof body !== 'string') throw new AppError('VALIDATION_ERROR', 'Validation failed: "body" must be text.', { field: 'body' })
		const { html, readingMinutes } = await renderMarkdown(body, { signal: request.signal })
		return json({ html, readingMinutes })
	})
}
