/**
 * Writing blog posts in Chromium against the production build: the editor's
 * live preview (the saving renderer, with a <script> in the body
 * neutralised), an image uploaded into the body, scheduling (a visitor gets
 * 404) and publishing (a visitor reads it at /blog/<slug>), two tabs saving
 * (the second sees the conflict and keeps its text), delete with
 * confirmation, the unsaved-changes warning, and the editor without
 * JavaScript.
 */
import { expect, test, type Page } from './fixtures.ts'
import { E2E_ADMIN, logIn } from './fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from './utils.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

function unique(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

async function slugOf(page: Page) {
	return page.getByLabel('Slug (address)').inputValue()
}

/** Saves the editor and waits for the edit page the save redirects to. */
async function saveAndWait(page: Page) {
	await page.getByRole('button', { name: 'Save', exact: true }).click()
	// The server's first renders start its worker threads (two browsers share two CPUs here).
	await expect(page).toHaveURL(/\/admin\/posts\/[^/]+\/edit$/, { timeout: 20_000 })
	await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible()
}

async function newPost(page: Page, title: string, body: string) {
	await page.goto('/admin/posts/new')
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Body (Markdown)').fill(body)
}

test.describe('the post editor with JavaScript', () => {
	test.beforeEach(async ({ page }) => {
		// Each test signs in (a deliberately slow password hash), then saves and previews
		// through the server's Markdown worker threads, and most run axe: over 30 s on a
		// busy machine.
		test.slow()
		await logIn(page, E2E_ADMIN)
	})

	test('live preview (script neutralised), image upload at the cursor, save as draft', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		const title = unique('Preview post')
		await page.goto('/admin/posts')
		await expect(page.getByRole('heading', { name: 'Blog posts' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await page.getByRole('link', { name: 'New post' }).click()
		await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible()
		await page.getByLabel('Title', { exact: true }).fill(title)
		// The slug follows the title until edited by hand.
		expect(await slugOf(page)).toBe(title.toLowerCase().replace(/ /g, '-'))
		await page.getByLabel('Body (Markdown)').fill(
			'# Big heading\n\nSome **bold** text.\n\n<script>window.__xss = 1</script>\n\n<img src="x" onerror="window.__xss = 2">\n\n[bad](javascript:window.__xss=3)\n\n',
		)
		const preview = page.getByTestId('post-preview')
		// Possibly the server's first render: a worker thread starts and loads jsdom, marked and highlight.js first.
		await expect(preview.getByRole('heading', { name: 'Big heading' })).toBeVisible({ timeout: 20_000 })
		await expect(preview.locator('strong')).toHaveText('bold')
		await expect(preview.locator('script')).toHaveCount(0)
		expect(await preview.innerHTML()).not.toMatch(/onerror|javascript:/)
		await preview.getByText('bad').click()
		expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()

		// An image goes in at the cursor (the end of the body) once uploaded.
		await page.getByLabel('Body (Markdown)').press('End')
		await page.getByLabel('Insert an image').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG })
		await expect(page.getByText('pixel.png uploaded and inserted in the post.')).toBeVisible()
		await expect(page.getByLabel('Body (Markdown)')).toHaveValue(/!\[pixel\]\(\/files\/[A-Za-z0-9_-]{22}\)\n$/)
		const image = preview.getByRole('img', { name: 'pixel' })
		await expect(image).toBeVisible()
		expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1)

		// An upload posing as an image is refused.
		await page.getByLabel('Insert an image').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"/>') })
		await expect(page.getByText(/not a PNG, JPEG, GIF, WebP or AVIF image/)).toBeVisible()

		await saveAndWait(page)
		await expect(page.getByText(`Saved “${title}” as a draft.`)).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`)
		const row = page.getByTestId('admin-posts').getByRole('row', { name: new RegExp(title) })
		await expect(row.getByTestId('post-status')).toHaveText('Draft')
		// The refused upload (415) and the body's own <img src="x"> (404) are expected; nothing else.
		expect(errors.filter((error) => !/Failed to load resource: the server responded with a status of (415|404)/.test(error))).toEqual([])
	})

	test('a scheduled post is hidden from visitors; a published one is there', async ({ page, browser }) => {
		const title = unique('Scheduled post')
		await newPost(page, title, 'Coming **later**.')
		await page.getByLabel('Status').selectOption('published')
		await page.getByLabel('Publish date and time (UTC)').fill('2999-01-01T09:30')
		await saveAndWait(page)
		await expect(page.getByText(`Saved. “${title}” is scheduled for 2999-01-01 09:30 UTC.`)).toBeVisible()
		const scheduledSlug = await slugOf(page)

		const published = unique('Published post')
		await newPost(page, published, '## Read me\n\nVisible to **everyone**.')
		await page.getByLabel('Status').selectOption('published')
		await saveAndWait(page)
		await expect(page.getByText(`Saved. “${published}” is published.`)).toBeVisible()
		const publishedSlug = await slugOf(page)

		const visitor = await browser.newContext()
		try {
			const reader = await visitor.newPage()
			const hidden = await reader.goto(`/blog/${scheduledSlug}`)
			expect(hidden?.status()).toBe(404)
			const shown = await reader.goto(`/blog/${publishedSlug}`)
			expect(shown?.status()).toBe(200)
			await expect(reader.getByRole('heading', { name: published, level: 1 })).toBeVisible()
			await expect(reader.getByRole('heading', { name: 'Read me' })).toBeVisible()
			await expect(reader.locator('strong', { hasText: 'everyone' })).toBeVisible()
		} finally {
			await visitor.close()
		}
	})

	test('two tabs: the second save sees the conflict and keeps its text', async ({ page, context }) => {
		await newPost(page, unique('Two tabs'), 'original')
		await saveAndWait(page)
		const editUrl = page.url()
		const other = await context.newPage()
		await other.goto(editUrl)
		await expect(other.getByLabel('Body (Markdown)')).toHaveValue('original')

		await page.getByLabel('Body (Markdown)').fill('saved from the first tab')
		await saveAndWait(page)
		await expect(page.getByLabel('Body (Markdown)')).toHaveValue('saved from the first tab')

		await other.getByLabel('Body (Markdown)').fill('typed in the second tab')
		await other.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(other.getByTestId('conflict')).toContainText('This post was changed since you opened it')
		await expect(other.getByLabel('Body (Markdown)')).toHaveValue('typed in the second tab')
		await other.close()
	})

	test('unsaved changes ask before leaving; delete asks in a dialog', async ({ page }) => {
		const title = unique('Doomed post')
		await newPost(page, title, 'short-lived')
		await saveAndWait(page)
		await page.getByLabel('Excerpt').fill('not saved yet')
		await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Blog Posts' }).click()
		const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
		await expect(leave).toBeVisible()
		await leave.getByRole('button', { name: 'Stay' }).click()
		await expect(page).toHaveURL(/\/edit$/)
		await expect(page.getByLabel('Excerpt')).toHaveValue('not saved yet')

		await page.getByRole('button', { name: 'Delete…' }).click()
		const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await expect(dialog).toBeHidden()
		await page.getByRole('button', { name: 'Delete…' }).click()
		await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
		await expect(page).toHaveURL(/\/admin\/posts$/)
		await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible()
		await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`)
		await expect(page.getByText('No posts match.')).toBeVisible()
	})
})

