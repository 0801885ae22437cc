/**
 * The blog post form's rules, shared by the editor (Conform validates as you
 * type) and the server (the action validates again; the browser is never
 * trusted). Field names are the form's: title, slug, excerpt, body, tags
 * (comma-separated), status, publishedAt (`YYYY-MM-DDTHH:mm`, UTC),
 * seoTitle, seoDescription, coverImageId, version.
 */
import { z } from 'zod'
import { type PostState } from './post-state.ts'

export const TITLE_MAX = 200
export const SLUG_MAX = 100
export const EXCERPT_MAX = 500
/** Characters of Markdown in one post (about 150,000 words). */
export const BODY_MAX = 1_000_000
export const TAGS_MAX = 20
export const TAG_MAX = 40
export const SEO_TITLE_MAX = 70
export const SEO_DESCRIPTION_MAX = 200

/** The admin list (/admin/posts): page size, search length, sorts and status filters. */
export const ADMIN_POSTS_PER_PAGE = 20
export const ADMIN_QUERY_MAX = 200
export const ADMIN_SORTS = ['updated', 'published', 'title'] as const
export const ADMIN_STATUS_FILTERS = ['draft', 'scheduled', 'published'] as const satisfies ReadonlyArray<PostState>
export type AdminSort = (typeof ADMIN_SORTS)[number]
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number]
export type AdminPostQuery = { q: string; status: AdminStatusFilter | ''; sort: AdminSort; page: number }

export const POST_STATUSES = ['draft', 'published'] as const
export type PostStatusValue = (typeof POST_STATUSES)[number]

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SLUG_RULE = 'Use lower-case letters (a–z), digits and single hyphens, like “my-first-post”.'

/** A slug from any text: accents stripped (NFKD), lower case, everything else becomes single hyphens. */
export function slugify(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+/, '')
		.slice(0, SLUG_MAX)
		.replace(/-+$/, '')
}

/** "Remix, TypeScript ,remix" → ["remix", "typescript"]: trimmed, lower case, single spaces, no repeats. */
export function parseTags(value: string | undefined): Array<string> {
	if (!value) return []
	const tags = value
		.split(',')
		.map((tag) => tag.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase())
		.filter(Boolean)
	return [...new Set(tags)]
}

const PUBLISHED_AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** `YYYY-MM-DDTHH:mm` read as UTC; null when empty; undefined when not a real date. */
export function parsePublishedAt(value: string | undefined): Date | null | undefined {
	if (!value || !value.trim()) return null
	const match = PUBLISHED_AT_PATTERN.exec(value.trim())
	if (!match) return undefined
	const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
	const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
	// 2026-02-31 rolls over: refuse it rather than guess.
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return undefined
	if (year < 1970 || year > 9999) return undefined
	return date
}


const tooLong = (label: string, max: number) => (value: string) => value.length <= max || `${label} must be at most ${max.toLocaleString('en-US')} characters (this one has ${value.length.toLocaleString('en-US')}).`

function limited(label: string, max: number) {
	return z.string().superRefine((value, ctx) => {
		const ok = tooLong(label, max)(value)
		if (ok !== true) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ok })
	})
}

export const PostFormSchema = z.object({
	title: z
		.string()
		.optional()
		.transform((value) => (value ?? '').trim())
		.superRefine((value, ctx) => {
			const ok = value ? tooLong('The title', TITLE_MAX)(value) : 'Enter a title'
			if (ok !== true) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ok })
		}),
	slug: z
		.string()
		.optional()
		.transform((value) => value?.trim() ?? '')
		.superRefine((value, ctx) => {
			if (!value) return
			if (value.length > SLUG_MAX) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `The slug must be at most ${SLUG_MAX} characters (this one has ${value.length.toLocaleString('en-US')}).` })
			else if (!SLUG_PATTERN.test(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: SLUG_RULE })
		}),
	excerpt: limited('The excerpt', EXCERPT_MAX).optional().transform((value) => value?.trim() ?? ''),
	body: limited('The post', BODY_MAX).optional().transform((value) => value ?? ''),
	tags: z
		.string()
		.optional()
		.transform(parseTags)
		.superRefine((tags, ctx) => {
			if (tags.length > TAGS_MAX) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `At most ${TAGS_MAX} tags (there are ${tags.length}).` })
			const long = tags.find((tag) => tag.length > TAG_MAX)
			if (long) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Each tag must be at most ${TAG_MAX} characters (“${long.slice(0, 20)}…” is longer).` })
		}),
	status: z.enum(POST_STATUSES, { errorMap: () => ({ message: 'Choose Draft or Published' }) }).default('draft'),
	publishedAt: z
		.string()
		.optional()
		.transform((value, ctx) => {
			const date = parsePublishedAt(value)
			if (date === undefined) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter a date and time as YYYY-MM-DDTHH:mm (UTC).' })
				return z.NEVER
			}
			return date
		}),
	seoTitle: limited('The SEO title', SEO_TITLE_MAX).optional().transform((value) => value?.trim() ?? ''),
	seoDescription: limited('The SEO description', SEO_DESCRIPTION_MAX).optional().transform((value) => value?.trim() ?? ''),
	coverImageId: z
		.string()
		.optional()
		.transform((value) => value?.trim() || null)
		.refine((value) => value === null || /^[A-Za-z0-9_-]{1,64}$/.test(value), 'Choose an uploaded image as the cover.'),
	version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
})

export type PostFormInput = z.input<typeof PostFormSchema>
export type PostFormValue = z.output<typeof PostFormSchema>

/**
 * Largest editor form post: a body at the character limit in 3-byte UTF-8,
 * percent-encoded, with the other fields. A 5 MB body still arrives and gets
 * a field error (the editor keeps the text); beyond this it is a 413.
 */
export const POST_FORM_MAX_BYTES = 16 * 1024 * 1024
