/**
 * The Markdown to DOCX page (/tools/markdown-to-docx) in Chromium: the live
 * preview is the blog's sanitised rendering (markup in the Markdown never
 * runs), the options reach the document (page size and orientation read
 * from word/document.xml), the download is a real .docx that pandoc reads
 * back, the report lists what was dropped with its line, a Markdown file
 * opened with its picture embeds it, the browser's own checks, errors in an
 * alert, typing over a 200 KB document, phone layout, accessibility in both
 * themes; and the same form without JavaScript, answered with the file.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Download, type Page } from '../fixtures.ts'
import { outlineOfDocx } from '#app/tools/markdown-to-docx/docx-readers.server.ts'
import { PNG_1X1 } from '#app/tools/markdown-to-docx/test-images.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from '../utils.ts'

const PATH = '/tools/markdown-to-docx'

/** The .docx of a download, and its parts read with `unzip`. */
function readDocx(file: string) {
	const bytes = new Uint8Array(readFileSync(file))
	return {
		bytes,
		part: (name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8'),
		entries: () => execFileSync('unzip', ['-Z1', file]).toString('utf8').trim().split('\n'),
	}
}

async function saved(download: Download) {
	const file = await download.path()
	expect(file, 'the download was saved').toBeTruthy()
	return readDocx(file!)
}

/** `<w:pgSz …/>` of the document's section, as numbers and the orientation. */
function pageSizeOf(documentXml: string) {
	const tag = /<w:pgSz\b[^>]*\/>/.exec(documentXml)?.[0] ?? ''
	const attribute = (name: string) => new RegExp(`w:${name}="([^"]*)"`).exec(tag)?.[1]
	return { width: Number(attribute('w')), height: Number(attribute('h')), orient: attribute('orient') ?? 'portrait' }
}

async function openPage(page: Page, url = PATH) {
	await page.goto(url)
	// Hydrated: the form now converts through the API and previews as you type.
	await expect(page.locator('form[data-hydrated]')).toBeAttached()
}

/** Puts text in the box as a paste would (one input event), fast even for megabytes. */
async function pasteMarkdown(page: Page, text: string) {
	await page.getByTestId('md-input').evaluate((element, value) => {
		const textarea = element as HTMLTextAreaElement
		Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value)
		textarea.dispatchEvent(new Event('input', { bubbles: true }))
	}, text)
}

async function convertAndDownload(page: Page) {
	await page.getByTestId('md-convert').click()
	const button = page.getByTestId('md-download')
	await expect(button).toBeVisible()
	const downloading = page.waitForEvent('download')
	await button.click()
	return downloading
}