test.describe('the post editor without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('preview, upload, create and save, delete after confirming', async ({ page, browser }) => {
		// Signs in, then a dozen form posts, each a full page load, and axe on two of them.
		test.slow()
		await logIn(page, E2E_ADMIN)
		const title = unique('No JS post')
		await newPost(page, title, '# Plain form\n\n<script>document.title = "xss"</script>**works**')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
		await page.getByRole('button', { name: 'Preview' }).click()
		const preview = page.getByTestId('post-preview')
		await expect(preview.getByRole('heading', { name: 'Plain form' })).toBeVisible()
		await expect(preview.locator('script')).toHaveCount(0)
		await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)

		await page.getByLabel('Insert an image').setInputFiles({ name: 'nojs.png', mimeType: 'image/png', buffer: PNG })
		await page.getByRole('button', { name: 'Upload image' }).click()
		await expect(page.getByLabel('Uploaded. Paste this into the body:')).toHaveValue(/^!\[nojs\]\(\/files\/[A-Za-z0-9_-]{22}\)$/)
		await expect(page.getByLabel('Body (Markdown)')).toHaveValue(/# Plain form/)

		await page.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(page).toHaveURL(/\/admin\/posts\/[^/]+\/edit$/)
		await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
		await expect(page.getByLabel('Slug (address)')).toHaveValue(title.toLowerCase().replace(/ /g, '-'))

		await page.getByLabel('Body (Markdown)').fill('edited without JavaScript')
		await page.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(page.getByLabel('Body (Markdown)')).toHaveValue('edited without JavaScript')

		await page.getByRole('button', { name: 'Delete…' }).click()
		const confirm = page.getByTestId('confirm-delete')
		await expect(confirm).toContainText(`Delete “${title}”?`)
		await confirm.getByRole('button', { name: 'Yes, delete it' }).click()
		await expect(page).toHaveURL(/\/admin\/posts$/)
	})
})
