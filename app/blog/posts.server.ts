/**
 * Writing blog posts (the admin editor): create, update and delete, with the
 * rules of `post-validation.ts`, the Markdown rendered and sanitised at save
 * time (`markdown.server.ts`, in the worker pool), unique slugs (409 naming
 * the clash, also when two saves race: P2002), old slugs kept for 301
 * redirects, and optimistic concurrency: a save based on an older version
 * is refused (409) and the editor keeps the text (SECURITY.md G6, G7).
 * Each change and its audit entry are one transaction.
 */
import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { audit, type AuditActor } from '#app/site/audit.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { markContentChanged } from '#app/utils/content-changes.server.ts'
import { escapeLike, isUniqueViolation, prisma } from '#app/utils/db.server.ts'
import { AppError, type ErrorCode } from '#app/utils/errors.ts'
import { formErrorReply } from '#app/utils/errors.server.ts'
import { checkImageFile, fileUrl, IMAGE_TYPES, storeFile, uploadLimitBytes } from '#app/files/files.server.ts'
import { MARKDOWN_RENDER_VERSION, renderMarkdown } from './markdown.server.ts'
import {
	ADMIN_POSTS_PER_PAGE,
	ADMIN_QUERY_MAX,
	ADMIN_SORTS,
	ADMIN_STATUS_FILTERS,
	POST_FORM_MAX_BYTES,
	PostFormSchema,
	slugify,
	type AdminPostQuery,
	type AdminSort,
	type AdminStatusFilter,
	type PostFormValue,
} from './post-validation.ts'
import { postState, postStateWhere } from './post-state.ts'

export type { AdminPostQuery }
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { formatDateTimeInput } from '#app/utils/dates.ts'

export const STALE_VERSION_MESSAGE =
	'This post was changed since you opened it (in another tab or by another admin). Your version is still in the editor: copy what you need, then reload to see the latest one.'

function slugTaken(slug: string, title: string): AppError {
	return new AppError('CONFLICT', `The slug “${slug}” is already used by “${title}”.`, { field: 'slug', slug })
}

async function assertSlugFree(slug: string, exceptId?: string) {
	const other = await prisma.post.findUnique({ where: { slug }, select: { id: true, title: true } })
	if (other && other.id !== exceptId) throw slugTaken(slug, other.title)
}

/** After a P2002 on the slug: who has it now. */
async function slugConflict(slug: string): Promise<AppError> {
	const other = await prisma.post.findUnique({ where: { slug }, select: { title: true } })
	return slugTaken(slug, other?.title ?? 'another post')
}

function slugFor(input: PostFormValue): string {
	const slug = input.slug || slugify(input.title)
	if (!slug) {
		throw new AppError('VALIDATION_ERROR', 'Enter a slug: the title has no letters or digits to make one from.', { field: 'slug' })
	}
	return slug
}

async function assertCoverImage(id: string | null) {
	if (!id) return
	const file = await prisma.storedFile.findUnique({ where: { id }, select: { mediaType: true } })
	if (!file || !(IMAGE_TYPES as ReadonlyArray<string>).includes(file.mediaType)) {
		throw new AppError('VALIDATION_ERROR', 'The cover image was not found: upload it again or choose another.', { field: 'coverImageId' })
	}
}

function publishedAtFor(input: PostFormValue, previous: Date | null = null, now = new Date()): Date | null {
	if (input.publishedAt) return input.publishedAt
	// Publishing with no date: now (or the date it first went out, if it had one).
	if (input.status === 'published') return previous ?? now
	return null
}

/** The columns a save writes from the form (create and update alike). */
function storedFields(input: PostFormValue, slug: string, rendered: { html: string; readingMinutes: number }, publishedAt: Date | null) {
	return {
		slug,
		title: input.title,
		excerpt: input.excerpt,
		body: input.body,
		html: rendered.html,
		readingMinutes: rendered.readingMinutes,
		// The renderer that made `html`: a later one re-renders it (post-rerender.server.ts).
		renderVersion: MARKDOWN_RENDER_VERSION,
		tags: input.tags,
		status: input.status,
		publishedAt,
		seoTitle: input.seoTitle,
		seoDescription: input.seoDescription,
	}
}

