/**
 * The PDF converter's viewer (`/tools/pdf-converter?mode=edit`) in Chromium
 * against pdf.js's own viewer components, in one run on this machine, with a
 * 200-page document of text (30 lines a page):
 *
 * - time to the first page: from Playwright's setInputFiles to
 *   `data-first-page-rendered="true"` on `[data-testid="pdf-viewer"]` (the
 *   page sets it on pdf.js's `pagerendered` for page 1), cold (a new browser
 *   context, empty HTTP cache) and warm (a new page in a context that has
 *   opened the document before), the runs taking turns (ours, reference,
 *   ours, …), medians compared;
 * - page weight: the bytes on the wire (compressed response bodies, as
 *   Chromium's network stack counted them, or the page's resource timing for
 *   a worker's script, which CDP reports without a size; the first cold
 *   run) for loading the page until its file input is ready (our page loads
 *   pdf.js and the viewer when the mode opens), then for opening the
 *   document, by kind: JavaScript, the pdf.js worker, wasm, CSS, the rest
 *   (HTML, fonts, pictures, cmaps); the viewer's own files (what edit mode
 *   loads and Convert mode does not); and the Convert mode
 *   (`/tools/pdf-converter`) page load, to show that none of them comes
 *   with it;
 * - memory: a fresh page opens the document and scrolls its container page
 *   by page to the end, waiting for each page to be drawn (pdf.js's
 *   `data-loaded="true"` and its rendering finished); then, after a garbage
 *   collection, the main thread's JS heap (CDP Performance.getMetrics,
 *   JSHeapUsedSize; the pdf.js worker's heap is not in it) and the resident
 *   set of the tab's renderer process (CDP SystemInfo.getProcessInfo for the
 *   pids, /proc for the RSS; the worker's memory is in it).
 *
 * Ours: the production server (startServer: `npm start`'s server, built first
 * when the build is missing or older than the sources). Reference: a page of
 * our own (./pdf-viewer-reference.html) wiring EventBus → PDFLinkService →
 * PDFViewer from pdfjs-dist, served with pdfjs-dist's files by a small
 * node:http server here, compressed as ours are (Brotli 11 / gzip 9, chosen
 * by Accept-Encoding) and cached alike (immutable). pdfjs-dist ships
 * pdf.min.mjs and pdf.worker.min.mjs but no minified pdf_viewer.mjs: it is
 * minified here with esbuild so that the comparison is of code, not of
 * whitespace. The reference's scroller is given the size of ours (measured
 * in our first run), so that both draw pages of one size at "page-width". pdf.js's full "generic viewer" (web/viewer.html with its
 * toolbar, sidebar and find bar) is not in pdfjs-dist and cannot be built
 * here offline, so it is not the reference.
 *
 * Each side has its own Chromium (CHROMIUM_PATH, default /usr/bin/chromium),
 * so that the tab's renderer is told apart. Figures only: a run that fails
 * is told in its row ("median of 2; 1 run(s) failed: …") and the others go
 * on; a measure with no figure prints "failed: reason"; the run throws (a
 * non-zero exit alone) only when the harness itself cannot run (no browser,
 * no pdfjs-dist), and `npm run bench` then prints "could not run" for it.
 *
 * Run alone: npx tsx scripts/bench/pdf-viewer.ts
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { transform } from 'esbuild'
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { type BenchRow } from './rows.ts'
import { loadAverage, median, root, rssKB, startServer, type BenchServer } from './server.ts'

const SECTION = 'PDF viewer'
const PAGES = 200
const COLD_RUNS = 3
const WARM_RUNS = 4
const OPEN_TIMEOUT_MS = 30_000
/** A side stops after this many failed runs, or after 2 when none has succeeded (the page cannot work). */
const MAX_FAILURES = 4
const PAGE_TIMEOUT_MS = 30_000
const OUR_PATH = '/tools/pdf-converter'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

const VIEWER = '[data-testid="pdf-viewer"]'
const INPUT = 'input[type=file][data-testid="pdf-viewer-input"]'
const CONTAINER = '[data-testid="pdf-viewer-container"]'

// ---------------------------------------------------------------------------
// The reference's server
// ---------------------------------------------------------------------------

