/**
 * The PDF page's View & edit mode in Chromium against the production build:
 * pdf.js's viewer (navigation, zoom, search, thumbnails) and its annotation
 * editor in every mode SPEC.md names, each proven by reading the saved PDF
 * with independent readers: qpdf's JSON for the annotation's subtype, page,
 * place and alt text, and poppler's pdftoppm for the ink's pixels. The
 * editor's behaviours (SPEC.md §9: nudges of 1 and 10, the 16-unit minimum,
 * moves within 1000 ms undone as one step, copy, paste, delete, the alt-text
 * states) are pdf.js's; these tests prove our page wires them.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '../fixtures.ts'
import { inkPixels, qpdfAnnotations, qpdfEncrypt, qpdfPageCount, restrictedPdf, type AnnotationRecord } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { twoColourPng } from '#app/tools/pdf-converter/test-images.server.ts'
import { cve20244367Pdf, hugePagePdf, textPdf, truncated, xfaPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { collectConsoleErrors, expectNoSeriousA11yViolations } from '../utils.ts'

const PATH = '/tools/pdf-converter?mode=edit'
/** The test PDFs are A4 (595.28 × 841.89 pt). */
const A4 = { width: 595.28, height: 841.89 }

let dir: string
const file = (name: string) => path.join(dir, name)

test.beforeAll(async () => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-editor-e2e-'))
	writeFileSync(file('three.pdf'), await textPdf({ pages: 3, text: (page, total) => `Editor page ${page} of ${total} with words to highlight` }))
	writeFileSync(file('locked.pdf'), qpdfEncrypt(await textPdf({ pages: 1, text: () => 'Locked words' }), { user: 'secret', owner: 'owner secret' }))
	writeFileSync(file('restricted.pdf'), restrictedPdf(await textPdf({ pages: 1, text: () => 'Read only words' })))
	writeFileSync(file('xfa.pdf'), await xfaPdf())
	writeFileSync(file('huge.pdf'), await hugePagePdf())
	writeFileSync(file('cve.pdf'), await cve20244367Pdf())
	writeFileSync(file('truncated.pdf'), truncated(await textPdf({ pages: 4 }), 0.4))
	writeFileSync(file('picture.png'), twoColourPng('rgb', 120, 80, [255, 0, 0], [0, 0, 255]))
	writeFileSync(file('portrait.png'), twoColourPng('rgb', 600, 800, [255, 0, 0], [0, 0, 255]))
	writeFileSync(file('not-a-pdf.pdf'), 'This is a text file with a .pdf name.\n')
	writeFileSync(file('empty.pdf'), '')
	// 200 MB without writing 200 MB: a sparse file (the page refuses it by its size, before reading it).
	writeFileSync(file('huge-file.pdf'), '%PDF-1.7\n')
	truncateSync(file('huge-file.pdf'), 200 * 1024 * 1024)
})

test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Tall enough that a whole page fits in the viewer at "Fit page".
test.use({ viewport: { width: 1280, height: 1000 } })

async function openPdf(page: Page, name: string, { fit = true }: { fit?: boolean } = {}) {
	await page.goto(PATH)
	const input = page.getByTestId('pdf-viewer-input')
	await expect(input).toBeEnabled()
	await input.setInputFiles(file(name))
	const viewer = page.getByTestId('pdf-viewer')
	await expect(viewer).toHaveAttribute('data-state', 'ready')
	await expect(viewer).toHaveAttribute('data-first-page-rendered', 'true')
	if (fit) {
		await page.getByTestId('pdf-zoom').selectOption('page-fit')
		await page.getByTestId('pdf-viewer-container').evaluate((element) => element.scrollIntoView({ block: 'end' }))
	}
}

/** Where page `number` is on screen, and the conversion from a fraction of the page to screen pixels and PDF points. */
async function pageGeometry(page: Page, number = 1) {
	const locator = page.locator(`.pdfViewer .page[data-page-number="${number}"]`)
	await locator.scrollIntoViewIfNeeded()
	await expect(locator).toHaveAttribute('data-loaded', 'true')
	// The drawn page, inside the page's border.
	const box = (await locator.locator('.canvasWrapper').boundingBox())!
	return {
		box,
		at: (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }),
		/** Screen pixels → PDF points (origin bottom-left). */
		toPdf: (x: number, y: number) => ({ x: ((x - box.x) / box.width) * A4.width, y: A4.height - ((y - box.y) / box.height) * A4.height }),
	}
}

/** Turns a tool on (a tool's button toggles it, so an active tool is left as it is). */
async function chooseTool(page: Page, tool: string) {
	const button = page.getByTestId(`pdf-tool-${tool}`)
	if ((await button.getAttribute('aria-pressed')) === 'true') return
	await button.click()
	if (tool !== 'signature') await expect(button).toHaveAttribute('aria-pressed', 'true')
}

async function drawStroke(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
	await page.mouse.move(from.x, from.y)
	await page.mouse.down()
	await page.mouse.move(to.x, to.y, { steps: 12 })
	// As a hand does: the pointer rests at the end before it lifts (pdf.js draws the last move on the next frame).
	await page.waitForTimeout(100)
	await page.mouse.up()
}

/** Download (straight from the browser) and read back. */
async function downloadEdited(page: Page): Promise<Uint8Array> {
	const downloading = page.waitForEvent('download')
	await page.getByTestId('pdf-download-local').click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/-annotated\.pdf$/)
	return new Uint8Array(readFileSync((await download.path())!))
}

function only(annotations: Array<AnnotationRecord>, subtype: string) {
	return annotations.filter((annotation) => annotation.subtype === subtype)
}

/** The centre of a rectangle in PDF points. */
function centre(rect: [number, number, number, number]) {
	return { x: (rect[0] + rect[2]) / 2, y: (rect[1] + rect[3]) / 2 }
}

