/**
 * JSON Formatter: the pure core (DESIGN.md §6), as the tool registry loads
 * it: the options schema and `run`. The work is in format.ts (re-exported
 * here, so the page, the API and the tests import from this one module).
 */
import { z } from 'zod'
import { defineToolCore } from '#app/tools/kit/core.ts'
import { formatJson, jsonIndents, jsonModes, type JsonFormatterOptions } from './format.ts'

export * from './format.ts'

export const optionsSchema = z
	.object({
		mode: z.enum(jsonModes).default('format'),
		indent: z.enum(jsonIndents).default('2'),
		sortKeys: z.boolean().default(false),
		lenient: z.boolean().default(false),
	})
	.strict() satisfies z.ZodType<JsonFormatterOptions, z.ZodTypeDef, unknown>

export const core = defineToolCore({
	slug: 'json-formatter',
	optionsSchema,
	run: (input, options, context) => formatJson(input, options, context),
})
