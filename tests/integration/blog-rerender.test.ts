/**
 * Posts whose stored HTML an older renderer made (renderVersion below
 * MARKDOWN_RENDER_VERSION) brought up to date by rerenderStalePosts(), which
 * the server runs in the background at start (app/blog/post-rerender.server.ts):
 * rows written straight into the database as an old version of the site left
 * them, then the upgrade, then the public post page, the feed and the sitemap
 * read back. Re-rendering is not an edit: updatedAt and version stay. A post
 * the current renderer refuses keeps its HTML and is reported once. Runs on
 * PGlite and on PostgreSQL (tests/integration).
 */
import { XMLParser } from 'fast-xml-parser'
import { JSDOM } from 'jsdom'
import { beforeEach, describe, expect, test } from 'vitest'
import { MARKDOWN_RENDER_VERSION } from '#app/blog/markdown.server.ts'
import { rerenderStalePosts, storeRerenderedPost } from '#app/blog/post-rerender.server.ts'
import * as editRoute from '#app/routes/admin.posts.$id.edit.tsx'
import * as newRoute from '#app/routes/admin.posts.new.tsx'
import * as postRoute from '#app/routes/blog.$slug.tsx'
import * as rssRoute from '#app/routes/blog.rss[.]xml.ts'
import * as sitemapRoute from '#app/routes/sitemap[.]xml.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type Json } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

const DAY = 24 * 60 * 60 * 1000
/** When the old posts were last edited: long before the test runs. */
const EDITED = new Date('2026-01-02T03:04:05.678Z')

const ALERT_BODY = 'Before you start.\n\n> [!WARNING]\n> Back up the database first.\n'
/** What the renderer made of ALERT_BODY before it knew GitHub alerts. */
const OLD_ALERT_HTML = '<p>Before you start.</p>\n<blockquote>\n<p>[!WARNING]\nBack up the database first.</p>\n</blockquote>\n'
/** Quotes nested deeper than the complexity check allows: saved before the check existed. */
const REFUSED_BODY = `${'> '.repeat(100)}deep\n`
const REFUSED_HTML = '<p>What an old renderer made of it.</p>'

let authorId: string | undefined
beforeEach(() => {
	authorId = undefined
})

/** A post row as an older version of the site stored it (renderVersion 0 unless given). */
async function oldPost(slug: string, body: string, html: string, { renderVersion = 0, status = 'published' as 'published' | 'draft' } = {}) {
	authorId ??= (await createUser({ name: 'Ada Author', role: 'admin' })).id
	return prisma.post.create({
		data: {
			slug,
			title: `Post ${slug}`,
			body,
			html,
			excerpt: `About ${slug}`,
			tags: [],
			status,
			publishedAt: status === 'published' ? new Date(EDITED.getTime() - DAY) : null,
			readingMinutes: 7,
			authorId,
			renderVersion,
			createdAt: new Date(EDITED.getTime() - DAY),
			updatedAt: EDITED,
		},
	})
}

/** A logger that keeps what it was given. */
function collect() {
	const lines: Array<string> = []
	return { lines, log: (line: string) => void lines.push(line) }
}

async function postPage(slug: string) {
	return callRoute(postRoute.loader, makeRequest(`/blog/${slug}`), { slug })
}

async function feedItems(): Promise<Array<Json>> {
	const xml = await ((await rssRoute.loader()) as Response).text()
	const items = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml).rss.channel.item
	return Array.isArray(items) ? items : [items]
}

function alertIn(html: string) {
	const { document } = new JSDOM(`<body>${html}</body>`).window
	const note = document.querySelector('.markdown-alert-warning[role="note"]')
	return { note, title: note?.querySelector('.markdown-alert-title')?.textContent ?? null, raw: html.includes('[!WARNING]') }
}

