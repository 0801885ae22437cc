/**
 * Options posted by a tool's form (no JavaScript) are strings; the core's
 * schema wants booleans, numbers and enums. This reads each field of the
 * schema from the form by its name: a checkbox is true when posted ("on" or
 * "true"; a hidden "false" before it is allowed), numbers are converted, and
 * everything else is passed as posted for the schema to check.
 */
import { z } from 'zod'

function innerType(type: z.ZodTypeAny): z.ZodTypeAny {
	let current = type
	while (current instanceof z.ZodDefault || current instanceof z.ZodOptional || current instanceof z.ZodEffects) {
		current = current instanceof z.ZodEffects ? current.innerType() : current._def.innerType
	}
	return current
}

export function optionsFromForm(schema: z.ZodTypeAny, form: FormData): Record<string, unknown> {
	const shape = innerType(schema) instanceof z.ZodObject ? (innerType(schema) as z.AnyZodObject).shape : {}
	const options: Record<string, unknown> = {}
	for (const [key, field] of Object.entries(shape as Record<string, z.ZodTypeAny>)) {
		const values = form.getAll(key).filter((value): value is string => typeof value === 'string')
		const type = innerType(field)
		if (type instanceof z.ZodBoolean) {
			options[key] = values.some((value) => value === 'on' || value === 'true')
			continue
		}
		const value = values.at(-1)
		if (value === undefined) continue
		options[key] = type instanceof z.ZodNumber && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value
	}
	return options
}
