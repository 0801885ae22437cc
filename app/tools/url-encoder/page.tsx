import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { content } from '#app/tools/url-encoder/content.ts'
import { QueryEditor } from './parts/query-table.tsx'
import { core, type UrlOptions } from '#app/tools/url-encoder/core.ts'
import { UrlParts } from './parts/url-parts.tsx'
import { isUrlAction, isUrlMode, urlActions, urlDefaults, urlModes, type UrlAction } from '#app/tools/url-encoder/view.ts'
import { cn } from '#app/utils/misc.ts'
import { Stats, statusMessage, isParseResult, isDecodeResult, type Result } from './parts/controls.tsx'

export const meta = toolPageMeta(content)
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
	const decodeResult = action === 'decode' && isDecodeResult(result) ? result : null
	const textResult = action !== 'parse' && result && !isParseResult(result) ? result : null
	const output = textResult?.output ?? ''
	const notes = result?.notes ?? []
	const doubleNote = decodeResult?.doubleEncoded ? (notes[0] ?? null) : null
	const otherNotes = doubleNote ? notes.slice(1) : notes

	return (
		<ToolPage content={content} lead="Pick Encode, Decode or Parse URL, paste your text, and copy the result.">
			<Form {...tool.formProps} className="group/url card p-4 sm:p-6" aria-label="URL encoder and decoder">
				<fieldset data-testid="url-action">
					<legend className="font-semibold">What to do</legend>
					<div className="mt-3 flex flex-wrap gap-2">
						{urlActions.map((info) => (
							<RadioPill
								key={info.id}
								name="action"
								id={`url-action-${info.id}`}
								value={info.id}
								checked={action === info.id}
								onChange={() => setOption('action', info.id)}
							>
								{info.label}
							</RadioPill>
						))}
					</div>
				</fieldset>

				{/* Shown for Encode and Decode; the :has() rules hide it for Parse, also without JavaScript. */}
				<fieldset className="mt-6 group-has-[#url-action-parse:checked]/url:hidden" data-testid="url-mode">
					<legend className="font-semibold">Encoding</legend>
					<div className="mt-3 grid gap-2 sm:grid-cols-2">
						{urlModes.map((info) => (
							<label
								key={info.id}
								className={cn(
									'relative flex cursor-pointer gap-3 rounded-lg border border-border bg-surface p-3 hover:bg-surface-2',
									'has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-1 has-[:checked]:ring-accent',
									'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[color:var(--focus)]',
								)}
							>
								<input
									type="radio"
									name="mode"
									value={info.id}
									checked={mode === info.id}
									onChange={() => setOption('mode', info.id)}
									aria-labelledby={`url-mode-${info.id}-label`}
									aria-describedby={`url-mode-${info.id}-description`}
									className="mt-1 size-4 shrink-0 accent-[color:var(--accent)] focus-visible:outline-none"
								/>
								<span className="min-w-0">
									<span className="flex flex-wrap items-baseline gap-x-2">
										<span id={`url-mode-${info.id}-label`} className="font-medium">
											{info.label}
										</span>
										<code className="font-mono text-xs text-muted">{info.code}</code>
									</span>
									<span id={`url-mode-${info.id}-description`} className="mt-1 block text-sm text-muted">
										{info.description}
									</span>
								</span>
							</label>
						))}
					</div>
				</fieldset>

				{/* Decoding options: hidden for Encode and Parse. */}
				<fieldset className="mt-6 group-has-[#url-action-encode:checked]/url:hidden group-has-[#url-action-parse:checked]/url:hidden" data-testid="url-decode-options">
					<legend className="font-semibold">Decoding</legend>
					<div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
						<Checkbox
							id="url-option-plusAsSpace"
							name="plusAsSpace"
							label="Read + as a space"
							hint={mode === 'form' ? 'Always on for form data.' : 'For query strings and form data.'}
							checked={tool.options.plusAsSpace || mode === 'form'}
							disabled={mode === 'form' && tool.hydrated}
							onChange={(event) => setOption('plusAsSpace', event.target.checked)}
						/>
						<Checkbox
							id="url-option-decodeUntilStable"
							name="decodeUntilStable"
							label="Decode until stable"
							hint="Decode again while escapes remain (double encoding), up to 10 rounds."
							checked={tool.options.decodeUntilStable}
							onChange={(event) => setOption('decodeUntilStable', event.target.checked)}
						/>
					</div>
				</fieldset>

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run={
							tool.hydrated ? (
								actionInfo.label
							) : (
								<>
									{/* Before JavaScript: the label follows the chosen action through :has(). */}
									<span className="group-has-[#url-action-decode:checked]/url:hidden group-has-[#url-action-parse:checked]/url:hidden">Encode</span>
									<span className="hidden group-has-[#url-action-decode:checked]/url:inline">Decode</span>
									<span className="hidden group-has-[#url-action-parse:checked]/url:inline">Parse URL</span>
								</>
							)
						}
						label={actionInfo.inputLabel}
						placeholder={actionInfo.placeholder}
						onExample={() => tool.setInput((content.examples.find((example) => example.options?.action === action) ?? content.examples[0]!).input)}
					/>
					{action === 'parse' ? (
						parseResult ? (
							<UrlParts parsed={parseResult.parsed} summary={parseResult.output} hydrated={tool.hydrated} running={tool.running} />
						) : (
							<section aria-labelledby="url-parts-title" className="flex min-w-0 flex-col">
								<h2 id="url-parts-title" className="font-semibold">
									URL parts
								</h2>
								<p className="mt-2 flex min-h-64 items-center justify-center rounded-lg border border-dashed border-border bg-surface-2 p-6 text-center text-sm text-muted">
									Scheme, user, host, port, path, query and fragment appear here.
								</p>
							</section>
						)
					) : (
						<ToolOutput
							tool={tool}
							label={actionInfo.outputLabel}
							output={output}
							placeholder={actionInfo.outputPlaceholder}
							filename={action === 'decode' ? 'url-decoded.txt' : `url-encoded-${mode}.txt`}
							note={textResult ? <Stats result={textResult} /> : undefined}
						/>
					)}
				</div>

				{doubleNote ? (
					<div
						className="mt-4 flex flex-col gap-3 rounded-lg border border-warning bg-warning/10 p-4 text-sm sm:flex-row sm:items-center"
						data-testid="url-double-encoded"
					>
						<p className="flex min-w-0 flex-1 items-start gap-2 text-fg">
							<Icon name="warning" className="size-5 shrink-0 text-warning" />
							<span className="min-w-0">{doubleNote}</span>
						</p>
						{!tool.options.decodeUntilStable ? (
							// Without JavaScript it posts the form with the option on.
							<button
								type={tool.hydrated ? 'button' : 'submit'}
								name={tool.hydrated ? undefined : 'decodeUntilStable'}
								value="on"
								className="button-primary self-start sm:self-auto"
								data-testid="url-decode-until-stable"
								onClick={tool.hydrated ? () => setOption('decodeUntilStable', true) : undefined}
							>
								Decode until stable
							</button>
						) : null}
					</div>
				) : null}
				{otherNotes.length > 0 ? (
					<ul className="mt-4 space-y-2 text-sm" data-testid="url-notes">
						{otherNotes.map((note) => (
							<li key={note} className="flex gap-2 rounded-lg bg-accent-soft p-3 text-fg">
								<Icon name="info" className="size-5 shrink-0" />
								<span className="min-w-0">{note}</span>
							</li>
						))}
					</ul>
				) : null}

				<ToolFeedback tool={tool} message={statusMessage(result)} action={actionInfo.verb} />
			</Form>

			{parseResult ? <QueryEditor parsed={parseResult.parsed} hydrated={tool.hydrated} /> : null}
		</ToolPage>
	)
}

