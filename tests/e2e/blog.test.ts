/**
 * The public blog in Chromium: reading the list and a post, pagination, tag
 * filter and search without JavaScript, a post full of the XSS corpus, the
 * head's JSON-LD and Open Graph tags, revalidation (ETag/304), the home
 * page's latest posts and axe in both themes. Posts are written through the
 * admin editor's action (tests/e2e/blog-fixtures.ts), each test with its
 * own unique tag, since the server and database are shared.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import { E2E_ADMIN } from './fixtures.ts'
import { adminContext, createPost, editorDate, uniqueSuffix, XSS_MARKDOWN } from './blog-fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutJs } from './utils.ts'

let admin: APIRequestContext

test.beforeAll(async ({ baseURL }) => {
	admin = await adminContext(baseURL!)
})

test.afterAll(async () => {
	await admin?.dispose()
})

/**
 * Published posts with one unique tag, oldest first (one a minute apart, all in the past).
 * Each series gets minutes of its own, a random whole minute one to five years ago:
 * previous/next links follow publication time across all posts, and series written
 * "a few minutes ago" by tests running at the same time (slowly, on a busy machine)
 * fell between each other's parts.
 */
async function publishSeries(count: number, { body }: { body?: (i: number) => string } = {}) {
	const id = uniqueSuffix()
	const YEAR = 365 * 24 * 60 * 60_000
	const start = -YEAR - Math.floor(Math.random() * 4 * YEAR / 60_000) * 60_000
	const tag = `t-${id}`
	const posts: Array<{ slug: string; title: string }> = []
	for (let i = 1; i <= count; i++) {
		const slug = `e2e-${id}-${i}`
		const title = `Series ${id} part ${i}`
		await createPost(admin, {
			title,
			slug,
			excerpt: `Excerpt of part ${i}`,
			body: body?.(i) ?? `# Part ${i}\n\nSome text about part ${i}.\n\n\`\`\`js\nconst part = ${i}\n\`\`\``,
			tags: [tag, 'e2e'],
			publishedAt: editorDate(start + i * 60_000),
		})
		posts.push({ slug, title })
	}
	return { tag, posts, id }
}

async function useDarkTheme(page: Page, baseURL: string) {
	await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL }])
}

