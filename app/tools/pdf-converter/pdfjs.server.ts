/**
 * PDF → text and PDF → PNG with pdf.js (pdfjs-dist 5.6, its legacy build,
 * which is the one meant for Node; 5.7+ needs Node 22), rendering through
 * @napi-rs/canvas, the canvas pdf.js itself loads in Node. In the job worker
 * only.
 *
 * pdf.js is set up for untrusted files: `isEvalSupported: false` (no
 * compiled font code: CVE-2024-4367), no XFA, no system fonts (the standard
 * fonts, CMaps and wasm decoders come from the package's own folders), its
 * "worker" runs in this thread (the job worker is the isolation), and
 * pdf.js never runs a document's scripts (scripting needs the viewer's
 * sandbox, which is not loaded). Images inside a page larger than
 * PDF_LIMITS.maxEmbeddedImagePixels are skipped by pdf.js rather than
 * decoded, and each rendered page's pixels are checked before a canvas is
 * made.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createCanvas } from '@napi-rs/canvas'
import { tooComplex } from '#app/tools/kit/core.ts'
import { noProgress, textJoiner, type PdfInputFile, type PdfOptions, type PdfOutput, type PdfProgress, PDF_LIMITS, PNG_MEDIA_TYPE, TEXT_MEDIA_TYPE, ZIP_MEDIA_TYPE } from './options.ts'
import { pageIndexes, parsePageRanges } from './page-ranges.ts'
import { checkPdfBytes, damaged, displayName, inspectEncryption, loadPdf, passwordProtected, recordOpened, tooManyPages, wrongPassword, type OpenOptions } from './pdf-input.server.ts'
import { baseName } from './pdf-output.server.ts'
import { pageText } from './text-layout.server.ts'
import { zipFiles } from './zip.ts'

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
type PdfJsDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>

let pdfjsModule: Promise<PdfJs> | null = null
const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

/** pdf.js, loaded once per worker: the library, and its worker code in this thread (pdf.js finds it as `globalThis.pdfjsWorker`). */
export function loadPdfJs(): Promise<PdfJs> {
	pdfjsModule ??= (async () => {
		const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify }
		// A computed specifier: the worker script has no types, and TypeScript need not read its 2 MB.
		const workerUrl = pathToFileURL(path.join(packageDir, 'legacy/build/pdf.worker.mjs')).href
		;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(/* @vite-ignore */ workerUrl)
		const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
		pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
		// The legacy build's core-js replaces Array.prototype.push, JSON.parse and JSON.stringify
		// in this thread with script versions (for spec corners, such as a push onto an array whose
		// length is read-only, that neither pdf.js nor pdf-lib meets). Every push in the worker then
		// ran 3× slower: 15 % of extracting text. The engine's own methods are put back.
		Array.prototype.push = natives.push
		JSON.parse = natives.parse
		JSON.stringify = natives.stringify
		return pdfjs
	})()
	return pdfjsModule
}

/**
 * How this server always opens a document with pdf.js: no eval (font
 * programs interpreted, never compiled), no system fonts, no canvas or image
 * decoder of the browser's, and its data from the installed package.
 */
export function safeDocumentOptions(pdfjs: PdfJs) {
	return {
		isEvalSupported: false,
		useSystemFonts: false,
		isOffscreenCanvasSupported: false,
		isImageDecoderSupported: false,
		standardFontDataUrl: `${packageDir}/standard_fonts/`,
		cMapUrl: `${packageDir}/cmaps/`,
		cMapPacked: true,
		wasmUrl: `${packageDir}/wasm/`,
		iccUrl: `${packageDir}/iccs/`,
		verbosity: pdfjs.VerbosityLevel.ERRORS,
	}
}

/**
 * Reads a PDF with pdf.js; errors become the catalogue's (encrypted, wrong
 * password, damaged, too many pages). An encrypted file's dictionary is
 * checked first (pdf-input.server.ts); it is opened without a password
 * first (an owner-restricted file needs none), then with the run's.
 */
