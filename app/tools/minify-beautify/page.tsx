import { Form } from '@remix-run/react'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from '#app/tools/minify-beautify/content.ts'
import { languageNames, minifyOptionsSchema, type MinifyOptions, type MinifyResult } from '#app/tools/minify-beautify/core.ts'
import { languageOf, useEngineLoading, useEngineWarmUp, useValidOptions } from './parts/hooks.ts'
import { actions, MinifyOptionsPanel } from './parts/options.tsx'
import { MinifyResultColumn } from './parts/result.tsx'
import { DEFAULT_CSS_TARGET } from './targets.ts'

const PATH = `/tools/${content.slug}`

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)

/**
 * Without JavaScript the form posts here; the server's worker pool runs the
 * core with the native engines (esbuild, lightningcss, zlib's Brotli).
 * Nothing is stored. Only the schema is imported here: the engines never
 * reach the page's bundle.
 */
export const action = toolPageAction({ slug: content.slug, optionsSchema: minifyOptionsSchema })

const defaults: MinifyOptions = { action: 'beautify', language: 'auto', indent: '2', printWidth: 80, quotes: 'double', sizes: true, target: DEFAULT_CSS_TARGET }

export default function MinifyBeautify() {
	const tool = useToolPage<MinifyOptions, MinifyResult>({ slug: content.slug, defaults })
	const { setOption } = tool
	const options = useValidOptions(tool.options, defaults, setOption)
	// An error never leaves an older result on screen.
	const result = tool.error ? null : tool.result
	const { detected, language } = languageOf(tool, options, result)
	const loading = useEngineLoading(tool, options.action, language, result)
	// Minify chosen: its engine downloads in idle time, before the first run needs it.
	const enginesReady = useEngineWarmUp(tool, options.action, language)
	const done = result
		? `${options.action === 'minify' ? 'Minified' : 'Beautified'} ${languageNames[result.language]}${result.detected ? ' (detected)' : ''}`
		: ''

	function loadExample() {
		const example = content.examples[0]!
		for (const [key, value] of Object.entries(example.options ?? {})) setOption(key as keyof MinifyOptions, value as never)
		tool.setInput(example.input)
	}

	return (
		<ToolPage content={content} lead="Paste your code, choose Beautify or Minify, and see how much smaller it gets, gzipped and Brotli-compressed.">
			<Form
				{...tool.formProps}
				action={PATH}
				className="card p-4 sm:p-6"
				aria-label="Minify and beautify code"
				data-engines-ready={tool.hydrated ? enginesReady : undefined}
			>
				<MinifyOptionsPanel options={options} setOption={setOption} detected={detected} hydrated={tool.hydrated} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={tool.hydrated ? actions.find((choice) => choice.id === options.action)?.label : 'Run'}
						label="Your code"
						placeholder="Paste JavaScript, TypeScript, CSS, HTML, JSON, XML or SQL here"
						onExample={loadExample}
						accept=".js,.mjs,.cjs,.jsx,.ts,.mts,.cts,.tsx,.css,.html,.htm,.json,.xml,.svg,.sql,.txt,text/*,application/json,application/xml"
					/>
					<MinifyResultColumn
						tool={tool}
						action={options.action}
						result={result}
						language={language}
						target={options.target}
						setTarget={(query) => setOption('target', query)}
					/>
				</ToolPanes>
				<ToolFeedback
					tool={tool}
					message={done}
					action={options.action}
					working={loading ? <span data-testid="minify-loading">{loading}</span> : undefined}
				/>
			</Form>
		</ToolPage>
	)
}
