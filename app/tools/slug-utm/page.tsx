import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolNotes, ToolOutput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from './content.ts'
import { core, type SlugUtmOptions, type SlugUtmResult } from './core.ts'
import { modes, slugUtmDefaults, SlugUtmOptionsPanel } from './parts/options.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored, no link is fetched. */
export const action = toolPageAction(core)

export default function SlugUtm() {
	const tool = useToolPage<SlugUtmOptions, SlugUtmResult>({ slug: content.slug, defaults: slugUtmDefaults })
	const { setOption } = tool
	const known = modes.find((each) => each.id === tool.options.mode)
	const info = known ?? modes[0]!
	// Options remembered from an older page or edited by hand: back to the default mode.
	useEffect(() => {
		if (!known) setOption('mode', 'slug')
	}, [known, setOption])
	const result = tool.error ? null : tool.result
	const output = result?.output ?? ''

	return (
		<ToolPage content={content} lead="One title or link a line; nothing is fetched, and with JavaScript on nothing leaves your browser.">
			<Form {...tool.formProps} className="group/slug card p-4 sm:p-6" aria-label="Slug generator, UTM builder and link cleaner">
				<SlugUtmOptionsPanel options={tool.options} mode={info.id} setOption={setOption} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={tool.hydrated ? info.run : 'Run'}
						label={info.inputLabel}
						placeholder={info.placeholder}
						onExample={() => {
							const example = content.examples.find((each) => each.options?.mode === info.id) ?? content.examples[0]!
							for (const [key, value] of Object.entries(example.options ?? {})) setOption(key as keyof SlugUtmOptions, value as never)
							tool.setInput(example.input)
						}}
					/>
					<ToolOutput
						tool={tool}
						label={info.outputLabel}
						output={output}
						placeholder={info.id === 'slug' ? 'The slugs appear here' : 'The links appear here'}
						filename={info.filename}
						note={result ? `${result.lines.toLocaleString('en-US')} ${info.id === 'slug' ? 'slug' : 'link'}${result.lines === 1 ? '' : 's'}` : undefined}
					/>
				</ToolPanes>
				{result && (result.notes.length > 0 || result.removed.length > 0) ? (
					<div className="mt-4 space-y-2 text-sm" data-testid="slug-utm-notes">
						{result.removed.length > 0 ? (
							<p className="rounded-lg bg-accent-soft p-3 text-fg">
								Removed:{' '}
								{result.removed.map((each, index) => (
									<span key={each.name}>
										{index > 0 ? ', ' : ''}
										<code className="font-mono break-all">{each.name}</code>
										{each.count > 1 ? ` ×${each.count}` : ''}
									</span>
								))}
							</p>
						) : null}
						<ToolNotes notes={result.notes} />
					</div>
				) : null}
				<ToolFeedback tool={tool} message={output ? `Done: ${info.outputLabel.toLowerCase()}` : ''} action={info.verb} />
			</Form>
		</ToolPage>
	)
}