export async function openWithPdfJs(file: PdfInputFile, open: OpenOptions = {}): Promise<PdfJsDocument> {
	checkPdfBytes(file, 0)
	const encryption = await inspectEncryption(file)
	const pdfjs = await loadPdfJs()
	const attempt = async (password: string | undefined) => {
		const task = pdfjs.getDocument({
			// pdf.js takes the buffer over (transfers it); give it a copy so the caller's bytes stay.
			data: file.data.slice(),
			...safeDocumentOptions(pdfjs),
			enableXfa: false,
			disableFontFace: true,
			stopAtErrors: false,
			maxImageSize: PDF_LIMITS.maxEmbeddedImagePixels,
			...(password === undefined ? {} : { password }),
		})
		try {
			return await task.promise
		} catch (error) {
			await task.destroy().catch(() => {})
			throw error
		}
	}
	let doc: PdfJsDocument
	try {
		doc = await attempt(undefined)
		if (encryption) recordOpened(open, { index: 0, name: displayName(file.name), kind: 'restricted', denied: encryption.denied })
	} catch (error) {
		if (!isPasswordError(error)) throw damaged(file, 'could not be parsed')
		if (!open.password) throw passwordProtected(file)
		try {
			doc = await attempt(open.password)
		} catch (again) {
			if (isPasswordError(again)) throw wrongPassword(file)
			throw damaged(file, 'could not be parsed')
		}
		recordOpened(open, { index: 0, name: displayName(file.name), kind: 'password', denied: encryption?.denied ?? [] })
	}
	if (doc.numPages > PDF_LIMITS.maxPagesPerDocument) {
		const pages = doc.numPages
		await doc.destroy()
		throw tooManyPages(file, pages)
	}
	if (doc.numPages < 1) {
		await doc.destroy()
		throw damaged(file, 'has no pages')
	}
	return doc
}

function isPasswordError(error: unknown): boolean {
	return error instanceof Error && error.name === 'PasswordException'
}

/**
 * Runs `read` on the file as pdf.js opens it; when pdf.js finds it damaged
 * (one bad cross-reference entry is enough) but the page engine reads it,
 * runs `read` again on the page engine's own save of it (issue 29, item 4).
 * That copy is decrypted, so it is read without a password. pdf.js's "wrong
 * password" is checked the same way: with a damaged cross-reference table it
 * can refuse the right password, which the page engine accepts. When neither
 * reads it, pdf.js's error is the answer.
 */
async function withPageEngineFallback<T>(file: PdfInputFile, open: OpenOptions, read: (file: PdfInputFile, open: OpenOptions) => Promise<T>): Promise<T> {
	try {
		return await read(file, open)
	} catch (error) {
		if (!hasReason(error, 'damaged') && !hasReason(error, 'wrong-password')) throw error
		let rewritten: Uint8Array
		try {
			const { doc } = await loadPdf(file, 0, open)
			rewritten = await doc.save({ objectsPerTick: Infinity })
		} catch {
			throw error
		}
		try {
			return await read({ name: file.name, data: rewritten }, { opened: open.opened })
		} catch (again) {
			if (hasReason(again, 'damaged')) throw error
			throw again
		}
	}
}

function hasReason(error: unknown, reason: string): boolean {
	return error instanceof Error && error.name === 'ToolError' && (error as { details?: { reason?: unknown } }).details?.reason === reason
}

/** The chosen pages (0-based), every page when `pages` is empty. */
function chosenPages(pages: string, count: number): Array<number> {
	return pages.trim() ? pageIndexes(parsePageRanges(pages, count)) : Array.from({ length: count }, (_, index) => index)
}

/** Runs `work` on a page; anything pdf.js throws there means the file is damaged. */
async function withPage<T>(doc: PdfJsDocument, file: PdfInputFile, index: number, work: (page: Awaited<ReturnType<PdfJsDocument['getPage']>>) => Promise<T>): Promise<T> {
	let page
	try {
		page = await doc.getPage(index + 1)
	} catch (error) {
		throw damaged(file, `has a page ${index + 1} that cannot be read${error instanceof Error && /circular/i.test(error.message) ? ' (its page tree loops)' : ''}`)
	}
	try {
		return await work(page)
	} catch (error) {
		if (error instanceof Error && error.name === 'ToolError') throw error
		throw damaged(file, `has a page ${index + 1} that cannot be read`)
	} finally {
		page.cleanup()
	}
}

/** One of `count` consecutive blocks of the chosen pages, for extracting a long document's text in several workers at once. */
export type TextPart = { index: number; count: number }

export async function pdfToText(file: PdfInputFile, options: PdfOptions<'pdf-to-text'>, progress: PdfProgress = noProgress, part?: TextPart, open: OpenOptions = {}): Promise<PdfOutput> {
	return withPageEngineFallback(file, open, (input, inputOpen) => readText(input, options, progress, part, inputOpen))
}

