/**
 * YAML front matter (`---` … `---` at the very top) for the document's
 * properties. Only the simple shapes front matter uses are read: `key: value`
 * (quoted or not) and lists (`[a, b]` or `- a` lines). Nothing is evaluated;
 * keys other than title, author, subject, description and keywords are
 * ignored.
 */

export type FrontMatter = {
	title?: string
	author?: string
	subject?: string
	description?: string
	keywords?: Array<string>
}

const KEYS = new Set(['title', 'author', 'subject', 'description', 'keywords', 'tags'])

/** At most this much text is read as front matter: a longer block is left as Markdown. */
const MAX_FRONT_MATTER = 64 * 1024

export function splitFrontMatter(markdown: string): { frontMatter: FrontMatter | null; body: string; lines: number } {
	const open = /^---[ \t]*\r?\n/.exec(markdown)
	if (!open) return { frontMatter: null, body: markdown, lines: 0 }
	const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m
	const rest = markdown.slice(open[0].length, open[0].length + MAX_FRONT_MATTER)
	const end = close.exec(rest)
	if (!end) return { frontMatter: null, body: markdown, lines: 0 }
	const yaml = rest.slice(0, end.index)
	const consumed = open[0].length + end.index + end[0].length
	const lines = markdown.slice(0, consumed).split('\n').length - 1
	return { frontMatter: parseSimpleYaml(yaml), body: markdown.slice(consumed), lines }
}

function unquote(value: string): string {
	const text = value.trim()
	if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) {
		const inner = text.slice(1, -1)
		return text.startsWith('"') ? inner.replace(/\\(["\\])/g, '$1') : inner.replace(/''/g, "'")
	}
	return text.replace(/\s+#.*$/, '')
}

function parseSimpleYaml(yaml: string): FrontMatter {
	const result: FrontMatter = {}
	let listKey: string | null = null
	const values: Record<string, string | Array<string>> = {}
	for (const line of yaml.split(/\r?\n/)) {
		const item = /^\s+-\s+(.*)$|^-\s+(.*)$/.exec(line)
		if (item && listKey) {
			const list = values[listKey]
			if (Array.isArray(list)) list.push(unquote(item[1] ?? item[2] ?? ''))
			continue
		}
		const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line)
		if (!pair) continue
		const key = pair[1]!.toLowerCase()
		const raw = pair[2]!.trim()
		listKey = null
		if (!KEYS.has(key)) continue
		if (raw === '') {
			values[key] = []
			listKey = key
		} else if (raw.startsWith('[') && raw.endsWith(']')) {
			values[key] = raw
				.slice(1, -1)
				.split(',')
				.map(unquote)
				.filter(Boolean)
		} else {
			values[key] = unquote(raw)
		}
	}
	const text = (value: string | Array<string> | undefined) => (Array.isArray(value) ? value.join(', ') : value)?.slice(0, 1000) || undefined
	result.title = text(values.title)
	result.author = text(values.author)
	result.subject = text(values.subject)
	result.description = text(values.description)
	const keywords = values.keywords ?? values.tags
	if (keywords !== undefined) {
		result.keywords = (Array.isArray(keywords) ? keywords : keywords.split(',')).map((word) => word.trim()).filter(Boolean).slice(0, 100)
	}
	return result
}
