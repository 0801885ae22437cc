/**
 * A post's state, the one rule every part of the site applies (the editor,
 * the admin list and dashboard, the public blog): a draft is a draft; a
 * published post whose date is still to come is scheduled; any other
 * published post is published. The public blog shows a published post that
 * has its date (the editor always sets one; a row without one stays hidden).
 * The `…Where` functions are the same rule as database filters.
 */
import type { Prisma } from '#app/generated/prisma/client.ts'

export type PostState = 'draft' | 'scheduled' | 'published'

export type PostStateInput = { status: string; publishedAt: Date | string | null }

export function postState(post: PostStateInput, now = new Date()): PostState {
	if (post.status !== 'published') return 'draft'
	return post.publishedAt && new Date(post.publishedAt) > now ? 'scheduled' : 'published'
}

/** Whether readers see the post on /blog, in feeds and in the sitemap. */
export function isPublic(post: PostStateInput, now = new Date()): boolean {
	return post.publishedAt !== null && postState(post, now) === 'published'
}

/** `isPublic` as a filter. */
export function publicPostWhere(now = new Date()): Prisma.PostWhereInput {
	return { status: 'published', publishedAt: { lte: now } }
}

/** `postState(post) === state` as a filter (the admin list's status filter). */
export function postStateWhere(state: PostState, now = new Date()): Prisma.PostWhereInput {
	if (state === 'draft') return { status: 'draft' }
	if (state === 'scheduled') return { status: 'published', publishedAt: { gt: now } }
	return { status: 'published', OR: [{ publishedAt: null }, { publishedAt: { lte: now } }] }
}
