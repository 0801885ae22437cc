/**
 * The tools' job (kind `tool`) in the server's job worker: loads the core a
 * task names from the registry and runs it. A tool with its own engines
 * (`runs: 'own-worker'`) has a `core.node.ts` in its folder, loaded here by
 * that convention (the bundler follows the pattern, so the browser never
 * sees Node's engines).
 */
import { type JobContext, type JobTable } from '#app/jobs/tasks.ts'
import { getServerTool } from '#app/tools/registry.ts'
import { encodeJsonChunks, JSON_CHUNK_CHARS } from '#app/utils/json-chunks.ts'
import { runCore, type ToolCore, type ToolResult, utf8OutputOf } from './core.ts'

/**
 * `answer: 'json'` (the JSON API): the worker sends back the answer's JSON,
 * encoded here in chunks that are transferred, not copied (`EncodedToolAnswer`),
 * instead of the result object.
 */
export type ToolTask = { kind: 'tool'; slug: string; input: string; options: unknown; answer?: 'json' }

/** The API's answer as the worker encoded it: `JSON.stringify(result)` in UTF-8 chunks, and the output's size in bytes (for the run's count). */
export type EncodedToolAnswer = { json: Array<Uint8Array>; outputBytes: number }

async function loadServerCore(slug: string): Promise<ToolCore> {
	const tool = getServerTool(slug)
	if (tool?.runs === 'own-worker') return ((await import(`../${slug}/core.node.ts`)) as { core: ToolCore }).core
	if (tool?.core) return tool.core()
	throw new Error(`No core for tool ${slug}`)
}

async function runToolTask(task: ToolTask, { started }: JobContext): Promise<ToolResult | EncodedToolAnswer> {
	const core = await loadServerCore(task.slug)
	// The input's time limit starts here, once the engines are loaded.
	started()
	const result = await runCore(core, task.input, task.options)
	if (task.answer !== 'json') return result
	// A core that wrote its output as UTF-8 (the JSON formatter) hands over the bytes: the answer is
	// encoded from them, and the output's text is never made.
	const utf8 = utf8OutputOf(result)
	if (utf8 !== null) return { json: encodeJsonChunks(result, JSON_CHUNK_CHARS, { output: utf8 }), outputBytes: utf8.length }
	return { json: encodeJsonChunks(result), outputBytes: Buffer.byteLength(result.output, 'utf8') }
}

export const toolJobs = { tool: runToolTask } satisfies JobTable
