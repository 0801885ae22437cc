import { type ActionFunctionArgs } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { toolAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { content } from '#app/tools/json-formatter/content.ts'
import { core, jsonIndents, jsonModes, unescapeStringified, type JsonFormatResult, type JsonFormatterOptions, type JsonMode } from '#app/tools/json-formatter/core.ts'
import { JsonTreeSection } from './parts/json-tree.tsx'
import { JsonOptions, modeChoices } from './parts/options.tsx'
import { JsonResult } from './parts/result.tsx'

const PATH = `/tools/${content.slug}`

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)

/**
 * Without JavaScript the form posts here; the same core formats, in the
 * worker pool. Nothing is stored. The "Unescape" button of a stringified
 * JSON posts to `?intent=unescape`: the input is replaced by the JSON inside
 * the string (one linear pass, like reading the form itself), which is then
 * formatted as usual.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const { clientIp } = context
	if (new URL(request.url).searchParams.get('intent') !== 'unescape') return toolAction(request, core, { clientIp })
	return toolAction(request, core, { clientIp, prepare: (input, options) => unescapeStringified(input, { lenient: options.lenient === true }) })
}

const defaults: JsonFormatterOptions = { mode: 'format', indent: '2', sortKeys: false, lenient: false }

const doneMessages: Record<JsonMode, string> = { format: 'Formatted', minify: 'Minified', validate: 'Valid JSON' }

export default function JsonFormatter() {
	const tool = useToolPage<JsonFormatterOptions, JsonFormatResult>({ slug: content.slug, defaults })
	const { setOption } = tool
	const mode = jsonModes.includes(tool.options.mode) ? tool.options.mode : 'format'
	const indent = jsonIndents.includes(tool.options.indent) ? tool.options.indent : '2'
	const lenient = tool.options.lenient === true

	// Options remembered from an older visit may no longer exist: fall back to the defaults.
	useEffect(() => {
		if (!jsonModes.includes(tool.options.mode)) setOption('mode', 'format')
		if (!jsonIndents.includes(tool.options.indent)) setOption('indent', '2')
	}, [tool.options.mode, tool.options.indent, setOption])

	// An error never leaves an older result on screen.
	const result = tool.error ? null : tool.result

	return (
		<ToolPage content={content} lead="Paste your JSON to format, minify or validate it as you type, then explore it in the tree view.">
			<Form {...tool.formProps} action={PATH} className="card p-4 sm:p-6" aria-label="JSON formatter">
				<JsonOptions mode={mode} indent={indent} sortKeys={tool.options.sortKeys === true} lenient={lenient} setOption={setOption} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={tool.hydrated ? modeChoices.find((choice) => choice.id === mode)?.label : 'Run'}
						label="Your JSON"
						placeholder='Paste JSON here, for example {"name": "Ada", "born": 1815}'
						onExample={() => tool.setInput(content.examples[0]!.input)}
						accept=".json,.jsonc,.json5,.geojson,.txt,application/json,text/plain"
					/>
					<JsonResult tool={tool} mode={mode} result={result} lenient={lenient} path={PATH} />
				</ToolPanes>
				<ToolFeedback tool={tool} message={result ? doneMessages[mode] : ''} action={mode} />
			</Form>

			{tool.hydrated ? <JsonTreeSection input={tool.input} lenient={lenient} result={result} error={tool.error} running={tool.running} /> : null}
		</ToolPage>
	)
}
