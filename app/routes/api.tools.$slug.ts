/**
 * POST /api/tools/<slug> with `{ "input": "...", "options": { ... } }` →
 * `{ "output": "...", ...tool-specific fields }`. The same core as the page,
 * run in the worker pool (`runTool`). No account needed, nothing stored but a
 * count of the run. Errors are the catalogue's, with `details` (line, column)
 * for bad input.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { limitClient } from '#app/site/rate-limit.server.ts'
import { hasServerCore, runToolForApi } from '#app/tools/kit/run.server.ts'
import { apiErrorResponse, handleApi, jsonChunks, methodNotAllowed, readJsonObject } from '#app/utils/api.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { phases } from '#app/utils/server-timing.ts'

/**
 * The body may be larger than the input: JSON escapes (`\n`, `\"`, `\u0000`)
 * take room. The input's own limit (10 MB of UTF-8) is checked after parsing,
 * so a 10 MB + 1 byte input gets the input's 413 message.
 */
const MAX_BODY_BYTES = MAX_INPUT_BYTES * 3 + 64 * 1024

export async function action({ request, params, context }: ActionFunctionArgs) {
	return handleApi(async () => {
		const slug = params.slug ?? ''
		if (!hasServerCore(slug)) {
			await request.body?.cancel().catch(() => {})
			throw new AppError('NOT_FOUND', `No tool named "${slug.slice(0, 100)}" has an API.`)
		}
		if (request.method !== 'POST') return methodNotAllowed(['POST'])
		// Per client, before the body is read (RATE_LIMIT_TOOLS_PER_MINUTE; the tool pages' forms count too).
		await limitClient('tools', request, context.clientIp)
		const timing = phases()
		const body = await timing.time('read', () => readJsonObject(request, MAX_BODY_BYTES))
		const { input, options = {} } = body
		if (typeof input !== 'string') {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: "input" must be a string.', { fields: { input: 'Required: a string' } })
		}
		if (options === null || typeof options !== 'object' || Array.isArray(options)) {
			throw new AppError('VALIDATION_ERROR', 'Validation failed: "options" must be an object.', { fields: { options: 'Must be an object' } })
		}
		// The worker answers with the JSON already encoded (in chunks, moved rather than copied): `run`
		// includes that encoding, and `encode` is only what is left here, building the streamed response.
		const answer = await timing.time('run', () => runToolForApi({ slug, input, options, signal: request.signal }))
		const response = await timing.time('encode', () => jsonChunks(answer.json))
		// `total` is added as the headers go out (server/server-timing.ts).
		response.headers.set('Server-Timing', timing.header())
		return response
	})
}

export function loader({ params }: LoaderFunctionArgs) {
	if (!hasServerCore(params.slug ?? '')) return apiErrorResponse(new AppError('NOT_FOUND', 'API endpoint not found'))
	return methodNotAllowed(['POST'])
}
