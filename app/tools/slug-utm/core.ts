/**
 * Slug, UTM & Link Cleaner: the pure core (kit/core.ts): no React, no DOM,
 * no Node APIs. It runs on the page as you type, in the browser's worker
 * for large inputs, and on the server for forms posted without JavaScript
 * and the API. Each line of the input is one title or one link, so a whole
 * list is done at once; blank lines stay blank.
 *
 * - `slug`: an SEO slug from each line (slug.ts).
 * - `utm`: each link with the UTM tags added (links.ts).
 * - `clean`: each link without its tracking parameters (links.ts).
 *
 * Links are only ever read as text: nothing is fetched.
 */
import { z } from 'zod'
import { defineToolCore, ToolError, type ToolProblem, type ToolResult } from '#app/tools/kit/core.ts'
import { cleanLink, parseLink, tagLink, UTM_FIELDS, type UtmValues } from './links.ts'
import { slugify } from './slug.ts'

export { isTrackingParam, TRACKING_PARAMS, UTM_FIELDS } from './links.ts'
export { SLUG_STOP_WORDS, slugify } from './slug.ts'

export const SLUG = 'slug-utm'
/** A UTM value longer than this is a mistake (a pasted page, not a campaign name). */
export const MAX_UTM_VALUE = 500
/** Problems listed one by one; the count says how many more. */
const MAX_PROBLEMS = 100

const utmValue = z.string().max(MAX_UTM_VALUE, `at most ${MAX_UTM_VALUE} characters`).default('')

export const slugUtmOptionsSchema = z
	.object({
		mode: z.enum(['slug', 'utm', 'clean']).default('slug'),
		separator: z.enum(['-', '_']).default('-'),
		lowercase: z.boolean().default(true),
		removeStopWords: z.boolean().default(false),
		/** Characters; 0 for no limit. The form without JavaScript posts an empty field as "": no limit too. */
		maxLength: z.preprocess((value) => (value === '' ? 0 : value), z.number().int().min(0).max(2000)).default(0),
		germanUmlauts: z.boolean().default(true),
		ascii: z.boolean().default(false),
		utm_source: utmValue,
		utm_medium: utmValue,
		utm_campaign: utmValue,
		utm_term: utmValue,
		utm_content: utmValue,
	})
	.strict()

export type SlugUtmOptions = z.output<typeof slugUtmOptionsSchema>
export type SlugUtmMode = SlugUtmOptions['mode']

export type SlugUtmResult = ToolResult & {
	mode: SlugUtmMode
	/** Lines turned into a slug or a link (blank lines are not counted). */
	lines: number
	/** Plain sentences about what was done. */
	notes: Array<string>
	/** `clean`: each tracking parameter removed and how often. */
	removed: Array<{ name: string; count: number }>
}

export const EMPTY_MESSAGES: Record<SlugUtmMode, string> = {
	slug: 'Enter a title or some text to turn into a slug.',
	utm: 'Enter a link to add UTM tags to.',
	clean: 'Enter a link to clean.',
}

export function runSlugUtm(input: string, options: SlugUtmOptions): SlugUtmResult {
	if (!/\S/.test(input)) throw new ToolError(EMPTY_MESSAGES[options.mode])
	const lines = input.split(/\r?\n/)
	if (options.mode === 'slug') return slugLines(lines, options)
	return linkLines(lines, options)
}

