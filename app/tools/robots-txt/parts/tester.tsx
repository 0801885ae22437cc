/**
 * The tester: a robots.txt, the URLs (one a line) and the crawler (a pick
 * list of common bots, or any name typed), run by the kit as you type; each
 * URL's verdict with the rule, line and group that decided, and the file's
 * warnings with their line.
 */
import { Form } from '@remix-run/react'
import { type useTool } from '#app/tools/kit/use-tool.ts'
import { ToolFeedback, ToolInput, ToolNotes, ToolOutput, ToolPanes } from '#app/tools/kit/tool-panes.tsx'
import { cn } from '#app/utils/misc.ts'
import { content } from '../content.ts'
import { type RobotsOptions, type RobotsResult, type TestResult } from '../core.ts'
import { CRAWLERS } from '../crawlers.ts'

export const testDefaults: RobotsOptions = { mode: 'test', url: '', userAgent: 'Googlebot', preset: 'none', blockAi: false, sitemaps: '' }

type Tool = ReturnType<typeof useTool<RobotsOptions, RobotsResult>>

export function RobotsTester({ tool }: { tool: Tool }) {
	const { options, setOption } = tool
	const result: TestResult | null = !tool.error && tool.result?.mode === 'test' ? tool.result : null
	const n = (value: number) => value.toLocaleString('en-US')
	const message = !result
		? ''
		: result.results.length === 0
			? `Checked: ${n(result.groups)} groups, ${n(result.rules)} rules, ${n(result.warningCount)} warnings`
			: `${n(result.results.filter((each) => each.allowed).length)} allowed, ${n(result.results.filter((each) => !each.allowed).length)} blocked`

	return (
		<Form {...tool.formProps} id="robots-tester" className="card mt-8 p-4 sm:p-6" aria-labelledby="robots-tester-title" data-testid="robots-tester">
			<h2 id="robots-tester-title" className="text-xl font-semibold">
				Test a robots.txt
			</h2>
			<input type="hidden" name="mode" value="test" />
			<div className="mt-4 grid gap-4 sm:grid-cols-2">
				<div className="min-w-0">
					<label htmlFor="robots-user-agent" className="form-label">
						Crawler
					</label>
					<input
						id="robots-user-agent"
						name="userAgent"
						type="text"
						list="robots-crawlers"
						className="form-input"
						value={options.userAgent}
						onChange={(event) => setOption('userAgent', event.target.value)}
						autoComplete="off"
						spellCheck={false}
						maxLength={1000}
						aria-describedby="robots-user-agent-hint"
					/>
					<datalist id="robots-crawlers">
						{CRAWLERS.map((crawler) => (
							<option key={crawler.token} value={crawler.token}>
								{crawler.label}
							</option>
						))}
					</datalist>
					<p id="robots-user-agent-hint" className="form-help">
						Pick a common bot or type any name (or a whole user-agent string).
					</p>
				</div>
				<div className="min-w-0">
					<label htmlFor="robots-url" className="form-label">
						URLs or paths (one a line)
					</label>
					<textarea
						id="robots-url"
						name="url"
						className="form-input min-h-20 font-mono"
						value={options.url}
						onChange={(event) => setOption('url', event.target.value)}
						placeholder="https://example.com/private/page.html"
						rows={3}
						spellCheck={false}
						autoComplete="off"
					/>
				</div>
			</div>
			<ToolPanes>
				<ToolInput
					tool={tool}
					run="Test"
					label="robots.txt"
					placeholder={'User-agent: *\nDisallow: /private/'}
					accept=".txt,text/plain"
					onExample={() => {
						const example = content.examples[0]!
						setOption('url', String(example.options?.url ?? ''))
						setOption('userAgent', String(example.options?.userAgent ?? 'Googlebot'))
						tool.setInput(example.input)
					}}
				/>
				<ToolOutput tool={tool} label="Report" output={result?.output ?? ''} placeholder="The verdict for each URL appears here" filename="robots-test.txt" />
			</ToolPanes>
			{result && result.results.length > 0 ? (
				<ul className="mt-6 space-y-3" data-testid="robots-verdicts" aria-label="Verdicts">
					{result.results.map((each, index) => (
						<li key={`${index}${each.url}`} className="rounded-lg border border-border p-3">
							<p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
								<span
									className={cn(
										'rounded-full px-2.5 py-0.5 text-sm font-semibold',
										each.allowed ? 'bg-accent-soft text-fg' : 'bg-danger/15 text-danger',
									)}
									data-testid="robots-verdict"
								>
									{each.allowed ? 'Allowed' : 'Blocked'}
								</span>
								<code className="font-mono text-sm break-all">{each.url}</code>
							</p>
							<p className="mt-1 text-sm break-words text-muted">{each.reason}</p>
						</li>
					))}
				</ul>
			) : null}
			{result && (result.warnings.length > 0 || result.notes.length > 0) ? (
				<div className="mt-6 text-sm" data-testid="robots-warnings">
					{result.warnings.length > 0 ? (
						<>
							<h3 className="font-semibold">
								{result.warningCount === 1 ? '1 warning' : `${n(result.warningCount)} warnings`}
								{result.warningCount > result.warnings.length ? ` (the first ${n(result.warnings.length)})` : ''}
							</h3>
							<ul className="mt-2 list-disc space-y-1 pl-5">
								{result.warnings.map((warning, index) => (
									<li key={index} className="break-words">
										Line {n(warning.line)}: {warning.message}
									</li>
								))}
							</ul>
						</>
					) : null}
					<ToolNotes notes={result.notes} className="mt-3" />
				</div>
			) : null}
			<ToolFeedback tool={tool} message={message} action="test" />
		</Form>
	)
}
