/**
 * `npm run bench` (second part): the tool cores against the reference tools
 * of the field, measured in one run on this machine: jq and Node's own
 * JSON.parse + JSON.stringify for the JSON formatter, the esbuild and
 * lightningcss CLIs for the minifier (the cores, and through the server's
 * tool API with curl against the CLIs; in Chromium, a first 1 KB minify
 * with the engine warmed against one without), Node's Buffer for Base64 (and the
 * browser's worker path in Chromium), pandoc for Markdown → DOCX (through the
 * server's API), and qpdf, pdftotext and img2pdf for the PDF converter
 * (through its API), and the PDF viewer's page in Chromium against pdf.js's
 * own viewer components on a bare page (time to the first page, page weight,
 * memory after scrolling 200 pages), and the server's own memory and start-up
 * time on an empty and an existing data directory, the server's worst event-loop
 * stall on hostile request bodies, and the conversion queue (jobs per second
 * with 1 and 2 workers, page latency while they are busy, the job processes'
 * memory, the queue's overhead on PGlite and PostgreSQL). Prints figures;
 * never fails on them.
 *
 * Each section lives in scripts/bench/<tool>.ts and returns rows; run one
 * alone with `npx tsx scripts/bench/<tool>.ts`.
 */
import { type BenchRow } from './bench/rows.ts'

const sections: Array<[string, () => Promise<{ run: () => Promise<Array<BenchRow>> }>]> = [
	['JSON formatter', () => import('./bench/json-formatter.ts')],
	['Minify', () => import('./bench/minify.ts')],
	['Minify in the browser', () => import('./bench/minify-browser.ts')],
	['Tool API', () => import('./bench/tool-api.ts')],
	['Base64', () => import('./bench/base64.ts')],
	['Base64 in the browser', () => import('./bench/base64-browser.ts')],
	['Markdown → DOCX', () => import('./bench/md-to-docx.ts')],
	['PDF', () => import('./bench/pdf.ts')],
	['PDF viewer', () => import('./bench/pdf-viewer.ts')],
	['Memory and start-up', () => import('./bench/memory.ts')],
	['Event loop under hostile bodies', () => import('./bench/event-loop.ts')],
	['Jobs', () => import('./bench/jobs.ts')],
	['Lighthouse', () => import('./bench/lighthouse.ts')],
]

const only = process.argv.slice(2)
const rows: Array<BenchRow> = []
for (const [name, load] of sections) {
	if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue
	console.log(`\n=== ${name} ===`)
	try {
		rows.push(...(await (await load()).run()))
	} catch (error) {
		console.error(`${name}: the benchmark could not run: ${error instanceof Error ? error.message : String(error)}`)
		rows.push({ section: name, measure: 'could not run', ours: '-', reference: '-', ratio: null, target: '-', met: null })
	}
}

const table = [['Section', 'Measure', 'Ours', 'Reference', 'Ratio', 'Target', 'Meets']]
for (const row of rows) {
	table.push([row.section, row.measure, row.ours, row.reference, row.ratio === null ? '-' : `${row.ratio.toFixed(2)}×`, row.target, row.met === null ? '' : row.met ? 'yes' : 'NO'])
}
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)))
const line = (row: Array<string>) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
console.log('\n=== Summary (tool cores) ===')
console.log(line(table[0]!))
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
for (const row of table.slice(1)) console.log(line(row))
