/**
 * The admin's blog post routes, called the way Remix calls them:
 * /admin/posts (list), /admin/posts/new, /admin/posts/:id/edit (the editor's
 * save, preview, upload and delete intents) and /admin/posts/preview.
 * Role checks for every loader and action (anonymous and plain users are
 * redirected to /login and change nothing: SECURITY.md G1, G2), validation
 * (G6: long titles, hostile slugs, a 5 MB body), slug clashes (409, also
 * when two saves race), stale versions (G7: 409, the edit returned), the
 * schedule, old slugs kept for redirects, and the audit log (G10).
 */
import { beforeEach, describe, expect, test } from 'vitest'
import * as editRoute from '#app/routes/admin.posts.$id.edit.tsx'
import * as listRoute from '#app/routes/admin.posts._index.tsx'
import * as newRoute from '#app/routes/admin.posts.new.tsx'
import * as previewRoute from '#app/routes/admin.posts.preview.ts'
import { prisma } from '#app/utils/db.server.ts'
import { storeFile } from '#app/files/files.server.ts'
import { MARKDOWN_TOO_COMPLEX_MESSAGE } from '#app/blog/markdown.server.ts'
import { STALE_VERSION_MESSAGE } from '#app/blog/posts.server.ts'
import { context, createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute, type Json, type RouteHandler } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

const call = callRoute

function postForm(path: string, form: Record<string, string>, cookie?: string) {
	return makeRequest(path, { method: 'POST', form, cookie })
}

async function accounts() {
	const admin = await createUser({ role: 'admin', name: 'Ada Admin' })
	const user = await createUser()
	return {
		admin,
		adminCookie: (await loginAs(admin.id)).cookie,
		userCookie: (await loginAs(user.id)).cookie,
	}
}

const FUTURE = '2999-01-01T09:30'

async function create(cookie: string, form: Record<string, string>) {
	return call(newRoute.action, postForm('/admin/posts/new', { intent: 'save', status: 'draft', ...form }, cookie))
}

async function save(cookie: string, id: string, form: Record<string, string>) {
	return call(editRoute.action, postForm(`/admin/posts/${id}/edit`, { intent: 'save', status: 'draft', ...form }, cookie), { id })
}

async function createOk(cookie: string, form: Record<string, string>) {
	const outcome = await create(cookie, form)
	expect(outcome.status, JSON.stringify(outcome.body)).toBe(302)
	const id = /^\/admin\/posts\/([^/]+)\/edit$/.exec(outcome.headers.get('Location') ?? '')?.[1]
	expect(id).toBeTruthy()
	return prisma.post.findUniqueOrThrow({ where: { id: id! } })
}

async function snapshot() {
	return {
		posts: await prisma.post.findMany({ orderBy: { id: 'asc' } }),
		redirects: await prisma.postRedirect.count(),
		files: await prisma.storedFile.count(),
		audit: await prisma.auditLog.count(),
	}
}