async function addImage(page: Page) {
	await chooseTool(page, 'stamp')
	await page.getByTestId('pdf-stamp-input').setInputFiles(file('picture.png'))
	const stamp = page.locator('.stampEditor').last()
	await expect(stamp.locator('canvas')).toBeVisible()
	return stamp
}

test('the viewer: pages, zoom, search and thumbnails, labelled for keyboards and screen readers; axe with a document open', async ({ page }) => {
	const errors = collectConsoleErrors(page)
	await openPdf(page, 'three.pdf', { fit: false })
	const viewer = page.getByTestId('pdf-viewer')
	await expect(viewer).toHaveAttribute('data-pages', '3')
	await expect(page.getByTestId('pdf-page-count')).toHaveText('of 3')
	// Next page, by button and by typing the number.
	await page.getByRole('button', { name: 'Next page' }).click()
	await expect(page.getByTestId('pdf-page-number')).toHaveValue('2')
	await page.getByTestId('pdf-page-number').fill('3')
	await page.getByTestId('pdf-page-number').press('Enter')
	await expect(page.getByTestId('pdf-page-number')).toHaveValue('3')
	await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()
	// Zoom: in, then a preset.
	const before = (await page.locator('.pdfViewer .page').first().boundingBox())!.width
	await page.getByRole('button', { name: 'Zoom in' }).click()
	await expect.poll(async () => (await page.locator('.pdfViewer .page').first().boundingBox())!.width).toBeGreaterThan(before * 1.05)
	await page.getByTestId('pdf-zoom').selectOption('0.5')
	await expect.poll(async () => Math.round((await page.locator('.pdfViewer .page').first().boundingBox())!.width)).toBeLessThan(before * 0.6)
	// Search: three matches, one a page; Enter goes to the next.
	await page.getByTestId('pdf-find').fill('editor page')
	await expect(page.getByTestId('pdf-find-count')).toHaveText(/of 3/)
	await page.getByTestId('pdf-find').press('Enter')
	await expect(page.locator('.textLayer .highlight').first()).toBeAttached()
	await page.getByTestId('pdf-find').fill('no such words')
	await expect(page.getByTestId('pdf-find-count')).toHaveText('No matches')
	// Thumbnails: one a page; a click goes to that page.
	await page.getByTestId('pdf-thumbnails-toggle').click()
	await expect(page.getByTestId('pdf-thumbnails').getByRole('button')).toHaveCount(3)
	await page.getByTestId('pdf-thumbnails').getByRole('button', { name: 'Page 1' }).click()
	await expect(page.getByTestId('pdf-page-number')).toHaveValue('1')
	await expect(page.getByTestId('pdf-thumbnails').getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
	// Every toolbar button has a name.
	for (const toolbar of await page.getByRole('toolbar').all()) {
		for (const button of await toolbar.getByRole('button').all()) expect(await button.evaluate((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim())).not.toBe('')
	}
	// The tools by keyboard: Tab reaches Draw, Enter turns it on.
	await page.getByTestId('pdf-tool-ink').focus()
	await page.keyboard.press('Enter')
	await expect(page.getByTestId('pdf-tool-ink')).toHaveAttribute('aria-pressed', 'true')
	await expectNoSeriousA11yViolations(page)
	expect(errors).toEqual([])
})

test('ink: the stroke is saved as an Ink annotation where it was drawn, and pdftoppm draws it there', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'ink')
	await page.getByTestId('pdf-ink-thickness').fill('8')
	const { at, toPdf } = await pageGeometry(page, 1)
	const from = at(0.3, 0.5)
	const to = at(0.7, 0.55)
	await drawStroke(page, from, to)
	await chooseTool(page, 'none')
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-dirty', 'true')
	await expect(page.getByTestId('pdf-unsaved')).toBeVisible()
	const saved = await downloadEdited(page)
	const inks = only(qpdfAnnotations(saved), 'Ink')
	expect(inks).toHaveLength(1)
	expect(inks[0]!.page).toBe(1)
	const start = toPdf(from.x, from.y)
	const end = toPdf(to.x, to.y)
	const [x1, y1, x2, y2] = inks[0]!.rect
	// The annotation's box is the stroke's, within 5 pt (pdf.js smooths the line's last few pixels).
	expect(Math.abs(x1 - start.x)).toBeLessThan(5 + 4)
	expect(Math.abs(x2 - end.x)).toBeLessThan(5 + 4)
	expect(Math.abs(y1 - end.y)).toBeLessThan(5 + 4)
	expect(Math.abs(y2 - start.y)).toBeLessThan(5 + 4)
	// poppler draws ink along the stroke, and none in an empty area of the page.
	const middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 }
	expect(inkPixels(saved, 1, [middle.x - 6, middle.y - 6, middle.x + 6, middle.y + 6], { dpi: 72 })).toBeGreaterThan(0.2)
	expect(inkPixels(saved, 1, [50, 50, 150, 150], { dpi: 72 })).toBeLessThan(0.01)
	expect(qpdfPageCount(saved)).toBe(3)
})

