/**
 * The PDF converter through its API against the reference tools, in one run
 * on this machine, each pair taking turns (ours, then theirs, 3 times; the
 * medians compared):
 *
 * - merge 20 files of 200 pages: `qpdf --empty --pages … --`;
 * - split a 2,000-page document (the engine's limit) every 10 pages: `qpdf --split-pages=10`;
 * - rotate every page of that document: `qpdf --rotate=+90`;
 * - the text of a 200-page report (30 lines a page): `pdftotext`;
 * - 20 PNG photos (1200×900 RGB) and 20 JPEG photos → one PDF: `img2pdf`
 *   (Debian's `img2pdf` package; only the benchmark needs it);
 * - 100 MB of input (four 24 MB PDFs of pictures, merged): the server's peak
 *   resident set against 1 GB, and what the merge adds to the idle server.
 *
 * Ours is the production server (started here, embedded database), warmed
 * up with one run of each operation: `POST /api/convert/upload` with the
 * files, then `GET` of the stored result, the time a user waits for the
 * file. The server's peak RSS is sampled every 10 ms (its worker threads
 * are in the process); the references' from /usr/bin/time -v.
 *
 * Targets (issue 14): merge, split and rotate within 2× qpdf; text within
 * 4× pdftotext; pictures within 2× img2pdf; under 1 GB for 100 MB of input.
 *
 * Run alone: npx tsx scripts/bench/pdf.ts
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { createCanvas } from '@napi-rs/canvas'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { type BenchRow } from './rows.ts'
import { loadAverage, median, megabytes, rssKB, sampleRss, seconds, startServer, timeCommand } from './server.ts'

const RUNS = 3
const SECTION = 'PDF (API)'

/** Photo-like pixels: gradients and noise, so they compress like a photo rather than a flat drawing. */
function photoPixels(width: number, height: number, seed: number, channels: 3 | 4): Uint8Array {
	const pixels = new Uint8Array(width * height * channels)
	let state = seed
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			state = (state * 1103515245 + 12345) & 0x7fffffff
			const noise = (state >> 16) & 31
			const at = (y * width + x) * channels
			pixels[at] = ((x * 255) / width + noise) & 255
			pixels[at + 1] = ((y * 255) / height + noise) & 255
			pixels[at + 2] = ((x + y + seed * 40) & 255) ^ noise
			if (channels === 4) pixels[at + 3] = 255
		}
	}
	return pixels
}

function photoPng(width: number, height: number, seed: number): Uint8Array {
	const pixels = photoPixels(width, height, seed, 3)
	const raw = Buffer.alloc((width * 3 + 1) * height)
	for (let y = 0; y < height; y++) Buffer.from(pixels.subarray(y * width * 3, (y + 1) * width * 3)).copy(raw, y * (width * 3 + 1) + 1)
	const chunk = (type: string, data: Uint8Array) => {
		const out = Buffer.alloc(12 + data.length)
		out.writeUInt32BE(data.length, 0)
		out.write(type, 4, 'latin1')
		Buffer.from(data).copy(out, 8)
		out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
		return out
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([8, 2, 0, 0, 0], 8)
	return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))])
}

async function photoJpeg(width: number, height: number, seed: number): Promise<Uint8Array> {
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	const image = context.createImageData(width, height)
	image.data.set(photoPixels(width, height, seed, 4))
	context.putImageData(image, 0, 0)
	return new Uint8Array(await canvas.encode('jpeg', 85))
}

/** A PDF of `pages` pages, each one picture of incompressible pixels stored as they are: about `pages` × 1.2 MB. */
export async function picturePdf(pages: number, seed: number): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	let state = seed
	for (let index = 0; index < pages; index++) {
		const pixels = new Uint8Array(640 * 640 * 3)
		for (let i = 0; i < pixels.length; i++) {
			state = (state * 1103515245 + 12345) & 0x7fffffff
			pixels[i] = state >> 16
		}
		const image = doc.context.register(doc.context.stream(pixels, { Type: 'XObject', Subtype: 'Image', Width: 640, Height: 640, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 }))
		const page = doc.addPage([480, 480])
		const name = page.node.newXObject('Im', image)
		page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(`q 480 0 0 480 0 0 cm /${name.asString().slice(1)} Do Q`)))
	}
	return doc.save({ useObjectStreams: false })
}

