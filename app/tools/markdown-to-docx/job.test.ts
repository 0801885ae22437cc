/**
 * The conversion as a durable job (issue 30): it runs in a job process, off
 * the request thread, options are checked there, and hostile Markdown comes
 * back as the catalogue's 422 (or 400), never as a crash of the worker.
 */
import { expect, test } from 'vitest'
import { type AppError } from '#app/utils/errors.ts'
import { convertOnServer } from './convert.server.ts'

function run(markdown: string, options: Record<string, unknown> = {}) {
	return convertOnServer({ markdown, options, images: [], via: 'api' })
}

test('converts in a worker and sends the document back as bytes', async () => {
	const result = await run('# Title\n\n<b>x</b>', { tableStyle: 'light', toc: 'on' })
	expect(result.docx).toBeInstanceOf(Uint8Array)
	expect(result.docx.byteLength).toBeGreaterThan(1000)
	expect(result.fileName).toBe('Title.docx')
	expect(result.report).toEqual([expect.objectContaining({ line: 3, kind: 'raw-html' })])
})

test('options are checked in the worker: 400 naming the field', async () => {
	const error = (await run('# x', { orientation: 'sideways' }).catch((thrown: unknown) => thrown)) as AppError
	expect(error.status).toBe(400)
	expect(error.details).toMatchObject({ fields: { orientation: expect.any(String) } })
})

test('pathological Markdown is a 422, and the worker keeps serving', async () => {
	const results = await Promise.allSettled([run('*_a'.repeat(20_000)), run(`${'> '.repeat(10_000)}x`), run('[a]('.repeat(2048))])
	expect(results.map((result) => (result.status === 'rejected' ? (result.reason as AppError).status : 200))).toEqual([422, 422, 200])
	expect((await run('# Still here')).fileName).toBe('Still here.docx')
})