test('highlight: from a text selection (a Highlight) and free-hand (an Ink highlight), on their page', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'highlight')
	await page.getByTestId('pdf-highlight-green').click()
	// Select the first line of text on page 1 by dragging across it.
	const text = page.locator('.pdfViewer .page[data-page-number="1"] .textLayer span').first()
	await expect(text).toBeVisible()
	const span = (await text.boundingBox())!
	await drawStroke(page, { x: span.x + 2, y: span.y + span.height / 2 }, { x: span.x + span.width - 2, y: span.y + span.height / 2 })
	await expect(page.locator('.highlightEditor')).toHaveCount(1)
	// Free-hand, in an empty area lower on the page.
	const { at } = await pageGeometry(page, 1)
	await drawStroke(page, at(0.2, 0.7), at(0.6, 0.72))
	await expect(page.locator('.highlightEditor')).toHaveCount(2)
	await chooseTool(page, 'none')
	const saved = qpdfAnnotations(await downloadEdited(page))
	// The text one lies over the text (near the top of the page).
	const [textOne] = only(saved, 'Highlight')
	expect(only(saved, 'Highlight')).toHaveLength(1)
	expect(textOne!.page).toBe(1)
	expect(textOne!.rect[1]).toBeGreaterThan(A4.height * 0.7)
	// pdf.js (like Acrobat) saves a free-hand highlight as an Ink annotation whose intent is InkHighlight.
	const free = only(saved, 'Ink')
	expect(free).toHaveLength(1)
	expect(free[0]!.intent).toBe('InkHighlight')
	expect(free[0]!.page).toBe(1)
	expect(centre(free[0]!.rect).y).toBeLessThan(A4.height * 0.35)
	expect(inkPixels(await downloadEdited(page), 1, [centre(free[0]!.rect).x - 5, centre(free[0]!.rect).y - 3, centre(free[0]!.rect).x + 5, centre(free[0]!.rect).y + 3])).toBeGreaterThan(0.5)
})

test('free text: typed text is saved as a FreeText with its words, size and colour', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'freetext')
	await page.getByTestId('pdf-freetext-size').fill('24')
	const { at, toPdf } = await pageGeometry(page, 1)
	const where = at(0.4, 0.4)
	await page.mouse.click(where.x, where.y)
	const box = page.locator('.freeTextEditor .internal').last()
	await expect(box).toBeFocused()
	await page.keyboard.type('Approved by Ada')
	await page.keyboard.press('Escape')
	await chooseTool(page, 'none')
	const saved = await downloadEdited(page)
	const texts = only(qpdfAnnotations(saved), 'FreeText')
	expect(texts).toHaveLength(1)
	expect(texts[0]!.contents).toBe('Approved by Ada')
	const placed = toPdf(where.x, where.y)
	// The box starts where the click was (its left edge at the click, the click within its height).
	const [x1, y1, , y2] = texts[0]!.rect
	expect(Math.abs(x1 - placed.x)).toBeLessThan(20)
	expect(placed.y).toBeGreaterThan(y1 - 10)
	expect(placed.y).toBeLessThan(y2 + 10)
	// 24 pt text: the box is taller than one 24 pt line.
	expect(texts[0]!.rect[3] - texts[0]!.rect[1]).toBeGreaterThan(24)
})

test('image stamp with alt text: missing, then added (tooltip after 100 ms), then decorative; the alt text is in the saved PDF', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	const stamp = await addImage(page)
	const altButton = stamp.locator('button.altText')
	// missing
	await expect(altButton).toHaveAttribute('data-l10n-id', 'pdfjs-editor-new-alt-text-missing-button')
	await altButton.click()
	const dialog = page.getByTestId('pdf-alt-text-dialog')
	await expect(dialog).toBeVisible()
	await page.getByTestId('pdf-alt-text-input').fill('A red and blue flag')
	await page.getByTestId('pdf-alt-text-save').click()
	await expect(dialog).toBeHidden()
	// added, with its text in a tooltip that shows 100 ms after the pointer enters the button (not before)
	await expect(altButton).toHaveAttribute('data-l10n-id', 'pdfjs-editor-new-alt-text-added-button')
	await page.mouse.move(0, 0)
	await expect(stamp.locator('.tooltip.show')).toHaveCount(0)
	await altButton.evaluate((button) => {
		const timing = { entered: 0, shown: 0 }
		;(window as unknown as { __tooltip: typeof timing }).__tooltip = timing
		button.addEventListener('mouseenter', () => (timing.entered = performance.now()), { capture: true, once: true })
		new MutationObserver(() => {
			if (!timing.shown && button.querySelector('.tooltip.show')) timing.shown = performance.now()
		}).observe(button, { subtree: true, attributes: true, attributeFilter: ['class'] })
	})
	await altButton.hover()
	await expect(stamp.locator('.tooltip.show')).toHaveText('A red and blue flag')
	const timing = await page.evaluate(() => (window as unknown as { __tooltip: { entered: number; shown: number } }).__tooltip)
	expect(timing.entered).toBeGreaterThan(0)
	expect(timing.shown - timing.entered).toBeGreaterThanOrEqual(99)
	const saved = await downloadEdited(page)
	const stamps = only(qpdfAnnotations(saved), 'Stamp')
	expect(stamps).toHaveLength(1)
	expect(stamps[0]!.alt).toBe('A red and blue flag')
	// Placed in the middle of the visible page.
	const middle = centre(stamps[0]!.rect)
	expect(Math.abs(middle.x - A4.width / 2)).toBeLessThan(60)

	// Decorative: no alt text is written.
	await stamp.click()
	await altButton.click()
	await page.getByTestId('pdf-alt-text-decorative').check()
	await page.getByTestId('pdf-alt-text-save').click()
	const decorative = only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')
	expect(decorative).toHaveLength(1)
	expect(decorative[0]!.alt).toBeNull()
})