const pdfjsRoot = path.join(root, 'node_modules/pdfjs-dist')
const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json; charset=utf-8',
	'.wasm': 'application/wasm',
	'.png': 'image/png',
	'.gif': 'image/gif',
}
/** What scripts/compress-assets.js compresses for our server. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|wasm)$/

type Body = { raw: Buffer; br?: Buffer; gz?: Buffer; type: string }

/** The reference page and pdfjs-dist's files (build/, web/, cmaps/, standard_fonts/, wasm/ under /pdfjs/). */
async function startReferenceServer(): Promise<{ url: string; stop(): Promise<void>; notes: Array<string> }> {
	const bodies = new Map<string, Body>()
	const compress = (raw: Buffer, type: string, name: string): Body =>
		COMPRESSIBLE.test(name)
			? {
					raw,
					type,
					br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
					gz: zlib.gzipSync(raw, { level: 9 }),
				}
			: { raw, type }
	// pdf_viewer.mjs is shipped unminified: minify it as a bundler would.
	const viewerSource = await readFile(path.join(pdfjsRoot, 'web/pdf_viewer.mjs'), 'utf8')
	const minified = await transform(viewerSource, { minify: true, format: 'esm', target: 'es2022', loader: 'js' })
	bodies.set('/pdfjs/web/pdf_viewer.min.mjs', compress(Buffer.from(minified.code), TYPES['.mjs']!, 'pdf_viewer.min.mjs'))
	// The big files compressed before any measurement.
	for (const file of ['build/pdf.min.mjs', 'build/pdf.worker.min.mjs', 'web/pdf_viewer.css']) {
		bodies.set(`/pdfjs/${file}`, compress(await readFile(path.join(pdfjsRoot, file)), TYPES[path.extname(file)]!, file))
	}
	bodies.set('/', compress(await readFile(path.join(root, 'scripts/bench/pdf-viewer-reference.html')), TYPES['.html']!, 'index.html'))
	const version = (JSON.parse(readFileSync(path.join(pdfjsRoot, 'package.json'), 'utf8')) as { version: string }).version
	const notes = [
		`reference: pdfjs-dist ${version} — build/pdf.min.mjs, build/pdf.worker.min.mjs, web/pdf_viewer.mjs minified here by esbuild (${kb(Buffer.byteLength(viewerSource))} → ${kb(minified.code.length)} before compression), web/pdf_viewer.css`,
	]

	const allowed = /^\/pdfjs\/(build|web|cmaps|standard_fonts|wasm)\/[\w./-]+$/
	const server = http.createServer((req, res) => {
		const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
		let body = bodies.get(pathname)
		if (!body && allowed.test(pathname) && !pathname.includes('..')) {
			const file = path.join(pdfjsRoot, pathname.slice('/pdfjs/'.length))
			try {
				body = compress(readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream', file)
				bodies.set(pathname, body)
			} catch {
				// not there: 404 below
			}
		}
		if (!body || (req.method !== 'GET' && req.method !== 'HEAD')) {
			res.writeHead(body ? 405 : 404, { 'Content-Type': 'text/plain' }).end(body ? 'method not allowed' : 'not found')
			return
		}
		const accepted = String(req.headers['accept-encoding'] ?? '')
		const encoding = body.br && /\bbr\b/.test(accepted) ? 'br' : body.gz && /\bgzip\b/.test(accepted) ? 'gzip' : null
		const data = encoding === 'br' ? body.br! : encoding === 'gzip' ? body.gz! : body.raw
		res.writeHead(200, {
			'Content-Type': body.type,
			'Content-Length': String(data.length),
			'Cache-Control': pathname === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
			Vary: 'Accept-Encoding',
			...(encoding ? { 'Content-Encoding': encoding } : {}),
		})
		res.end(req.method === 'HEAD' ? undefined : data)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', resolve)
	})
	const { port } = server.address() as import('node:net').AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		notes,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

// ---------------------------------------------------------------------------
// Measuring one page
// ---------------------------------------------------------------------------

type Kind = 'js' | 'worker' | 'wasm' | 'css' | 'other'
type File = { url: string; pathname: string; kind: Kind; bytes: number }
type Weight = Record<Kind, number> & { total: number; requests: number; files: Array<File> }
const emptyWeight = (): Weight => ({ js: 0, worker: 0, wasm: 0, css: 0, other: 0, total: 0, requests: 0, files: [] })

function kindOf(url: string, contentType: string): Kind {
	const { pathname } = new URL(url)
	if (/pdf[._-]?worker/i.test(pathname)) return 'worker'
	if (/\.wasm$/.test(pathname) || contentType.includes('wasm')) return 'wasm'
	if (/\.m?js$/.test(pathname) || contentType.includes('javascript')) return 'js'
	if (/\.css$/.test(pathname) || contentType.includes('text/css')) return 'css'
	return 'other'
}

/** The bytes each request of a page brought (compressed bodies), by the phase it started in. */
function recordNetwork(page: Page) {
	let phase: 'load' | 'open' = 'load'
	const phases = new Map<Request, 'load' | 'open'>()
	const pending: Array<Promise<void>> = []
	const weights = { load: emptyWeight(), open: emptyWeight() }
	const acceptEncodings = new Set<string>()
	const uncompressed: Array<string> = []
	const unsized: Array<{ url: string; accept: string; count: (bytes: number) => void }> = []
	const add = (weight: Weight, file: File, bytes: number) => {
		file.bytes = bytes
		weight[file.kind] += bytes
		weight.total += bytes
	}
	let inFlight = 0
	let lastActivity = performance.now()
	const settle = (request: Request) => {
		if (!phases.has(request)) return
		inFlight--
		lastActivity = performance.now()
		pending.push(
			(async () => {
				const response = await request.response().catch(() => null)
				if (!response) return
				const sizes = await request.sizes().catch(() => null)
				const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>)
				const weight = weights[phases.get(request)!]
				const kind = kindOf(request.url(), headers['content-type'] ?? '')
				const accept = (await request.allHeaders().catch(() => ({}) as Record<string, string>))['accept-encoding'] ?? ''
				if (accept) acceptEncodings.add(accept)
				const bytes = Math.max(0, sizes?.responseBodySize ?? 0)
				const entry: File = { url: request.url(), pathname: new URL(request.url()).pathname, kind, bytes }
				// Chromium reports no body size for a worker's script: see below.
				if (bytes === 0 && response.status() === 200 && request.method() === 'GET') unsized.push({ url: request.url(), accept, count: (size) => add(weight, entry, size) })
				add(weight, entry, bytes)
				weight.requests++
				weight.files.push(entry)
				if (kind !== 'other' && !headers['content-encoding'] && (bytes > 1024 || bytes === 0)) uncompressed.push(new URL(request.url()).pathname)
			})(),
		)
	}
	page.on('request', (request) => {
		if (!/^https?:/.test(request.url())) return
		phases.set(request, phase)
		inFlight++
		lastActivity = performance.now()
	})
	page.on('requestfinished', settle)
	page.on('requestfailed', settle)
	return {
		weights,
		acceptEncodings,
		uncompressed,
		startOpening: () => void (phase = 'open'),
		/** Resolves once no request has been in flight for `quietMs` (at most `maxMs`). */
		async quiet(quietMs = 500, maxMs = 15_000) {
			const deadline = performance.now() + maxMs
			while (performance.now() < deadline && (inFlight > 0 || performance.now() - lastActivity < quietMs)) await sleep(50)
			await Promise.all(pending)
			pending.length = 0
			// Responses without a body size (a dedicated worker's script): the page's resource timing
			// has it (encodedBodySize; nothing when it came from the cache); failing that, the same
			// request again from here, with the same Accept-Encoding, its body counted as it came.
			if (unsized.length === 0) return
			const entries = new Map(
				(await page.evaluate(`performance.getEntriesByType('resource').map((entry) => [entry.name, entry.transferSize > 0 ? entry.encodedBodySize : 0])`)) as Array<[string, number]>,
			)
			for (const { url, accept, count } of unsized.splice(0)) count(entries.get(url) ?? (await bodyBytes(url, accept)))
		},
	}
}

/** The bytes of a GET's body as the server sends them (not decoded). */
function bodyBytes(url: string, acceptEncoding: string): Promise<number> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
				let bytes = 0
				response.on('data', (chunk: Buffer) => (bytes += chunk.length))
				response.on('end', () => resolve(bytes))
				response.on('error', reject)
			})
			.on('error', reject)
	})
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * In-page timestamps: the file input's change event and the attribute's
 * arrival. A string, not a function: tsx would add its `__name` helper to
 * the inner functions, and the page does not have it.
 */