describe('rerenderStalePosts', () => {
	test('an old post gets the current renderer’s HTML: the alert shows on its page and in the feed; updatedAt, version and the sitemap’s lastmod stay', async () => {
		const post = await oldPost('backups', ALERT_BODY, OLD_ALERT_HTML)
		// Before: the page shows what the old renderer stored.
		expect(alertIn((await postPage('backups')).body.post.html).raw).toBe(true)

		const { lines, log } = collect()
		expect(await rerenderStalePosts({ log })).toEqual({ rendered: 1, refused: 0, changedMeanwhile: 0 })
		expect(lines).toEqual([])

		const page = await postPage('backups')
		expect(page.status).toBe(200)
		const onPage = alertIn(page.body.post.html)
		expect(onPage.raw).toBe(false)
		expect(onPage.note).not.toBeNull()
		expect(onPage.title).toBe('Warning')
		expect(onPage.note?.textContent).toContain('Back up the database first.')

		const [item] = await feedItems()
		const inFeed = alertIn(item!['content:encoded'])
		expect(inFeed.raw).toBe(false)
		expect(inFeed.title).toBe('Warning')

		const after = await prisma.post.findUniqueOrThrow({ where: { id: post.id } })
		expect(after.updatedAt.toISOString()).toBe(EDITED.toISOString())
		expect(after.version).toBe(post.version)
		expect(after.renderVersion).toBe(MARKDOWN_RENDER_VERSION)
		expect(after.body).toBe(ALERT_BODY)
		// Reading time comes from the same render.
		expect(after.readingMinutes).toBe(1)

		const sitemap = await (await sitemapRoute.loader()).text()
		const urls: Array<Json> = new XMLParser().parse(sitemap).urlset.url
		expect(urls.find((url) => url.loc.endsWith('/blog/backups'))?.lastmod).toBe(EDITED.toISOString())
	})

	test('a post the current renderer refuses keeps its old HTML and version, and is reported once; the others are still upgraded', async () => {
		await oldPost('a-refused', REFUSED_BODY, REFUSED_HTML)
		await oldPost('b-alert', ALERT_BODY, OLD_ALERT_HTML)
		const { lines, log } = collect()
		expect(await rerenderStalePosts({ log })).toEqual({ rendered: 1, refused: 1, changedMeanwhile: 0 })
		expect(lines).toHaveLength(1)
		expect(lines[0]).toContain('a-refused')

		const refused = await prisma.post.findUniqueOrThrow({ where: { slug: 'a-refused' } })
		expect(refused.html).toBe(REFUSED_HTML)
		expect(refused.renderVersion).toBe(0)
		expect(refused.updatedAt.toISOString()).toBe(EDITED.toISOString())
		expect((await postPage('a-refused')).body.post.html).toBe(REFUSED_HTML)
		expect(alertIn((await prisma.post.findUniqueOrThrow({ where: { slug: 'b-alert' } })).html).title).toBe('Warning')
	})

	test('every stale post, drafts too, in batches; posts already at the current version are left as they are; a second run finds nothing', async () => {
		for (let i = 1; i <= 5; i++) await oldPost(`old-${i}`, ALERT_BODY, OLD_ALERT_HTML, { status: i === 3 ? 'draft' : 'published' })
		await oldPost('current', ALERT_BODY, '<p>Rendered by this version already.</p>', { renderVersion: MARKDOWN_RENDER_VERSION })
		expect(await rerenderStalePosts({ batchSize: 2, log: collect().log })).toEqual({ rendered: 5, refused: 0, changedMeanwhile: 0 })
		const posts = await prisma.post.findMany({ orderBy: { slug: 'asc' } })
		for (const post of posts.filter((row) => row.slug.startsWith('old-'))) {
			expect(post.renderVersion, post.slug).toBe(MARKDOWN_RENDER_VERSION)
			expect(alertIn(post.html).title, post.slug).toBe('Warning')
			expect(post.updatedAt.toISOString()).toBe(EDITED.toISOString())
		}
		expect(posts.find((row) => row.slug === 'current')?.html).toBe('<p>Rendered by this version already.</p>')
		expect(await rerenderStalePosts({ log: collect().log })).toEqual({ rendered: 0, refused: 0, changedMeanwhile: 0 })
	})

	test('two instances upgrading at once write each post once', async () => {
		for (let i = 1; i <= 3; i++) await oldPost(`twice-${i}`, ALERT_BODY, OLD_ALERT_HTML)
		const [one, two] = await Promise.all([rerenderStalePosts({ log: collect().log }), rerenderStalePosts({ log: collect().log })])
		// Whatever the interleaving, every post was written by exactly one of them.
		expect(one.rendered + two.rendered).toBe(3)
		expect(one.refused + two.refused).toBe(0)
		for (const post of await prisma.post.findMany()) {
			expect(post.renderVersion).toBe(MARKDOWN_RENDER_VERSION)
			expect(post.updatedAt.toISOString()).toBe(EDITED.toISOString())
		}
	})

	test('a re-render never overwrites a save made after the post was read, nor HTML from a newer renderer', async () => {
		const post = await oldPost('edited', ALERT_BODY, OLD_ALERT_HTML)
		const rendered = { html: '<p>re-rendered</p>', readingMinutes: 1, text: 're-rendered' }
		// An admin saved meanwhile: the version moved on.
		await prisma.post.update({ where: { id: post.id }, data: { body: 'New text', html: '<p>New text</p>', version: { increment: 1 }, renderVersion: MARKDOWN_RENDER_VERSION } })
		expect(await storeRerenderedPost(post, rendered)).toBe(false)
		expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).html).toBe('<p>New text</p>')

		// A newer version of the site (a rolling deploy) got there first.
		const other = await oldPost('newer', ALERT_BODY, '<p>from a newer renderer</p>', { renderVersion: MARKDOWN_RENDER_VERSION + 1 })
		expect(await storeRerenderedPost(other, rendered)).toBe(false)
		expect((await prisma.post.findUniqueOrThrow({ where: { id: other.id } })).html).toBe('<p>from a newer renderer</p>')

		// The stale one as read: written, updatedAt kept.
		const stale = await oldPost('stale', ALERT_BODY, OLD_ALERT_HTML)
		expect(await storeRerenderedPost(stale, rendered)).toBe(true)
		const after = await prisma.post.findUniqueOrThrow({ where: { id: stale.id } })
		expect(after).toMatchObject({ html: '<p>re-rendered</p>', readingMinutes: 1, renderVersion: MARKDOWN_RENDER_VERSION, version: stale.version })
		expect(after.updatedAt.toISOString()).toBe(EDITED.toISOString())
	})
})

