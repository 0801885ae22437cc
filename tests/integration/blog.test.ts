/**
 * The public blog against the real database: /blog (order, pagination with
 * the postsPerPage setting, tag filter, search, hostile query strings),
 * /blog/:slug (drafts and scheduled posts hidden from everyone but admins,
 * old slugs, unknown slugs), the RSS feed and the sitemap (parsed), and the
 * home page's latest posts. Posts are written straight through Prisma, with
 * their HTML as the editor would have stored it.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { JSDOM } from 'jsdom'
import { beforeEach, describe, expect, test } from 'vitest'
import { blogPageHeaders } from '#app/blog/blog-meta.tsx'
import * as homeRoute from '#app/routes/_index.tsx'
import * as postRoute from '#app/routes/blog.$slug.tsx'
import * as listRoute from '#app/routes/blog._index.tsx'
import * as rssRoute from '#app/routes/blog.rss[.]xml.ts'
import * as sitemapRoute from '#app/routes/sitemap[.]xml.ts'
import { buildRss, escapeXml, feedPosts, parseListQuery } from '#app/blog/blog.server.ts'
import { renderMarkdownSync } from '#app/blog/markdown-render.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { updateSiteSettings } from '#app/site/settings.server.ts'
import { createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type Json, type RouteHandler } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

// ---------------------------------------------------------------------------
// Helpers

/** Calls a loader as Remix does, for a GET of `path`. */
function call(loader: RouteHandler, path: string, { cookie, params = {} }: { cookie?: string; params?: Record<string, string> } = {}) {
	return callRoute(loader, makeRequest(path, { cookie }), params)
}

const list = (query = '', cookie?: string) => call(listRoute.loader, `/blog${query}`, { cookie })
const show = (slug: string, cookie?: string) => call(postRoute.loader, `/blog/${encodeURIComponent(slug)}`, { cookie, params: { slug } })

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
let author: Awaited<ReturnType<typeof createUser>>

type PostInput = {
	slug: string
	title?: string
	body?: string
	html?: string
	excerpt?: string
	tags?: Array<string>
	status?: 'draft' | 'published'
	publishedAt?: Date | null
	coverImageId?: string
}

async function makePost(input: PostInput) {
	author ??= await createUser({ name: 'Ada Author', role: 'admin' })
	const title = input.title ?? `Post ${input.slug}`
	const body = input.body ?? `Text of ${input.slug}.`
	return prisma.post.create({
		data: {
			slug: input.slug,
			title,
			body,
			html: input.html ?? `<p>${body}</p>`,
			excerpt: input.excerpt ?? `About ${input.slug}`,
			tags: input.tags ?? [],
			status: input.status ?? 'published',
			publishedAt: input.publishedAt === undefined ? new Date(Date.now() - DAY) : input.publishedAt,
			readingMinutes: 2,
			authorId: author.id,
			coverImageId: input.coverImageId,
		},
	})
}

/** `count` public posts, `post-1` the oldest, each an hour newer than the one before. */
async function makePublished(count: number, extra: Partial<PostInput> = {}) {
	const start = Date.now() - (count + 1) * HOUR
	for (let i = 1; i <= count; i++) await makePost({ slug: `post-${i}`, publishedAt: new Date(start + i * HOUR), ...extra })
}

beforeEach(() => {
	author = undefined as never
})

// ---------------------------------------------------------------------------
// /blog