test('signatures: drawn and typed in our dialog, placed as stamps with a suggested alt text to review; the last five are kept and can be deleted', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await page.evaluate(() => window.localStorage.removeItem('pdf_signatures'))
	// Drawn
	await chooseTool(page, 'signature')
	const dialog = page.getByTestId('pdf-signature-dialog')
	await expect(dialog).toBeVisible()
	const canvas = (await page.getByTestId('pdf-signature-canvas').boundingBox())!
	await drawStroke(page, { x: canvas.x + 40, y: canvas.y + 60 }, { x: canvas.x + canvas.width - 60, y: canvas.y + canvas.height - 50 })
	await page.getByTestId('pdf-signature-place').click()
	await expect(dialog).toBeHidden()
	const drawn = page.locator('.stampEditor').last()
	await expect(drawn.locator('canvas')).toBeVisible()
	// review: pdf.js shows the suggestion as an alt text to review
	await expect(drawn.locator('button.altText')).toHaveAttribute('data-l10n-id', 'pdfjs-editor-new-alt-text-to-review-button')
	await drawn.locator('button.altText').click()
	await expect(page.getByTestId('pdf-alt-text-suggestion')).toBeVisible()
	await expect(page.getByTestId('pdf-alt-text-input')).toHaveValue('Handwritten signature')
	await page.getByTestId('pdf-alt-text-save').click()
	await expect(drawn.locator('button.altText')).toHaveAttribute('data-l10n-id', 'pdfjs-editor-new-alt-text-added-button')
	// Move it aside so the next one is not on top of it.
	await drawn.click()
	for (let step = 0; step < 10; step++) await page.keyboard.press('Control+ArrowUp')

	// Typed
	await chooseTool(page, 'signature')
	await page.getByTestId('pdf-signature-type-tab').click()
	await page.getByTestId('pdf-signature-name').fill('Ada Lovelace')
	await page.getByTestId('pdf-signature-place').click()
	const typed = page.locator('.stampEditor').last()
	await expect(typed.locator('button.altText')).toHaveAttribute('data-l10n-id', 'pdfjs-editor-new-alt-text-to-review-button')
	// A suggestion is not written until it is reviewed …
	const unreviewed = only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')
	expect(unreviewed.map((stamp) => stamp.alt)).toEqual(['Handwritten signature', null])
	// … and then it is.
	await typed.locator('button.altText').click()
	await expect(page.getByTestId('pdf-alt-text-input')).toHaveValue('Signature of Ada Lovelace')
	await page.getByTestId('pdf-alt-text-save').click()
	const stamps = only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')
	expect(stamps).toHaveLength(2)
	expect(stamps.map((stamp) => stamp.alt).sort()).toEqual(['Handwritten signature', 'Signature of Ada Lovelace'])

	// Kept in this browser, newest first; five at most; each can be deleted.
	const kept = await page.evaluate(() => JSON.parse(window.localStorage.getItem('pdf_signatures') ?? '[]') as Array<{ label: string }>)
	expect(kept.map((signature) => signature.label)).toEqual(['Signature of Ada Lovelace', 'Handwritten signature'])
	await chooseTool(page, 'signature')
	await expect(page.getByTestId('pdf-saved-signatures').getByRole('listitem')).toHaveCount(2)
	await page.getByTestId('pdf-saved-signatures').getByRole('button', { name: 'Delete signature of ada lovelace' }).click()
	await expect(page.getByTestId('pdf-saved-signatures').getByRole('listitem')).toHaveCount(1)
	// Reuse: one click places the kept signature.
	await page.getByTestId('pdf-saved-signatures').getByRole('button', { name: /^Place handwritten signature/ }).click()
	await expect(dialog).toBeHidden()
	await expect(page.locator('.stampEditor')).toHaveCount(3)
	expect(await page.evaluate(() => (JSON.parse(window.localStorage.getItem('pdf_signatures') ?? '[]') as Array<unknown>).length)).toBe(1)
})

test('select and move: arrow keys nudge 1 unit, Ctrl+arrow 10; moves within 1000 ms undo as one step; redo', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	// Annotations are selected with a tool on (here the Image tool).
	const stamp = await addImage(page)
	const rectOf = async () => only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')[0]!.rect
	const start = await rectOf()
	await stamp.click()
	await page.keyboard.press('ArrowRight')
	await page.waitForTimeout(1200)
	const one = await rectOf()
	expect(one[0] - start[0]).toBeCloseTo(1, 1)
	expect(one[1]).toBeCloseTo(start[1], 1)
	await stamp.click()
	await page.keyboard.press('Control+ArrowRight')
	await page.waitForTimeout(1200)
	const eleven = await rectOf()
	expect(eleven[0] - start[0]).toBeCloseTo(11, 1)
	// Down in the page is down in PDF points too (y grows upwards in the file).
	await stamp.click()
	await page.keyboard.press('ArrowDown')
	await page.keyboard.press('ArrowDown')
	await page.keyboard.press('Control+ArrowDown')
	await page.waitForTimeout(1200)
	const moved = await rectOf()
	expect(start[1] - moved[1]).toBeCloseTo(12, 1)
	// The three presses within a second are one step: one Undo takes them all back …
	await page.getByTestId('pdf-undo').click()
	const undone = await rectOf()
	expect(undone[1]).toBeCloseTo(start[1], 1)
	expect(undone[0] - start[0]).toBeCloseTo(11, 1)
	// … and one Redo does them again.
	await page.getByTestId('pdf-redo').click()
	expect((await rectOf())[1]).toBeCloseTo(moved[1], 1)
	// Two more Undo: the Ctrl+→, then the →.
	await page.getByTestId('pdf-undo').click()
	await page.getByTestId('pdf-undo').click()
	await page.getByTestId('pdf-undo').click()
	const back = await rectOf()
	expect(back[0]).toBeCloseTo(start[0], 1)
	expect(back[1]).toBeCloseTo(start[1], 1)
})

test('undo keeps 128 steps: after more changes than that, exactly 128 can be undone', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	const stamp = await addImage(page)
	await stamp.click()
	await page.keyboard.press('Control+c')
	// pdf.js records a pasted picture as two steps (the paste, then the picture once drawn): 1 + 70 × 2 = 141 steps.
	for (let paste = 0; paste < 70; paste++) await page.keyboard.press('Control+v')
	await expect(page.locator('.stampEditor')).toHaveCount(71)
	// Undo until the button turns off, pressed in the page (128 Playwright clicks would take 15 s): each press
	// waits for the page to show the editor's new state.
	const undone = await page.getByTestId('pdf-undo').evaluate(async (undo: HTMLButtonElement) => {
		let count = 0
		const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
		while (!undo.disabled && count <= 200) {
			undo.click()
			count++
			await frame()
			await frame()
		}
		return count
	})
	expect(undone).toBe(128)
	// The oldest steps fell out of the history: the first picture and the first pastes stay.
	await expect(page.locator('.stampEditor')).toHaveCount(71 - 64)
	await page.getByTestId('pdf-redo').click()
	await page.getByTestId('pdf-redo').click()
	await expect(page.locator('.stampEditor')).toHaveCount(71 - 63)
})