describe('saves record the renderer version', () => {
	test('a new post and a saved old post carry MARKDOWN_RENDER_VERSION', async () => {
		const admin = await createUser({ role: 'admin', name: 'Ada Admin' })
		const { cookie } = await loginAs(admin.id)
		const created = await callRoute(newRoute.action, makeRequest('/admin/posts/new', { method: 'POST', cookie, form: { intent: 'save', status: 'draft', title: 'Fresh', body: ALERT_BODY } }))
		expect(created.status, JSON.stringify(created.body)).toBe(302)
		expect((await prisma.post.findUniqueOrThrow({ where: { slug: 'fresh' } })).renderVersion).toBe(MARKDOWN_RENDER_VERSION)

		authorId = admin.id
		const old = await oldPost('kept-old', ALERT_BODY, OLD_ALERT_HTML)
		const saved = await callRoute(
			editRoute.action,
			makeRequest(`/admin/posts/${old.id}/edit`, { method: 'POST', cookie, form: { intent: 'save', status: 'published', title: old.title, slug: old.slug, body: ALERT_BODY, version: String(old.version) } }),
			{ id: old.id },
		)
		expect(saved.status, JSON.stringify(saved.body)).toBe(302)
		const after = await prisma.post.findUniqueOrThrow({ where: { id: old.id } })
		expect(after.renderVersion).toBe(MARKDOWN_RENDER_VERSION)
		expect(alertIn(after.html).title).toBe('Warning')
	})
})
