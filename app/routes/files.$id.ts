/**
 * GET/HEAD /files/<id>: a stored file's bytes (blog images). The stored
 * type was checked from the bytes at upload; `nosniff` and a sandboxing CSP
 * keep a browser from treating it as anything else, even opened directly.
 * Kept files never change (new upload, new id), so they are cached for a
 * year; others only until their retention ends. Unknown or expired → 404.
 */
import { type LoaderFunctionArgs } from '@remix-run/node'
import { errorResponse } from '#app/utils/errors.server.ts'
import { contentDisposition, readStoredFile, storedFileBody } from '#app/files/files.server.ts'
import { answerOutages } from '#app/utils/api.server.ts'
import { httpDate } from '#app/utils/dates.ts'

export const loader = answerOutages(async ({ params }: LoaderFunctionArgs) => {
	const file = await readStoredFile(params.id ?? '')
	if (!file) return errorResponse('NOT_FOUND', 'File not found (it may have expired).')
	const headers = new Headers({
		'Content-Type': file.mediaType,
		'Content-Length': String(file.size),
		'X-Content-Type-Options': 'nosniff',
		'Content-Security-Policy': "default-src 'none'; sandbox",
		'Content-Disposition': contentDisposition(file.name, 'inline'),
		// Blog images (kept) appear in RSS readers on other sites; other files stay ours.
		'Cross-Origin-Resource-Policy': file.kept ? 'cross-origin' : 'same-origin',
		'Cache-Control': file.kept ? 'public, max-age=31536000, immutable' : 'private, max-age=300',
		'Last-Modified': httpDate(file.createdAt),
		ETag: `"${file.id}"`,
	})
	return new Response(storedFileBody(file), { status: 200, headers })
})