test('resize never below 16 units; copy, paste and delete', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	const stamp = await addImage(page)
	await stamp.click()
	// Drag the bottom-right handle far past the top-left corner.
	const handle = stamp.locator('.resizer.bottomRight')
	await expect(handle).toBeVisible()
	const grip = (await handle.boundingBox())!
	const box = (await stamp.boundingBox())!
	await drawStroke(page, { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 }, { x: box.x - 200, y: box.y - 200 })
	const small = (await stamp.boundingBox())!
	expect(small.width).toBeLessThan(box.width)
	expect(Math.min(small.width, small.height)).toBeGreaterThanOrEqual(15.5)
	// Copy and paste: a second stamp; Delete removes the selected one.
	await stamp.click()
	await page.keyboard.press('Control+c')
	await page.keyboard.press('Control+v')
	await expect(page.locator('.stampEditor')).toHaveCount(2)
	await page.getByTestId('pdf-delete-annotation').click()
	await expect(page.locator('.stampEditor')).toHaveCount(1)
	await page.locator('.stampEditor').first().click()
	await page.keyboard.press('Delete')
	await expect(page.locator('.stampEditor')).toHaveCount(0)
	// Undo brings it back.
	await page.getByTestId('pdf-undo').click()
	await expect(page.locator('.stampEditor')).toHaveCount(1)
	const stamps = only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')
	expect(stamps).toHaveLength(1)
})

test('save to the server with progress, download it, open it again: the annotations are there and can be edited; unsaved changes warn', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'ink')
	const { at } = await pageGeometry(page, 2)
	await drawStroke(page, at(0.2, 0.3), at(0.8, 0.35))
	await chooseTool(page, 'ink')
	// Leaving with unsaved changes asks first; staying keeps them.
	page.once('dialog', (dialog) => {
		expect(dialog.message()).toMatch(/not saved/)
		void dialog.dismiss()
	})
	await page.getByTestId('pdf-modes').getByRole('link', { name: 'Convert' }).click()
	await expect(page).toHaveURL(/mode=edit/)
	await expect(page.locator('.inkEditor')).toHaveCount(1)
	// Closing the tab (or reloading) asks the browser's own question.
	const unloading = page.waitForEvent('dialog')
	await page.close({ runBeforeUnload: true })
	const question = await unloading
	expect(question.type()).toBe('beforeunload')
	await question.dismiss()
	expect(page.isClosed()).toBe(false)

	await page.getByTestId('pdf-save').click()
	const link = page.getByTestId('pdf-download')
	await expect(link).toBeVisible()
	await expect(page.getByTestId('pdf-result-name')).toContainText('three-annotated.pdf')
	await expect(page.getByTestId('pdf-viewer')).not.toHaveAttribute('data-dirty', 'true')
	const downloading = page.waitForEvent('download')
	await link.click()
	const stored = new Uint8Array(readFileSync((await (await downloading).path())!))
	const inks = only(qpdfAnnotations(stored), 'Ink')
	expect(inks).toHaveLength(1)
	expect(inks[0]!.page).toBe(2)

	// Opened again: pdf.js shows the saved ink as an editable annotation.
	writeFileSync(file('stored-edited.pdf'), stored)
	await openPdf(page, 'stored-edited.pdf')
	await pageGeometry(page, 2)
	const saved = page.locator('.pdfViewer .page[data-page-number="2"] .inkEditor, .pdfViewer .page[data-page-number="2"] .annotationLayer .inkAnnotation')
	await expect(saved.first()).toBeAttached()
	// In the editor (the Draw tool), the saved stroke is an editor that can be deleted.
	await chooseTool(page, 'ink')
	const editable = page.locator('.pdfViewer .page[data-page-number="2"] .inkEditor')
	await expect(editable).toHaveCount(1)
	await editable.click()
	await page.keyboard.press('Delete')
	const after = only(qpdfAnnotations(await downloadEdited(page)), 'Ink')
	expect(after).toHaveLength(0)
})

test('bad files get a clear message: not a PDF, damaged, empty, 200 MB', async ({ page }) => {
	await page.goto(PATH)
	const input = page.getByTestId('pdf-viewer-input')
	await expect(input).toBeEnabled()
	const error = page.getByTestId('pdf-viewer-error')
	await input.setInputFiles(file('not-a-pdf.pdf'))
	await expect(error).toContainText('is not a PDF')
	await input.setInputFiles(file('truncated.pdf'))
	await expect(error).toContainText(/damaged|could not be opened/)
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'error')
	await input.setInputFiles(file('empty.pdf'))
	await expect(error).toContainText('is empty (0 bytes)')
	await input.setInputFiles(file('huge-file.pdf'))
	await expect(error).toContainText(/is 200 MB; the limit is \d+ MB a file/)
	// The viewer still works afterwards; a file dropped on the box opens too.
	const dropped = readFileSync(file('three.pdf')).toString('base64')
	await page.getByTestId('pdf-viewer-drop').evaluate((zone, base64) => {
		const transfer = new DataTransfer()
		transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.pdf', { type: 'application/pdf' }))
		zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }))
		zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }))
	}, dropped)
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'ready')
	await expect(page.getByTestId('pdf-viewer-announcement')).toHaveText('dropped.pdf opened: 3 pages.')
	await expect(error).toBeHidden()
})

