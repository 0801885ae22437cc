/**
 * POST /admin/posts/images (multipart, field `image`): an image for a blog
 * post, stored as a kept StoredFile. The bytes decide the type (PNG, JPEG,
 * GIF, WebP, AVIF); anything else, SVG included, is refused with 415. The
 * admin's upload limit applies while the body streams in (413 naming it).
 * Answers `{ id, url, name, size, mediaType }`; errors are the catalogue's.
 */
import { type ActionFunctionArgs } from '@remix-run/node'
import { handleApi, json, methodNotAllowed } from '#app/utils/api.server.ts'
import { audit } from '#app/site/audit.server.ts'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { fileUrl, readImageForm, storeFile } from '#app/files/files.server.ts'

export async function loader({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	return methodNotAllowed(['POST'])
}

export async function action({ request }: ActionFunctionArgs) {
	// Before reading a byte of the body.
	const { user } = await requireAdmin(request)
	return handleApi(async () => {
		if (request.method !== 'POST') return methodNotAllowed(['POST'])
		const { image } = await readImageForm(request, 'image')
		if (!image) throw new AppError('VALIDATION_ERROR', 'Choose an image file to upload.', { field: 'image' })
		const file = await storeFile({ ...image, kept: true, uploadedById: user.id })
		await audit(
			{ id: user.id, email: user.email },
			{ action: 'file.upload', target: `file:${file.id}`, details: { name: file.name, size: file.size, mediaType: file.mediaType } },
		)
		return json({ id: file.id, url: fileUrl(file.id), name: file.name, size: file.size, mediaType: file.mediaType }, { status: 201 })
	})
}