export async function createPost(actor: AuditActor, input: PostFormValue, { signal }: { signal?: AbortSignal } = {}) {
	const slug = slugFor(input)
	await assertSlugFree(slug)
	await assertCoverImage(input.coverImageId)
	const rendered = await renderMarkdown(input.body, { signal })
	const publishedAt = publishedAtFor(input)
	try {
		const created = await prisma.$transaction(async (tx) => {
			const post = await tx.post.create({
				data: {
					...storedFields(input, slug, rendered, publishedAt),
					coverImageId: input.coverImageId,
					authorId: actor.id,
				},
				select: { id: true, slug: true, title: true, status: true, publishedAt: true, version: true },
			})
			// The new post's slug wins over another post's old one.
			await tx.postRedirect.deleteMany({ where: { slug } })
			await audit(actor, { action: 'post.create', target: `post:${post.id} (${slug})`, details: { title: post.title, status: post.status } }, tx)
			if (post.status === 'published') {
				await audit(actor, { action: 'post.publish', target: `post:${post.id} (${slug})`, details: { publishedAt: publishedAt?.toISOString() ?? null } }, tx)
			}
			return post
		})
		markContentChanged()
		return created
	} catch (error) {
		if (isUniqueViolation(error)) throw await slugConflict(slug)
		throw error
	}
}

export async function updatePost(actor: AuditActor, id: string, input: PostFormValue, { signal }: { signal?: AbortSignal } = {}) {
	const current = await prisma.post.findUnique({ where: { id } })
	if (!current) throw new AppError('NOT_FOUND', 'This post no longer exists (it was deleted).')
	if (input.version === undefined) throw new AppError('VALIDATION_ERROR', 'Validation failed: the form is missing the post version. Reload the editor.', { field: 'version' })
	if (input.version !== current.version) throw new AppError('CONFLICT', STALE_VERSION_MESSAGE, { field: 'version', current: current.version })
	const slug = slugFor(input)
	if (slug !== current.slug) await assertSlugFree(slug, id)
	await assertCoverImage(input.coverImageId)
	const rendered = await renderMarkdown(input.body, { signal })
	const publishedAt = publishedAtFor(input, current.publishedAt)
	const data: Prisma.PostUpdateManyMutationInput = { ...storedFields(input, slug, rendered, publishedAt), version: { increment: 1 } }
	const changed = (['slug', 'title', 'excerpt', 'body', 'status', 'seoTitle', 'seoDescription', 'coverImageId'] as const).filter((key) => {
		const next = key === 'slug' ? slug : input[key]
		return (current[key] ?? null) !== (next ?? null)
	})
	if ((current.publishedAt?.getTime() ?? null) !== (publishedAt?.getTime() ?? null)) changed.push('publishedAt' as never)
	if (current.tags.join(',') !== input.tags.join(',')) changed.push('tags' as never)
	try {
		const updated = await prisma.$transaction(async (tx) => {
			const { count } = await tx.post.updateMany({ where: { id, version: input.version }, data: { ...data, coverImageId: input.coverImageId } })
			if (count === 0) {
				const still = await tx.post.findUnique({ where: { id }, select: { id: true } })
				if (!still) throw new AppError('NOT_FOUND', 'This post no longer exists (it was deleted).')
				throw new AppError('CONFLICT', STALE_VERSION_MESSAGE, { field: 'version' })
			}
			if (slug !== current.slug) {
				await tx.postRedirect.deleteMany({ where: { slug } })
				await tx.postRedirect.upsert({ where: { slug: current.slug }, create: { slug: current.slug, postId: id }, update: { postId: id } })
			}
			const target = `post:${id} (${slug})`
			await audit(actor, { action: 'post.update', target, details: { fields: changed, ...(slug !== current.slug ? { oldSlug: current.slug } : {}) } }, tx)
			if (input.status === 'published' && current.status !== 'published') {
				await audit(actor, { action: 'post.publish', target, details: { publishedAt: publishedAt?.toISOString() ?? null } }, tx)
			}
			return tx.post.findUniqueOrThrow({ where: { id }, select: { id: true, slug: true, title: true, status: true, publishedAt: true, version: true } })
		})
		markContentChanged()
		return updated
	} catch (error) {
		if (isUniqueViolation(error)) throw await slugConflict(slug)
		throw error
	}
}

export async function deletePost(actor: AuditActor, id: string) {
	const deleted = await prisma.$transaction(async (tx) => {
		const post = await tx.post.findUnique({ where: { id }, select: { id: true, slug: true, title: true } })
		if (!post) throw new AppError('NOT_FOUND', 'This post no longer exists (it was deleted).')
		await tx.post.delete({ where: { id } })
		await audit(actor, { action: 'post.delete', target: `post:${id} (${post.slug})`, details: { title: post.title } }, tx)
		return post
	})
	markContentChanged()
	return deleted
}

