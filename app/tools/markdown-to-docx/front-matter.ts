/**
 * YAML front matter (`---` … `---` or `...` at the very top) for the
 * document's properties. A block is front matter only when it parses as a
 * YAML mapping (the `yaml` package, core schema: nothing is evaluated, no
 * custom tags, aliases bounded); anything else, broken YAML included, is
 * CommonMark content, the `---` lines thematic breaks, as GitHub, pandoc and
 * markdown-it show it. Of the mapping, title, author, subject, description
 * and keywords (or tags) become properties; the other keys are left out, and
 * the conversion report says so.
 */
import { isMap, parseDocument } from 'yaml'

export type FrontMatter = {
	title?: string
	author?: string
	subject?: string
	description?: string
	keywords?: Array<string>
	/** The keys of the mapping that became none of the above, in their order. */
	ignoredKeys?: Array<string>
}

const PROPERTY_KEYS = ['title', 'author', 'subject', 'description', 'keywords', 'tags'] as const

/** At most this much text is read as front matter: a longer block is left as Markdown. */
const MAX_FRONT_MATTER = 64 * 1024

export function splitFrontMatter(markdown: string): { frontMatter: FrontMatter | null; body: string; lines: number } {
	const none = { frontMatter: null, body: markdown, lines: 0 }
	const open = /^---[ \t]*\r?\n/.exec(markdown)
	if (!open) return none
	const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m
	const rest = markdown.slice(open[0].length, open[0].length + MAX_FRONT_MATTER)
	const end = close.exec(rest)
	if (!end) return none
	const frontMatter = readMapping(rest.slice(0, end.index))
	if (!frontMatter) return none
	const consumed = open[0].length + end.index + end[0].length
	const lines = markdown.slice(0, consumed).split('\n').length - 1
	return { frontMatter, body: markdown.slice(consumed), lines }
}

/** The block's properties when it is a YAML mapping; null for anything else (it is Markdown then). */
function readMapping(yaml: string): FrontMatter | null {
	let values: unknown
	try {
		const document = parseDocument(yaml, { schema: 'core', uniqueKeys: true, prettyErrors: false })
		if (document.errors.length > 0 || !isMap(document.contents)) return null
		values = document.toJS({ maxAliasCount: 100 })
	} catch {
		return null
	}
	if (!values || typeof values !== 'object' || Array.isArray(values)) return null
	const entries = new Map<string, unknown>()
	const ignoredKeys: Array<string> = []
	for (const [key, value] of Object.entries(values)) {
		const name = key.toLowerCase()
		if ((PROPERTY_KEYS as ReadonlyArray<string>).includes(name) && !entries.has(name)) entries.set(name, value)
		else ignoredKeys.push(key)
	}
	const text = (value: unknown): string | undefined => {
		const items = Array.isArray(value) ? value.map(scalar).filter((item): item is string => item !== undefined) : [scalar(value)]
		return items.filter(Boolean).join(', ').slice(0, 1000) || undefined
	}
	const result: FrontMatter = {
		title: text(entries.get('title')),
		author: text(entries.get('author')),
		subject: text(entries.get('subject')),
		description: text(entries.get('description')),
	}
	const keywords = entries.get('keywords') ?? entries.get('tags')
	if (keywords !== undefined && keywords !== null) {
		const list = Array.isArray(keywords) ? keywords.map(scalar) : (scalar(keywords) ?? '').split(',')
		result.keywords = list
			.map((word) => word?.trim() ?? '')
			.filter(Boolean)
			.slice(0, 100)
	}
	// A key that had no usable value (a nested mapping, say) was left out as well.
	for (const [name, value] of entries) {
		if (name === 'keywords' || name === 'tags') {
			if (!result.keywords?.length) ignoredKeys.push(name)
		} else if (!result[name as 'title']) ignoredKeys.push(name)
	}
	if (entries.has('keywords') && entries.has('tags')) ignoredKeys.push('tags')
	result.ignoredKeys = ignoredKeys
	return result
}

/** A scalar's text; undefined for a mapping or anything without one. */
function scalar(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim()
	if (typeof value === 'number' || typeof value === 'boolean') return String(value)
	return undefined
}

/** The report's words for the front matter used: which keys became properties, and which were left out. */
export function describeFrontMatter(frontMatter: FrontMatter, lines: number): string {
	const used = (['title', 'author', 'subject', 'description', 'keywords'] as const).filter((key) => (key === 'keywords' ? frontMatter.keywords?.length : frontMatter[key]))
	const ignored = frontMatter.ignoredKeys ?? []
	const list = (items: ReadonlyArray<string>) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)
	const became = used.length ? ` ${list(used)} became the document's properties` : ' none of it became a property of the document'
	const left = ignored.length ? `; left out: ${ignored.slice(0, 20).map((key) => (key.length > 40 ? `${key.slice(0, 39)}…` : key)).join(', ')}${ignored.length > 20 ? ` and ${ignored.length - 20} more` : ''}` : ''
	return `The front matter (lines 1–${lines}) is not in the text:${became}${left}.`
}
