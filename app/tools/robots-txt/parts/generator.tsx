/**
 * The generator: a preset, one box of rules per user agent, sitemaps, and
 * the file as you type (the core's generator runs on each change; it is
 * small work). Without JavaScript the same form posts to the page, with
 * MAX_FORM_ROWS rows; the server answers with the file and the rows.
 */
import { Form } from '@remix-run/react'
import { useMemo, useRef, useState } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { ToolError } from '#app/tools/kit/core.ts'
import { OutputPane, ToolErrorNotice } from '#app/tools/kit/tool-controls.tsx'
import { type ErrorBody } from '#app/utils/errors.ts'
import { generateRobotsTxt, PRESET_IDS, PRESETS, rowsToRules, type GeneratorRow, type PresetId } from '../generate.ts'

/** Rows the form shows without JavaScript (with it, rows are added as needed). */
export const MAX_FORM_ROWS = 3
export const MAX_ROWS = 20

export type GeneratorPost = { rows: Array<GeneratorRow>; preset: PresetId; blockAi: boolean; sitemaps: string; error: ErrorBody | null }

const emptyRow = (): GeneratorRow => ({ agents: '', disallow: '', allow: '', crawlDelay: '' })

const textareaClass =
	'form-input min-h-20 font-mono focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

export function RobotsGenerator({ post, hydrated, onTest }: { post: GeneratorPost | null; hydrated: boolean; onTest: (robots: string) => void }) {
	const [preset, setPreset] = useState<PresetId>(post?.preset ?? 'allow-all')
	const [blockAi, setBlockAi] = useState(post?.blockAi ?? false)
	const [sitemaps, setSitemaps] = useState(post?.sitemaps ?? '')
	const [rows, setRows] = useState<Array<GeneratorRow>>(() => (post?.rows.length ? post.rows : [emptyRow()]))
	const nextKey = useRef(0)
	const [keys, setKeys] = useState<Array<number>>(() => rows.map(() => nextKey.current++))

	// Without JavaScript the form always has MAX_FORM_ROWS rows to fill in.
	const shown = hydrated ? rows : [...rows, ...Array.from({ length: Math.max(0, MAX_FORM_ROWS - rows.length) }, emptyRow)]

	const generated = useMemo(() => {
		try {
			return { result: generateRobotsTxt(rowsToRules(rows), { preset, blockAi, sitemaps }), error: null }
		} catch (error) {
			if (error instanceof ToolError) return { result: null, error: error.toJSON() }
			throw error
		}
	}, [rows, preset, blockAi, sitemaps])
	const error = !hydrated && post?.error ? post.error : generated.error
	const result = error ? null : generated.result

	const setRow = (index: number, key: keyof GeneratorRow, value: string) =>
		setRows((current) => current.map((row, each) => (each === index ? { ...row, [key]: value } : row)))

	return (
		<Form
			method="post"
			className="card p-4 sm:p-6"
			aria-labelledby="robots-generator-title"
			data-testid="robots-generator"
			onSubmit={(event) => {
				if (hydrated) event.preventDefault()
			}}
		>
			<h2 id="robots-generator-title" className="text-xl font-semibold">
				Generate a robots.txt
			</h2>
			<input type="hidden" name="mode" value="generate" />
			<input type="hidden" name="input" value="" />
			<div className="mt-4">
				<RadioPillGroup
					legend="Start from"
					name="preset"
					choices={PRESET_IDS.map((id) => ({ id, label: PRESETS[id].label }))}
					value={preset}
					onChange={setPreset}
					hint={PRESETS[preset].description}
					hintId="robots-preset-hint"
					testId="robots-preset"
				/>
			</div>
			<Checkbox
				id="robots-block-ai"
				name="blockAi"
				className="mt-4"
				checked={blockAi}
				onChange={(event) => setBlockAi(event.target.checked)}
				label="Also block AI crawlers"
				hint="GPTBot, ChatGPT-User, ClaudeBot, CCBot, Google-Extended, PerplexityBot, Bytespider and more get Disallow: /"
			/>

			<div className="mt-6 grid gap-6 lg:grid-cols-2">
				<div className="min-w-0 space-y-4">
					{shown.map((row, index) => (
						<fieldset key={hydrated ? keys[index] : index} className="rounded-lg border border-border p-3 sm:p-4" data-testid="robots-row">
							<legend className="px-1 font-semibold">Rules for user agents, group {index + 1}</legend>
							<label htmlFor={`robots-agents-${index}`} className="form-label">
								User agents
							</label>
							<input
								id={`robots-agents-${index}`}
								name={`agents_${index}`}
								type="text"
								className="form-input"
								value={row.agents}
								onChange={(event) => setRow(index, 'agents', event.target.value)}
								placeholder="e.g. Googlebot, Bingbot, or * for all"
								autoComplete="off"
								spellCheck={false}
								aria-describedby={`robots-agents-${index}-hint`}
							/>
							<p id={`robots-agents-${index}-hint`} className="form-help">
								Separated by commas; * means every crawler.
							</p>
							<div className="mt-3 grid gap-3 sm:grid-cols-2">
								<div className="min-w-0">
									<label htmlFor={`robots-disallow-${index}`} className="form-label">
										Disallow (one path a line)
									</label>
									<textarea
										id={`robots-disallow-${index}`}
										name={`disallow_${index}`}
										className={textareaClass}
										value={row.disallow}
										onChange={(event) => setRow(index, 'disallow', event.target.value)}
										placeholder="/private/"
										rows={3}
										spellCheck={false}
									/>
								</div>
								<div className="min-w-0">
									<label htmlFor={`robots-allow-${index}`} className="form-label">
										Allow (one path a line)
									</label>
									<textarea
										id={`robots-allow-${index}`}
										name={`allow_${index}`}
										className={textareaClass}
										value={row.allow}
										onChange={(event) => setRow(index, 'allow', event.target.value)}
										placeholder="/private/press/"
										rows={3}
										spellCheck={false}
									/>
								</div>
							</div>
							<div className="mt-3 flex flex-wrap items-end justify-between gap-3">
								<div>
									<label htmlFor={`robots-delay-${index}`} className="form-label">
										Crawl-delay (seconds, optional)
									</label>
									<input
										id={`robots-delay-${index}`}
										name={`crawlDelay_${index}`}
										type="text"
										inputMode="decimal"
										className="form-input w-32"
										value={row.crawlDelay}
										onChange={(event) => setRow(index, 'crawlDelay', event.target.value)}
										aria-describedby={`robots-delay-${index}-hint`}
									/>
									<p id={`robots-delay-${index}-hint`} className="form-help">
										Google ignores it; Bing and Yandex read it.
									</p>
								</div>
								{hydrated && rows.length > 1 ? (
									<button
										type="button"
										className="button-secondary"
										onClick={() => {
											setRows((current) => current.filter((_, each) => each !== index))
											setKeys((current) => current.filter((_, each) => each !== index))
										}}
									>
										Remove group {index + 1}
									</button>
								) : null}
							</div>
						</fieldset>
					))}
					{hydrated ? (
						<button
							type="button"
							className="button-secondary"
							data-testid="robots-add-row"
							disabled={rows.length >= MAX_ROWS}
							onClick={() => {
								setRows((current) => [...current, emptyRow()])
								setKeys((current) => [...current, nextKey.current++])
							}}
						>
							Add user agent
						</button>
					) : null}
					<div>
						<label htmlFor="robots-sitemaps" className="form-label">
							Sitemap URLs (one a line)
						</label>
						<textarea
							id="robots-sitemaps"
							name="sitemaps"
							className={textareaClass}
							value={sitemaps}
							onChange={(event) => setSitemaps(event.target.value)}
							placeholder="https://example.com/sitemap.xml"
							rows={2}
							spellCheck={false}
						/>
					</div>
					{hydrated ? null : (
						<button type="submit" className="button-primary" data-testid="robots-generate">
							Generate robots.txt
						</button>
					)}
				</div>
				<div className="min-w-0">
					<OutputPane
						id="robots-generated"
						label="Your robots.txt"
						output={result?.output ?? ''}
						placeholder="Your robots.txt appears here"
						filename="robots.txt"
						hydrated={hydrated}
						note={result ? `${result.groups} group${result.groups === 1 ? '' : 's'}, ${result.rules} rule${result.rules === 1 ? '' : 's'}, ${result.sitemaps.length} sitemap${result.sitemaps.length === 1 ? '' : 's'}` : undefined}
					>
						<button type="button" className="button-secondary" data-testid="robots-test-this" disabled={!hydrated || !result} onClick={() => result && onTest(result.output)}>
							Test this file
						</button>
					</OutputPane>
					{error ? (
						<div className="mt-4">
							<ToolErrorNotice error={error} input="" />
						</div>
					) : null}
					{result && result.warnings.length + result.notes.length > 0 ? (
						<ul className="mt-4 space-y-2 text-sm" data-testid="robots-generator-notes">
							{result.warnings.map((warning) => (
								<li key={`w${warning.line}${warning.message}`} className="rounded-lg border border-border p-3 break-words text-fg">
									{warning.message}
								</li>
							))}
							{result.notes.map((note) => (
								<li key={note} className="rounded-lg bg-accent-soft p-3 break-words text-fg">
									{note}
								</li>
							))}
						</ul>
					) : null}
				</div>
			</div>
		</Form>
	)
}