function slugLines(lines: ReadonlyArray<string>, options: SlugUtmOptions): SlugUtmResult {
	let count = 0
	let kept = 0
	let cut = 0
	const empty: Array<number> = []
	const stopWords = new Set<string>()
	const output = lines.map((line, index) => {
		if (!/\S/.test(line)) return ''
		count++
		const info = slugify(line, options)
		kept += info.kept
		if (info.cut) cut++
		if (info.slug === '') empty.push(index + 1)
		for (const word of info.stopWords) stopWords.add(word.toLowerCase())
		return info.slug
	})
	const notes: Array<string> = []
	if (stopWords.size > 0) notes.push(`Removed the stop words ${listOf([...stopWords])}.`)
	if (cut > 0) notes.push(`${count === 1 ? 'The slug was' : `${plural(cut, 'slug was', 'slugs were')}`} cut to ${options.maxLength} characters after a whole word.`)
	if (kept > 0) {
		notes.push(
			`Kept ${plural(kept, 'character')} with no Latin spelling (such as Chinese, Japanese, Korean or Arabic) as typed: browsers show them and send them percent-encoded. Choose “ASCII only” to drop them.`,
		)
	}
	if (empty.length > 0) {
		notes.push(`${empty.length === 1 ? `Line ${empty[0]} has` : `Lines ${listOf(empty.slice(0, 10).map(String))}${empty.length > 10 ? ' and more' : ''} have`} no letters or digits to make a slug from.`)
	}
	if (empty.length === count) throw new ToolError('The text has no letters or digits to make a slug from.', { line: empty[0], column: 1 })
	return { mode: 'slug', output: output.join('\n'), lines: count, notes, removed: [] }
}

function linkLines(lines: ReadonlyArray<string>, options: SlugUtmOptions): SlugUtmResult {
	const values = Object.fromEntries(UTM_FIELDS.map((field) => [field, options[field].trim()])) as UtmValues
	if (options.mode === 'utm' && values.utm_source === '') {
		throw new ToolError('Validation failed: options.utm_source: enter the campaign source (utm_source), such as newsletter or google.', {
			fields: { 'options.utm_source': ['Enter the campaign source.'] },
		})
	}
	const problems: Array<ToolProblem> = []
	let problemCount = 0
	let count = 0
	let schemes = 0
	const removed = new Map<string, number>()
	const replaced = new Set<string>()
	const output = lines.map((line, index) => {
		if (!/\S/.test(line)) return ''
		count++
		const parsed = parseLink(line)
		if ('message' in parsed) {
			problemCount++
			const column = line.length - line.trimStart().length + 1
			if (problems.length < MAX_PROBLEMS) problems.push({ message: `Line ${index + 1}: ${parsed.message}`, line: index + 1, column })
			return line
		}
		if (parsed.addedScheme) schemes++
		if (options.mode === 'clean') {
			const cleaned = cleanLink(parsed.parts)
			for (const name of cleaned.removed) removed.set(name, (removed.get(name) ?? 0) + 1)
			return cleaned.link
		}
		const tagged = tagLink(parsed.parts, values)
		for (const name of tagged.replaced) replaced.add(name)
		return tagged.link
	})
	if (problems.length > 0) {
		const first = problems[0]!
		const more = problemCount > 1 ? ` (${plural(problemCount, 'line is not a web address', 'lines are not web addresses')})` : ''
		throw new ToolError(`${first.message}${more}`, { line: first.line, column: first.column, errors: problems, count: problemCount })
	}
	const notes: Array<string> = []
	if (schemes > 0) notes.push(`Added https:// to ${plural(schemes, 'link')} that had no scheme.`)
	if (options.mode === 'clean') {
		const total = [...removed.values()].reduce((sum, each) => sum + each, 0)
		notes.push(total === 0 ? 'No tracking parameters found: the links are already clean.' : `Removed ${plural(total, 'tracking parameter')}.`)
	} else {
		if (replaced.size > 0) notes.push(`Replaced the ${listOf([...replaced])} already on the links.`)
		const missing = (['utm_medium', 'utm_campaign'] as const).filter((field) => values[field] === '')
		if (missing.length > 0) notes.push(`Google Analytics also expects ${listOf(missing)}.`)
		if (UTM_FIELDS.some((field) => values[field] !== values[field].toLowerCase())) {
			notes.push('UTM values are case-sensitive in analytics (Email and email are two sources): lower case keeps reports tidy.')
		}
	}
	return {
		mode: options.mode,
		output: output.join('\n'),
		lines: count,
		notes,
		removed: [...removed].map(([name, each]) => ({ name, count: each })),
	}
}

function plural(count: number, one: string, many = `${one}s`): string {
	return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

function listOf(items: ReadonlyArray<string>): string {
	const quoted = items.map((item) => `“${item}”`)
	return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: slugUtmOptionsSchema,
	run: (input, options) => runSlugUtm(input, options),
})
