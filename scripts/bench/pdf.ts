/**
 * The PDF engine against the reference tools, on this machine:
 *
 * - merge 20 files of 200 pages each: ours vs `qpdf --empty --pages … --`;
 * - the text of a 200-page report (30 lines a page, one shared font): ours
 *   (pdf.js) vs `pdftotext`;
 * - 20 PNG photos (1200×900 RGB, no alpha) → one PDF: ours vs `img2pdf`
 *   (Debian's `img2pdf` package: `apt-get install img2pdf`; the benchmark
 *   only, no test needs it).
 *
 * The routes do not exist yet, so ours is the engine called in-process
 * (`runPdfEngine`, what the worker pool's job runs), warmed up once; its peak
 * memory is this process's resident set sampled every 10 ms during the
 * runs. The references are whole processes, their peak RSS from
 * /usr/bin/time -v when it is installed. Times are medians of 3 runs.
 * Target (issue 14): images → PDF within 2× of img2pdf.
 *
 * Run alone: npx tsx scripts/bench/pdf.ts
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { runPdfEngine } from '#app/tools/pdf-converter/engine.server.ts'
import { type PdfInputFile } from '#app/tools/pdf-converter/options.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { type BenchRow } from './rows.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const RUNS = 3

function median(values: Array<number>): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

/** A photo-like RGB PNG: gradients and noise, so it compresses like a photo rather than a flat drawing. */
function photoPng(width: number, height: number, seed: number): Uint8Array {
	const raw = Buffer.alloc((width * 3 + 1) * height)
	let state = seed
	for (let y = 0; y < height; y++) {
		const row = y * (width * 3 + 1)
		raw[row] = 0
		for (let x = 0; x < width; x++) {
			state = (state * 1103515245 + 12345) & 0x7fffffff
			const noise = (state >> 16) & 31
			const at = row + 1 + x * 3
			raw[at] = ((x * 255) / width + noise) & 255
			raw[at + 1] = ((y * 255) / height + noise) & 255
			raw[at + 2] = ((x + y + seed * 40) & 255) ^ noise
		}
	}
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

/** Time and peak RSS of this process while `work` runs. */
async function measureOurs(work: () => Promise<unknown>): Promise<{ ms: number; peakMb: number }> {
	await work() // warm-up: libraries loaded, code compiled
	const times: Array<number> = []
	let peak = process.memoryUsage().rss
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
	for (let run = 0; run < RUNS; run++) {
		const started = performance.now()
		await work()
		times.push(performance.now() - started)
	}
	clearInterval(sampler)
	return { ms: median(times), peakMb: peak / 1024 / 1024 }
}

function measureTool(command: string, args: Array<string>): { ms: number; peakMb: number | null } {
	const times: Array<number> = []
	let peakMb: number | null = null
	const timed = existsSync('/usr/bin/time')
	for (let run = 0; run < RUNS; run++) {
		const started = performance.now()
		const result = timed ? spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }) : spawnSync(command, args, { maxBuffer: 512 * 1024 * 1024 })
		times.push(performance.now() - started)
		if (result.status !== 0) throw new Error(`${command} failed: ${String(result.stderr).slice(0, 300)}`)
		const rss = timed ? /Maximum resident set size \(kbytes\): (\d+)/.exec(String(result.stderr)) : null
		if (rss) peakMb = Math.max(peakMb ?? 0, Number(rss[1]) / 1024)
	}
	return { ms: median(times), peakMb }
}

function need(tool: string, pkg: string) {
	if (spawnSync(tool, ['--version']).error) throw new Error(`${tool} is not installed: apt-get install ${pkg}`)
}

export async function run(): Promise<Array<BenchRow>> {
	need('qpdf', 'qpdf')
	need('pdftotext', 'poppler-utils')
	need('img2pdf', 'img2pdf')
	const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pdf-'))
	const rows: Array<BenchRow> = []
	const mb = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} MB`)
	const row = (measure: string, ours: { ms: number; peakMb: number }, theirs: { ms: number; peakMb: number | null }, reference: string, target: string, limit: number | null) => {
		const ratio = ours.ms / theirs.ms
		console.log(`${measure}: ours ${ours.ms.toFixed(0)} ms (peak RSS ${mb(ours.peakMb)}), ${reference} ${theirs.ms.toFixed(0)} ms (peak RSS ${mb(theirs.peakMb)}): ${ratio.toFixed(2)}×`)
		rows.push({ section: 'PDF (in-process)', measure, ours: `${ours.ms.toFixed(0)} ms`, reference: `${theirs.ms.toFixed(0)} ms ${reference}`, ratio, target, met: limit === null ? null : ratio <= limit })
		rows.push({ section: 'PDF (in-process)', measure: `${measure}: peak RSS`, ours: mb(ours.peakMb), reference: mb(theirs.peakMb), ratio: theirs.peakMb ? ours.peakMb / theirs.peakMb : null, target: 'report', met: null })
	}
	try {
		// 1. Merge 20 × 200 pages.
		const files: Array<PdfInputFile> = []
		for (let index = 0; index < 20; index++) {
			const data = await textPdf({ pages: 200, text: (page, total) => `File ${index + 1}, page ${page} of ${total}: the quick brown fox jumps over the lazy dog.` })
			const name = path.join(dir, `part-${index + 1}.pdf`)
			await writeFile(name, data)
			files.push({ name, data })
		}
		const merge = await measureOurs(() => runPdfEngine({ operation: 'merge', files }))
		row('merge 20 × 200 pages', merge, measureTool('qpdf', ['--empty', '--pages', ...files.map((file) => file.name), '--', path.join(dir, 'qpdf-merged.pdf')]), 'qpdf', 'report', null)

		// 2. Text of 200 pages: a report, 30 lines a page, one shared font.
		const line = 'Quarterly figures rose in every region while costs held steady, the board noted in its review.'
		const long = await textPdf({ pages: 200, text: (page) => Array.from({ length: 30 }, (_, index) => `${page}.${index + 1} ${line}`).join('\n') })
		const longFile = path.join(dir, 'long.pdf')
		await writeFile(longFile, long)
		const text = await measureOurs(() => runPdfEngine({ operation: 'pdf-to-text', files: [{ name: 'long.pdf', data: long }] }))
		row('text of 200 pages', text, measureTool('pdftotext', [longFile, path.join(dir, 'long.txt')]), 'pdftotext', 'report', null)

		// 3. 20 PNGs → PDF.
		const pngs: Array<PdfInputFile> = []
		for (let index = 0; index < 20; index++) {
			const name = path.join(dir, `photo-${index + 1}.png`)
			const data = photoPng(1200, 900, index + 1)
			await writeFile(name, data)
			pngs.push({ name, data })
		}
		const images = await measureOurs(() => runPdfEngine({ operation: 'images-to-pdf', files: pngs }))
		row('20 PNGs (1200×900) → PDF', images, measureTool('img2pdf', [...pngs.map((file) => file.name), '-o', path.join(dir, 'img2pdf.pdf')]), 'img2pdf', '≤ 2× img2pdf', 2)
		console.log(`(inputs: ${(files.reduce((sum, file) => sum + file.data.length, 0) / 1e6).toFixed(1)} MB of PDFs to merge, ${(long.length / 1e6).toFixed(1)} MB report, ${(pngs.reduce((sum, file) => sum + file.data.length, 0) / 1e6).toFixed(1)} MB of PNGs; qpdf ${execFileSync('qpdf', ['--version']).toString().split('\n')[0]})`)
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
	return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
	for (const row of await run()) console.log(row)
}
