import { Form, useActionData } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { content } from '#app/tools/minify-beautify/content.ts'
import { detectLanguage, languageIds, languageNames, minifyOptionsSchema, type Action, type Language, type MinifyOptions, type MinifyResult } from '#app/tools/minify-beautify/core.ts'
import { SizeReport } from './parts/size-report.tsx'
import { downloadName, downloadType, engineFor } from '#app/tools/minify-beautify/view.ts'
import { cn } from '#app/utils/misc.ts'
import { OutputNote, Notes, PrintWidth, countLines } from './parts/controls.tsx'

const PATH = `/tools/${content.slug}`

export const meta = toolPageMeta(content)
export const loader = toolPageLoader(content)

/**
 * Without JavaScript the form posts here; the server's worker pool runs the
 * core with the native engines (esbuild, lightningcss, zlib's Brotli).
 * Nothing is stored. Only the schema is imported here: the engines never
 * reach the page's bundle.
 */
export const action = toolPageAction({ slug: content.slug, optionsSchema: minifyOptionsSchema })

const defaults: MinifyOptions = { action: 'beautify', language: 'auto', indent: '2', printWidth: 80, quotes: 'double' }

const actions: ReadonlyArray<{ id: Action; label: string; hint: string }> = [
	{ id: 'beautify', label: 'Beautify', hint: 'Lay the code out on lines, indented, so people can read it.' },
	{ id: 'minify', label: 'Minify', hint: 'Remove spaces, comments and long names so the code downloads faster.' },
]

const indents: ReadonlyArray<{ id: MinifyOptions['indent']; label: string }> = [
	{ id: '2', label: '2 spaces' },
	{ id: '4', label: '4 spaces' },
	{ id: 'tab', label: 'Tabs' },
]

const quoteChoices: ReadonlyArray<{ id: MinifyOptions['quotes']; label: string }> = [
	{ id: 'double', label: 'Double "' },
	{ id: 'single', label: "Single '" },
]

function isLanguage(value: unknown): value is Language {
	return (languageIds as ReadonlyArray<unknown>).includes(value)
}

/** Engines already downloaded by this page's worker, so only a first run says "Loading…". */
const loadedEngines = new Set<string>()

