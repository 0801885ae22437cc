/**
 * The public blog's queries and feeds. Only public posts (post-state.ts: a
 * published post whose date has come) are listed; drafts and scheduled posts
 * are not.
 *
 * Posts are stored with their HTML already rendered and sanitised (at save
 * time, app/blog/markdown.server.ts): nothing here runs Markdown.
 */
import { type Prisma } from '#app/generated/prisma/client.ts'
import { BLOG_LIMITS, blogListHref } from '#app/blog/blog-meta.tsx'
import { escapeLike, prisma } from '#app/utils/db.server.ts'
import { publicPostWhere } from './post-state.ts'
import { httpDate } from '#app/utils/dates.ts'
import { createContentCache } from '#app/utils/content-changes.server.ts'

export { BLOG_LIMITS, blogListHref }

/** Lower-case ASCII letters and digits, separated by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isValidSlug(slug: string): boolean {
	return slug.length > 0 && slug.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(slug)
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

/** Text from a query string: control characters (NUL breaks PostgreSQL) removed, spaces trimmed. */
function cleanText(value: string | null): string {
	return (value ?? '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
}

export type BlogListQuery = { page: number; tag: string; q: string }

/**
 * `/blog`'s query string. A missing, non-numeric, zero or negative `page` is
 * page 1 (links are built by us; a mangled one still shows the blog). A
 * search text or tag over the limit is a validation error (400) shown on the
 * page, never cut silently.
 */
export function parseListQuery(url: URL): { query: BlogListQuery; error: string | null } {
	const rawPage = url.searchParams.get('page') ?? ''
	const page = /^\d{1,6}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), BLOG_LIMITS.page) : 1
	let q = cleanText(url.searchParams.get('q'))
	// Tags are stored NFKC-normalised and lower-case (the editor's rule): ?tag=Remix finds "remix".
	let tag = cleanText(url.searchParams.get('tag')).normalize('NFKC').toLowerCase()
	let error: string | null = null
	if (q.length > BLOG_LIMITS.query) {
		error = `Search text must be at most ${BLOG_LIMITS.query} characters`
		q = ''
	}
	if (tag.length > BLOG_LIMITS.tag) {
		error = `A tag has at most ${BLOG_LIMITS.tag} characters`
		tag = ''
	}
	return { query: { page: error ? 1 : page, tag, q }, error }
}

const summarySelect = {
	id: true,
	slug: true,
	title: true,
	excerpt: true,
	publishedAt: true,
	readingMinutes: true,
	tags: true,
	coverImageId: true,
	author: { select: { name: true } },
} satisfies Prisma.PostSelect

export type PostSummary = {
	slug: string
	title: string
	excerpt: string
	/** ISO date-time. */
	publishedAt: string
	readingMinutes: number
	tags: Array<string>
	coverImageId: string | null
	authorName: string | null
}

type SummaryRow = Prisma.PostGetPayload<{ select: typeof summarySelect }>

function toSummary(row: SummaryRow): PostSummary {
	return {
		slug: row.slug,
		title: row.title,
		excerpt: row.excerpt,
		publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
		readingMinutes: row.readingMinutes,
		tags: row.tags,
		coverImageId: row.coverImageId,
		authorName: row.author?.name ?? null,
	}
}

/** Newest first; posts published at the same instant in a fixed order. */
const newestFirst: Array<Prisma.PostOrderByWithRelationInput> = [{ publishedAt: 'desc' }, { id: 'desc' }]

function listWhere({ tag, q }: Pick<BlogListQuery, 'tag' | 'q'>, now: Date): Prisma.PostWhereInput {
	const where: Prisma.PostWhereInput = { ...publicPostWhere(now) }
	const and: Array<Prisma.PostWhereInput> = []
	if (tag) and.push({ tags: { has: tag } })
	if (q) {
		// Data only: Prisma sends the text as a parameter, but `contains` does
		// not escape LIKE's wildcards (a search for "%" would match every post).
		const pattern = escapeLike(q)
		and.push({
			OR: [
				{ title: { contains: pattern, mode: 'insensitive' } },
				{ excerpt: { contains: pattern, mode: 'insensitive' } },
				{ body: { contains: pattern, mode: 'insensitive' } },
			],
		})
	}
	if (and.length) where.AND = and
	return where
}

export type PostList = {
	posts: Array<PostSummary>
	total: number
	page: number
	pageCount: number
	perPage: number
}

/**
 * Reads of what every reader sees, kept for a second in production (until the
 * next save in this process): the home page and the blog list are rendered for
 * every signed-in reader, and each render read the same rows again. Tests and
 * development read the database every time, as the page cache does.
 */