type Upload = { operation: string; files: ReadonlyArray<{ name: string; path: string; data: Uint8Array; type: string }>; fields?: Record<string, string> }

/** One API round: the upload, then the stored result downloaded. */
async function viaApi(url: string, { operation, files, fields = {} }: Upload): Promise<{ ms: number; bytes: number }> {
	const form = new FormData()
	form.set('operation', operation)
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	for (const file of files) form.append('files', new Blob([file.data as BlobPart], { type: file.type }), file.name)
	const started = performance.now()
	const response = await fetch(`${url}/api/convert/upload`, { method: 'POST', body: form })
	const body = (await response.json()) as { downloadUrl?: string; message?: string }
	if (response.status !== 201) throw new Error(`${operation}: ${response.status} ${body.message}`)
	const result = await fetch(`${url}${body.downloadUrl}`)
	const bytes = (await result.arrayBuffer()).byteLength
	return { ms: performance.now() - started, bytes }
}

export async function run(): Promise<Array<BenchRow>> {
	for (const [tool, pkg] of [['qpdf', 'qpdf'], ['pdftotext', 'poppler-utils'], ['img2pdf', 'img2pdf']]) {
		if (spawnSync(tool!, ['--version']).error) throw new Error(`${tool} is not installed: apt-get install ${pkg}`)
	}
	if (!existsSync('/usr/bin/time')) throw new Error('needs /usr/bin/time (apt-get install time)')
	const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pdf-'))
	const server = await startServer(path.join(dir, 'data'), { TOOL_TIMEOUT_MS: '120000' })
	const pid = server.child.pid!
	const rows: Array<BenchRow> = []
	const save = async (name: string, data: Uint8Array, type: string) => {
		const file = path.join(dir, name)
		await writeFile(file, data)
		return { name, path: file, data, type }
	}
	const out = (name: string) => path.join(dir, 'out', name)
	await mkdir(path.join(dir, 'out'))
	try {
		const compare = async (measure: string, upload: Upload, reference: string, args: ReadonlyArray<string>, limit: number) => {
			await viaApi(server.url, upload) // warm: the worker's libraries loaded, the code compiled
			const ours: Array<number> = []
			const theirs: Array<number> = []
			const sampler = sampleRss(pid)
			let referenceKB = 0
			for (let round = 0; round < RUNS; round++) {
				ours.push((await viaApi(server.url, upload)).ms)
				const timed = await timeCommand(reference, args)
				theirs.push(timed.ms)
				referenceKB = Math.max(referenceKB, timed.rssKB)
			}
			const peakKB = sampler.stop()
			const ratio = median(ours) / median(theirs)
			console.log(
				`${measure}: ours ${ours.map(seconds).join(', ')} (server peak RSS ${megabytes(peakKB)}); ${reference} ${theirs.map(seconds).join(', ')} (peak RSS ${megabytes(referenceKB)}): ${ratio.toFixed(2)}× [load ${loadAverage()}]`,
			)
			rows.push({ section: SECTION, measure, ours: seconds(median(ours)), reference: `${seconds(median(theirs))} ${reference}`, ratio, target: `≤ ${limit}× ${reference}`, met: ratio <= limit })
		}

		// Merge 20 × 200 pages.
		const parts = []
		for (let index = 0; index < 20; index++) {
			parts.push(await save(`part-${index + 1}.pdf`, await textPdf({ pages: 200, text: (page, total) => `File ${index + 1}, page ${page} of ${total}: the quick brown fox jumps over the lazy dog.` }), 'application/pdf'))
		}
		await compare('merge 20 × 200 pages', { operation: 'merge', files: parts }, 'qpdf', ['--empty', '--pages', ...parts.map((file) => file.path), '--', out('merged.pdf')], 2)

		// A 2,000-page book (the engine's limit for one document), split every 10 pages and rotated.
		const book = await save('book.pdf', await textPdf({ pages: 2000, text: (page, total) => `Chapter ${Math.ceil(page / 20)}, page ${page} of ${total}.` }), 'application/pdf')
		await compare('split 2,000 pages every 10', { operation: 'split', files: [book], fields: { every: '10' } }, 'qpdf', ['--split-pages=10', book.path, out('book-%d.pdf')], 2)
		await compare('rotate 2,000 pages', { operation: 'rotate', files: [book], fields: { angle: '90' } }, 'qpdf', [book.path, '--rotate=+90', out('rotated.pdf')], 2)

		// Text of 200 pages: a report, 30 lines a page, one shared font.
		const line = 'Quarterly figures rose in every region while costs held steady, the board noted in its review.'
		const report = await save('report.pdf', await textPdf({ pages: 200, text: (page) => Array.from({ length: 30 }, (_, index) => `${page}.${index + 1} ${line}`).join('\n') }), 'application/pdf')
		await compare('text of 200 pages', { operation: 'pdf-to-text', files: [report] }, 'pdftotext', [report.path, out('report.txt')], 4)

		// 20 PNGs and 20 JPEGs → PDF.
		const pngs = []
		const jpegs = []
		for (let index = 0; index < 20; index++) {
			pngs.push(await save(`photo-${index + 1}.png`, photoPng(1200, 900, index + 1), 'image/png'))
			jpegs.push(await save(`photo-${index + 1}.jpg`, await photoJpeg(1200, 900, index + 1), 'image/jpeg'))
		}
		await compare('20 PNGs (1200×900) → PDF', { operation: 'images-to-pdf', files: pngs }, 'img2pdf', [...pngs.map((file) => file.path), '-o', out('png.pdf')], 2)
		await compare('20 JPEGs (1200×900) → PDF', { operation: 'images-to-pdf', files: jpegs }, 'img2pdf', [...jpegs.map((file) => file.path), '-o', out('jpeg.pdf')], 2)

		// 100 MB of input: four 24 MB PDFs of pictures, merged, on a server of its own (warmed by one
		// small merge), so the figure is not the high-water mark the runs above left.
		const big = []
		for (let index = 0; index < 4; index++) big.push(await save(`pictures-${index + 1}.pdf`, await picturePdf(20, index + 1), 'application/pdf'))
		const inputMb = big.reduce((sum, file) => sum + file.data.byteLength, 0) / 1024 / 1024
		const fresh = await startServer(path.join(dir, 'data-memory'), { TOOL_TIMEOUT_MS: '120000' })
		try {
			const freshPid = fresh.child.pid!
			await viaApi(fresh.url, { operation: 'merge', files: parts.slice(0, 2) })
			const idleKB = rssKB(freshPid)
			const sampler = sampleRss(freshPid)
			const merged = await viaApi(fresh.url, { operation: 'merge', files: big })
			const peakKB = sampler.stop()
			const qpdf = await timeCommand('qpdf', ['--empty', '--pages', ...big.map((file) => file.path), '--', out('big.pdf')])
			console.log(
				`merge of ${inputMb.toFixed(0)} MB (4 files): ours ${seconds(merged.ms)}, server RSS ${megabytes(idleKB)} idle, ${megabytes(peakKB)} peak; qpdf ${seconds(qpdf.ms)}, ${megabytes(qpdf.rssKB)} [load ${loadAverage()}]`,
			)
			rows.push({ section: SECTION, measure: `${inputMb.toFixed(0)} MB of input merged: time`, ours: seconds(merged.ms), reference: `${seconds(qpdf.ms)} qpdf`, ratio: merged.ms / qpdf.ms, target: 'report', met: null })
			rows.push({ section: SECTION, measure: `${inputMb.toFixed(0)} MB of input merged: server peak RSS`, ours: megabytes(peakKB), reference: '1024 MB', ratio: peakKB / 1024 / 1024, target: '< 1 GB', met: peakKB < 1024 * 1024 })
			rows.push({ section: SECTION, measure: `${inputMb.toFixed(0)} MB of input merged: RSS added to the idle server`, ours: megabytes(peakKB - idleKB), reference: `${megabytes(qpdf.rssKB)} qpdf`, ratio: (peakKB - idleKB) / qpdf.rssKB, target: 'report', met: null })
		} finally {
			await fresh.stop()
		}
		console.log(`(qpdf ${spawnSync('qpdf', ['--version']).stdout.toString().split('\n')[0]})`)
	} finally {
		await server.stop()
		await rm(dir, { recursive: true, force: true })
	}
	return rows
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	for (const row of await run()) console.log(row)
}