describe('role checks: anonymous and plain users are sent to /login and change nothing', () => {
	test('every loader', async () => {
		const { adminCookie, userCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Existing', body: 'text' })
		const loaders: Array<[RouteHandler, string, Record<string, string>]> = [
			[listRoute.loader, '/admin/posts', {}],
			[newRoute.loader, '/admin/posts/new', {}],
			[editRoute.loader, `/admin/posts/${post.id}/edit`, { id: post.id }],
			[previewRoute.loader, '/admin/posts/preview', {}],
		]
		for (const [loader, path, params] of loaders) {
			for (const cookie of [undefined, userCookie]) {
				const outcome = await call(loader, makeRequest(path, { cookie }), params)
				expect(outcome).toHaveRedirect(/^\/login/)
				expect(JSON.stringify(outcome.body ?? '')).not.toContain('Existing')
			}
		}
		// An admin gets the data.
		const list = await call(listRoute.loader, makeRequest('/admin/posts', { cookie: adminCookie }))
		expect(list.status).toBe(200)
		expect(list.body.posts[0].title).toBe('Existing')
		const edit = await call(editRoute.loader, makeRequest(`/admin/posts/${post.id}/edit`, { cookie: adminCookie }), { id: post.id })
		expect(edit.body.post.title).toBe('Existing')
		const fresh = await call(newRoute.loader, makeRequest('/admin/posts/new', { cookie: adminCookie }))
		expect(fresh.status).toBe(200)
	})

	test('every action and intent', async () => {
		const { adminCookie, userCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Existing', body: 'text' })
		const before = await snapshot()
		const attempts: Array<[RouteHandler, string, Record<string, string>, Record<string, string>]> = [
			[newRoute.action, '/admin/posts/new', {}, { intent: 'save', title: 'Sneaky', body: 'x', status: 'published' }],
			[editRoute.action, `/admin/posts/${post.id}/edit`, { id: post.id }, { intent: 'save', title: 'Hijacked', body: 'x', version: '1' }],
			[editRoute.action, `/admin/posts/${post.id}/edit`, { id: post.id }, { intent: 'delete', confirm: 'yes' }],
			[editRoute.action, `/admin/posts/${post.id}/edit`, { id: post.id }, { intent: 'preview', body: '# x' }],
			[previewRoute.action, '/admin/posts/preview', {}, { body: '# secret preview' }],
		]
		for (const [action, path, params, form] of attempts) {
			for (const cookie of [undefined, userCookie]) {
				const outcome = await call(action, postForm(path, form, cookie), params)
				expect(outcome).toHaveRedirect(/^\/login/)
			}
		}
		expect(await snapshot()).toEqual(before)
	})
})

describe('creating posts', () => {
	test('a post is saved with its rendered, sanitised HTML, reading time, tags and author; audited', async () => {
		const { admin, adminCookie } = await accounts()
		const outcome = await create(adminCookie, {
			title: '  Crème Brûlée: A Guide!  ',
			excerpt: 'Custard.',
			body: '# Hello\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **bold**',
			tags: 'Cooking, desserts ,cooking',
			seoTitle: 'Crème brûlée',
			seoDescription: 'How to',
		})
		await expect(outcome).toSendToast({ message: 'Saved “Crème Brûlée: A Guide!” as a draft.' })
		const post = await prisma.post.findFirstOrThrow()
		expect(outcome).toHaveRedirect(`/admin/posts/${post.id}/edit`)
		expect(post).toMatchObject({
			slug: 'creme-brulee-a-guide',
			title: 'Crème Brûlée: A Guide!',
			excerpt: 'Custard.',
			tags: ['cooking', 'desserts'],
			status: 'draft',
			publishedAt: null,
			seoTitle: 'Crème brûlée',
			authorId: admin.id,
			version: 1,
			readingMinutes: 1,
		})
		expect(post.html).toContain('<h2 id="hello">')
		expect(post.html).toContain('<strong>bold</strong>')
		expect(post.html).not.toMatch(/<script|javascript:/)
		const entries = await prisma.auditLog.findMany()
		expect(entries.map((entry) => entry.action)).toEqual(['post.create'])
		expect(entries[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, target: `post:${post.id} (creme-brulee-a-guide)` })
	})

	test('a 10,000-character title → 400 field error, nothing saved, the text kept', async () => {
		const { adminCookie } = await accounts()
		const title = 't'.repeat(10_000)
		const outcome = await create(adminCookie, { title, body: 'x' })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.title[0]).toBe('The title must be at most 200 characters (this one has 10,000).')
		expect(outcome.body.result.initialValue.title).toBe(title)
		expect(await prisma.post.count()).toBe(0)
	})

	test('no title → 400', async () => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, { title: '   ', body: 'x' })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.title).toEqual(['Enter a title'])
	})

	test.each([
		['../../etc/passwd'],
		['%2e%2e/'],
		['..%2F..%2Fetc'],
		['a'.repeat(5 * 1024)],
		['café'],
		['日本語'],
		['Upper-Case'],
		['double--hyphen'],
		['-leading'],
		['with space'],
	])('slug %j → 400 field error, nothing saved', async (slug) => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, { title: 'Fine title', slug, body: 'x' })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.slug).toHaveLength(1)
		expect(await prisma.post.count()).toBe(0)
	})

	test('a title with nothing to make a slug from needs one', async () => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, { title: '日本語', body: 'x' })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.slug[0]).toMatch(/Enter a slug/)
		expect((await createOk(adminCookie, { title: '日本語', slug: 'nihongo', body: 'x' })).slug).toBe('nihongo')
	})

	test('a 5 MB body → 400 field error, the body returned to the editor, nothing saved', async () => {
		const { adminCookie } = await accounts()
		const body = 'a'.repeat(5 * 1024 * 1024)
		const outcome = await create(adminCookie, { title: 'Huge', body })
		expect(outcome.status).toBe(400)
		expect(outcome.body.result.error.body[0]).toMatch(/^The post must be at most 1,000,000 characters/)
		expect(outcome.body.result.initialValue.body).toHaveLength(body.length)
		expect(await prisma.post.count()).toBe(0)
	})

	test('other limits: excerpt, tags, SEO fields, publish date, status', async () => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, {
			title: 'Limits',
			excerpt: 'e'.repeat(501),
			tags: Array.from({ length: 21 }, (_, index) => `tag${index}`).join(','),
			seoTitle: 's'.repeat(71),
			seoDescription: 'd'.repeat(201),
			publishedAt: '2026-02-31T10:00',
			status: 'archived',
		})
		expect(outcome.status).toBe(400)
		expect(Object.keys(outcome.body.result.error).sort()).toEqual(['excerpt', 'publishedAt', 'seoDescription', 'seoTitle', 'status', 'tags'])
		const longTag = await create(adminCookie, { title: 'Tags', tags: 'x'.repeat(41) })
		expect(longTag.body.result.error.tags[0]).toMatch(/at most 40 characters/)
	})

	test('Markdown too complex to render → 422 on the body field, nothing saved', async () => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, { title: 'Deep', body: '>'.repeat(2000) })
		expect(outcome.status).toBe(422)
		expect(outcome.body.result.error.body).toEqual([MARKDOWN_TOO_COMPLEX_MESSAGE])
		expect(await prisma.post.count()).toBe(0)
	})

	test('a cover image must be an uploaded image', async () => {
		const { adminCookie } = await accounts()
		const missing = await create(adminCookie, { title: 'Cover', coverImageId: 'AAAAAAAAAAAAAAAAAAAAAA' })
		expect(missing.status).toBe(400)
		expect(missing.body.result.error.coverImageId[0]).toMatch(/cover image was not found/)
		const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
		const image = await storeFile({ name: 'cover.png', mediaType: 'image/png', data: png, kept: true })
		expect((await createOk(adminCookie, { title: 'Cover', coverImageId: image.id })).coverImageId).toBe(image.id)
	})
})