const RECORDER = `(() => {
	document.addEventListener('change', (event) => {
		if (event.target instanceof HTMLInputElement && event.target.type === 'file') window.__benchChangeAt = performance.now()
	}, true)
	new MutationObserver((records) => {
		for (const record of records) {
			if (record.target.getAttribute('data-first-page-rendered') === 'true' && window.__benchRenderedAt === undefined) window.__benchRenderedAt = performance.now()
		}
	}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-first-page-rendered'] })
})()`

/** Ready for a file: the input is there and enabled, and the page's script is attached to it (React's props, or the reference's flag). */
const READY = `(() => {
	const input = document.querySelector(${JSON.stringify(INPUT)})
	return !!input && !input.disabled && (input.dataset.ready === 'true' || Object.keys(input).some((key) => key.startsWith('__reactProps')))
})()`

type Box = { width: number; height: number; canvas: string }
type Opened = { ms: number; inPageMs: number | null; pages: number; box: Box; load: Weight; open: Weight; acceptEncodings: Set<string>; uncompressed: Array<string> }

async function loadPage(page: Page, url: string, network: ReturnType<typeof recordNetwork>): Promise<void> {
	await page.addInitScript(RECORDER)
	const response = await page.goto(url, { waitUntil: 'load' })
	if (!response?.ok()) throw new Error(`GET ${new URL(url).pathname}${new URL(url).search}: ${response?.status() ?? 'no answer'}`)
	// Polled from here: page.waitForFunction would evaluate the expression with eval, which our CSP refuses.
	const deadline = performance.now() + 20_000
	while (!(await page.evaluate(READY))) {
		if (performance.now() > deadline) throw new Error(`no enabled ${INPUT} on the page after 20 s`)
		await sleep(50)
	}
	await network.quiet()
}