const PUBLIC_READ_TTL_MS = process.env.NODE_ENV === 'production' ? 1_000 : 0
const listCache = createContentCache<PostList>({ ttlMs: PUBLIC_READ_TTL_MS })
const latestCache = createContentCache<Array<PostSummary>>({ ttlMs: PUBLIC_READ_TTL_MS, maxEntries: 4 })

/** One page of public posts, newest first, with the totals for pagination. */
export async function listPublishedPosts(query: BlogListQuery, perPage: number, now?: Date): Promise<PostList> {
	if (now) return readPublishedPosts(query, perPage, now)
	return listCache.read(JSON.stringify([query.page, query.tag, query.q, perPage]), () => readPublishedPosts(query, perPage, new Date()))
}

async function readPublishedPosts(query: BlogListQuery, perPage: number, now: Date): Promise<PostList> {
	const where = listWhere(query, now)
	const [total, rows] = await prisma.$transaction([
		prisma.post.count({ where }),
		prisma.post.findMany({
			where,
			orderBy: newestFirst,
			skip: (query.page - 1) * perPage,
			take: perPage,
			select: summarySelect,
		}),
	])
	return { posts: rows.map(toSummary), total, page: query.page, pageCount: Math.max(1, Math.ceil(total / perPage)), perPage }
}

/** The newest public posts (the home page shows three). */
export async function latestPosts(count: number = BLOG_LIMITS.latest, now?: Date): Promise<Array<PostSummary>> {
	if (now) return readLatestPosts(count, now)
	return latestCache.read(String(count), () => readLatestPosts(count, new Date()))
}

async function readLatestPosts(count: number, now: Date): Promise<Array<PostSummary>> {
	const rows = await prisma.post.findMany({ where: publicPostWhere(now), orderBy: newestFirst, take: count, select: summarySelect })
	return rows.map(toSummary)
}

const postSelect = {
	...summarySelect,
	html: true,
	status: true,
	seoTitle: true,
	seoDescription: true,
	createdAt: true,
	updatedAt: true,
} satisfies Prisma.PostSelect

export type PostRow = Prisma.PostGetPayload<{ select: typeof postSelect }>

export type PostLookup =
	| { kind: 'post'; post: PostRow }
	/** An old slug: the post's current slug (301). */
	| { kind: 'moved'; slug: string; post: PostRow }
	| { kind: 'missing' }

/** The post at a slug, or the post that had it before, whatever its status (callers decide who may see it). */
export async function findPostBySlug(slug: string): Promise<PostLookup> {
	if (!isValidSlug(slug)) return { kind: 'missing' }
	const post = await prisma.post.findUnique({ where: { slug }, select: postSelect })
	if (post) return { kind: 'post', post }
	const redirect = await prisma.postRedirect.findUnique({ where: { slug }, select: { post: { select: postSelect } } })
	if (redirect) return { kind: 'moved', slug: redirect.post.slug, post: redirect.post }
	return { kind: 'missing' }
}

export type Neighbour = { slug: string; title: string }

/** The public posts just older and just newer than a public post. */
export async function neighbours(post: { id: string; publishedAt: Date | null }, now = new Date()): Promise<{ older: Neighbour | null; newer: Neighbour | null }> {
	const at = post.publishedAt
	if (!at) return { older: null, newer: null }
	const select = { slug: true, title: true } as const
	const [older, newer] = await Promise.all([
		prisma.post.findFirst({
			where: { ...publicPostWhere(now), OR: [{ publishedAt: { lt: at } }, { publishedAt: at, id: { lt: post.id } }] },
			orderBy: newestFirst,
			select,
		}),
		prisma.post.findFirst({
			where: { ...publicPostWhere(now), OR: [{ publishedAt: { gt: at } }, { publishedAt: at, id: { gt: post.id } }] },
			orderBy: [{ publishedAt: 'asc' }, { id: 'asc' }],
			select,
		}),
	])
	return { older, newer }
}

/** Every public post's path and last change, for the sitemap. */
export async function publishedPostPaths(now = new Date()): Promise<Array<{ slug: string; updatedAt: Date }>> {
	return prisma.post.findMany({ where: publicPostWhere(now), orderBy: newestFirst, select: { slug: true, updatedAt: true } })
}

/** The newest public posts with their HTML, for the feed. */
export async function feedPosts(now = new Date()) {
	return prisma.post.findMany({
		where: publicPostWhere(now),
		orderBy: newestFirst,
		take: BLOG_LIMITS.feedItems,
		select: { slug: true, title: true, excerpt: true, html: true, publishedAt: true, updatedAt: true, tags: true, author: { select: { name: true } } },
	})
}

// ---------------------------------------------------------------------------
// XML

// XML 1.0 allows tab, LF, CR and everything from U+0020 but the surrogates and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTER = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