test('an encrypted PDF asks for its password, says when it is wrong, and opens with the right one', async ({ page }) => {
	await page.goto(PATH)
	await expect(page.getByTestId('pdf-viewer-input')).toBeEnabled()
	await page.getByTestId('pdf-viewer-input').setInputFiles(file('locked.pdf'))
	const password = page.getByTestId('pdf-password')
	await expect(password).toBeFocused()
	await password.fill('wrong')
	await password.press('Enter')
	await expect(page.getByTestId('pdf-password-wrong')).toContainText('not right')
	await password.fill('secret')
	await password.press('Enter')
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'ready')
	await expect(page.locator('.textLayer')).toContainText('Locked words')
})

test('view only: a PDF whose permissions forbid changes, an XFA form, and a 14,400 pt page', async ({ page }) => {
	await openPdf(page, 'restricted.pdf', { fit: false })
	await expect(page.getByTestId('pdf-editing-unavailable')).toContainText('permissions forbid changes')
	await expect(page.getByTestId('pdf-tool-ink')).toHaveCount(0)
	await expect(page.locator('.textLayer')).toContainText('Read only words')

	await openPdf(page, 'xfa.pdf', { fit: false })
	await expect(page.getByTestId('pdf-editing-unavailable')).toContainText('XFA form')
	await expect(page.getByTestId('pdf-tool-ink')).toHaveCount(0)

	await openPdf(page, 'huge.pdf', { fit: false })
	await expect(page.getByTestId('pdf-viewer-note')).toContainText('very large page (200 × 200 in)')
	await expect(page.getByTestId('pdf-tool-ink')).toBeVisible()
})