/** Chooses the file; answers once page 1 is drawn and the document is ready, with the time from setInputFiles to page 1. */
async function chooseFile(page: Page, file: string): Promise<{ ms: number; pages: number }> {
	const started = performance.now()
	await page.locator(INPUT).setInputFiles(file)
	try {
		await page.waitForSelector(`${VIEWER}[data-first-page-rendered="true"]`, { state: 'attached', timeout: OPEN_TIMEOUT_MS })
	} catch {
		const state = (await page.evaluate(DESCRIBE).catch(() => null)) as string | null
		throw new Error(`page 1 not rendered in ${OPEN_TIMEOUT_MS / 1000} s (data-state ${state ?? '?'})`)
	}
	const ms = performance.now() - started
	await page.waitForSelector(`${VIEWER}[data-state="ready"]`, { state: 'attached', timeout: OPEN_TIMEOUT_MS })
	const pages = Number(await page.locator(VIEWER).getAttribute('data-pages'))
	if (pages !== PAGES) throw new Error(`data-pages is ${pages}, expected ${PAGES}`)
	return { ms, pages }
}

/** The scroller's size (CSS pixels) and page 1's canvas (device pixels). */
const BOX = `(() => {
	const container = document.querySelector(${JSON.stringify(CONTAINER)})
	const canvas = document.querySelector('.pdfViewer .page[data-page-number="1"] canvas')
	return { width: container ? container.clientWidth : 0, height: container ? container.clientHeight : 0, canvas: canvas ? canvas.width + '×' + canvas.height : '?' }
})()`

/** The viewer's state and the start of its text, for an error message. */
const DESCRIBE = `(() => {
	const viewer = document.querySelector(${JSON.stringify(VIEWER)})
	if (!viewer) return 'absent'
	const first = document.querySelector('.pdfViewer .page[data-page-number="1"]')
	const drawn = document.querySelectorAll('.pdfViewer .page[data-loaded="true"]').length
	return viewer.getAttribute('data-state') + ', ' + document.querySelectorAll('.pdfViewer .page').length + ' page divs, ' + drawn + ' with data-loaded, page 1 ' +
		(first ? (first.className + (first.querySelector('canvas') ? ' with a canvas' : ' without a canvas')) : 'absent') + ', document ' + document.visibilityState
})()`

/** Loads the page, chooses the file, waits for page 1 to be drawn (and the network to be quiet again). */
async function openOnce(context: BrowserContext, url: string, file: string): Promise<Opened> {
	const page = await context.newPage()
	try {
		const network = recordNetwork(page)
		await loadPage(page, url, network)
		network.startOpening()
		const { ms, pages } = await chooseFile(page, file)
		const [changeAt, renderedAt] = (await page.evaluate('[window.__benchChangeAt, window.__benchRenderedAt]')) as [number | undefined, number | undefined]
		const box = (await page.evaluate(BOX)) as Box
		await network.quiet()
		return {
			ms,
			inPageMs: changeAt !== undefined && renderedAt !== undefined ? renderedAt - changeAt : null,
			pages,
			box,
			load: network.weights.load,
			open: network.weights.open,
			acceptEncodings: network.acceptEncodings,
			uncompressed: network.uncompressed,
		}
	} finally {
		await page.close()
	}
}

/** The Convert mode's page load (ours only). */
async function convertModeWeight(browser: Browser, url: string): Promise<Weight> {
	const context = await browser.newContext()
	try {
		const page = await context.newPage()
		const network = recordNetwork(page)
		const response = await page.goto(url, { waitUntil: 'load' })
		if (!response?.ok()) throw new Error(`GET ${OUR_PATH}: ${response?.status() ?? 'no answer'}`)
		await page.waitForSelector('[data-hydrated]', { state: 'attached', timeout: 20_000 }).catch(() => {})
		await network.quiet()
		return network.weights.load
	} finally {
		await context.close()
	}
}

/** Scrolls the viewer's container page by page, each page drawn before the next; answers the time taken. */
const SCROLL_THROUGH = `(async ({ container, pages, timeoutMs }) => {
	const scroller = document.querySelector(container)
	if (!scroller) throw new Error('no ' + container)
	const started = performance.now()
	for (let number = 1; number <= pages; number++) {
		const page = scroller.querySelector('.pdfViewer .page[data-page-number="' + number + '"]')
		if (!page) throw new Error('no page ' + number + ' in the viewer')
		scroller.scrollTop += page.getBoundingClientRect().top - scroller.getBoundingClientRect().top
		const until = performance.now() + timeoutMs
		while (page.getAttribute('data-loaded') !== 'true' || page.classList.contains('loadingIcon')) {
			if (performance.now() > until) throw new Error('page ' + number + ' not drawn in ' + timeoutMs / 1000 + ' s')
			await new Promise((resolve) => setTimeout(resolve, 5))
		}
	}
	return performance.now() - started
})`