export default function MinifyBeautify() {
	const actionData = useActionData() as ToolActionData | undefined
	const tool = useToolPage<MinifyOptions, MinifyResult>({ slug: content.slug, defaults })
	const { setOption } = tool
	const parsed = minifyOptionsSchema.safeParse(tool.options)
	const options = parsed.success ? parsed.data : defaults

	// Options remembered from an older visit may no longer be valid: fall back to the defaults.
	useEffect(() => {
		if (parsed.success) return
		for (const key of Object.keys(defaults) as Array<keyof MinifyOptions>) {
			if (!minifyOptionsSchema.shape[key].safeParse(tool.options[key]).success) setOption(key, defaults[key])
		}
	}, [parsed.success, tool.options, setOption])

	// An error never leaves an older result on screen.
	const result = tool.error ? null : tool.result
	const output = result?.output ?? ''
	const lines = useMemo(() => countLines(output), [output])
	const errorLanguage = (tool.error?.details as { language?: unknown } | undefined)?.language
	// The same detection the core runs (the first 4 KB only), so the label follows the typing.
	const detected: Language | null =
		options.language !== 'auto'
			? null
			: tool.hydrated && tool.input.trim() !== ''
				? detectLanguage(tool.input)
				: (result?.language ?? (isLanguage(errorLanguage) ? errorLanguage : null))
	const language: Language | null = options.language === 'auto' ? detected : options.language
	const resultLanguage = result?.language ?? language ?? 'javascript'

	// The first run of each engine downloads it: say so instead of "Working…". A
	// new result (or an error from the code) means the engine of its run is there.
	const engine = language ? engineFor(options.action, language) : null
	const [, markLoaded] = useState(0)
	const seen = useRef<unknown>(actionData?.result ?? actionData?.error ?? null)
	useEffect(() => {
		const outcome = result ?? tool.error
		if (!tool.hydrated || !outcome || seen.current === outcome) return
		seen.current = outcome
		const ran = result?.language ?? (isLanguage(errorLanguage) ? errorLanguage : null)
		// Errors without a language (empty input, too large) and failed downloads load nothing.
		if (!ran || tool.error?.code === 'INTERNAL_ERROR') return
		const { id } = engineFor(options.action, ran)
		if (loadedEngines.has(id)) return
		loadedEngines.add(id)
		markLoaded((count) => count + 1)
	}, [tool.hydrated, result, tool.error, errorLanguage, options.action])
	const loading = tool.hydrated && tool.running && engine && !loadedEngines.has(engine.id) ? `Loading ${engine.label}…` : null

	const beautifyOnly = tool.hydrated && options.action === 'minify'
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
			<Form {...tool.formProps} action={PATH} className="card p-4 sm:p-6" aria-label="Minify and beautify code">
				<div className="grid gap-6 md:grid-cols-[auto_1fr]">
					<fieldset data-testid="minify-action" aria-describedby="minify-action-hint">
						<legend className="font-semibold">What to do</legend>
						<div className="mt-3 flex flex-wrap gap-2">
							{actions.map((choice) => (
								<RadioPill key={choice.id} name="action" value={choice.id} checked={options.action === choice.id} onChange={() => setOption('action', choice.id)}>
									{choice.label}
								</RadioPill>
							))}
						</div>
						<p id="minify-action-hint" className="mt-2 text-sm text-muted">
							{actions.find((choice) => choice.id === options.action)?.hint}
						</p>
					</fieldset>
					<div>
						<label htmlFor="minify-language" className="font-semibold">
							Language
						</label>
						<div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
							<select
								id="minify-language"
								name="language"
								value={options.language}
								onChange={(event) => setOption('language', event.target.value as MinifyOptions['language'])}
								aria-describedby="minify-language-detected"
								className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
								data-testid="minify-language"
							>
								<option value="auto">Detect automatically</option>
								{languageIds.map((id) => (
									<option key={id} value={id}>
										{languageNames[id]}
									</option>
								))}
							</select>
							<span id="minify-language-detected" className="text-sm" aria-live="polite" data-testid="minify-detected">
								{options.language === 'auto' && detected ? (
									<>
										<span className="text-muted">Detected:</span> <span className="font-semibold">{languageNames[detected]}</span>
									</>
								) : null}
							</span>
						</div>
						<p className="mt-2 text-sm text-muted">JavaScript (with JSX), TypeScript, CSS, HTML, JSON, XML or SQL.</p>
					</div>
				</div>

				<fieldset
					className={cn('mt-6 rounded-lg border border-border p-4', beautifyOnly && 'bg-surface-2')}
					disabled={beautifyOnly}
					aria-describedby="minify-beautify-options-hint"
					data-testid="minify-beautify-options"
				>
					<legend className="px-1 font-semibold">Beautify options</legend>
					<p id="minify-beautify-options-hint" className={cn('text-sm', beautifyOnly ? 'font-medium text-fg' : 'text-muted')}>
						{beautifyOnly
							? 'Not used when minifying: minified code has no indentation or line breaks. Choose Beautify to change them.'
							: 'JSON always uses double quotes and ignores the print width; SQL keeps its quotes as written.'}
					</p>
					<div className={cn('mt-3 grid gap-6 sm:grid-cols-[auto_auto_1fr]', beautifyOnly && 'opacity-60')}>
						<fieldset>
							<legend className="text-sm font-semibold">Indent with</legend>
							<div className="mt-2 flex flex-wrap gap-2">
								{indents.map((choice) => (
									<RadioPill key={choice.id} name="indent" value={choice.id} checked={options.indent === choice.id} onChange={() => setOption('indent', choice.id)}>
										{choice.label}
									</RadioPill>
								))}
							</div>
						</fieldset>
						<PrintWidth value={options.printWidth} onChange={(width) => setOption('printWidth', width)} />
						<fieldset>
							<legend className="text-sm font-semibold">Quotes for strings</legend>
							<div className="mt-2 flex flex-wrap gap-2">
								{quoteChoices.map((choice) => (
									<RadioPill key={choice.id} name="quotes" value={choice.id} checked={options.quotes === choice.id} onChange={() => setOption('quotes', choice.id)}>
										{choice.label}
									</RadioPill>
								))}
							</div>
						</fieldset>
					</div>
				</fieldset>

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run={tool.hydrated ? actions.find((choice) => choice.id === options.action)?.label : 'Run'}
						label="Your code"
						placeholder="Paste JavaScript, TypeScript, CSS, HTML, JSON, XML or SQL here"
						onExample={loadExample}
						accept=".js,.mjs,.cjs,.jsx,.ts,.mts,.cts,.tsx,.css,.html,.htm,.json,.xml,.svg,.sql,.txt,text/*,application/json,application/xml"
					/>

					<div className="flex min-w-0 flex-col gap-4">
						<ToolOutput
							tool={tool}
							label="Result"
							output={output}
							placeholder={options.action === 'minify' ? 'The minified code appears here' : 'The beautified code appears here'}
							filename={downloadName(options.action, resultLanguage)}
							mime={downloadType(options.action, resultLanguage)}
							note={result ? <OutputNote result={result} lines={lines} /> : undefined}
						/>
						{result ? <SizeReport result={result} action={options.action} /> : null}
						{result && result.notes.length > 0 ? <Notes notes={result.notes} /> : null}
					</div>
				</div>

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