/** Text for an XML element or attribute: characters XML forbids removed, markup escaped. */
export function escapeXml(value: string): string {
	return value
		.replace(NOT_XML_CHARACTER, '')
		.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c)
}

export type FeedInput = {
	siteName: string
	tagline: string
	origin: string
	posts: Awaited<ReturnType<typeof feedPosts>>
	now?: Date
}

/** A start tag as the sanitiser serialises it: attribute values always in double quotes. */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:="([^"]*)")?/g
const FEED_URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite'])

function decodeAttribute(value: string): string {
	return value.replace(/&quot;/g, '"').replace(/&nbsp;/g, '\u00a0').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

function encodeAttribute(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
}

/** `value` made absolute against `base`; an address that already names its scheme (https:, mailto:) as it is. */
function absoluteUrl(value: string, base: string): string {
	const trimmed = value.trim()
	if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return value
	try {
		return new URL(trimmed, base).href
	} catch {
		return value
	}
}

/**
 * A post's stored HTML made fit for a feed, which readers show away from the
 * site: every link and picture address absolute (against the post's own
 * address, so `#section` and `next-post` mean what they do on the page), and
 * the headings' `#` anchor links left out (a feed reader shows them as stray
 * "#" links). The HTML is the sanitiser's output, so its tags are read as it
 * writes them.
 */
export function feedHtml(html: string, postUrl: string): string {
	let out = ''
	let at = 0
	for (const match of html.matchAll(START_TAG)) {
		const [tag, name = '', attributes = '', selfClosing] = match
		const start = match.index
		if (start < at) continue
		out += html.slice(at, start)
		at = start + tag.length
		if (name.toLowerCase() === 'a' && /\sclass="heading-anchor"/.test(attributes) && html.startsWith('#</a>', at)) {
			// The renderer's anchor and its "#", with the space before it.
			at += '#</a>'.length
			out = out.replace(/ $/, '')
			continue
		}
		const rewritten = attributes.replace(ATTRIBUTE, (whole, space: string, attribute: string, value: string | undefined) => {
			const key = attribute.toLowerCase()
			if (value === undefined) return whole
			if (FEED_URL_ATTRIBUTES.has(key)) return `${space}${attribute}="${encodeAttribute(absoluteUrl(decodeAttribute(value), postUrl))}"`
			if (key === 'srcset') {
				const candidates = decodeAttribute(value)
					.split(',')
					.map((candidate) => {
						const [url = '', ...descriptor] = candidate.trim().split(/\s+/)
						return [absoluteUrl(url, postUrl), ...descriptor].join(' ')
					})
				return `${space}${attribute}="${encodeAttribute(candidates.join(', '))}"`
			}
			return whole
		})
		out += `<${name}${rewritten}${selfClosing ? ' /' : ''}>`
	}
	return out + html.slice(at)
}

/** The RSS 2.0 document for the feed's posts. */
export function buildRss({ siteName, tagline, origin, posts, now = new Date() }: FeedInput): string {
	const blogUrl = `${origin}/blog`
	const newest = posts.reduce<Date | null>((latest, post) => {
		const changed = post.updatedAt > (post.publishedAt ?? post.updatedAt) ? post.updatedAt : (post.publishedAt ?? post.updatedAt)
		return !latest || changed > latest ? changed : latest
	}, null)
	const items = posts.map((post) => {
		const link = `${origin}/blog/${post.slug}`
		const lines = [
			'    <item>',
			`      <title>${escapeXml(post.title)}</title>`,
			`      <link>${escapeXml(link)}</link>`,
			`      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
			`      <pubDate>${httpDate(post.publishedAt ?? post.updatedAt)}</pubDate>`,
			post.author?.name ? `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>` : null,
			...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
			`      <description>${escapeXml(post.excerpt)}</description>`,
			// Escaped rather than in CDATA: an HTML body containing "]]>" cannot end it early.
			`      <content:encoded>${escapeXml(feedHtml(post.html, link))}</content:encoded>`,
			'    </item>',
		]
		return lines.filter((line) => line !== null).join('\n')
	})
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
		'  <channel>',
		`    <title>${escapeXml(siteName)}</title>`,
		`    <link>${escapeXml(blogUrl)}</link>`,
		`    <description>${escapeXml(tagline || `The ${siteName} blog`)}</description>`,
		'    <language>en</language>',
		`    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
		`    <lastBuildDate>${httpDate(newest ?? now)}</lastBuildDate>`,
		...items,
		'  </channel>',
		'</rss>',
		'',
	].join('\n')
}

/**
 * Cache-Control for a public blog page: shared caches may keep it for an
 * anonymous reader (always revalidating, so a saved post shows at once);
 * a signed-in reader's page is personal.
 */
export function readerCacheControl(signedIn: boolean): string {
	return signedIn ? 'private, no-cache' : 'public, no-cache'
}