type Memory = { scrollMs: number; heapBeforeGcKB: number; heapKB: number; rendererKB: number | null; renderers: Array<number>; atPageOne: { heapKB: number; rendererKB: number | null } }

/** The renderers' pids from the browser (CDP SystemInfo.getProcessInfo), their RSS from /proc; the largest is the tab's (this browser has one tab). */
async function renderersKB(browser: Browser): Promise<Array<number>> {
	try {
		const session = await browser.newBrowserCDPSession()
		try {
			const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> }
			return processInfo.filter((process) => process.type === 'renderer').map((process) => rssKB(process.id))
		} finally {
			await session.detach()
		}
	} catch (error) {
		console.log(`(renderer RSS unavailable: ${message(error)})`)
		return []
	}
}

async function memoryAfterScrolling(browser: Browser, url: string, file: string): Promise<Memory> {
	const context = await browser.newContext()
	try {
		const page = await context.newPage()
		const network = recordNetwork(page)
		await loadPage(page, url, network)
		await chooseFile(page, file)
		const cdp = await context.newCDPSession(page)
		await cdp.send('Performance.enable')
		const heap = async () => {
			const { metrics } = await cdp.send('Performance.getMetrics')
			return Math.round((metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 1024)
		}
		const largest = (sizes: Array<number>) => (sizes.length > 0 ? Math.max(...sizes) : null)
		await sleep(500)
		await cdp.send('HeapProfiler.collectGarbage')
		const atPageOne = { heapKB: await heap(), rendererKB: largest(await renderersKB(browser)) }
		const scrollMs = (await page.evaluate(`${SCROLL_THROUGH}(${JSON.stringify({ container: CONTAINER, pages: PAGES, timeoutMs: PAGE_TIMEOUT_MS })})`)) as number
		await sleep(500)
		const heapBeforeGcKB = await heap()
		await cdp.send('HeapProfiler.collectGarbage')
		const heapKB = await heap()
		const renderers = await renderersKB(browser)
		return { scrollMs, heapBeforeGcKB, heapKB, rendererKB: largest(renderers), renderers, atPageOne }
	} finally {
		await context.close()
	}
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`
const mb = (kbValue: number) => `${(kbValue / 1024).toFixed(1)} MB`

type Side = 'ours' | 'reference'
type Cell = { value: number; note?: string } | { failed: string }
type Line = { measure: string; cells: Record<Side, Cell | null>; format: (value: number) => string }

const showCell = (cell: Cell | null, format: (value: number) => string) =>
	cell === null ? '-' : 'failed' in cell ? `failed: ${cell.failed}` : `${format(cell.value)}${cell.note ? ` (${cell.note})` : ''}`

function table(lines: Array<Line>): string {
	const show = (cell: Cell | null, format: (value: number) => string) => showCell(cell, format)
	const ratioOf = (line: Line) => {
		const { ours, reference } = line.cells
		return ours && reference && 'value' in ours && 'value' in reference && reference.value > 0 ? ours.value / reference.value : null
	}
	const rows = [['Measure', 'Ours', 'pdf.js components page', 'Ratio']]
	for (const line of lines) {
		const ratio = ratioOf(line)
		rows.push([line.measure, show(line.cells.ours, line.format), show(line.cells.reference, line.format), ratio === null ? '-' : `${ratio.toFixed(2)}×`])
	}
	const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
	const format = (row: Array<string>) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
	return [format(rows[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.slice(1).map(format)].join('\n')
}

export async function run(): Promise<Array<BenchRow>> {
	const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-pdf-viewer-'))
	const browsers: Array<Browser> = []
	let ourServer: BenchServer | null = null
	let reference: Awaited<ReturnType<typeof startReferenceServer>> | null = null
	const lines: Array<Line> = []
	const notes: Array<string> = []
	try {
		console.log(`load average before: ${loadAverage()}`)
		const line = 'The quarterly review found that costs held steady.'
		const pdf = await textPdf({ pages: PAGES, text: (page, total) => [`Page ${page} of ${total}`, ...Array.from({ length: 29 }, (_, index) => `${index + 1}. ${line}`)].join('\n') })
		const file = path.join(temp, 'report-200-pages.pdf')
		await writeFile(file, pdf)
		console.log(`document: ${PAGES} pages of 30 lines of text, ${kb(pdf.byteLength)}`)

		reference = await startReferenceServer()
		notes.push(...reference.notes)
		const urls: Record<Side, string | null> = { ours: null, reference: `${reference.url}/` }
		const startFailure: Partial<Record<Side, string>> = {}
		try {
			ourServer = await startServer(path.join(temp, 'data'))
			urls.ours = `${ourServer.url}${OUR_PATH}?mode=edit`
		} catch (error) {
			startFailure.ours = `server: ${message(error)}`
			console.log(`ours: the server could not start: ${message(error)}`)
		}

		const browserFor: Record<Side, Browser> = {} as Record<Side, Browser>
		for (const side of ['ours', 'reference'] as const) {
			const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
			browsers.push(browser)
			browserFor[side] = browser
		}
		notes.push(`Chromium ${browserFor.ours.version()}; ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}`)

		// (a) and (b): cold runs (a new context each; the first one stays for the warm runs), then warm runs.
		const warmContext: Record<Side, BrowserContext> = {
			ours: await browserFor.ours.newContext(),
			reference: await browserFor.reference.newContext(),
		}
		// A run that fails is reported and the others go on (see MAX_FAILURES).
		type Times = { cold: Array<number>; warm: Array<number>; coldInPage: Array<number>; warmInPage: Array<number>; failures: Array<{ cold: boolean; reason: string }>; first?: Opened }
		const fresh = (): Times => ({ cold: [], warm: [], coldInPage: [], warmInPage: [], failures: [] })
		const times: Record<Side, Times> = { ours: fresh(), reference: fresh() }
		for (let round = 0; round < COLD_RUNS + WARM_RUNS; round++) {
			const cold = round < COLD_RUNS
			for (const side of ['ours', 'reference'] as const) {
				const url = urls[side]
				const record = times[side]
				const successes = record.cold.length + record.warm.length
				if (!url || record.failures.length >= MAX_FAILURES || (record.failures.length >= 2 && successes === 0)) continue
				const context = round === 0 || !cold ? warmContext[side] : await browserFor[side].newContext()
				try {
					const opened = await openOnce(context, url, file)
					;(cold ? record.cold : record.warm).push(opened.ms)
					if (opened.inPageMs !== null) (cold ? record.coldInPage : record.warmInPage).push(opened.inPageMs)
					if (cold) record.first ??= opened
					// The reference's scroller gets the size of ours, so that both draw pages of one size.
					if (side === 'ours' && reference && !urls.reference!.includes('?')) urls.reference = `${reference.url}/?width=${opened.box.width}&height=${opened.box.height}`
					console.log(
						`${side} ${cold ? 'cold' : 'warm'} run ${round + 1}: page 1 in ${ms(opened.ms)} from setInputFiles (${opened.inPageMs === null ? '?' : ms(opened.inPageMs)} from the change event, in the page); ` +
							(cold
								? `${opened.load.requests} requests (${kb(opened.load.total)}) to load, ${opened.open.requests} (${kb(opened.open.total)}) to open`
								: `${opened.load.requests} + ${opened.open.requests} requests`),
					)
				} catch (error) {
					record.failures.push({ cold, reason: message(error) })
					console.log(`${side} ${cold ? 'cold' : 'warm'} run ${round + 1}: failed: ${message(error)}`)
				} finally {
					if (context !== warmContext[side]) await context.close()
				}
			}
		}
		/** A figure, or why there is none; with how many runs of its kind failed. */
		const cell = (side: Side, pick: () => number | undefined, kind?: 'cold' | 'warm'): Cell => {
			const failures = times[side].failures.filter((failure) => kind === undefined || failure.cold === (kind === 'cold'))
			const value = startFailure[side] === undefined ? pick() : undefined
			if (value === undefined) return { failed: startFailure[side] ?? failures[0]?.reason ?? 'not run' }
			const runs = kind === 'cold' ? times[side].cold.length : times[side].warm.length
			return kind && failures.length > 0 ? { value, note: `median of ${runs}; ${failures.length} run(s) failed: ${failures[0]!.reason.slice(0, 60)}…` } : { value }
		}
		const timed = (measure: string, kind: 'cold' | 'warm', values: (side: Side) => Array<number>) =>
			lines.push({
				measure,
				cells: {
					ours: cell('ours', () => (values('ours').length ? median(values('ours')) : undefined), kind),
					reference: cell('reference', () => (values('reference').length ? median(values('reference')) : undefined), kind),
				},
				format: ms,
			})
		timed(`First page rendered, cold (median of ${COLD_RUNS})`, 'cold', (side) => times[side].cold)
		timed(`First page rendered, warm (median of ${WARM_RUNS})`, 'warm', (side) => times[side].warm)
		timed('  the same, cold, in the page (change event → attribute)', 'cold', (side) => times[side].coldInPage)
		timed('  the same, warm, in the page (change event → attribute)', 'warm', (side) => times[side].warmInPage)

		const weighed = (measure: string, pick: (opened: Opened) => number) =>
			lines.push({
				measure,
				cells: {
					ours: cell('ours', () => (times.ours.first ? pick(times.ours.first) : undefined)),
					reference: cell('reference', () => (times.reference.first ? pick(times.reference.first) : undefined)),
				},
				format: kb,
			})
		weighed('Page load (until ready for a file): JavaScript, not the worker', (opened) => opened.load.js)
		weighed('Page load: CSS', (opened) => opened.load.css)
		weighed('Page load: everything (HTML, fonts, …)', (opened) => opened.load.total)
		weighed('Opening the document: JavaScript, not the worker', (opened) => opened.open.js)
		weighed('pdf.js worker (when loaded)', (opened) => opened.open.worker + opened.load.worker)
		weighed('Opening the document: wasm', (opened) => opened.open.wasm)
		weighed('Opening the document: CSS', (opened) => opened.open.css)
		weighed('Opening the document: everything (worker, fonts, …)', (opened) => opened.open.total)
		weighed('Page load + opening: JavaScript, worker included', (opened) => opened.load.js + opened.load.worker + opened.open.js + opened.open.worker)
		weighed('Page load + opening: everything', (opened) => opened.load.total + opened.open.total)
		for (const side of ['ours', 'reference'] as const) {
			const first = times[side].first
			if (!first) continue
			if (first.load.worker > 0) notes.push(`${side}: the pdf.js worker was loaded with the page, before a document was chosen`)
			notes.push(
				`${side}: Accept-Encoding sent: ${[...first.acceptEncodings].join(' / ') || '?'}${first.uncompressed.length ? `; NOT compressed: ${first.uncompressed.join(', ')}` : '; every script, style and wasm over 1 KB came compressed'}`,
			)
			notes.push(`${side}: scroller ${first.box.width}×${first.box.height} CSS px, page 1's canvas ${first.box.canvas} px`)
			notes.push(`${side}: loaded when a document is chosen: ${first.open.files.map((file) => `${file.pathname} (${kb(file.bytes)})`).join(', ') || 'nothing'}`)
		}

		// Convert mode: the same route without ?mode=edit. The viewer's files: what edit mode loads
		// (page load and opening) that Convert mode does not; for the reference, all its scripts and styles.
		if (ourServer && urls.ours) {
			let convert: Cell
			let convertJs: Cell
			let convertCss: Cell
			let viewerFiles: Cell
			let viewerJs: Cell
			let viewerCss: Cell
			try {
				const weight = await convertModeWeight(browserFor.ours, `${ourServer.url}${OUR_PATH}`)
				convert = { value: weight.total }
				convertJs = { value: weight.js + weight.worker }
				convertCss = { value: weight.css }
				// Vite's chunks of pdf.js and the viewer (name-hash.ext), pdf.js's data directories.
				const viewerLike = weight.files.filter((file) => /\/(pdf|pdf_viewer|viewer(\.client)?|pdf\.worker(\.min)?)-[\w-]{8}\.(m?js|css)$|^\/pdfjs\//.test(file.pathname))
				viewerFiles = { value: viewerLike.length }
				if (viewerLike.length) notes.push(`viewer files loaded in Convert mode: ${viewerLike.map((file) => file.pathname).join(', ')}`)
				const first = times.ours.first
				if (first) {
					const inConvert = new Set(weight.files.map((file) => file.pathname))
					const onlyEdit = [...first.load.files, ...first.open.files].filter((file) => !inConvert.has(file.pathname) && file.kind !== 'other')
					const sum = (files: Array<File>) => files.reduce((total, file) => total + file.bytes, 0)
					viewerJs = { value: sum(onlyEdit.filter((file) => file.kind === 'js' || file.kind === 'worker')) }
					viewerCss = { value: sum(onlyEdit.filter((file) => file.kind === 'css')) }
					notes.push(`ours: the viewer's files (in edit mode, not in Convert mode): ${onlyEdit.map((file) => `${file.pathname} (${kb(file.bytes)})`).join(', ') || 'none'}`)
					notes.push(`Convert mode loads ${weight.requests} files (${kb(weight.total)})`)
				} else {
					viewerJs = viewerCss = { failed: 'no edit-mode run' }
				}
			} catch (error) {
				convert = convertJs = convertCss = viewerFiles = viewerJs = viewerCss = { failed: message(error) }
			}
			const all = (pick: (opened: Opened) => number): Cell => (times.reference.first ? { value: pick(times.reference.first) } : { failed: times.reference.failures[0]?.reason ?? 'not run' })
			lines.push({
				measure: "The viewer's JavaScript, worker included (ours: not in Convert mode)",
				cells: { ours: viewerJs, reference: all((opened) => opened.load.js + opened.load.worker + opened.open.js + opened.open.worker) },
				format: kb,
			})
			lines.push({ measure: "The viewer's CSS (ours: not in Convert mode)", cells: { ours: viewerCss, reference: all((opened) => opened.load.css + opened.open.css) }, format: kb })
			lines.push({ measure: 'Convert mode page load: JavaScript', cells: { ours: convertJs, reference: null }, format: kb })
			lines.push({ measure: 'Convert mode page load: CSS', cells: { ours: convertCss, reference: null }, format: kb })
			lines.push({ measure: 'Convert mode page load: everything', cells: { ours: convert, reference: null }, format: kb })
			lines.push({ measure: 'Convert mode: pdf.js or viewer files loaded', cells: { ours: viewerFiles, reference: null }, format: (value) => (value === 0 ? 'none' : String(value)) })
		}

		// (c) memory after scrolling through the document, one side after the other.
		const memory: Partial<Record<Side, Memory | string>> = {}
		const memoryRetried: Partial<Record<Side, string>> = {}
		for (const side of ['ours', 'reference'] as const) {
			const url = urls[side]
			if (!url) continue
			await warmContext[side].close()
			// A second attempt when the first fails (a new context again); the failure is told in the row.
			for (let attempt = 1; attempt <= 2 && typeof memory[side] !== 'object'; attempt++) {
				try {
					const measured = await memoryAfterScrolling(browserFor[side], url, file)
					if (attempt > 1) memoryRetried[side] = memory[side] as string
					memory[side] = measured
					console.log(
						`${side}: scrolled through ${PAGES} pages in ${ms(measured.scrollMs)}; JS heap ${mb(measured.heapBeforeGcKB)} before GC, ${mb(measured.heapKB)} after; renderer RSS ${measured.rendererKB === null ? '?' : mb(measured.rendererKB)} (renderer processes: ${measured.renderers.map(mb).join(', ')}); at page 1, JS heap ${mb(measured.atPageOne.heapKB)} and renderer RSS ${measured.atPageOne.rendererKB === null ? '?' : mb(measured.atPageOne.rendererKB)}`,
					)
				} catch (error) {
					memory[side] = message(error)
					console.log(`${side}: memory, attempt ${attempt}: failed: ${memory[side]}`)
				}
			}
		}
		const memoryCell = (side: Side, pick: (measured: Memory) => number | null): Cell => {
			const measured = memory[side]
			if (measured === undefined) return { failed: startFailure[side] ?? 'not run' }
			if (typeof measured === 'string') return { failed: measured }
			const value = pick(measured)
			if (value === null) return { failed: 'renderer not found' }
			const retried = memoryRetried[side]
			return retried ? { value, note: `second attempt; the first failed: ${retried.slice(0, 60)}…` } : { value }
		}
		const remembered = (measure: string, pick: (measured: Memory) => number | null, format: (value: number) => string) =>
			lines.push({ measure, cells: { ours: memoryCell('ours', pick), reference: memoryCell('reference', pick) }, format })
		remembered('JS heap at page 1 (main thread, after GC)', (measured) => measured.atPageOne.heapKB, mb)
		remembered('Renderer RSS at page 1 (incl. worker)', (measured) => measured.atPageOne.rendererKB, mb)
		remembered(`Scroll through ${PAGES} pages, each drawn`, (measured) => measured.scrollMs, ms)
		remembered('JS heap after scrolling (main thread, after GC)', (measured) => measured.heapKB, mb)
		remembered('Renderer RSS after scrolling (incl. worker)', (measured) => measured.rendererKB, mb)
	} finally {
		for (const browser of browsers) await browser.close().catch(() => {})
		await ourServer?.stop()
		await reference?.stop()
		await rm(temp, { recursive: true, force: true })
	}

	console.log(`\n${table(lines)}`)
	console.log('\nNotes:')
	for (const note of notes) console.log(`- ${note}`)
	console.log('- pdf.js\'s full "generic viewer" (web/viewer.html) is not shipped in pdfjs-dist and cannot be built here offline: the reference is its viewer components on a minimal page.')
	console.log(
		`- bytes are compressed response bodies of the first cold run; times are wall clock in this process; JS heap is the page's main thread only (the worker's heap is in the renderer's RSS).`,
	)
	console.log(`load average after: ${loadAverage()}`)

	return lines.map((line) => {
		const show = (cell: Cell | null) => showCell(cell, line.format)
		const { ours, reference } = line.cells
		const ratio = ours && reference && 'value' in ours && 'value' in reference && reference.value > 0 ? ours.value / reference.value : null
		return { section: SECTION, measure: line.measure, ours: show(ours), reference: reference === null ? '-' : `${show(reference)} pdf.js components`, ratio, target: 'report', met: null }
	})
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await run()
}