async function readText(file: PdfInputFile, options: PdfOptions<'pdf-to-text'>, progress: PdfProgress, part: TextPart | undefined, open: OpenOptions): Promise<PdfOutput> {
	const doc = await openWithPdfJs(file, open)
	try {
		const chosen = chosenPages(options.pages, doc.numPages)
		const indexes = part ? chosen.slice(Math.floor((part.index * chosen.length) / part.count), Math.floor(((part.index + 1) * chosen.length) / part.count)) : chosen
		const parts: Array<string> = []
		let length = 0
		for (const [done, index] of indexes.entries()) {
			progress({ done, total: indexes.length, stage: 'Reading the text' })
			const text = await withPage(doc, file, index, (page) => pageText(page))
			length += text.length
			if (length > PDF_LIMITS.maxTextChars) throw tooComplex(`This PDF has more text than one run returns (limit ${PDF_LIMITS.maxTextChars.toLocaleString('en')} characters). Choose fewer pages.`, { reason: 'too-much-text' })
			const number = index + 1
			if (options.separator === 'heading') parts.push(`--- Page ${number} ---\n${text}\n`)
			else if (options.separator === 'form-feed') parts.push(`${text}\n\f`)
			else parts.push(`${text}\n`)
		}
		const output = parts.join(textJoiner(options.separator))
		return { fileName: `${baseName(file.name)}.txt`, contentType: TEXT_MEDIA_TYPE, data: new TextEncoder().encode(output), pageCount: indexes.length }
	} finally {
		await doc.destroy()
	}
}

export async function pdfToImages(file: PdfInputFile, options: PdfOptions<'pdf-to-images'>, progress: PdfProgress = noProgress, open: OpenOptions = {}): Promise<PdfOutput> {
	return withPageEngineFallback(file, open, (input, inputOpen) => renderImages(input, options, progress, inputOpen))
}

async function renderImages(file: PdfInputFile, options: PdfOptions<'pdf-to-images'>, progress: PdfProgress, open: OpenOptions): Promise<PdfOutput> {
	const doc = await openWithPdfJs(file, open)
	try {
		const indexes = chosenPages(options.pages, doc.numPages)
		if (indexes.length > PDF_LIMITS.maxRenderedPages) {
			throw tooComplex(`That is ${indexes.length} pages to render (limit ${PDF_LIMITS.maxRenderedPages} a run). Choose fewer pages.`, { reason: 'too-many-pages', limit: PDF_LIMITS.maxRenderedPages })
		}
		const scale = options.dpi / 72
		// Every page's size is checked before the first is drawn.
		let totalPixels = 0
		for (const index of indexes) {
			const { width, height } = await withPage(doc, file, index, async (page) => page.getViewport({ scale }))
			const w = Math.ceil(width)
			const h = Math.ceil(height)
			if (w > PDF_LIMITS.maxRenderSide || h > PDF_LIMITS.maxRenderSide || w * h > PDF_LIMITS.maxRenderPixelsPerPage) {
				throw tooComplex(
					`Page ${index + 1} would be ${w}×${h} pixels at ${options.dpi} dpi (limit ${PDF_LIMITS.maxRenderSide} a side, ${PDF_LIMITS.maxRenderPixelsPerPage / 1e6} megapixels a page). Choose a lower resolution.`,
					{ reason: 'image-too-large', page: index + 1 },
				)
			}
			totalPixels += w * h
		}
		if (totalPixels > PDF_LIMITS.maxRenderPixelsTotal) {
			throw tooComplex(`These pages would be ${Math.round(totalPixels / 1e6)} megapixels in all at ${options.dpi} dpi (limit ${PDF_LIMITS.maxRenderPixelsTotal / 1e6}). Choose fewer pages or a lower resolution.`, {
				reason: 'image-too-large',
			})
		}
		const base = baseName(file.name)
		const width = String(doc.numPages).length
		const images: Array<{ name: string; data: Uint8Array }> = []
		for (const [done, index] of indexes.entries()) {
			progress({ done, total: indexes.length, stage: 'Rendering the pages' })
			const png = await withPage(doc, file, index, async (page) => {
				const viewport = page.getViewport({ scale })
				const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
				await page.render({
					// @napi-rs/canvas's canvas does what pdf.js asks of a DOM canvas (pdf.js makes its own the same way in Node).
					canvas: canvas as unknown as HTMLCanvasElement,
					viewport,
					background: options.background === 'white' ? '#ffffff' : 'rgba(0,0,0,0)',
				}).promise
				return new Uint8Array(await canvas.encode('png'))
			})
			images.push({ name: `${base}-page-${String(index + 1).padStart(width, '0')}.png`, data: png })
		}
		if (images.length === 1) return { fileName: images[0]!.name, contentType: PNG_MEDIA_TYPE, data: images[0]!.data, pageCount: 1 }
		return { fileName: `${base}-pages.zip`, contentType: ZIP_MEDIA_TYPE, data: zipFiles(images), pageCount: images.length }
	} finally {
		await doc.destroy()
	}
}