describe('slug clashes (409)', () => {
	test('a slug another post has → 409 naming it', async () => {
		const { adminCookie } = await accounts()
		await createOk(adminCookie, { title: 'First post', slug: 'hello' })
		const outcome = await create(adminCookie, { title: 'Second post', slug: 'hello' })
		expect(outcome.status).toBe(409)
		expect(outcome.body.result.error.slug).toEqual(['The slug “hello” is already used by “First post”.'])
		expect(outcome.body.result.initialValue.title).toBe('Second post')
		expect(await prisma.post.count()).toBe(1)
	})

	test('renaming onto another post’s slug → 409, nothing changed', async () => {
		const { adminCookie } = await accounts()
		await createOk(adminCookie, { title: 'First post', slug: 'hello' })
		const second = await createOk(adminCookie, { title: 'Second post', slug: 'second' })
		const outcome = await save(adminCookie, second.id, { title: 'Second post', slug: 'hello', version: '1' })
		expect(outcome.status).toBe(409)
		expect(outcome.body.result.error.slug).toEqual(['The slug “hello” is already used by “First post”.'])
		expect((await prisma.post.findUniqueOrThrow({ where: { id: second.id } })).slug).toBe('second')
	})

	test('two creates racing for one slug: one wins, the other gets the 409', async () => {
		const { adminCookie } = await accounts()
		const outcomes = await Promise.all([create(adminCookie, { title: 'Tab one', slug: 'race' }), create(adminCookie, { title: 'Tab two', slug: 'race' })])
		expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 409])
		const refused = outcomes.find((outcome) => outcome.status === 409)!
		expect(refused.body.result.error.slug[0]).toMatch(/^The slug “race” is already used by “Tab (one|two)”\.$/)
		expect(await prisma.post.count()).toBe(1)
		expect(await prisma.auditLog.count()).toBe(1)
	})
})

