/**
 * Tool tests' requests. `POST /api/tools/<slug>` as a client sends it (`{ input, options }` as
 * JSON), answered by the real route: the status and the parsed JSON body,
 * which every tool API answers with (checked here once for all).
 */
import { expect } from 'vitest'
import * as apiRoute from '#app/routes/api.tools.$slug.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { context, makeRequest } from './accounts.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>

export async function postToolApi(slug: string, input: unknown, options?: Record<string, unknown>): Promise<{ status: number; body: Json }> {
	const request = makeRequest(`/api/tools/${slug}`, { method: 'POST', json: options === undefined ? { input } : { input, options } })
	const response = await apiRoute.action({ request, params: { slug }, context: context() } as never)
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return { status: response.status, body: JSON.parse(await response.text()) as Json }
}

/**
 * A tool page's form posted without JavaScript, answered by the page's own
 * action (`page.tsx`): the status it sets (200 when none) and its data.
 */
export async function postToolForm(
	action: (args: never) => unknown,
	slug: string,
	fields: Record<string, string>,
): Promise<{ status: number; data: Json }> {
	const request = makeRequest(`/tools/${slug}`, { method: 'POST', form: fields })
	const response = (await action({ request, params: {}, context: context() } as never)) as { data: Json; init: ResponseInit | null }
	return { status: response.init?.status ?? 200, data: response.data }
}

/**
 * The runs counted for a tool, once the pending writes are done, oldest
 * first: their outcomes, and every stored field as text, for checking that
 * the content of a run is never among them.
 */
export async function countedRuns(slug: string): Promise<{ outcomes: Array<string>; stored: string }> {
	await settleRunRecords()
	const runs = await prisma.toolRun.findMany({ where: { tool: slug }, orderBy: { id: 'asc' } })
	return {
		outcomes: runs.map((run) => run.outcome),
		stored: JSON.stringify(runs, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
	}
}