test('a visitor reads the list and a post, with byline, tags, code and previous/next links', async ({ page }) => {
	const errors = collectConsoleErrors(page)
	const { tag, posts } = await publishSeries(3)
	await page.goto(`/blog?tag=${tag}`)
	await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
	const cards = page.getByTestId('post-card')
	await expect(cards).toHaveCount(3)
	// Newest first.
	await expect(cards.first().getByRole('heading')).toHaveText(posts[2]!.title)
	await expect(cards.first()).toContainText('Excerpt of part 3')
	await expect(cards.first()).toContainText('min read')
	await expect(cards.first().getByRole('link', { name: `#${tag}` })).toBeVisible()

	await cards.nth(1).getByRole('link', { name: posts[1]!.title }).click()
	await expect(page).toHaveURL(new RegExp(`/blog/${posts[1]!.slug}$`))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(posts[1]!.title)
	const body = page.getByTestId('post-body')
	await expect(body.getByRole('heading', { level: 2, name: /Part 2/ })).toBeVisible()
	// Highlighted code and a heading anchor, as stored by the editor.
	await expect(body.locator('pre code .hljs-keyword').first()).toHaveText('const')
	await expect(body.locator('h2 a.heading-anchor')).toHaveAttribute('href', /^#/)
	await expect(page.getByRole('link', { name: /Previous post/ })).toHaveAttribute('href', `/blog/${posts[0]!.slug}`)
	await expect(page.getByRole('link', { name: /Next post/ })).toHaveAttribute('href', `/blog/${posts[2]!.slug}`)
	await page.getByRole('link', { name: /Next post/ }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(posts[2]!.title)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('tag links, pagination and search work with plain links and a GET form', async ({ page }) => {
		const { tag, posts, id } = await publishSeries(11)
		await page.goto(`/blog/${posts[0]!.slug}`)
		await page.getByRole('link', { name: `#${tag}` }).click()
		await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${tag}$`))
		await expect(page.getByTestId('blog-filter')).toContainText(`11 posts tagged ${tag}`)

		const seen = new Set<string>()
		const firstPage = await page.getByTestId('post-card').getByRole('heading').allTextContents()
		expect(firstPage.length).toBeGreaterThan(0)
		expect(firstPage.length).toBeLessThan(11)
		for (const title of firstPage) seen.add(title)
		// Follow "Older posts" to the end; each page keeps the tag.
		while (await page.getByRole('link', { name: 'Older posts' }).count()) {
			await page.getByRole('link', { name: 'Older posts' }).click()
			expect(new URL(page.url()).searchParams.get('tag')).toBe(tag)
			for (const title of await page.getByTestId('post-card').getByRole('heading').allTextContents()) seen.add(title)
		}
		expect([...seen].sort()).toEqual(posts.map((post) => post.title).sort())
		await expect(page.getByRole('link', { name: 'Newer posts' })).toBeVisible()

		// The search form (a GET) keeps the tag and finds one post by its title.
		await page.goto(`/blog?tag=${tag}`)
		await page.getByLabel('Search posts').fill(`${id} part 7`)
		await page.getByRole('button', { name: 'Search' }).click()
		expect(new URL(page.url()).searchParams.get('q')).toBe(`${id} part 7`)
		await expect(page.getByTestId('post-card')).toHaveCount(1)
		await expect(page.getByTestId('post-card').getByRole('heading')).toHaveText(posts[6]!.title)

		await page.goto(`/blog?q=${encodeURIComponent(`nothing-matches-${id}`)}`)
		await expect(page.getByTestId('blog-empty')).toContainText('No posts match')
	})

	test('a bad page number is page 1, a page past the end is the 404 page, too long a search is a 400 with a message', async ({ page }) => {
		expect((await page.goto('/blog?page=-3'))?.status()).toBe(200)
		expect((await page.goto('/blog?page=999999'))?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
		expect((await page.goto(`/blog?q=${'a'.repeat(201)}`))?.status()).toBe(400)
		await expect(page.locator('#blog-search-error')).toHaveText('Search text must be at most 200 characters')
	})
})

test('a post full of the XSS corpus runs nothing and loads nothing from elsewhere', async ({ page, baseURL }) => {
	const id = uniqueSuffix()
	const { slug } = await createPost(admin, { title: `Hostile ${id} <script>alert("title")</script>`, slug: `e2e-xss-${id}`, body: XSS_MARKDOWN, excerpt: '<img src=x onerror=alert(1)>' })
	const dialogs: Array<string> = []
	page.on('dialog', async (dialog) => {
		dialogs.push(dialog.message())
		await dialog.dismiss()
	})
	const origin = new URL(baseURL!).origin
	const foreign: Array<string> = []
	page.on('request', (request) => {
		if (new URL(request.url()).origin !== origin) foreign.push(request.url())
	})
	const errors = collectConsoleErrors(page)
	await page.goto(`/blog/${slug}`)
	// The post's own title (the Markdown's "# Hostile post" is a second h1, inside the body).
	await expect(page.locator('article > header h1')).toHaveText(`Hostile ${id} <script>alert("title")</script>`)
	const body = page.getByTestId('post-body')
	await expect(body).toContainText('Text after the corpus.')
	// Try every link and the details element too.
	for (const link of await body.getByRole('link').all()) {
		const href = (await link.getAttribute('href')) ?? ''
		expect(href.replace(/\s/g, '').toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/)
	}
	await body.getByText('click me').click({ noWaitAfter: true }).catch(() => {})
	const html = await body.innerHTML()
	expect(html).not.toMatch(/<script|<iframe|\son\w+=|javascript:/i)
	// The list with the hostile excerpt too.
	await page.goto(`/blog?q=${encodeURIComponent(`Hostile ${id}`)}`)
	await expect(page.getByTestId('post-card')).toHaveCount(1)
	await expect(page.getByTestId('post-card')).toContainText('<img src=x onerror=alert(1)>')
	expect(dialogs).toEqual([])
	expect(foreign).toEqual([])
	expect(errors.filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual([])
})

test('a post’s head has the canonical URL, Open Graph, Twitter and JSON-LD BlogPosting tags', async ({ page, baseURL }) => {
	const { posts } = await publishSeries(1)
	const post = posts[0]!
	await page.goto(`/blog/${post.slug}`)
	const url = `${baseURL}/blog/${post.slug}`
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url)
	await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
	await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url)
	await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(post.title))
	await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/)
	await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
	await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', /^\d{4}-/)
	const script = page.locator('script[type="application/ld+json"]')
	await expect(script).toHaveCount(1)
	const jsonLd = JSON.parse((await script.textContent()) ?? '{}')
	expect(jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: post.title, url, description: 'Excerpt of part 1' })
	expect(jsonLd.author.name).toBeTruthy()
	expect(Date.parse(jsonLd.datePublished)).not.toBeNaN()
	expect(Date.parse(jsonLd.dateModified)).not.toBeNaN()
	// In the server's HTML head, as the tool pages' JSON-LD is (data, not script: the CSP does not apply).
	const html = await (await page.request.get(`/blog/${post.slug}`)).text()
	expect(html).toMatch(/<head>[\s\S]*<script type="application\/ld\+json">[\s\S]*<\/head>/)
	// The RSS feed is linked from the page.
	await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml')
})

test('anonymous readers revalidate with If-None-Match and get 304; signed-in readers get private pages', async ({ request, baseURL }) => {
	const { posts } = await publishSeries(1)
	const path = `/blog/${posts[0]!.slug}`
	for (const target of [path, '/blog/rss.xml', '/blog']) {
		// Other tests publish posts meanwhile (the list and feed change): retry until two requests agree.
		await expect(async () => {
			const first = await request.get(target)
			expect(first.status()).toBe(200)
			expect(first.headers()['cache-control']).toBe('public, no-cache')
			expect(first.headers()['vary']).toContain('Cookie')
			const etag = first.headers()['etag']!
			expect(etag).toMatch(/^W\//)
			const again = await request.get(target, { headers: { 'If-None-Match': etag } })
			expect(again.status(), target).toBe(304)
			expect(await again.body()).toHaveLength(0)
			expect(again.headers()['content-security-policy']).toBeUndefined()
			expect(again.headers()['etag']).toBe(etag)
		}).toPass()
	}

	// Spoofed forwarding headers change nothing (SECURITY H6).
	await expect(async () => {
		const plain = await request.get(path)
		const spoofed = await request.get(path, { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Scheme': 'https' } })
		expect(spoofed.headers()['etag']).toBe(plain.headers()['etag'])
		expect(await spoofed.text()).not.toContain('evil.example')
	}).toPass()

	// Signed in: private, and no ETag of a shared page.
	const signedIn = await adminContext(baseURL!)
	try {
		const page = await signedIn.get(path)
		expect(page.headers()['cache-control']).toBe('private, no-cache')
		const shared = (await request.get(path)).headers()['etag']!
		expect((await signedIn.get(path, { headers: { 'If-None-Match': shared } })).status()).toBe(200)
	} finally {
		await signedIn.dispose()
	}
})

test('drafts and scheduled posts are the 404 page for visitors; admins see them with a preview banner', async ({ page, baseURL, browser }) => {
	const id = uniqueSuffix()
	const draft = await createPost(admin, { title: `Draft ${id}`, slug: `e2e-draft-${id}`, status: 'draft' })
	const scheduled = await createPost(admin, { title: `Scheduled ${id}`, slug: `e2e-scheduled-${id}`, publishedAt: editorDate(7 * 24 * 3600_000) })
	for (const slug of [draft.slug, scheduled.slug, `e2e-unknown-${id}`]) {
		const response = await page.goto(`/blog/${slug}`)
		expect(response?.status(), slug).toBe(404)
		await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	}
	await page.goto(`/blog?q=${id}`)
	await expect(page.getByTestId('blog-empty')).toBeVisible()

	// An admin's browser: the same URLs show the posts with the banner.
	const context = await browser.newContext({ baseURL })
	try {
		const adminPage = await context.newPage()
		const login = await context.request.post('/login', { form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 })
		expect(login.status()).toBe(302)
		await adminPage.goto(`/blog/${draft.slug}`)
		await expect(adminPage.getByTestId('preview-banner')).toContainText('Draft — not visible to visitors')
		await adminPage.goto(`/blog/${scheduled.slug}`)
		await expect(adminPage.getByTestId('preview-banner')).toContainText('Scheduled for')
	} finally {
		await context.close()
	}
})

test('the home page lists the latest posts', async ({ page }) => {
	const id = uniqueSuffix()
	// Published now: the newest post unless three others are published at this very moment.
	await createPost(admin, { title: `Home ${id}`, slug: `e2e-home-${id}`, excerpt: 'Shown on the home page' })
	const section = page.getByTestId('home-posts')
	// Anonymous pages may come from the one-second page cache: load again until the new post is there.
	await expect(async () => {
		await page.goto('/')
		expect(await section.getByRole('link', { name: `Home ${id}` }).count()).toBe(1)
	}).toPass()
	await expect(section.getByRole('heading', { name: 'Latest from the blog' })).toBeVisible()
	expect(await section.getByTestId('post-card').count()).toBeLessThanOrEqual(3)
	await section.getByRole('link', { name: `Home ${id}` }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Home ${id}`)
})

const ALERTS_MARKDOWN = [
	'Before the alerts.',
	'> [!NOTE]\n> Useful information, with a [link](https://example.com).',
	'> [!TIP]\n> Helpful advice.',
	'> [!IMPORTANT]\n> Key information.',
	'> [!WARNING]\n> Urgent info that needs **immediate** attention.',
	'> [!CAUTION]\n> Negative potential consequences.',
	'> An ordinary quote.',
].join('\n\n')

for (const theme of ['light', 'dark'] as const) {
	test(`GitHub alerts render as titled notes in their colours, as in the DOCX (${theme} theme)`, async ({ page, baseURL }) => {
		const { posts } = await publishSeries(1, { body: () => ALERTS_MARKDOWN })
		if (theme === 'dark') await useDarkTheme(page, baseURL!)
		await page.setViewportSize({ width: 1366, height: 900 })
		await page.goto(`/blog/${posts[0]!.slug}`)
		const body = page.getByTestId('post-body')
		await expect(body).not.toContainText('[!')
		const colours: Record<string, string> = {}
		for (const title of ['Note', 'Tip', 'Important', 'Warning', 'Caution']) {
			const alert = body.getByRole('note', { name: title })
			await expect(alert).toHaveClass(`markdown-alert markdown-alert-${title.toLowerCase()}`)
			await expect(alert.locator('.markdown-alert-title')).toHaveText(title)
			// The title in the border's colour, the shading behind it: each kind its own.
			const style = await alert.evaluate((element) => {
				const box = getComputedStyle(element)
				return { border: box.borderLeftColor, width: box.borderLeftWidth, fill: box.backgroundColor, title: getComputedStyle(element.querySelector('.markdown-alert-title')!).color }
			})
			expect(style.width).toBe('4px')
			expect(style.title).toBe(style.border)
			expect(style.fill).not.toBe('rgba(0, 0, 0, 0)')
			colours[title] = style.border
		}
		expect(new Set(Object.values(colours)).size).toBe(5)
		if (theme === 'light') expect(colours.Warning).toBe('rgb(154, 103, 0)') // the DOCX's 9A6700
		await expect(body.getByRole('note', { name: 'Warning' }).getByRole('strong')).toHaveText('immediate')
		await expect(body.locator('blockquote')).toHaveText('An ordinary quote.')
		await expectNoSeriousA11yViolations(page)
		await body.getByRole('note', { name: 'Note' }).scrollIntoViewIfNeeded()
		await page.screenshot({ path: `/tmp/md-shots/blog-alerts-${theme}-desktop.png` })
		await page.setViewportSize({ width: 390, height: 844 })
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		await body.getByRole('note', { name: 'Note' }).scrollIntoViewIfNeeded()
		await page.screenshot({ path: `/tmp/md-shots/blog-alerts-${theme}-phone.png` })
	})
}

test.describe('axe', () => {
	for (const theme of ['light', 'dark'] as const) {
		test(`/blog and a post have no serious violations (${theme} theme)`, async ({ page, baseURL }) => {
			const { tag, posts } = await publishSeries(2, {
				body: (i) =>
					[
						`# Heading ${i}`,
						'',
						'A paragraph with `inline code`, **bold** and a [link](https://example.com).',
						'',
						'> A quotation.',
						'',
						'| Name | Value |',
						'| ---- | ----- |',
						'| a | 1 |',
						'',
						'```ts',
						'// a comment',
						'export function add(a: number, b: number): number { return a + b + "x".length }',
						'```',
						'',
						'- one',
						'- two',
					].join('\n'),
			})
			if (theme === 'dark') await useDarkTheme(page, baseURL!)
			for (const path of ['/blog', `/blog?tag=${tag}`, `/blog/${posts[0]!.slug}`]) {
				await page.goto(path)
				if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/)
				await expectNoSeriousA11yViolations(page)
			}
		})
	}

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })
		test('the list and a post', async ({ page, browser }) => {
			const { posts } = await publishSeries(1)
			for (const path of ['/blog', `/blog/${posts[0]!.slug}`]) {
				await page.goto(path)
				await expectNoSeriousA11yViolationsWithoutJs(page, browser)
			}
		})
	})
})