test('CVE-2024-4367: a font whose FontMatrix carries JavaScript opens, and no script runs', async ({ page }) => {
	const violations: Array<string> = []
	await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			;(window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`)
		})
	})
	await openPdf(page, 'cve.pdf', { fit: false })
	await page.waitForTimeout(500)
	expect(await page.evaluate(() => (window as unknown as { __pdfjsPwned?: boolean }).__pdfjsPwned)).toBeUndefined()
	expect(violations).toEqual([])
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'ready')
})

test('a conversion result opens in the viewer', async ({ page }) => {
	await page.goto('/tools/pdf-converter?operation=rotate')
	await expect(page.locator('form[data-hydrated]')).toBeAttached()
	await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
	await page.getByTestId('pdf-submit').click()
	await page.getByTestId('pdf-open-in-viewer').click()
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'ready')
	await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-pages', '3')
})

test('without JavaScript, View & edit says what it needs and links to Convert', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto(PATH)
	await expect(page.getByTestId('pdf-viewer-needs-js')).toContainText('need JavaScript')
	await page.getByTestId('pdf-viewer-needs-js').getByRole('link', { name: 'Convert' }).click()
	await expect(page.getByTestId('pdf-form')).toBeAttached()
	await context.close()
})

// Issue 29: the editor must look as trustworthy as it works.

/** How many pixels of a screenshot of `box` differ clearly from its most common colour (what is drawn on it). */
async function drawnPixels(page: Page, box: { x: number; y: number; width: number; height: number }) {
	const image = await loadImage(await page.screenshot({ clip: box }))
	const canvas = createCanvas(image.width, image.height)
	const context = canvas.getContext('2d')
	context.drawImage(image, 0, 0)
	const { data } = context.getImageData(0, 0, image.width, image.height)
	const counts = new Map<number, number>()
	for (let index = 0; index < data.length; index += 4) {
		const key = (data[index]! << 16) | (data[index + 1]! << 8) | data[index + 2]!
		counts.set(key, (counts.get(key) ?? 0) + 1)
	}
	const background = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
	const [r, g, b] = [background >> 16, (background >> 8) & 255, background & 255]
	let drawn = 0
	for (let index = 0; index < data.length; index += 4) if (Math.abs(data[index]! - r) + Math.abs(data[index + 1]! - g) + Math.abs(data[index + 2]! - b) > 90) drawn++
	return drawn
}

async function switchTheme(page: Page) {
	const dark = await page.locator('html').evaluate((html) => html.classList.contains('dark'))
	await page.getByTestId('theme-toggle').first().click()
	await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/)
}

/** A modal dialog in the middle of the window: centred, focus kept inside with Tab and Shift+Tab. */
async function expectCentredModal(page: Page, dialog: Locator) {
	await expect(dialog).toBeVisible()
	const box = (await dialog.boundingBox())!
	const viewport = page.viewportSize()!
	expect(Math.abs(box.x + box.width / 2 - viewport.width / 2), 'centred across').toBeLessThanOrEqual(2)
	if (box.height < viewport.height) expect(Math.abs(box.y + box.height / 2 - viewport.height / 2), 'centred down').toBeLessThanOrEqual(2)
	const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement))
	expect(await focusInside()).toBe(true)
	for (let press = 0; press < 14; press++) {
		await page.keyboard.press('Tab')
		expect(await focusInside(), `Tab ${press + 1} stays in the dialog`).toBe(true)
	}
	for (let press = 0; press < 14; press++) {
		await page.keyboard.press('Shift+Tab')
		expect(await focusInside(), `Shift+Tab ${press + 1} stays in the dialog`).toBe(true)
	}
}

test('the floating toolbar of a selected picture: named buttons with their labels and icons inside them; axe in both themes', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	const stamp = await addImage(page)
	await stamp.click()
	const toolbar = stamp.locator('.editToolbar')
	await expect(toolbar).toBeVisible()
	const alt = toolbar.getByRole('button', { name: 'Missing alt text' })
	const remove = toolbar.getByRole('button', { name: 'Remove image' })
	await expect(alt).toBeVisible()
	// A visible label, not a bare warning sign.
	await expect(alt).toHaveText('Missing alt text')
	await expect(remove).toBeVisible()
	for (const theme of ['light', 'dark']) {
		if (theme === 'dark') {
			await switchTheme(page)
			await stamp.click()
		}
		await expect(stamp).toHaveClass(/selectedEditor/)
		// Each icon is drawn inside its button: the trash can was drawn far below its (empty) button.
		const deleteBox = (await remove.boundingBox())!
		expect(await drawnPixels(page, deleteBox), `${theme}: the delete icon inside its button`).toBeGreaterThan(20)
		expect(await drawnPixels(page, (await alt.boundingBox())!), `${theme}: the alt-text icon and label`).toBeGreaterThan(60)
		await expectNoSeriousA11yViolations(page)
	}
	// After alt text is added, the button says so.
	await alt.click()
	await page.getByTestId('pdf-alt-text-input').fill('A red and blue flag')
	await page.getByTestId('pdf-alt-text-save').click()
	// (Its tooltip, the alt text itself, is inside the button too.)
	await expect(toolbar.getByRole('button', { name: 'Alt text added' }).locator('[data-l10n-id$="-label"]')).toHaveText('Alt text added')
	// The picture itself is named (pdf.js's canvas has role="img": "Picture" before, its alt text after).
	await expect(stamp.locator('canvas[role="img"]')).toHaveAttribute('aria-label', 'A red and blue flag')
})

test('the Alt text and Add a signature dialogs are centred modal dialogs: focus kept inside, Escape closes, focus returns (desktop and phone)', async ({ page }) => {
	for (const viewport of [
		{ width: 1366, height: 900 },
		{ width: 390, height: 844 },
	]) {
		await page.setViewportSize(viewport)
		await openPdf(page, 'three.pdf', { fit: viewport.width > 600 })
		const stamp = await addImage(page)
		await stamp.click()
		const altButton = stamp.locator('button.altText')
		await altButton.click()
		const altDialog = page.getByTestId('pdf-alt-text-dialog')
		await expectCentredModal(page, altDialog)
		await page.keyboard.press('Escape')
		await expect(altDialog).toBeHidden()
		await expect(altButton).toBeFocused()

		const signatureButton = page.getByTestId('pdf-tool-signature')
		await signatureButton.click()
		const signatureDialog = page.getByTestId('pdf-signature-dialog')
		await expectCentredModal(page, signatureDialog)
		await page.keyboard.press('Escape')
		await expect(signatureDialog).toBeHidden()
		await expect(signatureButton).toBeFocused()
	}
})

test('placed sizes: a 600 × 800 picture at most half the page, a drawn signature about a quarter of its width, in the middle of the view', async ({ page }) => {
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'stamp')
	await page.getByTestId('pdf-stamp-input').setInputFiles(file('portrait.png'))
	await expect(page.locator('.stampEditor canvas')).toHaveCount(1)
	const picture = page.locator('.stampEditor').first()
	// Move it aside so the signature is not on top of it.
	await picture.click()
	for (let step = 0; step < 12; step++) await page.keyboard.press('Control+ArrowUp')
	await chooseTool(page, 'signature')
	const canvas = (await page.getByTestId('pdf-signature-canvas').boundingBox())!
	// Drawn across the whole box (a long signature: the trimmed picture is about 580 px wide).
	await drawStroke(page, { x: canvas.x + 10, y: canvas.y + 40 }, { x: canvas.x + canvas.width - 10, y: canvas.y + canvas.height - 40 })
	await page.getByTestId('pdf-signature-place').click()
	await expect(page.locator('.stampEditor canvas')).toHaveCount(2)
	const stamps = only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')
	expect(stamps).toHaveLength(2)
	const size = (rect: [number, number, number, number]) => ({ width: (rect[2] - rect[0]) / A4.width, height: (rect[3] - rect[1]) / A4.height })
	const [portrait, signature] = [...stamps].sort((a, b) => size(b.rect).height - size(a.rect).height)
	const pictureSize = size(portrait!.rect)
	expect(pictureSize.width).toBeLessThanOrEqual(0.5 + 0.005)
	expect(pictureSize.height).toBeLessThanOrEqual(0.5 + 0.005)
	// Its shape kept, and not shrunk more than needed (one side at half the page).
	expect(Math.max(pictureSize.width, pictureSize.height)).toBeGreaterThan(0.45)
	expect((portrait!.rect[3] - portrait!.rect[1]) / (portrait!.rect[2] - portrait!.rect[0])).toBeCloseTo(800 / 600, 1)
	const signatureSize = size(signature!.rect)
	expect(signatureSize.width).toBeGreaterThan(0.2)
	expect(signatureSize.width).toBeLessThan(0.3)
	// In the middle of the visible page (Fit page: the whole page is in view).
	expect(Math.abs(centre(signature!.rect).x - A4.width / 2)).toBeLessThan(30)
	expect(Math.abs(centre(signature!.rect).y - A4.height / 2)).toBeLessThan(60)
})

test('no uncaught errors: a highlight, a picture and a signature (the suite fails on any page error)', async ({ page }) => {
	const errors: Array<string> = []
	page.on('pageerror', (error) => errors.push(error.message))
	await openPdf(page, 'three.pdf')
	await chooseTool(page, 'highlight')
	const text = page.locator('.pdfViewer .page[data-page-number="1"] .textLayer span').first()
	const span = (await text.boundingBox())!
	await drawStroke(page, { x: span.x + 2, y: span.y + span.height / 2 }, { x: span.x + span.width - 2, y: span.y + span.height / 2 })
	await expect(page.locator('.highlightEditor')).toHaveCount(1)
	await page.locator('.highlightEditor').click()
	await addImage(page)
	await chooseTool(page, 'signature')
	await page.getByTestId('pdf-signature-type-tab').click()
	await page.getByTestId('pdf-signature-name').fill('Ada Lovelace')
	await page.getByTestId('pdf-signature-place').click()
	await expect(page.locator('.stampEditor canvas')).toHaveCount(2)
	// The signature's suggested alt text is there to review (pdf.js orders the stamps by position in the page).
	await expect(page.locator('.stampEditor button.altText[data-l10n-id="pdfjs-editor-new-alt-text-to-review-button"]')).toHaveCount(1)
	// The document is saved (every annotation serialised) without an error either.
	expect(only(qpdfAnnotations(await downloadEdited(page)), 'Stamp')).toHaveLength(2)
	expect(errors).toEqual([])
})

/** How far the drawn page's right edge passes the viewer's visible box (≤ 0: nothing cut off), and the horizontal scroll. */
async function rightEdgeOverflow(page: Page) {
	return page.getByTestId('pdf-viewer-container').evaluate((container) => {
		const canvas = container.querySelector('.page[data-page-number="1"] .canvasWrapper')!.getBoundingClientRect()
		const box = container.getBoundingClientRect()
		return { overflow: canvas.right - (box.left + container.clientWidth), scroll: container.scrollWidth - container.clientWidth, width: canvas.width, room: container.clientWidth }
	})
}

test('fit width is redone whenever the viewer changes size: thumbnails open and closed, the window resized', async ({ page }) => {
	await openPdf(page, 'three.pdf', { fit: false })
	await expect(page.getByTestId('pdf-zoom')).toHaveValue('page-width')
	const fitted = await rightEdgeOverflow(page)
	expect(fitted.overflow).toBeLessThanOrEqual(1)
	await page.getByTestId('pdf-thumbnails-toggle').click()
	await expect(page.getByTestId('pdf-thumbnails').getByRole('button')).toHaveCount(3)
	// Narrower now: the page is fitted again, its right edge inside the viewer, no sideways scroll.
	await expect.poll(async () => (await rightEdgeOverflow(page)).overflow).toBeLessThanOrEqual(1)
	await expect.poll(async () => (await rightEdgeOverflow(page)).scroll).toBeLessThanOrEqual(1)
	// Still "fit width": the page fills the room (not just shrunk).
	const withThumbnails = await rightEdgeOverflow(page)
	expect(withThumbnails.width).toBeGreaterThan(withThumbnails.room * 0.85)
	await page.getByTestId('pdf-thumbnails-toggle').click()
	await expect.poll(async () => (await rightEdgeOverflow(page)).width).toBeGreaterThan(withThumbnails.width + 50)
	await page.setViewportSize({ width: 1000, height: 1000 })
	await expect.poll(async () => (await rightEdgeOverflow(page)).overflow).toBeLessThanOrEqual(1)
	await expect.poll(async () => (await rightEdgeOverflow(page)).scroll).toBeLessThanOrEqual(1)
})

test('at 1366 × 900 the opened PDF is in view and each toolbar is one row', async ({ page }) => {
	await page.setViewportSize({ width: 1366, height: 900 })
	await openPdf(page, 'three.pdf', { fit: false })
	const viewport = page.viewportSize()!
	// The view toolbar at the top of the window (below the site's header), the pages under it filling the rest.
	const toolbar = (await page.getByRole('toolbar', { name: 'View' }).boundingBox())!
	const header = (await page.locator('header').first().boundingBox())!
	await expect.poll(async () => (await page.getByRole('toolbar', { name: 'View' }).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
	expect(toolbar.y).toBeLessThan(viewport.height / 3)
	const pages = (await page.getByTestId('pdf-viewer-container').boundingBox())!
	expect(Math.min(pages.y + pages.height, viewport.height) - pages.y).toBeGreaterThan(viewport.height * 0.5)
	// One row: every control's vertical middle on the same line.
	for (const name of ['View', 'Edit']) {
		const middles = await page.getByRole('toolbar', { name }).evaluate((bar) =>
			[...bar.children].filter((child) => (child as HTMLElement).offsetParent !== null).map((child) => {
				const box = child.getBoundingClientRect()
				return Math.round(box.top + box.height / 2)
			}),
		)
		expect(Math.max(...middles) - Math.min(...middles), `${name} toolbar on one row`).toBeLessThanOrEqual(4)
	}
	// Still one row with a change made (the "Unsaved changes" note shows).
	await chooseTool(page, 'ink')
	const { at } = await pageGeometry(page, 1)
	await drawStroke(page, at(0.3, 0.3), at(0.6, 0.35))
	await chooseTool(page, 'none')
	await expect(page.getByTestId('pdf-unsaved')).toBeVisible()
	const middles = await page.getByRole('toolbar', { name: 'Edit' }).evaluate((bar) =>
		[...bar.children].map((child) => {
			const box = child.getBoundingClientRect()
			return Math.round(box.top + box.height / 2)
		}),
	)
	expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4)
})

test('"PDF Editor" in the menu, the sidebar and /tools/pdf-editor lands in View & edit', async ({ page, request }) => {
	const response = await request.get('/tools/pdf-editor', { maxRedirects: 0 })
	expect(response.status()).toBe(301)
	expect(response.headers()['location']).toBe('/tools/pdf-converter?mode=edit')
	await page.goto('/tools/json-formatter')
	await page.getByTestId('tool-sidebar').getByRole('link', { name: 'PDF Editor' }).click()
	await expect(page).toHaveURL(/\/tools\/pdf-converter\?mode=edit$/)
	await expect(page.getByTestId('pdf-mode-edit')).toHaveAttribute('aria-current', 'page')
	await expect(page.getByTestId('pdf-viewer-input')).toBeEnabled()
	// The phone menu.
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto('/tools/json-formatter')
	await page.getByTestId('mobile-menu-button').click()
	await page.locator('#site-menu').getByRole('link', { name: 'PDF Editor' }).click()
	await expect(page).toHaveURL(/\/tools\/pdf-converter\?mode=edit$/)
	await expect(page.getByTestId('pdf-mode-edit')).toHaveAttribute('aria-current', 'page')
})
