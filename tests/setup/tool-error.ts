import { ToolError } from '#app/tools/kit/core.ts'

/** The ToolError `work` throws (synchronously); fails when it throws something else or nothing. */
export function errorOf<Details = unknown>(work: () => unknown): ToolError & { details: Details } {
	try {
		work()
	} catch (error) {
		if (error instanceof ToolError) return error as ToolError & { details: Details }
		throw error
	}
	throw new Error('expected a ToolError')
}
