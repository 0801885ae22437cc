/**
 * The PDF Tools page (/tools/pdf-converter), Convert mode, in Chromium
 * against the production build: files added with the picker and by a drop,
 * reordered with the keyboard's buttons and by dragging, and the merged PDF
 * read back by qpdf and pdftotext in that order; rotate, split, PDF → PNG,
 * PDF → text and images → PDF checked by independent readers; a
 * password-protected PDF and bad page ranges answered next to their field;
 * the retention stated before upload and the expiry after; Delete now; the
 * same form without JavaScript; a phone's width; axe in both themes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Download, type Page } from '../fixtures.ts'
import { pdftotext, pdftoppmSizes, pngSize, qpdfEncrypt, qpdfPageCount, qpdfRotations, unzipList } from '#app/tools/pdf-converter/pdf-readers.server.ts'
import { twoColourJpeg, twoColourPng } from '#app/tools/pdf-converter/test-images.server.ts'
import { encryptPdf, pdftotextWith, qpdfIsEncrypted, qpdfShowEncryption } from '#app/tools/pdf-converter/test-locked-pdfs.server.ts'
import { textPdf } from '#app/tools/pdf-converter/test-pdfs.ts'
import { createAccount, logIn } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from '../utils.ts'

const PATH = '/tools/pdf-converter'

/** The test's files, written once per worker. */
let dir: string
const file = (name: string) => path.join(dir, name)

test.beforeAll(async () => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-page-e2e-'))
	writeFileSync(file('alpha.pdf'), await textPdf({ pages: 2, text: (page) => `Alpha page ${page}` }))
	writeFileSync(file('beta.pdf'), await textPdf({ pages: 1, text: () => 'Beta only page' }))
	writeFileSync(file('gamma.pdf'), await textPdf({ pages: 1, text: () => 'Gamma only page' }))
	writeFileSync(file('twenty.pdf'), await textPdf({ pages: 20 }))
	writeFileSync(file('three.pdf'), await textPdf({ pages: 3, text: (page, total) => `Three page ${page} of ${total}` }))
	// A Letter page, so PDF → PNG's size is not A4's by accident.
	writeFileSync(file('letter.pdf'), await textPdf({ pages: 1, size: [612, 792], text: () => 'Letter page' }))
	writeFileSync(file('locked.pdf'), qpdfEncrypt(await textPdf({ pages: 1 }), { user: 'secret', owner: 'owner secret' }))
	writeFileSync(file('locked-two.pdf'), encryptPdf(await textPdf({ pages: 2, text: (page) => `Locked two page ${page}` }), { user: 'Open sesame 5', owner: 'owner secret', cipher: 'rc4-128' }))
	writeFileSync(file('restricted.pdf'), encryptPdf(await textPdf({ pages: 1, text: () => 'Restricted page' }), { user: '', owner: 'owner secret', restrict: ['--print=none', '--extract=n'] }))
	writeFileSync(file('red-blue.png'), twoColourPng('rgb', 120, 80, [255, 0, 0], [0, 0, 255]))
	writeFileSync(file('green.jpg'), await twoColourJpeg(64, 96, [0, 160, 0], [255, 255, 255]))
	writeFileSync(
		file('a very long file name that goes on and on for a phone screen without any spaces-in-it-at-all-really.pdf'),
		await textPdf({ pages: 1 }),
	)
})

async function openPage(page: Page, operation: string) {
	await page.goto(`${PATH}?operation=${operation}`)
	// Hydrated: the form now sends through the API, with progress.
	await expect(page.locator('form[data-hydrated]')).toBeAttached()
}

async function bytesOf(download: Download): Promise<Uint8Array> {
	const saved = await download.path()
	expect(saved, 'the download was saved').toBeTruthy()
	return new Uint8Array(readFileSync(saved!))
}

/** Presses the operation's button, waits for the result and downloads it. */
async function runAndDownload(page: Page) {
	await page.getByTestId('pdf-submit').click()
	const link = page.getByTestId('pdf-download')
	await expect(link).toBeVisible({ timeout: 60_000 })
	const downloading = page.waitForEvent('download')
	await link.click()
	const download = await downloading
	return { download, bytes: await bytesOf(download), href: (await link.getAttribute('href'))! }
}