describe('editing', () => {
	test('an update saves, bumps the version and is audited with the changed fields', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Draft', body: 'one' })
		const outcome = await save(adminCookie, post.id, { title: 'Draft', body: 'two **words**', version: '1', tags: 'a' })
		expect(outcome).toHaveRedirect(`/admin/posts/${post.id}/edit`)
		const saved = await prisma.post.findUniqueOrThrow({ where: { id: post.id } })
		expect(saved).toMatchObject({ body: 'two **words**', version: 2, tags: ['a'] })
		expect(saved.html).toBe('<p>two <strong>words</strong></p>\n')
		const update = await prisma.auditLog.findFirstOrThrow({ where: { action: 'post.update' } })
		expect(update.details).toEqual({ fields: ['body', 'tags'] })
	})

	test('two tabs: the second save, based on the old version, → 409 with its edit returned; the first stays', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Shared', body: 'original' })
		const tabA = await call(editRoute.loader, makeRequest(`/admin/posts/${post.id}/edit`, { cookie: adminCookie }), { id: post.id })
		const tabB = await call(editRoute.loader, makeRequest(`/admin/posts/${post.id}/edit`, { cookie: adminCookie }), { id: post.id })
		expect(tabA.body.post.version).toBe(1)
		const first = await save(adminCookie, post.id, { title: 'Shared', body: 'from tab A', version: String(tabA.body.post.version) })
		expect(first.status).toBe(302)
		const second = await save(adminCookie, post.id, { title: 'Shared', body: 'from tab B', version: String(tabB.body.post.version) })
		expect(second.status).toBe(409)
		expect(second.body.conflict).toBe(true)
		expect(second.body.result.error['']).toEqual([STALE_VERSION_MESSAGE])
		expect(second.body.result.initialValue.body).toBe('from tab B')
		const saved = await prisma.post.findUniqueOrThrow({ where: { id: post.id } })
		expect(saved).toMatchObject({ body: 'from tab A', version: 2 })
	})

	test('two saves of the same version at once: exactly one wins', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Race', body: 'original' })
		const outcomes = await Promise.all([
			save(adminCookie, post.id, { title: 'Race', body: 'one', version: '1' }),
			save(adminCookie, post.id, { title: 'Race', body: 'two', version: '1' }),
		])
		expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 409])
		expect((await prisma.post.findUniqueOrThrow({ where: { id: post.id } })).version).toBe(2)
	})

	test('a save without a version → 400; an unknown post → 404', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Versioned' })
		expect((await save(adminCookie, post.id, { title: 'Versioned' })).status).toBe(400)
		expect((await save(adminCookie, 'nope', { title: 'x', version: '1' })).status).toBe(404)
		const loader = await call(editRoute.loader, makeRequest('/admin/posts/nope/edit', { cookie: adminCookie }), { id: 'nope' })
		expect(loader.status).toBe(404)
	})

	test('changing the slug keeps the old one as a redirect; taking a slug back removes its redirect', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Moving', slug: 'old-address' })
		expect((await save(adminCookie, post.id, { title: 'Moving', slug: 'new-address', version: '1' })).status).toBe(302)
		expect(await prisma.postRedirect.findMany({ select: { slug: true, postId: true } })).toEqual([{ slug: 'old-address', postId: post.id }])
		const update = await prisma.auditLog.findFirstOrThrow({ where: { action: 'post.update' } })
		expect(update.details).toMatchObject({ oldSlug: 'old-address' })
		expect((await save(adminCookie, post.id, { title: 'Moving', slug: 'old-address', version: '2' })).status).toBe(302)
		expect(await prisma.postRedirect.findMany({ select: { slug: true, postId: true } })).toEqual([{ slug: 'new-address', postId: post.id }])
	})

	test('a new post may take another post’s old slug: the redirect goes', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Moving', slug: 'first' })
		await save(adminCookie, post.id, { title: 'Moving', slug: 'second', version: '1' })
		await createOk(adminCookie, { title: 'Newcomer', slug: 'first' })
		expect(await prisma.postRedirect.count()).toBe(0)
	})
})