export async function getPostForEditor(id: string) {
	return prisma.post.findUnique({
		where: { id },
		select: {
			id: true,
			slug: true,
			title: true,
			excerpt: true,
			body: true,
			html: true,
			tags: true,
			status: true,
			publishedAt: true,
			seoTitle: true,
			seoDescription: true,
			coverImageId: true,
			version: true,
			updatedAt: true,
			createdAt: true,
			author: { select: { name: true, email: true } },
		},
	})
}

// ---------------------------------------------------------------------------
// The admin list


export function parseAdminPostQuery(url: URL): AdminPostQuery {
	// eslint-disable-next-line no-control-regex
	const q = (url.searchParams.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, ADMIN_QUERY_MAX)
	const status = url.searchParams.get('status') ?? ''
	const sort = url.searchParams.get('sort') ?? ''
	const rawPage = url.searchParams.get('page') ?? ''
	return {
		q,
		status: (ADMIN_STATUS_FILTERS as ReadonlyArray<string>).includes(status) ? (status as AdminStatusFilter) : '',
		sort: (ADMIN_SORTS as ReadonlyArray<string>).includes(sort) ? (sort as AdminSort) : 'updated',
		page: /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1,
	}
}

export async function listAdminPosts(query: AdminPostQuery, now = new Date()) {
	const and: Array<Prisma.PostWhereInput> = []
	if (query.q) {
		const pattern = escapeLike(query.q)
		and.push({ OR: [{ title: { contains: pattern, mode: 'insensitive' } }, { body: { contains: pattern, mode: 'insensitive' } }] })
	}
	if (query.status) and.push(postStateWhere(query.status, now))
	const where: Prisma.PostWhereInput = { AND: and }
	const orderBy: Array<Prisma.PostOrderByWithRelationInput> =
		query.sort === 'title'
			? [{ title: 'asc' }, { id: 'asc' }]
			: query.sort === 'published'
				? [{ publishedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }]
				: [{ updatedAt: 'desc' }, { id: 'asc' }]
	const [total, rows] = await Promise.all([
		prisma.post.count({ where }),
		prisma.post.findMany({
			where,
			orderBy,
			skip: (query.page - 1) * ADMIN_POSTS_PER_PAGE,
			take: ADMIN_POSTS_PER_PAGE,
			select: { id: true, slug: true, title: true, status: true, publishedAt: true, updatedAt: true, author: { select: { name: true, email: true } } },
		}),
	])
	return {
		total,
		pages: Math.max(1, Math.ceil(total / ADMIN_POSTS_PER_PAGE)),
		posts: rows.map((row) => ({
			id: row.id,
			slug: row.slug,
			title: row.title,
			state: postState(row, now),
			publishedAt: row.publishedAt?.toISOString() ?? null,
			updatedAt: row.updatedAt.toISOString(),
			author: row.author?.name || row.author?.email || '—',
		})),
	}
}

// ---------------------------------------------------------------------------
// The editor's action, shared by /admin/posts/new and /admin/posts/:id/edit

export const EDITOR_INTENTS = ['save', 'preview', 'delete', 'upload-image', 'upload-cover'] as const
export type EditorIntent = (typeof EDITOR_INTENTS)[number]

export type EditorActionData = {
	intent: EditorIntent
	result: SubmissionResult<Array<string>>
	/** The rendered body (intent `preview`, without JavaScript). */
	preview?: { html: string; readingMinutes: number } | { error: string }
	/** An image just stored (upload intents, without JavaScript). */
	uploaded?: { kind: 'image' | 'cover'; id: string; url: string; name: string; markdown: string }
	/** The save was refused because the post changed meanwhile (409). */
	conflict?: boolean
	/** Delete without JavaScript: ask first. */
	confirmDelete?: boolean
}

const passthrough = z.object({}).passthrough()


/** The same error, shown on `field` (an upload's message belongs to its own input). */
function onField(error: AppError, field: string): AppError {
	return new AppError(error.code as ErrorCode, error.message, { ...(error.details as object | undefined), field }, error.status)
}

export function imageMarkdown(name: string, url: string): string {
	const alt = name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]\\]/g, '')
	return `![${alt}](${url})`
}

