/**
 * Blog posts for the end-to-end tests, written through the real editor
 * action (POST /admin/posts/new) as the e2e admin, so they are rendered and
 * sanitised exactly as an admin's post would be. Slugs and tags are unique
 * per call: tests share one server and database.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { E2E_ADMIN } from './fixtures.ts'

export type PostFields = {
	title: string
	slug: string
	excerpt?: string
	body?: string
	tags?: Array<string>
	status?: 'draft' | 'published'
	/** `YYYY-MM-DDTHH:mm` (UTC); empty for now. */
	publishedAt?: string
	seoTitle?: string
	seoDescription?: string
	coverImageId?: string
}

/** A short random suffix for slugs and tags. */
export function uniqueSuffix(): string {
	return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`
}

/** An API context signed in as the e2e admin (through the login form). */
export async function adminContext(baseURL: string): Promise<APIRequestContext> {
	const context = await playwrightRequest.newContext({ baseURL })
	const response = await context.post('/login', { form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 })
	expect(response.status(), await response.text()).toBe(302)
	return context
}

/** Creates a post through the editor's save action; returns its id and slug. */
export async function createPost(admin: APIRequestContext, fields: PostFields): Promise<{ id: string; slug: string }> {
	const response = await admin.post('/admin/posts/new', {
		form: {
			title: fields.title,
			slug: fields.slug,
			excerpt: fields.excerpt ?? '',
			body: fields.body ?? `Text of ${fields.title}.`,
			tags: (fields.tags ?? []).join(', '),
			status: fields.status ?? 'published',
			publishedAt: fields.publishedAt ?? '',
			seoTitle: fields.seoTitle ?? '',
			seoDescription: fields.seoDescription ?? '',
			coverImageId: fields.coverImageId ?? '',
			intent: 'save',
		},
		maxRedirects: 0,
	})
	const location = response.headers()['location'] ?? ''
	expect(response.status(), `saving “${fields.title}”: ${response.status()} ${location || (await response.text()).slice(0, 500)}`).toBe(302)
	const id = /\/admin\/posts\/([^/]+)\/edit/.exec(location)?.[1]
	expect(id, location).toBeTruthy()
	return { id: id!, slug: fields.slug }
}

/** `YYYY-MM-DDTHH:mm` in UTC, `offsetMs` from now (the editor's publishedAt format). */
export function editorDate(offsetMs: number): string {
	return new Date(Date.now() + offsetMs).toISOString().slice(0, 16)
}

/** Markdown that tries every trick of SECURITY.md G5/H2; none may run. */
export const XSS_MARKDOWN = [
	'# Hostile post',
	'',
	'<script>alert("script")</script>',
	'',
	'<img src=x onerror="alert(\'img\')">',
	'',
	'<svg onload="alert(\'svg\')"><circle r="5"/></svg>',
	'',
	'[click me](javascript:alert("link"))',
	'',
	'[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
	'',
	'[spaced](java\tscript:alert("tab"))',
	'',
	'<iframe srcdoc="<script>alert(\'iframe\')</script>"></iframe>',
	'',
	'<a href="JaVaScRiPt:alert(\'mixed\')">mixed case</a>',
	'',
	'<details open ontoggle="alert(\'toggle\')"><summary>x</summary></details>',
	'',
	'```js',
	'const safe = "<script>alert(1)</script>"',
	'```',
	'',
	'Text after the corpus.',
].join('\n')
