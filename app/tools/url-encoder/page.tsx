import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from '#app/tools/url-encoder/content.ts'
import { core, type UrlOptions } from '#app/tools/url-encoder/core.ts'
import { isUrlAction, isUrlMode, urlActions, urlDefaults, type UrlAction } from '#app/tools/url-encoder/view.ts'
import { isParseResult, statusMessage, type Result } from './parts/controls.tsx'
import { UrlOptionsPanel, UrlRunLabel } from './parts/options.tsx'
import { QueryEditor } from './parts/query-table.tsx'
import { UrlResult, UrlNotes } from './parts/result.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

export default function UrlEncoder() {
	const tool = useToolPage<UrlOptions, Result>({ slug: content.slug, defaults: urlDefaults })
	const { setOption } = tool
	const action: UrlAction = isUrlAction(tool.options.action) ? tool.options.action : 'encode'
	const mode = isUrlMode(tool.options.mode) ? tool.options.mode : 'component'
	const actionInfo = urlActions.find((each) => each.id === action)!

	// Remembered options from an older version of the page, or edited by hand: back to the defaults.
	useEffect(() => {
		if (!isUrlAction(tool.options.action)) setOption('action', urlDefaults.action)
		if (!isUrlMode(tool.options.mode)) setOption('mode', urlDefaults.mode)
	}, [tool.options.action, tool.options.mode, setOption])

	const result = tool.error ? null : tool.result
	const parseResult = action === 'parse' && isParseResult(result) ? result : null

	return (
		<ToolPage content={content} lead="Pick Encode, Decode or Parse URL, paste your text, and copy the result.">
			<Form {...tool.formProps} className="group/url card p-4 sm:p-6" aria-label="URL encoder and decoder">
				<UrlOptionsPanel options={tool.options} action={action} mode={mode} setOption={setOption} hydrated={tool.hydrated} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={<UrlRunLabel hydrated={tool.hydrated} label={actionInfo.label} />}
						label={actionInfo.inputLabel}
						placeholder={actionInfo.placeholder}
						onExample={() => tool.setInput((content.examples.find((example) => example.options?.action === action) ?? content.examples[0]!).input)}
					/>
					<UrlResult tool={tool} action={action} mode={mode} result={result} />
				</ToolPanes>
				<UrlNotes action={action} result={result} decodeUntilStable={tool.options.decodeUntilStable} setOption={setOption} hydrated={tool.hydrated} />
				<ToolFeedback tool={tool} message={statusMessage(result)} action={actionInfo.verb} />
			</Form>

			{parseResult ? <QueryEditor parsed={parseResult.parsed} hydrated={tool.hydrated} /> : null}
		</ToolPage>
	)
}