describe('/blog', () => {
	test('lists public posts newest first with their card fields; drafts and scheduled posts are left out', async () => {
		await makePublished(3, { tags: ['remix'] })
		await makePost({ slug: 'a-draft', status: 'draft', publishedAt: null })
		await makePost({ slug: 'a-scheduled', publishedAt: new Date(Date.now() + DAY) })
		await makePost({ slug: 'published-draft-date', status: 'draft', publishedAt: new Date(Date.now() - DAY) })
		const { status, body, headers } = await list()
		expect(status).toBe(200)
		expect(body.posts.map((post: Json) => post.slug)).toEqual(['post-3', 'post-2', 'post-1'])
		expect(body.total).toBe(3)
		expect(body.posts[0]).toMatchObject({ title: 'Post post-3', excerpt: 'About post-3', authorName: 'Ada Author', readingMinutes: 2, tags: ['remix'] })
		expect(body.posts[0]).not.toHaveProperty('html')
		expect(body.posts[0]).not.toHaveProperty('body')
		expect(headers.get('Cache-Control')).toBe('public, no-cache')
	})

	test('an empty blog is page 1 with no posts (the page says so), page 2 of it is a 404', async () => {
		const { status, body } = await list()
		expect(status).toBe(200)
		expect(body).toMatchObject({ posts: [], total: 0, page: 1, pageCount: 1 })
		expect((await list('?page=2')).status).toBe(404)
	})

	test('pages hold postsPerPage posts (10 by default, the admin setting otherwise); past the last page is a 404', async () => {
		await makePublished(12)
		const first = await list()
		expect(first.body.posts).toHaveLength(10)
		expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: 12, perPage: 10 })
		const second = await list('?page=2')
		expect(second.body.posts.map((post: Json) => post.slug)).toEqual(['post-2', 'post-1'])
		expect((await list('?page=3')).status).toBe(404)

		await updateSiteSettings({ postsPerPage: 5 })
		const fives = await list('?page=3')
		expect(fives.body.posts.map((post: Json) => post.slug)).toEqual(['post-2', 'post-1'])
		expect(fives.body).toMatchObject({ page: 3, pageCount: 3, perPage: 5 })
	})

	test('a page number that is not a positive whole number is page 1', async () => {
		await makePublished(2)
		for (const page of ['abc', '-1', '0', '1.5', '1e3', '', '%00', '99999999999999999999', '2 OR 1=1']) {
			const { status, body } = await list(`?page=${encodeURIComponent(page)}`)
			expect(status, page).toBe(200)
			expect(body.page, page).toBe(1)
		}
		// Repeated parameters: the first counts.
		expect((await list('?page=1&page=5')).body.page).toBe(1)
	})

	test('?tag= keeps the posts with that exact tag, and pagination keeps the filter', async () => {
		await makePublished(3, { tags: ['pdf'] })
		await makePost({ slug: 'other', tags: ['json', 'tips'] })
		const { body } = await list('?tag=json')
		expect(body.posts.map((post: Json) => post.slug)).toEqual(['other'])
		expect(body.tag).toBe('json')
		expect((await list('?tag=pdf')).body.total).toBe(3)
		expect((await list('?tag=nothing')).body).toMatchObject({ posts: [], total: 0 })
		// Tags are stored lower-case: the filter ignores case.
		expect((await list('?tag=Tips')).body.total).toBe(1)
		expect((await list('?tag=%EF%BC%B4ips')).body.total).toBe(1)

		await updateSiteSettings({ postsPerPage: 2 })
		const page2 = await list('?tag=pdf&page=2')
		expect(page2.body.posts.map((post: Json) => post.slug)).toEqual(['post-1'])
		expect(page2.body.pageCount).toBe(2)
	})

	test('?q= searches titles, excerpts and text, ignoring case; only public posts', async () => {
		await makePost({ slug: 'title-hit', title: 'Converting PDF files' })
		await makePost({ slug: 'body-hit', body: 'Here we talk about pdf conversion.' })
		await makePost({ slug: 'excerpt-hit', excerpt: 'All about PdF' })
		await makePost({ slug: 'miss', title: 'JSON', body: 'Nothing', excerpt: 'Nope' })
		await makePost({ slug: 'draft-hit', title: 'PDF draft', status: 'draft', publishedAt: null })
		const { body } = await list('?q=pdf')
		expect(body.posts.map((post: Json) => post.slug).sort()).toEqual(['body-hit', 'excerpt-hit', 'title-hit'])
		expect(body.q).toBe('pdf')
		// Spaces around are trimmed.
		expect((await list('?q=%20%20PDF%20')).body.total).toBe(3)
	})

	test('hostile search text is only data: LIKE wildcards, SQL, markup and control characters', async () => {
		await makePost({ slug: 'plain', title: 'Plain title', body: 'plain' })
		await makePost({ slug: 'percent', title: 'Save 100% now', body: 'x' })
		for (const q of ['%', '_', "' OR 1=1 --", '<script>alert(1)</script>', '\\', '%_%', 'plain\u0000']) {
			const { status, body } = await list(`?q=${encodeURIComponent(q)}`)
			expect(status, q).toBe(200)
			if (q === '%') expect(body.posts.map((post: Json) => post.slug)).toEqual(['percent'])
			else if (q.startsWith('plain')) expect(body.total).toBe(1)
			else expect(body.total, q).toBe(0)
		}
		// A NUL byte (PostgreSQL refuses it in text) is removed, not sent.
		expect((await list('?q=pl%00ain')).body.q).toBe('pl ain')
		// Hostile tags too.
		for (const tag of ["' OR 1=1 --", '<b>x</b>', '%', '\u0000']) {
			expect((await list(`?tag=${encodeURIComponent(tag)}`)).status, tag).toBe(200)
		}
	})

	test('search text over 200 characters and tags over 100 are a 400 with a message, not a 500', async () => {
		await makePublished(1)
		const long = await list(`?q=${'a'.repeat(201)}`)
		expect(long.status).toBe(400)
		expect(long.body.error).toBe('Search text must be at most 200 characters')
		expect(long.body.q).toBe('')
		expect((await list(`?q=${'a'.repeat(200)}`)).status).toBe(200)
		const longTag = await list(`?tag=${'t'.repeat(101)}`)
		expect(longTag.status).toBe(400)
		expect(longTag.body.error).toBe('A tag has at most 100 characters')
		// 100 KB of it: still a 400.
		expect((await list(`?q=${'x'.repeat(100_000)}`)).status).toBe(400)
		expect(parseListQuery(new URL(`http://x/blog?q=${'a'.repeat(201)}&page=3`)).query.page).toBe(1)
	})

	test('signed-in readers get a private page; the headers keep the root’s Vary', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		expect((await list('', cookie)).headers.get('Cache-Control')).toBe('private, no-cache')
		const parentHeaders = new Headers({ Vary: 'Cookie, Sec-CH-Prefers-Color-Scheme', 'Cache-Control': 'private, no-cache' })
		const headers = new Headers(
			blogPageHeaders({ loaderHeaders: new Headers({ 'Cache-Control': 'public, no-cache' }), parentHeaders, actionHeaders: new Headers(), errorHeaders: undefined }),
		)
		expect(headers.get('Cache-Control')).toBe('public, no-cache')
		expect(headers.get('Vary')).toBe('Cookie, Sec-CH-Prefers-Color-Scheme')
	})
})

