/**
 * Hostile and broken PDFs (SECURITY.md J3–J5, J9): each is a catalogue error
 * within a moment, through both readers the engine uses (pdf-lib for page
 * work, pdf.js for text and images), never a hang or a crash.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, expect, test } from 'vitest'
import { type AppError } from '#app/utils/errors.ts'
import { runPdfEngine } from './engine.server.ts'
import { type PdfInputFile, type PdfOperation } from './options.ts'
import { qpdfEncrypt, requireTool } from './pdf-readers.server.ts'
import { deepNesting, loopingPageTree, manyPages, textPdf, truncated } from './test-pdfs.ts'

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus')

let good: Uint8Array
const hostile: Record<string, { data: () => Uint8Array; status: number; message: RegExp }> = {
	'a page tree that loops': { data: loopingPageTree, status: 422, message: /damaged/ },
	"pdf.js's Pages-tree-refs.pdf (a page listed twice)": { data: () => new Uint8Array(fs.readFileSync(path.join(corpus, 'Pages-tree-refs.pdf'))), status: 422, message: /damaged/ },
	'200,000 declared pages': { data: () => manyPages(200_000), status: 422, message: /too many pages: "hostile.pdf" has 200000 \(limit 2000\)/ },
	'an array nested 100,000 deep': { data: () => deepNesting(100_000), status: 422, message: /damaged/ },
	'0 bytes': { data: () => new Uint8Array(), status: 422, message: /damaged.*empty/ },
	'a truncated file': { data: () => truncated(good), status: 422, message: /damaged.*truncated/ },
	'%PDF- and nothing else': { data: () => new TextEncoder().encode('%PDF-1.7\n%%EOF\n'), status: 422, message: /damaged/ },
	'a PNG named .pdf': { data: () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), status: 415, message: /is not a PDF/ },
	'encrypted with a user password': { data: () => qpdfEncrypt(good, { user: 'secret', owner: 'owner' }), status: 422, message: /password-protected/ },
}

beforeAll(async () => {
	requireTool('qpdf')
	good = await textPdf({ pages: 3 })
})

async function outcome(operation: PdfOperation, file: PdfInputFile, options: Record<string, unknown> = {}) {
	try {
		await runPdfEngine({ operation, files: [file], options })
		return { status: 200, message: 'ok', error: null }
	} catch (error) {
		const appError = error as AppError
		return { status: appError.status, message: appError.message, error: appError }
	}
}

// No clock (speed is in `npm run bench`): the suite's test timeout is the hang guard.
test.each(Object.entries(hostile))('%s: a catalogue error, with pdf-lib and with pdf.js', async (_name, { data, status, message }) => {
	const file = { name: 'hostile.pdf', data: data() }
	for (const operation of ['rotate', 'merge', 'pdf-to-text', 'pdf-to-images'] as const) {
		const files = operation === 'merge' ? [{ name: 'fine.pdf', data: good }, file] : [file]
		const result = await runPdfEngine({ operation, files, options: operation === 'rotate' ? { angle: 90 } : {} }).then(
			() => ({ status: 200, message: 'accepted' }),
			(error: AppError) => ({ status: error.status, message: error.message, code: error.code }),
		)
		expect(result, operation).toMatchObject({ status, message: expect.stringMatching(message) })
	}
})

test('a file restricted by an owner password only is worked on (issue 29), saying its restrictions were not kept', async () => {
	const ownerOnly = { name: 'locked.pdf', data: qpdfEncrypt(good, { user: '', owner: 'owner' }) }
	for (const [operation, options] of [['rotate', { angle: 90 }], ['pdf-to-text', {}]] as const) {
		const output = await runPdfEngine({ operation, files: [ownerOnly], options })
		expect(output.notes?.join(' '), operation).toMatch(/"locked\.pdf" (had restrictions set by its owner|was encrypted by its owner)/)
	}
	// A user password still has to be given.
	const result = await outcome('rotate', { name: 'locked.pdf', data: qpdfEncrypt(good, { user: 'secret', owner: 'owner' }) }, { angle: 90 })
	expect(result.status).toBe(422)
	expect(result.message).toMatch(/^This PDF is password-protected/)
	expect(result.error?.details).toMatchObject({ reason: 'encrypted' })
})

test('a page count under the cap but a merge over the total is refused before copying', async () => {
	const big = { name: 'big.pdf', data: await textPdf({ pages: 1_500 }) }
	const stages: Array<string> = []
	const error = await runPdfEngine({ operation: 'merge', files: [big, big, big], progress: ({ stage }) => stages.push(stage) }).catch((thrown: AppError) => thrown)
	expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/more than 4000 by the 3rd file/) })
	// Before copying: the merge never reached its copying stage (a count of the work done, not a clock).
	expect(stages).toContain('Reading the files')
	expect(stages).not.toContain('Merging')
})
