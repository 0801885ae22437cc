import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolNotes, ToolOutput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'
import { content } from './content.ts'
import { core, MAX_SITEMAP_BYTES, type Finding, type GenerateResult, type SitemapMode, type SitemapOptions, type SitemapResult, type ValidateResult } from './core.ts'
import { sitemapDefaults, SitemapOptionsPanel } from './parts/options.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored, no URL is fetched. */
export const action = toolPageAction(core)

const n = (value: number) => value.toLocaleString('en-US')

export default function SitemapXml() {
	const tool = useToolPage<SitemapOptions, SitemapResult>({ slug: content.slug, defaults: sitemapDefaults })
	const { setOption } = tool
	const known = tool.options.mode === 'generate' || tool.options.mode === 'validate'
	const mode: SitemapMode = known ? tool.options.mode : 'generate'
	// Options remembered from an older page or edited by hand: back to the default mode.
	useEffect(() => {
		if (!known) setOption('mode', 'generate')
	}, [known, setOption])
	const { toast } = useToast()
	const shown = tool.error ? null : tool.result
	const result = shown && shown.mode === mode ? shown : null
	const generated = result?.mode === 'generate' ? (result as GenerateResult) : null
	const checked = result?.mode === 'validate' ? (result as ValidateResult) : null

	async function openFile(file: File) {
		if (file.size > MAX_INPUT_BYTES) {
			toast({
				message:
					file.size > MAX_SITEMAP_BYTES
						? `${file.name} is ${formatBytes(file.size)}: over the 50 MB a sitemap may be (sitemaps.org). Split it into sitemaps of at most 50 MB and 50,000 URLs.`
						: `${file.name} is ${formatBytes(file.size)}: this site checks files up to ${formatBytes(MAX_INPUT_BYTES)} (sitemaps may be up to 50 MB).`,
				type: 'error',
			})
			return
		}
		if (/\.xml$/i.test(file.name)) setOption('mode', 'validate')
		else if (/\.(csv|txt)$/i.test(file.name)) setOption('mode', 'generate')
		tool.setInput(await file.text())
	}

	return (
		<ToolPage content={content} lead="Nothing is fetched, and with JavaScript on nothing leaves your browser.">
			<Form {...tool.formProps} className="group/sitemap card p-4 sm:p-6" aria-label="Sitemap generator and validator">
				<SitemapOptionsPanel options={tool.options} mode={mode} setOption={setOption} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={mode === 'validate' ? 'Validate' : 'Generate'}
						label={mode === 'validate' ? 'Your sitemap (XML)' : 'URLs, one a line, or CSV'}
						placeholder={mode === 'validate' ? '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">…' : 'https://example.com/\nhttps://example.com/about\n\nor CSV: loc,lastmod,changefreq,priority'}
						accept=".xml,.csv,.txt,text/xml,application/xml,text/csv,text/plain"
						onFile={(file) => void openFile(file)}
						onExample={() => {
							const example = content.examples.find((each) => each.options?.mode === mode) ?? content.examples[0]!
							for (const [key, value] of Object.entries(example.options ?? {})) setOption(key as keyof SitemapOptions, value as never)
							tool.setInput(example.input)
						}}
					/>
					<ToolOutput
						tool={tool}
						label={mode === 'validate' ? 'Report' : 'sitemap.xml'}
						output={result?.output ?? ''}
						placeholder={mode === 'validate' ? 'The verdict, the errors and the warnings appear here' : 'The sitemap appears here'}
						filename={mode === 'validate' ? 'sitemap-report.txt' : 'sitemap.xml'}
						mime={mode === 'validate' ? undefined : 'application/xml;charset=utf-8'}
						note={
							generated
								? `${n(generated.urls)} URL${generated.urls === 1 ? '' : 's'}${generated.alternates ? ` · ${n(generated.alternates)} hreflang links` : ''} · ${formatBytes(generated.output.length)}`
								: undefined
						}
					/>
				</ToolPanes>
				{generated && generated.warnings.length > 0 ? (
					<div data-testid="sitemap-notes">
						<ToolNotes notes={generated.warnings.map((warning) => warning.message)} className="mt-4 text-sm" />
					</div>
				) : null}
				{checked ? <ValidationReport report={checked} /> : null}
				<ToolFeedback
					tool={tool}
					message={
						generated
							? `Generated a sitemap of ${n(generated.urls)} URL${generated.urls === 1 ? '' : 's'}`
							: checked
								? `Checked ${n(checked.urls)} ${checked.kind === 'sitemapindex' ? 'sitemap' : 'URL'}${checked.urls === 1 ? '' : 's'}`
								: ''
					}
					action={mode === 'validate' ? 'validate' : 'generate'}
				/>
			</Form>
		</ToolPage>
	)
}

function ValidationReport({ report }: { report: ValidateResult }) {
	const things = report.kind === 'sitemapindex' ? 'Sitemaps' : 'URLs'
	return (
		<section className="mt-6 space-y-4" aria-labelledby="sitemap-verdict" data-testid="sitemap-report">
			<div className={cn('rounded-lg border p-4', report.valid ? 'border-success bg-success/10' : 'border-danger bg-danger/10')}>
				<h2 id="sitemap-verdict" className={cn('flex items-center gap-2 text-lg font-semibold', report.valid ? 'text-success' : 'text-danger')}>
					<Icon name={report.valid ? 'check' : 'error'} className="size-6 shrink-0" />
					{report.output.split('\n', 1)[0]}
				</h2>
				<dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
					<Stat label={things} value={n(report.urls)} />
					<Stat label="Size" value={formatBytes(report.bytes)} />
					<Stat label="Errors" value={n(report.errorCount)} />
					<Stat label="Warnings" value={n(report.warningCount)} />
				</dl>
			</div>
			<FindingList title="Errors" findings={report.errors} count={report.errorCount} testId="sitemap-errors" />
			<FindingList title="Warnings" findings={report.warnings} count={report.warningCount} testId="sitemap-warnings" />
		</section>
	)
}

function Stat({ label, value }: { label: string; value: string }) {
	return (
		<div>
			<dt className="text-muted">{label}</dt>
			<dd className="font-semibold tabular-nums">{value}</dd>
		</div>
	)
}

function FindingList({ title, findings, count, testId }: { title: string; findings: ReadonlyArray<Finding>; count: number; testId: string }) {
	if (count === 0) return null
	return (
		<div data-testid={testId}>
			<h3 className="font-semibold">
				{title} ({n(count)})
			</h3>
			<ul className="mt-2 space-y-1 text-sm">
				{findings.map((finding, index) => (
					<li key={index} className="rounded-lg bg-surface-2 p-2 break-words">
						<span className="font-medium tabular-nums">
							Line {finding.line}, column {finding.column}:
						</span>{' '}
						{finding.message}
					</li>
				))}
			</ul>
			{count > findings.length ? <p className="mt-2 text-sm text-muted">…and {n(count - findings.length)} more (the first {n(findings.length)} are listed).</p> : null}
		</div>
	)
}