/** Drops files on the drop zone as a file manager would: a DataTransfer with the files. */
async function dropFiles(page: Page, names: Array<string>) {
	const files = names.map((name) => ({ name, type: name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'image/jpeg', base64: readFileSync(file(name)).toString('base64') }))
	await page.getByTestId('pdf-dropzone').evaluate((zone, dropped) => {
		const transfer = new DataTransfer()
		for (const each of dropped) transfer.items.add(new File([Uint8Array.from(atob(each.base64), (c) => c.charCodeAt(0))], each.name, { type: each.type }))
		zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }))
		zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }))
	}, files)
}

/** Records every state the status shows from now on ("processing: Merging PDFs… 0 sReading 3 files"), as it changes. */
async function recordPhases(page: Page) {
	await page.getByTestId('pdf-status').evaluate((status) => {
		const seen = new Set<string>()
		;(window as unknown as { __phases: Set<string> }).__phases = seen
		new MutationObserver(() => {
			const phase = status.querySelector('[data-phase]')
			if (phase) seen.add(`${phase.getAttribute('data-phase')}: ${phase.textContent}`)
		}).observe(status, { subtree: true, childList: true, characterData: true })
	})
	return async () => page.evaluate(() => [...(window as unknown as { __phases: Set<string> }).__phases])
}

const listed = (page: Page) => page.getByTestId('pdf-file').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')))