test.describe('with JavaScript', () => {
	test('the preview is the blog’s sanitised rendering: markup in the Markdown never runs or shows', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		const dialogs: Array<string> = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		await openPage(page)
		await pasteMarkdown(
			page,
			[
				'# Safe *preview*',
				'',
				'<script>window.__pwned = "script"</script>',
				'',
				'<img src="x" onerror="window.__pwned = \'onerror\'; alert(1)">',
				'',
				'<a href="javascript:alert(2)" onclick="alert(3)">a link</a> and [another](javascript:alert(4))',
				'',
				'```js',
				'const answer = 42',
				'```',
				'',
				'| a | b |',
				'|---|---|',
				'| 1 | 2 |',
			].join('\n'),
		)
		const preview = page.getByTestId('md-preview-html')
		// The blog's renderer: `#` is a section heading (h2) with its anchor, ids kept apart from the page's.
		await expect(preview.getByRole('heading', { level: 2, name: /Safe preview/ })).toHaveAttribute('id', 'preview-safe-preview')
		await expect(preview.locator('code.hljs.language-js .hljs-keyword')).toHaveText('const')
		await expect(preview.getByRole('table')).toContainText('1')
		const html = await preview.innerHTML()
		expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i)
		await expect(preview.locator('[onerror], [onclick], script')).toHaveCount(0)
		// The picture that is not in the document shows as its alt text, and is never requested.
		await expect(preview.locator('img')).toHaveCount(0)
		await expect(preview.locator('.md-missing-image')).toHaveText('[picture]')
		await expect(preview.getByText('a link')).toBeVisible()
		expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
		expect(dialogs).toEqual([])
		// Sanitising in the browser parses the hostile markup once, in DOMPurify's inert document;
		// Chromium reports each inline handler it meets there to the CSP (script-src-attr 'none'),
		// which refuses it. Those reports are the only console errors: nothing ran, nothing loaded.
		expect(errors.filter((error) => !/^Executing inline event handler violates the following Content Security Policy directive 'script-src-attr 'none''/.test(error))).toEqual([])
	})

	test('Letter landscape with narrow margins: the document’s page is set from the options', async ({ page }) => {
		await openPage(page)
		await pasteMarkdown(page, '# Wide table\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n')
		await page.getByRole('radio', { name: 'Letter', exact: true }).check({ force: true })
		await page.getByRole('radio', { name: 'Landscape', exact: true }).check({ force: true })
		await page.getByLabel('Margins (mm)').fill('15')
		await page.getByRole('radio', { name: 'Light', exact: true }).check({ force: true })
		const download = await convertAndDownload(page)
		expect(download.suggestedFilename()).toBe('Wide table.docx')
		const docx = await saved(download)
		const documentXml = docx.part('word/document.xml')
		// Letter is 8.5 × 11 in: 12,240 × 15,840 twentieths of a point, turned sideways.
		expect(pageSizeOf(documentXml)).toEqual({ width: 15840, height: 12240, orient: 'landscape' })
		// 15 mm is 850 twentieths of a point.
		expect(documentXml).toMatch(/<w:pgMar\b[^>]*w:top="850"/)

		// A4 portrait, the defaults, for comparison: 210 × 297 mm, 11,906 × 16,838 (the writer rounds down by one).
		await page.getByRole('radio', { name: 'A4', exact: true }).check({ force: true })
		await page.getByRole('radio', { name: 'Portrait', exact: true }).check({ force: true })
		await expect(page.getByTestId('md-status')).toContainText('changed since')
		const again = pageSizeOf((await saved(await convertAndDownload(page))).part('word/document.xml'))
		expect(again.orient).toBe('portrait')
		expect(Math.abs(again.width - 11906)).toBeLessThanOrEqual(1)
		expect(Math.abs(again.height - 16838)).toBeLessThanOrEqual(1)
	})

	test('the download is a real .docx named after the title; pandoc reads its headings; the report lists a remote picture with its line', async ({ page }) => {
		await openPage(page)
		await pasteMarkdown(page, '# Project notes\n\nSome **bold** text.\n\n## Setup\n\n![Diagram](https://example.com/diagram.png)\n\n## Usage\n\nRun it.\n')
		const download = await convertAndDownload(page)
		expect(download.suggestedFilename()).toBe('Project notes.docx')
		const docx = await saved(download)
		expect([...docx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
		expect(outlineOfDocx(docx.bytes).headings).toEqual(['1 Project notes', '2 Setup', '2 Usage'])
		await expect(page.getByTestId('md-status')).toContainText('Converted: Project notes.docx')

		const entries = page.getByTestId('md-report-entry')
		await expect(entries).toHaveCount(1)
		await expect(entries.first()).toHaveAttribute('data-kind', 'remote-image')
		await expect(entries.first()).toHaveText('Line 7: The remote image "https://example.com/diagram.png" was not fetched; its alt text stands in.')
		// The preview shows it as the document does: its alt text.
		await expect(page.getByTestId('md-preview-html').locator('.md-missing-image')).toHaveText('[Diagram]')

		// Without the picture, nothing is dropped, and the report says so.
		await pasteMarkdown(page, '# Project notes\n\nAll here.\n')
		await page.getByTestId('md-convert').click()
		await expect(page.getByTestId('md-report-empty')).toHaveText('Nothing was dropped: everything in your Markdown is in the document.')
		await expect(page.getByTestId('md-report-entry')).toHaveCount(0)
	})

	test('a .md file opened with its PNG: the preview shows the picture and the document embeds it', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await openPage(page)
		const markdown = '# Release\n\n![Our logo](img/logo.png)\n\nText after the logo.\n'
		await page.getByTestId('md-open-files').setInputFiles([
			{ name: 'release-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) },
			{ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1) },
			// Named as a picture, but its bytes are text: refused by the page before any upload.
			{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
		])
		await expect(page.getByTestId('md-input')).toHaveValue(markdown)
		await expect(page.getByTestId('md-file-problems')).toHaveText('fake.png is not a PNG, JPEG or GIF picture, so it cannot go into the document.')
		await expect(page.getByTestId('md-image-list').getByRole('listitem')).toHaveCount(1)
		await expect(page.getByTestId('md-image-list')).toContainText('logo.png')
		const image = page.getByTestId('md-preview-html').getByRole('img', { name: 'Our logo' })
		await expect(image).toHaveAttribute('src', /^blob:/)
		expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1)

		const download = await convertAndDownload(page)
		// Named after the file it came from.
		expect(download.suggestedFilename()).toBe('release-notes.docx')
		const docx = await saved(download)
		expect(docx.entries().filter((entry) => entry.startsWith('word/media/'))).toHaveLength(1)
		expect(outlineOfDocx(docx.bytes).images).toBe(1)
		await expect(page.getByTestId('md-report-empty')).toBeVisible()

		// Removed, the picture leaves the preview (alt text instead) and the next document.
		await page.getByRole('button', { name: 'Remove logo.png' }).click()
		await expect(page.getByTestId('md-preview-html').locator('.md-missing-image')).toHaveText('[Our logo]')
		const without = await saved(await convertAndDownload(page))
		expect(without.entries().filter((entry) => entry.startsWith('word/media/'))).toHaveLength(0)
		await expect(page.getByTestId('md-report-entry')).toHaveText('Line 3: The image "img/logo.png" was not uploaded with the Markdown; its alt text stands in.')
		expect(errors).toEqual([])
	})

	test('the page’s own checks: empty, over 5 MB, a bad option; the server’s refusal in an alert', async ({ page }) => {
		const apiCalls: Array<string> = []
		page.on('request', (request) => {
			if (request.url().includes('/api/convert/md-to-docx')) apiCalls.push(request.method())
		})
		await openPage(page)
		await page.getByTestId('md-convert').click()
		await expect(page.getByRole('alert')).toContainText('Validation failed: the Markdown is empty.')
		await expect(page.getByTestId('md-input')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByTestId('md-input')).toBeFocused()

		await pasteMarkdown(page, `# Big\n\n${'a'.repeat(5 * 1024 * 1024)}`)
		await expect(page.locator('#md-input-size')).toContainText('of 5 MB')
		await page.getByTestId('md-convert').click()
		await expect(page.getByTestId('md-error')).toContainText('The Markdown is too large: 5 MB (the limit is 5 MB).')

		await pasteMarkdown(page, '# Fine\n')
		await page.getByLabel('Margins (mm)').fill('3')
		await page.getByTestId('md-convert').click()
		await expect(page.locator('#md-marginMm-error')).toHaveText('Enter a margin from 5 to 60 mm.')
		await expect(page.getByLabel('Margins (mm)')).toBeFocused()
		expect(apiCalls).toEqual([])

		// Nested far too deep: the preview and the server both refuse it (422), the server's message in an alert.
		await page.getByLabel('Margins (mm)').fill('20')
		await pasteMarkdown(page, `${'> '.repeat(100)}deep`)
		await expect(page.getByTestId('md-preview-error')).toContainText('too complex to preview')
		await page.getByTestId('md-convert').click()
		const alert = page.getByRole('alert')
		await expect(alert).toContainText('The Markdown nests block quotes or lists more than 64 levels deep (line 1).')
		expect(apiCalls).toEqual(['POST'])
		await expect(page.getByTestId('md-download')).toHaveCount(0)
	})

	test('a 200 KB document: the preview renders only when the typing pauses, never between keys', async ({ page }) => {
		test.setTimeout(150_000)
		await openPage(page)
		const section = (n: number) => `## Section ${n}\n\nSome *text* with a [link](https://example.com/${n}) and \`code\`.\n\n\`\`\`ts\nconst value${n} = ${n} * 2\n\`\`\`\n\n- one\n- two\n\n| a | b |\n|---|---|\n| ${n} | ${n + 1} |\n\n`
		let big = '# Big document\n\n'
		for (let n = 1; big.length < 200 * 1024; n++) big += section(n)
		await pasteMarkdown(page, big)
		const preview = page.getByTestId('md-preview')
		await expect(preview.getByRole('heading', { name: /Section 100\b/ })).toBeAttached()
		const renderMs = Number(await preview.getAttribute('data-ms'))
		const before = Number(await preview.getAttribute('data-renders'))
		test.info().annotations.push({ type: 'preview of 200 KB', description: `${renderMs} ms to render and sanitise` })

		// Real keys (the browser's own editing), each input event timed in the page.
		await page.getByTestId('md-input').evaluate((element) => {
			const times: Array<number> = []
			;(window as unknown as { __keys: Array<number> }).__keys = times
			element.addEventListener('input', () => times.push(performance.now()))
		})
		await page.getByTestId('md-input').focus()
		await page.keyboard.press('Control+End')
		const typed = '\n\nTyped at the end'
		await page.keyboard.type(typed, { delay: 30 })
		const gaps = await page.evaluate(() => {
			const times = (window as unknown as { __keys: Array<number> }).__keys
			return times.slice(1).map((time, index) => Math.round(time - times[index]!))
		})
		expect(gaps).toHaveLength(typed.length - 1)
		test.info().annotations.push({ type: 'time between keys (sent every 30 ms)', description: gaps.join(', ') })
		// Typing never waits for a render: the preview renders only after a pause of at least 200 ms
		// (the shortest debounce), so none ran while the keys came every 30 ms. On a loaded machine
		// the keys themselves can arrive with such pauses, and each may let one render through.
		const pauses = gaps.filter((gap) => gap >= 200).length
		const during = Number(await preview.getAttribute('data-renders')) - before
		expect(during).toBeLessThanOrEqual(pauses)
		// …and one more, with the whole text, once they stopped (a render of 200 KB takes seconds on a loaded machine).
		await expect(preview.getByText('Typed at the end')).toBeVisible({ timeout: 60_000 })
		await expect(preview).not.toHaveAttribute('aria-busy', 'true')
		const after = Number(await preview.getAttribute('data-renders')) - before
		expect(after).toBeGreaterThanOrEqual(1)
		expect(after).toBeLessThanOrEqual(pauses + 1)
	})

	test('the preview shows GitHub alerts as the blog and the document do; the front matter used is in the report', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.setViewportSize({ width: 1366, height: 900 })
		await openPage(page)
		await pasteMarkdown(page, '---\ntitle: Alerts\nlayout: post\n---\n\n# Alerts\n\n> [!WARNING]\n> Back up **first**.\n\n> [!TIP]\n> Ask early.\n\n> A plain quote.\n')
		const preview = page.getByTestId('md-preview-html')
		const warning = preview.getByRole('note', { name: 'Warning' })
		await expect(warning).toHaveClass('markdown-alert markdown-alert-warning')
		await expect(warning.locator('.markdown-alert-title')).toHaveText('Warning')
		await expect(warning.getByRole('strong')).toHaveText('first')
		await expect(preview.getByRole('note', { name: 'Tip' })).toBeVisible()
		await expect(preview).not.toContainText('[!')
		await expect(preview.locator('blockquote')).toHaveText('A plain quote.')
		expect(await warning.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe('rgb(154, 103, 0)')

		// The document: the same title, in the same colour.
		const docx = await saved(await convertAndDownload(page))
		const xml = docx.part('word/document.xml')
		expect(xml).toMatch(/<w:color w:val="9A6700"\/>.*?<w:t xml:space="preserve">Warning<\/w:t>/)
		const entries = page.getByTestId('md-report-entry')
		await expect(entries).toHaveCount(1)
		await expect(entries.first()).toHaveAttribute('data-kind', 'front-matter')
		await expect(entries.first()).toHaveText("Line 1: The front matter (lines 1–4) is not in the text: title became the document's properties; left out: layout.")
		await expectNoSeriousA11yViolations(page)
		await warning.scrollIntoViewIfNeeded()
		await page.screenshot({ path: '/tmp/md-shots/preview-alerts-light.png' })
		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await expectNoSeriousA11yViolations(page)
		await page.screenshot({ path: '/tmp/md-shots/preview-alerts-dark.png' })
		await page.setViewportSize({ width: 390, height: 844 })
		await warning.scrollIntoViewIfNeeded()
		await page.screenshot({ path: '/tmp/md-shots/preview-alerts-dark-phone.png' })
		expect(errors).toEqual([])
	})

	test('the command line example, copied; accessible in the dark theme with a report shown', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		await openPage(page, `${PATH}?example=2`)
		await expect(page.getByTestId('md-input')).toHaveValue(/title: Onboarding guide/)
		await expect(page.getByRole('checkbox', { name: 'Table of contents' })).toBeChecked()
		await expect(page.getByTestId('md-front-matter')).toContainText('Onboarding guide')

		const curl = page.getByTestId('md-curl')
		await expect(curl).toContainText(/curl -s -X POST http:\/\/localhost:\d+\/api\/convert\/md-to-docx/)
		await expect(curl).toContainText("-F file=@README.md -F images=@docs/logo.png -F pageSize=letter -F toc=true")
		await page.getByTestId('md-curl-copy').click()
		await expect(page.getByTestId('toast').getByText('Copied')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.textContent())

		await page.getByTestId('md-convert').click()
		await expect(page.getByTestId('md-download')).toHaveText('Download Onboarding guide.docx')
		await expect(page.getByTestId('md-report')).toBeVisible()
		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await expectNoSeriousA11yViolations(page)
	})

	test('on a phone the preview comes under the editor and nothing scrolls sideways', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await openPage(page)
		await pasteMarkdown(page, '# On a phone\n\n| a very long header | another long header | and a third one |\n|---|---|---|\n| 1 | 2 | 3 |\n')
		await expect(page.getByTestId('md-preview-html').getByRole('heading', { name: /On a phone/ })).toBeVisible()
		const editor = (await page.getByTestId('md-input').boundingBox())!
		const preview = (await page.getByTestId('md-preview').boundingBox())!
		expect(preview.y).toBeGreaterThan(editor.y + editor.height)
		expect(preview.x + preview.width).toBeLessThanOrEqual(390)
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts to the page, which answers with the .docx itself', async ({ page }) => {
		await page.goto(PATH)
		await expect(page.getByText('The live preview needs JavaScript')).toBeVisible()
		await page.getByTestId('md-input').fill('# Posted without JavaScript\n\nA paragraph.\n\n![far](https://example.com/far.png)\n')
		await page.getByRole('radio', { name: 'Letter', exact: true }).check({ force: true })
		await page.getByRole('radio', { name: 'Landscape', exact: true }).check({ force: true })
		const response = page.waitForResponse((each) => each.url().endsWith(PATH) && each.request().method() === 'POST')
		const downloading = page.waitForEvent('download')
		await page.getByTestId('md-convert').click()
		const answer = await response
		expect(answer.status()).toBe(200)
		const headers = answer.headers()
		expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
		expect(headers['content-disposition']).toBe(`attachment; filename="Posted without JavaScript.docx"; filename*=UTF-8''Posted%20without%20JavaScript.docx`)
		expect(JSON.parse(headers['x-conversion-report']!)).toEqual([expect.objectContaining({ line: 5, kind: 'remote-image' })])
		const download = await downloading
		expect(download.suggestedFilename()).toBe('Posted without JavaScript.docx')
		const docx = await saved(download)
		expect(pageSizeOf(docx.part('word/document.xml'))).toEqual({ width: 15840, height: 12240, orient: 'landscape' })
		expect(outlineOfDocx(docx.bytes).headings).toEqual(['1 Posted without JavaScript'])
	})

	test('a Markdown file and its picture, chosen in the two file fields', async ({ page }) => {
		const dir = mkdtempSync(path.join(os.tmpdir(), 'md-page-'))
		try {
			writeFileSync(path.join(dir, 'guide.md'), '# Guide\n\n![Logo](logo.png)\n')
			writeFileSync(path.join(dir, 'logo.png'), PNG_1X1)
			await page.goto(PATH)
			await page.getByLabel('Or a Markdown file').setInputFiles(path.join(dir, 'guide.md'))
			await page.getByLabel('Pictures it uses').setInputFiles(path.join(dir, 'logo.png'))
			const downloading = page.waitForEvent('download')
			await page.getByTestId('md-convert').click()
			const download = await downloading
			expect(download.suggestedFilename()).toBe('guide.docx')
			const docx = await saved(download)
			expect(docx.entries().filter((entry) => entry.startsWith('word/media/'))).toHaveLength(1)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})

	test('an empty submission shows the validation message next to the box (400), and passes axe', async ({ page, browser }) => {
		await page.goto(PATH)
		const response = page.waitForResponse((each) => each.url().endsWith(PATH) && each.request().method() === 'POST')
		await page.getByTestId('md-convert').click()
		expect((await response).status()).toBe(400)
		const alert = page.getByRole('alert')
		await expect(alert).toContainText('Validation failed: the Markdown is empty.')
		await expect(alert).toContainText('Type or paste some Markdown, or choose a file')
		await expect(page.getByTestId('md-input')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByTestId('md-input')).toHaveAttribute('aria-describedby', /md-error/)
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
	})
})
