/**
 * The options of the sitemap tool: the mode, then the generator's options
 * or the validator's. Without JavaScript the :has() rules on the form
 * (group/sitemap) show only the chosen mode's fieldset; every field stays
 * in the form, so a post keeps all of them.
 */
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { CHANGEFREQS, PRIORITIES, type SitemapMode, type SitemapOptions } from '../core.ts'

export const sitemapDefaults: SitemapOptions = {
	mode: 'generate',
	format: 'auto',
	baseUrl: '',
	changefreq: '',
	priority: '',
	lastmod: 'none',
	siteUrl: '',
}

const selectClass =
	'mt-2 block rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

type Props = { options: SitemapOptions; mode: SitemapMode; setOption: SetOption<SitemapOptions> }

export function SitemapOptionsPanel({ options, mode, setOption }: Props) {
	return (
		<>
			<fieldset data-testid="sitemap-mode">
				<legend className="font-semibold">What to do</legend>
				<div className="mt-3 flex flex-wrap gap-2">
					{(
						[
							['generate', 'Generate a sitemap'],
							['validate', 'Validate a sitemap'],
						] as const
					).map(([id, label]) => (
						<RadioPill key={id} name="mode" id={`sitemap-mode-${id}`} value={id} checked={mode === id} onChange={() => setOption('mode', id)}>
							{label}
						</RadioPill>
					))}
				</div>
			</fieldset>

			<fieldset className="mt-6 group-has-[#sitemap-mode-validate:checked]/sitemap:hidden" data-testid="sitemap-generate-options">
				<legend className="font-semibold">Generate</legend>
				<div className="mt-3 flex flex-wrap items-end gap-x-8 gap-y-4">
					<fieldset>
						<legend className="text-sm font-semibold">Input</legend>
						<div className="mt-2 flex flex-wrap gap-2">
							{(
								[
									['auto', 'Detect'],
									['urls', 'URL list'],
									['csv', 'CSV'],
								] as const
							).map(([id, label]) => (
								<RadioPill key={id} name="format" id={`sitemap-format-${id}`} value={id} checked={options.format === id} onChange={() => setOption('format', id)}>
									{label}
								</RadioPill>
							))}
						</div>
					</fieldset>
					<div>
						<label htmlFor="sitemap-changefreq" className="text-sm font-semibold">
							Change frequency
						</label>
						<select
							id="sitemap-changefreq"
							name="changefreq"
							value={options.changefreq}
							onChange={(event) => setOption('changefreq', event.target.value as SitemapOptions['changefreq'])}
							className={selectClass}
						>
							<option value="">None</option>
							{CHANGEFREQS.map((value) => (
								<option key={value} value={value}>
									{value}
								</option>
							))}
						</select>
					</div>
					<div>
						<label htmlFor="sitemap-priority" className="text-sm font-semibold">
							Priority
						</label>
						<select
							id="sitemap-priority"
							name="priority"
							value={options.priority}
							onChange={(event) => setOption('priority', event.target.value as SitemapOptions['priority'])}
							className={selectClass}
						>
							<option value="">None</option>
							{PRIORITIES.map((value) => (
								<option key={value} value={value}>
									{value}
								</option>
							))}
						</select>
					</div>
					<fieldset>
						<legend className="text-sm font-semibold">Last modified</legend>
						<div className="mt-2 flex flex-wrap gap-2">
							{(
								[
									['none', 'None'],
									['today', 'Today'],
								] as const
							).map(([id, label]) => (
								<RadioPill key={id} name="lastmod" id={`sitemap-lastmod-${id}`} value={id} checked={options.lastmod === id} onChange={() => setOption('lastmod', id)}>
									{label}
								</RadioPill>
							))}
						</div>
					</fieldset>
				</div>
				<p className="form-help">Change frequency, priority and last modified apply to rows without their own (CSV columns win).</p>
				<div className="mt-4 max-w-xl">
					<label htmlFor="sitemap-base-url" className="form-label">
						Base URL <span className="font-normal text-muted">(optional)</span>
					</label>
					<input
						id="sitemap-base-url"
						name="baseUrl"
						type="text"
						inputMode="url"
						className="form-input"
						value={options.baseUrl}
						maxLength={2048}
						placeholder="https://example.com"
						autoComplete="off"
						spellCheck={false}
						aria-describedby="sitemap-base-url-hint"
						onChange={(event) => setOption('baseUrl', event.target.value)}
					/>
					<p id="sitemap-base-url-hint" className="form-help">
						Relative paths such as /about are resolved against it, and every URL must be on its host.
					</p>
				</div>
			</fieldset>

			<fieldset className="mt-6 hidden group-has-[#sitemap-mode-validate:checked]/sitemap:block" data-testid="sitemap-validate-options">
				<legend className="font-semibold">Validate</legend>
				<div className="mt-3 max-w-xl">
					<label htmlFor="sitemap-site-url" className="form-label">
						Site URL <span className="font-normal text-muted">(optional)</span>
					</label>
					<input
						id="sitemap-site-url"
						name="siteUrl"
						type="text"
						inputMode="url"
						className="form-input"
						value={options.siteUrl}
						maxLength={2048}
						placeholder="https://example.com/sitemap.xml"
						autoComplete="off"
						spellCheck={false}
						aria-describedby="sitemap-site-url-hint"
						onChange={(event) => setOption('siteUrl', event.target.value)}
					/>
					<p id="sitemap-site-url-hint" className="form-help">
						Every URL must be on its host and scheme, and under its folder. Empty: the first URL sets the host.
					</p>
				</div>
			</fieldset>
		</>
	)
}