describe('publishing and scheduling', () => {
	test('publishing with no date publishes now; audited as post.publish', async () => {
		const { adminCookie } = await accounts()
		const before = Date.now()
		const outcome = await create(adminCookie, { title: 'Out now', body: 'x', status: 'published' })
		const post = await prisma.post.findFirstOrThrow()
		expect(post.status).toBe('published')
		expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
		expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now())
		await expect(outcome).toSendToast({ message: 'Saved. “Out now” is published.' })
		expect((await prisma.auditLog.findMany({ orderBy: { id: 'asc' } })).map((entry) => entry.action)).toEqual(['post.create', 'post.publish'])
	})

	test('a future date schedules; the list shows Scheduled; publishing a draft later is audited', async () => {
		const { adminCookie } = await accounts()
		const outcome = await create(adminCookie, { title: 'Later', status: 'published', publishedAt: FUTURE })
		await expect(outcome).toSendToast({ message: 'Saved. “Later” is scheduled for 2999-01-01 09:30 UTC.' })
		const scheduled = await prisma.post.findFirstOrThrow()
		expect(scheduled.publishedAt?.toISOString()).toBe('2999-01-01T09:30:00.000Z')
		const draft = await createOk(adminCookie, { title: 'Draft' })
		await createOk(adminCookie, { title: 'Live', status: 'published' })
		const list = await call(listRoute.loader, makeRequest('/admin/posts?sort=title', { cookie: adminCookie }))
		expect(list.body.posts.map((post: Json) => [post.title, post.state])).toEqual([
			['Draft', 'draft'],
			['Later', 'scheduled'],
			['Live', 'published'],
		])
		expect((await save(adminCookie, draft.id, { title: 'Draft', status: 'published', version: '1' })).status).toBe(302)
		expect(await prisma.auditLog.count({ where: { action: 'post.publish' } })).toBe(3)
	})
})

describe('the list', () => {
	test('search, status filter, sort and 20 per page', async () => {
		const { adminCookie } = await accounts()
		for (let index = 1; index <= 23; index++) {
			await createOk(adminCookie, { title: `Post ${String(index).padStart(2, '0')}`, body: index === 7 ? 'mentions PGlite here' : 'text', status: index % 2 ? 'published' : 'draft' })
		}
		await createOk(adminCookie, { title: 'Scheduled one', status: 'published', publishedAt: FUTURE })
		const list = (query: string) => call(listRoute.loader, makeRequest(`/admin/posts${query}`, { cookie: adminCookie })).then((outcome) => outcome.body)
		const first = await list('?sort=title')
		expect(first.total).toBe(24)
		expect(first.pages).toBe(2)
		expect(first.posts).toHaveLength(20)
		expect(first.posts[0].title).toBe('Post 01')
		const second = await list('?sort=title&page=2')
		expect(second.posts.map((post: Json) => post.title)).toEqual(['Post 21', 'Post 22', 'Post 23', 'Scheduled one'])
		expect((await list('?q=pglite')).posts.map((post: Json) => post.title)).toEqual(['Post 07'])
		expect((await list('?q=POST%2012')).posts.map((post: Json) => post.title)).toEqual(['Post 12'])
		// LIKE wildcards are searched for as themselves.
		expect((await list('?q=%25')).total).toBe(0)
		expect((await list('?q=_')).total).toBe(0)
		expect((await list('?status=draft')).total).toBe(11)
		expect((await list('?status=published')).total).toBe(12)
		expect((await list('?status=scheduled')).posts.map((post: Json) => post.title)).toEqual(['Scheduled one'])
		expect((await list('?sort=published')).posts[0].title).toBe('Scheduled one')
		expect((await list('')).posts[0].title).toBe('Scheduled one')
		// Junk parameters fall back to the defaults.
		const junk = await list('?status=nope&sort=%00&page=-4')
		expect(junk.query).toEqual({ q: '', status: '', sort: 'updated', page: 1 })
	})
})

