/**
 * XML Sitemap Generator & Validator: the pure core (kit/core.ts): no React,
 * no DOM, no Node APIs. It runs on the page as you type, in the browser's
 * worker for large inputs, and on the server for forms posted without
 * JavaScript and the API.
 *
 * - `generate` (generate.ts): a URL list or CSV → sitemap XML.
 * - `validate` (validate.ts): sitemap XML → a report. Malformed XML (and a
 *   DOCTYPE, refused so no entity is ever expanded) is bad input: a 400
 *   with its line and column. A well-formed sitemap that breaks the rules
 *   is a result: `valid: false` and the errors with their lines.
 *
 * Nothing is fetched: the URLs are only read as text.
 */
import { z } from 'zod'
import { defineToolCore, positionAt, tooComplex, ToolError, type ToolResult } from '#app/tools/kit/core.ts'
import { generateSitemap, type GenerateResult } from './generate.ts'
import { CHANGEFREQS, parseBaseUrl, RuleError } from './rules.ts'
import { validateSitemap, type ValidateResult } from './validate.ts'
import { XmlSyntaxError } from './xml-scan.ts'

export { CHANGEFREQS, MAX_SITEMAP_BYTES, MAX_URLS } from './rules.ts'
export { sizeProblem, verdict, type Finding } from './validate.ts'

export const SLUG = 'sitemap-xml'

export const PRIORITIES = ['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1.0'] as const

export const sitemapOptionsSchema = z
	.object({
		mode: z.enum(['generate', 'validate']).default('generate'),
		/** Generate: what the input is; `auto` reads a header row naming loc or url as CSV. */
		format: z.enum(['auto', 'urls', 'csv']).default('auto'),
		/** Generate: relative URLs are resolved against it (and it sets the host); empty: relative URLs are refused. */
		baseUrl: z.string().max(2048).default(''),
		/** Generate: for rows without their own; empty: none. */
		changefreq: z.enum(['', ...CHANGEFREQS]).default(''),
		/** Generate: for rows without their own; empty: none. A number is read as its one-decimal form. */
		priority: z
			.preprocess((value) => (typeof value === 'number' && value >= 0 && value <= 1 ? (Math.round(value * 10) / 10).toFixed(1) : value), z.enum(['', ...PRIORITIES]))
			.default(''),
		/** Generate: `today` (UTC) for rows without their own lastmod. */
		lastmod: z.enum(['none', 'today']).default('none'),
		/** Validate: every URL must be on this host and scheme (and under its folder); empty: the first URL's. */
		siteUrl: z.string().max(2048).default(''),
	})
	.strict()

export type SitemapOptions = z.output<typeof sitemapOptionsSchema>
export type SitemapMode = SitemapOptions['mode']
export type SitemapResult = GenerateResult | ValidateResult
export type { GenerateResult, ValidateResult }

export const EMPTY_MESSAGES: Record<SitemapMode, string> = {
	generate: 'Enter some URLs, one a line, or a CSV with a loc column.',
	validate: 'Paste a sitemap (its XML) to check, or open the file.',
}

export function runSitemap(input: string, options: SitemapOptions): SitemapResult & ToolResult {
	if (!/\S/.test(input)) throw new ToolError(EMPTY_MESSAGES[options.mode])
	try {
		if (options.mode === 'validate') return validateSitemap(input, { siteUrl: parseBaseUrl(options.siteUrl, 'site URL') })
		return generateSitemap(input, {
			format: options.format,
			base: parseBaseUrl(options.baseUrl, 'base URL'),
			changefreq: options.changefreq,
			priority: options.priority,
			lastmod: options.lastmod,
		})
	} catch (caught) {
		if (caught instanceof XmlSyntaxError) {
			const position = positionAt(input, caught.offset)
			if (caught.tooDeep) throw tooComplex(caught.message, position)
			const message = `Not well-formed XML: ${caught.message}`
			throw new ToolError(message, { ...position, errors: [{ ...position, message }] })
		}
		if (caught instanceof RuleError) throw new ToolError(`Validation failed: options: ${caught.message}`)
		throw caught
	}
}

export const core = defineToolCore({
	slug: SLUG,
	optionsSchema: sitemapOptionsSchema,
	run: (input, options) => runSitemap(input, options),
})
