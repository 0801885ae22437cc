/**
 * `POST /api/tools/<slug>` as a client sends it (`{ input, options }` as
 * JSON), answered by the real route: the status and the parsed JSON body,
 * which every tool API answers with (checked here once for all).
 */
import { expect } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import { context, makeRequest } from './accounts.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>

export async function postToolApi(slug: string, input: unknown, options?: Record<string, unknown>): Promise<{ status: number; body: Json }> {
	const request = makeRequest(`/api/tools/${slug}`, { method: 'POST', json: options === undefined ? { input } : { input, options } })
	const response = await apiRoute.action({ request, params: { slug }, context: context() } as never)
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}