describe('preview, uploads and delete from the editor', () => {
	test('preview: the editor route and the resource route render with the saving renderer', async () => {
		const { adminCookie } = await accounts()
		const viaEditor = await call(newRoute.action, postForm('/admin/posts/new', { intent: 'preview', title: '', body: '# Hi\n\n<img src=x onerror=alert(1)>' }, adminCookie))
		expect(viaEditor.status).toBe(200)
		expect(viaEditor.body.preview.html).toContain('<h2 id="hi">')
		expect(viaEditor.body.preview.html).not.toContain('onerror')
		expect(viaEditor.body.result.initialValue.body).toContain('# Hi')
		const resource = await call(previewRoute.action, postForm('/admin/posts/preview', { body: '**b** <script>x</script>' }, adminCookie))
		expect(resource.status).toBe(200)
		expect(resource.body.html).toBe('<p><strong>b</strong> </p>\n')
		expect(await prisma.post.count()).toBe(0)
	})

	test('upload without JavaScript: the image is stored and the Markdown to paste comes back with the form', async () => {
		const { adminCookie } = await accounts()
		const form = new FormData()
		form.set('intent', 'upload-image')
		form.set('title', 'Keep me')
		form.set('body', 'typed so far')
		const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
		form.set('image', new File([png], 'diagram.png', { type: 'image/png' }))
		const outcome = await call(newRoute.action, makeRequest('/admin/posts/new', { method: 'POST', body: form, cookie: adminCookie }))
		expect(outcome.status).toBe(200)
		const file = await prisma.storedFile.findFirstOrThrow()
		expect(outcome.body.uploaded).toEqual({ kind: 'image', id: file.id, url: `/files/${file.id}`, name: 'diagram.png', markdown: `![diagram](/files/${file.id})` })
		expect(outcome.body.result.initialValue).toMatchObject({ title: 'Keep me', body: 'typed so far' })
		const fake = new FormData()
		fake.set('intent', 'upload-cover')
		fake.set('coverUpload', new File(['<svg onload=alert(1)>'], 'cover.png', { type: 'image/png' }))
		const refused = await call(newRoute.action, makeRequest('/admin/posts/new', { method: 'POST', body: fake, cookie: adminCookie }))
		expect(refused.status).toBe(415)
		expect(refused.body.result.error.coverUpload[0]).toMatch(/not a PNG/)
		expect(await prisma.storedFile.count()).toBe(1)
	})

	test('delete asks first without JavaScript, then deletes (audited) and its redirects go too', async () => {
		const { adminCookie } = await accounts()
		const post = await createOk(adminCookie, { title: 'Doomed', slug: 'doomed' })
		await save(adminCookie, post.id, { title: 'Doomed', slug: 'doomed-2', version: '1' })
		const ask = await call(editRoute.action, postForm(`/admin/posts/${post.id}/edit`, { intent: 'delete' }, adminCookie), { id: post.id })
		expect(ask.status).toBe(200)
		expect(ask.body.confirmDelete).toBe(true)
		expect(await prisma.post.count()).toBe(1)
		const done = await call(editRoute.action, postForm(`/admin/posts/${post.id}/edit`, { intent: 'delete', confirm: 'yes' }, adminCookie), { id: post.id })
		expect(done).toHaveRedirect('/admin/posts')
		expect(await prisma.post.count()).toBe(0)
		expect(await prisma.postRedirect.count()).toBe(0)
		const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: 'post.delete' } })
		expect(entry.target).toBe(`post:${post.id} (doomed-2)`)
		const again = await call(editRoute.action, postForm(`/admin/posts/${post.id}/edit`, { intent: 'delete', confirm: 'yes' }, adminCookie), { id: post.id })
		expect(again.status).toBe(404)
	})

	test('an unknown intent → 400', async () => {
		const { adminCookie } = await accounts()
		const outcome = await call(newRoute.action, postForm('/admin/posts/new', { intent: 'publish-everything', title: 'x' }, adminCookie))
		expect(outcome.status).toBe(400)
		expect(await prisma.post.count()).toBe(0)
	})
})