test.describe('with JavaScript', () => {
	test('merge: files picked and dropped, reordered with the buttons and by dragging, merged in that order with progress shown', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await openPage(page, 'merge')
		// Stated before anything is uploaded: the admin's retention (1 hour by default).
		await expect(page.getByTestId('pdf-retention')).toContainText('Results are deleted after 1 hour.')

		await page.getByTestId('pdf-file-input').setInputFiles([file('alpha.pdf'), file('beta.pdf')])
		await dropFiles(page, ['gamma.pdf'])
		expect(await listed(page)).toEqual(['alpha.pdf', 'beta.pdf', 'gamma.pdf'])
		const rows = page.getByTestId('pdf-file')
		await expect(rows.first()).toContainText('PDF')
		await expect(rows.first()).toContainText(/\d+(\.\d+)? KB/)

		// The keyboard's way: Move gamma up, announced.
		await page.getByRole('button', { name: 'Move gamma.pdf up' }).click()
		expect(await listed(page)).toEqual(['alpha.pdf', 'gamma.pdf', 'beta.pdf'])
		await expect(page.getByTestId('pdf-announce')).toHaveText('Moved gamma.pdf to position 2 of 3.')
		await expect(page.getByRole('button', { name: 'Move gamma.pdf up' })).toBeFocused()
		await page.keyboard.press('Enter')
		expect(await listed(page)).toEqual(['gamma.pdf', 'alpha.pdf', 'beta.pdf'])
		// The first file cannot go further up.
		await expect(page.getByRole('button', { name: 'Move gamma.pdf up' })).toBeDisabled()

		// Dragging: beta (last) onto the first row.
		await rows.nth(2).dragTo(rows.nth(0))
		expect(await listed(page)).toEqual(['beta.pdf', 'gamma.pdf', 'alpha.pdf'])
		await expect(page.getByTestId('pdf-announce')).toHaveText('Moved beta.pdf to position 1 of 3.')

		// Remove and add back: the list and the announcement follow.
		await page.getByRole('button', { name: 'Remove gamma.pdf' }).click()
		await expect(page.getByTestId('pdf-announce')).toHaveText('Removed gamma.pdf.')
		await dropFiles(page, ['gamma.pdf'])
		expect(await listed(page)).toEqual(['beta.pdf', 'alpha.pdf', 'gamma.pdf'])

		// Every phase the status showed, caught as it changes; the answer streamed as NDJSON.
		const phasesSeen = await recordPhases(page)
		const answered = page.waitForResponse((response) => response.url().endsWith('/api/convert/upload'))
		const { bytes, download } = await runAndDownload(page)
		const response = await answered
		expect(response.request().headers()['accept']).toContain('application/x-ndjson')
		expect(response.headers()['content-type']).toContain('application/x-ndjson')
		const phases = await phasesSeen()
		expect(phases.some((phase) => /^uploading: Uploading…/.test(phase)), phases.join(' | ')).toBe(true)
		expect(phases.some((phase) => /^processing: Merging PDFs… \d+ s/.test(phase)), phases.join(' | ')).toBe(true)

		// Named for what was done (issue 29, item 23).
		expect(download.suggestedFilename()).toBe('beta-and-2-more-merged.pdf')
		expect(qpdfPageCount(bytes)).toBe(4)
		const text = pdftotext(bytes)
		const order = ['Beta only page', 'Alpha page 1', 'Alpha page 2', 'Gamma only page'].map((line) => text.indexOf(line))
		expect(order.every((at) => at >= 0), text).toBe(true)
		expect([...order].sort((a, b) => a - b)).toEqual(order)

		const result = page.getByTestId('pdf-result')
		await expect(result).toContainText('4 pages')
		await expect(page.getByTestId('pdf-result-name')).toContainText(download.suggestedFilename())
		// The expiry in the reader's local time: "Deleted automatically at 10:42, in 1 hour.", with the day
		// when that is tomorrow (a run in the hour before midnight): "at 12:36 AM on Fri, Nov 27, in 1 hour."
		await expect(page.getByTestId('pdf-expiry')).toHaveText(
			/Deleted automatically at \d{1,2}:\d{2}( [AP]M)?( on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})?, in (1 hour|60 minutes|59 minutes)\./,
		)
		await expect(page.getByTestId('pdf-announce')).toContainText('is ready to download')
		expect(errors).toEqual([])
	})

	test('rotate: the chosen pages get /Rotate; Delete now removes the result (then 404)', async ({ page }) => {
		await openPage(page, 'rotate')
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		await page.getByTestId('pdf-opt-angle').getByText('270°').click()
		await page.getByTestId('pdf-opt-pages').fill('1,3')
		const { bytes, href } = await runAndDownload(page)
		expect(qpdfRotations(bytes)).toEqual([270, 0, 270])

		expect((await page.request.get(href)).status()).toBe(200)
		await page.getByTestId('pdf-delete').click()
		await expect(page.getByTestId('pdf-deleted')).toContainText('was deleted')
		expect((await page.request.get(href)).status()).toBe(404)
	})

	test('signed in: the result is the account’s (no delete token), and Delete now works with the session', async ({ page }) => {
		await logIn(page, await createAccount(page.request))
		await openPage(page, 'rotate')
		await page.getByTestId('pdf-file-input').setInputFiles(file('beta.pdf'))
		const answered = page.waitForResponse((response) => response.url().endsWith('/api/convert/upload'))
		const { href } = await runAndDownload(page)
		// The stream's result line: the usual 201 body, without deleteToken for an account.
		const lines = (await (await answered).text()).trim().split('\n').map((line) => JSON.parse(line) as { type: string; body?: Record<string, unknown> })
		const result = lines.at(-1)!
		expect(result.type).toBe('result')
		expect(result.body).not.toHaveProperty('deleteToken')
		await expect(page.getByTestId('pdf-expiry')).toContainText('it is also listed on your profile')
		await page.getByTestId('pdf-delete').click()
		await expect(page.getByTestId('pdf-deleted')).toContainText('beta')
		expect((await page.request.get(href)).status()).toBe(404)
	})

	test('split every page: a ZIP with one PDF a page', async ({ page }) => {
		await openPage(page, 'split')
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		await expect(page.getByTestId('pdf-opt-mode').getByRole('radio', { name: 'Every page' })).toBeChecked()
		// The ranges field shows only for "By ranges".
		await expect(page.getByTestId('pdf-opt-ranges')).toHaveCount(0)
		const { bytes, download } = await runAndDownload(page)
		expect(download.suggestedFilename()).toBe('three-split-into-pages.zip')
		const entries = unzipList(bytes)
		expect(entries).toHaveLength(3)
		for (const entry of entries) expect(entry).toMatch(/\.pdf$/)
	})

	test('PDF to PNG at 72 dpi: the PNG is the size pdftoppm draws', async ({ page }) => {
		await openPage(page, 'pdf-to-images')
		await page.getByTestId('pdf-file-input').setInputFiles(file('letter.pdf'))
		await expect(page.getByTestId('pdf-opt-dpi')).toHaveValue('150')
		await page.getByTestId('pdf-opt-dpi').fill('72')
		const { bytes } = await runAndDownload(page)
		expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
		const size = pngSize(bytes)
		const [reference] = pdftoppmSizes(new Uint8Array(readFileSync(file('letter.pdf'))), 72)
		expect(Math.abs(size.width - reference!.width)).toBeLessThanOrEqual(1)
		expect(Math.abs(size.height - reference!.height)).toBeLessThanOrEqual(1)
		expect(size).toEqual({ width: expect.closeTo(612, -1), height: expect.closeTo(792, -1) })
	})

	test('a longer run: the server’s stage and count stream in while it works', async ({ page }) => {
		await openPage(page, 'pdf-to-images')
		await page.getByTestId('pdf-file-input').setInputFiles(file('twenty.pdf'))
		await page.getByTestId('pdf-opt-dpi').fill('100')
		const phasesSeen = await recordPhases(page)
		const { bytes } = await runAndDownload(page)
		const phases = await phasesSeen()
		expect(phases.some((phase) => /^processing: Converting pages to PNG… \d+ sRendering the pages: \d+ of 20$/.test(phase)), phases.join(' | ')).toBe(true)
		expect(unzipList(bytes).filter((name) => name.endsWith('.png'))).toHaveLength(20)
		await expect(page.getByTestId('pdf-result')).toContainText('20 pages')
	})

	test('PDF to text, and images to PDF from a PNG and a JPEG', async ({ page }) => {
		await openPage(page, 'pdf-to-text')
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		const text = Buffer.from((await runAndDownload(page)).bytes).toString('utf8')
		for (const page of [1, 2, 3]) expect(text).toContain(`Three page ${page} of 3`)
		expect(text.indexOf('Three page 1')).toBeLessThan(text.indexOf('Three page 3'))

		await page.getByTestId('pdf-op-images-to-pdf').click()
		await expect(page.getByTestId('pdf-options')).toHaveAttribute('data-operation', 'images-to-pdf')
		// The PDF still listed is not an image: checked before sending.
		await page.getByTestId('pdf-submit').click()
		await expect(page.getByTestId('pdf-files-error')).toHaveText('Images to PDF takes PNG or JPEG images: “three.pdf” is not one.')
		await page.getByRole('button', { name: 'Remove three.pdf' }).click()
		await dropFiles(page, ['red-blue.png'])
		await page.getByTestId('pdf-file-input').setInputFiles(file('green.jpg'))
		await expect(page.getByTestId('pdf-file').nth(1)).toContainText('JPEG image')
		await page.getByTestId('pdf-opt-pageSize').getByText('A4', { exact: true }).click()
		const { bytes } = await runAndDownload(page)
		expect(qpdfPageCount(bytes)).toBe(2)
	})

	test('checked before sending: too few files, a bad range next to its field; the server’s answers next to theirs', async ({ page }) => {
		await openPage(page, 'merge')
		await page.getByTestId('pdf-file-input').setInputFiles(file('alpha.pdf'))
		await page.getByTestId('pdf-submit').click()
		await expect(page.getByTestId('pdf-files-error')).toHaveText('Merge needs at least two PDFs: add another.')
		await expect(page.getByTestId('pdf-file-input')).toBeFocused()

		await page.getByTestId('pdf-op-extract-pages').click()
		await expect(page.getByTestId('pdf-options')).toHaveAttribute('data-operation', 'extract-pages')
		await page.getByTestId('pdf-opt-pages').fill('5-2')
		await page.getByTestId('pdf-submit').click()
		await expect(page.getByTestId('pdf-opt-pages-error')).toHaveText('"5-2" goes backwards: write 2-5.')
		await expect(page.getByTestId('pdf-opt-pages')).toBeFocused()
		await expect(page.getByTestId('pdf-opt-pages')).toHaveAttribute('aria-invalid', 'true')

		// Past the end: only the server knows the page count; its 400 shows under the field.
		await page.getByTestId('pdf-opt-pages').fill('9')
		await expect(page.getByTestId('pdf-opt-pages-error')).toHaveCount(0)
		await page.getByTestId('pdf-submit').click()
		const field = page.getByTestId('pdf-options').locator('div', { has: page.locator('#pdf-opt-pages') })
		await expect(field.getByTestId('pdf-error').first()).toContainText('Page 9 does not exist: the document has 2 pages.')

		// A password-protected PDF: said plainly under the password field, with what to do.
		await page.getByRole('button', { name: 'Remove alpha.pdf' }).click()
		await page.getByTestId('pdf-op-rotate').click()
		await page.getByTestId('pdf-file-input').setInputFiles(file('locked.pdf'))
		await page.getByTestId('pdf-submit').click()
		const alert = page.locator('[data-testid="pdf-error"][data-reason="encrypted"]')
		await expect(alert).toContainText('“locked.pdf” is password-protected')
		await expect(alert).toContainText('Enter its password in “PDF password”')
		await expect(page.getByTestId('pdf-protection').getByRole('alert')).toBeVisible()
	})

	test('the password field (issue 29): on every operation that reads PDFs, labelled, never shown; a wrong password said under it; the right one opens the file, and Keep the password keeps it', async ({ page }) => {
		await openPage(page, 'merge')
		for (const operation of ['merge', 'split', 'extract-pages', 'delete-pages', 'reorder-pages', 'rotate', 'page-numbers', 'watermark', 'metadata', 'pdf-to-text', 'pdf-to-images']) {
			await page.getByTestId(`pdf-op-${operation}`).click()
			await expect(page.getByTestId('pdf-options')).toHaveAttribute('data-operation', operation)
			const password = page.getByLabel('PDF password')
			await expect(password, operation).toBeVisible()
			await expect(password, operation).toHaveAttribute('type', 'password')
			await expect(password, operation).toHaveAttribute('autocomplete', 'off')
			await expect(password, operation).toHaveAttribute('name', 'password')
			await expect(page.getByLabel('Keep the password on the result'), operation).toHaveCount(operation.startsWith('pdf-to-') ? 0 : 1)
		}
		// Merge: one password for every file that needs one, said by the hint.
		await page.getByTestId('pdf-op-merge').click()
		await expect(page.locator('#pdf-password-hint')).toContainText('One password for every file that asks for one')

		await page.getByTestId('pdf-op-rotate').click()
		await page.getByTestId('pdf-file-input').setInputFiles(file('locked-two.pdf'))
		await page.getByLabel('PDF password').fill('not the password')
		await page.getByTestId('pdf-submit').click()
		const wrong = page.getByTestId('pdf-protection').locator('[data-testid="pdf-error"][data-reason="wrong-password"]')
		await expect(wrong).toContainText('The password given is not the password of "locked-two.pdf"')
		await expect(page.getByLabel('PDF password')).toHaveAttribute('aria-invalid', 'true')
		await expectNoSeriousA11yViolations(page)

		await page.getByLabel('PDF password').fill('Open sesame 5')
		await expect(wrong).toHaveCount(0)
		const plain = await runAndDownload(page)
		expect(qpdfIsEncrypted(plain.bytes)).toBe(false)
		expect(qpdfRotations(plain.bytes)).toEqual([90, 90])
		await expect(page.getByTestId('pdf-notes')).toContainText('"locked-two.pdf" was opened with the password given; the result has no password.')

		await page.getByLabel('Keep the password on the result').check()
		const kept = await runAndDownload(page)
		expect(qpdfShowEncryption(kept.bytes, 'Open sesame 5')).toMatch(/R = 6/)
		expect(pdftotextWith(kept.bytes, 'Open sesame 5')).toContain('Locked two page 2')
		await expect(page.getByTestId('pdf-notes')).toContainText('protected with the same password (AES-256)')
		await expectNoSeriousA11yViolations(page)
		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await expectNoSeriousA11yViolations(page)
	})

	test('a PDF restricted by its owner: converted without a password, the result saying the restrictions were not kept', async ({ page }) => {
		await openPage(page, 'pdf-to-text')
		await page.getByTestId('pdf-file-input').setInputFiles(file('restricted.pdf'))
		const { bytes } = await runAndDownload(page)
		expect(new TextDecoder().decode(bytes)).toContain('Restricted page')
		await expect(page.getByTestId('pdf-notes')).toContainText('"restricted.pdf" had restrictions set by its owner (no printing, no copying): they were not kept, the result has none.')
	})

	test('a phone’s width: nothing scrolls sideways, with long names listed and a result shown', async ({ page }) => {
		await page.setViewportSize({ width: 375, height: 800 })
		await openPage(page, 'merge')
		const long = 'a very long file name that goes on and on for a phone screen without any spaces-in-it-at-all-really.pdf'
		await page.getByTestId('pdf-file-input').setInputFiles([file(long), file('beta.pdf')])
		await runAndDownload(page)
		await page.getByTestId('pdf-op-page-numbers').click()
		await expect(page.getByTestId('pdf-options')).toHaveAttribute('data-operation', 'page-numbers')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
	})

	test('axe in the light and the dark theme, with files listed, options and a result', async ({ page }) => {
		await openPage(page, 'watermark')
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		await page.getByTestId('pdf-opt-text').fill('DRAFT')
		await runAndDownload(page)
		await expectNoSeriousA11yViolations(page)
		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts to the page, which links to the result (201); the link downloads it and Delete now deletes it', async ({ page, browser }) => {
		await page.goto(`${PATH}?operation=merge`)
		await expect(page.getByTestId('pdf-retention')).toContainText('Results are deleted after 1 hour.')
		await expect(page.getByTestId('pdf-files')).toContainText('in the order you pick them')
		await page.getByTestId('pdf-file-input').setInputFiles([file('gamma.pdf'), file('alpha.pdf')])
		const answered = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		const response = await answered
		expect(response.status()).toBe(201)
		expect(response.headers()['location']).toMatch(/^\/api\/pdf\/[A-Za-z0-9_-]{22}$/)

		// The answer opens at the result (the form posts to #pdf-answer).
		expect(page.url()).toMatch(/\?operation=merge#pdf-answer$/)
		await expect(page.getByTestId('pdf-result')).toBeInViewport()
		const link = page.getByTestId('pdf-download')
		const href = (await link.getAttribute('href'))!
		expect(href).toBe(response.headers()['location'])
		await expect(page.getByTestId('pdf-expiry')).toHaveText(/Deleted automatically at \d{2}:\d{2} UTC on \d{4}-\d{2}-\d{2}, 1 hour after it was made\./)
		const downloading = page.waitForEvent('download')
		await link.click()
		const bytes = await bytesOf(await downloading)
		expect(qpdfPageCount(bytes)).toBe(3)
		const text = pdftotext(bytes)
		expect(text.indexOf('Gamma only page')).toBeLessThan(text.indexOf('Alpha page 1'))
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)

		await page.getByTestId('pdf-delete').click()
		await expect(page.getByTestId('pdf-deleted')).toContainText('was deleted')
		expect((await page.request.get(href)).status()).toBe(404)
	})

	test('the password field posts with the form: a wrong one answers 422 under the field, which comes back empty; the right one links to the result', async ({ page }) => {
		await page.goto(`${PATH}?operation=extract-pages`)
		await expect(page.getByLabel('PDF password')).toHaveAttribute('type', 'password')
		await page.getByTestId('pdf-file-input').setInputFiles(file('locked-two.pdf'))
		await page.getByTestId('pdf-opt-pages').fill('2')
		await page.getByLabel('PDF password').fill('Wrong guess 3')
		const answered = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		expect((await answered).status()).toBe(422)
		await expect(page.getByTestId('pdf-protection').getByRole('alert')).toContainText('is not the password of "locked-two.pdf"')
		await expect(page.getByLabel('PDF password')).toHaveValue('')
		expect(await page.content()).not.toContain('Wrong guess 3')

		await page.getByTestId('pdf-file-input').setInputFiles(file('locked-two.pdf'))
		await page.getByLabel('PDF password').fill('Open sesame 5')
		const created = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		expect((await created).status()).toBe(201)
		expect(await page.content()).not.toContain('Open sesame 5')
		await expect(page.getByTestId('pdf-notes')).toContainText('the result has no password')
		const downloading = page.waitForEvent('download')
		await page.getByTestId('pdf-download').click()
		const bytes = await bytesOf(await downloading)
		expect(qpdfIsEncrypted(bytes)).toBe(false)
		expect(pdftotext(bytes)).toContain('Locked two page 2')
	})

	test('an error answers the page at its status, with the message next to the field', async ({ page }) => {
		await page.goto(`${PATH}?operation=extract-pages`)
		await page.getByTestId('pdf-file-input').setInputFiles(file('three.pdf'))
		await page.getByTestId('pdf-opt-pages').fill('2-9')
		const answered = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		expect((await answered).status()).toBe(400)
		const field = page.getByTestId('pdf-options').locator('div', { has: page.locator('#pdf-opt-pages') })
		await expect(field.getByTestId('pdf-error').first()).toContainText('"2-9" goes beyond the last page: the document has 3 pages.')
		await expect(page.getByTestId('pdf-opt-pages')).toHaveValue('2-9')
		await expect(page.getByTestId('pdf-files')).toContainText('Choose the file again')

		// Over the upload limit (25 MB by default): 413, said by the file box.
		writeFileSync(file('big.pdf'), new Uint8Array(25 * 1024 * 1024 + 4096))
		await page.getByTestId('pdf-file-input').setInputFiles(file('big.pdf'))
		const refused = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByTestId('pdf-submit').click()
		expect((await refused).status()).toBe(413)
		await expect(page.getByTestId('pdf-files').getByRole('alert')).toHaveText('A file is too large (limit 25 MB)')
	})
})
