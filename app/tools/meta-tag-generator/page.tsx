import { Form } from '@remix-run/react'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ShareLinkButton } from '#app/tools/kit/tool-controls.tsx'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolOutput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { countCodePoints } from '#app/tools/shared/text.ts'
import { content } from './content.ts'
import { core, metaDefaults, TITLE_MAX_CHARS, type MetaOptions, type MetaResult } from './core.ts'
import { PageFields, SocialFields, StructuredDataFields } from './parts/fields.tsx'
import { Checks, FacebookPreview, GooglePreview, XPreview } from './parts/previews.tsx'
import { GOOGLE_TITLE } from './pixels.ts'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here (every field by its option name); the same core runs in the worker pool. Nothing is stored, nothing is fetched. */
export const action = toolPageAction(core)

export default function MetaTagGenerator() {
	const tool = useToolPage<MetaOptions, MetaResult>({ slug: content.slug, defaults: metaDefaults })
	const { setOption } = tool
	const result = tool.error ? null : tool.result
	const errors = new Set((result?.warnings ?? []).filter((each) => each.level === 'error').map((each) => each.field))
	const fieldProps = { options: tool.options, setOption, errors }
	const chars = countCodePoints(tool.input)
	const titleNote = result
		? `${chars} characters · about ${Math.round(result.previews.google.titleWidth)} of Google’s ${GOOGLE_TITLE.limit} px${result.previews.google.titleTruncated ? ': cut in results' : ''}`
		: `Up to about ${TITLE_MAX_CHARS} characters (${GOOGLE_TITLE.limit} px in Google’s results).`

	function fill(input: string, options: Record<string, unknown>) {
		for (const [key, value] of Object.entries({ ...metaDefaults, ...options })) setOption(key as keyof MetaOptions, value as never)
		tool.setInput(input)
	}

	return (
		<ToolPage content={content} lead="Fill in what you know; the tags, previews and checks update as you type.">
			<Form {...tool.formProps} className="group/meta card p-4 sm:p-6" aria-label="Meta tag generator">
				<PageFields
					{...fieldProps}
					title={tool.input}
					onTitle={tool.setInput}
					titleNote={titleNote}
					titleInvalid={Boolean(tool.error)}
				/>
				<SocialFields {...fieldProps} />
				<StructuredDataFields {...fieldProps} />
				<div className="mt-8 flex flex-wrap gap-2 border-t border-border pt-6">
					<button type="submit" className="button-primary" data-testid="tool-run">
						Generate tags
					</button>
					{tool.hydrated ? (
						<button type="button" className="button-secondary" data-testid="tool-example" onClick={() => fill(content.examples[0]!.input, content.examples[0]!.options ?? {})}>
							Load example
						</button>
					) : (
						// Without JavaScript: the page with the example filled in (the loader's `?example=N`).
						<a href="?example=1" className="button-secondary" data-testid="tool-example">
							Load example
						</a>
					)}
					<button type="button" className="button-secondary" data-testid="tool-clear" disabled={!tool.hydrated} onClick={() => fill('', {})}>
						Clear all
					</button>
					<ShareLinkButton shareLink={tool.shareLink} disabled={!tool.hydrated || tool.input === ''} />
				</div>
				<ToolFeedback tool={tool} message={result ? `${result.tags} tags, ${result.warnings.filter((each) => each.level !== 'info').length} to check` : ''} action="generate the tags" />
				{result ? <Checks warnings={result.warnings} /> : null}
				<ToolPanes>
					<ToolOutput
						tool={tool}
						label="Your <head> block"
						output={result?.output ?? ''}
						placeholder="Type a title: the tags appear here"
						filename="meta-tags.html"
						mime="text/html;charset=utf-8"
					/>
					{result ? (
						<section aria-labelledby="meta-previews-title" className="min-w-0 space-y-8" data-testid="meta-previews">
							<h2 id="meta-previews-title" className="sr-only">
								Previews
							</h2>
							<GooglePreview google={result.previews.google} />
							<FacebookPreview facebook={result.previews.facebook} />
							<XPreview x={result.previews.x} />
						</section>
					) : (
						<div className="rounded-lg border border-dashed border-border p-6 text-center text-muted">Google, Facebook/LinkedIn and X previews appear here once the page has a title.</div>
					)}
				</ToolPanes>
			</Form>
		</ToolPage>
	)
}