/**
 * Handles a post from the editor: `intent` save (create or update), preview
 * (the rendered body, for the editor without JavaScript), delete (asks to
 * confirm first without JavaScript), upload-image and upload-cover (the
 * upload form without JavaScript). The caller has checked the admin.
 */
export async function postEditorAction(request: Request, actor: AuditActor, postId: string | null) {
	let form: FormData
	try {
		form = await readFormData(request, POST_FORM_MAX_BYTES + (await uploadLimitBytes()))
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return formErrorReply(error, { extra: { intent: 'save' as EditorIntent } })
	}
	const rawIntent = form.get('intent') ?? 'save'
	const intent = (EDITOR_INTENTS as ReadonlyArray<unknown>).includes(rawIntent) ? (rawIntent as EditorIntent) : null
	if (!intent) return formErrorReply(new AppError('VALIDATION_ERROR', 'Validation failed: unknown action.'), { extra: { intent: 'save' as EditorIntent } })
	const keep = parseWithZod(form, { schema: passthrough })

	if (intent === 'delete') {
		if (!postId) return formErrorReply(new AppError('VALIDATION_ERROR', 'This post has not been saved yet.'), { submission: keep, extra: { intent } })
		if (form.get('confirm') !== 'yes') return data<EditorActionData>({ intent, result: keep.reply(), confirmDelete: true })
		try {
			const post = await deletePost(actor, postId)
			return redirectWithToast('/admin/posts', { type: 'success', message: `“${post.title}” was deleted.` })
		} catch (error) {
			return formErrorReply(error, { submission: keep, formLevel: true, extra: { intent } })
		}
	}

	if (intent === 'upload-image' || intent === 'upload-cover') {
		const field = intent === 'upload-image' ? 'image' : 'coverUpload'
		try {
			const image = await checkImageFile(form.get(field), await uploadLimitBytes(), field)
			if (!image) return formErrorReply(new AppError('VALIDATION_ERROR', 'Choose an image file to upload.', { field }), { submission: keep, extra: { intent } })
			const file = await storeFile({ ...image, kept: true, uploadedById: actor.id })
			await audit(actor, { action: 'file.upload', target: `file:${file.id}`, details: { name: file.name, size: file.size, mediaType: file.mediaType } })
			const url = fileUrl(file.id)
			return data<EditorActionData>({
				intent,
				result: keep.reply(),
				uploaded: { kind: intent === 'upload-image' ? 'image' : 'cover', id: file.id, url, name: file.name, markdown: imageMarkdown(file.name, url) },
			})
		} catch (error) {
			// The message goes on the upload field, whichever field the error names.
			if (!(error instanceof AppError)) throw error
			return formErrorReply(onField(error, field), { submission: keep, extra: { intent } })
		}
	}

	if (intent === 'preview') {
		const body = form.get('body')
		try {
			const rendered = await renderMarkdown(typeof body === 'string' ? body : '', { signal: request.signal })
			return data<EditorActionData>({ intent, result: keep.reply(), preview: { html: rendered.html, readingMinutes: rendered.readingMinutes } })
		} catch (error) {
			if (!(error instanceof AppError)) throw error
			return formErrorReply(onField(error, 'body'), { submission: keep, extra: { intent, preview: { error: error.message } } })
		}
	}

	// save
	const submission = parseWithZod(form, { schema: PostFormSchema })
	if (submission.status !== 'success') return data<EditorActionData>({ intent, result: submission.reply() }, { status: 400 })
	if (postId && submission.value.version === undefined) {
		return formErrorReply(new AppError('VALIDATION_ERROR', 'Validation failed: the form is missing the post version. Reload the editor.'), { submission, extra: { intent } })
	}
	try {
		const post = postId ? await updatePost(actor, postId, submission.value, { signal: request.signal }) : await createPost(actor, submission.value, { signal: request.signal })
		const state = postState(post)
		const message =
			state === 'scheduled'
				? `Saved. “${post.title}” is scheduled for ${formatDateTimeInput(post.publishedAt).replace('T', ' ')} UTC.`
				: state === 'published'
					? `Saved. “${post.title}” is published.`
					: `Saved “${post.title}” as a draft.`
		return redirectWithToast(`/admin/posts/${post.id}/edit`, { type: 'success', message })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		const stale = error.status === 409 && error.field === 'version'
		// A stale version is shown above the form, with the choice to reload or overwrite.
		return formErrorReply(error, { submission, formLevel: stale, extra: stale ? { intent, conflict: true } : { intent } })
	}
}