// ---------------------------------------------------------------------------
// /blog/:slug

describe('/blog/:slug', () => {
	test('a public post: its stored HTML, byline, tags, previous and next posts', async () => {
		await makePublished(3, { tags: ['remix', 'tips'] })
		const { status, body, headers } = await show('post-2')
		expect(status).toBe(200)
		expect(body.post).toMatchObject({ slug: 'post-2', title: 'Post post-2', html: '<p>Text of post-2.</p>', authorName: 'Ada Author', tags: ['remix', 'tips'], readingMinutes: 2 })
		expect(body.preview).toBeNull()
		expect(body.older).toEqual({ slug: 'post-1', title: 'Post post-1' })
		expect(body.newer).toEqual({ slug: 'post-3', title: 'Post post-3' })
		expect(headers.get('Cache-Control')).toBe('public, no-cache')
		expect((await show('post-1')).body.older).toBeNull()
		expect((await show('post-3')).body.newer).toBeNull()
	})

	test('previous/next skip drafts and scheduled posts', async () => {
		await makePost({ slug: 'old', publishedAt: new Date(Date.now() - 3 * DAY) })
		await makePost({ slug: 'hidden-draft', status: 'draft', publishedAt: new Date(Date.now() - 2 * DAY) })
		await makePost({ slug: 'middle', publishedAt: new Date(Date.now() - DAY) })
		await makePost({ slug: 'future', publishedAt: new Date(Date.now() + DAY) })
		const { body } = await show('middle')
		expect(body.older?.slug).toBe('old')
		expect(body.newer).toBeNull()
	})

	test('unknown, draft and scheduled posts are the same 404 for visitors and users', async () => {
		await makePost({ slug: 'draft-post', status: 'draft', publishedAt: null })
		await makePost({ slug: 'scheduled-post', publishedAt: new Date(Date.now() + HOUR) })
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		for (const slug of ['no-such-post', 'draft-post', 'scheduled-post']) {
			for (const who of [undefined, cookie]) {
				const outcome = await show(slug, who)
				expect(outcome, slug).toMatchObject({ status: 404, thrown: true, body: null })
			}
		}
	})

	test('admins see drafts and scheduled posts with what the preview banner needs, never cached', async () => {
		await makePost({ slug: 'draft-post', status: 'draft', publishedAt: null })
		const at = new Date(Date.now() + DAY)
		await makePost({ slug: 'scheduled-post', publishedAt: at })
		await makePublished(1)
		const admin = await createUser({ role: 'admin' })
		const { cookie } = await loginAs(admin.id)
		const draft = await show('draft-post', cookie)
		expect(draft.status).toBe(200)
		expect(draft.body.preview).toEqual({ kind: 'draft' })
		expect(draft.headers.get('Cache-Control')).toBe('no-store')
		expect(draft.body.older).toBeNull()
		const scheduled = await show('scheduled-post', cookie)
		expect(scheduled.body.preview).toEqual({ kind: 'scheduled', at: at.toISOString() })
		const published = await show('post-1', cookie)
		expect(published.body.preview).toBeNull()
		expect(published.headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test('an old slug answers 301 with the current address; an old slug of a draft is a 404', async () => {
		const post = await makePost({ slug: 'new-name' })
		await prisma.postRedirect.create({ data: { slug: 'old-name', postId: post.id } })
		const moved = await show('old-name')
		expect(moved).toHaveRedirect('/blog/new-name', { status: 301 })
		const draft = await makePost({ slug: 'draft-new', status: 'draft', publishedAt: null })
		await prisma.postRedirect.create({ data: { slug: 'draft-old', postId: draft.id } })
		expect((await show('draft-old')).status).toBe(404)
	})

	test('malformed slugs are a 404 before any query', async () => {
		await makePublished(1)
		for (const slug of ['Post-1', 'post_1', 'post--1', '-post', 'a'.repeat(201), '../admin', "x' OR '1'='1", 'post-1\u0000', '%', '', 'ünïcode']) {
			expect((await show(slug)).status, slug).toBe(404)
		}
	})
})

// ---------------------------------------------------------------------------
// RSS and the sitemap

const HOSTILE_TITLE = 'Tom & Jerry <script>alert(1)</script> ]]> "quotes" \u0001\u0008bell\u001f end'

describe('/blog/rss.xml', () => {
	test('valid RSS 2.0 with the channel, atom self link and the newest 20 public posts, everything escaped', async () => {
		await updateSiteSettings({ siteName: 'Tools & <Co>', tagline: 'Fast ]]> tools' })
		await makePublished(22)
		await makePost({ slug: 'hostile', title: HOSTILE_TITLE, excerpt: 'Excerpt with <b> & ]]>', html: '<p>HTML with ]]&gt; and <code>&lt;x&gt;</code></p>', tags: ['a&b'], publishedAt: new Date(Date.now() - 1000) })
		await makePost({ slug: 'secret-draft', status: 'draft', publishedAt: null })
		await makePost({ slug: 'secret-scheduled', publishedAt: new Date(Date.now() + DAY) })

		const response = (await rssRoute.loader()) as Response
		expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('public, no-cache')
		expect(response.headers.get('Vary')).toBe('Cookie')
		const xml = await response.text()
		expect(XMLValidator.validate(xml)).toBe(true)
		expect(xml).not.toMatch(/[\u0001-\u0008\u001f]/)
		expect(xml).not.toContain('secret-')

		const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml)
		expect(parsed.rss['@version']).toBe('2.0')
		const channel = parsed.rss.channel
		expect(channel.title).toBe('Tools & <Co>')
		expect(channel.link).toBe('http://localhost:3000/blog')
		expect(channel.description).toBe('Fast ]]> tools')
		expect(channel['atom:link']).toMatchObject({ '@href': 'http://localhost:3000/blog/rss.xml', '@rel': 'self', '@type': 'application/rss+xml' })
		expect(new Date(channel.lastBuildDate).toUTCString()).toBe(channel.lastBuildDate)

		const items: Array<Json> = channel.item
		expect(items).toHaveLength(20)
		const [first] = items
		expect(first.title).toBe('Tom & Jerry <script>alert(1)</script> ]]> "quotes" bell end')
		expect(first.link).toBe('http://localhost:3000/blog/hostile')
		expect(first.guid).toMatchObject({ '#text': 'http://localhost:3000/blog/hostile', '@isPermaLink': 'true' })
		expect(first.description).toBe('Excerpt with <b> & ]]>')
		expect(first['content:encoded']).toBe('<p>HTML with ]]&gt; and <code>&lt;x&gt;</code></p>')
		expect(first.category).toBe('a&b')
		expect(first['dc:creator']).toBe('Ada Author')
		expect(first.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
		// Newest first; the two oldest of the 23 public posts are left out.
		expect(items.slice(1).map((item) => item.link.split('/').pop())).toEqual(Array.from({ length: 19 }, (_, i) => `post-${22 - i}`))
		for (const item of items) for (const field of ['title', 'link', 'guid', 'pubDate', 'description', 'content:encoded']) expect(item, field).toHaveProperty(field)
	})

	test('content:encoded carries absolute URLs and no heading anchors', async () => {
		const body = [
			'# Getting started',
			'See [the tools](/tools), [the next post](next-post), [a section](#getting-started) and [a query](?page=2#top).',
			'![Diagram](/files/abc/diagram.png "The diagram")',
			'<img src="../files/x.png" srcset="/files/x-1x.png 1x, https://cdn.example.com/x-2x.png 2x" alt="x">',
			'Elsewhere: [example](https://example.com/a?b=1&c=2), [protocol-relative](//cdn.example.com/lib.js), [mail](mailto:a@example.com).',
			'## Details & more',
		].join('\n\n')
		await makePost({ slug: 'links', body, html: renderMarkdownSync(body).html })
		const xml = buildRss({ siteName: 'Site', tagline: '', origin: 'https://tools.example.org', posts: await feedPosts() })
		expect(XMLValidator.validate(xml)).toBe(true)
		const item = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml).rss.channel.item
		const html: string = item['content:encoded']
		// Read back as a browser would: every link and picture, with its address.
		const { window } = new JSDOM(`<body>${html}</body>`)
		const document = window.document
		const urls = (selector: string, attribute: string) => [...document.querySelectorAll(selector)].map((element) => element.getAttribute(attribute))
		expect(urls('a', 'href')).toEqual([
			'https://tools.example.org/tools',
			'https://tools.example.org/blog/next-post',
			'https://tools.example.org/blog/links#getting-started',
			'https://tools.example.org/blog/links?page=2#top',
			'https://example.com/a?b=1&c=2',
			'https://cdn.example.com/lib.js',
			'mailto:a@example.com',
		])
		expect(urls('img', 'src')).toEqual(['https://tools.example.org/files/abc/diagram.png', 'https://tools.example.org/files/x.png'])
		expect(urls('img[srcset]', 'srcset')).toEqual(['https://tools.example.org/files/x-1x.png 1x, https://cdn.example.com/x-2x.png 2x'])
		// No anchor links: the headings are plain headings, their text whole.
		expect(document.querySelectorAll('.heading-anchor, a[href^="#"]')).toHaveLength(0)
		expect([...document.querySelectorAll('h2, h3')].map((heading) => heading.textContent)).toEqual(['Getting started', 'Details & more'])
		// The page itself keeps them.
		expect((await prisma.post.findUniqueOrThrow({ where: { slug: 'links' } })).html).toContain('class="heading-anchor"')
	})

	test('an empty feed is still a valid channel', async () => {
		const xml = buildRss({ siteName: 'Site', tagline: '', origin: 'https://example.com', posts: [] })
		expect(XMLValidator.validate(xml)).toBe(true)
		const channel = new XMLParser().parse(xml).rss.channel
		expect(channel.title).toBe('Site')
		expect(channel.description).toBe('The Site blog')
		expect(channel.item).toBeUndefined()
	})

	test('escapeXml removes what XML forbids and escapes markup', () => {
		expect(escapeXml('a\u0000b\u000bc\ufffed<&>"\'')).toBe('abcd&lt;&amp;&gt;&quot;&apos;')
		expect(escapeXml('tab\tnew\nline😀')).toBe('tab\tnew\nline😀')
		// A lone surrogate is not a character.
		expect(escapeXml('x\ud800y')).toBe('xy')
	})
})

describe('/sitemap.xml', () => {
	test('has /blog and every public post with lastmod, no drafts or scheduled posts', async () => {
		await makePublished(2)
		await makePost({ slug: 'secret-draft', status: 'draft', publishedAt: null })
		await makePost({ slug: 'secret-scheduled', publishedAt: new Date(Date.now() + DAY) })
		const response = await sitemapRoute.loader()
		expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
		const xml = await response.text()
		expect(XMLValidator.validate(xml)).toBe(true)
		const urls: Array<Json> = new XMLParser().parse(xml).urlset.url
		const byLoc = new Map(urls.map((url) => [url.loc, url]))
		expect(byLoc.has('http://localhost:3000/')).toBe(true)
		expect(byLoc.has('http://localhost:3000/blog')).toBe(true)
		const posts = await prisma.post.findMany({ where: { slug: { in: ['post-1', 'post-2'] } } })
		for (const post of posts) {
			const entry = byLoc.get(`http://localhost:3000/blog/${post.slug}`)
			expect(entry, post.slug).toBeDefined()
			expect(entry.lastmod).toBe(post.updatedAt.toISOString())
		}
		expect(xml).not.toContain('secret-')
		expect([...byLoc.keys()].filter((loc) => loc.includes('/blog/'))).toHaveLength(2)
	})
})

// ---------------------------------------------------------------------------
// Home page

describe('home page', () => {
	test('the three newest public posts; none when there are none', async () => {
		expect((await call(homeRoute.loader, '/')).body.posts).toEqual([])
		await makePublished(5)
		await makePost({ slug: 'draft-newest', status: 'draft', publishedAt: null })
		await makePost({ slug: 'scheduled-newest', publishedAt: new Date(Date.now() + HOUR) })
		const { body, headers } = await call(homeRoute.loader, '/')
		expect(body.posts.map((post: Json) => post.slug)).toEqual(['post-5', 'post-4', 'post-3'])
		expect(headers.get('Cache-Control')).toBe('public, no-cache')
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		expect((await call(homeRoute.loader, '/', { cookie })).headers.get('Cache-Control')).toBe('private, no-cache')
	})
})
