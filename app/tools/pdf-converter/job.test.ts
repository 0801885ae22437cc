/**
 * The PDF engine as the routes use it: `runPdfOperation` makes the
 * operation a durable job (issue 30), untrusted PDFs are parsed in a job
 * process only, hostile ones come back as catalogue errors, and the runner
 * keeps serving.
 */
import { afterAll, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { settleRunRecords } from '#app/tools/kit/run.server.ts'
import { type AppError } from '#app/utils/errors.ts'
import { runPdfOperation } from './convert.server.ts'
import { runPdfEngine } from './engine.server.ts'
import { qpdfPageCount, qpdfRotations } from './pdf-readers.server.ts'
import { deepNesting, loopingPageTree, manyPages, rotatedPdf, textPdf, truncated } from './test-pdfs.ts'

afterAll(async () => {
	await settleRunRecords()
	await closeJobPool()
})

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError)

test('runs in a worker and sends the file back as bytes, read back by qpdf', async () => {
	const out = await runPdfOperation({ operation: 'rotate', files: [{ name: 'scan.pdf', data: await rotatedPdf() }], options: { angle: '90', pages: '1-2' }, via: 'api' })
	expect(out).toMatchObject({ fileName: 'scan-pages-1-2-rotated-90.pdf', contentType: 'application/pdf', pageCount: 4 })
	expect(out.data).toBeInstanceOf(Uint8Array)
	expect(qpdfRotations(out.data)).toEqual([90, 180, 180, 270])
	const text = await runPdfOperation({ operation: 'pdf-to-text', files: [{ name: 'a.pdf', data: await textPdf({ pages: 2 }) }], via: 'form' })
	expect(new TextDecoder().decode(text.data)).toContain('--- Page 2 ---\nPage 2 of 2 alpha')
})

test('options and page ranges are checked in the worker: 400 naming the field', async () => {
	const file = { name: 'a.pdf', data: await textPdf({ pages: 3 }) }
	const bad = await failure(runPdfOperation({ operation: 'extract-pages', files: [file], options: { pages: '5-2' }, via: 'api' }))
	expect(bad).toMatchObject({ status: 400, message: 'Validation failed: pages: "5-2" goes backwards: write 2-5.', details: { fields: { pages: '"5-2" goes backwards: write 2-5.' } } })
	const beyond = await failure(runPdfOperation({ operation: 'extract-pages', files: [file], options: { pages: '1-99999' }, via: 'api' }))
	expect(beyond?.details).toEqual({ fields: { pages: '"1-99999" goes beyond the last page: the document has 3 pages.' } })
	const unknown = await failure(runPdfOperation({ operation: 'rotate', files: [file], options: { angle: 90, colour: 'red' }, via: 'api' }))
	expect(unknown?.details).toEqual({ fields: { colour: 'Unknown option for rotate' } })
	const operation = await failure(runPdfOperation({ operation: 'explode' as never, files: [file], via: 'api' }))
	expect(operation?.status).toBe(400)
})

test('hostile PDFs come back as their own 422s, side by side, and the pool keeps serving', async () => {
	const good = await textPdf({ pages: 3 })
	const inputs = [loopingPageTree(), manyPages(200_000), deepNesting(100_000), new Uint8Array(), truncated(good)]
	const results = await Promise.all(
		inputs.flatMap((data) =>
			(['reorder-pages', 'pdf-to-images'] as const).map((operation) =>
				failure(runPdfOperation({ operation, files: [{ name: 'hostile.pdf', data }], options: operation === 'reorder-pages' ? { order: '1' } : {}, via: 'api' })),
			),
		),
	)
	expect(results.map((error) => error?.status)).toEqual(Array(10).fill(422))
	// Each is the refusal itself, never the pool's "took too long" (which has limitSeconds): no clock needed;
	// a hang is caught by the suite's test timeout.
	expect(results.every((error) => /^This PDF (is damaged|has too many pages)/.test(error?.message ?? ''))).toBe(true)
	expect(results.map((error) => (error?.details as { limitSeconds?: number } | undefined)?.limitSeconds)).toEqual(Array(10).fill(undefined))
	const out = await runPdfOperation({ operation: 'merge', files: [{ name: 'a.pdf', data: good }, { name: 'b.pdf', data: good }], via: 'api' })
	expect(qpdfPageCount(out.data)).toBe(6)
})

test('a job past its time limit is stopped with a 422 and the pool answers the next one', async () => {
	// 100 pages rendered cannot finish in 50 ms.
	const big = { name: 'big.pdf', data: await textPdf({ pages: 100 }) }
	const error = await failure(runPdfOperation({ operation: 'pdf-to-images', files: [big], options: { dpi: 36 }, via: 'api', timeoutMs: 50 }))
	expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/took longer than/), details: { reason: 'timeout' } })
	const out = await runPdfOperation({ operation: 'split', files: [{ name: 'a.pdf', data: await textPdf({ pages: 2 }) }], via: 'api' })
	expect(out.contentType).toBe('application/zip')
})

test('inputs over the size limits are a 413 before any worker sees them', async () => {
	const huge = new Uint8Array(101 * 1024 * 1024)
	const error = await failure(runPdfOperation({ operation: 'rotate', files: [{ name: 'huge.pdf', data: huge }], options: { angle: 90 }, via: 'api' }))
	expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
})

test("a large PDF's text, through the queue, is exactly what the engine writes", async () => {
	const line = 'Quarterly figures rose in every region while costs held steady.'
	const data = await textPdf({ pages: 130, text: (page) => Array.from({ length: 40 }, (_, index) => `${page}.${index + 1} ${line}`).join('\n') })
	for (const options of [{}, { separator: 'form-feed' }, { separator: 'blank-line', pages: '2-7,30,130' }]) {
		const progress: Array<{ done: number; total: number }> = []
		const parallel = await runPdfOperation({ operation: 'pdf-to-text', files: [{ name: 'report.pdf', data }], options, via: 'api', onProgress: (update) => progress.push(update) })
		const single = await runPdfEngine({ operation: 'pdf-to-text', files: [{ name: 'report.pdf', data }], options })
		expect(new TextDecoder().decode(parallel.data)).toBe(new TextDecoder().decode(single.data))
		expect(parallel).toMatchObject({ fileName: options.pages ? 'report-text-pages-2-7,30,130.txt' : 'report-text.txt', contentType: 'text/plain; charset=utf-8', pageCount: single.pageCount })
		// Progress reached the runner: the pages to read.
		expect(Math.max(...progress.map((update) => update.total))).toBe(single.pageCount)
	}
	// A range beyond the document is the answer.
	const beyond = await failure(runPdfOperation({ operation: 'pdf-to-text', files: [{ name: 'report.pdf', data }], options: { pages: '125-140' }, via: 'api' }))
	expect(beyond).toMatchObject({ status: 400, details: { fields: { pages: expect.stringMatching(/beyond the last page/) } } })
})
